"""Each bot builds its own combat commands (issue 9 §2): two bots in one process share no
command object, so one's commands can never answer for the other."""
from __future__ import annotations

from console import ConsoleSession
from dice import Roller


async def test_two_bots_in_one_process_have_their_own_combat_groups(config):
    first = await ConsoleSession(config, roller=Roller.seeded(1)).start()
    second = await ConsoleSession(config, roller=Roller.seeded(2)).start()
    try:
        for name in ("shoot", "assault", "odds", "check"):
            mine, theirs = first.bot.tree.get_command(name), second.bot.tree.get_command(name)
            assert mine is not None and theirs is not None and mine is not theirs
            assert [c.name for c in mine.walk_commands()] == [c.name for c in theirs.walk_commands()]
            assert not {id(c) for c in mine.walk_commands()} & {id(c) for c in theirs.walk_commands()}
    finally:
        await second.close()
        await first.close()
