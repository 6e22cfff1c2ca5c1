#!/usr/bin/env python3
"""The README's two commands, for a fresh machine with only Python 3.11+:

    python3 scripts/dev.py run  [bot.py options]   # install, then start the bot (console without a token)
    python3 scripts/dev.py test [pytest options]   # install with test tools, then run the whole suite

It makes `.venv/` beside the project and installs the dependencies listed in pyproject.toml
pinned by constraints.txt (reproducible); `pip install .` installs the same list. Installs are
skipped when nothing they depend on has changed.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def requirements(with_tests: bool) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = list(project["dependencies"])
    if with_tests:
        found += project["optional-dependencies"]["test"]
    return found


def ensure_installed(with_tests: bool) -> Path:
    if sys.version_info < (3, 11):
        sys.exit("Python 3.11 or newer is needed (this is %d.%d)." % sys.version_info[:2])
    python = venv_python()
    if not python.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = requirements(with_tests)
    stamp = hashlib.sha256("\n".join([*wanted, (ROOT / "constraints.txt").read_text()]).encode()).hexdigest()
    marker = VENV / (".installed-test" if with_tests else ".installed")
    if not marker.exists() or marker.read_text() != stamp:
        print("Installing dependencies into .venv …", flush=True)
        pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "-c", str(ROOT / "constraints.txt"), *wanted], check=True)
        marker.write_text(stamp)
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = ensure_installed(with_tests=command == "test")
    if command == "run":
        args = [str(python), str(ROOT / "bot.py"), *rest]
    else:
        # on every core, at most four (each worker loads the rule index: ~600 MB); `-n 0` runs
        # in this process
        args = [str(python), "-m", "pytest", "-n", "auto", "--maxprocesses", "4", *rest]
    return subprocess.run(args, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
