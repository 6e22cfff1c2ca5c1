"""Rules the bot once read differently from the book (issue 11 §1–§2), each with its lines:
these fail on the old code."""
import dataclasses
from fractions import Fraction

from dice.roller import Roller
from games.commands import CommandContext, UnitRef
from games.horus_heresy.commands import reaction_command
from games.horus_heresy.melee import Fighter, fight
from games.horus_heresy.odds import fight_odds, shoot_odds
from games.horus_heresy.reactions import reaction_of
from games.horus_heresy.rolls import Saves
from games.horus_heresy.shooting import HHTarget, HHWeapon, shoot
from games.horus_heresy.state import condition
from games.state_base import UnitState


class FixedRoller(Roller):
    def __init__(self, faces):
        super().__init__()
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)

    def dice(self, count, sides=6):
        return [self.die(sides) for _ in range(count)]


# ---- unit state and reactions, once in the cog (horus_heresy.py:286-302) -----------------------

def test_condition_of_a_wounded_unit_and_a_vehicle():
    unit = UnitState("Terminators", "A", "unit", 5, 2, values={"wounds": 3}, statuses={"pinned"})
    assert condition(unit) == {"vehicle": False, "models": 4, "wounds": 2, "damage": 1, "pinned": True}
    rhino = UnitState("Rhino", "A", "vehicle", 3, values={"hull_points": 1}, statuses={"immobilised"})
    assert condition(rhino) == {"vehicle": True, "hull_points": 2, "immobilised": True}


def test_reaction_counts_the_whole_side_and_blocks_pinned_units():       # L431–445
    a = UnitState("A", "Loyal", "unit", 10, values={"reactions": 1})
    b = UnitState("B", "Loyal", "unit", 10)
    c = UnitState("C", "Traitor", "unit", 10)
    assert reaction_of(b, (a, b, c)).data["allowed"] is False              # base allowance 1, used by A
    assert reaction_of(c, (a, b, c)).data["allowed"] is True               # the other side counts its own
    assert reaction_of(b, (a, b, c), bonus=1).data["allowed"] is True
    b.statuses.add("pinned")
    assert reaction_of(b, (a, b, c), bonus=1).data["allowed"] is False


def test_reaction_needs_a_tracked_unit():
    import pytest
    from i18n import UserError
    with pytest.raises(UserError):
        reaction_command(CommandContext(None, {}), UnitRef("Nobody"), 0)


# ---- Feel No Pain is never taken against Instant Death, Eternal Warrior or not (L3009, L2983) ---

EW_TARGET = HHTarget(name="Praetor", toughness=4, models=1, wounds=2, saves=Saves(armour=2, invulnerable=5), fnp=5,
                     eternal_warrior=True)


def test_fnp_not_against_instant_death_on_eternal_warrior_odds():
    r = shoot_odds(5, HHWeapon(shots=3, strength=8, ap=2), EW_TARGET)
    # hit 2+ (5/6) · wound 2+ (5/6) · invulnerable 5+ fails 4/6, no FNP: 100/216 = 46.3% (the bot gave 30.9%)
    assert r.data["p_unsaved"] == Fraction(100, 216)


def test_fnp_not_rolled_against_instant_death_on_eternal_warrior():
    # to hit 6; to wound 6; invulnerable save 1 fails; no FNP dice: one wound, EW keeps the model (L2983)
    r = shoot(FixedRoller([6, 6, 1]), 5, HHWeapon(shots=1, strength=8, ap=2), EW_TARGET)
    assert r.data["unsaved"] == 1 and r.data["mitigated"] == 0 and r.data["models_removed"] == 0
    assert len(r.steps) == 3


# ---- +1 attack for charging (L1196); Hatred only in the first round (L3073) ------------------

def test_charging_models_get_one_more_attack():
    a = Fighter(name="A", models=2, attacks=2, initiative=5, charged=True)
    d = Fighter(name="D", models=1, initiative=1, toughness=10)
    r = fight(Roller.seeded(1), a, d)
    assert len(r.steps[0].dice) == 6                     # 2 models × (A2 + 1)


def test_charging_counts_in_the_odds():
    a = Fighter(name="A", models=1, attacks=1, ws=4, strength=4, initiative=5)
    d = Fighter(name="D", models=5, ws=4, toughness=4, initiative=1, attacks=0)
    plain = fight_odds(a, d).data["expected_a"]
    charged = fight_odds(Fighter(**{**a.__dict__, "charged": True}), d).data["expected_a"]
    assert charged == 2 * plain


def test_hatred_rerolls_only_in_the_first_round():
    a = Fighter(name="A", models=1, attacks=1, ws=4, initiative=5, hatred=True)
    d = Fighter(name="D", models=1, ws=4, toughness=10, initiative=1, attacks=0)
    first = fight(FixedRoller([2, 6]), a, d)
    assert first.steps[0].rerolled == [0]
    later = fight(FixedRoller([2]), a, d, first_round=False)
    assert later.steps[0].rerolled == []
    soft = Fighter(name="D", models=1, ws=4, toughness=4, initiative=1, attacks=0)
    # WS4 v WS4 hits on 4+ (1/2, 3/4 with the re-roll), S4 v T4 wounds on 4+, no save
    assert fight_odds(a, soft).data["expected_a"] == Fraction(3, 8)
    assert fight_odds(a, soft, first_round=False).data["expected_a"] == Fraction(1, 4)


# ---- a tracked unit's profile supplies what the command doesn't say (issue 10) ----------------

def _tacticals(**profile):
    return UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10, profile=profile))


def _shoot(ref, **options):
    from games.horus_heresy.commands import shoot_command
    o = dict(strength=4, toughness=None, bs=4, shots=12, hits=None, ap="4", rules=None, target=ref,
             shooter=UnitRef(None), models=None, wounds=None, save=None, invulnerable=None, cover=None,
             shrouded=None, fnp=None, eternal_warrior=None, fearless=None, leadership=None, evade=False)
    o.update(options)
    return shoot_command(CommandContext(Roller.seeded(7), {}), more_attacks=False, **o)


def test_the_targets_save_comes_from_its_profile_ap4_does_not_beat_3plus():
    ref = _tacticals(**{"t": 4, "w": 1, "sv": 3, "ld": 8})
    r = _shoot(ref)
    assert any(s.label.key == "combat_hh.step.save" for s in r.steps)         # the 3+ is rolled
    assert not any(m.key == "combat_hh.out.no_save" for m in r.outcome)
    froms = [m.params["what"] for m in r.notes if m.key == "combat_shared.note.from_profile"]
    assert froms == ["T", "Sv", "Ld"]


def test_an_option_overrides_the_profile_and_the_reply_says_so():
    r = _shoot(_tacticals(t=4, sv=3), save="2+")
    over = [m for m in r.notes if m.key == "combat_shared.note.override"]
    assert [(m.params["what"], m.params["value"], m.params["profile"]) for m in over] == [("Sv", 2, 3)]


def test_toughness_nobody_gave_is_refused_and_no_save_is_said():
    import pytest
    from i18n import UserError
    with pytest.raises(UserError) as err:
        _shoot(_tacticals())
    assert err.value.msg.key == "combat_shared.error.missing.value" and err.value.msg.params["option"] == "toughness"
    r = _shoot(_tacticals(), toughness=4)
    assert [m.params["what"] for m in r.notes if m.key == "combat_shared.note.assumed"] == ["Sv"]


