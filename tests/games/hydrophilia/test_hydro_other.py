"""Book citations in replies name the book in the reader's language, never the game's id
(«hydrophilia L519–523» used to reach Russian players)."""
from __future__ import annotations

from games.hydrophilia.other import fall


def test_a_fall_cites_the_book_by_its_title():
    result = fall(floors=3)
    assert [m.render("ru") for m in result.outcome] == [
        "Критическое падение с 3 этажей: 6 ран; движение остановлено (Гидрофилия L519–523)."]
    assert [m.render("en") for m in result.outcome] == [
        "Critical fall of 3 floors: 6 wounds; the move stops (Hydrophilia L519–523)."]
