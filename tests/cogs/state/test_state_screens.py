"""/history, /unit list and /game status page with buttons that work after a restart, for
anyone in the channel (issue 14 §7: /history limit:25 with long names pages, never cut)."""
from __future__ import annotations

import pytest

from console import ConsoleSession
from console.loopback import GuildSpec, LoopbackDiscord
from dice import Roller

LONG = "Отряд с очень длинным названием, которое занимает почти всю строку истории, номер {:02d} " + "ж" * 10


@pytest.fixture
def discord_server(config):
    server = LoopbackDiscord([GuildSpec(config.console_guild_id, (config.console_channel_id,))],
                             config.console_files_dir).start()
    yield server
    server.stop()


def _next(reply):
    return next(c for c in reply.controls if c.label.endswith("▶"))


async def test_history_of_25_long_entries_pages_after_a_restart(config, discord_server):
    first = await ConsoleSession(config, roller=Roller.seeded(1), server=discord_server).start()
    await first.run("/game start game:epic side:Imperium", locale="en", user="alice")
    for i in range(13):
        await first.run(f'/unit add "{LONG.format(i)}" 4', locale="en", user="alice")
    for i in range(12):       # a rename names the unit twice: 25 entries well over 4096 characters
        await first.run(f'/unit rename "{LONG.format(i)}" "{LONG.format(i + 13)}"', locale="en", user="alice")
    [history] = await first.run("/history limit:25", locale="en", user="alice")
    status = (await first.run("/game status", locale="en", user="alice"))[-1]
    await first.close()
    assert "Page 1/2" in history.text and len(history.embeds[0]["description"]) <= 4096
    assert LONG.format(24) in history.text                                          # newest first

    second = await ConsoleSession(config, roller=Roller.seeded(1), server=discord_server).start()
    try:
        await second.run('/unit add "Новый" 4', locale="en", user="alice")           # after the first reply
        [page2] = await second.press(history, _next(history).number, locale="ru", user="bob")
        assert page2.message_id == history.message_id and "Стр. 2/2" in page2.text
        assert "Новый" not in page2.text                                            # the same 25 events
        entries = [line for reply in (history, page2) for line in reply.embeds[0]["description"].splitlines()]
        assert len(entries) == 25 and all(line.startswith("`#") for line in entries)
        assert entries[-1].startswith("`#2` ")                  # #1 (game start) is the 26th
        assert not status.controls            # one page: nothing to press
        [units] = await second.run("/unit list", locale="en", user="bob")
        assert units.embeds[0]["title"] == "Units (14)"
    finally:
        await second.close()