def test_assault_reads_both_profiles_and_a_typed_value_overrides():
    from games.horus_heresy.commands import fighter
    ref = UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10,
                                      profile={"ws": 4, "s": 4, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 8, "sv": 3,
                                               "rules": {"hatred": True}}))
    from games.horus_heresy.commands import Reading
    reading = Reading()
    f = fighter(ref, "A2", None, None, reading)
    assert (f.ws, f.attacks, f.models, f.saves.armour, f.hatred) == (4, 2, 10, 3, True)
    assert [m.params["what"] for m in reading.notes if m.key == "combat_shared.note.override"] == ["A"]


def test_vehicle_armour_of_the_facing_comes_from_its_profile():
    from games.horus_heresy.commands import Reading, vehicle_target
    ref = UnitRef("Rhino", UnitState("Rhino", "Loyal", "vehicle", 3, profile={"front": 11, "side": 11, "rear": 10}))
    reading = Reading()
    assert vehicle_target(ref, None, None, None, None, None, "rear", reading).armour == 10
    assert reading.notes[0].params["what"] == "R"


# ---- /odds text and chart read one Distribution (issue 12) ----------------------------------

def test_shoot_odds_text_rows_equal_its_distribution():
    from i18n import Percent
    r = shoot_odds(4, HHWeapon(shots=6, strength=4, ap=5), HHTarget(models=5, toughness=4, saves=Saves(armour=3)))
    rows = {m.params["k"]: (m.params["p"], m.params["atleast"]) for m in r.outcome if m.key == "combat_hh.odds.models_row"}
    dist = r.distribution
    assert dist.dist.total() == 1
    for k, (p, atleast) in rows.items():
        assert (p, atleast) == (Percent(dist.dist[k]), Percent(dist.at_least(k)))
    assert dist.event_probability == dist.dist[5]


def test_vehicle_odds_text_equals_its_distribution():
    from i18n import Percent
    from games.horus_heresy.odds import vehicle_odds
    from games.horus_heresy.vehicles import HHVehicle
    r = vehicle_odds(4, HHWeapon(shots=3, strength=9, ap=1), HHVehicle("Rhino", 11, 3, Saves()))
    wrecked = next(m for m in r.outcome if m.key == "combat_hh.odds.wrecked")
    assert wrecked.params["p"] == Percent(r.distribution.event_probability) == Percent(r.distribution.dist[3])
    rows = {m.params["k"]: m.params["p"] for m in r.outcome if m.key == "combat_hh.odds.hp_row"}
    assert rows == {k: Percent(p) for k, p in r.distribution.dist.items() if p >= Fraction(1, 2000)}


# ---- pinned and crew shaken/stunned end with the unit's own next turn (L841, L2024–2025) -------

def test_pinned_clears_when_its_own_next_turn_is_over():
    from games.horus_heresy.state import RULES
    unit = UnitState("Тактики", "Loyal", "unit", 10, statuses={"pinned"})
    rhino = UnitState("Rhino", "Loyal", "vehicle", 3, statuses={"crew_shaken", "immobilised"})
    assert RULES.turn_started([unit, rhino], 3, {}) == []          # its own turn begins: still pinned
    assert "pinned" in unit.statuses and "crew_shaken" in rhino.statuses
    cleared = RULES.turn_started([unit, rhino], 4, {})              # its own turn is over
    assert [m.params["line"] for m in cleared] == [841, 2024]
    assert unit.statuses == set() and rhino.statuses == {"immobilised"}
    assert unit.values == {} and rhino.values == {}


def test_vehicle_snap_shots_show_bs_1():                        # L707; the step showed the real BS
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    r = shoot_vehicle(FixedRoller([6, 1]), 4, HHWeapon(shots=1, strength=4, snap=True), HHVehicle("Rhino", 11, 3, Saves()))
    assert r.steps[0].label.params["bs"] == 1 and r.steps[0].target == "6+"


# ---- templates, Wall of Death, Destroyer at units (L3353–3363, L982) --------------------------

def test_template_ignores_cover_by_itself():                    # L3355
    weapon = HHWeapon(strength=4, ap=None, template=True)
    r = shoot(FixedRoller([4, 1]), None, weapon, HHTarget(models=5, toughness=4, saves=Saves(armour=5, cover=4)), hits=1)
    save_steps = [s for s in r.steps if s.label.key == "combat_hh.step.save"]
    assert save_steps[0].label.params["kind"].key == "combat_hh.save.armour" and save_steps[0].target == "5+"


def test_wall_of_death_hits_d3_times():                         # L3363: D6 5 → D3 3 hits
    weapon = HHWeapon(strength=4, ap=5, template=True, snap=True)
    r = shoot(FixedRoller([5, 1, 1, 1]), 4, weapon, HHTarget(models=5, toughness=4))
    assert r.data["hits"] == 3 and r.steps[0].dice == [3]


def test_a_template_without_hits_or_snap_is_refused():
    import pytest
    from i18n import UserError
    with pytest.raises(UserError):
        shoot(FixedRoller([]), 4, HHWeapon(strength=4, template=True), HHTarget(models=5, toughness=4))


def test_destroyer_wounds_are_d3_on_one_model():                # L982
    # 2 hits given; to wound 6, 6; no save; D3: 6→3, 3→2 on W2 models: 2 + 2 = 4 wounds, 2 models
    weapon = HHWeapon(shots=2, strength=6, ap=1, destroyer=True)
    r = shoot(FixedRoller([6, 6, 6, 3]), None, weapon, HHTarget(name="T", models=5, wounds=2, toughness=4), hits=2)
    assert r.data["models_removed"] == 2 and r.data["wounds_lost"] == 4
    assert r.changes[0].amount == 4


# ---- characteristic tests (L271–293) and blast scatter (L2859–2867) ---------------------------

def test_characteristic_test_reads_the_profile_and_a_6_always_fails():
    from games.horus_heresy.commands import characteristic_command
    ref = UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10, profile={"t": 4}))
    r = characteristic_command(CommandContext(Roller.scripted([4]), {}), "t", None, 0, ref)
    assert r.data == {"passed": True, "roll": 4} and r.notes[0].key == "combat_shared.note.from_profile"
    r = characteristic_command(CommandContext(Roller.scripted([6]), {}), "t", None, 3, ref)
    assert r.data["passed"] is False                                        # 6 fails even at T7
    r = characteristic_command(CommandContext(Roller.scripted([]), {}), "i", 0, 0, UnitRef(None))
    assert r.data == {"passed": False, "roll": None}                         # 0 fails with no roll (L291)


def test_blast_scatter_is_2d6_less_bs_never_below_zero():
    from games.horus_heresy.tests_and_scatter import blast_scatter
    r = blast_scatter(Roller.scripted([3, 4, 3]), 4)                        # arrow; 7 − 4 = 3" (L2907's example)
    assert r.data == {"hit": False, "distance": 3}
    assert blast_scatter(Roller.scripted([5, 1, 2]), 4).data["distance"] == 0
    assert blast_scatter(Roller.scripted([1, 6, 6]), 4).data == {"hit": True, "distance": 0}
    told = blast_scatter(Roller.scripted([6, 6]), 2, hit=False)             # the player's own die: no note
    assert told.data["distance"] == 10 and not told.notes


# ---- §4: what the book leaves open is said; multiple-combat sweep ties (L1426) ----------------

