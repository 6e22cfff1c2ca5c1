"""The per-channel game state store: each public method is one command, run as one transaction
that records one event (`db.transaction`), with the session's rules from `db.session`.

Bad input and missing permissions raise `i18n.UserError`; the front end shows them.
"""
from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta
from typing import Any, Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from db import session
from db.codec import event_view, game_view, now, state_from_row, unit_view
from db.engine import is_sqlite, make_engine, make_sync_sqlite_engine, migrate, migrate_sync
from db.exchange import export, parse_export
from db.export_model import NAME_LIMIT, PER_LIMIT, SIZE_LIMIT, ExportModel
from db.schema import events, games, lookup_misses, units
from db.session import NeedsConsent, is_manager, may_edit_side, may_play
from db.transaction import (SELECT_UNIT_BY_KEY, SELECT_UNITS, GameTransaction, PostgresRunner, Runner,
                            SqliteRunner, insert_event, inserted_id, live_row, require_row)
from db.views import Actor, AppliedResult, EventView, GameView, UnitView, clean_text, fold
from games.procedure import StateChange
from games.registry import GAMES
from games.state_base import StateRules, UnitState, rules_for
from i18n import Msg, UserError

RESTORE_DAYS = 7        # an ended game can be brought back this long (issue 10 §2)

Work = Callable[[GameTransaction], tuple[Msg, list[Msg]]]


