"""/game import of hostile files (issue 14 §8): each gets a clear reply naming the field and the
state stays as it was; an export imports back exactly, for every game (property tests)."""
from __future__ import annotations

import asyncio
import json
import tempfile
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import db
from db.export_model import UNIT_LIMIT, parse_export_bytes
from games.registry import GAMES
from games.state_base import rules_for
from games.procedure import StateChange
from i18n import Msg, UserError
from state_helpers import ALICE, CHANNEL, GUILD, epic_game

FORMAT = "wargame-referee/game-state"


def _export(**game) -> dict:
    return {"format": FORMAT, "version": 1,
            "game": {"system": "epic", "turn": 1, "settings": {}, "players": [], **game},
            "units": [{"name": "A", "side": "X", "type": "formation", "size": 3}]}


def _with_unit(**unit) -> bytes:
    data = _export()
    data["units"][0].update(unit)
    return json.dumps(data).encode()


HOSTILE = {
    "nesting 5000 deep": b"[" * 5000,
    "nesting 990 deep": ("[" * 990 + "]" * 990).encode(),
    "5000-digit integer": b'{"turn": ' + b"7" * 5000 + b"}",
    "turn 2**63": json.dumps(_export(turn=2 ** 63)).encode(),
    "turn 2**31": json.dumps(_export(turn=2 ** 31)).encode(),
    "Infinity": json.dumps(_export()).replace('"turn": 1', '"turn": Infinity').encode(),
    "NaN in values": _with_unit(values={"blast_markers": float("nan")}),
    "values as a list": _with_unit(values=[1, 2]),
    "settings as a list": json.dumps(_export(settings=[])).encode(),
    "name a number": _with_unit(name=5),
    "type a number": _with_unit(type=5),
    "active_side a dict": json.dumps(_export(active_side={"a": 1})).encode(),
    "U+0000 in a name": _with_unit(name="a\x00b"),
    "active_side of 101 characters": json.dumps(_export(active_side="x" * 101)).encode(),
    "negative count": _with_unit(values={"blast_markers": -50}),
    "blast markers 10**30": _with_unit(values={"blast_markers": 10 ** 30}),
    "a side of 100000 characters": _with_unit(side="x" * 100_000),
    "too many units": json.dumps({**_export(), "units": [
        {"name": f"u{i}", "side": "X", "size": 1} for i in range(UNIT_LIMIT + 1)]}).encode(),
    "data nested deep": _with_unit(data={"a": [[[[[[1]]]]]]}),
}


@pytest.mark.parametrize("raw", HOSTILE.values(), ids=HOSTILE.keys())
async def test_a_hostile_file_gets_a_clear_reply_and_changes_nothing(store, raw):
    await epic_game(store)
    before = await store.export_game(GUILD, CHANNEL)
    with pytest.raises(UserError) as err:
        await store.import_game(GUILD, CHANNEL, ALICE, parse_export_bytes(raw))
    assert err.value.msg.key in {"state.error.bad_import", "state.error.import_not_json"}
    for locale in ("ru", "en"):
        assert "{" not in err.value.msg.render(locale)
    after = await store.export_game(GUILD, CHANNEL)
    assert {**after, "exported_at": None} == {**before, "exported_at": None}


def test_the_reply_names_the_field_and_the_limit_in_both_languages():
    with pytest.raises(UserError) as err:
        parse_export_bytes(_with_unit(values={"blast_markers": 10 ** 30}))
    assert err.value.msg.render("en") == ("That file isn't a game export (units.0.values.blast_markers: "
                                          "at most 1000000). Use a file from /game export.")
    assert err.value.msg.render("ru") == ("Файл не похож на экспорт игры (units.0.values.blast_markers: "
                                          "не больше 1000000). Возьмите файл из /игра экспорт.")


async def test_a_free_status_tag_round_trips(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "hydrophilia", side="A")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Ныряльщик", 1)
    await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Ныряльщик", "горит", "status_on")],
                             Msg.of("state.event.turn", turn=1))
    exported = await store.export_game(GUILD, CHANNEL)
    assert exported["units"][0]["statuses"] == ["горит"]
    await store.import_game(GUILD, CHANNEL, ALICE, parse_export_bytes(json.dumps(exported).encode()))
    assert (await store.find_unit(GUILD, CHANNEL, "Ныряльщик")).statuses == frozenset({"горит"})


async def test_a_lone_surrogate_in_a_name_is_cleaned_at_the_boundary(store):
    await epic_game(store)
    await store.add_unit(GUILD, CHANNEL, ALICE, "Титан\ud800", 1)
    assert (await store.find_unit(GUILD, CHANNEL, "титан")).name == "Титан"
    await store.rename_unit(GUILD, CHANNEL, ALICE, "Титан\ud800", "Гончая\udfff")
    await store.remove_unit(GUILD, CHANNEL, ALICE, "Гончая\udfff")
    assert await store.find_unit(GUILD, CHANNEL, "Гончая") is None


