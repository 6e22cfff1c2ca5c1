"""A question's first ten hits reordered by a learned ranker over the signals the search fused.

The hand-set fusion (rules_index.rank_stage, rules_index/weights.py) adds the signals with one
weight each, whatever the others say. Where a situation is missed, the signals disagree: the
section model sure of the general rule while the written questions point at its corner (a lamp
beside the target, a pursuit after a lost combat), a long chapter's many written questions
outscoring the subsection that states the rule. A set of gradient-boosted trees (LambdaMART,
trained offline with LightGBM by `python -m rules_index reranker`) reads every signal of the ten
best hits together — each hit's own and against the best among the ten — and orders them again.
Measured on sets it was not trained on (docs/rules.md), it moves rank 1 up for questions and
situations, with the game and without; a name is not reordered (its heading answers it).

The trees ship as arrays (`rules_index/vectors/reranker.npz`, 430 KB: five sets of 300, seeded
apart, averaged) and are read here with numpy in about a millisecond for ten hits: LightGBM is
needed only to train them. The ten hits keep the scores they had, in
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
# With the game given too: one set of trees took the public questions held out from it 82 → 80,
# 82 or 81 of the 90 it reorders, by its seed; five averaged (rules_index.rerank_train) 83, and
# every set scored by trees trained without it gained (docs/rules.md). False: the fusion's order
# with the game.
WITH_GAME = True

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
        # A leaf reads feature 0 against +inf and stays where it is: every tree is walked the
        # deepest tree's number of steps, with no test for having arrived.
        leaf = data["feature"] < 0
        self.feature = np.where(leaf, 0, data["feature"]).astype(np.intp)
        self.threshold = np.where(leaf, np.inf, data["threshold"])
        self.children = np.stack([data["left"], data["right"]], axis=1).ravel().astype(np.intp)
        self.value = data["value"]
        self.roots = data["roots"].astype(np.intp)
        self.steps = _depth(self.roots, data["left"], data["right"], leaf)

    def __bool__(self) -> bool:
        return len(self.roots) > 0

    def scores(self, x: np.ndarray) -> np.ndarray:
        """Each row's score: the trees walked together, all rows at once (a value above a
        node's threshold goes right, as LightGBM splits)."""
        rows = np.ascontiguousarray(x, dtype=np.float64)
        offset = (np.arange(len(rows)) * rows.shape[1])[None, :]
        node = np.repeat(self.roots[:, None], len(rows), axis=1)       # [trees, rows]
        flat = rows.ravel()
        for _ in range(self.steps):
            right = flat.take(self.feature.take(node) + offset) > self.threshold.take(node)
            node = self.children.take(2 * node + right)
        return self.value.take(node).sum(axis=0)


def _depth(roots: np.ndarray, left: np.ndarray, right: np.ndarray, leaf: np.ndarray) -> int:
    """The most splits from a root to a leaf over every tree."""
    deepest, level = 0, roots
    while not leaf[level].all():
        level = np.concatenate([left[level[~leaf[level]]], right[level[~leaf[level]]]])
        deepest += 1
    return deepest


# Set by `python -m rules_index reranker`: the searches hand it their rows instead of reordering.
Collector = Callable[[np.ndarray, list[int]], None]
collect: Collector | None = None


def wanted(index: RuleIndex, game: str | None) -> bool:
    """Whether a search with this game reorders its hits (or hands its rows to the trainer)."""
    return collect is not None or (bool(index.reranker) and (game is None or WITH_GAME))


def reorder(index: RuleIndex, ranked: list[tuple[float, int]], signals: Signals) -> list[tuple[float, int]]:
    """`ranked` (score, section) with its first DEPTH reordered by the trees, each place keeping
    its score. Unchanged without the shipped trees (or with the game given, WITH_GAME off)."""
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
    order = np.argsort(-index.reranker.scores(x), kind="stable").tolist()
    # A restatement (a quick reference, a turn sequence's one-line step) keeps its place: it
    # gives way to the rule it restates by the fusion's demotion (DEMOTED_PENALTY), which the
    # trees, seeing few of them, can undo («когда отряд деморализован» → Warmaster's «5. КОНЕЦ
    # ФАЗЫ» over «9. ДЕМОРАЛИЗОВАННОСТЬ»). Left in place, no test search changed rank.
    fixed = {k for k, (_, doc) in enumerate(head) if index.sections[doc].demoted}
    moving = iter(k for k in order if k not in fixed)
    picked = [k if k in fixed else next(moving) for k in range(len(head))]
    return [(score, head[k][1]) for (score, _), k in zip(head, picked)] + ranked[DEPTH:]


def export(booster_dumps: list[dict], scale: float = 1.0) -> dict[str, Any]:
    """LightGBM's `Booster.dump_model()`s as the arrays `Reranker` reads (for np.savez): every
    tree of every booster, its leaves times `scale` (1 / their number: their average)."""
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
            value[at] = scale * float(node["leaf_value"])
            return at
        if node.get("decision_type", "<=") != "<=":
            raise ValueError(f"unexpected split {node.get('decision_type')}")
        feature[at] = int(node["split_feature"])
        threshold[at] = float(node["threshold"])
        left[at] = add(node["left_child"])
        right[at] = add(node["right_child"])
        return at

    for dump in booster_dumps:
        for tree in dump["tree_info"]:
            roots.append(add(tree["tree_structure"]))
    return {"feature": np.array(feature, dtype=np.int32), "threshold": np.array(threshold, dtype=np.float64),
            "left": np.array(left, dtype=np.int32), "right": np.array(right, dtype=np.int32),
            "value": np.array(value, dtype=np.float64), "roots": np.array(roots, dtype=np.int64),
            "features": np.array(FEATURES)}
