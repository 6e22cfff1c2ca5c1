"""Rules the bot once read differently from the book (issue 11 §1–§2), each with its lines:
these fail on the old code."""
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
