"""Horus Heresy procedures with dice fixed or seeded: the book's worked examples, special rules,
vehicles, close combat, tests; exact odds checked by hand; properties."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dice.roller import Roller
from games.horus_heresy import checks
from games.horus_heresy.melee import fight, fighter_from, parse_profile
from games.horus_heresy.odds import fight_odds, p_hit_shooting, shoot_odds, vehicle_odds
from games.horus_heresy.reactions import reaction
from games.horus_heresy.rolls import Saves, best_save, bs_need, wound_need
from games.horus_heresy.shooting import HHTarget, HHWeapon, allocate, shoot
from games.horus_heresy.special_rules import parse_rules
from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
from i18n import UserError


class FixedRoller(Roller):
    def __init__(self, faces):
        super().__init__()
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)

    def dice(self, count, sides=6):
        return [self.die(sides) for _ in range(count)]

    def d3(self):
        return (self.die(6) + 1) // 2


# ---- worked examples from the book ---------------------------------------------------------

def test_bs2_needs_five_plus():                       # l.686: «BS 2 нуждается в результате броска 5 или больше»
    assert bs_need(2) == (5, None)


def test_bs7_pistol_rerolls_a_one_at_five_plus():     # l.697
    t = HHTarget("T", toughness=4, models=5)
    r = shoot(FixedRoller([1, 5, 1]), 7, HHWeapon(shots=1, strength=4), t)
    step = r.steps[0]
    assert step.dice == [1] and step.rerolls == [5] and step.target == "2/5" and r.data["hits"] == 1


def test_charge_five_plus_two_is_seven_and_surges_four():    # l.1129
    r = checks.charge(FixedRoller([2, 3]), 11, distance=8)
    assert r.data == {"distance": 7, "surge": 4}
    assert r.outcome[-1].key == "combat_hh.out.charge_failed"


def test_feel_no_pain_five_plus_negates_on_five_or_six():    # l.3013
    t = HHTarget("T", toughness=4, models=3, fnp=5)
    # hits 6, 6, 6; wounds 6, 6, 6 (S4 vs T4); no save; FNP 4, 5, 6 → 2 negated
    r = shoot(FixedRoller([6, 6, 6, 6, 6, 6, 4, 5, 6]), 4, HHWeapon(shots=3, strength=4), t)
    assert r.data["unsaved"] == 3 and r.data["mitigated"] == 2 and r.data["models_removed"] == 1


def test_rending_five_plus_wounds_automatically_at_ap2():    # l.3265, l.3269
    t = HHTarget("T", toughness=8, models=5, saves=Saves(armour=2))
    # S3 can't wound T8; hits 3, 3; wounds 5, 4 → one rend; AP2 vs 2+ → no armour save
    r = shoot(FixedRoller([3, 3, 5, 4]), 4, HHWeapon(shots=2, strength=3, rending=5), t)
    assert r.data["rending"] == 1 and r.data["unsaved"] == 1


def test_strength_modifiers_example():               # l.50: S4 ×2 +1 = 9 is the caller's; the table takes 1–10
    assert wound_need(9, 4) == 2 and wound_need(4, 8) is None


# ---- saves, mitigation, instant death, allocation ------------------------------------------

def test_ap_equal_or_better_than_save_removes_it():   # l.809–811
    assert best_save(Saves(armour=3), 3) == (None, None)
    assert best_save(Saves(armour=3), 4) == (3, "armour")
    assert best_save(Saves(armour=3, invulnerable=5, cover=4), 2) == (4, "cover")
    assert best_save(Saves(armour=3, cover=4), 2, melee=True) == (None, None)   # no cover in melee (l.1286)


def test_instant_death_removes_whole_models_and_eternal_warrior_one_wound():
    assert allocate(3, 3, 1, 0, 2, False) == (2, 0, 2 + 3)        # wounded model first, then a fresh one
    assert allocate(3, 3, 0, 2, 0, False) == (0, 2, 2)
    assert allocate(3, 3, 0, 0, 2, True) == (0, 2, 2)


def test_gets_hot_counts_natural_ones_after_rerolls():
    # two 1s, both rerolled (Twin-linked): 1 and 4 → only the 1 that stays hurts the firer (l.3055);
    # the 4 hits, wound roll 1 fails
    r = shoot(FixedRoller([1, 1, 1, 4, 1]), 4, HHWeapon(shots=2, strength=4, gets_hot=True, twin_linked=True),
              HHTarget("T", models=2))
    hot = [o for o in r.outcome if o.key == "combat_hh.out.gets_hot"]
    assert len(hot) == 1 and hot[0].params["n"] == 1 and r.data["hits"] == 1


def test_pinning_test_after_unsaved_wounds():
    t = HHTarget("T", models=5, leadership=7)
    # hit 6, wound 6, no save → 1 unsaved; pinning test 6 + 6 = 12 fails
    r = shoot(FixedRoller([6, 6, 6, 6]), 4, HHWeapon(shots=1, strength=4, pinning=True), t)
    assert r.data["unsaved"] == 1
    assert [c.track for c in r.changes] == ["wounds", "pinned"]


def test_special_rules_parse_both_languages():
    assert parse_rules("Rending (5+), спаренное, отравленное, FNP 5+") == {
        "rending": 5, "twin_linked": True, "poisoned": 4, "fnp": 5}
    with pytest.raises(UserError):
        parse_rules("banana")


# ---- vehicles ----------------------------------------------------------------------------------

def test_penetration_glancing_penetrating_and_damage_with_ap1():
    v = HHVehicle("Rhino", armour=11, hull_points=3)
    # hits given: 2; pen dice 2 (9+2 = 11 glancing), 3 (12 penetrating); damage 5 + 2 (AP1) = 7 explodes
    r = shoot_vehicle(FixedRoller([2, 3, 5]), None, HHWeapon(strength=9, ap=1), v, hits=2)
    assert (r.data["glancing"], r.data["penetrating"], r.data["hp_lost"]) == (1, 1, 2)
    assert r.data["effects"] == ["explodes"]
    assert [(c.track, c.op) for c in r.changes] == [("hull_points", "add"), ("explodes", "status_on")]


def test_ordnance_takes_the_highest_and_destroyer_drops_the_lowest():
    v = HHVehicle("LR", armour=14, hull_points=4)
    r = shoot_vehicle(FixedRoller([2, 5, 6]), None, HHWeapon(strength=9, ap=2), v, hits=1, mode="ordnance")
    assert r.data["penetrating"] == 0 and r.data["glancing"] == 1          # 5 + 9 = 14: glancing
    # 3D6 1, 3, 4 → 3 + 4 + S10 = 17 > 14 penetrating; D3 hull points: a 5 → 3; damage roll 2
    r = shoot_vehicle(FixedRoller([1, 3, 4, 5, 2]), None, HHWeapon(strength=10), v, hits=1, mode="destroyer")
    assert r.data["penetrating"] == 1 and r.data["hp_lost"] == 3 and r.data["effects"] == ["crew_shaken"]


def test_cover_save_cancels_a_glancing_hit():
    v = HHVehicle("Rhino", armour=11, hull_points=3, saves=Saves(cover=6))
    r = shoot_vehicle(FixedRoller([2, 6]), None, HHWeapon(strength=9), v, hits=1)
    assert r.data["glancing"] == 1 and r.data["hp_lost"] == 0


def test_second_immobilised_costs_another_hull_point():
    v = HHVehicle("Rhino", armour=10, hull_points=3, immobilised=True)
    r = shoot_vehicle(FixedRoller([6, 6]), None, HHWeapon(strength=9), v, hits=1)
    assert r.data["effects"] == ["immobilised"] and r.data["hp_lost"] == 2


# ---- close combat ------------------------------------------------------------------------------

def test_profile_parsing():
    assert parse_profile("WS4 S4 T4 W1 I4 A2 Ld8 Sv3+ Inv5+ AP-") == {
        "ws": 4, "s": 4, "t": 4, "w": 1, "i": 4, "a": 2, "ld": 8, "sv": 3, "inv": 5, "ap": None}
    with pytest.raises(UserError):
        parse_profile("hello")


def test_fight_faster_side_strikes_first_and_loser_tests_morale():
    a = fighter_from(parse_profile("WS5 S4 T4 W1 I5 A1 Ld8 Sv3+"), name="A", models=2)
    d = fighter_from(parse_profile("WS4 S4 T4 W1 I4 A1 Ld7 Sv5+"), name="D", models=2)
    faces = [3, 3,        # A WS5 vs WS4: 3+ → 2 hits
             4, 4,        # wounds 4+ → 2
             1, 6,        # saves 5+: one fails → D loses 1 model
             4,           # D (1 model left) WS4 vs WS5: 5+ → miss
             6, 6]        # D morale at Ld 7 − 1: 12 fails
    r = fight(FixedRoller(faces), a, d)
    assert r.data["d_removed"] == 1 and r.data["a_caused"] == 1 and r.data["d_caused"] == 0
    assert r.data["winner"] == "attacker" and r.data["morale_passed"] is False
    assert ("D", "falling_back", "status_on") in [(c.unit, c.track, c.op) for c in r.changes]


def test_morale_double_one_always_passes():
    r = checks.morale_check(FixedRoller([1, 1]), 2, lost_by=5, unit="X")
    assert r.data["passed"] is True and r.changes == []


def test_leadership_12_always_fails():
    assert checks.leadership_test(FixedRoller([6, 6]), 12).data["passed"] is False


def test_reaction_allowance_one_per_phase_at_most_three():
    assert reaction("U", 0, False).data == {"allowed": True, "allowance": 1, "used": 1}
    assert reaction("U", 1, False).data["allowed"] is False
    assert reaction("U", 2, False, bonus=5).data == {"allowed": True, "allowance": 3, "used": 3}
    assert reaction("U", 0, True).data["allowed"] is False
    assert reaction("U", 0, False, blocked=True).data["allowed"] is False
    r = reaction("U", 0, False, phase="shooting", settings={"hh_reaction_timing": "after_saves"})
    assert r.notes[0].params["timing"].key == "combat_hh.house.reaction_timing.after_saves"


# ---- exact odds, by hand -----------------------------------------------------------------------

def test_shoot_odds_by_hand():
    # BS4 (3+): 2/3. S4 vs T4: 1/2. Sv3+ vs AP5: fails 1/3. Per shot 2/3·1/2·1/3 = 1/9.
    t = HHTarget("T", toughness=4, models=10, saves=Saves(armour=3))
    r = shoot_odds(4, HHWeapon(shots=2, strength=4, ap=5), t)
    assert r.data["p_unsaved"] == Fraction(1, 9)
    assert r.data["removed"] == {0: Fraction(64, 81), 1: Fraction(16, 81), 2: Fraction(1, 81)}
    # Twin-linked BS4: 2/3 + 1/3·2/3 = 8/9; BS7: 5/6 + 1/6·2/6 = 8/9 as well
    assert p_hit_shooting(4, HHWeapon(twin_linked=True)) == Fraction(8, 9)
    assert p_hit_shooting(7, HHWeapon()) == Fraction(8, 9)


def test_vehicle_odds_by_hand():
    # S9 vs AV11, one hit, no saves: D6 = 2 glancing (1/6), 3–6 penetrating (4/6).
    # AP1: damage D6 + 2 ≥ 7 on a 5 or 6 → explodes 1/3 of penetrating hits.
    r = vehicle_odds(None, HHWeapon(strength=9, ap=1), HHVehicle("R", armour=11, hull_points=3), hits=1)
    assert r.data["per_hit"]["glancing"] == Fraction(1, 6)
    assert r.data["per_hit"]["penetrating"] == Fraction(4, 6)
    assert r.data["p_explodes"] == Fraction(4, 6) * Fraction(1, 3)
    assert r.data["hull_points"] == {0: Fraction(1, 6), 1: Fraction(5, 6)}


# ---- properties ---------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(bs=st.integers(1, 10), shots=st.integers(1, 8), s=st.integers(1, 10), t=st.integers(1, 10),
       sv=st.one_of(st.none(), st.integers(2, 6)), ap=st.one_of(st.none(), st.integers(1, 6)),
       models=st.integers(1, 6), w=st.integers(1, 3), twin=st.booleans())
def test_shoot_odds_sum_to_one_and_more_strength_or_bs_never_hurts(bs, shots, s, t, sv, ap, models, w, twin):
    target = HHTarget("T", toughness=t, models=models, wounds=w, saves=Saves(armour=sv))
    base = shoot_odds(bs, HHWeapon(shots=shots, strength=s, ap=ap, twin_linked=twin), target)
    assert sum(base.data["removed"].values()) == 1
    if s < 10:
        stronger = shoot_odds(bs, HHWeapon(shots=shots, strength=s + 1, ap=ap, twin_linked=twin), target)
        assert stronger.data["p_unsaved"] >= base.data["p_unsaved"]
    if bs < 10:
        better = shoot_odds(bs + 1, HHWeapon(shots=shots, strength=s, ap=ap, twin_linked=twin), target)
        assert better.data["p_hit"] >= base.data["p_hit"]


@settings(max_examples=40, deadline=None)
@given(s=st.integers(3, 10), av=st.integers(9, 14), hp=st.integers(1, 4), hits=st.integers(1, 4),
       mode=st.sampled_from(["normal", "ordnance", "destroyer"]))
def test_vehicle_odds_sum_to_one_and_strength_never_hurts(s, av, hp, hits, mode):
    v = HHVehicle("V", armour=av, hull_points=hp)
    base = vehicle_odds(None, HHWeapon(strength=s), v, hits=hits, mode=mode)
    assert sum(base.data["hull_points"].values()) == 1
    assert sum(base.data["per_hit"].values()) == 1
    if s < 10:
        stronger = vehicle_odds(None, HHWeapon(strength=s + 1), v, hits=hits, mode=mode)
        assert stronger.data["p_wrecked"] >= base.data["p_wrecked"]


@settings(max_examples=25, deadline=None)
@given(ws=st.integers(1, 9), i=st.integers(1, 6), models=st.integers(1, 3))
def test_fight_odds_sum_to_one_and_better_ws_never_hurts(ws, i, models):
    d = fighter_from(parse_profile("WS4 S4 T4 W1 I4 A1 Ld8 Sv4+"), name="D", models=2)
    a = fighter_from(parse_profile(f"WS{ws} S4 T4 W1 I{i} A1 Ld8 Sv4+"), name="A", models=models)
    a2 = fighter_from(parse_profile(f"WS{ws + 1} S4 T4 W1 I{i} A1 Ld8 Sv4+"), name="A", models=models)
    base, better = fight_odds(a, d), fight_odds(a2, d)
    assert base.data["p_attacker"] + base.data["p_defender"] + base.data["p_draw"] == 1
    assert better.data["expected_a"] >= base.data["expected_a"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), shots=st.integers(1, 10), models=st.integers(1, 5), w=st.integers(1, 3))
def test_rolled_shooting_never_removes_more_than_the_unit(seed, shots, models, w):
    t = HHTarget("T", toughness=4, models=models, wounds=w, saves=Saves(armour=4))
    r = shoot(Roller.seeded(seed), 4, HHWeapon(shots=shots, strength=5), t)
    assert 0 <= r.data["models_removed"] <= models
    assert r.data["unsaved"] <= r.data["wounds"] <= r.data["hits"] <= shots


def test_sweeping_advance_tie_escapes_by_default_and_is_caught_under_the_house_rule():
    r = checks.sweeping_advance(FixedRoller([3, 4]), 4, 3, loser="X", loser_models=4)
    assert r.data["caught"] is False and r.data["winner"] == r.data["loser"] == 7
    assert r.notes[0].key == "combat_hh.house.sweep_tie.applied_escapes"
    r = checks.sweeping_advance(FixedRoller([3, 4]), 4, 3, loser="X", loser_models=4,
                                settings={"hh_sweep_tie": "caught"})
    assert r.data["caught"] is True and [(c.track, c.amount) for c in r.changes] == [("models_lost", 4)]
    r = checks.sweeping_advance(FixedRoller([1, 5, 6]), 3, 4, winner_crusader=True)    # Crusader keeps the 5
    assert r.data["winner"] == 8 and r.data["loser"] == 10 and r.data["caught"] is False


def test_template_hits_skip_the_to_hit_roll():
    t = HHTarget("T", toughness=3, models=5, saves=Saves(armour=4, cover=4))
    # 3 automatic hits, S4 vs T3 wounds on 3+: 3, 2, 6 → 2 wounds; Ignores Cover: armour 4+ only: 1, 5
    r = shoot(FixedRoller([3, 2, 6, 1, 5]), None, HHWeapon(strength=4, ignores_cover=True), t, hits=3)
    assert r.steps[0].label.key == "combat_hh.step.to_wound" and r.data["unsaved"] == 1
    assert shoot_odds(None, HHWeapon(strength=4), t, hits=3).data["expected_hits"] == 3


def test_poisoned_rerolls_failed_wounds_in_melee_when_stronger():
    from games.horus_heresy.odds import p_unsaved_per_hit
    t = HHTarget("T", toughness=3, models=5)
    melee = p_unsaved_per_hit(HHWeapon(strength=4, poisoned=4), t, melee=True)
    shooting = p_unsaved_per_hit(HHWeapon(strength=4, poisoned=4), t)
    assert shooting == Fraction(4, 6) and melee == Fraction(4, 6) + Fraction(2, 6) * Fraction(4, 6)
