"""Each game's state rules on their own: no database, no discord."""
from __future__ import annotations

import pytest

from games.house_rules import effective
from games.procedure import StateChange
from games.state_base import UnitState, rules_for
from i18n import UserError


def run(game: str, unit: UnitState, *changes: StateChange, settings: dict | None = None) -> list[str]:
    rules = rules_for(game)
    values = effective(game, settings)
    before = unit.copy()
    messages = []
    for change in changes:
        messages += rules.apply(unit, change, values)
    messages += rules.settle(unit, before, values)
    return [m.key for m in messages]


def add(unit, track, n=1, op="add"):
    return StateChange(unit.name, track, op, n)


# ---- Epic -------------------------------------------------------------------------------
def test_epic_breaks_when_markers_reach_units_and_removes_them():
    f = UnitState("Tactical", "Imperium", "formation", 4)
    assert run("epic", f, add(f, "blast_markers", 3)) == []
    assert f.get("blast_markers") == 3 and "broken" not in f.statuses
    assert run("epic", f, add(f, "blast_markers")) == ["state.epic.broke"]   # L602: ≥ units
    assert "broken" in f.statuses and f.get("blast_markers") == 0          # L604: markers removed


def test_epic_break_counts_units_lost_in_the_same_attack():
    f = UnitState("Tactical", "Imperium", "formation", 6)
    # 2 kills + 1 marker for the hit + 2 for the kills = 3 markers against 4 units left: holds.
    assert run("epic", f, add(f, "units_lost", 2), add(f, "blast_markers", 3)) == []
    # one more kill and its marker: 4 markers, 3 units left → broken.
    assert run("epic", f, add(f, "units_lost"), add(f, "blast_markers")) == ["state.epic.broke"]


def test_epic_broken_formation_takes_hits_instead_of_markers():
    f = UnitState("Tactical", "Imperium", "formation", 4, statuses={"broken"})
    assert run("epic", f, add(f, "blast_markers", 2)) == ["state.epic.broken_hits"]   # L612–614
    assert f.get("blast_markers") == 0


@pytest.mark.parametrize("rounding, markers, left", [("up", 3, 1), ("down", 3, 2), ("up", 1, 0), ("down", 1, 0),
                                                     ("up", 4, 2), ("down", 5, 3)])
def test_epic_rally_removes_half_with_the_rounding_setting(rounding, markers, left):
    f = UnitState("Tactical", "Imperium", "formation", 6, values={"blast_markers": markers})
    assert run("epic", f, add(f, "rally", 1, "set"), settings={"rally_rounding": rounding}) == ["state.epic.rallied"]
    assert f.get("blast_markers") == left          # L628, one marker always comes off


def test_epic_rally_of_a_broken_formation_restores_it_with_half_its_units_as_markers():
    f = UnitState("Tactical", "Imperium", "formation", 6, values={"units_lost": 1}, statuses={"broken"})
    assert run("epic", f, add(f, "rally", 2, "set")) == ["state.epic.rallied_broken"]
    # 5 units left → 5 markers, half rounded up (3) plus one Leader (L684) removed → 1.
    assert "broken" not in f.statuses and f.get("blast_markers") == 1


def test_epic_failed_rally_keeps_everything():
    f = UnitState("Tactical", "Imperium", "formation", 6, values={"blast_markers": 3})
    assert run("epic", f, add(f, "rally", 0, "set")) == ["state.epic.rally_failed"]
    assert f.get("blast_markers") == 3


def test_epic_war_engine_breaks_at_starting_dc_by_default():
    we = UnitState("Warlord", "Imperium", "war_engine", 8)
    run("epic", we, add(we, "dc_lost", 3), add(we, "blast_markers", 3))      # alias of "damage"
    assert we.get("damage") == 3 and "broken" not in we.statuses
    # 5 DC left: 5 markers would break it under "current", not under "start" (L868).
    we2 = we.copy()
    assert run("epic", we, add(we, "blast_markers", 2)) == []
    assert run("epic", we2, add(we2, "blast_markers", 2), settings={"epic_we_break_threshold": "current"}) == ["state.epic.broke", "state.epic.we_threshold"]


def test_epic_formation_destroyed_when_every_unit_is_lost():
    f = UnitState("Tactical", "Imperium", "formation", 2)
    assert run("epic", f, add(f, "units_lost", 5)) == ["state.epic.destroyed"]
    assert f.get("units_lost") == 2 and "destroyed" in f.statuses


def test_epic_damage_command_adds_a_marker_per_loss():
    f = UnitState("Tactical", "Imperium", "formation", 6)
    changes = rules_for("epic").damage(f, 2)
    assert [(c.track, c.amount) for c in changes] == [("units_lost", 2), ("blast_markers", 2)]


# ---- Warmaster --------------------------------------------------------------------------
def test_warmaster_hit_pool_removes_a_stand_each_time_it_reaches_hits():
    u = UnitState("Swordsmen", "Empire", "unit", 3, per=3)
    assert run("warmaster", u, add(u, "hits", 2)) == []
    assert u.get("hits") == 2 and u.get("stands_lost") == 0
    assert run("warmaster", u, add(u, "hits", 5)) == ["state.warmaster.stands_removed"]
    assert u.get("stands_lost") == 2 and u.get("hits") == 1        # 7 hits = 2 stands + 1 left over
    assert run("warmaster", u, add(u, "hits", 9)) == ["state.warmaster.stands_removed", "state.warmaster.destroyed"]
    assert u.get("stands_lost") == 3 and u.get("hits") == 0


