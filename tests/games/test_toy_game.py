"""A new game is one package (issue 9 §1): a toy game kept outside `games/` (a ten-line book,
one table, one procedure; tests/fixtures/toy_games/toy/) is found from `games.packages` alone and
every generic command works on it, with no edit to any other file."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from console import ConsoleSession
from dice import Roller
from games.registry import DEFAULT_PACKAGES, GAMES, configure

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
async def toy_console(config, tmp_path):
    sys.path.insert(0, str(FIXTURES))
    config.games_packages = ["toy_games"]
    config.rules_cache_dir = str(tmp_path / "toy_cache")
    session = ConsoleSession(config, locale="en", roller=Roller.seeded(7))
    try:
        await session.start()
        yield session
    finally:
        await session.close()
        configure(DEFAULT_PACKAGES)
        sys.path.remove(str(FIXTURES))


async def _text(console, line: str) -> str:
    [reply] = await console.run(line)
    return reply.text


async def test_the_toy_game_needs_no_edit_elsewhere(toy_console):
    assert list(GAMES) == ["toy"]
    started = await _text(toy_console, "/game start game:игрушка side:A")
    assert started.splitlines()[:3] == ["━━ Game started: Toy ━━", "**Toy** · owner Игрок1", "Turn 1 · phase: movement"]

    rolled = (await _text(toy_console, "/roll 2d6 game:toy")).splitlines()
    assert rolled[0].startswith("━━ 🎲 2d6 · Toy") and rolled[1] == "**2d6**: 3, 2"

    rule = (await _text(toy_console, "/rule luck game:toy")).splitlines()
    assert rule[:5] == ["━━ Бросок удачи (Luck roll) ━━", "> Бросьте один D6. На 4+ удача на вашей стороне.",
                        "📖 Toy: rules · lines 2–4", "", "Бросьте один D6. На 4+ удача на вашей стороне."]

    table = (await _text(toy_console, "/table toy hit")).splitlines()
    assert table[:6] == ["━━ Hit table ━━", "```", "Дистанция    │ Попадание", "────────────────────────",
                         "до 10 см     │ 3+", "дальше 10 см │ 5+"]

    luck = (await _text(toy_console, "/check toy luck 3")).splitlines()
    assert luck[:4] == ["━━ Luck roll ━━", "**Lucky: 2**", "▸ Luck (4+)", "  [**4**, **6**, 1] → 2 successes"]

    help_text = await _text(toy_console, "/help")
    assert "Combat: Toy — 1 command" in help_text


async def test_a_game_without_profiles_says_so(toy_console):
    """The toy game declares no profile: /unit add … profile: says so, in both languages."""
    await toy_console.run("/game start game:toy side:A", locale="en", user="alice")
    [reply] = await toy_console.run('/unit add Tactical 4 profile:"whatever"', locale="en", user="alice")
    assert reply.ephemeral and reply.text.splitlines()[2] == (
        'Toy has no unit profiles: add the unit without the "profile" option.')
    [ru] = await toy_console.run('/unit add Tactical 4 profile:"что-то"', locale="ru", user="alice")
    assert ru.ephemeral and ru.text.splitlines()[2] == "В игре Игрушка нет профилей отрядов: добавьте отряд без опции «профиль»."
