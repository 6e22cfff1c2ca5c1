"""Passages: the paragraphs, list items and table rows of every section, each with its lines.

A question is answered by one passage («В каждой фазе … запас реакций … равно 1»), not by the
section as a whole: the index scores passages with BM25 over their own length, and a section
ranks by its best passage (rules_index.rank fuses that with the name and body scores).

The question's intent — a number («сколько», "how many"), a permission («можно ли», "can"),
a consequence («что будет если», "what happens") — is read from the words search otherwise
drops, and prefers the passage that states that kind of thing.
"""
from __future__ import annotations

import math
import re
from array import array
from collections import defaultdict
from dataclasses import dataclass

from rules_index import normalize as nz

BM25_K1 = 1.2
BM25_B = 0.75            # passages differ in length more than sections do; normalise fully
INTENT_BONUS = 0.5      # a passage stating what the question asks for, over one that does not

# What a passage states, as bits.
NUMBER, PERMISSION, CONSEQUENCE = 1, 2, 4

_NUMBER_RE = re.compile(r"\d|\bd6\b|\bд6\b|\b(?:один|одн(?:а|у|ой|ого|ом|им)|два|две|двух|три|трех|трёх|четыре|пять|шесть|"
                        r"половин|дважды|вдвое|удво|one|two|three|four|five|six|twice|half)", re.IGNORECASE)
_PERMISSION_RE = re.compile(r"\b(?:може[тм]|могут|можно|нельзя|не может|вправе|разреш|запрещ|"
                            r"may|can|cannot|must)\w*", re.IGNORECASE)
_CONSEQUENCE_RE = re.compile(r"\b(?:если|то|получа\w*|теря\w*|уничтож\w*|удаля\w*|удал\w+|немедленно|"
                             r"считается|становится|if|then|suffers?|loses?|removed|destroyed)\b", re.IGNORECASE)

# How players ask (already normalised: casefolded, ё → е).
_ASK_NUMBER = re.compile(r"\b(?:сколько|скольк|скока|на сколько|насколько|какой (?:бонус|штраф|модификатор)|"
                         r"какое расстояние|как далеко|how many|how much|how far)\b")
_ASK_PERMISSION = re.compile(r"\b(?:можно|могу|может ли|могут ли|можем|нельзя|разрешено|имеет право|"
                             r"can|may|allowed)\b")
_ASK_CONSEQUENCE = re.compile(r"\b(?:что будет|что (?:с ним|с ней|с ними) будет|что если|что делать|что происходит|"
                              r"что дальше|а если|what happens|what if)\b")


def intent(query: str) -> int:
    """The kinds of statement a question asks for (bits), from its question words."""
    q = nz.clean_keep_hyphens(query)
    return ((NUMBER if _ASK_NUMBER.search(q) else 0) | (PERMISSION if _ASK_PERMISSION.search(q) else 0)
            | (CONSEQUENCE if _ASK_CONSEQUENCE.search(q) else 0))


def states(text: str) -> int:
    """The kinds of statement a passage makes (bits)."""
    return ((NUMBER if _NUMBER_RE.search(text) else 0) | (PERMISSION if _PERMISSION_RE.search(text) else 0)
            | (CONSEQUENCE if _CONSEQUENCE_RE.search(text) else 0))


@dataclass(frozen=True)
class Passage:
    doc: int
    line_start: int
    line_end: int


class PassageIndex:
    """BM25 over passages; postings as flat arrays (compact in the cache, fast to slice)."""

    def __init__(self, passages: list[tuple[int, int, int, tuple[str, ...], int]]) -> None:
        """`passages`: (doc, line_start, line_end, stems, states bits) in book order."""
        self.doc = array("i", (p[0] for p in passages))
        self.line_start = array("i", (p[1] for p in passages))
        self.line_end = array("i", (p[2] for p in passages))
        self.kind = array("b", (p[4] for p in passages))
        lens = [len(p[3]) for p in passages]
        avg = sum(lens) / max(1, len(lens))
        post: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for pid, p in enumerate(passages):
            tf: dict[str, int] = defaultdict(int)
            for t in p[3]:
                tf[t] += 1
            # a short line (a list label, a table header) is not more about a word than a paragraph
            norm = BM25_K1 * (1 - BM25_B + BM25_B * max(lens[pid], avg) / max(avg, 1.0))
            for t, n in tf.items():
                post[t].append((pid, n * (BM25_K1 + 1) / (n + norm)))
        n = len(passages)
        self.idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in post.items()}
        self.max_idf = max(self.idf.values(), default=1.0)
        self.p_ids, self.p_parts, self.slot = array("i"), array("d"), {}
        for t in sorted(post):
            plist = post[t]
            self.slot[t] = (len(self.p_ids), len(self.p_ids) + len(plist))
            self.p_ids.extend(pid for pid, _ in plist)
            self.p_parts.extend(part for _, part in plist)

    def __len__(self) -> int:
        return len(self.doc)

    def best_per_doc(self, words: list[tuple[float, tuple[tuple[str, float], ...]]], asks: int,
                     allowed: frozenset[int] | None) -> dict[int, tuple[float, int]]:
        """Each section's best passage for the query: doc → (score in [0, 1], passage id).

        `words`: per query word, its weight and its expansions (stem, similarity); a passage
        counts each word once, by its best expansion. 1.0 is a passage holding every word at
        the average passage's BM25, so scores compare across queries."""
        per_passage: dict[int, float] = defaultdict(float)
        ref = 0.0
        for weight, exp in words:
            seen: dict[int, float] = {}
            best_idf = 0.0
            for v, sim in exp:
                idf = self.idf.get(v)
                if idf is None:
                    continue
                best_idf = max(best_idf, idf)
                lo, hi = self.slot[v]
                ws = weight * idf * sim
                get = seen.get
                for pid, part in zip(self.p_ids[lo:hi], self.p_parts[lo:hi]):
                    s = ws * part
                    if s > get(pid, 0.0):
                        seen[pid] = s
            # a word no passage holds still counts: a passage answers only part of such a query
            ref += weight * (best_idf or self.max_idf)
            for pid, s in seen.items():
                per_passage[pid] += s
        if not per_passage or ref <= 0:
            return {}
        out: dict[int, tuple[float, int]] = {}
        doc_of, kind = self.doc, self.kind
        for pid, s in per_passage.items():
            d = doc_of[pid]
            if allowed is not None and d not in allowed:
                continue
            if asks and kind[pid] & asks:
                s *= 1 + INTENT_BONUS
            s /= ref
            if s > out.get(d, (0.0, -1))[0]:
                out[d] = (s, pid)
        return out
