"""Rolls whose exact chances may take long are computed in a worker (issue 14 §3): the
interaction is deferred at once, and the dice are exactly those the same seeded roller gives
on the event loop, continuing the same sequence afterwards."""
from __future__ import annotations

import dice
from cogs.dice._cog import roll_embed
from dice import Roller
from tests.conftest import SEED


def test_rolls_past_the_loops_work_budget_are_heavy_and_plain_pools_are_not():
    assert dice.is_heavy("+".join(["3d128kh2"] * 33)) and dice.is_heavy("1000d1000")
    assert not dice.is_heavy("10к6 4+ rr1") and not dice.is_heavy("2d6<=8") and not dice.is_heavy("20d6")


async def test_a_heavy_roll_is_deferred_and_rolls_what_the_loop_would(console):
    expected = Roller.seeded(SEED)
    heavy = dice.roll("1000d1000", roller=expected, work=dice.OFF_LOOP_WORK)
    light = dice.roll("3d6", roller=expected)
    [first] = await console.run("/roll 1000d1000", locale="en")
    [second] = await console.run("/roll 3d6", locale="en")
    for reply, result in ((first, heavy), (second, light)):
        sent = (await console.server.message(reply.message_id)).payload()["embeds"][0]
        wanted = roll_embed(result, "en", console.user, None).to_dict()
        assert [sent[k] for k in ("title", "fields")] == [wanted[k] for k in ("title", "fields")]
    assert heavy.probability is not None       # computed in time, in the worker
