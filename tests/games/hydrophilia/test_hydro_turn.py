"""Гидрофилия's input parsers, profile, turn rules (ОД, drones) and the procedures added for
issue 11 §3 (initiative L152, СТИХИЙНОЕ L471, fuel containers L606), with scripted dice."""
from __future__ import annotations

import pytest

from dice.roller import Roller
from games.commands import UnitRef
from games.hydrophilia import other, turn
from games.hydrophilia.inputs import parse_artillery_damage, parse_defence, parse_stat_targets, parse_targets
from games.hydrophilia.profile import PROFILE, card_value
from games.hydrophilia.state import RULES
from games.state_base import UnitState
from i18n import UserError


def test_parsers_read_what_players_type_and_refuse_the_rest():
    assert parse_defence("4") == 4 and parse_defence("-") is None and parse_defence(" — ") is None
    for bad in ("0", "8", "x", ""):
        with pytest.raises(UserError):
            parse_defence(bad)
    assert parse_artillery_damage("4/2") == (4, 2) and parse_artillery_damage(" 10 / 5 ") == (10, 5)
    for bad in ("4", "61/2"):                                     # at most 60 damage dice, as an attack
        with pytest.raises(UserError):
            parse_artillery_damage(bad)
    [vika, drone] = parse_targets("Vika:9:4, Drone:8:-:cover")
    assert (vika.name, vika.dodge, vika.defence, vika.cover) == ("Vika", 9, 4, "none")
    assert (drone.dodge, drone.defence, drone.cover) == (8, None, "cover")
    for bad in ("Vika:9", "Vika:x:4", "Vika:9:4:bunker", ""):
        with pytest.raises(UserError):
            parse_targets(bad)
    assert [(t.name, t.defence) for t in parse_stat_targets("Vika:4,Drone:-")] == [("Vika", 4), ("Drone", None)]


def test_profile_from_the_card_and_values_read_from_it():
    card = PROFILE.parse("ОЗ 6 ДВЖ 6 УКЛ 9 ЗАЩ 4 КИБ 5 ПСИ - Навык 3")
    assert card == {"wounds": 6, "move": 6, "dodge": 9, "physical": 4, "em": 5, "mental": None, "skill": 3}
    drone = PROFILE.parse("ОЗ 2 УКЛ 10 ЗАЩ 3 дрон контролер: Вика")
    assert drone["drone"] is True and drone["controller"] == "Вика"
    assert PROFILE.parse("HP 4 DODGE 8 DEF 3 move 4.5")["move"] == 4.5
    with pytest.raises(UserError):
        PROFILE.parse("Сила 4")
    ref = UnitRef("Vika", UnitState("Vika", "Red", "model", 6, profile=card))
    notes: list = []
    assert card_value(ref, "dodge", None, "dodge", notes) == 9 and notes[0].key == "combat_shared.note.from_profile"
    assert card_value(ref, "dodge", 11, "dodge", notes) == 11 and notes[1].key == "combat_shared.note.override"
    assert card_value(ref, "mental", None, "defence", notes, dash_ok=True) is None     # immune (L308)
    with pytest.raises(UserError):
        card_value(UnitRef("Shadow"), "dodge", None, "dodge", [])                      # nobody gave it
    assert [m.key for m in PROFILE.describe(drone)][-1] == "hydro.profile.drone_line"


def test_drones_have_no_action_points_and_lose_them_without_the_link():
    drone = UnitState("D", "Red", "drone", 2)
    model = UnitState("M", "Red", "model", 6)
    RULES.new_unit(drone)
    RULES.new_unit(model)
    assert drone.get("action_points") == 0 and model.get("action_points") == 2       # L487, L57
    drone.put("action_points", 2)
    RULES.turn_started([drone, model], 2, {})
    assert drone.get("action_points") == 0 and model.get("action_points") == 2       # not given back
    drone.statuses.add("autonomous")
    from games.procedure import StateChange
    RULES.apply(drone, StateChange("D", "action_points", "set", 3), {})
    assert drone.get("action_points") == 0                                           # L499
    with pytest.raises(UserError):
        turn.give_drone_ap(drone, 2, "M")
    with pytest.raises(UserError):
        turn.give_drone_ap(model, 2, "M")                                            # not a drone
    assert not turn.give_drone_ap(None, 2, "M", typed="Spider").changes               # untracked: said only


def test_initiative_from_turn_three_with_the_second_players_bonus():
    with pytest.raises(UserError):
        other.initiative(Roller.scripted([3, 3]), turn=2)
    # A rolls 3, B rolls 2 +1 (went second last turn): a tie, rolled again; then 2 against 5 + 1.
    result = other.initiative(Roller.scripted([3, 2, 2, 5]), turn=3, second_b=1)
    assert result.data == {"a": 2, "b": 6, "winner": "b", "rolls": 2}
    assert [n.key for n in result.notes] == ["hydro.note.initiative_die", "hydro.note.initiative_tie"]
    assert other.initiative_bonus(9) == 5                                            # at most +5 (L152)


def test_elemental_after_effect_spends_an_action_point_or_checks_against_brn():
    vika = UnitState("Vika", "Red", "model", 6, values={"action_points": 2})
    spent = turn.elemental(Roller.scripted([]), vika, choice="ap", brn=None)
    assert [(c.track, c.amount) for c in spent.changes][0] == ("action_points", -1)
    with pytest.raises(UserError):                                                   # БРН: defined nowhere
        turn.elemental(Roller.scripted([6]), vika, choice="check", brn=None)
    checked = turn.elemental(Roller.scripted([5]), vika, choice="check", brn=4)
    assert checked.data["wounds"] == 1 and checked.notes[0].key == "hydro.note.brn_undefined"


def test_fuel_explosion_rolls_d3_damage_dice_per_model():
    targets = parse_stat_targets("Vika:4,Drone:-")
    # Vika: d6 5 → d3 3 dice [4, 1, 6] against ЗАЩ 4 → 2 wounds; Drone: d6 2 → d3 1, immune.
    result = other.fuel_explosion(Roller.scripted([5, 4, 1, 6, 2]), targets=targets)
    assert result.data["wounds"] == {"Vika": 2, "Drone": 0}
    as_wounds = other.fuel_explosion(Roller.scripted([5, 2]), targets=targets,
                                     settings={"hydro_fuel_damage": "wounds"})
    assert as_wounds.data["wounds"] == {"Vika": 3, "Drone": 1}


def test_attack_odds_text_reads_its_distribution():
    from i18n import Percent
    from games.hydrophilia import odds
    result = odds.attack_odds(skill=3, dodge=10, damage=3, defence=4)
    dist = result.distribution
    assert dist.event_probability == result.data["p_hit"] and dist.dist.total() == 1
    for m in (m for m in result.outcome if m.key == "combat2.odds.row"):
        assert m.params["exactly"] == Percent(dist.dist[m.params["k"]])
