"""Players, channels and a ready-made game shared by the state tests."""
from __future__ import annotations

import db

ALICE = db.Actor(1001, "alice")
BOB = db.Actor(1002, "bob")
CAROL = db.Actor(1003, "carol")             # plays nothing
MOD = db.Actor(1004, "mod", is_moderator=True)
GUILD, CHANNEL, OTHER_CHANNEL, THREAD = 10, 20, 21, 22


async def epic_game(store, channel: int = CHANNEL):
    """alice (Imperium, owner) against bob (Orks), one formation each."""
    await store.start_game(GUILD, channel, ALICE, "epic", "test", side="Imperium")
    await store.join(GUILD, channel, BOB, "Orks")
    await store.add_unit(GUILD, channel, ALICE, "Tactical", 4)
    await store.add_unit(GUILD, channel, BOB, "Boyz", 6)
