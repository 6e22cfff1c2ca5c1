"""Localized text of a roll: marks, plurals, summaries within Discord's limits."""
import re
from fractions import Fraction

import pytest

import dice
from dice import Roller
from dice.render import percent, probability_text, render, render_text


def scripted(expr, faces, game=None):
    return dice.roll(expr, game=game, roller=Roller.scripted(faces))


@pytest.mark.parametrize("n,ru,en", [(1, "1** успех из", "1** success from"), (2, "2** успеха из", "2** successes from"),
                                     (5, "5** успехов из", "5** successes from"), (0, "0** успехов из", "0** successes from")])
def test_success_plurals(n, ru, en):
    faces = [6] * n + [1] * (5 - n)
    result = scripted("5d6 4+", faces)
    assert ru in render(result, "ru").outcome
    assert en in render(result, "en").outcome


def test_twenty_one_successes_in_russian():
    result = scripted("25d6 4+", [6] * 21 + [1] * 4)
    view = render(result, "ru")
    assert "**21** успех из 25 кубиков на 4+" == view.outcome
    assert "Шанс хотя бы 21 успех:" in view.probability


def test_die_marks():
    text = render_text(scripted("3d6 4+ rr1", [1, 5, 3, 6]), "en")
    assert "~~1~~→**5**, 3, **6**" in text
    text = render_text(scripted("3d6kh2", [2, 5, 3]), "en")
    assert "~~2~~, 5, 3" in text
    text = render_text(scripted("1d6e6", [6, 4]), "en")
    assert "6!, +4" in text
    text = render_text(scripted("2d6 7+", [6, 4, 6, 2], game="epic"), "en")
    assert "**6›4**, 6›2" in text
    text = render_text(scripted("2d6 4+ 6s double", [6, 4]), "en")
    assert "**6**×2, **4**" in text
    text = render_text(scripted("2d6mi3", [1, 5]), "en")
    assert "1→3, 5" in text


def test_test_and_total_lines():
    view = render(scripted("2d6 <= 8", [3, 4]), "ru")
    assert view.outcome == "✅ Пройдено: 7 (<= 8)"
    assert view.probability == "Шанс пройти: 72,2 % (13/18) · в среднем 7"
    view = render(scripted("2d6 <= 8", [6, 4]), "en")
    assert view.outcome == "❌ Failed: 10 (<= 8)"
    view = render(scripted("3d6+1", [1, 2, 3]), "en")
    assert view.outcome == "Total: **7**"
    assert view.probability == "Chance of 7 or more: 95.4% (103/108) · expected 11.5"


def test_percent_formatting():
    assert percent(Fraction(1, 2), "ru") == "50 %"
    assert percent(Fraction(1, 12), "en") == "8.3%"
    assert percent(Fraction(1, 10 ** 6), "en") == "0.0001%"
    assert percent(Fraction(1, 6 ** 10), "ru") == "0,0000017 %"
    assert percent(Fraction(999999, 10 ** 6), "en") == ">99.9%"
    assert percent(Fraction(0), "en") == "0%" and percent(Fraction(1), "en") == "100%"
    assert probability_text(Fraction(1, 12), "en") == "8.3% (1/12)"


def test_large_roll_is_summarised_by_face():
    result = dice.roll("1000d6 4+ rr1", roller=Roller.seeded(5))
    view = render(result, "ru")
    (label, text), = view.dice
    assert text.startswith("1000 кубиков, по граням:")
    assert "переброшено" in text
    assert len(text) <= 1024
    assert sum(int(part.split("×")[1]) for part in text.split(":", 1)[1].split("(")[0].split(" · ")) == 1000
    assert len(view.text()) <= 4096


def test_many_groups_share_the_budget():
    result = dice.roll("+".join(["40d20"] * 20), roller=Roller.seeded(5))
    view = render(result, "en")
    assert len(view.dice) == 20
    assert len("\n".join(t for _, t in view.dice)) <= 4096


def test_d66_and_notes_render_in_both_languages():
    view = render(scripted("D66", [3, 5]), "ru")
    assert view.dice == [("D66", "десятки 3, единицы 5 → **35**")]
    result = dice.roll("5d6 7+", roller=Roller.seeded(1))
    # the games with a 7+ rule, by their titles (no game id reaches a reply)
    assert render(result, "en").notes[0] == ("7+ can't be rolled on a d6. Choose a game (the game option): "
                                             "Epic: Armageddon, Flames of War have a rule for 7+.")
    assert render(result, "ru").notes[0] == ("7+ не выкинуть на d6. Укажите игру (параметр «игра»): "
                                             "правило для 7+ есть в играх Эпик: Армагеддон, Flames of War.")
    assert "Укажите игру" in render(result, "ru").notes[0]


def test_inexact_probability_is_marked():
    result = dice.roll("1000d6 4+ 6s double", roller=Roller.seeded(2))
    assert not result.exact
    assert "≈" in render(result, "en").probability


def test_no_successes_shows_the_chance_of_a_total_miss():
    result = scripted("3d6 4+", [1, 2, 3])
    assert result.probability == 1 and result.probability_exactly == Fraction(1, 8)
    assert render(result, "ru").probability == "Шанс не получить ни одного успеха: 12,5 % (1/8) · в среднем 1,5"
    assert render(result, "en").probability.startswith("Chance of no success at all: 12.5% (1/8)")


def test_a_thousand_faces_are_summarised_by_range():
    """`/roll 1000d1000` printed «по граням:» with nothing after it (issue 10 §4)."""
    result = dice.roll("1000d1000", roller=Roller.seeded(4), work=0)
    text = render(result, "ru").dice[0][1]
    assert text.startswith("1000 ")
    ranges = re.findall(r"(\d+)–(\d+)×(\d+)", text)
    assert len(ranges) == 10 and ranges[0][:2] == ("1", "100")
    assert sum(int(n) for _, _, n in ranges) == 1000
