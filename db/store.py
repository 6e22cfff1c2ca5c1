"""The per-channel game state store.

Every command is one transaction and one event: the event records who, when, what was asked
(`summary`), what the game's rules said (`messages`) and the before/after of every row it
touched (`diff`), which is what `/undo` restores. Writes to one game are serialized: SQLite
takes the write lock up front (BEGIN IMMEDIATE) and the process runs each transaction whole,
without yielding to the event loop in between; PostgreSQL locks the game's row FOR UPDATE. So two players changing the same unit
at the same moment never lose an update.

Bad input and missing permissions raise `i18n.UserError`; the front end shows them.
"""
from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from db.export_model import (EXAMPLE, EXPORT_FORMAT, EXPORT_VERSION, NAME_LIMIT, PER_LIMIT,
                             SIZE_LIMIT, TURN_LIMIT, ExportModel, bad_import, validate_export)
from db.naming import listing, resolve
from db.engine import is_sqlite, make_engine, make_sync_sqlite_engine, migrate, migrate_sync
from db.schema import events, games, lookup_misses, units
from db.views import (Actor, AppliedResult, EventView, GameView, PlayerView, UnitChange, UnitView,
                      clean_text, fold)
from games.registry import GAMES
from games.house_rules import house_rules
from games.procedure import StateChange
from games.state_base import StateRules, UnitState, rules_for, settings_for
from i18n import Msg, UserError

T = TypeVar("T")
RESTORE_DAYS = 7        # an ended game can be brought back this long (issue 10 §2)


def _now() -> datetime:
    return datetime.now(timezone.utc)


# ---- Msg <-> JSON -------------------------------------------------------------------------
def msg_to_json(msg: Msg) -> dict[str, Any]:
    def value(v: Any) -> Any:
        return {"$msg": msg_to_json(v)} if isinstance(v, Msg) else v
    return {"key": msg.key, "params": {k: value(v) for k, v in msg.params.items()}}


def msg_from_json(data: dict[str, Any]) -> Msg:
    def value(v: Any) -> Any:
        return msg_from_json(v["$msg"]) if isinstance(v, dict) and "$msg" in v else v
    return Msg(data["key"], {k: value(v) for k, v in data.get("params", {}).items()})


# ---- rows <-> views -----------------------------------------------------------------------
def _aware(moment: datetime | None) -> datetime | None:
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)   # SQLite hands back naive UTC
    return moment


def _game_view(row: Any) -> GameView:
    return GameView(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, system=row.system, name=row.name,
        owner_id=row.owner_id, owner_name=row.owner_name, settings=dict(row.settings or {}),
        turn=row.turn, phase=row.phase, active_side=row.active_side,
        players=tuple(PlayerView(p["user_id"], p["name"], p["side"]) for p in row.players or ()),
        created_at=_aware(row.created_at))


def _unit_snapshot(state: UnitState) -> dict[str, Any]:
    return {"name": state.name, "side": state.side, "type": state.type, "size": state.size,
            "per": state.per, "values": dict(sorted(state.values.items())),
            "statuses": sorted(state.statuses), "data": dict(state.data), "profile": dict(state.profile)}


def _state_from_row(row: Any) -> UnitState:
    return UnitState(row.name, row.side, row.type, row.size, row.per, dict(row.values or {}),
                     set(row.statuses or ()), dict(row.data or {}), dict(row.profile or {}))


def _state_from_snapshot(snap: dict[str, Any]) -> UnitState:
    return UnitState(snap["name"], snap["side"], snap["type"], int(snap["size"]), int(snap.get("per", 1)),
                     {k: int(v) for k, v in (snap.get("values") or {}).items()},
                     set(snap.get("statuses") or ()), dict(snap.get("data") or {}),
                     dict(snap.get("profile") or {}))


def _unit_view(unit_id: int, state: UnitState) -> UnitView:
    return UnitView(unit_id, state.name, state.side, state.type, state.size, state.per,
                    dict(state.values), frozenset(state.statuses), dict(state.data), dict(state.profile))


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


# ---- permissions --------------------------------------------------------------------------
class NeedsConsent(UserError):
    """Joining a side another player holds: they (or the owner) must accept."""

    def __init__(self, side: str, holders: tuple[str, ...]) -> None:
        super().__init__("state.consent.asked", side=side, holders=", ".join(holders))
        self.side = side
        self.holders = holders


def is_manager(game: GameView, actor: Actor) -> bool:
    """The game's owner or a member with Manage Messages: may change anything."""
    return actor.is_moderator or actor.user_id == game.owner_id


def may_edit_side(game: GameView, actor: Actor, side: str) -> bool:
    own = game.side_of(actor.user_id)
    return is_manager(game, actor) or (own is not None and fold(own) == fold(side))


def may_play(game: GameView, actor: Actor) -> bool:
    """Players (and the managers) may apply combat results and move the turn on. A game with
    no player list lets anyone do so."""
    return is_manager(game, actor) or not game.players or game.side_of(actor.user_id) is not None


