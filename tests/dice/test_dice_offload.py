"""Rolls whose exact chances may take long are computed in a worker (issue 14 §3): the
interaction is deferred at once, and the dice are exactly those the same seeded roller gives
on the event loop, continuing the same sequence afterwards."""
from __future__ import annotations

import dice
from cogs.dice._cog import roll_embed
from dice import Roller
from tests.conftest import SEED


def test_keep_groups_explosions_and_big_pools_are_heavy_and_plain_pools_are_not():
    assert dice.is_heavy("3d128kh2") and dice.is_heavy("6d6e6") and dice.is_heavy("1000d6")
    assert not dice.is_heavy("10к6 4+ rr1") and not dice.is_heavy("2d6<=8") and not dice.is_heavy("20d6")


async def test_a_heavy_roll_is_deferred_and_rolls_what_the_loop_would(console):
    expected = Roller.seeded(SEED)
    heavy = dice.roll("3d128kh2", roller=expected)
    light = dice.roll("3d6", roller=expected)
    [first] = await console.run("/roll 3d128kh2", locale="en")
    [second] = await console.run("/roll 3d6", locale="en")
    for reply, result in ((first, heavy), (second, light)):
        sent = (await console.server.message(reply.message_id)).payload()["embeds"][0]
        wanted = roll_embed(result, "en", console.user, None).to_dict()
        assert [sent[k] for k in ("title", "fields")] == [wanted[k] for k in ("title", "fields")]
    assert heavy.probability is not None       # computed in time, in the worker


def test_past_its_budget_a_roll_shows_its_dice_without_chances():
    result = dice.roll("3d128kh2", roller=Roller.seeded(1), exact=False)
    assert result.probability is None and [n.key for n in result.notes] == ["dice.note.odds_too_slow"]
    assert result.total == dice.roll("3d128kh2", roller=Roller.seeded(1)).total
