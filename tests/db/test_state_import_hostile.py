"""/game import of hostile files (issue 14 §8): each gets a clear reply naming the problem, and
the state is unchanged; accepted imports hold only what an export could; export → import is
the identity for every game; any JSON gives a clear error or an exact import."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db.export_model import parse_export_bytes
from db.exchange import parse_export
from games.registry import GAMES
from games.procedure import StateChange
from i18n import Msg, UserError
from state_helpers import ALICE, CHANNEL, GUILD, epic_game


async def _exported(store) -> dict:
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Tactical", "blast_markers", "add", 2)],
                             Msg.of("state.event.blast_add", n=2, unit="Tactical"))
    return await store.export_game(GUILD, CHANNEL)


def _reason(error: UserError) -> str:
    why = error.msg.params.get("why", error.msg.key)
    return why.params["where"] if isinstance(why, Msg) else why


def _path(path: str) -> str:
    """This file's paths (units[0].name) as the schema names them (units.0.name)."""
    return path.replace("[", ".").replace("]", "")


BAD_FILES = [
    (b"[" * 5000, "state.error.import_not_json"),
    (b'{"a": ' * 990 + b"1" + b"}" * 990, "state.error.import_not_json"),
    (b'{"format": 1e999}', "state.error.import_not_json"),
    (b'{"turn": Infinity}', "state.error.import_not_json"),
    (b'{"turn": NaN}', "state.error.import_not_json"),
    (b'{"n": ' + b"9" * 5000 + b"}", "state.error.import_not_json"),
    ('{"name": "\\ud800"}'.encode(), "state.error.bad_import"),   # JSON, but not an export
]


@pytest.mark.parametrize("raw,key", BAD_FILES)
def test_unreadable_files_are_refused_before_any_schema(raw, key):
    with pytest.raises(UserError) as refused:
        parse_export_bytes(raw)
    assert refused.value.msg.key == key


def _mutations(good: dict) -> list[tuple[str, object]]:
    cases = []

    def case(path: str, change) -> None:
        data = copy.deepcopy(good)
        change(data)
        cases.append((path, data))
    case("game.turn", lambda d: d["game"].__setitem__("turn", 2**63))
    case("game.turn", lambda d: d["game"].__setitem__("turn", 2**31))
    case("game.turn", lambda d: d["game"].__setitem__("turn", 1001))
    case("game.settings", lambda d: d["game"].__setitem__("settings", ["a"]))
    case("game.active_side", lambda d: d["game"].__setitem__("active_side", {"x": 1}))
    case("game.active_side", lambda d: d["game"].__setitem__("active_side", "x" * 101))
    case("units[0].values", lambda d: d["units"][0].__setitem__("values", [1, 2]))
    case("units[0].values.blast_markers", lambda d: d["units"][0]["values"].__setitem__("blast_markers", -50))
    case("units[0].values.blast_markers", lambda d: d["units"][0]["values"].__setitem__("blast_markers", 10**30))
    case("units[0].name", lambda d: d["units"][0].__setitem__("name", 42))
    case("units[0].name", lambda d: d["units"][0].__setitem__("name", "a\x00b"))
    case("units[0].side", lambda d: d["units"][0].__setitem__("side", "x" * 100_000))
    case("units[0].type", lambda d: d["units"][0].__setitem__("type", 7))
    case("units[0].size", lambda d: d["units"][0].__setitem__("size", -3))
    case("units[0].data", lambda d: d["units"][0].__setitem__("data", {"x": "y" * 5000}))
    case("units", lambda d: d.__setitem__("units", [d["units"][0]] * 501))
    return cases


async def test_every_malformed_export_is_named_and_changes_nothing(store):
    good = await _exported(store)
    for path, data in _mutations(good):
        with pytest.raises(UserError) as refused:
            await store.import_game(GUILD, CHANNEL, ALICE, data)
        assert _reason(refused.value) == _path(path), path
    assert await store.export_game(GUILD, CHANNEL) | {"exported_at": None} == good | {"exported_at": None}


async def test_a_turn_limit_keeps_turn_next_working(store):
    good = await _exported(store)
    good["game"]["turn"] = 1000
    await store.import_game(GUILD, CHANNEL, ALICE, good)
    with pytest.raises(UserError) as refused:
        await store.next_turn(GUILD, CHANNEL, ALICE)
    assert refused.value.msg.key == "state.error.turn_limit"


@pytest.mark.parametrize("system", list(GAMES))
async def test_export_then_import_is_the_identity_for_every_game(store, system):
    rules = GAMES[system].state
    await store.start_game(GUILD, CHANNEL, ALICE, system, "test", side="A")
    per = rules.default_per or 2
    await store.add_unit(GUILD, CHANNEL, ALICE, "Unit one", 5, per=per)
    status = next(iter(rules.statuses), None) or ("горит" if rules.free_statuses else None)
    if status:
        await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Unit one", status, "status_on")],
                                 Msg.of("state.event.status_on", unit="Unit one", status=status))
    exported = await store.export_game(GUILD, CHANNEL)
    await store.import_game(GUILD, CHANNEL, ALICE, exported)
    again = await store.export_game(GUILD, CHANNEL)
    assert again | {"exported_at": None} == exported | {"exported_at": None}


def test_free_status_tags_round_trip_through_the_schema():
    free = next(g for g in GAMES.values() if g.state.free_statuses)
    data = {"format": "wargame-referee/game-state", "version": 1,
            "game": {"system": free.id, "turn": 1, "players": [], "settings": {}},
            "units": [{"name": "A", "side": "B", "size": 1, "statuses": ["горит"]}]}
    assert parse_export(data)["units"][0].statuses == {"горит"}


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=20),
                    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children,
                                                                                         max_size=4), max_leaves=30)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_gives_a_clear_error_or_a_valid_export(data):
    raw = json.dumps(data).encode()
    try:
        parsed = parse_export(parse_export_bytes(raw))
    except UserError as error:
        assert error.msg.key in {"state.error.bad_import", "state.error.import_not_json"}
        return
    assert parsed["system"] in GAMES