async def test_turn_next_after_the_largest_imported_turn_is_a_clear_reply(store):
    await epic_game(store)
    await store.import_game(GUILD, CHANNEL, ALICE, _export(turn=1000))
    with pytest.raises(UserError) as err:
        await store.next_turn(GUILD, CHANNEL, ALICE)
    assert err.value.msg.render("en") == "A game runs to turn 1000 at most."


# ---- properties -----------------------------------------------------------------------------
_text = st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(
    lambda s: s.strip() and " ".join(s.split()) == s)


@st.composite
def exports(draw) -> dict:
    system = draw(st.sampled_from(sorted(GAMES)))
    rules = rules_for(system)
    names = draw(st.lists(_text, max_size=6, unique_by=lambda s: db.fold(s)))
    statuses = sorted(rules.statuses) + (["горит", "Tag"] if rules.free_statuses else [])
    units = [{"name": name, "side": draw(_text), "type": draw(st.sampled_from(sorted(rules.unit_types))),
              "size": draw(st.integers(1, 10_000)), "per": draw(st.integers(1, 100)),
              "values": draw(st.dictionaries(st.sampled_from(sorted(rules.tracks) or ["x"]),
                                             st.integers(1, 1_000_000)).filter(
                                                 lambda v: set(v) <= set(rules.tracks))),
              "statuses": sorted(set(draw(st.lists(st.sampled_from(statuses), max_size=3))) if statuses else []),
              "data": {}, "profile": {}} for name in names]
    players = draw(st.lists(st.fixed_dictionaries({"user_id": st.integers(0, 2 ** 63 - 1), "name": _text,
                                                   "side": _text}), max_size=3))
    return {"format": FORMAT, "version": 1, "exported_at": None,
            "game": {"system": system, "name": draw(st.none() | _text), "owner_id": ALICE.user_id,
                     "owner_name": ALICE.name, "turn": draw(st.integers(1, 1000)),
                     "phase": draw(st.none() | st.sampled_from(rules.phases)) if rules.phases else None,
                     "active_side": draw(st.none() | _text), "settings": {}, "players": players},
            "units": units}


def _normal(export: dict) -> dict:
    return {**export, "exported_at": None,
            "units": sorted(export["units"], key=lambda u: u["name"])}


def _run(body) -> object:
    path = Path(tempfile.gettempdir()) / f"referee-prop-{uuid.uuid4().hex}.db"

    async def main():
        store = await db.open_store(f"sqlite+aiosqlite:///{path}")
        try:
            return await body(store)
        finally:
            await store.close()
    try:
        return asyncio.run(main())
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(exports())
def test_export_then_import_is_the_identity_for_every_game(wanted):
    async def body(store):
        await store.start_game(GUILD, CHANNEL, ALICE, wanted["game"]["system"])
        await store.import_game(GUILD, CHANNEL, ALICE, parse_export_bytes(json.dumps(wanted).encode()))
        first = await store.export_game(GUILD, CHANNEL)
        await store.import_game(GUILD, CHANNEL, ALICE, parse_export_bytes(json.dumps(first).encode()))
        return first, await store.export_game(GUILD, CHANNEL)
    first, second = _run(body)
    assert _normal(first) == _normal(second)
    assert _normal(first) == _normal(wanted)


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20)


@st.composite
def near_exports(draw) -> object:
    """Mostly valid exports with one field swapped for arbitrary JSON, and arbitrary JSON."""
    if draw(st.booleans()):
        return draw(_json)
    export = _export()
    where = draw(st.sampled_from([export, export["game"], export["units"][0]]))
    where[draw(st.sampled_from(sorted(where)) | st.text(max_size=8))] = draw(_json)
    return export


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_exports())
def test_import_of_any_json_is_a_clear_error_or_an_exact_import(data):
    raw = json.dumps(data).encode()

    async def body(store):
        await store.start_game(GUILD, CHANNEL, ALICE, "epic")
        try:
            await store.import_game(GUILD, CHANNEL, ALICE, parse_export_bytes(raw))
        except UserError as exc:
            assert exc.msg.key in {"state.error.bad_import", "state.error.import_not_json", "state.error.bad_name",
                                   "state.error.import_other_game"}
            return None
        return await store.export_game(GUILD, CHANNEL)
    exported = _run(body)
    if exported is not None:
        back = json.loads(raw)
        assert [u["name"] for u in exported["units"]] == [" ".join(u["name"].split()) for u in back["units"]]
        assert exported["game"]["turn"] == back["game"].get("turn", 1)


async def test_a_free_status_tag_with_a_lone_surrogate_is_cleaned(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "hydrophilia", side="A")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Ныряльщик\udc00", 1)
    await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Ныряльщик\udc00", "горит\ud800", "status_on")],
                             Msg.of("state.event.turn", turn=1))
    assert (await store.find_unit(GUILD, CHANNEL, "Ныряльщик")).statuses == frozenset({"горит"})
    await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Ныряльщик\udc00", "горит\ud800", "status_off")],
                             Msg.of("state.event.turn", turn=1))
    assert (await store.find_unit(GUILD, CHANNEL, "Ныряльщик")).statuses == frozenset()
