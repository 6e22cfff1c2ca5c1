"""A question's first ten hits reordered by a learned ranker over the signals the search fused.

The hand-set fusion (rules_index.rank_stage, rules_index/weights.py) adds the signals with one
weight each, whatever the others say. Where a situation is missed, the signals disagree: the
section model sure of the general rule while the written questions point at its corner (a lamp
beside the target, a pursuit after a lost combat), a long chapter's many written questions
outscoring the subsection that states the rule. A set of gradient-boosted trees (LambdaMART,
trained offline with LightGBM by `python -m rules_index reranker`) reads every signal of the ten
best hits together — each hit's own and against the best among the ten — and orders them again.
Measured on sets it was not trained on (docs/rules.md), it moves rank 1 up for questions and
situations; it reorders a search with no game given (WITH_GAME), and not a name (a name's
heading answers it).

The trees ship as arrays (`rules_index/vectors/reranker.npz`, about 100 KB) and are read here
with numpy: LightGBM is needed only to train them. The ten hits keep the scores they had, in
their new order, so a reply's "did you mean" and the retries' thresholds read the same scale.
"""
from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex

log = logging.getLogger(__name__)

MODEL_FILE = Path(__file__).resolve().parent / "vectors" / "reranker.npz"
DEPTH = 10           # the hits reordered: the ranker was trained on the first ten
# With the game given, the hand-set fusion stays: the trees gained there too, set by set, but
# took the public questions file held out from them 82 → 80–82 of 90 (under its bar at 80).
# With no game, where the five books' signals meet on one scale, they gain everywhere measured.
WITH_GAME = False

# Each hit's row, in this order (the shipped trees name them; another order is refused).
FEATURES = (
    "score", "score_gap", "score_share", "rank",
    "name", "body", "passage", "asked", "cosine_gap", "cosine", "model", "model_all_books",
    "penalty", "log_span", "depth", "chapter", "table", "entry", "restatement", "glossary",
    "log_written_questions", "log_passages",
    "asked_gap", "model_gap", "body_gap", "name_gap", "passage_gap",
    "game_given", "is_question", "intent", "query_words",
)


@dataclass(frozen=True)
class Signals:
    """What one search fused, per section (rules_index.rank_stage.search_once): the parts a
    hit's row is made of."""
    name: dict[int, float]                    # the best name match
    body: dict[int, float]                    # the text's BM25 with proximity, before merges
    passage: dict[int, tuple[float, int]]     # the best passage (score 0–1, its id)
    asked: dict[int, tuple[float, int]]       # the written questions (score, passage id)
    closeness: np.ndarray                     # per section, the question's cosine (-1 outside the book)
    model: np.ndarray                         # the section model's probability within the game (or all books)
    model_all_books: np.ndarray               # …and over every book
    game_given: bool
    is_question: bool
    intent: int
    query_words: int


def rows(index: RuleIndex, ranked: list[tuple[float, int]], signals: Signals) -> np.ndarray:
    """The ranker's input for `ranked` (score, section), best first: one row per hit."""
    if not ranked:
        return np.zeros((0, len(FEATURES)))
    top = ranked[0][0]
    docs = [doc for _, doc in ranked]
    best_cos = float(signals.closeness.max())
    name = [signals.name.get(d, 0.0) for d in docs]
    body = [signals.body.get(d, 0.0) for d in docs]
    passage = [signals.passage.get(d, (0.0, 0))[0] for d in docs]
    asked = [signals.asked.get(d, (0.0, 0))[0] for d in docs]
    model = [float(signals.model[d]) for d in docs]
    counts = index.signal_counts
    out = []
    for k, (score, doc) in enumerate(ranked):
        sec = index.sections[doc]
        out.append((
            score, score - top, score / top if top else 0.0, k,
            name[k], body[k], passage[k], asked[k],
            float(signals.closeness[doc]) - best_cos, float(signals.closeness[doc]), model[k],
            float(signals.model_all_books[doc]),
            index.doc_penalty_no_table[doc], math.log1p(sec.length), len(sec.path), doc in index.chapters,
            sec.kind == "table", sec.kind == "entry", sec.demoted, doc in index.glossary_docs,
            math.log1p(counts[0].get(doc, 0)), math.log1p(counts[1].get(doc, 0)),
            asked[k] - max(asked), model[k] - max(model), body[k] - max(body), name[k] - max(name),
            passage[k] - max(passage),
            signals.game_given, signals.is_question, signals.intent, signals.query_words,
        ))
    return np.asarray(out, dtype=np.float64)