def test_multiple_combat_sweep_tie_is_caught_single_follows_the_main_text():
    from games.horus_heresy.checks import sweeping_advance
    single = sweeping_advance(Roller.scripted([3, 3]), 4, 4)
    assert single.data["caught"] is False                                   # L1342 (default)
    multiple = sweeping_advance(Roller.scripted([3, 3]), 4, 4, multiple=True)
    assert multiple.data["caught"] is True and multiple.notes[-1].key == "combat_hh.house.sweep_tie.applied_multiple"


def test_rending_without_a_value_and_poisoned_in_melee_without_one_are_refused():
    import pytest
    from games.horus_heresy.commands import fighter
    from games.horus_heresy.special_rules import parse_rules
    from i18n import UserError
    with pytest.raises(UserError) as err:
        parse_rules("rending")                                               # L3261: «Раздирающее (X)»
    assert err.value.msg.key == "combat_hh.error.rule_no_number"
    assert parse_rules("poisoned") == {"poisoned": 4}                        # shooting: 4+ (L3215)
    with pytest.raises(UserError) as err:
        fighter(UnitRef(None), "WS4 S4 T4 W1 I4 A1", 5, "poisoned")          # melee: the book gives no number
    assert err.value.msg.key == "combat_hh.error.rule_no_number"
    assert fighter(UnitRef(None), "WS4 S4 T4 W1 I4 A1", 5, "poisoned 3").poisoned == 3


def test_evade_shrouds_vehicles_by_the_main_text_and_not_under_the_house_rule():    # L482 vs L4702
    from games.horus_heresy.commands import Reading, evaded
    reading = Reading()
    assert evaded(None, True, reading, vehicle=True) == "5"
    assert reading.notes[0].key == "combat_hh.house.evade.applied_vehicle"
    assert evaded(None, True, Reading(), vehicle=True, settings={"hh_evade_vehicles": "wounds_only"}) is None
    assert evaded("4+", True, Reading()) == "4"                              # the better Shrouded, not both


# ---- vehicles in melee (L2087–2093) ------------------------------------------------------------

def test_melee_against_a_vehicle_hits_ws1_rear_armour_and_counts_pen_as_two():
    from games.horus_heresy.melee_vehicle import fight_vehicle, vehicle_ws_need
    from games.horus_heresy.vehicles import HHVehicle
    assert vehicle_ws_need(4, False) == 2 and vehicle_ws_need(1, False) == 4 and vehicle_ws_need(1, True) == 2
    a = Fighter(name="Sgt", models=1, attacks=2, ws=4, strength=8, ap=2)
    # to hit 2+: 3, 1 → 1 hit; penetration D6 4 + S8 = 12 > rear 10: penetrating; damage table 1 (+1 AP2)
    r = fight_vehicle(FixedRoller([3, 1, 4, 1]), a, HHVehicle("Rhino", 10, 3, Saves(cover=4)))
    assert r.data["hits"] == 1 and r.data["penetrating"] == 1 and r.data["caused"] == 2
    assert not any(s.label.key == "combat_hh.step.vehicle_save" for s in r.steps)   # no cover in melee


def test_pinning_waits_for_the_firing_units_last_attack():                 # L3199
    weapon = HHWeapon(shots=1, strength=4, pinning=True)
    target = HHTarget(name="T", models=5, toughness=4, leadership=8)
    later = shoot(FixedRoller([6, 6]), 4, weapon, target, more_attacks=True)
    assert [m.key for m in later.outcome][-1] == "combat_hh.out.pinning_later" and len(later.steps) == 2
    now = shoot(FixedRoller([6, 6, 6, 6]), 4, weapon, target)
    assert now.steps[-1].label.key == "combat_hh.step.pinning" and now.changes[-1].track == "pinned"


def test_a_fighter_missing_a_characteristic_is_refused_not_defaulted():
    import pytest
    from games.horus_heresy.commands import Reading, fighter
    from i18n import UserError
    with pytest.raises(UserError) as err:
        fighter(UnitRef(None), "WS4 S4 T4", 5, None)                         # no I, no A
    assert err.value.msg.params["what"] == "I A"
    reading = Reading()
    fighter(UnitRef("X"), "WS4 S4 T4 I4 A1", 5, None, reading)
    assert [m.key for m in reading.notes] == ["combat_shared.note.assumed"]   # no save: said


# ---- Leadership is never assumed (issue 10: the loser's morale check used Ld 8 silently) -------

def test_a_loser_with_no_leadership_given_is_not_rolled_with_an_assumed_ld():
    a = Fighter(name="A", models=2, attacks=2, ws=4, strength=4, initiative=5, leadership=8)
    d = Fighter(name="D", models=5, ws=4, toughness=4, initiative=1, attacks=0)    # no Ld anywhere
    r = fight(FixedRoller([6, 6, 6, 6, 6, 6, 6, 6]), a, d)
    assert r.data["winner"] == "attacker" and r.data["morale_passed"] is None
    assert [m.render("en") for m in r.outcome][-1] == (
        "D's Leadership isn't known: roll its morale check at Ld − 4 with /check hh morale.")
    with_ld = fight(FixedRoller([6, 6, 6, 6, 6, 6, 6, 6, 2, 2]), a, Fighter(**{**d.__dict__, "leadership": 9}))
    assert with_ld.data["morale_passed"] is True                   # 2 + 2 ≤ 9 − 4


def test_fight_odds_carry_the_attackers_wounds_as_the_chart_and_the_text_agree():
    """issue 12: HH fight odds had no Distribution, so their reply drew no chart."""
    a = Fighter(name="A", models=3, attacks=2, ws=4, strength=4, initiative=4)
    d = Fighter(name="D", models=4, ws=4, toughness=4, initiative=4, attacks=1)
    r = fight_odds(a, d)
    dist = r.distribution
    assert dist.dist.total() == 1 and dist.mean() == r.data["expected_a"]
    assert dist.event_probability == r.data["p_attacker"]
    first = fight_odds(Fighter(**{**a.__dict__, "initiative": 5}), d)       # the attacker strikes first
    assert first.distribution.dist.total() == 1
    assert first.distribution.mean() == first.data["expected_a"]


# ---- super-heavy vehicles, knights and titans (L2266–2344) --------------------------------------

def test_a_super_heavy_ignores_crew_and_weapon_results_and_loses_d3_more_on_explodes():
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    heavy = HHVehicle("Baneblade", armour=12, hull_points=9, super_heavy=True)
    # hits: 1 pen die 6 → S9+6 = 15 > 12 penetrating; damage roll 6 (AP2 +1 = 7, explodes) → +D3 (roll 4 → 2)
    r = shoot_vehicle(FixedRoller([6, 6, 4]), None, HHWeapon(shots=1, strength=9, ap=2), heavy, hits=1)
    assert r.data["hp_lost"] == 3 and r.data["effects"] == []            # 1 for the hit + D3 = 2 (L2268)
    assert "combat_hh.note.super_heavy_explodes" in [m.key for m in r.notes]
    shaken = shoot_vehicle(FixedRoller([6, 1]), None, HHWeapon(shots=1, strength=9, ap=None), heavy, hits=1)
    assert shaken.data["hp_lost"] == 1 and shaken.data["effects"] == []       # crew shaken ignored (L2270)
    assert "combat_hh.note.super_heavy_ignores" in [m.key for m in shaken.notes]


