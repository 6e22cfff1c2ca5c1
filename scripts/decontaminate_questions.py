"""Drop written questions (games/<id>/book/questions/*.tsv) that nearly copy an evaluation query.

The questions written for each rule expand the index (rules_index.asked); the evaluation sets
(tests/rules_index/data/*.tsv) measure the search. A written question that is a near copy of an
evaluation query would let the index learn the test: run this after adding either, and
tests/rules_index/test_asked.py fails until it has been run.

    python scripts/decontaminate_questions.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.registry import GAMES  # noqa: E402
from rules_index.asked import near_copies  # noqa: E402
from rules_index.evaluate import read_queries  # noqa: E402

EVAL_DIR = ROOT / "tests" / "rules_index" / "data"


def main() -> int:
    queries = [q.query for f in sorted(EVAL_DIR.glob("*.tsv")) for q in read_queries(f)]
    dropped = 0
    for system in GAMES.values():
        for path in system.book.question_files():
            rows = path.read_text(encoding="utf-8").splitlines()
            texts = [r.partition("\t")[2] for r in rows[1:]]
            bad = near_copies(texts, queries)
            if bad:
                kept = [rows[0]] + [r for k, r in enumerate(rows[1:]) if k not in bad]
                path.write_text("\n".join(kept) + "\n", encoding="utf-8")
                dropped += len(bad)
                print(f"{path.relative_to(ROOT)}: {len(bad)} dropped")
    print(f"{dropped} written questions dropped as near copies of evaluation queries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
