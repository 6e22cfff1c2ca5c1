"""i18n/numbers.py: one number format per language (issue 10 §4: /roll wrote «98,4 %», /odds «66.7%»)."""
from fractions import Fraction

import pytest

import i18n
from i18n import format_number, format_percent


@pytest.mark.parametrize("p, ru, en", [
    (Fraction(2, 3), "66,7 %", "66.7%"),
    (Fraction(123, 125), "98,4 %", "98.4%"),
    (0, "0 %", "0%"),
    (1, "100 %", "100%"),
    (Fraction(9999, 10000), ">99,9 %", ">99.9%"),
    (Fraction(1, 46656), "0,0021 %", "0.0021%"),
])
def test_percent(p, ru, en):
    assert (format_percent(p, "ru"), format_percent(p, "en")) == (ru, en)


@pytest.mark.parametrize("value, ru, en", [
    (Fraction(25, 2), "12,5", "12.5"), (3, "3", "3"), (Fraction(10, 3), "3,33", "3.33"), (2.0, "2", "2"),
    (-0.001, "0", "0"),
])
def test_number(value, ru, en):
    assert (format_number(value, "ru"), format_number(value, "en")) == (ru, en)


def test_game_odds_write_numbers_in_the_readers_language():
    """The games' odds replies used to write "66.7%" and "2.50" into Russian text."""
    from fractions import Fraction

    from i18n import Msg, Number, Percent

    line = Msg.of("combat_epic.odds.hits", mean=Number(Fraction(5, 2)), any=Percent(Fraction(2, 3)))
    from games.registry import check_all
    check_all()
    assert line.render("ru") == i18n.tr("combat_epic.odds.hits", "ru", mean="2,5", any="66,7 %")
    assert line.render("en") == i18n.tr("combat_epic.odds.hits", "en", mean="2.5", any="66.7%")