def test_a_super_heavy_losing_its_last_hull_point_suffers_a_catastrophic_explosion():
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    last = HHVehicle("Warhound", armour=12, hull_points=1, super_heavy=True)
    # glancing hit (S6 + 6 = 12 = AV) takes the last hull point; then S7+D3 (2 → 1) AP4 within 6+D6" (5)
    r = shoot_vehicle(FixedRoller([6, 2, 5]), None, HHWeapon(shots=1, strength=6, ap=None), last, hits=1)
    assert r.data["left"] == 0
    assert [m.render("en") for m in r.outcome][-1] == (
        "Catastrophic damage: a hit at S8 AP4 on every model within 11\" of the hull; "
        "each unit hit takes one pinning test (L2278).")


def test_super_heavy_odds_count_the_d3_hull_points_and_never_explode():
    from games.horus_heresy.odds import vehicle_odds
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle
    weapon = HHWeapon(shots=1, strength=9, ap=2)
    heavy = vehicle_odds(None, weapon, HHVehicle("Baneblade", armour=12, hull_points=9, super_heavy=True), hits=1)
    assert heavy.data["p_explodes"] == 0 and sum(heavy.data["hull_points"].values()) == 1
    # a penetrating hit that rolls «explodes» (5+ with AP2's +1): 1/3 each of 2, 3 or 4 hull points
    plain = vehicle_odds(None, weapon, HHVehicle("Rhino", armour=12, hull_points=9), hits=1)
    assert heavy.data["hull_points"][4] == plain.data["p_explodes"] / 3


# ---- Sunder (L3331–3333) and Exoshock (L2985–2989) against vehicles --------------------------

def test_sunder_rerolls_a_failed_penetration_and_may_reroll_a_glance():
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    tank = HHVehicle("Rhino", armour=11, hull_points=3)
    # S6: first die 2 (8, nothing) → re-rolled 6 (12 > 11, penetrating) → damage roll 1 (shaken)
    r = shoot_vehicle(FixedRoller([2, 6, 1]), None, HHWeapon(shots=1, strength=6, sunder=True), tank, hits=1)
    assert (r.data["glancing"], r.data["penetrating"]) == (0, 1)
    # a glance (5 → 11 = AV) is re-rolled too and the second result stands, even if worse (3 → 9)
    g = shoot_vehicle(FixedRoller([5, 3]), None, HHWeapon(shots=1, strength=6, sunder=True), tank, hits=1)
    assert (g.data["glancing"], g.data["penetrating"]) == (0, 0)


def test_exoshock_adds_a_second_penetrating_hit_on_its_number():
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    tank = HHVehicle("Rhino", armour=11, hull_points=3)
    # S8 + 6 = 14 penetrating; Exoshock (4+) rolls 5: a second penetrating hit; damage rolls 1 and 2
    r = shoot_vehicle(FixedRoller([6, 5, 1, 2]), None, HHWeapon(shots=1, strength=8, exoshock=4), tank, hits=1)
    assert r.data["penetrating"] == 2 and r.data["hp_lost"] == 2
    miss = shoot_vehicle(FixedRoller([6, 3, 1]), None, HHWeapon(shots=1, strength=8, exoshock=4), tank, hits=1)
    assert miss.data["penetrating"] == 1 and miss.data["hp_lost"] == 1


def test_sunder_odds_match_the_reroll():
    from games.horus_heresy.odds import vehicle_hit_outcomes
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle
    tank = HHVehicle("Rhino", armour=11, hull_points=3)
    plain = vehicle_hit_outcomes(HHWeapon(strength=6), tank, "normal", False, False)
    sunder = vehicle_hit_outcomes(HHWeapon(strength=6, sunder=True), tank, "normal", False, False)
    # S6 vs AV11: 6 penetrates (1/6), 5 glances (1/6); Sunder re-rolls the other 5/6 once
    assert (plain["penetrating"], plain["glancing"]) == (Fraction(1, 6), Fraction(1, 6))
    assert sunder["penetrating"] == Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 6)
    assert sunder["glancing"] == Fraction(5, 6) * Fraction(1, 6)


# ---- Monster Hunter (L3173–3175) -----------------------------------------------------------

def test_monster_hunter_rerolls_failed_wounds_only_against_monstrous_targets():
    from games.horus_heresy.odds import p_unsaved_per_hit
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    hunter = HHWeapon(strength=4, monster_hunter=True)
    dread = HHTarget("Contemptor", toughness=4, monstrous=True)
    marines = HHTarget("Tacticals", toughness=4)
    # S4 v T4 wounds on 4+ (1/2); re-rolling failures: 3/4; no saves given
    assert p_unsaved_per_hit(hunter, dread) == Fraction(3, 4)
    assert p_unsaved_per_hit(hunter, marines) == Fraction(1, 2)
    r = shoot(FixedRoller([2, 6]), None, hunter, dread, hits=1)
    assert r.data["unsaved"] == 1 and r.steps[0].rerolled == [0]


# ---- Murderous Strike (X) (L3181–3183) ---------------------------------------------------------

def test_murderous_strike_wounds_at_x_plus_are_instant_death_saved_first_and_separately():
    from games.horus_heresy.rolls import Saves
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    # S4 v T4 (4+ to wound): rolls 6, 4 → one Murderous (6 ≥ 6+) and one ordinary wound.
    # Saves, the Murderous one first: 2 (fails), then 3 (fails). W2 models: the ID wound takes
    # one whole model, the ordinary one wounds the next.
    captains = HHTarget("Captains", toughness=4, models=3, wounds=2, saves=Saves(armour=4), fnp=5)
    r = shoot(FixedRoller([6, 4, 2, 3, 1]), None, HHWeapon(strength=4, murderous=6), captains, hits=2)
    assert r.data["models_removed"] == 1
    assert [s.label.key for s in r.steps] == ["combat_hh.step.to_wound", "combat_hh.step.save_murderous",
                                              "combat_hh.step.save", "combat_hh.step.fnp"]
    # Feel No Pain is rolled for the ordinary wound only (none against Instant Death, L3009)
    assert len(r.steps[3].dice) == 1


# ---- Deflagrate (L2969–2971) ---------------------------------------------------------------

def test_deflagrate_turns_each_unsaved_wound_into_another_hit_saved_as_usual():
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    # 2 hits at S4 v T4: wound on 5, 6; no save → 2 unsaved; Deflagrate: 2 more hits, wound on 4, 1 → 1 more
    squad = HHTarget("Tacticals", toughness=4, models=10)
    r = shoot(FixedRoller([5, 6, 4, 1]), None, HHWeapon(strength=4, deflagrate=True), squad, hits=2)
    assert r.data["models_removed"] == 3 and r.data["deflagrate_hits"] == 2
    assert [s.label.key for s in r.steps] == ["combat_hh.step.to_wound", "combat_hh.step.to_wound"]
    assert [(c.track, c.amount) for c in r.changes] == [("wounds", 2), ("wounds", 1)]


# ---- Master-crafted (L3169–3171, L699) -----------------------------------------------------

def test_master_crafted_rerolls_one_failed_hit_and_replaces_the_bs_table():
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    target = HHTarget("Tacticals", toughness=10, models=10)        # T10: nothing wounds, only hits count
    # BS4 hits on 3+: 1, 2, 5 → two misses; only the first is re-rolled (6), the 2 stands
    r = shoot(FixedRoller([1, 2, 5, 6]), 4, HHWeapon(shots=3, strength=4, master_crafted=True), target)
    assert r.data["hits"] == 2 and r.steps[0].rerolled == [0]
    # BS6 (re-roll to hit on 1s per the table) with Master-crafted: the table gives way (L699)
    bs6 = shoot(FixedRoller([1, 1, 4, 5]), 6, HHWeapon(shots=3, strength=4, master_crafted=True), target)
    assert bs6.steps[0].rerolled == [0]