class _Tx:
    """One write transaction on one game: loads units on demand, remembers their state before,
    and writes the changed rows plus the event at the end."""

    def __init__(self, conn: Connection, row: Any) -> None:
        self.conn = conn
        self.row = row
        self.game = _game_view(row)
        self.rules: StateRules = rules_for(self.game.system)
        self.settings = settings_for(self.game.system, self.game.settings)
        self.fields: dict[str, Any] = {f: getattr(row, f) for f in GAME_FIELDS}
        self._before_fields = {f: getattr(row, f) for f in GAME_FIELDS}
        self.units: dict[int, UnitState] = {}
        self.before: dict[int, dict[str, Any] | None] = {}
        self.removed: set[int] = set()
        self._all_loaded = False

    # units
    def _remember(self, rows: list[Any]) -> None:
        for row in rows:
            if row.id not in self.units and row.id not in self.removed:
                state = _state_from_row(row)
                self.units[row.id] = state
                self.before[row.id] = _unit_snapshot(state)

    def all_units(self) -> list[tuple[int, UnitState]]:
        if not self._all_loaded:
            rows = self.conn.execute(SELECT_UNITS, {"game_id": self.game.id}).all()
            self._remember(rows)
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
        result = self.conn.execute(sa.insert(units).values(
            game_id=self.game.id, name_key=fold(state.name), **_unit_snapshot(state)))
        unit_id = result.inserted_primary_key[0]
        self.units[unit_id] = state
        self.before[unit_id] = None
        return unit_id

    def remove(self, unit_id: int) -> None:
        self.units.pop(unit_id)
        self.removed.add(unit_id)

    # game
    def set_field(self, name: str, value: Any) -> None:
        self.fields[name] = value
        self.game = _game_view(_Row({**self.row._mapping, **self.fields}))

    def finish(self, actor: Actor, kind: str, summary: Msg, messages: list[Msg],
                     payload: dict | None) -> AppliedResult:
        diff_units: list[dict[str, Any]] = []
        changes: list[UnitChange] = []
        for unit_id, before in self.before.items():
            after_state = None if unit_id in self.removed else self.units[unit_id]
            after = None if after_state is None else _unit_snapshot(after_state)
            if before == after:
                continue
            if after is None:
                self.conn.execute(sa.delete(units).where(units.c.id == unit_id))
            elif before is not None:
                self.conn.execute(UPDATE_UNIT, {"unit_id": unit_id, "name_key": fold(after["name"]), **after})
            diff_units.append({"id": unit_id, "before": before, "after": after})
            changes.append(UnitChange(
                (after or before)["name"],
                None if before is None else _unit_view(unit_id, _state_from_snapshot(before)),
                None if after is None else _unit_view(unit_id, _state_from_snapshot(after))))
        game_diff = {}
        changed = {f: v for f, v in self.fields.items() if v != self._before_fields[f]}
        if changed:
            self.conn.execute(sa.update(games).where(games.c.id == self.game.id).values(**changed))
            game_diff = {"before": {f: self._before_fields[f] for f in changed}, "after": changed}
        result = self.conn.execute(INSERT_EVENT, dict(
            game_id=self.game.id, kind=kind, actor_id=actor.user_id, actor_name=actor.name[:NAME_LIMIT],
            created_at=_now(), summary=msg_to_json(summary), messages=[msg_to_json(m) for m in messages],
            payload=payload, diff={"units": diff_units, "game": game_diff}, undone_at=None, undone_by=None))
        return AppliedResult(result.inserted_primary_key[0], self.game, tuple(changes), tuple(messages), summary)


class _Row:
    """A stand-in for a Row built from a mapping (attribute access)."""

    def __init__(self, mapping: dict[str, Any]) -> None:
        self.__dict__.update(mapping)


