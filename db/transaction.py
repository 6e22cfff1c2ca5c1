"""Running one command as one transaction on one game, on SQLite or PostgreSQL.

A `GameTransaction` is the work of one command on one game's rows: it loads units on demand,
remembers their state before, and at the end writes the changed rows and the event that
records who, when, what was asked, what the game's rules said and the before/after of every
row touched (what `/undo` restores).

Writes to one game are serialized. SQLite takes the write lock up front (BEGIN IMMEDIATE) and
the process runs each transaction whole, without yielding to the event loop in between;
PostgreSQL locks the game's row FOR UPDATE, and writers to one channel queue in the process
before taking a connection. So two players changing the same unit at the same moment never
lose an update, even through two processes (tests/app/test_sharding.py)."""
from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from db.codec import Row, game_view, msg_to_json, now, state_from_row, state_from_snapshot, unit_snapshot, unit_view
from db.export_model import NAME_LIMIT
from db.schema import events, games, units
from db.views import Actor, AppliedResult, UnitChange, clean_text, fold
from games.state_base import StateRules, UnitState, rules_for, settings_for
from i18n import Msg, UserError

T = TypeVar("T")

# The hot path's statements, built once: SQLAlchemy caches their compiled form, and building a
# statement per call (bind parameters, cache keys) cost more than SQLite running it.
_B = sa.bindparam
SELECT_LIVE_GAME = sa.select(games).where(games.c.guild_id == _B("guild_id"), games.c.channel_id == _B("channel_id"),
                                          games.c.ended_at.is_(None))
SELECT_LIVE_GAME_LOCKED = SELECT_LIVE_GAME.with_for_update()
SELECT_UNIT_BY_KEY = sa.select(units).where(units.c.game_id == _B("game_id"), units.c.name_key == _B("key"))
SELECT_UNITS = sa.select(units).where(units.c.game_id == _B("game_id")).order_by(units.c.id)
UPDATE_UNIT = sa.update(units).where(units.c.id == _B("unit_id"))
INSERT_EVENT = sa.insert(events)

GAME_FIELDS = ("name", "owner_id", "owner_name", "players", "settings", "turn", "phase", "active_side")


def live_row(conn: Connection, guild_id: int, channel_id: int, *, lock: bool = False) -> Any:
    """The channel's live game row, or None."""
    query = SELECT_LIVE_GAME_LOCKED if lock else SELECT_LIVE_GAME
    return conn.execute(query, {"guild_id": guild_id, "channel_id": channel_id}).first()


def require_row(conn: Connection, guild_id: int, channel_id: int, *, lock: bool = False) -> Any:
    """The channel's live game row, or a UserError that says how to start one."""
    row = live_row(conn, guild_id, channel_id, lock=lock)
    if row is None:
        raise UserError("state.error.no_game", example="state.example.game_start")
    return row


def inserted_id(result: sa.CursorResult) -> int:
    """The id of the row an INSERT just made."""
    key = result.inserted_primary_key
    assert key is not None, "an INSERT of one row has its key"
    return int(key[0])


def insert_event(conn: Connection, game_id: int, actor: Actor, kind: str, summary: Msg,
                 messages: list[Msg] | None = None, payload: dict | None = None,
                 diff: dict[str, Any] | None = None) -> int:
    result = conn.execute(INSERT_EVENT, dict(
        game_id=game_id, kind=kind, actor_id=actor.user_id, actor_name=actor.name[:NAME_LIMIT],
        created_at=now(), summary=msg_to_json(summary), messages=[msg_to_json(m) for m in messages or ()],
        payload=payload, diff=diff or {"units": [], "game": {}}, undone_at=None, undone_by=None))
    return inserted_id(result)