# ---- Haywire against vehicles (L3077–3085) --------------------------------------------------

def test_haywire_replaces_the_penetration_roll_and_ignores_ap():
    from games.horus_heresy.odds import vehicle_hit_outcomes
    from games.horus_heresy.shooting import HHWeapon
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    land_raider = HHVehicle("Land Raider", armour=14, hull_points=4)
    # S3 can't hurt AV14 by the roll, but Haywire: 1 nothing, 3 glancing, 6 penetrating (damage 4: AP ignored)
    r = shoot_vehicle(FixedRoller([1, 3, 6, 4]), None, HHWeapon(shots=3, strength=3, ap=1, haywire=True),
                      land_raider, hits=3)
    assert (r.data["glancing"], r.data["penetrating"], r.data["hp_lost"]) == (1, 1, 2)
    assert r.data["effects"] == ["crew_stunned"]                   # 4 with no +2 for AP1
    odds = vehicle_hit_outcomes(HHWeapon(strength=3, haywire=True), land_raider, "normal", False, False)
    assert (odds["none"], odds["glancing"], odds["penetrating"]) == (Fraction(1, 6), Fraction(4, 6), Fraction(1, 6))


# ---- Precision Shots (X) (L3223–3227) --------------------------------------------------------

def test_precision_shots_are_counted_and_their_allocation_left_to_the_attacker():
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    target = HHTarget("Tacticals", toughness=10, models=10)
    r = shoot(FixedRoller([6, 4, 2]), 4, HHWeapon(shots=3, strength=4, precision=4), target)
    assert r.data["precision"] == 2
    assert [m.render("en") for m in r.outcome if m.key == "combat_hh.out.precision"] == [
        "Precision Shots: 2 hits at 4+ — their wounds go to models of the attacker's choice, in range and sight (L3225)."]


# ---- It Will Not Die (X) (L3153–3155) --------------------------------------------------------

def test_it_will_not_die_heals_the_wounded_model_at_the_end_of_its_own_turn():
    from games.horus_heresy.checks import it_will_not_die
    healed = it_will_not_die(FixedRoller([5]), need=5, damaged=1, unit="Fulgrim")
    assert healed.data["regained"] == 1
    assert [(c.track, c.op, c.amount) for c in healed.changes] == [("wounds", "add", -1)]
    not_healed = it_will_not_die(FixedRoller([4]), need=5, damaged=1, unit="Fulgrim")
    assert not_healed.data["regained"] == 0 and not_healed.changes == []
    tank = it_will_not_die(FixedRoller([6]), need=5, damaged=1, unit="Warhound", vehicle=True)
    assert [(c.track, c.amount) for c in tank.changes] == [("hull_points", -1)]


# ---- Hammer of Wrath (X) (L3065–3069) --------------------------------------------------------

def test_hammer_of_wrath_hits_automatically_at_unmodified_strength_and_ap_none():
    from games.horus_heresy.melee import hammer_of_wrath
    from games.horus_heresy.rolls import Saves
    from games.horus_heresy.shooting import HHTarget
    squad = HHTarget("Tacticals", toughness=4, models=5, saves=Saves(armour=3))
    # 2 automatic hits at S5 v T4 (3+): wound on 3, 2 → one; armour 3+ against AP-: rolls 1 → unsaved
    r = hammer_of_wrath(FixedRoller([3, 2, 1]), hits=2, strength=5, target=squad, attacker="Dreadnought")
    assert r.data["unsaved"] == 1 and r.data["models_removed"] == 1
    assert [m.key for m in r.notes][:1] == ["combat_hh.note.hammer_of_wrath"]


# ---- Concussive (X) (L2939–2945) ---------------------------------------------------------------

def test_concussive_is_one_leadership_test_and_a_failure_lowers_ws():
    from games.horus_heresy.checks import concussive
    failed = concussive(FixedRoller([6, 5]), leadership=8, penalty=2, unit="Tacticals")
    assert not failed.data["passed"]
    assert [m.render("en") for m in failed.outcome][-1] == (
        "Concussed: the unit's WS is 2 lower until the end of the next assault phase (L2941).")
    passed = concussive(FixedRoller([3, 4]), leadership=8, penalty=None, unit="Tacticals")
    assert passed.data["passed"] and passed.data["penalty"] == 1      # no number in brackets: −1 (L2941)


def test_armourbane_rerolls_failed_wounds_against_dreadnoughts_and_automata():
    # L2791: against an Automaton or Dreadnought Armourbane re-rolls failed wound rolls instead
    from games.horus_heresy.odds import p_unsaved_per_hit
    from games.horus_heresy.shooting import HHTarget, HHWeapon
    melta = HHWeapon(strength=4, armourbane=True)
    assert p_unsaved_per_hit(melta, HHTarget("Contemptor", toughness=4, dreadnought=True)) == Fraction(3, 4)
    assert p_unsaved_per_hit(melta, HHTarget("Tacticals", toughness=4)) == Fraction(1, 2)
    # a dreadnought is also a Monster Hunter's quarry (L3175)
    assert p_unsaved_per_hit(HHWeapon(strength=4, monster_hunter=True),
                             HHTarget("Contemptor", toughness=4, dreadnought=True)) == Fraction(3, 4)


# ---- /odds count Master-crafted, Murderous Strike, Deflagrate, Exoshock as the roll does ----
# Each figure is checked against every way the dice can fall in the roll itself (every_roll.py).

def _removed_by_roll(bs, weapon, target, hits=None):
    from tests.games.horus_heresy.every_roll import every_roll
    return every_roll(lambda roller: shoot(roller, bs, weapon, target, hits=hits).data["models_removed"])


def _as_dist(found):
    return tuple(found.get(k, Fraction(0)) for k in range(max(found) + 1))


def test_master_crafted_odds_reroll_the_first_failed_hit_as_the_roll_does():       # L3171, L699
    weapon = HHWeapon(shots=2, strength=4, master_crafted=True)
    target = HHTarget("Tacticals", toughness=1, models=10)                # S4 v T1: 2+ to wound, no save
    odds = shoot_odds(4, weapon, target)
    assert odds.distribution.dist.probabilities == _as_dist(_removed_by_roll(4, weapon, target))
    # 2 shots at 3+: no hit 1/27, one 6/27, two 20/27 (the failed one re-rolled once)
    assert odds.data["expected_hits"] == Fraction(6 + 40, 27)
    # BS6: the first roll needs 2+ and Master-crafted takes the table's place, re-rolling at 2+ too (L699)
    bs6 = shoot_odds(6, HHWeapon(shots=1, strength=4, master_crafted=True), target)
    assert bs6.data["expected_hits"] == Fraction(5, 6) + Fraction(1, 6) * Fraction(5, 6)
    assert [m.key for m in odds.notes] == ["combat_hh.note.odds_master_crafted"]


