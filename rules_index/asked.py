"""Document expansion: the questions players ask, written for each rule from the book's text.

A player writes «мой рино взорвался а внутри сидели тактички»; the book says «если транспорт
уничтожен, находящиеся внутри модели…». The words barely meet. Each game's book folder ships
questions and described situations written from its text, each with the book line that answers
it (`Book.questions`, `line<TAB>question`): doc2query, with the questions written rather than
generated. They are read two ways: their words (BM25 over the questions, here) and their
meaning (their sentence vectors beside the passages', rules_index.meaning). A section ranks by
its best question, and the reply quotes the passage that question points at.

They were written from the books alone, never from a test set (docs/rules.md says how).
"""
from __future__ import annotations

import math
from array import array
from collections import defaultdict

from rules_index.passages import INTENT_BONUS
from rules_index.weights import ASKED_COVER_POW, ASKED_SECOND

BM25_K1 = 1.2
BM25_B = 0.75


class AskedIndex:
    """BM25 over the written questions: each question's section and answering passage."""

    def __init__(self, rows: list[tuple[int, int, tuple[str, ...]]]) -> None:
        """`rows`: (section doc, answering passage id, the question's stems)."""
        self.doc = array("i", (r[0] for r in rows))
        self.pid = array("i", (r[1] for r in rows))
        n = len(rows)
        avg = sum(len(r[2]) for r in rows) / max(1, n)
        postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for qid, (_doc, _pid, terms) in enumerate(rows):
            norm = BM25_K1 * (1 - BM25_B + BM25_B * len(terms) / max(avg, 1.0))
            tf: dict[str, int] = defaultdict(int)
            for t in terms:
                tf[t] += 1
            for t, k in tf.items():
                postings[t].append((qid, k * (BM25_K1 + 1) / (k + norm)))
        self.idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
        # each question's weight in words, for how much of it a query covers
        self.norm = array("d", (sum(self.idf[t] for t in set(r[2])) or 1.0 for r in rows))
        self.max_idf = max(self.idf.values(), default=1.0)
        # flat arrays with each stem's slice: compact in the cache, quick to read
        self.q_ids, self.q_parts, self.slot = array("i"), array("d"), {}
        for t in sorted(postings):
            plist = postings[t]
            self.slot[t] = (len(self.q_ids), len(self.q_ids) + len(plist))
            self.q_ids.extend(q for q, _ in plist)
            self.q_parts.extend(p for _, p in plist)

    def __len__(self) -> int:
        return len(self.doc)

    def best(self, words: list[tuple[float, tuple[tuple[str, float], ...]]],
             allowed: frozenset[int] | None, asks: int = 0,
             states: array | None = None) -> dict[int, tuple[float, int]]:
        """Each section's best question: doc → (score, answering passage id). `words`: per query
        word, its weight and expansions (stem, similarity); a question counts each word once, by
        its best expansion, and a section by its best question plus a share of its second.
        `asks`, the query's intent, prefers a question whose passage states
        that kind of thing (`states`: per passage, its bits). 1.0 is a question holding every query word at an average question's
        BM25 and no word the query lacks, so scores compare across queries."""
        per_q: dict[int, float] = defaultdict(float)
        covered: dict[int, float] = defaultdict(float)     # the question's words the query holds
        ref = 0.0
        for weight, exp in words:
            best_idf = 0.0
            got: dict[int, tuple[float, float]] = {}
            for v, sim in exp:
                idf = self.idf.get(v)
                if idf is None:
                    continue
                best_idf = max(best_idf, idf)
                lo, hi = self.slot[v]
                w = weight * idf * sim
                for q, part in zip(self.q_ids[lo:hi], self.q_parts[lo:hi]):
                    if w * part > got.get(q, (0.0, 0.0))[0]:
                        got[q] = (w * part, idf * sim)
            for q, (s, c) in got.items():
                per_q[q] += s
                covered[q] += c
            ref += weight * (best_idf or self.max_idf)
        out: dict[int, tuple[float, int]] = {}
        if ref <= 0:
            return out
        norm = self.norm
        second: dict[int, float] = {}
        for q, s in per_q.items():
            doc = self.doc[q]
            if allowed is not None and doc not in allowed:
                continue
            # a few words found in a long question are a mention, not the same question
            s = s / ref * min(1.0, covered[q] / norm[q]) ** ASKED_COVER_POW
            if asks and states is not None and states[self.pid[q]] & asks:
                s *= 1 + INTENT_BONUS       # its passage states what is asked (rules_index.passages)
            first = out.get(doc, (0.0, -1))[0]
            if s > first:
                second[doc] = first
                out[doc] = (s, self.pid[q])
            elif s > second.get(doc, 0.0):
                second[doc] = s
        # two of a rule's questions reading like this one are surer than one
        return {doc: (s + ASKED_SECOND * second.get(doc, 0.0), pid) for doc, (s, pid) in out.items()}


NEAR_COPY = 85      # rapidfuzz ratio (0–100) at which a written question copies an evaluation query


def near_copies(written: list[str], queries: list[str]) -> set[int]:
    """Indexes of the written questions that nearly copy one of `queries` (case and spacing
    aside): they'd let the index learn a test set (scripts/decontaminate_questions.py)."""
    from rapidfuzz import fuzz, process
    from rapidfuzz.utils import default_process
    pool = [default_process(q) for q in queries]
    return {k for k, text in enumerate(written)
            if process.extractOne(default_process(text), pool, scorer=fuzz.ratio, score_cutoff=NEAR_COPY,
                                  processor=None) is not None}
