"""State benchmark: `/blast add` and `/damage` through the real command tree.

    .venv/bin/python benchmarks/state.py                      # SQLite (temporary file)
    .venv/bin/python benchmarks/state.py --pg URL             # and PostgreSQL
    TEST_DATABASE_URL=… .venv/bin/python benchmarks/state.py  # same, from the environment

Two scenarios, each with CHANNELS × CLIENTS concurrent clients (100 × 10 by default), every
client sending COMMANDS commands one after another, alternating `/blast add formation:A` and
`/damage unit:B amount:1` (an Epic game per channel, formations big enough never to break):
  * spread  — every channel has its own game and its own 10 clients;
  * single  — the same clients all on one channel.
Prints commands/s (wall clock, and per CPU-second of this process), p50/p99/mean latency, and checks that no update was lost (A's markers and
B's losses equal the commands sent). The target is ≥ 500 commands/s on SQLite.

Commands are built by the console (`console/`) and run by `bot.tree` exactly as Discord's
gateway would; only the per-command wall time is measured here.
"""
from __future__ import annotations

import argparse
import asyncio
import contextvars
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402
from discord.webhook.async_ import async_context  # noqa: E402

from app.config import Config  # noqa: E402
from console import ConsoleSession  # noqa: E402
from console.parser import parse  # noqa: E402
from console.payloads import command_data  # noqa: E402
from dice import Roller  # noqa: E402

OWNER = "alice"
BIG = 10_000
_channel: contextvars.ContextVar[int] = contextvars.ContextVar("channel")


class Bench:
    """One bot on one database, sending commands to any channel."""

    def __init__(self, url: str, files: str) -> None:
        config = Config.load(environ={})
        config.database_url = url
        config.console_files_dir = files
        self.session = ConsoleSession(config, locale="en", roller=Roller.seeded(1))
        self.guild = config.console_guild_id
        self._data: dict[str, dict] = {}
        self.errors = 0

    async def start(self) -> None:
        await self.session.start()

    async def close(self) -> None:
        await self.session.close()

    async def command(self, line: str, channel: int) -> float:
        """Run one slash command in `channel` through the tree; its wall time in seconds."""
        session = self.session
        data = self._data.get(line)
        if data is None:
            data = self._data[line] = command_data(parse(line, session.commands), session.attachments)
        payload = session._payload(2, "en", OWNER)
        payload["channel_id"] = str(channel)
        payload["channel"] = {**payload["channel"], "id": str(channel)}
        payload["data"] = data
        async_context.set(session.adapter)
        started = time.perf_counter()
        interaction = discord.Interaction(data=payload, state=session.bot._connection)
        await session.bot.tree._call(interaction)
        elapsed = time.perf_counter() - started
        session.adapter.interactions.pop(int(payload["id"]), None)
        message = session.adapter.original.pop(int(payload["id"]), None)
        if message is None or message.ephemeral:       # errors are the only ephemeral replies here
            self.errors += 1
        session.adapter.take()
        return elapsed

    async def prepare(self, channel: int) -> None:
        for line in ("/game start game:epic side:Imperium", f"/unit add name:A size:{BIG}", f"/unit add name:B size:{BIG}"):
            await self.command(line, channel)

    async def counts(self, channel: int) -> tuple[int, int, int]:
        store = self.session.services.state
        a = await store.find_unit(self.guild, channel, "A")
        b = await store.find_unit(self.guild, channel, "B")
        return a.value("blast_markers"), b.value("units_lost"), b.value("blast_markers")


async def scenario(bench: Bench, name: str, channels: list[int], clients: int, commands: int) -> dict:
    latencies: list[float] = []

    async def client(channel: int, index: int) -> None:
        for i in range(commands):
            line = "/blast add formation:A" if (i + index) % 2 == 0 else "/damage unit:B amount:1"
            latencies.append(await bench.command(line, channel))

    errors_before = bench.errors
    started, cpu_started = time.perf_counter(), time.process_time()
    await asyncio.gather(*(client(ch, k) for ch in channels for k in range(clients)))
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    sent_blast = sum(1 for ch in channels for k in range(clients) for i in range(commands) if (i + k) % 2 == 0)
    sent_damage = len(channels) * clients * commands - sent_blast
    got = [await bench.counts(ch) for ch in set(channels)]
    lost = (sent_blast - sum(a for a, _, _ in got)) + (sent_damage - sum(b for _, b, _ in got)) \
        + (sent_damage - sum(c for _, _, c in got))
    latencies.sort()
    return {"scenario": name, "commands": len(latencies), "seconds": wall, "per_second": len(latencies) / wall,
            "per_cpu_second": len(latencies) / cpu, "mean_ms": statistics.fmean(latencies) * 1000,
            "p50_ms": statistics.median(latencies) * 1000, "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
            "lost_updates": lost, "errors": bench.errors - errors_before}


async def run_backend(label: str, url: str, channels: int, clients: int, commands: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as files:
        bench = Bench(url, files)
        await bench.start()
        try:
            base = 900_000_000_000_000_000 + int(time.time()) % 1_000_000 * 1000
            spread = [base + i for i in range(channels)]
            single = [base + channels] * channels
            warm = [base + channels + 1] * 10
            for channel in spread + single[:1] + warm[:1]:
                await bench.prepare(channel)
            await scenario(bench, "warm-up", warm, 10, 10)    # caches, compiled statements; not reported
            results = [await scenario(bench, f"{channels} channels × {clients} clients", spread, clients, commands),
                       await scenario(bench, f"1 channel × {channels * clients} clients", single, clients, commands)]
        finally:
            await bench.close()
    for row in results:
        row["backend"] = label
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--clients", type=int, default=10, help="concurrent clients per channel")
    parser.add_argument("--commands", type=int, default=5, help="commands each client sends")
    parser.add_argument("--sqlite", default=None, help="SQLite URL (default: a temporary file)")
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"), help="PostgreSQL URL (asyncpg)")
    args = parser.parse_args()

    async def go() -> list[dict]:
        rows = []
        with tempfile.TemporaryDirectory() as tmp:
            url = args.sqlite or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
            rows += await run_backend("sqlite", url, args.channels, args.clients, args.commands)
        if args.pg:
            rows += await run_backend("postgres", args.pg, args.channels, args.clients, args.commands)
        return rows

    rows = asyncio.run(go())
    print(f"{'backend':9} {'scenario':30} {'cmds':>6} {'cmd/s':>7} {'cmd/cpu-s':>9} {'p50 ms':>8} {'p99 ms':>9} "
          f"{'mean ms':>8} {'lost':>5} {'errors':>6}")
    for r in rows:
        print(f"{r['backend']:9} {r['scenario']:30} {r['commands']:6d} {r['per_second']:7.0f} {r['per_cpu_second']:9.0f} "
              f"{r['p50_ms']:8.1f} {r['p99_ms']:9.1f} {r['mean_ms']:8.1f} {r['lost_updates']:5d} {r['errors']:6d}")
    print("cmd/s is wall-clock throughput (the bot's single event loop, the client in the same process);"
          " cmd/cpu-s is commands per CPU-second of this process, which a busy machine doesn't skew."
          " PostgreSQL's CPU work is in its own server processes.")


if __name__ == "__main__":
    main()