def test_murderous_strike_odds_count_its_instant_death_saved_apart_without_fnp():   # L3181–3183, L3009
    captains = HHTarget("Captains", toughness=4, models=2, wounds=2, saves=Saves(armour=4))
    weapon = HHWeapon(strength=4, murderous=5)
    odds = shoot_odds(None, weapon, captains, hits=2)
    assert odds.distribution.dist.probabilities == _as_dist(_removed_by_roll(None, weapon, captains, hits=2))
    # one hit, Feel No Pain 5+: a 5 or 6 to wound is Instant Death with no FNP; a 4 is ordinary and FNP'd
    one = HHTarget("Captain", toughness=4, models=1, wounds=1, saves=Saves(armour=4), fnp=5)
    odds1 = shoot_odds(None, weapon, one, hits=1)
    assert odds1.distribution.dist.probabilities == _as_dist(_removed_by_roll(None, weapon, one, hits=1))
    # P(removed) = 2/6 · 1/2 (Murderous, saved on 4+) + 1/6 · 1/2 · 2/3 (ordinary, then FNP 5+)
    assert odds1.distribution.event_probability == Fraction(1, 6) + Fraction(1, 18)


def test_deflagrate_odds_add_a_hit_per_unsaved_wound_as_the_roll_does():            # L2969–2971
    squad = HHTarget("Tacticals", toughness=4, models=3, saves=Saves(armour=5))
    weapon = HHWeapon(strength=4, deflagrate=True)
    odds = shoot_odds(None, weapon, squad, hits=1)
    assert odds.distribution.dist.probabilities == _as_dist(_removed_by_roll(None, weapon, squad, hits=1))
    # one hit: wounded (1/2) and unsaved (2/3) → 1/3; then one more hit, again 1/3
    assert odds.distribution.dist.probabilities == (Fraction(2, 3), Fraction(2, 9), Fraction(1, 9))
    # Feel No Pain: a wound it negates was still unsaved, so it still brings its extra hit (L2969)
    fnp = HHTarget("Tacticals", toughness=4, models=2, fnp=5)
    negated = shoot_odds(None, weapon, fnp, hits=1)
    assert negated.distribution.dist.probabilities == _as_dist(_removed_by_roll(None, weapon, fnp, hits=1))
    # wounded 1/2, of which FNP keeps 2/3 (1/3 removed) and negates 1/3 (1/6, nobody removed):
    # either way one more hit, removing a model with 1/3
    assert negated.distribution.dist.probabilities[0] == Fraction(1, 2) + Fraction(1, 6) * Fraction(2, 3)


def test_exoshock_odds_count_the_second_penetrating_hit_as_the_roll_does():         # L2987–2989
    from tests.games.horus_heresy.every_roll import every_roll
    from games.horus_heresy.odds import vehicle_odds
    from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
    rhino = HHVehicle("Rhino", armour=11, hull_points=2, saves=Saves(invulnerable=5))
    weapon = HHWeapon(strength=8, ap=3, exoshock=4)
    odds = vehicle_odds(None, weapon, rhino, hits=1)
    rolled = every_roll(lambda roller: shoot_vehicle(roller, None, weapon, rhino, hits=1).data["hp_lost"])
    assert odds.distribution.dist.probabilities == _as_dist(rolled)
    # S8 + D6 vs AV11: 3 glances, 4–6 penetrate; the 5+ invulnerable saves 1/3 of either; a
    # penetrating hit that stays brings a second on 4+ (1/2), which the invulnerable save may stop
    assert odds.distribution.event_probability == Fraction(1, 2) * Fraction(2, 3) * Fraction(1, 2) * Fraction(2, 3)
    assert [m.key for m in odds.notes][-1] == "combat_hh.note.odds_exoshock"


def test_the_odds_command_no_longer_refuses_these_rules():
    from games.horus_heresy.commands import shoot_odds_command, vehicle_odds_command
    ctx = CommandContext(roller=None, settings={})
    base = dict(strength=4, toughness=4, bs=4, shots=3, hits=None, ap=None, target=UnitRef("Tacticals"),
                shooter=UnitRef(None), models=5, wounds=1, save="3+", invulnerable=None, cover=None, shrouded=None,
                fnp=None, eternal_warrior=None, fearless=None, leadership=None, evade=False)
    for rules in ("master-crafted", "murderous strike 5", "deflagrate", "убийственный удар 6, дефлаграция"):
        r = shoot_odds_command(ctx, rules=rules, **base)
        assert r.distribution is not None and sum(r.distribution.dist.probabilities) == 1
    v = vehicle_odds_command(ctx, mode="normal", strength=8, armour=11, facing="front", bs=4, shots=2, hits=None,
                             ap="3", rules="exoshock 4", target=UnitRef("Rhino"), shooter=UnitRef(None),
                             hull_points=3, cover=None, invulnerable=None, shrouded=None, evade=False)
    assert sum(v.distribution.dist.probabilities) == 1


# ---- Concussive's WS penalty kept on the unit until the end of the next assault phase (L2939–2945)

def _concussed_unit(**values):
    return UnitState("Тактики", "Loyal", "unit", 10, values=dict(values),
                     profile={"ws": 4, "s": 4, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 8, "sv": 3})


def test_a_failed_concussive_test_is_stored_on_the_tracked_unit():
    from games.horus_heresy.commands import concussive_command
    from games.horus_heresy.state import RULES
    unit = _concussed_unit()
    # Ld 8: 6 + 5 = 11 fails; the test at the end of the shooting phase lasts to the coming assault's end
    r = concussive_command(CommandContext(FixedRoller([6, 5]), {}, in_game=True, phase="shooting"),
                           leadership=None, penalty=2, unit=UnitRef("Тактики", unit))
    assert [(c.track, c.op, c.amount) for c in r.changes] == [("concussed", "set", 2), ("concussed_assaults", "set", 1)]
    for change in r.changes:
        RULES.apply(unit, change, {})
    assert [m.render("en") for m in RULES.describe(unit)][-1] == (
        "concussed: WS −2 until the end of the next assault phase")
    # taken at the end of a combat: the next assault phase is the one after this; a smaller X keeps the larger
    r2 = concussive_command(CommandContext(FixedRoller([6, 6]), {}, in_game=True, phase="assault"),
                            leadership=None, penalty=1, unit=UnitRef("Тактики", unit))
    assert [(c.track, c.amount) for c in r2.changes] == [("concussed", 2), ("concussed_assaults", 2)]
    passed = concussive_command(CommandContext(FixedRoller([1, 2]), {}, in_game=True, phase="shooting"),
                                leadership=None, penalty=2, unit=UnitRef("Тактики", _concussed_unit()))
    assert passed.changes == []


def test_the_concussion_ends_with_the_next_assault_phase():
    from games.horus_heresy.state import RULES
    shot = _concussed_unit(concussed=2, concussed_assaults=1)       # failed at the end of shooting
    fought = _concussed_unit(concussed=1, concussed_assaults=2)     # failed at the end of a combat
    fought.name = "Катафракты"
    assert RULES.phase_changed([shot, fought], "shooting", "assault", {}) == []
    over = RULES.phase_changed([shot, fought], "assault", "end", {})
    assert [m.params["unit"] for m in over] == ["Тактики"] and shot.values == {}
    assert fought.values == {"concussed": 1, "concussed_assaults": 1}
    RULES.phase_changed([fought], "end", "start", {})                # the next player turn
    RULES.phase_changed([fought], "start", "movement", {})
    assert fought.get("concussed") == 1
    # skipping straight from shooting into the next turn passes that turn's assault phase too
    over = RULES.phase_changed([fought], "movement", "start", {})
    assert [m.params["x"] for m in over] == [1] and fought.values == {}


