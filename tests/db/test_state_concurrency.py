"""No lost update: many writers on one formation, in one process and across processes; and a
killed writer leaves a whole database."""
from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import db
from state_helpers import ALICE, BOB, CHANNEL, GUILD
from games.procedure import StateChange
from i18n import Msg

WORKER = Path(__file__).with_name("state_worker.py")
BIG = 10_000        # a formation too big to break, so every marker stays on it


async def big_epic_game(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "epic", side="Imperium")
    await store.join(GUILD, CHANNEL, BOB, "Orks")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Tactical", BIG)
    await store.add_unit(GUILD, CHANNEL, BOB, "Boyz", BIG)


async def test_200_concurrent_blast_markers_leave_exactly_200(store):
    await big_epic_game(store)

    async def one(i: int):
        actor = (ALICE, BOB)[i % 2]          # two players at the same moment
        await store.apply_changes(GUILD, CHANNEL, actor, [StateChange("Tactical", "blast_markers", "add", 1)],
                                  Msg.of("state.event.combat"))
    await asyncio.gather(*(one(i) for i in range(200)))
    assert (await store.find_unit(GUILD, CHANNEL, "Tactical")).value("blast_markers") == 200
    assert len(await store.history(GUILD, CHANNEL, 500)) == 200 + 4


async def test_200_concurrent_commands_through_the_command_tree(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    await console.run(f"/unit add name:Tactical size:{BIG}", locale="en", user="alice")
    await console.run("/game join side:Orks", locale="en", user="bob")
    await asyncio.gather(*(console.run("/blast add formation:Tactical", locale="en", user="alice") for _ in range(200)))
    (reply,) = await console.run("/unit list", locale="en", user="bob")
    assert f"blast markers 200/{BIG}" in reply.text


async def test_writers_in_separate_processes_lose_nothing(db_url):
    """Several bot processes on one database (BEGIN IMMEDIATE on SQLite, the game's row lock on
    PostgreSQL, not just this process's own queueing): four processes × 50 commands."""
    store = await db.open_store(db_url)
    await big_epic_game(store)
    procs = [await asyncio.create_subprocess_exec(sys.executable, str(WORKER), db_url, "50",
                                                  stdout=asyncio.subprocess.DEVNULL) for _ in range(4)]
    assert [await asyncio.wait_for(p.wait(), 120) for p in procs] == [0, 0, 0, 0]
    for name in ("Tactical", "Boyz"):
        assert (await store.find_unit(GUILD, CHANNEL, name)).value("blast_markers") == 200
    assert len(await store.history(GUILD, CHANNEL, 1000)) == 200 + 4
    await store.close()


def test_sigkill_mid_burst_leaves_only_whole_commands(tmp_path):
    path = tmp_path / "killed.db"
    url = f"sqlite+aiosqlite:///{path}"

    async def setup():
        store = await db.open_store(url)
        await big_epic_game(store)
        await store.close()
    asyncio.run(setup())
    worker = subprocess.Popen([sys.executable, str(WORKER), url, "0"], stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        done = 0
        while done < 150 and time.monotonic() < deadline:     # wait until it is mid-burst
            done = int(worker.stdout.readline() or 0)
        assert done >= 150
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        events = conn.execute("SELECT count(*) FROM events WHERE kind = 'blast'").fetchone()[0]
        values = [row[0] for row in conn.execute("SELECT \"values\" FROM units ORDER BY id")]
    assert events >= done
    # Every committed command moved both units and wrote its event; none did half of it.
    assert values == [f'{{"blast_markers": {events}}}'] * 2

    async def reopen():    # and the store opens it again and carries on
        store = await db.open_store(url)
        unit = await store.find_unit(GUILD, CHANNEL, "Boyz")
        await store.close()
        return unit.value("blast_markers")
    assert asyncio.run(reopen()) == events
