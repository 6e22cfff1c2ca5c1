"""Epic special rules a normal game needs (issue 11 §3), each with its lines."""
from __future__ import annotations

from dice.roller import Roller
from games.epic import checks


def test_a_supreme_commander_rerolls_one_failed_initiative_test():
    # L720: «юнит ВГ в армии позволяет перебросить один любой проваленный тест на Инициативу
    # один раз за ход» — the failed 1 is rolled again and the second die stands.
    r = checks.action_test(Roller.scripted([1, 5]), 2, formation="Tactical", supreme_commander=True)
    assert r.data["passed"] and r.data["die"] == 5 and r.data["rerolled_from"] == 1
    assert "combat_epic.note.supreme_commander" in [m.key for m in r.notes]
    plain = checks.action_test(Roller.scripted([1, 5]), 2, formation="Tactical")
    assert not plain.data["passed"] and plain.data["rerolled_from"] is None


def test_a_teleporting_formation_takes_a_blast_marker_for_each_1():
    # L730: a D6 per unit arriving; each 1 gives the formation one Blast Marker.
    r = checks.teleport(Roller.scripted([1, 4, 1, 6]), units=4, formation="Terminators")
    assert r.data["blast"] == 2
    assert [(c.unit, c.track, c.amount) for c in r.changes] == [("Terminators", "blast_markers", 2)]


def test_planetfall_scatters_2d6_cm_and_says_the_book_gives_no_direction_die():
    # L1046: «смещается на 2д6 см в случайном направлении».
    r = checks.planetfall(Roller.scripted([3, 5]))
    assert r.data["cm"] == 8
    assert [m.render("en") for m in r.outcome] == ["The unit scatters 8 cm (2D6, L1046)."]
    assert "combat_epic.note.scatter_direction" in [m.key for m in r.notes]