def test_melee_reads_the_lowered_ws_from_the_units_state():
    from games.horus_heresy.commands import Reading, fighter
    reading = Reading()
    f = fighter(UnitRef("Тактики", _concussed_unit(concussed=2, concussed_assaults=1)), None, None, None, reading)
    assert f.ws == 2
    assert [m.render("en") for m in reading.notes if m.key == "combat_hh.note.concussed_ws"] == [
        "\"Тактики\" is concussed: WS 4 − 2 = 2 until the end of the next assault phase (HH L2941)."]
    # WS 2 against WS 4 hits on 6+ by the table (L1220–1231; WS 4 would need 4+): the step says so
    enemy = Fighter(name="Foes", models=5, ws=4, strength=4, toughness=4, initiative=1)
    r = fight(FixedRoller([5, 1] + [1] * 20), f, enemy)
    assert (r.steps[0].target, r.steps[0].label.params["ws"]) == ("6+", 2)


def test_ws_zero_strikes_no_blow_and_is_hit_automatically():                 # L46, L108
    from games.horus_heresy.commands import Reading, fighter
    f = fighter(UnitRef("Тактики", _concussed_unit(concussed=5, concussed_assaults=1)), None, None, None, Reading())
    assert f.ws == 0                                                  # never below 0 (L46)
    enemy = Fighter(name="Foes", models=1, ws=4, strength=4, toughness=4, initiative=1, attacks=2)
    # Тактики strike first (I4) but can't; the foe's two blows hit without a roll, wound on 4, 3;
    # the 3+ save rolls 1; Тактики lose by 1 and pass their morale check on 2 + 2
    r = fight(FixedRoller([4, 3, 1, 2, 2]), dataclasses.replace(f, models=2), enemy)
    assert [m.key for m in r.outcome][:2] == ["combat_hh.out.initiative_step", "combat_hh.out.ws_zero_strikes"]
    assert [s.label.key for s in r.steps][:1] == ["combat_hh.step.to_wound"]
    assert r.data["d_caused"] == 1
    assert fight_odds(dataclasses.replace(f, models=2), enemy).data["p_attacker"] == 0


# ---- a mixed unit's second profile in melee, and Unwieldy (L1157–1161, L1218, L3405) -----------

def test_a_second_profile_is_read_as_players_type_it():
    from games.horus_heresy.second_profile import parse_second
    fist = parse_second("1 x A3 S8 AP2 I1 Unwieldy")
    assert (fist.models, fist.stats, fist.rules) == (1, {"a": 3, "s": 8, "ap": 2, "i": 1}, {"unwieldy": True})
    ru = parse_second("2х WS5 А2 С8 AP2 тяжеловесное, раздирающее 6")
    assert (ru.models, ru.stats, ru.rules) == (2, {"ws": 5, "a": 2, "s": 8, "ap": 2}, {"unwieldy": True, "rending": 6})


def test_unwieldy_strikes_at_initiative_one_unless_monstrous():                       # L3405
    fist = Fighter(name="Fists", models=1, ws=4, strength=8, toughness=4, initiative=4, attacks=1, unwieldy=True)
    foe = Fighter(name="Foes", models=1, ws=4, strength=4, toughness=4, initiative=3, attacks=1)
    # Foes (I3) strike first: hit 4, wound 1; then the fist at I1: hit 1
    r = fight(FixedRoller([4, 1, 1]), fist, foe)
    assert [s.label.params.get("side") for s in r.steps if s.label.key == "combat_hh.step.to_hit_ws"] == ["Foes", "Fists"]
    assert [m.params["i"] for m in r.outcome if m.key == "combat_hh.out.initiative_step"] == [3, 1]
    dread = dataclasses.replace(fist, monstrous=True)
    r2 = fight(FixedRoller([1, 4, 1]), dread, foe)
    assert [s.label.params.get("side") for s in r2.steps if s.label.key == "combat_hh.step.to_hit_ws"] == ["Fists", "Foes"]


def test_a_sergeants_power_fist_strikes_at_its_own_step_and_is_removed_last():
    sergeant = Fighter(name="Tacticals", models=1, ws=4, strength=8, toughness=4, initiative=1, attacks=2, ap=2,
                       unwieldy=True)
    squad = Fighter(name="Tacticals", models=3, ws=4, strength=4, toughness=4, initiative=4, attacks=1,
                    extra=sergeant)
    foes = Fighter(name="Foes", models=2, ws=4, strength=4, toughness=4, wounds=2, initiative=3, attacks=2)
    # I4: the two rank and file (3 models, 1 of them the sergeant) hit on 1, 1 → nothing.
    # I3: the foes' 4 blows hit on 4s and wound on 4, 4, 1, 1 → 2 wounds, no save: both rank and file die.
    # I1: the sergeant still strikes, 2 blows: hit 4, 4, wound S8 v T4 on 2, 2 → Instant Death, both W2 foes.
    r = fight(FixedRoller([1, 1, 4, 4, 4, 4, 4, 4, 1, 1, 4, 4, 2, 2]), squad, foes)
    hits = [(s.label.params["side"], len(s.dice)) for s in r.steps if s.label.key == "combat_hh.step.to_hit_ws"]
    assert [n for _, n in hits] == [2, 4, 2]
    assert hits[2][0].key == "combat_hh.word.second_profile" and hits[2][0].params["n"] == 1
    assert [m.params["i"] for m in r.outcome if m.key == "combat_hh.out.initiative_step"] == [4, 3, 1]
    assert (r.data["a_caused"], r.data["d_caused"], r.data["d_removed"], r.data["winner"]) == (4, 2, 2, "attacker")
    assert "combat_hh.note.unwieldy" in [m.key for m in r.notes]


def test_the_assault_command_takes_the_second_profile_from_the_option_or_the_units_profile():
    from games.horus_heresy.commands import Reading, fighter
    from games.horus_heresy.profile import PROFILE
    profile = PROFILE.parse("WS4 BS4 S4 T4 W1 I4 A1 Ld8 Sv3+ | 1 x A3 S8 AP2 I1 Unwieldy")
    assert profile["extra"] == "1 x A3 S8 AP2 I1 Unwieldy"
    assert [m.render("en") for m in PROFILE.describe(profile)][-1] == "Second profile: 1 x A3 S8 AP2 I1 Unwieldy"
    reading = Reading()
    f = fighter(UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10, profile=profile)), None, None, None,
                reading, charged=True)
    assert f.extra is not None
    assert (f.extra.models, f.extra.ws, f.extra.strength, f.extra.ap, f.extra.step, f.extra.attacks_now) == (1, 4, 8, 2, 1, 4)
    inherits = [m for m in reading.notes if m.key == "combat_hh.note.second_profile_inherits"]
    assert [m.params["what"] for m in inherits] == ["WS"]
    typed = fighter(UnitRef("Foes"), "WS4 S4 T4 W1 I4 A1", 5, None, Reading(), second="A2 S5 I4")
    assert typed.extra is not None and typed.extra.models == 1          # the number assumed, and said
    import pytest
    from i18n import UserError
    with pytest.raises(UserError):
        fighter(UnitRef("Foes"), "WS4 S4 T4 W1 I4 A1", 2, None, Reading(), second="2 x A2 S5")


