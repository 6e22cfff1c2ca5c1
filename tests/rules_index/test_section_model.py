"""Which section a question is about (rules_index.section_model): trained on the written
questions and the passages, shipped, in step with the books, fused for every query but a
heading typed word for word."""
from __future__ import annotations

import numpy as np
import pytest

from rules_index import load_index, section_model
from rules_index.section_model import SectionModel, train


@pytest.fixture(scope="module")
def index():
    return load_index()


def test_training_learns_each_class_from_its_examples():
    # three classes, each a direction with noise around it: every example's own class comes first
    rng = np.random.default_rng(5)
    centres = np.eye(3, 8, dtype=np.float32)
    labels = np.repeat(np.arange(3), 20)
    x = centres[labels] + 0.2 * rng.standard_normal((60, 8)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    weights, bias = train(x, labels, 3, epochs=60)
    assert weights.shape == (8, 3) and bias.shape == (3,)
    assert ((x @ weights + bias / section_model.SCALE).argmax(axis=1) == labels).all()
    # and it is deterministic: the same data give the same model
    again, _ = train(x, labels, 3, epochs=60)
    assert np.array_equal(weights, again)


def test_the_shipped_model_knows_every_section_with_written_questions_or_passages(index):
    # A book or its questions edited without `python -m rules_index vectors` leave it stale.
    model = index.section_model
    assert model
    examples = set(np.unique(index.asked.doc).tolist()) | set(index.passages.doc)
    assert examples == set(model.docs.tolist())


def test_probabilities_are_shared_among_the_allowed_sections_only(index):
    from rules_index import meaning
    vector = meaning.encode_query("сколько реакций можно сделать за фазу")
    epic = index.meaning.of_game("epic")
    p = index.section_model.probabilities(vector, epic)
    assert p.shape == (len(index.sections),)
    assert float(p[~epic].sum()) == 0.0
    assert abs(float(p.sum()) - 1.0) < 1e-4
    # among every game's sections, the book that has reactions is the likeliest
    everywhere = index.section_model.probabilities(vector, np.ones(len(index.sections), dtype=bool))
    assert index.sections[int(everywhere.argmax())].game == "horus_heresy"


def test_a_section_the_model_never_saw_gets_no_share(index, tmp_path):
    # trained on one section's questions only: every other section is unknown to it
    doc = int(index.asked.doc[0])
    path = tmp_path / "sections.npz"
    keys = np.array([section_model.section_key(index, doc)], dtype=np.uint64)
    np.savez_compressed(path, keys=keys, weights=np.zeros((384, 1), np.float16), bias=np.zeros(1, np.float32))
    model = SectionModel(index, path)
    assert model.docs.tolist() == [doc]
    p = model.probabilities(np.ones(384, np.float32) / np.sqrt(384), np.ones(len(index.sections), dtype=bool))
    assert p[doc] == pytest.approx(1.0) and float(p.sum()) == pytest.approx(1.0)


def test_without_a_model_the_ranking_is_the_words_and_meaning_alone(index, without_section_model):
    unfused = without_section_model(index)
    assert not unfused.section_model
    assert unfused.search("можно ли стрелять после марша", game="epic", limit=3)


def test_a_heading_typed_word_for_word_is_not_classified(index, without_section_model):
    # a heading is its section's name: no vector is computed, so the model has no say
    unfused = without_section_model(index)
    for query, game in [("Осветительные приборы", None), ("Линия Видимости", "flames_of_war"),
                        ("Непробиваемые спас-броски", "horus_heresy")]:
        assert [h.section_id for h in index.search(query, game=game, limit=5)] == \
               [h.section_id for h in unfused.search(query, game=game, limit=5)]


def test_a_name_with_no_game_is_placed_in_its_book(index, without_section_model):
    # «свет от фонаря»: the words match Warmaster's «Свет Битвы» best; the questions players
    # ask about lanterns are Hydrophilia's lighting rule (L617), and the model says so
    unfused = without_section_model(index)
    assert [h.section_id for h in unfused.search("свет от фонаря", limit=2)] == ["warmaster:498", "horus_heresy:4527"]
    assert [h.section_id for h in index.search("свет от фонаря", limit=2)] == ["hydrophilia:617", "warmaster:498"]


def test_with_no_game_a_question_weighs_the_model_as_the_game_would(index, monkeypatch):
    # An independent character is Horus Heresy's. With no game the model's probabilities are
    # shared among the five books, so its certainty weighed less than within the book, and
    # Warmaster's movement chapter (a character joining a unit) came first, 213 to 211.
    from rules_index import rank_stage, rerank
    # the fusion's own order: the trees (rules_index.rerank) reorder a no-game search after it
    monkeypatch.setattr(index, "reranker", rerank.Reranker(rerank.MODEL_FILE.with_name("absent.npz")))
    index.__dict__.pop("_answers", None)
    query = "can my independent character join a unit during the shooting phase"
    assert index.search(query, limit=1)[0].section_id == "horus_heresy:3103"
    index.__dict__.pop("_answers", None)
    monkeypatch.setattr(rank_stage, "SECTION_MODEL_NO_GAME", 1.0)
    assert index.search(query, limit=1)[0].section_id == "warmaster:162"
    index.__dict__.pop("_answers", None)
