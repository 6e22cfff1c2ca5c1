"""Issue 10 §4: dice as players type them. One rule for comparisons, and each phrase either
works or gets an error that shows the working form."""
from fractions import Fraction

import pytest

import dice
from dice import DiceError, Roller


def roll(expr, faces):
    return dice.roll(expr, roller=Roller.scripted(faces))


def test_a_comparison_sign_always_tests_the_sum():
    """`2d6 >= 5` counted dice while `2d6 >= 7` tested the sum: now both test the sum."""
    five, seven = roll("2d6 >= 5", [2, 4]), roll("2d6 >= 7", [2, 4])
    assert five.mode == seven.mode == "test"
    assert five.passed and not seven.passed
    assert five.probability == Fraction(30, 36) and seven.probability == Fraction(21, 36)
    # the reply says what was done, and how to count dice instead
    assert "Проверка по сумме" in " ".join(m.render("ru") for m in five.details)
    assert "`2d6 5+`" in five.notes[0].render("en")
    assert not seven.notes            # no die can show 7: nothing to suggest


def test_n_plus_counts_dice():
    r = roll("2d6 5+", [2, 5])
    assert r.mode == "successes" and r.successes == 1


def test_10xd6_is_ten_dice():
    r = dice.roll("10xd6", roller=Roller.seeded(1))
    assert len(r.dice) == 10 and r.expression == "10d6"
    assert dice.roll("2x3d6", roller=Roller.seeded(1)).expression == "2*3d6"    # still a product


@pytest.mark.parametrize("phrase, understood, mode", [
    ("6 кубов на 5+", "6d6 5+", "successes"),
    ("2к6 меньше или равно 8", "2d6 <= 8", "test"),
    ("2d6 на 8-", "2d6 <= 8", "test"),
    ("2d6 8-", "2d6 <= 8", "test"),
    ("2d6 сумма", "2d6", "total"),
    ("3d6 drop lowest", "3d6pl1", "total"),
    ("10d6 4+ reroll 1s and 2s", "10d6 4+ rr1,2", "successes"),
    ("10к6 4+ переброс 1 и 2", "10d6 4+ rr1,2", "successes"),
    ("10 d6 4+", "10d6 4+", "successes"),
])
def test_phrases_that_work(phrase, understood, mode):
    r = dice.roll(phrase, roller=Roller.seeded(2))
    assert (r.expression, r.mode) == (understood, mode)


def test_drop_lowest_drops_the_lowest_die():
    r = roll("3d6 drop lowest", [5, 2, 6])
    assert r.total == 11 and [d.dropped for d in r.dice] == [False, True, False]


@pytest.mark.parametrize("phrase", ["6к6 5+ переброс", "10d6 4+ reroll all", "10d6 4+ reroll"])
def test_a_reroll_that_does_not_say_what_shows_the_working_forms(phrase):
    with pytest.raises(DiceError) as caught:
        dice.roll(phrase)
    assert "переброс провалов" in caught.value.render("ru")
    assert "reroll fails" in caught.value.render("en")