class GameTransaction:
    """One command's work on one game's rows, written at `finish`."""

    def __init__(self, conn: Connection, row: Any) -> None:
        self.conn = conn
        self.row = row
        self.game = game_view(row)
        self.rules: StateRules = rules_for(self.game.system)
        self.settings = settings_for(self.game.system, self.game.settings)
        self.fields: dict[str, Any] = {f: getattr(row, f) for f in GAME_FIELDS}
        self._before_fields = dict(self.fields)
        self.units: dict[int, UnitState] = {}
        self.before: dict[int, dict[str, Any] | None] = {}
        self.removed: set[int] = set()
        self._all_loaded = False

    # units
    def _remember(self, rows: Any) -> None:
        for row in rows:
            if row.id not in self.units and row.id not in self.removed:
                state = state_from_row(row)
                self.units[row.id] = state
                self.before[row.id] = unit_snapshot(state)

    def all_units(self) -> list[tuple[int, UnitState]]:
        if not self._all_loaded:
            self._remember(self.conn.execute(SELECT_UNITS, {"game_id": self.game.id}).all())
            self._all_loaded = True
        return sorted(self.units.items())

    def find(self, name: str) -> tuple[int, UnitState] | None:
        key = fold(name)
        for unit_id, state in self.units.items():
            if fold(state.name) == key:
                return unit_id, state
        if self._all_loaded:
            return None
        row = self.conn.execute(SELECT_UNIT_BY_KEY, {"game_id": self.game.id, "key": key}).first()
        if row is None or row.id in self.removed:
            return None
        self._remember([row])
        return row.id, self.units[row.id]

    def unit(self, name: str) -> tuple[int, UnitState]:
        found = self.find(name)
        if found is None:
            raise UserError("state.error.unknown_unit", example="state.example.unit_list", unit=clean_text(name))
        return found

    def create(self, state: UnitState) -> int:
        if self.find(state.name) is not None:
            raise UserError("state.error.unit_exists", example="state.example.unit_rename", unit=state.name)
        return self.insert(state)

    def insert(self, state: UnitState) -> int:
        result = self.conn.execute(sa.insert(units).values(
            game_id=self.game.id, name_key=fold(state.name), **unit_snapshot(state)))
        unit_id = inserted_id(result)
        self.units[unit_id] = state
        self.before[unit_id] = None
        return unit_id

    def remove(self, unit_id: int) -> None:
        self.units.pop(unit_id)
        self.removed.add(unit_id)

    # game
    def set_field(self, name: str, value: Any) -> None:
        self.fields[name] = value
        self.game = game_view(Row({**self.row._mapping, **self.fields}))

    def finish(self, actor: Actor, kind: str, summary: Msg, messages: list[Msg],
               payload: dict | None) -> AppliedResult:
        diff_units: list[dict[str, Any]] = []
        changes: list[UnitChange] = []
        for unit_id, before in self.before.items():
            after_state = None if unit_id in self.removed else self.units[unit_id]
            after = None if after_state is None else unit_snapshot(after_state)
            if before == after:
                continue
            if after is None:
                self.conn.execute(sa.delete(units).where(units.c.id == unit_id))
            elif before is not None:
                self.conn.execute(UPDATE_UNIT, {"unit_id": unit_id, "name_key": fold(after["name"]), **after})
            shown = after if after is not None else before
            assert shown is not None          # equal before and after (both None) were skipped
            diff_units.append({"id": unit_id, "before": before, "after": after})
            changes.append(UnitChange(
                shown["name"],
                None if before is None else unit_view(unit_id, state_from_snapshot(before)),
                None if after is None else unit_view(unit_id, state_from_snapshot(after))))
        game_diff = {}
        changed = {f: v for f, v in self.fields.items() if v != self._before_fields[f]}
        if changed:
            self.conn.execute(sa.update(games).where(games.c.id == self.game.id).values(**changed))
            game_diff = {"before": {f: self._before_fields[f] for f in changed}, "after": changed}
        event_id = insert_event(self.conn, self.game.id, actor, kind, summary, messages, payload,
                                {"units": diff_units, "game": game_diff})
        return AppliedResult(event_id, self.game, tuple(changes), tuple(messages), summary)


class Runner(Protocol):
    """Runs synchronous work on one connection as a read or as a write transaction."""

    async def read(self, fn: Callable[[Connection], T]) -> T: ...
    async def write(self, fn: Callable[[Connection], T], key: tuple[int, int]) -> T: ...
    async def close(self) -> None: ...


class SqliteRunner:
    """SQLite: the whole transaction runs right on the event loop when the database is free
    (under a millisecond: WAL, no fsync per commit, no thread hop, and nothing else of ours can
    interleave), or on the writer thread, waiting for the lock, when another process holds it.
    The GIL makes a thread hop per command cost more than the command."""

    def __init__(self, engine: Engine, fast: Engine) -> None:
        self.engine = engine            # waits for a lock another process holds
        self.fast = fast                # fails at once when the database is locked
        # Kept open: only the event loop's thread uses them, one transaction at a time.
        self._fast_read = fast.connect()
        self._fast_write = fast.connect().execution_options(sqlite_immediate=True)
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="state-write")

    @staticmethod
    def _waiting(engine: Engine, fn: Callable[[Connection], T], write: bool) -> T:
        with engine.connect() as conn:
            if write:
                conn.execution_options(sqlite_immediate=True)
            with conn.begin():
                return fn(conn)

    async def _run(self, fn: Callable[[Connection], T], write: bool) -> T:
        conn = self._fast_write if write else self._fast_read
        try:
            with conn.begin():
                return fn(conn)
        except (OperationalError, sqlite3.OperationalError) as exc:   # BEGIN goes to sqlite3 directly
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
        return await asyncio.get_running_loop().run_in_executor(self._writer, self._waiting, self.engine, fn, write)

    async def read(self, fn: Callable[[Connection], T]) -> T:
        return await self._run(fn, False)

    async def write(self, fn: Callable[[Connection], T], key: tuple[int, int]) -> T:
        return await self._run(fn, True)

    async def close(self) -> None:
        self._writer.shutdown(wait=True)
        self._fast_read.close()
        self._fast_write.close()
        self.fast.dispose()
        self.engine.dispose()


class PostgresRunner:
    """PostgreSQL: the work runs inside the async engine's greenlet (`run_sync`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._channel_locks: dict[tuple[int, int], tuple[asyncio.Lock, list[int]]] = {}

    async def read(self, fn: Callable[[Connection], T]) -> T:
        async with self.engine.connect() as conn:
            return await conn.run_sync(fn)

    async def write(self, fn: Callable[[Connection], T], key: tuple[int, int]) -> T:
        # Writers to one channel queue here, in this process, before taking a connection, so
        # waiting on the game's row lock (FOR UPDATE, which still orders other processes)
        # doesn't tie up the pool that other channels need.
        lock, waiting = self._channel_locks.setdefault(key, (asyncio.Lock(), [0]))
        waiting[0] += 1
        try:
            async with lock:
                async with self.engine.begin() as conn:
                    return await conn.run_sync(fn)
        finally:
            waiting[0] -= 1
            if waiting[0] == 0:
                self._channel_locks.pop(key, None)

    async def close(self) -> None:
        await self.engine.dispose()
