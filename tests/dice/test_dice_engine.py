"""The dice engine through its public API: notation, modes, marks, limits, errors."""
import json
from fractions import Fraction

import pytest

import dice
from dice import DiceError, DiceLimitError, DiceSyntaxError, Roller


def roll(expr, game=None, seed=1, **kw):
    return dice.roll(expr, game=game, roller=Roller.seeded(seed), **kw)




@pytest.mark.parametrize("expr", ["10к6 4+", "10к6 на 4+", "10D6 4+", "10Д6 4+", "10д6 4+",
                                  "10d6 on 4+", "10 d6 4+", "10d6  4+", "10 кубов на 4+", "10xd6 4+"])
def test_success_counting_spellings_agree(expr):
    r = roll(expr)
    ref = roll("10d6 4+")
    assert r.mode == "successes"
    assert [d.value for d in r.dice] == [d.value for d in ref.dice]
    assert r.successes == sum(1 for d in r.dice if d.value >= 4)
    assert r.probability_kind == dice.AT_LEAST_SUCCESSES


def test_successes_counted_per_die_with_scripted_faces():
    r = dice.roll("5d6 4+", roller=Roller.scripted([1, 4, 6, 3, 5]))
    assert [d.value for d in r.dice] == [1, 4, 6, 3, 5]
    assert [d.success for d in r.dice] == [0, 1, 1, 0, 1]
    assert r.successes == 3
    # P(at least 3 of 5 at 1/2) = 16/32
    assert r.probability == Fraction(1, 2)
    assert r.expected == Fraction(5, 2)
    assert r.target == "4+"


@pytest.mark.parametrize("expr", ["5d6 4+ rr1", "5к6 4+ переброс единиц", "5d6 4+ reroll 1s", "5d6 4+ reroll ones",
                                  "5D6 4+ RR1", "5д6 на 4+ перебросить единицы", "5к6 4+ переброс всех единиц",
                                  "5d6 4+ reroll all 1s", "5к6 4+ переброс единичек", "5d6 rr1 4+"])
def test_reroll_ones_once(expr):
    r = dice.roll(expr, roller=Roller.scripted([1, 1, 4, 1, 3, 2, 6]))
    # each die is rolled in turn; the two 1s are rerolled once: to 1 (stays) and to 3
    assert [d.history for d in r.dice] == [[1, 1], [4], [1, 3], [2], [6]]
    assert [d.rerolled for d in r.dice] == [True, False, True, False, False]
    assert r.successes == 2
    assert "rr1" in r.expression


def test_reroll_fails_and_successes():
    r = dice.roll("3d6 4+ reroll fails", roller=Roller.scripted([2, 6, 5, 3, 1]))
    assert [d.value for d in r.dice] == [6, 5, 1]
    assert r.successes == 2
    r = dice.roll("3к6 4+ переброс провалов", roller=Roller.scripted([2, 6, 5, 3, 1]))
    assert r.successes == 2
    r = dice.roll("2d6 4+ reroll successes", roller=Roller.scripted([5, 3, 2]))
    assert [d.value for d in r.dice] == [3, 2]
    assert r.successes == 0


def test_sixes_double_and_explode():
    r = dice.roll("3d6 4+ 6s double", roller=Roller.scripted([6, 4, 1]))
    assert [d.success for d in r.dice] == [2, 1, 0]
    assert r.successes == 3
    r = dice.roll("3к6 4+ шестерки двойные", roller=Roller.scripted([6, 4, 1]))
    assert r.successes == 3
    r = dice.roll("2d6 4+ 6s explode", roller=Roller.scripted([6, 6, 2, 3]))
    assert [(d.value, d.exploded, d.extra) for d in r.dice] == [(6, True, False), (6, True, True), (2, False, True), (3, False, False)]
    assert r.successes == 2


def test_roll_under_test_is_a_sum():
    r = dice.roll("2d6 <= 8", roller=Roller.scripted([3, 4]))
    assert r.mode == "test" and r.total == 7 and r.passed is True
    assert r.probability == Fraction(26, 36)
    assert r.probability_kind == dice.PASS
    r = dice.roll("2d6 ≤ 8", roller=Roller.scripted([5, 4]))
    assert r.passed is False and r.total == 9


