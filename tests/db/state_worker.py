"""A separate process that writes to the store, for the concurrency and kill tests.

    python tests/db/state_worker.py URL COUNT     # COUNT commands (0 = until killed)

Each command adds one blast marker to "Tactical" and one to "Boyz" (two rows, one event) and
prints the number done after its commit."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import db  # noqa: E402
from games.procedure import StateChange  # noqa: E402
from i18n import Msg  # noqa: E402

GUILD, CHANNEL = 10, 20
ACTOR = db.Actor(1001, "alice")


async def main(url: str, count: int) -> None:
    store = await db.open_store(url)
    done = 0
    changes = [StateChange("Tactical", "blast_markers", "add", 1), StateChange("Boyz", "blast_markers", "add", 1)]
    while count == 0 or done < count:
        await store.change_units(GUILD, CHANNEL, ACTOR, changes, Msg.of("state.event.combat"), kind="blast")
        done += 1
        print(done, flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
