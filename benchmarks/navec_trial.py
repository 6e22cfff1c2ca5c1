"""The navec trial (issue 13 §1): do Russian news word vectors help rule lookup?

navec's vectors ship inside the natasha wheel (natasha/data/emb/navec_news_v1_1B_250K_300d_100q.tar,
26 MB). This script is the measurement, not a dependency of the bot; to run it:

    .venv/bin/pip download natasha==1.6.0 --no-deps -d /tmp/nv && .venv/bin/pip install navec==0.10.0
    unzip -o -q /tmp/nv/natasha-1.6.0-py3-none-any.whl 'natasha/data/emb/*' -d /tmp/nv/x
    .venv/bin/python benchmarks/navec_trial.py /tmp/nv/x/natasha/data/emb/navec_news_v1_1B_250K_300d_100q.tar

Each query word gets, beside its usual expansions, its nearest words of the books' vocabulary
by cosine similarity (above THRESHOLD, at most TOP, weighted WEIGHT × similarity), either only
for words with no sure match in the books ("weak") or for every word ("all"). The figures of
the public and held-out sets are printed per setting.
"""
from __future__ import annotations

import glob
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from navec import Navec  # noqa: E402

import rules_index.engine as engine  # noqa: E402
from rules_index import load_index, normalize as nz  # noqa: E402
from rules_index.evaluate import run  # noqa: E402

SETTINGS = [(0.45, 0.6, 3, "weak"), (0.45, 0.5, 3, "all"), (0.5, 0.4, 5, "all")]
SETS = ["lookup_questions.tsv", "heldout_questions.tsv", "lookup_queries.tsv"]


def main(tar: str) -> None:
    vectors = Navec.load(tar)
    index = load_index()
    words: set[str] = set()
    for book in glob.glob(str(ROOT / "games" / "*" / "book" / "*.md")) + glob.glob(str(ROOT / "games" / "*" / "book" / "*.txt")):
        words |= set(re.findall(r"[а-яё]{3,}", Path(book).read_text(encoding="utf-8", errors="ignore").lower()))
    vocab = [w for w in sorted(words) if w in vectors and nz.stem(w) in index.body_terms]
    matrix = np.stack([vectors[w] for w in vocab])
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    plain_synonyms, plain_search = engine.RuleIndex.with_synonyms, engine.RuleIndex._search_once

    def use_vectors(threshold: float, weight: float, top: int, mode: str) -> None:
        raw: dict[str, str] = {}

        def neighbours(word: str) -> list[tuple[str, float]]:
            if word not in vectors:
                return []
            v = vectors[word] / np.linalg.norm(vectors[word])
            sims = matrix @ v
            return [(nz.stem(vocab[i]), float(sims[i])) for i in np.argsort(-sims)[:top + 1]
                    if sims[i] >= threshold and vocab[i] != word][:top]

        def with_synonyms(self, exp, term, game):
            res = plain_synonyms(self, exp, term, game)
            if mode == "all" or not exp or exp[0][1] < 0.85:
                have = {v for v, _ in res}
                res = res + tuple((st, weight * s) for st, s in neighbours(raw.get(term, term)) if st not in have)
            return res

        def search_once(self, query, game, limit, via):
            raw.clear()
            raw.update({nz.stem(t): t for t in nz.tokens(query)})
            return plain_search(self, query, game, limit, via)

        engine.RuleIndex.with_synonyms, engine.RuleIndex._search_once = with_synonyms, search_once

    for setting in [None, *SETTINGS]:
        if setting is not None:
            use_vectors(*setting)
        label = "without vectors" if setting is None else "threshold {}, weight {}, top {}, {}".format(*setting)
        print(f"== {label}")
        for name in SETS:
            report, _ = run(ROOT / "tests" / "rules_index" / "data" / name, index=load_index(), show_misses=False)
            for line in report.splitlines():
                if line.startswith("==") or line.startswith("overall"):
                    print("  " + line)


if __name__ == "__main__":
    main(sys.argv[1])