def test_sum_against_target():
    r = dice.roll("2d6+3 >= 10", roller=Roller.scripted([3, 4]))
    assert r.mode == "test" and r.total == 10 and r.passed
    assert r.probability == Fraction(21, 36)
    assert r.expected == 10
    # a parenthesised pool compared with >= is a sum, not a count
    assert roll("(2d6)>=4").mode == "test"
    # a target no die can reach on a bare pool is a sum too
    assert roll("2d6>=10").mode == "test"


def test_highest_and_lowest_of_2d6():
    r = dice.roll("2d6 highest", roller=Roller.scripted([2, 5]))
    assert r.total == 5 and [d.dropped for d in r.dice] == [True, False]
    assert r.probability == Fraction(1) - Fraction(4, 6) ** 2   # max ≥ 5
    r = dice.roll("2к6 наименьший", roller=Roller.scripted([2, 5]))
    assert r.total == 2
    r = dice.roll("2d6kl1", roller=Roller.scripted([2, 5]))
    assert r.total == 2


def test_keep_drop_reroll_until_min_max_explode():
    r = dice.roll("4d6kh3", roller=Roller.scripted([1, 5, 3, 6]))
    assert r.total == 14 and [d.dropped for d in r.dice] == [True, False, False, False]
    r = dice.roll("4d6p1", roller=Roller.scripted([1, 5, 1, 6]))
    assert r.total == 11
    r = dice.roll("2d6rr1", roller=Roller.scripted([1, 1, 4, 2]))
    assert [d.rolls for d in r.dice] == [[1, 1, 4], [2]]
    r = dice.roll("2d6ro1", roller=Roller.scripted([1, 1, 2]))
    assert [d.rolls for d in r.dice] == [[1, 1], [2]]
    r = dice.roll("3d6mi3", roller=Roller.scripted([1, 5, 2]))
    assert [d.value for d in r.dice] == [3, 5, 3] and r.dice[0].forced
    r = dice.roll("2d6ma4", roller=Roller.scripted([6, 2]))
    assert r.total == 6
    r = dice.roll("1d6e6", roller=Roller.scripted([6, 6, 3]))
    assert r.total == 15 and len(r.dice) == 3


def test_d3_d66_percent():
    r = roll("D3")
    assert 1 <= r.total <= 3 and r.expected == 2
    r = dice.roll("D66", roller=Roller.scripted([3, 5]))
    assert r.total == 35 and r.expected == Fraction(77, 2)
    assert r.probability == Fraction(6 * 3 + 2, 36)  # tens 3 with units ≥ 5, or tens 4–6
    r = dice.roll("d%", roller=Roller.scripted([42]))
    assert r.total == 42 and r.expected == Fraction(101, 2)


def test_arithmetic_and_lookalikes():
    assert dice.roll("2х3", roller=Roller.scripted([])).total if False else True
    r = dice.roll("2*d6+1", roller=Roller.scripted([4]))
    assert r.total == 9
    r = dice.roll("2xd6", roller=Roller.scripted([4, 3]))   # two dice (issue 10 §4), not 2 × 1d6
    assert r.total == 7 and r.expression == "2d6"
    r = dice.roll("2 х д6", roller=Roller.scripted([4, 3]))   # Cyrillic х and д
    assert r.total == 7
    r = dice.roll("d6−1", roller=Roller.scripted([4]))      # a typographic minus
    assert r.total == 3
    r = dice.roll("d6/2", roller=Roller.scripted([3]))
    assert r.total == 1.5


def test_epic_seven_plus_chain():
    # 7+: a 6, then 4+ (epic.md L391)
    r = dice.roll("3d6 7+", game="epic", roller=Roller.scripted([6, 4, 6, 3, 5]))
    assert [(d.value, d.chain, d.success) for d in r.dice] == [(6, [4], 1), (6, [3], 0), (5, [], 0)]
    assert r.successes == 1
    assert r.target == "7+ (6, 4+)"
    assert [m.render("ru") for m in r.details if m.key == "dice.detail.chain"] == [
        "7+ по правилам игры «Эпик: Армагеддон»: сначала 6, затем 4+ (Epic L386–394)."]
    assert dice.target_chain("epic", 7) == (6, 4)
    assert dice.target_chain("epic", 8) == (6, 5)
    assert dice.target_chain("epic", 9) == (6, 6)
    assert dice.target_chain("epic", 10) is None
    assert dice.success_probability("epic", 7) == Fraction(1, 12)
    assert dice.success_probability("epic", 9) == Fraction(1, 36)
    assert dice.success_probability("epic", 10) == 0
    assert dice.success_probability("epic", 1) == Fraction(5, 6)   # a 1 always misses (L377)
    r = dice.roll("3d6 1+", game="epic", roller=Roller.scripted([1, 2, 6]))
    assert [m.render("ru") for m in r.notes] == [
        "В игре «Эпик: Армагеддон» 1 на кубике — всегда провал: 1+ считается как 2+ (Epic L377)."]


