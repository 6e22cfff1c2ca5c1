"""The game export file (`/game export` writes it, `/game import` reads it), declared once.

`parse_export_bytes` checks a whole file against this schema before anything touches the
database: every field has a Discord-sized limit (names ≤ 100 characters, turn ≤ 1000, counts
0…10⁶, at most 500 units), types are strict (a name is text, a size an integer), U+0000 and
non-finite numbers are refused, and nesting is bounded. A failure is a `UserError` whose reason
names the field and the limit in the reader's language. What the schema can't know (the
game's phases, types, tracks, house rules) `db.store` checks next, still before writing.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr,
                      ValidationError)
from pydantic_core import PydanticCustomError

from db.views import SURROGATE
from i18n import Msg, UserError

EXPORT_FORMAT = "wargame-referee/game-state"
EXPORT_VERSION = 1
NAME_LIMIT = 100
SIZE_LIMIT = 10_000
PER_LIMIT = 100
TURN_LIMIT = 1000
COUNT_LIMIT = 1_000_000
UNIT_LIMIT = 500
PLAYER_LIMIT = 100
ENTRY_LIMIT = 100           # keys in values/settings/data, statuses of one unit
DATA_DEPTH = 4              # nesting inside a unit's free `data`/`profile`
DATA_TEXT_LIMIT = 1000
ID_LIMIT = 2 ** 63 - 1      # Discord snowflakes fit a signed 64-bit column on both backends
EXAMPLE = "state.example.game_import"

def _no_nul(text: str) -> str:
    if "\x00" in text:
        raise PydanticCustomError("nul", "U+0000")
    return SURROGATE.sub("", text)


def _json_value(value: Any, depth: int = 0) -> Any:
    if depth > DATA_DEPTH:
        raise PydanticCustomError("too_deep", "too deep", {"limit": DATA_DEPTH})
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > COUNT_LIMIT:
            raise PydanticCustomError("number_range", "range", {"low": -COUNT_LIMIT, "high": COUNT_LIMIT})
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or abs(value) > COUNT_LIMIT:
            raise PydanticCustomError("number_range", "range", {"low": -COUNT_LIMIT, "high": COUNT_LIMIT})
        return value
    if isinstance(value, str):
        if len(value) > DATA_TEXT_LIMIT:
            raise PydanticCustomError("text_long", "long", {"limit": DATA_TEXT_LIMIT})
        return _no_nul(value)
    if isinstance(value, list):
        if len(value) > ENTRY_LIMIT:
            raise PydanticCustomError("many", "many", {"limit": ENTRY_LIMIT})
        return [_json_value(v, depth + 1) for v in value]
    if isinstance(value, dict):
        if len(value) > ENTRY_LIMIT:
            raise PydanticCustomError("many", "many", {"limit": ENTRY_LIMIT})
        return {_no_nul(_key(k)): _json_value(v, depth + 1) for k, v in value.items()}
    raise PydanticCustomError("bad_value", "bad value")


def _key(key: Any) -> str:
    if not isinstance(key, str) or not 1 <= len(key) <= NAME_LIMIT:
        raise PydanticCustomError("text_long", "long", {"limit": NAME_LIMIT})
    return key


def _free_dict(value: dict[str, Any]) -> dict[str, Any]:
    return _json_value(value)


Text = Annotated[StrictStr, Field(max_length=NAME_LIMIT), AfterValidator(_no_nul)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=NAME_LIMIT), AfterValidator(_no_nul)]
Count = Annotated[StrictInt, Field(ge=0, le=COUNT_LIMIT)]
FreeData = Annotated[dict[Name, Any], Field(max_length=ENTRY_LIMIT), AfterValidator(_free_dict)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PlayerModel(_Strict):
    user_id: Annotated[StrictInt, Field(ge=0, le=ID_LIMIT)]
    name: Text
    side: Name


class GameModel(_Strict):
    system: Name
    name: Text | None = None
    owner_id: Annotated[StrictInt, Field(ge=0, le=ID_LIMIT)] | None = None
    owner_name: Text | None = None
    turn: Annotated[StrictInt, Field(ge=1, le=TURN_LIMIT)] = 1
    phase: Name | None = None
    active_side: Name | None = None
    settings: Annotated[dict[Name, Name], Field(max_length=ENTRY_LIMIT)] = {}
    players: Annotated[list[PlayerModel], Field(max_length=PLAYER_LIMIT)] = []


class UnitModel(_Strict):
    name: Name
    side: Name
    type: Name | None = None
    size: Annotated[StrictInt, Field(ge=1, le=SIZE_LIMIT)]
    per: Annotated[StrictInt, Field(ge=1, le=PER_LIMIT)] = 1
    values: Annotated[dict[Name, Count], Field(max_length=ENTRY_LIMIT)] = {}
    statuses: Annotated[list[Name], Field(max_length=ENTRY_LIMIT)] = []
    data: FreeData = {}
    profile: FreeData = {}


class ExportModel(_Strict):
    format: Literal["wargame-referee/game-state"]
    version: Literal[1]
    exported_at: Annotated[StrictStr, Field(max_length=64)] | None = None
    game: GameModel
    units: Annotated[list[UnitModel], Field(max_length=UNIT_LIMIT)] = []


# pydantic's error types → our catalog's reasons (state.import_why.*) and their parameters.
_REASONS = {
    "string_too_long": "too_long", "string_too_short": "empty", "string_type": "not_text",
    "int_type": "not_integer", "int_parsing": "not_integer", "int_from_float": "not_integer",
    "greater_than_equal": "too_small", "less_than_equal": "too_big",
    "list_type": "not_list", "dict_type": "not_object", "model_type": "not_object",
    "model_attributes_type": "not_object", "missing": "missing", "extra_forbidden": "unknown",
    "too_long": "too_many", "literal_error": "wrong_value", "nul": "nul", "too_deep": "too_deep",
    "number_range": "number_range", "text_long": "too_long", "many": "too_many",
}


def _why(error: dict[str, Any]) -> Msg:
    ctx = error.get("ctx") or {}
    reason = _REASONS.get(error["type"], "bad_value")
    params = {"limit": ctx.get("max_length", ctx.get("limit", ctx.get("ge", ctx.get("le", "")))),
              "low": ctx.get("low", ctx.get("ge", "")), "high": ctx.get("high", ctx.get("le", ""))}
    if reason == "too_small":
        params["limit"] = ctx.get("ge", "")
    where = ".".join(str(part) for part in error["loc"]) or "—"
    return Msg.of(f"state.import_why.{reason}", where=where, **params)


def bad_import(why: str | Msg) -> UserError:
    return UserError("state.error.bad_import", example=EXAMPLE, why=why)


def validate_export(data: Any) -> ExportModel:
    """The export as the schema reads it; UserError naming the first bad field."""
    try:
        return ExportModel.model_validate(data)
    except ValidationError as exc:
        raise bad_import(_why(exc.errors(include_url=False)[0])) from None
    except RecursionError:
        raise bad_import(Msg.of("state.import_why.too_deep", where="—", limit=DATA_DEPTH)) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)          # Infinity, -Infinity, NaN: not JSON, and no count is infinite


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(text)      # 1e999: a number JSON can write and no count can be
    return value


def parse_export_bytes(raw: bytes) -> ExportModel:
    """A file's bytes → the validated export. Not JSON (or nested past the parser's limit, or a
    number with thousands of digits) → `import_not_json`; JSON that isn't an export → `bad_import`."""
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant, parse_float=_finite)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise UserError("state.error.import_not_json", example=EXAMPLE) from None
    return validate_export(data)
