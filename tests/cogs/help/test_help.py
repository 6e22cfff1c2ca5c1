"""/help: an overview, every area's commands, and examples that really run, in order, in an
empty channel: each game's setup lines, then every example, in both languages (issue 10 §3)."""
from __future__ import annotations

import pytest

import i18n
from cogs.help._cog import area_of, example, leaf_commands, setup_lines
from games.registry import GAMES

ERROR_TITLES = {i18n.tr(key, locale) for key in ("common.error_title", "console.interaction_failed") for locale in ("ru", "en")}
SET_UP_BY = ("game start",)     # run as the game's setup lines


async def test_overview_in_english(console):
    [overview] = await console.run("/help", locale="en")
    assert overview.ephemeral
    lines = overview.text.splitlines()
    assert lines[1:3] == ["━━ Referee bot help ━━", i18n.tr("help.intro", "en")]
    assert lines[3:8] == ["▸ Dice", "  `/roll 10d6 4+ rr1`", "▸ Rules", "  `/rule blast markers`", "  `/rules epic`"]
    assert lines[8:13] == ["▸ The channel's game", '  `/game start epic name:"Battle for the bridge" side:Imperium`',
                           '  `/unit add "Tactical Detachment" 8`', "  `/unit add Boyz 6 side:Orks`", "  `/undo`"]
    area = next(c for c in overview.controls if c.label.startswith("Combat: Epic"))
    [page] = await console.press(overview, area.number, locale="en")
    assert page.text.splitlines()[1] == "━━ Referee bot help · Combat: Epic: Armageddon ━━"
    assert "**/shoot epic**" in page.text and "**/roll**" not in page.text


async def test_overview_speaks_russian_with_russian_command_names(console):
    [overview] = await console.run("/помощь", locale="ru")
    lines = overview.text.splitlines()
    assert lines[3:8] == ["▸ Кубики", "  `/бросок 10к6 4+ переброс единиц`", "▸ Правила", "  `/правило бласты`",
                          "  `/правила эпик`"]


async def test_the_channels_game_leads_the_examples(console):
    await console.run("/game start game:hh side:Loyalists", locale="en")
    [overview] = await console.run("/help", locale="en")
    assert "  `/rule reactions`" in overview.text.splitlines()
    area = next(c for c in overview.controls if c.label.startswith("The channel's game"))
    [page] = await console.press(overview, area.number, locale="en")
    assert "`/damage Tacticals 1`" in page.text


@pytest.mark.parametrize("locale", ["ru", "en"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_example_runs_in_order_in_an_empty_channel(console, game, locale):
    commands = list(leaf_commands(console.bot.tree))
    lines = setup_lines(game, locale) + [
        shown for command in commands
        if command.qualified_name not in SET_UP_BY and area_of(command) in (game, *[a for a in [area_of(command)]
                                                                                      if a not in GAMES])
        for shown in [example(command, locale, game)] if shown]
    assert lines[0].startswith(("/game start", "/игра старт"))
    failures = []
    for line in lines:
        for reply in await console.run(line, locale=locale):
            if reply.ephemeral and any(e.get("title") in ERROR_TITLES for e in reply.embeds):
                failures.append(f"{line}: {reply.text}")
    assert not failures, "\n\n".join(failures)
