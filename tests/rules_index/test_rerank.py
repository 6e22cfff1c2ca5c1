"""The learned reranker (rules_index.rerank): its trees read as LightGBM splits them, the hits
keep their scores in their new order, and a search with its game keeps the fusion's order when
WITH_GAME is off."""
from __future__ import annotations

import numpy as np
import pytest

from rules_index import load_index, rerank


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return load_index(cache_dir=tmp_path_factory.getbasetemp() / "rules_cache_rerank")


def _trees(tmp_path, dump: dict) -> rerank.Reranker:
    path = tmp_path / "trees.npz"
    np.savez(path, **rerank.export(dump))
    return rerank.Reranker(path)


# Three trees as LightGBM's dump_model() writes them: feature 0 ≤ 1.5 goes left; the second
# tree splits on feature 2, then on feature 0 again; the third is one leaf.
DUMP = {"tree_info": [
    {"tree_structure": {"split_feature": 0, "threshold": 1.5, "decision_type": "<=",
                        "left_child": {"leaf_value": -1.0}, "right_child": {"leaf_value": 2.0}}},
    {"tree_structure": {"split_feature": 2, "threshold": 0.0, "decision_type": "<=",
                        "left_child": {"leaf_value": 0.25},
                        "right_child": {"split_feature": 0, "threshold": 3.0, "decision_type": "<=",
                                        "left_child": {"leaf_value": 0.5}, "right_child": {"leaf_value": 4.0}}}},
    {"tree_structure": {"leaf_value": 0.5}},            # a tree of one leaf: a constant
]}


def test_trees_score_each_row_as_lightgbm_splits(tmp_path):
    trees = _trees(tmp_path, DUMP)
    x = np.zeros((4, len(rerank.FEATURES)))
    x[:, 0] = [1.5, 2.0, 3.0, 3.5]          # 1.5 is ≤ its threshold: left, as LightGBM goes
    x[:, 2] = [1.0, 0.0, 1.0, 1.0]
    assert trees.scores(x).tolist() == [0.0, 2.75, 3.0, 6.5]


def test_trees_trained_on_other_features_are_not_read(tmp_path):
    arrays = rerank.export(DUMP)
    arrays["features"] = np.array(rerank.FEATURES[:-1])
    np.savez(tmp_path / "old.npz", **arrays)
    assert not rerank.Reranker(tmp_path / "old.npz")


def test_reordered_hits_keep_the_scores_in_place(index, tmp_path, monkeypatch):
    """The trees pick the order; the scores stay where they were, so "did you mean" and the
    retries read the same scale. Here the trees prefer the longer section."""
    prefers_long = {"tree_info": [{"tree_structure": {
        "split_feature": rerank.FEATURES.index("log_span"), "threshold": 2.0, "decision_type": "<=",
        "left_child": {"leaf_value": 0.0}, "right_child": {"leaf_value": 1.0}}}]}
    monkeypatch.setattr(index, "reranker", _trees(tmp_path, prefers_long))
    short = next(d for d, s in enumerate(index.sections) if s.length <= 3)
    long = next(d for d, s in enumerate(index.sections) if s.length >= 20)
    n = len(index.sections)
    signals = rerank.Signals({}, {}, {}, {}, [], np.zeros(n), np.zeros(n), np.zeros(n), False, True, 0, 5)
    assert rerank.reorder(index, [(10.0, short), (7.0, long)], signals) == [(10.0, long), (7.0, short)]
    given = signals.__class__(**{**signals.__dict__, "game_given": True})
    assert rerank.reorder(index, [(10.0, short), (7.0, long)], given) == [(10.0, long), (7.0, short)]
    monkeypatch.setattr(rerank, "WITH_GAME", False)
    assert rerank.reorder(index, [(10.0, short), (7.0, long)], given) == [(10.0, short), (7.0, long)]


def test_a_restatement_keeps_its_place(index, tmp_path, monkeypatch):
    """The trees prefer the restatement here; it stays where the fusion's demotion put it, and
    the other hits are reordered around it."""
    prefers_restatements = {"tree_info": [{"tree_structure": {
        "split_feature": rerank.FEATURES.index("restatement"), "threshold": 0.5, "decision_type": "<=",
        "left_child": {"split_feature": rerank.FEATURES.index("log_span"), "threshold": 2.0, "decision_type": "<=",
                       "left_child": {"leaf_value": 0.0}, "right_child": {"leaf_value": 1.0}},
        "right_child": {"leaf_value": 5.0}}}]}
    monkeypatch.setattr(index, "reranker", _trees(tmp_path, prefers_restatements))
    restated = next(d for d, s in enumerate(index.sections) if s.demoted)
    short = next(d for d, s in enumerate(index.sections) if s.length <= 3 and not s.demoted)
    long = next(d for d, s in enumerate(index.sections) if s.length >= 20 and not s.demoted)
    n = len(index.sections)
    signals = rerank.Signals({}, {}, {}, {}, [], np.zeros(n), np.zeros(n), np.zeros(n), False, True, 0, 5)
    assert rerank.reorder(index, [(10.0, short), (8.0, restated), (7.0, long)], signals) == \
        [(10.0, long), (8.0, restated), (7.0, short)]


def test_shipped_trees_put_the_passengers_rule_first_with_no_game(index, monkeypatch):
    """A rhino blown up with marines inside, no game named: the hand-set fusion puts Epic's
    transports first (its words: «транспорт»); the trees, reading that the section model and
    the written questions agree on Horus Heresy's passengers, put those first (L2210–2222)."""
    query = "мой рино взорвался с тактичкой внутри, что с пацанами"
    assert index.reranker
    first = index.search(query, None, 3)
    assert [(h.game, h.line_start) for h in first[:2]] == [("horus_heresy", 2210), ("epic", 248)]
    monkeypatch.setattr(index, "reranker", rerank.Reranker(rerank.MODEL_FILE.with_name("absent.npz")))
    index.__dict__.pop("_answers", None)
    without = index.search(query, None, 3)
    assert [(h.game, h.line_start) for h in without[:2]] == [("epic", 248), ("horus_heresy", 2210)]
    assert [h.score for h in without] == [h.score for h in first]
    index.__dict__.pop("_answers", None)


def test_with_the_game_off_a_search_with_its_game_keeps_the_fusions_order(index, monkeypatch):
    query = "мой рино взорвался с тактичкой внутри, что с пацанами"
    monkeypatch.setattr(rerank, "WITH_GAME", False)
    index.__dict__.pop("_answers", None)
    kept = [(h.section_id, h.score) for h in index.search(query, "horus_heresy", 5)]
    monkeypatch.setattr(index, "reranker", rerank.Reranker(rerank.MODEL_FILE.with_name("absent.npz")))
    index.__dict__.pop("_answers", None)
    assert [(h.section_id, h.score) for h in index.search(query, "horus_heresy", 5)] == kept
    index.__dict__.pop("_answers", None)
