"""A distance's unit says which books a question can be about (rules_index.measures)."""
from __future__ import annotations

import pytest

from rules_index import load_index, rank_stage, rerank
from rules_index.measures import foreign_books, query_unit, unit_shares


@pytest.fixture(scope="module")
def index():
    return load_index()


def test_each_book_measures_in_its_own_unit(index):
    shares = {game: {unit: round(share, 2) for unit, share in s.items()} for game, s in index.unit_shares.items()}
    assert shares == {"epic": {"cm": 1.0, "inch": 0.0}, "flames_of_war": {"cm": 0.97, "inch": 0.03},
                      "horus_heresy": {"cm": 0.0, "inch": 1.0}, "hydrophilia": {"cm": 0.22, "inch": 0.78},
                      "warmaster": {"cm": 1.0, "inch": 0.0}}
    assert unit_shares(["no distances here"]) == {"cm": 0.0, "inch": 0.0}


@pytest.mark.parametrize("query, unit", [
    ("в 5 дюймах от моих", "inch"), ('стоит в 6" от врага', "inch"), ("сколько дюймов проходит", "inch"),
    ("15cm from enemy knights", "cm"), ("с 30 см — на сколько попадать", "cm"), ("на сколько сантиметров", "cm"),
    ("can I deploy 2 in the open", None), ("стрельба после марша", None), ("6 дюймов или 15 см", None),
])
def test_the_unit_a_query_measures_in(query, unit):
    assert query_unit(query) == unit


def test_with_no_game_a_distance_in_inches_leaves_the_books_in_centimetres_behind(index, monkeypatch):
    # the fusion's own order: the trees (rules_index.rerank) reorder a no-game search after it
    monkeypatch.setattr(index, "reranker", rerank.Reranker(rerank.MODEL_FILE.with_name("absent.npz")))
    index.__dict__.pop("_answers", None)
    query = "враг высадился в 6 дюймах от меня"
    assert [h.section_id for h in index.search(query, limit=3)] == \
           ["horus_heresy:2173", "hydrophilia:33", "horus_heresy:466"]
    monkeypatch.setattr(rank_stage, "MEASURE_PENALTY", 0.0)
    index.__dict__.pop("_answers", None)
    # unmeasured, Epic's zones of control (a book in centimetres) come second
    assert [h.section_id for h in index.search(query, limit=3)] == \
           ["horus_heresy:2173", "epic:238", "hydrophilia:33"]
    # the game given, the unit changes nothing
    monkeypatch.undo()
    index.__dict__.pop("_answers", None)
    assert index.search("моя пехота в 10 см от врага может стрелять?", game="epic", limit=1)[0].game == "epic"


def test_a_book_that_lets_the_players_choose_the_unit_is_not_foreign_to_it(index):
    """Flames of War's translation gives its distances in centimetres, but the book lets the
    players agree on inches (L49): a question in inches was sent to the books in inches."""
    declared = {game: info.get("measured_in", []) for game, info in index.games.items()}
    assert foreign_books("inch", index.unit_shares, declared, 0.1) == {"epic", "warmaster"}
    assert foreign_books("cm", index.unit_shares, declared, 0.1) == {"horus_heresy"}
    assert foreign_books("inch", index.unit_shares, {}, 0.1) == {"epic", "flames_of_war", "warmaster"}
    index.__dict__.pop("_answers", None)
    hit = index.search("взвод окопался и залёг, враг в 10 дюймах, штурмовать его можно?", limit=1)[0]
    assert (hit.game, hit.line_start) == ("flames_of_war", 784)