class StateStore:
    """Per-channel game state. Create with `await db.open_store(url)`; `await store.close()`."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    async def close(self) -> None:
        await self.runner.close()

    async def _write(self, guild_id: int, channel_id: int, actor: Actor, kind: str, work: Work,
                     payload: dict | None = None) -> AppliedResult:
        def run(conn: Connection) -> AppliedResult:
            tx = GameTransaction(conn, require_row(conn, guild_id, channel_id, lock=True))
            summary, messages = work(tx)
            return tx.finish(actor, kind, summary, messages, payload)
        return await self.runner.write(run, (guild_id, channel_id))

    # ---- reading ----------------------------------------------------------------------------
    async def channel_game(self, guild_id: int, channel_id: int) -> GameView | None:
        """The channel's live game, or None. A thread is a channel of its own."""
        row = await self.runner.read(lambda conn: live_row(conn, guild_id, channel_id))
        return None if row is None else game_view(row)

    async def require_game(self, guild_id: int, channel_id: int) -> GameView:
        """The channel's game, or a UserError that says how to start one."""
        return game_view(await self.runner.read(lambda conn: require_row(conn, guild_id, channel_id)))

    async def units(self, guild_id: int, channel_id: int) -> tuple[GameView, list[UnitView]]:
        """The channel's game and its units, in the order they were added."""
        def read(conn: Connection) -> tuple[GameView, list[UnitView]]:
            row = require_row(conn, guild_id, channel_id)
            rows = conn.execute(SELECT_UNITS, {"game_id": row.id}).all()
            return game_view(row), [unit_view(r.id, state_from_row(r)) for r in rows]
        return await self.runner.read(read)

    async def find_unit(self, guild_id: int, channel_id: int, name: str) -> UnitView | None:
        """A unit of the channel's game by name (case- and ё-insensitive), or None."""
        def read(conn: Connection) -> UnitView | None:
            row = live_row(conn, guild_id, channel_id)
            if row is None:
                return None
            unit = conn.execute(SELECT_UNIT_BY_KEY, {"game_id": row.id, "key": fold(name)}).first()
            return None if unit is None else unit_view(unit.id, state_from_row(unit))
        return await self.runner.read(read)

    async def unit_names(self, guild_id: int, channel_id: int, query: str = "", limit: int = 25,
                         side: str | None = None) -> list[str]:
        """Unit names of the channel's game for autocomplete: names starting with what was typed
        first, then names containing it. [] when the channel has no game."""
        def read(conn: Connection) -> list[Any]:
            row = live_row(conn, guild_id, channel_id)
            if row is None:
                return []
            q = sa.select(units.c.name, units.c.name_key, units.c.side).where(units.c.game_id == row.id)
            return list(conn.execute(q.order_by(units.c.id)).all())
        rows = await self.runner.read(read)
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
        def read(conn: Connection) -> list[Any]:
            row = require_row(conn, guild_id, channel_id)
            query = sa.select(events).where(events.c.game_id == row.id)
            if up_to is not None:
                query = query.where(events.c.id <= up_to)
            return list(conn.execute(query.order_by(events.c.id.desc()).limit(limit)).all())
        return [event_view(r) for r in await self.runner.read(read)]

    # ---- games ------------------------------------------------------------------------------
    async def start_game(self, guild_id: int, channel_id: int, actor: Actor, system: str,
                         name: str | None = None, side: str | None = None) -> GameView:
        """Start a game of `system` (a game id) in the channel; the actor owns it and, with
        `side`, plays that side. History stores the game's title as a message, rendered in
        each reader's language."""
        if system not in GAMES:
            raise UserError("state.error.unknown_game", example="state.example.game_start", game=system)
        name = session.clean_name(name, "state.example.game_start") if name else None
        rules = rules_for(system)
        players = [] if not side else [{"user_id": actor.user_id, "name": actor.name[:NAME_LIMIT],
                                        "side": session.clean_name(side, "state.example.game_start")}]

        def write(conn: Connection) -> GameView:
            if live_row(conn, guild_id, channel_id) is not None:
                raise UserError("state.error.game_exists", example="state.example.game_end")
            result = conn.execute(sa.insert(games).values(
                guild_id=guild_id, channel_id=channel_id, system=system, name=name,
                owner_id=actor.user_id, owner_name=actor.name[:NAME_LIMIT], players=players, settings={},
                turn=1, phase=rules.phases[0] if rules.phases else None, active_side=None, created_at=now()))
            insert_event(conn, inserted_id(result), actor, "start",
                         Msg.of("state.event.start", game=Msg.of(f"{system}.title")))
            return game_view(live_row(conn, guild_id, channel_id))
        try:
            return await self.runner.write(write, (guild_id, channel_id))
        except IntegrityError:   # another start won the race
            raise UserError("state.error.game_exists", example="state.example.game_end") from None

    async def end_game(self, guild_id: int, channel_id: int, actor: Actor, game_id: int | None = None) -> GameView:
        """End the channel's game (owner or moderator). It stays in the database, read-only, and
        `restore_game` brings it back within RESTORE_DAYS. `game_id`: end only that game (a
        confirmation pressed after another game started in the channel ends nothing)."""
        def write(conn: Connection) -> GameView:
            row = require_row(conn, guild_id, channel_id, lock=True)
            game = game_view(row)
            if game_id is not None and row.id != game_id:
                raise UserError("state.error.end_stale")
            session.require_manager(game, actor)
            conn.execute(sa.update(games).where(games.c.id == row.id).values(ended_at=now()))
            insert_event(conn, row.id, actor, "end", Msg.of("state.event.end"))
            return game
        return await self.runner.write(write, (guild_id, channel_id))

    async def restore_game(self, guild_id: int, channel_id: int, actor: Actor) -> GameView:
        """Bring back the channel's most recently ended game, if it ended within RESTORE_DAYS and
        no other game runs here (its owner or a moderator)."""
        def write(conn: Connection) -> GameView:
            if live_row(conn, guild_id, channel_id) is not None:
                raise UserError("state.error.game_exists", example="state.example.game_end")
            since = now() - timedelta(days=RESTORE_DAYS)
            row = conn.execute(sa.select(games).where(
                games.c.guild_id == guild_id, games.c.channel_id == channel_id, games.c.ended_at.is_not(None),
                games.c.ended_at >= since).order_by(games.c.ended_at.desc()).limit(1)).first()
            if row is None:
                raise UserError("state.error.nothing_to_restore", example="state.example.game_start", days=RESTORE_DAYS)
            game = game_view(row)
            session.require_manager(game, actor)
            conn.execute(sa.update(games).where(games.c.id == row.id).values(ended_at=None))
            insert_event(conn, row.id, actor, "restore", Msg.of("state.event.restore"))
            return game
        try:
            return await self.runner.write(write, (guild_id, channel_id))
        except IntegrityError:   # a game started in the same moment
            raise UserError("state.error.game_exists", example="state.example.game_end") from None

    async def join(self, guild_id: int, channel_id: int, actor: Actor, side: str,
                   player: Actor | None = None) -> AppliedResult:
        """`actor` joins `side` (or, for the owner or a moderator, puts `player` on it);
        `session.join` says who may."""
        side = session.clean_name(side, "state.example.game_join")
        who = player or actor

        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            side_name, players = session.join(tx.game, actor, who, side)
            tx.set_field("players", players)
            return Msg.of("state.event.join", player=who.name, side=side_name), []
        return await self._write(guild_id, channel_id, actor, "join", work)

    async def set_setting(self, guild_id: int, channel_id: int, actor: Actor, key: str, value: str) -> AppliedResult:
        """Set a house rule of the channel's game (owner or moderator)."""
        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            session.require_manager(tx.game, actor)
            rule, choice = session.house_rule(tx.game.system, key, value)
            tx.set_field("settings", {**(tx.fields["settings"] or {}), rule.key: choice})
            return Msg.of("state.event.setting", setting=rule.title, value=rule.choice_titles.get(choice) or choice), []
        return await self._write(guild_id, channel_id, actor, "settings", work)

    # ---- units ------------------------------------------------------------------------------
    async def add_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str, size: int,
                       side: str | None = None, unit_type: str | None = None, per: int | None = None,
                       profile: str | None = None) -> AppliedResult:
        """Add a unit to a side (by default the actor's): `session.side_for_new_unit` says which."""
        name = session.clean_name(name, "state.example.unit_add")
        if not 1 <= size <= SIZE_LIMIT:
            raise UserError("state.error.bad_size", example="state.example.unit_add", limit=SIZE_LIMIT)

        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            target = session.side_for_new_unit(tx.game, actor, side)
            rules = tx.rules
            unit_per = per if per is not None else rules.default_per
            if unit_per is None:
                raise UserError("state.error.need_per", example="state.example.unit_add_per", what=rules.per_label)
            if not 1 <= unit_per <= PER_LIMIT:
                raise UserError("state.error.bad_per", example="state.example.unit_add", limit=PER_LIMIT)
            state = UnitState(name, target, session.unit_type(rules, unit_type), size, unit_per)
            if profile:
                state.profile = session.parse_profile(tx.game.system, profile, state.type)
            rules.new_unit(state)
            tx.create(state)
            return Msg.of("state.event.unit_add", unit=name, side=target, size=size), []
        return await self._write(guild_id, channel_id, actor, "unit_add", work)

    async def remove_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str) -> AppliedResult:
        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            unit_id, state = tx.unit(name)
            session.require_side(tx.game, actor, state)
            tx.remove(unit_id)
            return Msg.of("state.event.unit_remove", unit=state.name), []
        return await self._write(guild_id, channel_id, actor, "unit_remove", work)

    async def rename_unit(self, guild_id: int, channel_id: int, actor: Actor, name: str, new_name: str) -> AppliedResult:
        new_name = session.clean_name(new_name, "state.example.unit_rename")

        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            unit_id, state = tx.unit(name)
            session.require_side(tx.game, actor, state)
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

        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            _, state = tx.unit(name)
            session.require_side(tx.game, actor, state)
            if unit_type is not None:
                state.type = session.unit_type(tx.rules, unit_type)
            if size is not None:
                state.size = size
            if per is not None:
                state.per = per
            if profile:
                spec = GAMES[tx.game.system].profile
                assert spec is not None          # parse_profile refuses a game without one
                state.profile = spec.merge(state.profile, session.parse_profile(tx.game.system, profile, state.type))
            return Msg.of("state.event.unit_edit", unit=state.name), []
        return await self._write(guild_id, channel_id, actor, "unit_edit", work)

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
        def plan(tx: GameTransaction) -> list[StateChange]:
            if system is not None and tx.game.system != system:
                raise UserError("state.error.other_game", example="state.example.damage",
                                wanted=Msg.of(f"{system}.title"), game=Msg.of(f"{tx.game.system}.title"))
            _, state = tx.unit(unit)
            return build(state.copy(), tx.rules)

        def titled(tx: GameTransaction) -> Msg:
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

    async def _changes(self, guild_id: int, channel_id: int, actor: Actor,
                       plan: Callable[[GameTransaction], list[StateChange]],
                       summary: Msg | Callable[[GameTransaction], Msg], kind: str, payload: dict | None,
                       own_side: bool) -> AppliedResult:
        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            if not own_side:
                session.require_player(tx.game, actor)
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
                    session.require_side(tx.game, actor, state)
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
        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            session.require_player(tx.game, actor)
            old_phase = tx.fields["phase"]
            turn, first = session.next_turn(tx.fields["turn"], tx.rules)
            tx.set_field("turn", turn)
            tx.set_field("phase", first)
            if side:
                tx.set_field("active_side", session.known_side(tx.game, session.clean_name(side, "state.example.turn_next")))
            states = [s for _, s in tx.all_units()]
            messages = tx.rules.phase_changed(states, old_phase, first, tx.settings)
            messages += tx.rules.turn_started(states, turn, tx.settings)
            return Msg.of("state.event.turn", turn=turn), messages
        return await self._write(guild_id, channel_id, actor, "turn", work)

    async def set_phase(self, guild_id: int, channel_id: int, actor: Actor, phase: str | None = None) -> AppliedResult:
        """Move to `phase` (a phase's id or title in either language), or to the next one when None."""
        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            session.require_player(tx.game, actor)
            old = tx.fields["phase"]
            new = session.next_phase(tx.game.system, tx.rules, old, phase)
            tx.set_field("phase", new)
            states = [s for _, s in tx.all_units()]
            messages = tx.rules.phase_changed(states, old, new, tx.settings)
            return Msg.of("state.event.phase", phase=Msg.of(f"state.phase.{tx.game.system}.{new}")), messages
        return await self._write(guild_id, channel_id, actor, "phase", work)

    # ---- history ----------------------------------------------------------------------------
    async def undo(self, guild_id: int, channel_id: int, actor: Actor) -> EventView:
        """Revert the channel's last event that isn't undone yet. Its author, the owner or a
        moderator may do so. Returns the event undone."""
        def write(conn: Connection) -> Any:
            row = require_row(conn, guild_id, channel_id, lock=True)
            game = game_view(row)
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
            conn.execute(sa.update(events).where(events.c.id == last.id).values(undone_at=now(), undone_by=actor.user_id))
            return last
        return event_view(await self.runner.write(write, (guild_id, channel_id)), undone=True)

    # ---- export / import --------------------------------------------------------------------
    async def export_game(self, guild_id: int, channel_id: int) -> dict[str, Any]:
        """The channel's game as plain JSON-able data (what /game import takes back)."""
        return export(*await self.units(guild_id, channel_id))

    async def import_game(self, guild_id: int, channel_id: int, actor: Actor,
                          data: dict[str, Any] | ExportModel) -> AppliedResult:
        """Replace the channel's game state (units, players, turn, phase, settings) with an
        export of the same game system. Owner or moderator; one undoable event."""
        parsed = parse_export(data)

        def work(tx: GameTransaction) -> tuple[Msg, list[Msg]]:
            session.require_manager(tx.game, actor)
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
                tx.insert(state)
            return Msg.of("state.event.import", count=len(parsed["units"])), []
        return await self._write(guild_id, channel_id, actor, "import", work)

    # ---- rule lookup misses («Не то» / "Not it") ----------------------------------------------------
    async def record_lookup_miss(self, guild_id: int | None, channel_id: int | None, game: str | None,
                                 query: str, shown: list[str]) -> None:
        """One «Не то» press: the query, the channel's game and the sections shown (rejected first)."""
        row = {"created_at": now(), "guild_id": guild_id, "channel_id": channel_id, "game": game,
               "query": query[:300], "shown": list(shown)}

        def write(conn: Connection) -> None:
            conn.execute(sa.insert(lookup_misses).values(**row))
        await self.runner.write(write, (guild_id or 0, channel_id or 0))

    async def lookup_misses(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest recorded misses first."""
        def read(conn: Connection) -> list[dict[str, Any]]:
            rows = conn.execute(sa.select(lookup_misses).order_by(lookup_misses.c.id.desc()).limit(limit))
            return [dict(r._mapping) for r in rows]
        return await self.runner.read(read)


async def open_store(url: str) -> StateStore:
    """Open the state store at `url` (e.g. "sqlite+aiosqlite:///data/referee.db" or
    "postgresql+asyncpg://user@host/db"), applying any pending migrations first."""
    if is_sqlite(url):
        engine = make_sync_sqlite_engine(url)
        await asyncio.to_thread(migrate_sync, engine)
        return StateStore(SqliteRunner(engine, make_sync_sqlite_engine(url, wait=False)))
    async_engine = make_engine(url)
    await migrate(async_engine)
    return StateStore(PostgresRunner(async_engine))


__all__ = ["StateStore", "open_store", "NeedsConsent", "is_manager", "may_edit_side", "may_play"]
