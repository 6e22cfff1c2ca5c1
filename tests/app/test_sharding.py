"""Several bot processes over one database (issue 14 §6): two `python bot.py` processes, each
running one of two shards, connect to the loopback Discord and share one state database
(SQLite file here; PostgreSQL too when TEST_DATABASE_URL is set, as `.ci/run` does).

Discord routes a server's events to shard `(guild_id >> 22) % shard_count`: each process must
answer its own servers. Then both processes take commands for the same channel at once (as
during a shard handover) and no update may be lost.
"""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from console.loopback import GuildSpec, LoopbackDiscord
from console.parser import parse
from console.payloads import base_payload, command_data
from tests.db.conftest import BACKENDS, fresh_postgres

ROOT = Path(__file__).resolve().parents[2]
GUILDS = (GuildSpec(10 << 22, (10 << 22 | 1,)), GuildSpec(11 << 22, (11 << 22 | 1,)))   # shards 0 and 1 of 2
OWNER = "Хозяин"
DAMAGE_COMMANDS = 40

pytestmark = pytest.mark.slow


def bot_process(server: LoopbackDiscord, db_url: str, cache: str, *args: str, shard: int | None = None):
    env = dict(os.environ, DISCORD_TOKEN="loopback-token", REFEREE_DISCORD_API_BASE=server.api_base,
               REFEREE_DISCORD_GATEWAY_URL=server.gateway_url, REFEREE_DATABASE_URL=db_url,
               REFEREE_RULES_CACHE_DIR=cache, REFEREE_LOGGING_LEVEL="WARNING")
    if shard is not None:
        env.update(REFEREE_DISCORD_SHARD_COUNT="2", REFEREE_DISCORD_SHARD_IDS=str(shard))
    return subprocess.Popen([sys.executable, "bot.py", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(params=BACKENDS)
async def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    return await fresh_postgres()


async def test_two_processes_serve_their_shards_and_lose_no_update(tmp_path, db_url, rules_cache):
    server = LoopbackDiscord(list(GUILDS), tmp_path / "files")
    await asyncio.to_thread(server.start)
    processes = []
    try:
        # The commands as Discord stores them, to build interactions from typed lines.
        sync = bot_process(server, db_url, rules_cache, "--sync", "global")
        assert await asyncio.to_thread(sync.wait, 120) == 0, sync.stderr.read()
        commands = server.commands[None]

        def interaction(guild: GuildSpec, line: str) -> dict:
            payload = base_payload(2, guild_id=guild.id, channel_id=guild.channel_ids[0], user=OWNER,
                                   moderator=False, locale="en-US")
            payload["data"] = command_data(parse(line, commands), server.attach)
            return payload

        processes = [bot_process(server, db_url, rules_cache, shard=shard) for shard in (0, 1)]
        await server.wait_connected(2, timeout=120)
        shard_of_session = {number: shard for number, (shard, count) in (await server.sessions()).items()}
        assert sorted(shard_of_session.values()) == [0, 1]

        # Each server's commands go to the process running its shard, and are answered there.
        for guild, shard in zip(GUILDS, (0, 1)):
            for line in ("/game start game:epic side:A", "/unit add B 1000 side:A"):
                outcome = await server.interact(interaction(guild, line))
                assert outcome.acked and shard_of_session[outcome.session] == shard

        # Both processes change one unit of one channel at once: every change lands.
        sends = [server.send(interaction(GUILDS[0], "/damage unit:B amount:1"), via=number)
                 for number in list(shard_of_session) * (DAMAGE_COMMANDS // 2)]
        sent = await asyncio.gather(*sends)
        outcomes = [await server.outcome(s.interaction_id) for s in sent]
        assert all(o.acked for o in outcomes)
        assert {o.session for o in outcomes} == set(shard_of_session)
        await asyncio.sleep(0.5)   # the last followups write after their acknowledgement

        engine = create_async_engine(db_url)
        async with engine.connect() as conn:
            rows = (await conn.execute(sa.text(
                "SELECT g.guild_id, u.\"values\" FROM units u JOIN games g ON g.id = u.game_id "
                "WHERE u.name = 'B' AND g.ended_at IS NULL ORDER BY g.guild_id"))).all()
        await engine.dispose()
        values = [(guild, v if isinstance(v, dict) else __import__("json").loads(v)) for guild, v in rows]
        # Epic: each unit lost is also a Blast Marker (epic.md L127).
        assert values == [(GUILDS[0].id, {"units_lost": DAMAGE_COMMANDS, "blast_markers": DAMAGE_COMMANDS}),
                          (GUILDS[1].id, {})]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            _, errors = await asyncio.to_thread(process.communicate, timeout=30)
            assert "Traceback" not in errors, errors[-3000:]
        await asyncio.to_thread(server.stop)
