"""Гидрофилия core: to-hit with the double 1 / double 6 rules, damage by nature and immunity,
artillery, drones, falls (rule vs its examples), moves, the book's examples, tables and odds."""
from __future__ import annotations

from games.registry import GAMES
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dice.roller import Roller
from games.hydrophilia import attack as A, odds, other, rules as H
from games.hydrophilia.tables import TABLES
from games.tables import tables
from i18n import UserError

BOOK = GAMES["hydrophilia"].book.file
LINES = BOOK.read_text(encoding="utf-8").splitlines()


def line(n: int) -> str:
    return LINES[n - 1]


def dice(*values) -> Roller:
    """Dice in the order given: the book's worked examples name the dice, not a seed."""
    return Roller.scripted(values)


def test_hit_check_and_the_two_doubles():
    assert "две единицы" in line(287) and "две шестёрки" in line(287)
    assert A.hit_check(1, 1, 20, 2) == (False, "double_one")
    assert A.hit_check(6, 6, -10, 40) == (True, "double_six")
    assert A.hit_check(3, 4, 3, 10) == (True, None)
    assert A.hit_check(3, 3, 3, 10) == (False, None)


def test_attack_hits_and_wounds_go_to_the_target():
    result = A.attack(dice(4, 3, 4, 1, 6), skill=3, dodge=10, damage=3, defence=4, target="Vika")
    assert result.data["hit"] and result.data["wounds"] == 2
    assert [(c.unit, c.track, c.amount) for c in result.changes] == [("Vika", "wounds", 2)]


def test_action_points_are_spent_hit_or_miss():
    result = A.attack(dice(1, 2), skill=0, dodge=12, damage=1, defence=4, attacker="Max", target="Vika", ap_cost=2)
    assert not result.data["hit"]
    assert [(c.unit, c.track, c.amount) for c in result.changes] == [("Max", "action_points", -2)]


def test_cover_repeat_attack_and_melee():
    result = A.attack(dice(5, 5), skill=3, dodge=10, damage=1, defence=4, cover="cover", repeat_attack=True)
    assert result.data["need"] == 14 and result.data["skill"] == 1 and not result.data["hit"]
    result = A.attack(dice(5, 5, 6), skill=3, dodge=10, damage=1, defence=4, cover="cover", melee=True)
    assert result.data["need"] == 12 and result.data["hit"]                    # +2, no cover (L337)


def test_shotgun_example_l470():
    # Тень: УКЛ 11 + 2 + 3 + 1 = 17, but against a shotgun it counts as 11.
    assert "11+2" not in line(470) and "11" in line(470) and "17" in line(470)
    result = A.attack(dice(4, 4), skill=0, dodge=11, damage=0, defence=4, cover="limited", extra_dodge=3, shotgun=True)
    assert result.data["need"] == 11


def test_penetrating_example_l469():
    # Cover +4, spend 2 of 5 damage dice → cover +2, 3 dice left.
    assert "+4-2=+2" in line(469) and "5-2=3" in line(469)
    assert A.piercing(2, "cover", False, 5) == (2, 3)
    result = A.attack(dice(4, 4, 6, 6, 6), skill=0, dodge=6, damage=5, defence=4, cover="cover", pierce=2)
    assert result.data["need"] == 8 and result.data["wounds"] == 3
    with pytest.raises(UserError):
        A.attack(dice(), skill=0, dodge=6, damage=5, defence=4, pierce=2)


def test_damage_immunity_and_armour_piercing():
    assert "прочерк" in line(308)
    result = A.attack(dice(), skill=3, dodge=2, damage=3, defence=None, damage_type="mental", target="Bot")
    assert result.data["immune"] and not result.changes and not result.steps          # not even rolled (L312)
    assert A.damage_target(5, armour_piercing=True) == 4 and A.damage_target(4, armour_piercing=True) == 4
    result = A.damage_only(dice(4, 3), dice=2, defence=5, armour_piercing=True, target="Tank")
    assert result.data["wounds"] == 1


def test_artillery_bands_and_every_target():
    assert "12" in line(353) and "9 или меньше" in line(357) and "+7" in line(364)
    assert [A.accuracy_band(t) for t in (13, 12, 11, 10, 9)] == ["precise", "precise", "imprecise", "imprecise", "failed"]
    targets = [A.ArtilleryTarget("Vika", 9, 4), A.ArtilleryTarget("Drone", 8, None), A.ArtilleryTarget("Max", 15, 3)]
    result = A.artillery(dice(3, 5, 1, 2, 4, 6, 1, 4, 4, 4, 3, 1), skill=2, targets=targets, precise_damage=4, imprecise_damage=2)
    # accuracy 3+5+2 = 10 → imprecise, 2 dice; Vika 1+2+7 = 10 ≥ 9 hit, dice 4, 6 → 2 wounds;
    # Drone 1+4+7 = 12 ≥ 8 hit but immune; Max 4+4+7 = 15 ≥ 15 hit, dice 3, 1 → 1 wound.
    assert result.data["band"] == "imprecise"
    assert result.data["wounds"] == {"Vika": 2, "Drone": 0, "Max": 1}
    assert [(c.unit, c.amount) for c in result.changes] == [("Vika", 2), ("Max", 1)]


def test_artillery_failed_accuracy_stops():
    result = A.artillery(dice(2, 3), skill=4, targets=[A.ArtilleryTarget("Vika", 9, 4)], precise_damage=4,
                         imprecise_damage=2)
    assert result.data["band"] == "failed" and not result.changes


