"""Epic procedures with seeded dice: every number against the book, worked examples, exact odds
checked by hand, and properties (probabilities sum to 1, better modifiers never hurt)."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dice.roller import Roller
from games.epic import checks
from games.epic.aircraft import flak
from games.epic.assault import AssaultSide, assault
from games.epic.odds import assault_odds, shoot_odds
from games.epic.rolls import SaveProfile, hit_probability, roll_to_hit, save_fail_probability
from games.epic.shooting import EpicTarget, barrage, shoot
from games.epic.weapons import Weapon, parse_weapons
from i18n import UserError


class FixedRoller(Roller):
    """Dice in a given order, so a test can state exactly what was rolled."""

    def __init__(self, faces):
        super().__init__()
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)

    def dice(self, count, sides=6):
        return [self.die(sides) for _ in range(count)]

    def d3(self):
        return (self.die(6) + 1) // 2


# ---- weapons ---------------------------------------------------------------------------------

def test_parse_weapons_reads_datasheet_strings_and_cyrillic():
    ws = parse_weapons("4xAP5+, АТ4+ MW; D3хАР6+, 2xAT3+ TK(D3), AP4+ IC Disrupt, AP5+")
    assert [w.label() for w in ws] == ["5xAP5+", "AT4+ MW", "D3xAP6+", "2xAT3+ TK(D3)", "AP4+ IC Disrupt"]


@pytest.mark.parametrize("text", ["", "banana", "AP9+", "0xAP5+"])
def test_parse_weapons_rejects_nonsense(text):
    with pytest.raises(UserError):
        parse_weapons(text)


# ---- to hit (l.375–394) ---------------------------------------------------------------------

def test_natural_one_always_misses_even_with_sustained_fire():
    steps, hits = roll_to_hit(FixedRoller([1, 2, 6]), 3, 3, [type("M", (), {"value": 1})()], None)
    assert steps[0].target == "2+" and hits == 2     # 2 hits on 2+, the 1 misses (l.377)


def test_seven_plus_chain_needs_a_six_then_the_table_value():
    # AP6+ against a target in cover after Double: needs 8+ → 6 then 5+ (l.392)
    w = Weapon(count="3", kind="AP", value=6)
    t = EpicTarget("T", units=4, in_cover=True)
    r = shoot(FixedRoller([6, 6, 3, 5, 4]), [w], t, action="double")
    first, second = r.steps[0], r.steps[1]
    assert first.target.startswith("8+") and first.dice == [6, 6, 3] and first.successes == 2
    assert second.dice == [5, 4] and second.target == "5+" and second.successes == 1
    assert r.data["hits"] == 1


@pytest.mark.parametrize("need,p", [(2, Fraction(5, 6)), (6, Fraction(1, 6)), (7, Fraction(1, 12)),
                                    (8, Fraction(1, 18)), (9, Fraction(1, 36)), (10, Fraction(0)), (11, Fraction(0))])
def test_hit_probability_matches_the_seven_plus_table(need, p):
    assert hit_probability(need) == p


# ---- saves (l.396–402, 469, 676, 696, 790–806) ------------------------------------------------

def test_saves_best_of_armour_or_cover_with_crossfire_then_invulnerable():
    prof = SaveProfile(armour=5, cover_save=4, invulnerable=6)
    # cover 4+ → 5+ with crossfire; inv 6+
    assert save_fail_probability(prof, crossfire=True) == Fraction(4, 6) * Fraction(5, 6)


def test_macro_weapon_allows_only_reinforced_armour_or_invulnerable():
    assert save_fail_probability(SaveProfile(armour=3), macro=True) == 1
    assert save_fail_probability(SaveProfile(armour=3, reinforced=True), macro=True) == Fraction(2, 6) ** 2
    assert save_fail_probability(SaveProfile(armour=3, invulnerable=5), titan_killer=True) == Fraction(4, 6)


def test_reinforced_armour_rerolls_failed_armour_saves():
    t = EpicTarget("Tanks", units=3, saves=SaveProfile(armour=4, reinforced=True))
    # to hit: 5, 5 (AT4+); saves 2, 6; reroll of the 2: 4 → saved
    r = shoot(FixedRoller([5, 5, 2, 6, 4]), [Weapon(count="2", kind="AT", value=4)], t)
    save = r.steps[1]
    assert save.dice == [2, 6] and save.rerolled == [0] and save.rerolls == [4] and save.successes == 2
    assert r.data["kills"] == 0


# ---- blast markers and the break check (l.126, 366–373, 400, 406, 471) --------------------------

def test_blast_marker_for_a_hit_even_if_it_cannot_hurt_and_one_per_kill():
    t = EpicTarget("Guard", units=4, blast_markers=1, saves=SaveProfile(armour=5))
    # 3 shots AP4+: 4, 5, 1 → 2 hits; saves 1, 6 → 1 kill
    r = shoot(FixedRoller([4, 5, 1, 1, 6]), [Weapon(count="3", value=4)], t)
    assert r.data["hits"] == 2 and r.data["kills"] == 1
    assert r.data["blast_added"] == 2 and r.data["blast_after"] == 3     # 1 for the hits + 1 for the kill
    assert r.data["broken"] is True                                      # 3 BM ≥ 3 units left (l.406)
    assert [(c.track, c.op, c.amount) for c in r.changes] == [("units_lost", "add", 1), ("blast_markers", "add", 2)]


def test_blast_on_hit_house_rule_places_the_marker_before_rolling():
    t = EpicTarget("Guard", units=4)
    r = shoot(FixedRoller([2]), [Weapon(count="1", value=4)], t, settings={"blast_marker_on_hit": "always"})
    assert r.data["hits"] == 0 and r.data["blast_added"] == 1
    assert any(n.key == "combat_epic.house.blast_on_hit.applied_always" for n in r.notes)
    r = shoot(FixedRoller([2]), [Weapon(count="1", value=4)], t)
    assert r.data["blast_added"] == 0


def test_crossfire_first_casualty_gives_two_markers():
    t = EpicTarget("Guard", units=6, saves=SaveProfile(armour=5))
    # 2 hits, crossfire makes the 5+ save a 6+: saves 5, 3 → 2 kills
    r = shoot(FixedRoller([6, 6, 5, 3]), [Weapon(count="2", value=4)], t, crossfire=True)
    assert r.data["kills"] == 2 and r.data["blast_added"] == 1 + 2 + 1


def test_broken_formation_takes_hits_without_saves_instead_of_markers():
    t = EpicTarget("Guard", units=5, broken=True, saves=SaveProfile(armour=4))
    # 1 hit (6), save 1 → 1 kill; 2 would-be markers → 2 more kills, no save (l.614)
    r = shoot(FixedRoller([6, 1]), [Weapon(count="1", value=4)], t)
    assert r.data["kills"] == 3 and r.data["blast_added"] == 0
    assert not any(c.track == "blast_markers" for c in r.changes)


# ---- War Engines and Titan Killers (l.806–812, 850, 864, 868) ---------------------------------

def test_titan_killer_d3_rolls_damage_then_invulnerable_saves_then_criticals():
    t = EpicTarget("Warlord", dc=8, saves=SaveProfile(armour=4, invulnerable=6))
    # to hit AT3+: 4 → hit; TK(D3): a 5 → 3 points; invulnerable 6, 2, 2 → 2 lost; criticals 6, 1
    r = shoot(FixedRoller([4, 5, 6, 2, 2, 6, 1]), [Weapon(count="1", kind="AT", value=3, titan_killer="D3")], t)
    assert r.data["dc_lost"] == 2 and r.data["criticals"] == 1
    assert r.data["blast_added"] == 1 + 2
    assert ("damage", "add", 2) in [(c.track, c.op, c.amount) for c in r.changes]


def test_baneblade_under_the_template_centre_is_attacked_twice():
    # «Бэйнблейд, с DC3, будет атакован дважды» (l.850)
    t = EpicTarget("Baneblade", dc=3, saves=SaveProfile(armour=4))
    r = barrage(FixedRoller([1, 1]), 6, {"AT": 1}, t, we_centre=True)
    assert len(r.steps[0].dice) == 2 and r.steps[0].target == "5+"     # 6 BP: AT 5+
    r = barrage(FixedRoller([1]), 6, {"AT": 1}, t, we_centre=False)
    assert len(r.steps[0].dice) == 1
    assert r.data["extra_blast"] == 1 and r.data["blast_added"] == 1     # the table's extra marker (l.441)


def test_war_engine_damage_criticals_on_six():
    r = checks.war_engine_damage(FixedRoller([6, 3, 6]), 3, dc=8, formation="Reaver")
    assert r.data == {"points": 3, "lost": 3, "criticals": 2}


# ---- assault (l.545–584) -------------------------------------------------------------------

def test_assault_result_highest_of_2d6_with_every_modifier_and_loser_hits():
    a = AssaultSide("Orks", units=6, cc=4, saves=SaveProfile(armour=6))
    d = AssaultSide("Guard", units=3, cc=5, saves=SaveProfile(armour=5), blast_markers=1)
    faces = [4, 4, 1, 1, 1, 1,   # Orks CC 4+: 2 hits
             1, 1, 1,            # Guard CC 5+: 0 hits
             2, 6,               # Guard saves 5+: one fails
             3, 5,               # Orks result: highest 5
             6, 2]               # Guard result: highest 6
    r = assault(FixedRoller(faces), a, d)
    # Orks: 5 +1 kill +1 more units +1 twice as many (6 vs 2) +1 no BM +1 enemy more BM = 10; Guard 6
    assert (r.data["a_score"], r.data["d_score"]) == (10, 6)
    assert r.data["winner"] == "attacker" and r.data["loser_hits"] == 4
    assert r.data["d_lost"] == 3                     # 1 in the fight + 2 left, no saves
    keys = [m.label.key for m in r.steps[-2].modifiers]
    assert keys == ["combat_epic.mod.assault_kills", "combat_epic.mod.assault_more_units",
                    "combat_epic.mod.assault_double_units", "combat_epic.mod.assault_no_blast",
                    "combat_epic.mod.assault_enemy_blast"]


def test_assault_sum_house_rule_adds_both_dice():
    a = AssaultSide("A", units=2, cc=6)
    d = AssaultSide("D", units=2, cc=6)
    r = assault(FixedRoller([1, 1, 1, 1, 3, 4, 2, 2]), a, d, settings={"assault_result_roll": "sum"})
    assert (r.data["a_score"], r.data["d_score"]) == (7 + 1, 4 + 1)     # 3+4 and 2+2, +1 each for no Blast Markers
    assert any(n.key == "combat_epic.house.assault_roll.applied_sum" for n in r.notes)


def test_assault_tie_is_fought_again_with_first_round_losses_carried():
    a = AssaultSide("A", units=2, cc=6)
    d = AssaultSide("D", units=2, cc=6)
    faces = [1, 1, 1, 1, 3, 3, 3, 3,     # round 1: no hits, 3 vs 3 (+1 no BM each) → tie
             6, 1, 1, 1, 5, 5, 2, 2]     # round 2: A hits once (no save), 5+... vs 2+...
    r = assault(FixedRoller(faces), a, d)
    assert r.data["rounds"] == 2 and r.data["winner"] == "attacker"


def test_loser_that_was_already_broken_is_destroyed():
    a = AssaultSide("A", units=4, cc=6)
    d = AssaultSide("D", units=4, cc=6, broken=True)
    r = assault(FixedRoller([1] * 8 + [6, 6, 1, 1]), a, d)
    assert r.data["winner"] == "attacker" and r.data["loser_destroyed"]
    assert ("units_lost", "add", 4) in [(c.track, c.op, c.amount) for c in r.changes if c.unit == "D"]


# ---- tests (l.154–156, 212–222, 268–272, 596–628) -------------------------------------------

def test_action_test_with_blast_marker_and_retaining_needs_more():
    # A 3+ formation with a Blast Marker retaining the initiative needs a 5 (−1 −1, l.216, l.220)
    assert checks.action_test(FixedRoller([4]), 3, blast_markers=1, retaining=True).data["passed"] is False
    r = checks.action_test(FixedRoller([5]), 3, blast_markers=1, retaining=True, formation="Orks")
    # Passed: no marker; the formation is recorded as having acted this turn (L164)
    assert r.data["passed"] is True and [(c.track, c.op) for c in r.changes] == [("acted", "status_on")]
    r = checks.action_test(FixedRoller([2]), 3, formation="Orks")
    # Failed: a Blast Marker (L214) and only Hold this turn (L204; "hold" is action 8)
    assert [(c.track, c.amount) for c in r.changes] == [("blast_markers", 1), ("acted", 0), ("action", 8),
                                                        ("action_failed", 0)]


def test_rally_broken_with_enemy_near_needs_a_six_for_orks():
    # Ork formation (3+) broken with an enemy within 30 cm: D6 − 3 ≥ 3 → a 6
    assert checks.rally(FixedRoller([5]), 3, broken=True, units=4, enemy_within_30=True).data["passed"] is False
    r = checks.rally(FixedRoller([6]), 3, broken=True, units=5, enemy_within_30=True, formation="Orks")
    assert r.data["passed"] and r.data["blast_left"] == 2          # counts as 5, removes ⌈5/2⌉ = 3
    assert [(c.track, c.op, c.amount) for c in r.changes] == [("rally", "set", 1)]
    down = checks.rally(FixedRoller([6]), 3, broken=True, units=5, settings={"rally_rounding": "down"})
    assert down.data["blast_left"] == 3


def test_regroup_takes_the_highest_die_plus_leaders():
    r = checks.regroup(FixedRoller([2, 5]), 7, leaders=1, formation="X")
    assert r.data["removed"] == 6 and r.data["left"] == 1


def test_strategy_roll_and_dangerous_terrain():
    r = checks.strategy_roll(FixedRoller([3, 5]), 3, 1)
    assert (r.data["a"], r.data["b"], r.data["winner"]) == (6, 6, None)
    r = checks.dangerous_terrain(FixedRoller([1, 4, 1, 1, 5]), 3, careful=True, formation="X")
    assert r.data["lost"] == 1                 # two 1s rerolled: 1 and 5


def test_flak_moved_minus_one_and_one_blast_marker_per_approach():
    r = flak(FixedRoller([5, 6, 2, 3, 1]), 3, 5, save=4, moved=True, aircraft="Thunderbolts")
    # 5+ becomes 6+: the 6 hits; save 3 fails → 1 shot down; BM: 1 for being fired at + 1 lost
    assert r.data == {"hits": 1, "lost": 1, "blast": 2}
    r = flak(FixedRoller([6, 6]), 1, 5, save=4, jink=True, already_blasted=True)
    assert r.data["blast"] == 0


# ---- exact odds, by hand ------------------------------------------------------------------------

def test_shoot_odds_match_a_hand_calculation():
    # 2 shots AP4+ at 3 units with a 4+ save and 1 marker already:
    # per shot: hit 1/2, unsaved 1/2 → kill 1/4. P(0 kills) = 9/16, P(1) = 6/16, P(2) = 1/16.
    # Break (BM ≥ units left): BM = 1 + [any hit] + kills.
    #   2 kills → 1 left, BM 4: broken. 1 kill → 2 left, BM 1+1+1 = 3: broken.
    #   0 kills with ≥1 hit → 3 left, BM 2: not broken. So P(break) = 7/16.
    t = EpicTarget("Guard", units=3, blast_markers=1, saves=SaveProfile(armour=4))
    r = shoot_odds([Weapon(count="2", value=4)], t)
    assert r.data["kills"] == {0: Fraction(9, 16), 1: Fraction(6, 16), 2: Fraction(1, 16)}
    assert r.data["expected_hits"] == 1 and r.data["p_any_hit"] == Fraction(3, 4)
    assert r.data["p_break"] == Fraction(7, 16)


def test_assault_odds_of_a_bare_result_roll_by_hand():
    # No attack can hit (CC 6+ is still possible…): use sides with no dice in contact and no FF.
    a = AssaultSide("A", units=2, in_contact=0, cc=4)
    d = AssaultSide("D", units=2, in_contact=0, cc=4)
    r = assault_odds(a, d)
    # Both +1 (no BM): P(tie) for max(2D6) = Σ P(k)² = (1+9+25+49+81+121)/1296 = 286/1296
    tie = Fraction(286, 1296)
    assert float(r.data["p_attacker"]) == pytest.approx(float(r.data["p_defender"]), abs=1e-15)
    assert float(r.data["p_tie"]) == pytest.approx(float(tie * tie), abs=1e-15)  # tied twice: the second round is the same roll
    assert float(r.data["p_attacker"] + r.data["p_defender"] + r.data["p_tie"]) == pytest.approx(1, abs=1e-12)


# ---- properties -------------------------------------------------------------------------------

sizes = st.integers(min_value=1, max_value=5)


@settings(max_examples=40, deadline=None)
@given(shots=st.integers(1, 6), value=st.integers(2, 6), units=sizes, blast=st.integers(0, 4),
       armour=st.one_of(st.none(), st.integers(2, 6)), cover=st.booleans(), crossfire=st.booleans())
def test_shoot_odds_sum_to_one_and_better_to_hit_never_hurts(shots, value, units, blast, armour, cover, crossfire):
    t = EpicTarget("T", units=units, blast_markers=blast, saves=SaveProfile(armour=armour), in_cover=cover)
    r = shoot_odds([Weapon(count=str(shots), value=value)], t, crossfire=crossfire)
    assert sum(r.data["kills"].values()) == 1
    assert sum(r.data["blast"].values()) == 1
    better = shoot_odds([Weapon(count=str(shots), value=value)], t, action="sustained", crossfire=crossfire)
    assert better.data["expected_kills"] >= r.data["expected_kills"]
    assert better.data["p_break"] + better.data["p_destroyed"] >= r.data["p_break"] + r.data["p_destroyed"]
    worse = shoot_odds([Weapon(count=str(shots), value=value)], t, action="double", crossfire=crossfire)
    assert worse.data["expected_kills"] <= r.data["expected_kills"]


@settings(max_examples=25, deadline=None)
@given(a_units=st.integers(1, 3), d_units=st.integers(1, 3), cc=st.integers(3, 6), d_cc=st.integers(3, 6),
       mode=st.sampled_from(["highest", "sum"]))
def test_assault_odds_sum_to_one_and_better_cc_never_hurts(a_units, d_units, cc, d_cc, mode):
    s = {"assault_result_roll": mode}
    d = AssaultSide("D", units=d_units, cc=d_cc)
    r = assault_odds(AssaultSide("A", units=a_units, cc=cc), d, settings=s)
    assert float(r.data["p_attacker"] + r.data["p_defender"] + r.data["p_tie"]) == pytest.approx(1, abs=1e-12)
    better = assault_odds(AssaultSide("A", units=a_units, cc=cc - 1), d, settings=s)
    assert better.data["p_attacker"] >= r.data["p_attacker"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), shots=st.integers(1, 8), units=sizes)
def test_rolled_shooting_stays_inside_the_book(seed, shots, units):
    t = EpicTarget("T", units=units, saves=SaveProfile(armour=5))
    r = shoot(Roller.seeded(seed), [Weapon(count=str(shots), value=4)], t)
    assert 0 <= r.data["kills"] <= min(r.data["hits"], units)
    assert r.data["blast_added"] == (1 if r.data["hits"] else 0) + r.data["kills"]


def test_supporting_fire_adds_ff_dice_and_supporters_are_never_casualties():
    from games.epic.assault import parse_support
    assert parse_support("4x5+, 2х4+") == ((4, 5), (2, 4))
    with pytest.raises(UserError):
        parse_support("lots")
    a = AssaultSide("A", units=2, cc=6, support=((2, 4),))
    d = AssaultSide("D", units=2, cc=6)
    r = assault(FixedRoller([1, 1, 4, 5, 1, 1, 6, 6, 1, 1]), a, d)
    # CC 1, 1; support 4, 5 → 2 hits, no saves → D wiped out, A wins without a result roll
    assert r.data["winner"] == "attacker" and r.data["d_lost"] == 2 and r.data["a_lost"] == 0
    base = assault_odds(AssaultSide("A", units=2, cc=5), d)
    helped = assault_odds(AssaultSide("A", units=2, cc=5, support=((3, 4),)), d)
    assert helped.data["p_attacker"] > base.data["p_attacker"]