def test_mixed_odds_go_step_by_step_exactly_and_agree_with_the_one_profile_odds():
    from i18n import Percent as pct
    plain = Fighter(name="A", models=4, ws=4, strength=4, toughness=4, initiative=5, attacks=2)
    same = dataclasses.replace(plain, extra=dataclasses.replace(plain, models=1))     # a second profile no different
    foes = Fighter(name="D", models=4, ws=4, strength=4, toughness=4, initiative=4, attacks=2)
    exact, steps = fight_odds(plain, foes), fight_odds(same, foes)
    assert steps.data["exact"] and steps.distribution is not None and steps.distribution.samples is None
    for key in ("p_attacker", "p_defender", "p_draw", "expected_a", "expected_d"):
        assert steps.data[key] == exact.data[key]
    assert steps.distribution.dist.probabilities == exact.distribution.dist.probabilities
    assert steps.outcome[0].params["p"] == pct(steps.distribution.event_probability)


def test_mixed_odds_count_the_fist_striking_last_as_the_roll_does():
    from tests.games.horus_heresy.every_roll import every_roll
    fist = Fighter(name="A", models=1, ws=4, strength=8, toughness=4, initiative=4, attacks=1, unwieldy=True)
    squad = Fighter(name="A", models=2, ws=4, strength=4, toughness=4, initiative=4, attacks=1, extra=fist)
    foe = Fighter(name="D", models=1, ws=4, strength=4, toughness=4, wounds=2, initiative=3, attacks=1)
    odds = fight_odds(squad, foe)
    rolled = every_roll(lambda roller: fight(roller, squad, foe).data["winner"])
    assert (odds.data["p_attacker"], odds.data["p_defender"], odds.data["p_draw"]) == (
        rolled.get("attacker", 0), rolled.get("defender", 0), rolled.get(None, 0))


def test_large_mixed_odds_are_a_seeded_estimate_within_its_margin():
    from games.horus_heresy.odds_mixed import fight_estimate
    plain = Fighter(name="A", models=4, ws=4, strength=4, toughness=4, initiative=4, attacks=2)
    same = dataclasses.replace(plain, extra=dataclasses.replace(plain, models=1))
    foes = Fighter(name="D", models=4, ws=4, strength=4, toughness=4, initiative=4, attacks=2)
    about = fight_estimate(same, foes)
    assert about.distribution is not None and about.distribution.samples == about.data["samples"] == 2000
    assert abs(about.data["p_attacker"] - fight_odds(plain, foes).data["p_attacker"]) < Fraction(3, 100)
    assert fight_estimate(same, foes).data == about.data                              # seeded: the same figures
    assert [m.params["n"] for m in about.notes if m.key == "combat_hh.note.estimate"] == [2000]
    assert about.outcome[0].key == "combat_hh.odds.fight_win_about"


def test_the_new_odds_texts_read_their_distribution():                               # issue 12
    from i18n import Percent as pct
    from games.horus_heresy.odds import vehicle_odds
    from games.horus_heresy.vehicles import HHVehicle
    r = shoot_odds(4, HHWeapon(shots=6, strength=4, ap=4, master_crafted=True, murderous=5, deflagrate=True),
                   HHTarget("Tacticals", toughness=4, models=5, saves=Saves(armour=3), fnp=6))
    rows = {m.params["k"]: (m.params["p"], m.params["atleast"]) for m in r.outcome if m.key == "combat_hh.odds.models_row"}
    assert sum(r.distribution.dist.probabilities) == 1 and rows
    for k, (p, atleast) in rows.items():
        assert (p, atleast) == (pct(r.distribution.dist.probabilities[k]), pct(r.distribution.at_least(k)))
    v = vehicle_odds(4, HHWeapon(shots=3, strength=8, ap=2, exoshock=5), HHVehicle("Rhino", 11, 3, Saves()))
    wrecked = next(m for m in v.outcome if m.key == "combat_hh.odds.wrecked")
    assert wrecked.params["p"] == pct(v.distribution.event_probability) == pct(v.distribution.dist.probabilities[3])


def test_a_dreadnoughts_profile_line_says_what_it_is_and_unwieldy_does_not_slow_it():   # L3405, L2791, L3175
    from games.horus_heresy.commands import Reading, fighter, shoot_target
    from games.horus_heresy.profile import PROFILE
    profile = PROFILE.parse("WS5 BS5 S6 T7 W3 I4 A3 Ld8 Sv2+, Дредноут")
    assert profile["rules"] == {"dreadnought": True}
    ref = UnitRef("Контемптор", UnitState("Контемптор", "Loyal", "unit", 1, per=3, profile=profile))
    reading = Reading()
    f = fighter(ref, None, None, "тяжеловесное", reading)
    assert (f.unwieldy, f.monstrous, f.step) == (True, True, 4)
    assert [m.render("ru") for m in reading.notes if m.key == "combat_shared.note.from_profile"][-1].startswith(
        "дредноут: ✓")
    typed = fighter(UnitRef("Foes"), "WS4 S8 T4 W1 I4 A1", 3, "unwieldy, monstrous", Reading())
    assert typed.step == 4
    assert shoot_target(ref, None, None, None, None, None, None, None, None, None, None, None).dreadnought


def test_instant_death_is_said_only_when_a_wound_is_one():                           # L783–785
    target = HHTarget("Tacticals", toughness=4, models=5)
    missed = shoot(FixedRoller([1]), None, HHWeapon(strength=8), target, hits=1)       # S8 v T4 fails to wound on 1
    assert "combat_hh.out.instant_death" not in [m.key for m in missed.outcome]
    landed = shoot(FixedRoller([2]), None, HHWeapon(strength=8), target, hits=1)
    assert "combat_hh.out.instant_death" in [m.key for m in landed.outcome] and landed.data["models_removed"] == 1


# ---- /odds count Destroyer against units (L982) and the Wall of Death (L3363) as the roll does ----

def test_destroyer_odds_against_a_unit_give_each_unsaved_wound_d3_wounds_as_the_roll_does():      # L982
    weapon = HHWeapon(shots=2, strength=4, destroyer=True)
    terminators = HHTarget("Terminators", toughness=4, models=3, wounds=2, saves=Saves(armour=5))
    odds = shoot_odds(4, weapon, terminators)
    assert odds.distribution.dist.probabilities == _as_dist(_removed_by_roll(4, weapon, terminators))
    # one automatic hit on W2 models, S4 v T4 (4+), no save that works at AP -: a D3 of 2 or 3 kills
    one = shoot_odds(None, HHWeapon(strength=4, destroyer=True), HHTarget("Tacticals", toughness=4, models=3, wounds=2),
                     hits=1)
    assert one.data["removed"] == {0: Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 3), 1: Fraction(1, 2) * Fraction(2, 3)}
    assert "combat_hh.note.destroyer_no_spill" in [m.key for m in one.notes]


def test_wall_of_death_odds_are_d3_automatic_hits_as_the_roll_does():                               # L3363
    flamer = HHWeapon(strength=4, ap=5, template=True, snap=True)
    squad = HHTarget("Tacticals", toughness=4, models=5, saves=Saves(armour=3))
    odds = shoot_odds(None, flamer, squad)
    assert odds.distribution.dist.probabilities == _as_dist(_removed_by_roll(None, flamer, squad))
    assert odds.data["expected_hits"] == 2                               # the mean of a D3
    assert [m.key for m in odds.notes] == ["combat_hh.note.odds_wall_of_death"]