def test_warmaster_leftover_hits_clear_after_shooting_but_carry_between_combat_rounds():
    rules = rules_for("warmaster")
    u = UnitState("Swordsmen", "Empire", "unit", 3, per=3, values={"hits": 2})
    assert rules.phase_changed([u], "combat", "combat", {}) == []
    assert u.get("hits") == 2                                      # L86: carried to the next round
    assert [m.key for m in rules.phase_changed([u], "shooting", "combat", {})] == ["state.warmaster.hits_cleared_shooting"]
    assert u.get("hits") == 0                                      # L76–78


def test_warmaster_confusion_ends_with_the_command_phase():
    rules = rules_for("warmaster")
    u = UnitState("Swordsmen", "Empire", "unit", 3, per=3, statuses={"confused"})
    rules.phase_changed([u], "command", "shooting", {})
    assert "confused" not in u.statuses                            # L56–58


# ---- Horus Heresy -----------------------------------------------------------------------
def test_horus_heresy_wounds_remove_models_wounded_first():
    u = UnitState("Terminators", "Loyalists", "unit", 5, per=2)
    assert run("horus_heresy", u, add(u, "wounds", 3)) == ["state.horus_heresy.models_removed"]
    assert u.get("wounds") == 3                                    # 1 model gone, 1 wounded
    run("horus_heresy", u, add(u, "models_lost", 1))               # instant death takes the wounded one
    assert u.get("wounds") == 4


def test_horus_heresy_vehicle_wrecked_at_zero_hull_points():
    v = UnitState("Rhino", "Loyalists", "vehicle", 3)
    assert run("horus_heresy", v, add(v, "hull_points", 3)) == ["state.horus_heresy.wrecked"]
    assert "wrecked" in v.statuses


# ---- Flames of War ----------------------------------------------------------------------
def test_flames_of_war_teams_and_pins():
    u = UnitState("Rifle platoon", "Allies", "unit", 8)
    run("flames_of_war", u, add(u, "teams_lost", 3), StateChange(u.name, "pinned", "status_on"))
    assert u.get("teams_destroyed") == 3 and "pinned" in u.statuses
    rules_for("flames_of_war").phase_changed([u], "shooting", "assault", {})


# ---- Гидрофилия ---------------------------------------------------------------------------
def test_hydrophilia_action_points_and_wounds():
    rules = rules_for("hydrophilia")
    m = UnitState("Ныряльщик", "A", "model", 3)
    rules.new_unit(m)
    assert m.get("action_points") == 2                             # L57
    run("hydrophilia", m, add(m, "action_points", -2))
    with pytest.raises(UserError):
        run("hydrophilia", m, add(m, "action_points", -1))
    rules.turn_started([m], 2, {})
    assert m.get("action_points") == 2
    assert run("hydrophilia", m, add(m, "wounds", 3)) == ["state.hydrophilia.destroyed"]
    run("hydrophilia", m, StateChange(m.name, "под водой", "status_on"))   # free tags from cards
    assert "под водой" in m.statuses


def test_unknown_status_is_a_user_error():
    u = UnitState("Tactical", "Imperium", "formation", 4)
    with pytest.raises(UserError):
        run("epic", u, StateChange(u.name, "confused", "status_on"))


def test_horus_heresy_reactions_reset_with_the_phase():
    rules = rules_for("horus_heresy")
    u = UnitState("Tacticals", "Loyalists", "unit", 10)
    run("horus_heresy", u, add(u, "reactions"))
    assert u.get("reactions") == 1
    rules.phase_changed([u], "shooting", "assault", {})
    assert u.get("reactions") == 0


@pytest.mark.parametrize("game, unit_type, track, op, status", [
    ("epic", "war_engine", "damage", "add", None), ("epic", "formation", "rally", "set", None),
    ("horus_heresy", "vehicle", "hull_points", "add", "crew_shaken"), ("horus_heresy", "unit", "models_lost", "add", "falling_back"),
    ("flames_of_war", "unit", "teams_destroyed", "set", "pinned"), ("flames_of_war", "unit", "hits", "add", None),
    ("warmaster", "unit", "command_penalty", "add", "confused"), ("warmaster", "unit", "stands_lost", "set", None),
    ("hydrophilia", "model", "action_points", "set", "неуправляем"),
])
def test_every_track_the_combat_procedures_emit_is_known(game, unit_type, track, op, status):
    u = UnitState("U", "S", unit_type, 4, per=2)
    changes = [StateChange("U", track, op, 1)] + ([StateChange("U", status, "status_on")] if status else [])
    run(game, u, *changes)


def test_horus_heresy_explodes_destroys_the_vehicle():
    v = UnitState("Rhino", "Loyalists", "vehicle", 3)
    run("horus_heresy", v, StateChange("Rhino", "explodes", "status_on"))
    assert {"explodes", "destroyed"} <= v.statuses
