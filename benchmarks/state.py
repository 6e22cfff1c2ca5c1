"""State benchmark: the store under concurrent `/blast add` and `/damage` (db.StateStore).

    .venv/bin/python benchmarks/state.py                      # SQLite (temporary file)
    .venv/bin/python benchmarks/state.py --pg URL             # and PostgreSQL
    TEST_DATABASE_URL=… .venv/bin/python benchmarks/state.py  # same, from the environment

Two scenarios, each with CHANNELS × CLIENTS concurrent clients (100 × 10 by default), every
client sending COMMANDS commands one after another, alternating a blast marker on formation A
and a unit lost on B (an Epic game per channel, formations big enough never to break):
  * spread  — every channel has its own game and its own 10 clients;
  * single  — the same clients all on one channel.
Prints commands/s (wall clock, and per CPU-second of this process), p50/p99/mean latency, and checks that no update was lost (A's markers and
B's losses equal the commands sent). The target is ≥ 500 commands/s on SQLite.

Each command is what the cogs call for `/blast add` and `/damage`: one `change_units`
transaction with its event. The whole bot, Discord's side included, is measured by
benchmarks/gateway.py.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import db  # noqa: E402
from games.epic.tracks import BLAST_MARKERS, UNITS_LOST  # noqa: E402
from games.procedure import StateChange  # noqa: E402
from games.registry import check_all  # noqa: E402
from i18n import Msg, UserError  # noqa: E402

GUILD = 1
OWNER = db.Actor(1, "alice")
BIG = 10_000


class Bench:
    """One store on one database, taking commands for any channel."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.errors = 0

    async def start(self) -> None:
        check_all()
        self.store = await db.open_store(self.url)

    async def close(self) -> None:
        await self.store.close()

    async def command(self, blast: bool, channel: int) -> float:
        """One command's transaction in `channel`; its wall time in seconds."""
        # Epic's /damage: a unit lost and, for the casualty, a Blast Marker (epic L127)
        changes = ([StateChange("A", BLAST_MARKERS, "add", 1)] if blast else
                   [StateChange("B", UNITS_LOST, "add", 1), StateChange("B", BLAST_MARKERS, "add", 1)])
        started = time.perf_counter()
        try:
            await self.store.change_units(GUILD, channel, OWNER, changes, Msg.of("state.event.damage", unit=changes[0].unit, n=1))
        except UserError:
            self.errors += 1
        return time.perf_counter() - started

    async def prepare(self, channel: int) -> None:
        await self.store.start_game(GUILD, channel, OWNER, "epic", side="Imperium")
        for name in ("A", "B"):
            await self.store.add_unit(GUILD, channel, OWNER, name, BIG)

    async def counts(self, channel: int) -> tuple[int, int, int]:
        a = await self.store.find_unit(GUILD, channel, "A")
        b = await self.store.find_unit(GUILD, channel, "B")
        assert a is not None and b is not None
        return a.value(BLAST_MARKERS), b.value(UNITS_LOST), b.value(BLAST_MARKERS)


async def scenario(bench: Bench, name: str, channels: list[int], clients: int, commands: int) -> dict:
    latencies: list[float] = []

    async def client(channel: int, index: int) -> None:
        for i in range(commands):
            latencies.append(await bench.command((i + index) % 2 == 0, channel))

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
    bench = Bench(url)
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