class Reranker:
    """The shipped trees: arrays of nodes, every tree's root first among its own."""

    def __init__(self, path: Path = MODEL_FILE) -> None:
        self.roots = np.zeros(0, dtype=np.int64)
        if not path.exists():
            return
        data = np.load(path)
        if tuple(str(f) for f in data["features"]) != FEATURES:
            log.warning("rules_index: the reranker was trained on other features; run `python -m rules_index reranker`")
            return
        self.feature, self.threshold = data["feature"], data["threshold"]
        self.left, self.right, self.value = data["left"], data["right"], data["value"]
        self.roots = data["roots"]

    def __bool__(self) -> bool:
        return len(self.roots) > 0

    def scores(self, x: np.ndarray) -> np.ndarray:
        """Each row's score: the trees walked together, all rows at once (a node ≤ its
        threshold goes left, as LightGBM splits; a leaf's feature is -1)."""
        node = np.repeat(self.roots[:, None], len(x), axis=1)       # [trees, rows]
        row = np.arange(len(x))[None, :]
        while True:
            feature = self.feature[node]
            inner = feature >= 0
            if not inner.any():
                break
            goes_left = x[row, np.where(inner, feature, 0)] <= self.threshold[node]
            node = np.where(inner, np.where(goes_left, self.left[node], self.right[node]), node)
        return self.value[node].sum(axis=0)


# Set by `python -m rules_index reranker`: the searches hand it their rows instead of reordering.
Collector = Callable[[np.ndarray, list[int]], None]
collect: Collector | None = None


def wanted(index: RuleIndex, game: str | None) -> bool:
    """Whether a search with this game reorders its hits (or hands its rows to the trainer)."""
    return collect is not None or (bool(index.reranker) and (game is None or WITH_GAME))


def reorder(index: RuleIndex, ranked: list[tuple[float, int]], signals: Signals) -> list[tuple[float, int]]:
    """`ranked` (score, section) with its first DEPTH reordered by the trees, each place keeping
    its score. Unchanged without the shipped trees, or with the game given (WITH_GAME)."""
    ranked = sorted(ranked, key=lambda x: (-x[0], x[1]))
    head = ranked[:DEPTH]
    if len(head) < 2:
        return ranked
    x = rows(index, head, signals)
    if collect is not None:
        collect(x, [doc for _, doc in head])
        return ranked
    if not index.reranker or (signals.game_given and not WITH_GAME):
        return ranked
    order = np.argsort(-index.reranker.scores(x), kind="stable")
    return [(score, head[k][1]) for (score, _), k in zip(head, order.tolist())] + ranked[DEPTH:]


def export(booster_dump: dict) -> dict[str, Any]:
    """LightGBM's `Booster.dump_model()` as the arrays `Reranker` reads (for np.savez)."""
    feature: list[int] = []
    threshold: list[float] = []
    left: list[int] = []
    right: list[int] = []
    value: list[float] = []
    roots: list[int] = []

    def add(node: dict) -> int:
        at = len(feature)
        feature.append(-1)
        threshold.append(0.0)
        left.append(at)
        right.append(at)
        value.append(0.0)
        if "leaf_value" in node:
            value[at] = float(node["leaf_value"])
            return at
        if node.get("decision_type", "<=") != "<=":
            raise ValueError(f"unexpected split {node.get('decision_type')}")
        feature[at] = int(node["split_feature"])
        threshold[at] = float(node["threshold"])
        left[at] = add(node["left_child"])
        right[at] = add(node["right_child"])
        return at

    for tree in booster_dump["tree_info"]:
        roots.append(add(tree["tree_structure"]))
    return {"feature": np.array(feature, dtype=np.int32), "threshold": np.array(threshold, dtype=np.float64),
            "left": np.array(left, dtype=np.int32), "right": np.array(right, dtype=np.int32),
            "value": np.array(value, dtype=np.float64), "roots": np.array(roots, dtype=np.int64),
            "features": np.array(FEATURES)}
