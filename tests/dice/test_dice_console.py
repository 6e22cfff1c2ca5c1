"""/roll from the command line: `python bot.py --console -c "/roll …"` prints the replies."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_console(tmp_path, *commands, locale="ru"):
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_") and k != "DISCORD_TOKEN"}
    env["REFEREE_DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'referee.db'}"
    args = [sys.executable, str(ROOT / "bot.py"), "--console", "--locale", locale]
    for command in commands:
        args += ["-c", command]
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_console_roll_pool_with_reroll(tmp_path):
    out = run_console(tmp_path, "/roll 10к6 4+ rr1")
    assert "🎲 10d6 4+ rr1" in out
    assert "из 10 кубиков на 4+" in out
    assert "Шанс хотя бы" in out


def test_console_roll_epic_seven_plus_and_error(tmp_path):
    out = run_console(tmp_path, "/roll 20d6 7+ game:epic", "/roll 2d6 +", locale="en")
    seven, error = out.split("only you can see this")[0], out
    assert "at 7+ (6, 4+)" in seven
    assert "7+ by Epic: Armageddon's rule: a 6, then 4+ (Epic L386–394)." in seven
    assert "only you can see this" in error
    assert "column" in error and "Example" in error
