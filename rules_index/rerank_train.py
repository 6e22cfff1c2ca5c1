"""`python -m rules_index reranker`: train the trees that reorder a question's first hits
(rules_index.rerank) and write them beside the sentence vectors.

Every query of the test sets but the public files is searched with and without its game; each
search hands over its first ten hits' rows (`rerank.collect`) with which of them the set accepts.
LightGBM (LambdaMART: `pip install lightgbm`, needed here only) learns from them to put an
accepted hit first. The public files are held back, so they keep measuring the search on
queries its trees never saw; each of the other sets was measured by trees trained without it
(leave one set out: docs/rules.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from rules_index import rerank
from rules_index.evaluate import PUBLIC_SETS, rank_of, read_queries

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex

DATA = PUBLIC_SETS[0].parent
HELD_BACK = {p.name for p in PUBLIC_SETS}
# LambdaMART as the leave-one-set-out runs chose it (docs/rules.md): 300 trees of 15 leaves,
# every search and every signal for each (no sampling, so no seed: trees that sampled 80% of
# them moved the public questions held out from them by their seed, 82 → 80–82 of 90); one
# thread, so two runs write the same trees.
PARAMETERS = dict(objective="lambdarank", learning_rate=0.05, num_leaves=15, min_data_in_leaf=40,
                  deterministic=True, force_row_wise=True, num_threads=1, verbose=-1)
TREES = 300


def training_files() -> list[Path]:
    return [p for p in sorted(DATA.glob("*_queries.tsv")) + sorted(DATA.glob("*_questions.tsv"))
            if p.name not in HELD_BACK]


def collect(index: RuleIndex, files: list[Path]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Each search's rows and labels (1: a hit the set accepts), for the searches the reranker
    reads (questions and situations; a name is not reordered)."""
    rows: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    got: list[tuple[np.ndarray, list[int]]] = []
    rerank.collect = lambda x, docs: got.append((x, docs))
    try:
        for path in files:
            for q in read_queries(path):
                for game in (q.game, None):
                    index.__dict__.pop("_answers", None)        # searched anew, not the kept answer
                    got.clear()
                    index.search(q.query, game, rerank.DEPTH)
                    for x, docs in got[:1]:                     # the query as typed (not a retry)
                        secs = [index.sections[d] for d in docs]
                        labels.append(np.array([rank_of([(s.game, s.line_start, s.line_end)], q) is not None
                                                for s in secs], dtype=np.int32))
                        rows.append(x)
    finally:
        rerank.collect = None
    return rows, labels


def train(index: RuleIndex, path: Path = rerank.MODEL_FILE) -> tuple[int, int]:
    """Train on the training files and write the trees; returns (searches, trees)."""
    import lightgbm

    rows, labels = collect(index, training_files())
    x = np.vstack(rows)
    data = lightgbm.Dataset(x, np.concatenate(labels), group=[len(r) for r in rows])
    booster = lightgbm.train(PARAMETERS, data, num_boost_round=TREES)
    arrays = rerank.export(booster.dump_model())
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)
    if not np.allclose(rerank.Reranker(path).scores(x), np.asarray(booster.predict(x), dtype=np.float64), atol=1e-6):
        raise RuntimeError("the exported trees do not score as LightGBM's")
    return len(rows), len(arrays["roots"])
