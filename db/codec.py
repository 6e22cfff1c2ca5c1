"""Rows ⇄ the core's objects: messages as JSON, game and unit rows as views and working states.

Nothing here runs a query; `db.transaction` and `db.store` read rows and hand them over."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from db.views import EventView, GameView, PlayerView, UnitView
from games.state_base import UnitState
from i18n import Msg


def now() -> datetime:
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
def aware(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)   # SQLite hands back naive UTC
    return moment


class Row:
    """A stand-in for a database row built from a mapping (attribute access)."""

    def __init__(self, mapping: dict[str, Any]) -> None:
        self.__dict__.update(mapping)


def game_view(row: Any) -> GameView:
    return GameView(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, system=row.system, name=row.name,
        owner_id=row.owner_id, owner_name=row.owner_name, settings=dict(row.settings or {}),
        turn=row.turn, phase=row.phase, active_side=row.active_side,
        players=tuple(PlayerView(p["user_id"], p["name"], p["side"]) for p in row.players or ()),
        created_at=aware(row.created_at) if row.created_at is not None else None)


def event_view(row: Any, undone: bool | None = None) -> EventView:
    return EventView(row.id, row.kind, row.actor_id, row.actor_name, aware(row.created_at), msg_from_json(row.summary),
                     row.undone_at is not None if undone is None else undone,
                     tuple(msg_from_json(m) for m in row.messages))


def unit_snapshot(state: UnitState) -> dict[str, Any]:
    """A unit as its row's columns (and as an event's before/after, which /undo writes back)."""
    return {"name": state.name, "side": state.side, "type": state.type, "size": state.size,
            "per": state.per, "values": dict(sorted(state.values.items())),
            "statuses": sorted(state.statuses), "data": dict(state.data), "profile": dict(state.profile)}


def state_from_row(row: Any) -> UnitState:
    return UnitState(row.name, row.side, row.type, row.size, row.per, dict(row.values or {}),
                     set(row.statuses or ()), dict(row.data or {}), dict(row.profile or {}))


def state_from_snapshot(snap: dict[str, Any]) -> UnitState:
    return UnitState(snap["name"], snap["side"], snap["type"], int(snap["size"]), int(snap.get("per", 1)),
                     {k: int(v) for k, v in (snap.get("values") or {}).items()},
                     set(snap.get("statuses") or ()), dict(snap.get("data") or {}),
                     dict(snap.get("profile") or {}))


def unit_view(unit_id: int, state: UnitState) -> UnitView:
    return UnitView(unit_id, state.name, state.side, state.type, state.size, state.per,
                    dict(state.values), frozenset(state.statuses), dict(state.data), dict(state.profile))
