"""/help: an overview, every area's commands, and examples that really run."""
from __future__ import annotations

import i18n
from cogs.help._cog import example, leaf_commands

ERROR_TITLES = {i18n.tr("common.error_title", "ru"), i18n.tr("common.error_title", "en")}

# The game the examples act on, started by the /game start example itself; the units they name.
SETUP = ['/game join Imperium', '/unit add "Tactical Detachment" 8', '/unit add "Тактическая рота" 8',
         '/unit add Boyz 6 side:Orks', '/unit add Бойзы 6 side:Orks']
FIRST = ("game start", "game join")


async def test_overview_then_an_area(console):
    [overview] = await console.run("/help", locale="en")
    assert overview.ephemeral
    assert "Referee bot help" in overview.text and "`/roll 10d6 4+ rr1`" in overview.text
    area = next(c for c in overview.controls if c.label.startswith("Combat: Epic"))
    [page] = await console.press(overview, area.number, locale="en")
    assert "**/shoot epic**" in page.text and "**/roll**" not in page.text


async def test_overview_speaks_russian_with_russian_command_names(console):
    [overview] = await console.run("/помощь", locale="ru")
    assert "Помощь бота-судьи" in overview.text and "`/бросок 10к6 4+ переброс единиц`" in overview.text


async def test_every_example_runs_without_an_error(console):
    failures = []
    commands = {c.qualified_name: c for c in leaf_commands(console.bot.tree)}
    for locale in ("ru", "en"):
        await console.run("/game end", locale="en")
        start = [example(commands[name], locale) for name in FIRST]
        rest = [example(c, locale) for name, c in commands.items() if name not in FIRST]
        for line in start + SETUP + [line for line in rest if line]:
            for reply in await console.run(line, locale=locale):
                if reply.ephemeral and any(e.get("title") in ERROR_TITLES for e in reply.embeds):
                    failures.append(f"{line}: {reply.text}")
    assert not failures, "\n\n".join(failures)