class StateStore:
    """Per-channel game state. Create with `await db.open_store(url)`; `await store.close()`.

    Every public method is one transaction. Inside, the work is plain synchronous SQLAlchemy
    on one connection: for SQLite it runs on the store's own threads (one writer, a few
    readers), for PostgreSQL inside the async engine's greenlet (`run_sync`).
    """

    def __init__(self, engine: AsyncEngine | None = None, sqlite_engine: Engine | None = None,
                 sqlite_fast: Engine | None = None) -> None:
        self.engine = engine
        self.sqlite_engine = sqlite_engine
        self.sqlite_fast = sqlite_fast
        self._channel_locks: dict[tuple[int, int], list] = {}
        if sqlite_fast is not None:
            # Kept open: only the event loop's thread uses them, one transaction at a time.
            self._fast_read = sqlite_fast.connect()
            self._fast_write = sqlite_fast.connect().execution_options(sqlite_immediate=True)
        if sqlite_engine is not None:
            # When the database is locked (another process is writing) the transaction waits
            # for it on one writer thread, off the event loop.
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="state-write")

    async def close(self) -> None:
        if self.sqlite_engine is not None:
            self._writer.shutdown(wait=True)
            self.sqlite_engine.dispose()
        if self.sqlite_fast is not None:
            self._fast_read.close()
            self._fast_write.close()
            self.sqlite_fast.dispose()
        if self.engine is not None:
            await self.engine.dispose()

    # ---- running transactions -----------------------------------------------------------------
    @staticmethod
    def _sqlite_call(engine: Engine, fn: Callable[[Connection], T], write: bool) -> T:
        with engine.connect() as conn:
            if write:
                conn.execution_options(sqlite_immediate=True)
            with conn.begin():
                return fn(conn)

    async def _sqlite(self, fn: Callable[[Connection], T], write: bool) -> T:
        """SQLite: run the whole transaction right here on the event loop when the database is
        free (under a millisecond: WAL, no fsync per commit, no thread hop, and nothing else
        of ours can interleave), or on the writer thread, waiting for the lock, when another
        process holds it. The GIL makes a thread hop per command cost more than the command."""
        conn = self._fast_write if write else self._fast_read
        try:
            with conn.begin():
                return fn(conn)
        except (OperationalError, sqlite3.OperationalError) as exc:   # BEGIN goes to sqlite3 directly
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
        return await asyncio.get_running_loop().run_in_executor(
            self._writer, self._sqlite_call, self.sqlite_engine, fn, write)

    async def _read(self, fn: Callable[[Connection], T]) -> T:
        if self.sqlite_engine is not None:
            return await self._sqlite(fn, False)
        async with self.engine.connect() as conn:
            return await conn.run_sync(fn)

    async def _transaction(self, fn: Callable[[Connection], T], key: tuple[int, int]) -> T:
        if self.sqlite_engine is not None:
            return await self._sqlite(fn, True)
        # Writers to one channel queue here, in this process, before taking a connection, so
        # waiting on the game's row lock (FOR UPDATE, which still orders other processes)
        # doesn't tie up the pool that other channels need.
        entry = self._channel_locks.setdefault(key, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                async with self.engine.begin() as conn:
                    return await conn.run_sync(fn)
        finally:
            entry[1] -= 1
            if entry[1] == 0:
                self._channel_locks.pop(key, None)

    @staticmethod
    def _live_row(conn: Connection, guild_id: int, channel_id: int, *, lock: bool = False):
        query = SELECT_LIVE_GAME_LOCKED if lock else SELECT_LIVE_GAME
        return conn.execute(query, {"guild_id": guild_id, "channel_id": channel_id}).first()

    @classmethod
    def _require_row(cls, conn: Connection, guild_id: int, channel_id: int, *, lock: bool = False):
        row = cls._live_row(conn, guild_id, channel_id, lock=lock)
        if row is None:
            raise UserError("state.error.no_game", example="state.example.game_start")
        return row

    async def _write(self, guild_id: int, channel_id: int, actor: Actor, kind: str,
                     work: Callable[[_Tx], tuple[Msg, list[Msg]]], payload: dict | None = None) -> AppliedResult:
        def run(conn: Connection) -> AppliedResult:
            tx = _Tx(conn, self._require_row(conn, guild_id, channel_id, lock=True))
            summary, messages = work(tx)
            return tx.finish(actor, kind, summary, messages, payload)
        return await self._transaction(run, (guild_id, channel_id))

    # ---- reading ----------------------------------------------------------------------------
    async def channel_game(self, guild_id: int, channel_id: int) -> GameView | None:
        """The channel's live game, or None. A thread is a channel of its own."""
        row = await self._read(lambda conn: self._live_row(conn, guild_id, channel_id))
        return None if row is None else _game_view(row)

    async def require_game(self, guild_id: int, channel_id: int) -> GameView:
        """The channel's game, or a UserError that says how to start one."""
        return _game_view(await self._read(lambda conn: self._require_row(conn, guild_id, channel_id)))

    async def units(self, guild_id: int, channel_id: int) -> tuple[GameView, list[UnitView]]:
        """The channel's game and its units, in the order they were added."""
        def read(conn: Connection):
            row = self._require_row(conn, guild_id, channel_id)
            rows = conn.execute(SELECT_UNITS, {"game_id": row.id}).all()
            return _game_view(row), [_unit_view(r.id, _state_from_row(r)) for r in rows]
        return await self._read(read)

    async def find_unit(self, guild_id: int, channel_id: int, name: str) -> UnitView | None:
        """A unit of the channel's game by name (case- and ё-insensitive), or None."""
        def read(conn: Connection):
            row = self._live_row(conn, guild_id, channel_id)
            if row is None:
                return None
            unit = conn.execute(SELECT_UNIT_BY_KEY, {"game_id": row.id, "key": fold(name)}).first()
            return None if unit is None else _unit_view(unit.id, _state_from_row(unit))
        return await self._read(read)

    async def unit_names(self, guild_id: int, channel_id: int, query: str = "", limit: int = 25,
                         side: str | None = None) -> list[str]:
        """Unit names of the channel's game for autocomplete: names starting with what was typed
        first, then names containing it. [] when the channel has no game."""
        def read(conn: Connection):
            row = self._live_row(conn, guild_id, channel_id)
            if row is None:
                return []
            q = sa.select(units.c.name, units.c.name_key, units.c.side).where(units.c.game_id == row.id)
            return conn.execute(q.order_by(units.c.id)).all()
        rows = await self._read(read)
        key = fold(query)
        if side is not None:
            rows = [r for r in rows if fold(r.side) == fold(side)]
        starts = [r.name for r in rows if r.name_key.startswith(key)]
        inside = [r.name for r in rows if key in r.name_key and not r.name_key.startswith(key)]
        return [name[:100] for name in (starts + inside)[:limit]]

    async def history(self, guild_id: int, channel_id: int, limit: int = 10,
                      up_to: int | None = None) -> list[EventView]:
        """The channel's most recent events, newest first; `up_to`: only events up to that id
        (a paged history keeps showing the events it was asked for)."""
        def read(conn: Connection):
            row = self._require_row(conn, guild_id, channel_id)
            query = sa.select(events).where(events.c.game_id == row.id)
            if up_to is not None:
                query = query.where(events.c.id <= up_to)
            return conn.execute(query.order_by(events.c.id.desc()).limit(limit)).all()
        rows = await self._read(read)
        return [EventView(r.id, r.kind, r.actor_id, r.actor_name, _aware(r.created_at), msg_from_json(r.summary),
                          r.undone_at is not None, tuple(msg_from_json(m) for m in r.messages)) for r in rows]

    # ---- games ------------------------------------------------------------------------------
    async def start_game(self, guild_id: int, channel_id: int, actor: Actor, system: str,
                         name: str | None = None, side: str | None = None) -> GameView:
        """Start a game of `system` (a game id) in the channel; the actor owns it and, with
        `side`, plays that side."""
        if system not in GAMES:
            raise UserError("state.error.unknown_game", example="state.example.game_start", game=system)
        name = _clean(name, "state.example.game_start") if name else None
        rules = rules_for(system)
        players = [] if not side else [{"user_id": actor.user_id, "name": actor.name[:NAME_LIMIT],
                                        "side": _clean(side, "state.example.game_start")}]

        def write(conn: Connection) -> GameView:
            if self._live_row(conn, guild_id, channel_id) is not None:
                raise UserError("state.error.game_exists", example="state.example.game_end")
            result = conn.execute(sa.insert(games).values(
                guild_id=guild_id, channel_id=channel_id, system=system, name=name,
                owner_id=actor.user_id, owner_name=actor.name[:NAME_LIMIT], players=players, settings={},
                turn=1, phase=rules.phases[0] if rules.phases else None, active_side=None, created_at=_now()))
            game_id = result.inserted_primary_key[0]
            conn.execute(sa.insert(events).values(
                game_id=game_id, kind="start", actor_id=actor.user_id, actor_name=actor.name[:NAME_LIMIT],
                created_at=_now(), summary=msg_to_json(Msg.of("state.event.start", game=Msg.of(f"{system}.title"))),
                messages=[], payload=None, diff={"units": [], "game": {}}))
            return _game_view(self._live_row(conn, guild_id, channel_id))
        try:
            return await self._transaction(write, (guild_id, channel_id))
        except IntegrityError:   # another start won the race
            raise UserError("state.error.game_exists", example="state.example.game_end") from None

    async def end_game(self, guild_id: int, channel_id: int, actor: Actor, game_id: int | None = None) -> GameView:
        """End the channel's game (owner or moderator). It stays in the database, read-only, and
        `restore_game` brings it back within RESTORE_DAYS. `game_id`: end only that game (a
        confirmation pressed after another game started in the channel ends nothing)."""
        def write(conn: Connection) -> GameView:
            row = self._require_row(conn, guild_id, channel_id, lock=True)
            game = _game_view(row)
            if game_id is not None and row.id != game_id:
                raise UserError("state.error.end_stale")
            if not is_manager(game, actor):
                raise UserError("state.error.owner_only", owner=game.owner_name)
            conn.execute(sa.update(games).where(games.c.id == row.id).values(ended_at=_now()))
            conn.execute(sa.insert(events).values(
                game_id=row.id, kind="end", actor_id=actor.user_id, actor_name=actor.name[:NAME_LIMIT],
                created_at=_now(), summary=msg_to_json(Msg.of("state.event.end")), messages=[], payload=None,
                diff={"units": [], "game": {}}))
            return game
        return await self._transaction(write, (guild_id, channel_id))

    async def restore_game(self, guild_id: int, channel_id: int, actor: Actor) -> GameView:
        """Bring back the channel's most recently ended game, if it ended within RESTORE_DAYS and
        no other game runs here (its owner or a moderator)."""
        def write(conn: Connection) -> GameView:
            if self._live_row(conn, guild_id, channel_id) is not None:
                raise UserError("state.error.game_exists", example="state.example.game_end")
            since = _now() - timedelta(days=RESTORE_DAYS)
            row = conn.execute(sa.select(games).where(
                games.c.guild_id == guild_id, games.c.channel_id == channel_id, games.c.ended_at.is_not(None),
                games.c.ended_at >= since).order_by(games.c.ended_at.desc()).limit(1)).first()
            if row is None:
                raise UserError("state.error.nothing_to_restore", example="state.example.game_start", days=RESTORE_DAYS)
            game = _game_view(row)
            if not is_manager(game, actor):
                raise UserError("state.error.owner_only", owner=game.owner_name)
            conn.execute(sa.update(games).where(games.c.id == row.id).values(ended_at=None))
            conn.execute(sa.insert(events).values(
                game_id=row.id, kind="restore", actor_id=actor.user_id, actor_name=actor.name[:NAME_LIMIT],
                created_at=_now(), summary=msg_to_json(Msg.of("state.event.restore")), messages=[], payload=None,
                diff={"units": [], "game": {}}))
            return game
        try:
            return await self._transaction(write, (guild_id, channel_id))
        except IntegrityError:   # a game started in the same moment
            raise UserError("state.error.game_exists", example="state.example.game_end") from None

    async def join(self, guild_id: int, channel_id: int, actor: Actor, side: str,
                   player: Actor | None = None) -> AppliedResult:
        """`actor` joins `side` (or, for the owner or a moderator, puts `player` on it).
        A player changes side only through the owner or a moderator."""
        side = _clean(side, "state.example.game_join")
        who = player or actor

        def work(tx: _Tx):
            game = tx.game
            known = {fold(s): s for s in game.sides}
            side_name = known.get(fold(side), side)
            holders = [p for p in game.players if fold(p.side) == fold(side_name) and p.user_id != who.user_id]
            accepting = who.user_id != actor.user_id and any(p.user_id == actor.user_id for p in holders)
            if who.user_id != actor.user_id and not (is_manager(game, actor) or accepting):
                raise UserError("state.error.owner_only", owner=game.owner_name)
            current = game.side_of(who.user_id)
            if current is not None and not is_manager(game, actor):
                raise UserError("state.error.already_joined", side=current)
            if holders and who.user_id == actor.user_id and not is_manager(game, actor):
                # A side a player holds is joined with their consent (or the owner's): the
                # front end asks them (db.NeedsConsent carries who asks for what).
                raise NeedsConsent(side_name, tuple(p.name for p in holders))
            players = [p for p in tx.fields["players"] if p["user_id"] != who.user_id]
            players.append({"user_id": who.user_id, "name": who.name[:NAME_LIMIT], "side": side_name})
            tx.set_field("players", players)
            return Msg.of("state.event.join", player=who.name, side=side_name), []
        return await self._write(guild_id, channel_id, actor, "join", work)

    async def set_setting(self, guild_id: int, channel_id: int, actor: Actor, key: str, value: str) -> AppliedResult:
        """Set a house rule of the channel's game (owner or moderator)."""
        def work(tx: _Tx):
            if not is_manager(tx.game, actor):
                raise UserError("state.error.owner_only", owner=tx.game.owner_name)
            rules = house_rules(tx.game.system)
            if key not in rules:
                raise UserError("state.error.unknown_setting", example="state.example.settings",
                                key=key, keys=", ".join(rules) or "—")
            if value not in rules[key].choices:
                raise UserError("state.error.bad_setting_value", example="state.example.settings",
                                key=key, value=value, choices=", ".join(rules[key].choices))
            settings = dict(tx.fields["settings"] or {})
            settings[key] = value
            tx.set_field("settings", settings)
            title = rules[key].choice_titles.get(value)
            return Msg.of("state.event.setting", setting=rules[key].title, value=title or value), []
        return await self._write(guild_id, channel_id, actor, "settings", work)

    # ---- units ------------------------------------------------------------------------------
    async def add_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str, size: int,
                       side: str | None = None, unit_type: str | None = None, per: int | None = None,
                       profile: str | None = None) -> AppliedResult:
        """Add a unit to a side (by default the actor's). Players add to their own side; the
        owner and moderators to any. Adding never joins a side (issue 14 §5); in a game nobody
        has joined yet, anyone may set up units."""
        name = _clean(name, "state.example.unit_add")
        if not 1 <= size <= SIZE_LIMIT:
            raise UserError("state.error.bad_size", example="state.example.unit_add", limit=SIZE_LIMIT)

        def work(tx: _Tx):
            game = tx.game
            own = game.side_of(actor.user_id)
            target = _clean(side, "state.example.unit_add") if side else own
            if target is None:
                raise UserError("state.error.need_side", example="state.example.unit_add")
            known = {fold(s): s for s in game.sides}
            target = known.get(fold(target), target)
            if own is None and not is_manager(game, actor) and game.players:
                # Adding units never joins a side: a member who plays none joins first.
                raise UserError("state.error.join_first", example="state.example.game_join", side=target)
            if own is not None and not may_edit_side(game, actor, target):
                raise UserError("state.error.not_your_side", side=target)
            rules = tx.rules
            unit_per = per if per is not None else rules.default_per
            if unit_per is None:
                raise UserError("state.error.need_per", example="state.example.unit_add_per", what=rules.per_label)
            if not 1 <= unit_per <= PER_LIMIT:
                raise UserError("state.error.bad_per", example="state.example.unit_add", limit=PER_LIMIT)
            state = UnitState(name, target, _unit_type(rules, unit_type), size, unit_per)
            if profile:
                state.profile = _parse_profile(tx.game.system, profile, state.type)
            rules.new_unit(state)
            tx.create(state)
            return Msg.of("state.event.unit_add", unit=name, side=target, size=size), []
        return await self._write(guild_id, channel_id, actor, "unit_add", work)

    async def remove_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str) -> AppliedResult:
        def work(tx: _Tx):
            unit_id, state = tx.unit(name)
            self._check_side(tx.game, actor, state)
            tx.remove(unit_id)
            return Msg.of("state.event.unit_remove", unit=state.name), []
        return await self._write(guild_id, channel_id, actor, "unit_remove", work)

    async def rename_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str, new_name: str) -> AppliedResult:
        new_name = _clean(new_name, "state.example.unit_rename")

        def work(tx: _Tx):
            unit_id, state = tx.unit(name)
            self._check_side(tx.game, actor, state)
            clash = tx.find(new_name)
            if clash is not None and clash[0] != unit_id:
                raise UserError("state.error.unit_exists", example="state.example.unit_rename", unit=new_name)
            old = state.name
            state.name = new_name
            return Msg.of("state.event.unit_rename", old=old, new=new_name), []
        return await self._write(guild_id, channel_id, actor, "unit_rename", work)

    async def edit_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str, *,
                        unit_type: str | None = None, size: int | None = None, per: int | None = None,
                        profile: str | None = None) -> AppliedResult:
        """Change what a unit is: its type, size, per, or profile fields (the fields given
        replace the old ones, `ProfileSpec.merge`). Its side's players, the owner, a moderator."""
        if size is not None and not 1 <= size <= SIZE_LIMIT:
            raise UserError("state.error.bad_size", example="state.example.unit_edit", limit=SIZE_LIMIT)
        if per is not None and not 1 <= per <= PER_LIMIT:
            raise UserError("state.error.bad_per", example="state.example.unit_edit", limit=PER_LIMIT)
        if unit_type is None and size is None and per is None and not profile:
            raise UserError("state.error.nothing_to_edit", example="state.example.unit_edit")

        def work(tx: _Tx):
            _, state = tx.unit(name)
            self._check_side(tx.game, actor, state)
            if unit_type is not None:
                state.type = _unit_type(tx.rules, unit_type)
            if size is not None:
                state.size = size
            if per is not None:
                state.per = per
            if profile:
                spec = GAMES[tx.game.system].profile
                assert spec is not None          # _parse_profile refuses a game without one
                state.profile = spec.merge(state.profile, _parse_profile(tx.game.system, profile, state.type))
            return Msg.of("state.event.unit_edit", unit=state.name), []
        return await self._write(guild_id, channel_id, actor, "unit_edit", work)

    @staticmethod
    def _check_side(game: GameView, actor: Actor, state: UnitState) -> None:
        if not may_edit_side(game, actor, state.side):
            raise UserError("state.error.not_your_side", side=state.side)

    async def change_units(self, guild_id: int, channel_id: int, actor: Actor, changes: list[StateChange],
                           summary: Msg, kind: str = "change", payload: dict | None = None) -> AppliedResult:
        """A player's own bookkeeping (/blast, /damage, /status): only units of their own side,
        unless they own the game or moderate. One event, rules applied as in `apply_changes`."""
        return await self._changes(guild_id, channel_id, actor, lambda tx: changes, summary, kind, payload, own_side=True)

    async def change_unit(self, guild_id: int, channel_id: int, actor: Actor, unit: str,
                          build: Callable[[UnitState, StateRules], list[StateChange]],
                          summary: Callable[[UnitState], Msg], kind: str = "change", payload: dict | None = None,
                          system: str | None = None) -> AppliedResult:
        """Like `change_units` for one unit, with the changes worked out from the unit's current
        state inside the same transaction (what `/damage` means depends on the unit's type).
        `system`: refuse (UserError "state.error.other_game", naming both games) unless the
        channel plays that system."""
        def plan(tx: _Tx) -> list[StateChange]:
            if system is not None and tx.game.system != system:
                raise UserError("state.error.other_game", example="state.example.damage",
                                wanted=Msg.of(f"{system}.title"), game=Msg.of(f"{tx.game.system}.title"))
            _, state = tx.unit(unit)
            return build(state.copy(), tx.rules)

        def titled(tx: _Tx) -> Msg:
            return summary(tx.unit(unit)[1])
        return await self._changes(guild_id, channel_id, actor, plan, titled, kind, payload, own_side=True)

    async def apply_changes(self, guild_id: int, channel_id: int, actor: Actor, changes: list[StateChange],
                            summary: Msg, payload: dict | None = None) -> AppliedResult:
        """Apply a combat procedure's `changes` as ONE undoable event.

        Each change goes through its game's state rules (`games/<id>/state.py`), then each
        touched unit is settled once (Epic: blast markers ≥ units → "formation broken";
        Warmaster: every full Hits value in the pool removes a stand). Combat hits the enemy,
        so any player of the game (anyone, if it has no player list), the owner and moderators
        may apply. Returns each unit before/after and the rules' messages.
        """
        return await self._changes(guild_id, channel_id, actor, lambda tx: changes, summary, "combat", payload,
                                   own_side=False)

    async def _changes(self, guild_id, channel_id, actor, plan, summary, kind, payload, own_side) -> AppliedResult:
        def work(tx: _Tx):
            if not own_side and not may_play(tx.game, actor):
                raise UserError("state.error.not_a_player")
            changes = plan(tx)
            if not changes:
                raise UserError("state.error.no_changes")
            title = summary(tx) if callable(summary) else summary
            messages: list[Msg] = []
            touched: dict[int, UnitState] = {}
            for change in changes:
                # A free status tag is the player's text: stored as text PostgreSQL's JSON takes.
                change = dataclasses.replace(change, track=clean_text(change.track))
                unit_id, state = tx.unit(change.unit)
                if own_side:
                    self._check_side(tx.game, actor, state)
                if unit_id not in touched:
                    touched[unit_id] = state.copy()
                messages.extend(tx.rules.apply(state, change, tx.settings))
            for unit_id, before in touched.items():
                messages.extend(tx.rules.settle(tx.units[unit_id], before, tx.settings))
            return title, messages
        return await self._write(guild_id, channel_id, actor, kind, work, payload)

    # ---- turns ------------------------------------------------------------------------------
    async def next_turn(self, guild_id: int, channel_id: int, actor: Actor, side: str | None = None) -> AppliedResult:
        """Next turn: turn + 1, the game's first phase, and `side` (if given) becomes active."""
        def work(tx: _Tx):
            if not may_play(tx.game, actor):
                raise UserError("state.error.not_a_player")
            old_phase = tx.fields["phase"]
            if tx.fields["turn"] >= TURN_LIMIT:
                raise UserError("state.error.turn_limit", limit=TURN_LIMIT)
            turn = tx.fields["turn"] + 1
            tx.set_field("turn", turn)
            first = tx.rules.phases[0] if tx.rules.phases else None
            tx.set_field("phase", first)
            if side:
                known = {fold(s): s for s in tx.game.sides}
                tx.set_field("active_side", known.get(fold(side), _clean(side, "state.example.turn_next")))
            states = [s for _, s in tx.all_units()]
            messages = tx.rules.phase_changed(states, old_phase, first, tx.settings)
            messages += tx.rules.turn_started(states, turn, tx.settings)
            return Msg.of("state.event.turn", turn=turn), messages
        return await self._write(guild_id, channel_id, actor, "turn", work)

    async def set_phase(self, guild_id: int, channel_id: int, actor: Actor, phase: str | None = None) -> AppliedResult:
        """Move to `phase` (a key of the game's phases), or to the next one when None."""
        def work(tx: _Tx):
            if not may_play(tx.game, actor):
                raise UserError("state.error.not_a_player")
            phases = tx.rules.phases
            if not phases:
                raise UserError("state.error.no_phases", example="state.example.turn_next")
            old = tx.fields["phase"]
            if phase is None:
                index = phases.index(old) + 1 if old in phases else 0
                if index >= len(phases):
                    raise UserError("state.error.last_phase", example="state.example.turn_next")
                new = phases[index]
            else:
                titles = _phase_titles(tx.game.system, phases)
                found = resolve(phase, titles)
                if found is None:
                    raise UserError("state.error.unknown_phase", example="state.example.turn_phase",
                                    phase=phase, phases=listing(titles))
                new = found
            tx.set_field("phase", new)
            states = [s for _, s in tx.all_units()]
            messages = tx.rules.phase_changed(states, old, new, tx.settings)
            return Msg.of("state.event.phase", phase=Msg.of(f"state.phase.{tx.game.system}.{new}")), messages
        return await self._write(guild_id, channel_id, actor, "phase", work)

    # ---- history ----------------------------------------------------------------------------
    async def undo(self, guild_id: int, channel_id: int, actor: Actor) -> EventView:
        """Revert the channel's last event that isn't undone yet. Its author, the owner or a
        moderator may do so. Returns the event undone."""
        def write(conn: Connection):
            row = self._require_row(conn, guild_id, channel_id, lock=True)
            game = _game_view(row)
            last = conn.execute(sa.select(events).where(
                events.c.game_id == row.id, events.c.undone_at.is_(None)).order_by(events.c.id.desc()).limit(1)).first()
            if last is None or last.kind == "start":
                raise UserError("state.error.nothing_to_undo")
            if last.actor_id != actor.user_id and not is_manager(game, actor):
                raise UserError("state.error.undo_not_yours", actor=last.actor_name)
            for entry in reversed(last.diff.get("units", [])):
                before = entry["before"]
                if before is None:
                    conn.execute(sa.delete(units).where(units.c.id == entry["id"]))
                elif entry["after"] is None:
                    conn.execute(sa.insert(units).values(id=entry["id"], game_id=row.id,
                                                         name_key=fold(before["name"]), **before))
                else:
                    conn.execute(sa.update(units).where(units.c.id == entry["id"]).values(
                        name_key=fold(before["name"]), **before))
            game_before = last.diff.get("game", {}).get("before")
            if game_before:
                conn.execute(sa.update(games).where(games.c.id == row.id).values(**game_before))
            conn.execute(sa.update(events).where(events.c.id == last.id).values(undone_at=_now(), undone_by=actor.user_id))
            return last
        last = await self._transaction(write, (guild_id, channel_id))
        return EventView(last.id, last.kind, last.actor_id, last.actor_name, _aware(last.created_at),
                         msg_from_json(last.summary), True, tuple(msg_from_json(m) for m in last.messages))

    # ---- export / import --------------------------------------------------------------------
    async def export_game(self, guild_id: int, channel_id: int) -> dict[str, Any]:
        """The channel's game as plain JSON-able data (what /game import takes back)."""
        game, unit_views = await self.units(guild_id, channel_id)
        return {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": _now().isoformat(),
            "game": {"system": game.system, "name": game.name, "owner_id": game.owner_id,
                     "owner_name": game.owner_name, "turn": game.turn, "phase": game.phase,
                     "active_side": game.active_side, "settings": game.settings,
                     "players": [{"user_id": p.user_id, "name": p.name, "side": p.side} for p in game.players]},
            "units": [{"name": u.name, "side": u.side, "type": u.type, "size": u.size, "per": u.per,
                       "values": u.values, "statuses": sorted(u.statuses), "data": u.data, "profile": u.profile}
                      for u in unit_views],
        }

    async def import_game(self, guild_id: int, channel_id: int, actor: Actor,
                          data: dict[str, Any] | ExportModel) -> AppliedResult:
        """Replace the channel's game state (units, players, turn, phase, settings) with an
        export of the same game system. Owner or moderator; one undoable event."""
        parsed = _parse_export(data)

        def work(tx: _Tx):
            if not is_manager(tx.game, actor):
                raise UserError("state.error.owner_only", owner=tx.game.owner_name)
            if parsed["system"] != tx.game.system:
                raise UserError("state.error.import_other_game", example="state.example.game_import",
                                game=Msg.of(f"{parsed['system']}.title"), current=Msg.of(f"{tx.game.system}.title"))
            for unit_id, _ in tx.all_units():
                tx.remove(unit_id)
            # The old rows go now so the new ones can take their names.
            tx.conn.execute(sa.delete(units).where(units.c.game_id == tx.game.id))
            for field_name in ("turn", "phase", "active_side", "settings", "players", "name"):
                tx.set_field(field_name, parsed[field_name])
            for state in parsed["units"]:
                result = tx.conn.execute(sa.insert(units).values(
                    game_id=tx.game.id, name_key=fold(state.name), **_unit_snapshot(state)))
                unit_id = result.inserted_primary_key[0]
                tx.units[unit_id] = state
                tx.before[unit_id] = None
            return Msg.of("state.event.import", count=len(parsed["units"])), []
        return await self._write(guild_id, channel_id, actor, "import", work)

    # ---- rule lookup misses («Не то» / "Not it") ----------------------------------------------------
    async def record_lookup_miss(self, guild_id: int | None, channel_id: int | None, game: str | None,
                                 query: str, shown: list[str]) -> None:
        """One «Не то» press: the query, the channel's game and the sections shown (rejected first)."""
        row = {"created_at": _now(), "guild_id": guild_id, "channel_id": channel_id, "game": game,
               "query": query[:300], "shown": list(shown)}

        def write(conn: Connection) -> None:
            conn.execute(sa.insert(lookup_misses).values(**row))
        await self._transaction(write, (guild_id or 0, channel_id or 0))

    async def lookup_misses(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest recorded misses first."""
        def read(conn: Connection) -> list[dict[str, Any]]:
            rows = conn.execute(sa.select(lookup_misses).order_by(lookup_misses.c.id.desc()).limit(limit))
            return [dict(r._mapping) for r in rows]
        return await self._read(read)


def _phase_titles(system: str, phases: tuple[str, ...] | list[str]) -> dict[str, Msg]:
    return {p: Msg.of(f"state.phase.{system}.{p}") for p in phases}


def _unit_type(rules: StateRules, typed: str | None) -> str:
    """A unit type from its id or title in either language (the error lists them in the reader's)."""
    if not typed:
        return rules.default_type
    found = resolve(typed, rules.unit_types)
    if found is None:
        raise UserError("state.error.unknown_type", example="state.example.unit_add",
                        type=typed, types=listing(rules.unit_types))
    return found


def _parse_profile(system: str, text: str, unit_type: str) -> dict[str, Any]:
    """A profile as the game reads it; a game that declares none says so."""
    spec = GAMES[system].profile
    if spec is None:
        raise UserError("state.error.no_profile", example="state.example.unit_add",
                        game=Msg.of(f"{system}.title"))
    return spec.parse(clean_text(text), unit_type)


def _clean(text: str | None, example: str) -> str:
    value = " ".join(clean_text(text or "").split())
    if not value or len(value) > NAME_LIMIT:
        raise UserError("state.error.bad_name", example=example, limit=NAME_LIMIT)
    return value


def _parse_export(data: Any) -> dict[str, Any]:
    """The whole export checked (schema first, then the game's own names) before any write."""
    export = data if isinstance(data, ExportModel) else validate_export(data)
    game = export.game
    if game.system not in GAMES:
        raise bad_import("game.system")
    rules = rules_for(game.system)
    if game.phase is not None and game.phase not in rules.phases:
        raise bad_import("game.phase")
    declared = house_rules(game.system)
    for key, value in game.settings.items():
        if key not in declared or value not in declared[key].choices:
            raise bad_import(f"game.settings.{key}")
    players = [{"user_id": p.user_id, "name": p.name, "side": _clean(p.side, EXAMPLE)} for p in game.players]
    seen: set[str] = set()
    parsed_units = []
    for index, raw in enumerate(export.units):
        where = f"units.{index}"
        try:
            unit_type = rules.check_type(raw.type)
        except UserError:
            raise bad_import(f"{where}.type") from None
        state = UnitState(_clean(raw.name, EXAMPLE), _clean(raw.side, EXAMPLE), unit_type, raw.size, raw.per,
                          {k: v for k, v in raw.values.items() if v}, set(raw.statuses), dict(raw.data),
                          dict(raw.profile))
        if fold(state.name) in seen:
            raise bad_import(f"{where}.name")
        unknown = set(state.values) - set(rules.tracks)
        unknown |= {s for s in state.statuses if s not in rules.statuses and not rules.free_statuses}
        if unknown:
            raise bad_import(f"{where}: {', '.join(sorted(unknown))}")
        seen.add(fold(state.name))
        parsed_units.append(state)
    return {"system": game.system, "turn": game.turn, "phase": game.phase,
            "active_side": game.active_side, "settings": dict(game.settings), "players": players,
            "name": game.name or None, "units": parsed_units}


async def open_store(url: str) -> StateStore:
    """Open the state store at `url` (e.g. "sqlite+aiosqlite:///data/referee.db" or
    "postgresql+asyncpg://user@host/db"), applying any pending migrations first."""
    if is_sqlite(url):
        engine = make_sync_sqlite_engine(url)
        await asyncio.to_thread(migrate_sync, engine)
        return StateStore(sqlite_engine=engine, sqlite_fast=make_sync_sqlite_engine(url, wait=False))
    engine = make_engine(url)
    await migrate(engine)
    return StateStore(engine)