def test_epic_20d6_seven_plus_probability():
    r = roll("20d6 7+", game="epic")
    assert r.expected == Fraction(20, 12)
    assert all(d.chain for d in r.dice if d.value == 6)
    assert r.successes == sum(1 for d in r.dice if d.value == 6 and d.chain[0] >= 4)


def test_flames_of_war_chain_floor_and_impossible():
    assert dice.target_chain("flames_of_war", 7) == (6, 5)
    assert dice.target_chain("flames_of_war", 8) == (6, 6)
    assert dice.target_chain("flames_of_war", 9) is None
    assert dice.target_chain("flames_of_war", 1) == (2,)
    assert dice.success_probability("flames_of_war", 7) == Fraction(1, 18)
    r = roll("12d6 9+", game="fow")
    assert r.successes == 0 and r.probability == 1 and r.expected == 0
    assert [m.render("en") for m in r.notes] == ["9+ in Flames of War: the roll cannot succeed (FoW L21–45)."]
    r = dice.roll("3d6 1+", game="flames_of_war", roller=Roller.scripted([1, 2, 6]))
    assert r.successes == 2
    assert [m.render("ru") for m in r.notes] == [
        "В игре «Flames of War» бросок не бывает лучше 2+, а 1 — всегда провал: 1+ считается как 2+ (FoW L21–45)."]


def test_seven_plus_without_a_game_says_so():
    r = roll("5d6 7+")
    assert r.successes == 0
    assert [m.key for m in r.notes] == ["dice.note.seven_plus_no_game"]
    r = roll("5d6 7+", game="warmaster")
    assert [m.key for m in r.notes] == ["dice.note.seven_plus_no_rule"]


def test_game_names_resolve():
    assert roll("2d6 7+", game="эпик").game == "epic"
    with pytest.raises(DiceError):
        roll("2d6", game="monopoly")


def test_seeded_rolls_repeat_and_result_is_json():
    a, b = roll("10к6 4+ rr1", seed=7), roll("10к6 4+ rr1", seed=7)
    assert a.to_dict() == b.to_dict()
    data = json.loads(json.dumps(a.to_dict()))
    assert data["mode"] == "successes" and len(data["groups"][0]["dice"]) == 10
    assert data["probability_kind"] == "at_least_successes"
    assert 0 < data["probability"] <= 1


@pytest.mark.parametrize("expr,key", [
    ("1001d6", "dice.error.too_many_dice"),
    ("600d6+600d6", "dice.error.too_many_dice"),
    ("d1001", "dice.error.too_many_sides"),
    ("1" * 301, "dice.error.too_long"),
    ("10d1rr1", "dice.error.too_many_rerolls"),
    ("1d1e1", "dice.error.too_many_explosions"),
])
def test_limits(expr, key):
    with pytest.raises(DiceLimitError) as info:
        roll(expr)
    assert info.value.msg.key == key
    assert info.value.example is not None


def test_custom_limits():
    with pytest.raises(DiceLimitError):
        roll("11d6", limits=dice.DiceLimits(max_dice=10))


def test_syntax_error_points_at_the_players_column():
    with pytest.raises(DiceSyntaxError) as info:
        roll("10к6 4+ ?")
    assert info.value.column == 9
    text = info.value.render("ru")
    assert "позиции 9" in text and "10к6 4+ ?" in text
    assert info.value.render_example("en")


@pytest.mark.parametrize("expr", ["", "   ", "4+", "+", "2d", "d", "((", "2d6 4+ 5+", "2d6 >= 4 4+", "(1,2)",
                                  "2d6 reroll fails", "2d6 6s double", "1/0+d6", "3d66", "d66kh1", "0d6", "d0",
                                  "4d6kh1k2"])
def test_bad_input_raises_user_errors(expr):
    with pytest.raises(DiceError) as info:
        roll(expr)
    assert info.value.render("ru") and info.value.render("en")
    assert not info.value.render("en").startswith("dice.")
