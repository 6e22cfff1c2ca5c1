"""Putting a procedure's state changes onto the channel's game as ONE undoable event.

    applied = await apply_result(interaction, result)   # db.AppliedResult, or None

Nothing is applied (None) when the channel has no game of the result's system, when the
result changes nothing, when none of the units it names are tracked, or when the unit whose
own test it is (`result.acting`) belongs to a side the player doesn't play — then the reply
shows the dice and says why. Changes to units the game doesn't know are dropped; the others go together.
"""
from __future__ import annotations

import discord

from cogs._common import actor_of, channel_key
from cogs.combat._options import channel_game, store_of
from games.procedure import ProcedureResult
from i18n import Msg


async def apply_result(interaction: discord.Interaction, result: ProcedureResult, *, payload: dict | None = None,
                       own_side: bool = False):
    store = store_of(interaction)
    if store is None or not result.changes:
        return None
    game = await channel_game(interaction, result.game)
    if game is None:
        return None
    guild_id, channel_id = channel_key(interaction)
    known: dict[str, bool] = {}
    for change in result.changes:
        if change.unit not in known:
            known[change.unit] = await store.find_unit(guild_id, channel_id, change.unit) is not None
    changes = [c for c in result.changes if known[c.unit]]
    if not changes:
        return None
    from db import Actor, may_edit_side   # imported here so the cogs load even before the store exists

    actor = Actor(*actor_of(interaction))
    for name in result.acting:
        unit = await store.find_unit(guild_id, channel_id, name)
        if unit is not None and not may_edit_side(game, actor, unit.side):
            # Anyone may roll a formation's test; only its side (or the owner, a moderator) records it.
            result.notes.append(Msg.of("combat_shared.note.not_your_side", unit=unit.name, side=unit.side))
            return None
    if own_side:    # only the units' own side may apply (db/store.py change_units)
        return await store.change_units(guild_id, channel_id, actor, changes, result.title, kind=result.procedure,
                                        payload=payload or {"procedure": result.procedure, "game": result.game})
    return await store.apply_changes(guild_id, channel_id, actor, changes, result.title,
                                     payload=payload or {"procedure": result.procedure, "game": result.game})