def test_drone_link_break_table_and_status():
    assert "1" in line(493) and "2 или 3" in line(494) and "4,5 или 6" in line(495)
    assert [H.DRONE_BREAK[d] for d in range(1, 7)] == ["destroyed", "uncontrolled", "uncontrolled",
                                                     "autonomous", "autonomous", "autonomous"]
    result = other.drone_break(dice(2), drone="D1")
    assert {(c.track, c.op) for c in result.changes} == {("uncontrolled", "status_on"), ("action_points", "set")}
    change = other.drone_break(dice(1), drone="D1", wounds_to_destroy=3).changes[0]
    assert (change.track, change.op, change.amount) == ("wounds", "set", 3)


def test_falls_rule_versus_its_examples():
    assert "по 2 раны за каждый этаж" in line(521) and "2 раны за падение с разницей в 2 этажа" in line(521)
    assert [other.fall_wounds(f, None) for f in (1, 2, 3)] == [0, 4, 6]
    examples = {"hydro_fall_damage": "examples"}
    assert [other.fall_wounds(f, examples) for f in (1, 2, 3)] == [0, 2, 4]
    assert other.fall(floors=3, flying=True).data["wounds"] == 0


def test_moves_halve_example_l221():
    assert "6″" in line(221) and "1,5″" in line(221)
    assert [other.move_allowance(move=6, move_number=k).data["allowance"] for k in (1, 2, 3)] == [6, 3, 1.5]
    assert other.move_allowance(move=6, attacked=True).data["allowance"] == 3
    assert other.round_up(5 / 2) == 3                                          # L27


def test_tables_cell_by_cell():
    by_id = {t.id: t for t in TABLES}
    assert "1,2 равен одному, 3,4 — двум, 5,6 — трём" in line(25)
    assert by_id["d3"].rows == (("d3", "1", "1", "2", "2", "3", "3"),)
    assert all(int(by_id["d3"].rows[0][d]) == -(-d // 2) for d in range(1, 7))
    assert [r[0] for r in by_id["drone_break"].rows] == ["1", "2–3", "4–6"]
    assert "убирается со стола" in line(493) and by_id["drone_break"].rows[0][1] in line(493)
    assert [r[1] for r in by_id["dodge_modifiers"].rows[:2]] == ["+3", "+4"]
    assert {t.id for t in tables("hydrophilia")} == set(by_id)
    for table in TABLES:
        assert all(len(r) == len(table.columns) for r in table.rows)


# ---- odds -------------------------------------------------------------------------------------------

def test_odds_by_hand():
    assert odds.p_hit(3, 10) == Fraction(21, 36)            # 2d6 ≥ 7
    assert odds.p_hit(0, 40) == Fraction(1, 36)             # only a double six
    assert odds.p_hit(0, 2) == Fraction(35, 36)             # everything but a double one
    r = odds.attack_odds(skill=3, dodge=10, damage=2, defence=4)
    assert r.data["wounds"][2] == Fraction(21, 36) / 4
    assert odds.attack_odds(skill=3, dodge=10, damage=2, defence=None).data["wounds"].probabilities == (1, 0, 0)
    r = odds.artillery_odds(skill=2, dodge=9, precise_damage=4, imprecise_damage=2, defence=4)
    assert r.data["p_precise"] == Fraction(6, 36) and r.data["p_imprecise"] == Fraction(9, 36)


@settings(max_examples=80, deadline=None)
@given(skill=st.integers(-3, 8), dodge=st.integers(2, 20), damage=st.integers(0, 6), defence=st.integers(1, 7),
       cover=st.sampled_from(sorted(H.DEFENCE_BONUS)))
def test_odds_sum_to_one_and_cover_never_helps_the_attacker(skill, dodge, damage, defence, cover):
    open_ = odds.attack_odds(skill=skill, dodge=dodge, damage=damage, defence=defence)
    covered = odds.attack_odds(skill=skill, dodge=dodge, damage=damage, defence=defence, cover=cover)
    assert open_.data["wounds"].total() == 1 and covered.data["wounds"].total() == 1
    assert covered.data["p_hit"] <= open_.data["p_hit"]
    assert covered.data["wounds"].mean() <= open_.data["wounds"].mean()
    better = odds.attack_odds(skill=skill + 1, dodge=dodge, damage=damage, defence=defence, cover=cover)
    assert better.data["p_hit"] >= covered.data["p_hit"]


def test_game_length_d3_plus_five():
    assert "d3" in line(112) and "пять" in line(112)
    assert [other.game_length(dice(d)).data["turns"] for d in range(1, 7)] == [6, 6, 7, 7, 8, 8]


@settings(max_examples=40, deadline=None)
@given(skill=st.integers(-2, 8), dodge=st.integers(2, 18), precise=st.integers(0, 5), imprecise=st.integers(0, 5),
       defence=st.integers(1, 7))
def test_artillery_odds_sum_to_one_and_skill_helps(skill, dodge, precise, imprecise, defence):
    r = odds.artillery_odds(skill=skill, dodge=dodge, precise_damage=precise, imprecise_damage=imprecise, defence=defence)
    assert r.data["wounds"].total() == 1
    better = odds.artillery_odds(skill=skill + 1, dodge=dodge, precise_damage=precise, imprecise_damage=imprecise,
                                 defence=defence)
    assert better.data["p_precise"] + better.data["p_imprecise"] >= r.data["p_precise"] + r.data["p_imprecise"]
