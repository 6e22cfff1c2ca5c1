"""Which rule a question is about, learned from the questions written for each rule.

The written questions (rules_index.asked) are ~17,500 examples of how players ask about each
section, and the book's ~4,800 passages are more. Their nearest neighbour (rules_index.meaning) compares a query with one question at a
time; a classifier trained on all of them learns what tells one section's questions from its
neighbours' — the siblings a close call falls between («Бласты» or «Зенитная стрельба»). It
is a softmax regression over the questions' sentence vectors: one weight vector and bias per
section, trained offline with the vectors (`python -m rules_index vectors`) and shipped beside
them (`rules_index/vectors/sections.npz`, 1 MB). A search multiplies one matrix: under 1 ms.

Measured on the written questions themselves, five-fold (each fold's questions scored by a
model and an index built without them): the classifier alone puts the question's own section
first for 65% (their nearest neighbour: 51%); fused with the ranking, it lifts the ranking's
66.7% / 90.7% to 67.9% / 92.5% (docs/rules.md has the figures on the test sets). The ranking
reads it for every query but a heading typed word for word (rules_index.rank_stage).

A section is keyed by its book position and opening text, not its id, so a model trained
before a heading was renamed still finds its sections; one the book no longer has is dropped,
and a section with no column (no written question, or trained before it existed) gets none
of this signal.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex

log = logging.getLogger(__name__)

MODEL_FILE = Path(__file__).resolve().parent / "vectors" / "sections.npz"
SCALE = 20.0           # cosines lie within ±1: the logits are scaled so a softmax can be sure
EPOCHS = 100           # full-batch Adam steps (five-fold: 60 and 200 score within 0.5 of 100)
LEARNING_RATE = 0.01
L2 = 1e-4


def section_key(index: RuleIndex, doc: int) -> int:
    """A section's identity across rebuilds: its path, lines and opening text (no game id, so
    a book registered twice, as the benchmark's ten-fold corpus does, shares its columns)."""
    from rules_index.meaning import text_key
    sec = index.sections[doc]
    return text_key("\n".join(sec.path) + f"\n{sec.line_start}-{sec.line_end}\n" + index.body(sec)[:200])


def train(vectors: np.ndarray, labels: np.ndarray, n_classes: int, epochs: int = EPOCHS) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression by full-batch Adam from zero weights (deterministic): (weights
    dim × classes, bias per class). `labels` index the classes."""
    x = np.asarray(vectors, dtype=np.float32)
    n, dim = x.shape
    weights = np.zeros((dim, n_classes), np.float32)
    bias = np.zeros(n_classes, np.float32)
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in (weights, bias)]
    rows = np.arange(n)
    for step in range(1, epochs + 1):
        logits = SCALE * (x @ weights) + bias
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        prob[rows, labels] -= 1.0                       # d(cross-entropy)/d(logits)
        grads = (SCALE * (x.T @ prob) / n + L2 * weights, prob.mean(axis=0))
        for param, grad, (m, v) in zip((weights, bias), grads, moments):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= LEARNING_RATE * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return weights, bias


def train_for(index: RuleIndex, shipped: dict[int, np.ndarray], path: Path = MODEL_FILE) -> int:
    """Train on the index's written questions (their vectors from `shipped`) and its passages
    (each an example of its own section, and the only ones of a section no question was
    written for), and write the model. Returns the number of sections it knows."""
    from rules_index.meaning import ASKED_PREFIX, PassageVectors, text_key
    keep = [i for i, t in enumerate(index.asked_text) if text_key(ASKED_PREFIX + t) in shipped]
    questions = np.stack([shipped[text_key(ASKED_PREFIX + index.asked_text[i])] for i in keep])
    # the passages' vectors as `shipped` has them: the index's own were looked up when it was
    # built, before `python -m rules_index vectors` encoded what a changed book lacked
    vectors = PassageVectors(index, shipped)
    rows = vectors.row_of
    encoded = rows >= 0
    passages = vectors.matrix[rows[encoded]]
    docs = np.concatenate([index.asked.doc[keep], np.asarray(index.passages.doc)[encoded]])
    classes, labels = np.unique(docs, return_inverse=True)
    weights, bias = train(np.vstack([questions, passages]), labels, len(classes))
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, keys=np.array([section_key(index, int(d)) for d in classes], dtype=np.uint64),
                        weights=weights.astype(np.float16), bias=bias)
    return len(classes)


class SectionModel:
    """The trained classifier, its columns laid out by the index's sections."""

    def __init__(self, index: RuleIndex, path: Path = MODEL_FILE) -> None:
        self.docs = np.zeros(0, dtype=np.int64)
        self.weights = np.zeros((0, 0), dtype=np.float32)
        self.bias = np.zeros(0, dtype=np.float32)
        self.column = np.zeros(0, dtype=np.int64)      # each of `docs`: its column of `weights`
        self.n_docs = len(index.sections)
        if not path.exists():
            return
        data = np.load(path)
        column = {int(k): c for c, k in enumerate(data["keys"].tolist())}
        pairs = [(doc, column[key]) for doc in range(self.n_docs)
                 if (key := section_key(index, doc)) in column]
        trained = {int(d) for d in np.unique(index.asked.doc)} | {int(d) for d in np.unique(index.passages.doc)}
        stale = len(trained - {doc for doc, _ in pairs})
        if stale:
            log.warning("rules_index: %d sections with passages or written questions are unknown to the section model "
                        "(a book or its questions changed?); run `python -m rules_index vectors`", stale)
        if pairs:
            self.docs = np.array([doc for doc, _ in pairs], dtype=np.int64)
            # sections with one key (a book registered twice) share a column: each distinct
            # column is multiplied once, then handed to its sections
            used, self.column = np.unique(np.array([c for _, c in pairs], dtype=np.int64), return_inverse=True)
            self.weights = np.ascontiguousarray(data["weights"][:, used], dtype=np.float32)
            self.bias = data["bias"][used].astype(np.float32)

    def __bool__(self) -> bool:
        return len(self.docs) > 0

    def logits(self, vector: np.ndarray) -> np.ndarray:
        """Every column's logit (no copy of the matrix): a question's probabilities within its
        book and over every book (rules_index.rerank) are read from the same ones."""
        return SCALE * (vector @ self.weights) + self.bias

    def probabilities(self, vector: np.ndarray, allowed: np.ndarray, logits: np.ndarray | None = None) -> np.ndarray:
        """Per section: how likely the query is about it, among the `allowed` sections (a
        boolean mask by section; 0 for sections outside it or unknown to the model). `logits`:
        the vector's, when already made."""
        out = np.zeros(self.n_docs, dtype=np.float32)
        mine = allowed[self.docs]
        if not mine.any():
            return out
        logits = (self.logits(vector) if logits is None else logits)[self.column[mine]]
        prob = np.exp(logits - logits.max())
        out[self.docs[mine]] = prob / prob.sum()
        return out
