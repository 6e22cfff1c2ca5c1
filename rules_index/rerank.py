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

The trees ship as arrays (`rules_index/vectors/reranker.npz`, 300 trees, about 90 KB) and are
read here with numpy in about half a millisecond for ten hits: LightGBM is needed only to train
them. The ten hits keep the scores they had, in their new order, so a reply's "did you mean"
and the retries' thresholds read the same scale.
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
# With the game given too: every set scored by trees trained without it gained, and the public
# questions held out from them kept their 82 of the 90 reordered (docs/rules.md). False: the
# fusion's order with the game.
WITH_GAME = True

# Each hit's row, in this order (the shipped trees name them; another order is refused).
FEATURES = (
    "score", "score_gap", "score_share", "rank",
    "name", "body", "passage", "asked", "cosine_gap", "cosine", "model", "model_all_books",
    "penalty", "log_span", "depth", "chapter", "table", "entry", "restatement", "glossary",
    "log_written_questions", "log_passages",
    "asked_gap", "model_gap", "body_gap", "name_gap", "passage_gap",
    "game_given", "is_question", "intent", "query_words",
    "written_cover", "written_cover_gap",
)


@dataclass(frozen=True)
class Signals:
    """What one search fused, per section (rules_index.rank_stage.search_once): the parts a
    hit's row is made of."""
    name: dict[int, float]                    # the best name match
    body: dict[int, float]                    # the text's BM25 with proximity, before merges
    passage: dict[int, tuple[float, int]]     # the best passage (score 0–1, its id)
    asked: dict[int, tuple[float, int]]       # the written questions (score, passage id)
    words: list[tuple[float, tuple[tuple[str, float], ...]]]  # the query's words as the written questions read them
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
    passages = index.passages.of_doc
    cover = index.asked.cover(signals.words, docs).tolist()
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
            math.log1p(index.written_per_section[doc]), math.log1p(passages.get(doc, (0, 0))[1]),
            asked[k] - max(asked), model[k] - max(model), body[k] - max(body), name[k] - max(name),
            passage[k] - max(passage),
            signals.game_given, signals.is_question, signals.intent, signals.query_words,
            cover[k], cover[k] - max(cover),
        ))
    return np.asarray(out, dtype=np.float64)


class Reranker:
    """The shipped trees, read as QuickScorer does (Lucchese et al., 2015): every split of
    every tree is tested at once, a split that sends a row right rules out the leaves of its
    left subtree, and each tree's exit is its leftmost leaf left standing. Numpy does it in a
    handful of array operations."""

    def __init__(self, path: Path = MODEL_FILE) -> None:
        self.starts = np.zeros(0, dtype=np.intp)
        if not path.exists():
            return
        data = np.load(path)
        if tuple(str(f) for f in data["features"]) != FEATURES:
            log.warning("rules_index: the reranker was trained on other features; run `python -m rules_index reranker`")
            return
        feature, threshold = data["feature"], data["threshold"]
        left, right, value = data["left"], data["right"], data["value"]
        split_feature: list[int] = []
        split_threshold: list[float] = []
        left_leaves: list[int] = []          # per split, its left subtree's leaves as bits
        starts: list[int] = []
        leaves: list[list[float]] = []
        self.constant = 0.0                  # trees that are one leaf
        for root in data["roots"].tolist():
            if feature[root] < 0:
                self.constant += float(value[root])
                continue
            starts.append(len(split_feature))
            order: list[float] = []          # the tree's leaves, left to right
            # depth first, left before right; a leaf's bit goes to each split above it that
            # has it on its left: (node, [(split, on its left?)…])
            stack: list[tuple[int, list[tuple[int, bool]]]] = [(root, [])]
            while stack:
                node, above = stack.pop()
                if feature[node] < 0:
                    bit = 1 << len(order)
                    order.append(float(value[node]))
                    for split, on_left in above:
                        if on_left:
                            left_leaves[split] |= bit
                    continue
                at = len(split_feature)
                split_feature.append(int(feature[node]))
                split_threshold.append(float(threshold[node]))
                left_leaves.append(0)
                stack.append((int(right[node]), [*above, (at, False)]))
                stack.append((int(left[node]), [*above, (at, True)]))
            if len(order) > 32:
                raise ValueError("a tree of more than 32 leaves")
            leaves.append(order)
        width = max((len(o) for o in leaves), default=1)
        self.split_feature = np.array(split_feature, dtype=np.intp)
        self.split_threshold = np.array(split_threshold, dtype=np.float64)
        self.left_leaves = np.array(left_leaves, dtype=np.uint32)
        self.starts = np.array(starts, dtype=np.intp)
        self.leaf_value = np.array([o + [0.0] * (width - len(o)) for o in leaves], dtype=np.float64)
        self.all_leaves = np.array([(1 << len(o)) - 1 for o in leaves], dtype=np.uint32)

    def __bool__(self) -> bool:
        return len(self.starts) > 0

    def scores(self, x: np.ndarray) -> np.ndarray:
        """Each row's score: the sum of its exit leaves (a value above a split's threshold goes
        right, as LightGBM splits)."""
        rows = np.asarray(x, dtype=np.float64)
        goes_right = rows[:, self.split_feature] > self.split_threshold                  # [rows, splits]
        ruled_out = np.bitwise_or.reduceat(np.where(goes_right, self.left_leaves, np.uint32(0)),
                                           self.starts, axis=1)                          # [rows, trees]
        standing = self.all_leaves & ~ruled_out
        leftmost = np.log2(standing & (~standing + np.uint32(1))).astype(np.intp)        # its lowest bit
        return self.leaf_value[np.arange(len(self.starts)), leftmost].sum(axis=1) + self.constant


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
