"""The export format of a channel's game (`/game export` writes it, `/game import` reads it).

An import is validated whole before the database is touched (issue 14 §8): the JSON is parsed
with bounded depth and no NaN/Infinity, every field has its type and a Discord-sized limit,
and the first problem is named by its path ("units[3].values.blast_markers"). What passes is
exactly what an export of the same game would hold, so export → import is the identity.
"""
from __future__ import annotations

import json
import math
from typing import Any

from games.house_rules import house_rules
from games.registry import GAMES
from games.state_base import UnitState, rules_for
from i18n import UserError

FORMAT = "wargame-referee/game-state"
VERSION = 1
NAME_LIMIT = 100          # unit, side and player names, game names (Discord shows 100 in a choice)
SIZE_LIMIT = 10_000       # a unit's size (models, stands, DC…)
PER_LIMIT = 100
TURN_LIMIT = 1000         # no game runs longer; keeps /turn next far from any integer limit
COUNT_LIMIT = 1_000_000   # a counter (markers, wounds, hits)
UNIT_LIMIT = 500
PLAYER_LIMIT = 50
STATUS_LIMIT = 30         # statuses on one unit
DEPTH_LIMIT = 32          # nesting of the whole file
DATA_LIMIT = 4000         # characters of a unit's free data (JSON)


class ImportError_(UserError):
    """A file that isn't a valid export; `why` names the first problem."""

    def __init__(self, why: str) -> None:
        super().__init__("state.error.bad_import", example="state.example.game_import", why=why)


def clean_text(text: str) -> str:
    """Text safe to store and show: no lone surrogates, NULs or other control characters,
    whitespace runs collapsed."""
    kept = "".join(ch for ch in text if not (0xD800 <= ord(ch) <= 0xDFFF) and (ch.isprintable() or ch == " "))
    return " ".join(kept.split())


def load_json(raw: bytes) -> Any:
    """The file's JSON, or UserError: not UTF-8, not JSON, NaN/Infinity, huge numbers, too deep."""
    def reject_constant(name: str) -> Any:
        raise ValueError(name)

    def finite(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):          # 1e999
            raise ValueError(text)
        return value
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=reject_constant, parse_float=finite)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise UserError("state.error.import_not_json", example="state.example.game_import") from None
    _check_depth(data)
    return data


def _check_depth(data: Any) -> None:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > DEPTH_LIMIT:
            raise ImportError_("depth")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _int(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ImportError_(path)
    return value


def _text(value: Any, path: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ImportError_(path)
    cleaned = clean_text(value)
    if not cleaned or len(cleaned) > NAME_LIMIT or cleaned != " ".join(value.split()):
        raise ImportError_(path)
    return cleaned


def _dict(value: Any, path: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ImportError_(path)
    return value


def _list(value: Any, path: str, limit: int) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > limit:
        raise ImportError_(path)
    return value


def parse_export(data: Any) -> dict[str, Any]:
    """The validated content of an export: system, turn, phase, active side, settings,
    players, name and the units (as UnitStates)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportError_("format")
    if data.get("version") != VERSION:
        raise ImportError_("version")
    game = _dict(data.get("game"), "game")
    system = game.get("system")
    if not isinstance(system, str) or system not in GAMES:
        raise ImportError_("game.system")
    rules = rules_for(system)
    turn = _int(game.get("turn", 1), "game.turn", 1, TURN_LIMIT)
    phase = game.get("phase")
    if phase is not None and (not isinstance(phase, str) or phase not in rules.phases):
        raise ImportError_("game.phase")
    active_side = _text(game.get("active_side"), "game.active_side", optional=True)
    declared = house_rules(system)
    settings: dict[str, str] = {}
    for key, value in _dict(game.get("settings"), "game.settings").items():
        if key not in declared or not isinstance(value, str) or value not in declared[key].choices:
            raise ImportError_(f"game.settings.{str(key)[:40]}")
        settings[key] = value
    players = []
    for i, raw in enumerate(_list(game.get("players"), "game.players", PLAYER_LIMIT)):
        player = _dict(raw, f"game.players[{i}]")
        players.append({"user_id": _int(player.get("user_id"), f"game.players[{i}].user_id", 0, 2**63 - 1),
                        "name": _text(player.get("name"), f"game.players[{i}].name"),
                        "side": _text(player.get("side"), f"game.players[{i}].side")})
    units, seen = [], set()
    for i, raw in enumerate(_list(data.get("units"), "units", UNIT_LIMIT)):
        units.append(_unit(_dict(raw, f"units[{i}]"), f"units[{i}]", rules, seen))
    return {"system": system, "turn": turn, "phase": phase, "active_side": active_side, "settings": settings,
            "players": players, "name": _text(game.get("name"), "game.name", optional=True), "units": units}


def _unit(raw: dict[str, Any], path: str, rules: Any, seen: set[str]) -> UnitState:
    name = _text(raw.get("name"), f"{path}.name")
    assert name is not None
    key = name.casefold().replace("ё", "е")
    if key in seen:
        raise ImportError_(f"{path}.name")
    seen.add(key)
    side = _text(raw.get("side"), f"{path}.side")
    unit_type = raw.get("type")
    if unit_type is not None and not isinstance(unit_type, str):
        raise ImportError_(f"{path}.type")
    try:
        checked_type = rules.check_type(unit_type)
    except UserError:
        raise ImportError_(f"{path}.type") from None
    values = {}
    for track, value in _dict(raw.get("values"), f"{path}.values").items():
        if track not in rules.tracks:
            raise ImportError_(f"{path}.values.{str(track)[:40]}")
        if _int(value, f"{path}.values.{track}", 0, COUNT_LIMIT):
            values[track] = value
    statuses = set()
    for j, status in enumerate(_list(raw.get("statuses"), f"{path}.statuses", STATUS_LIMIT)):
        text = _text(status, f"{path}.statuses[{j}]")
        if text not in rules.statuses and not rules.free_statuses:
            raise ImportError_(f"{path}.statuses[{j}]")
        statuses.add(text)
    data = _dict(raw.get("data"), f"{path}.data")
    profile = _dict(raw.get("profile"), f"{path}.profile")
    for part, content in (("data", data), ("profile", profile)):
        if len(json.dumps(content, ensure_ascii=False)) > DATA_LIMIT or _has_bad_number(content):
            raise ImportError_(f"{path}.{part}")
    assert side is not None
    return UnitState(name, side, checked_type, _int(raw.get("size"), f"{path}.size", 1, SIZE_LIMIT),
                     _int(raw.get("per", 1), f"{path}.per", 1, PER_LIMIT), values, statuses, data, profile)


def _has_bad_number(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) > 2**53
    if isinstance(value, dict):
        return any(_has_bad_number(v) or not isinstance(k, str) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_bad_number(v) for v in value)
    return False
