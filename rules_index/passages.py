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
from functools import lru_cache

from rules_index import normalize as nz

BM25_K1 = 1.2
BM25_B = 0.75            # passages differ in length more than sections do; normalise fully
COMMON_SHARE = 0.1       # words in more passages than this share are not scored per passage…
COMMON_MIN = 50          # …(never fewer than this many: a small book keeps its words)
INTENT_BONUS = 0.5      # a passage stating what the question asks for, over one that does not

# What a passage states, as bits.
NUMBER, PERMISSION, CONSEQUENCE = 1, 2, 4

# a number, or a quantity compared («количество Бластов равно или превышает количество юнитов»)
_NUMBER_RE = re.compile(r"\d|\bd6\b|\bд6\b|\b(?:один|одну|одного|два|две|двух|три|трех|трёх|четыре|пять|шесть|"
                        r"половин|дважды|вдвое|удво|количеств|числ|превыша|не менее|не более|"
                        r"one|two|three|four|five|six|twice|half|number of|equal to|exceeds?)", re.IGNORECASE)
_PERMISSION_RE = re.compile(r"\b(?:може[тм]|могут|можно|нельзя|не может|вправе|разреш|запрещ|"
                            r"may|can|cannot|must)\w*", re.IGNORECASE)
_CONSEQUENCE_RE = re.compile(r"\b(?:если|то|получа\w*|теря\w*|уничтож\w*|удаля\w*|удал\w+|немедленно|"
                             r"считается|становится|if|then|suffers?|loses?|removed|destroyed)\b", re.IGNORECASE)

# How players ask (already normalised: casefolded, ё → е).
_ASK_NUMBER = re.compile(r"\b(?:сколько|скольк|скока|на сколько|насколько|какой (?:бонус|штраф|модификатор)|"
                         r"какое расстояние|как далеко|how many|how much|how far)\b")
_ASK_PERMISSION = re.compile(r"\b(?:можно|могу|может ли|могут ли|можем|нельзя|разрешено|имеет право|"
                             r"can|may|allowed)\b")
# «что с ним?», «что с пехотой», «что теперь?»: a situation's chat question asks what follows as
# surely as «что будет» (over every set, rank 1 2,533 → 2,535 and top 5 2,877 → 2,878 of 2,964)
_ASK_CONSEQUENCE = re.compile(r"\b(?:что будет|что с \w+|что если|что (?:мне )?делать|что происходит|что случится|"
                              r"что теперь|что дальше|че будет|а если|what happens|what if)\b")


# A sentence asking how something works or what it is («как работают пушки», "how do cannons
# work", «что делает …»): a question, though it asks for no number, permission or consequence.
_ASKS = re.compile(r"^(?:а |и )?(?:как|каким образом|что|зачем|почему|когда|где|кто|ли|how|what|when|why|where|who|"
                   r"which|does|do|is|are|can|may)\b")


# A player telling what happened at the table («мой грузовик атакует пехота», "my guy fell off a
# roof"): no rule's name has a first-person word, so the query is a situation however short.
_FIRST_PERSON = re.compile(r"\b(?:я|мой|моя|мое|мои|моего|моей|моих|моим|моему|мою|моими|меня|мне|мной|мы|наш|наша|"
                           r"наше|наши|нас|нам|i|my|me|mine|we|our|us)\b")


def is_question(query: str) -> bool:
    """Worded as a question (a question word first, or a question mark) or told as a situation
    (a first-person word), whatever it asks for (what it asks for: `intent`)."""
    q = nz.clean_keep_hyphens(query)
    return "?" in query or bool(_ASKS.match(q)) or bool(_FIRST_PERSON.search(q))


def intent(query: str) -> int:
    """The kinds of statement a question asks for (bits), from its question words."""
    q = nz.clean_keep_hyphens(query)
    return ((NUMBER if _ASK_NUMBER.search(q) else 0) | (PERMISSION if _ASK_PERMISSION.search(q) else 0)
            | (CONSEQUENCE if _ASK_CONSEQUENCE.search(q) else 0))


@lru_cache(maxsize=100_000)
def states(text: str) -> int:
    """The kinds of statement a passage makes (bits)."""
    return ((NUMBER if _NUMBER_RE.search(text) else 0) | (PERMISSION if _PERMISSION_RE.search(text) else 0)
            | (CONSEQUENCE if _CONSEQUENCE_RE.search(text) else 0))


class PassageIndex:
    """BM25 over passages: each passage's section, lines and what it states; the words' rarity."""

    def __init__(self, passages: list[tuple[int, int, int, tuple[str, ...], int]]) -> None:
        """`passages`: (doc, line_start, line_end, stems, states bits) in book order."""
        self.doc = array("i", (p[0] for p in passages))
        self.line_start = array("i", (p[1] for p in passages))
        self.line_end = array("i", (p[2] for p in passages))
        self.kind = array("b", (p[4] for p in passages))
        lens = [len(p[3]) for p in passages]
        avg = sum(lens) / max(1, len(lens))
        self.avg_len = avg
        # each section's passages, in book order: doc → (first passage id, count)
        self.of_doc: dict[int, tuple[int, int]] = {}
        for pid, p in enumerate(passages):
            first, count = self.of_doc.get(p[0], (pid, 0))
            self.of_doc[p[0]] = (first, count + 1)
        df: dict[str, int] = defaultdict(int)
        for p in passages:
            for t in set(p[3]):
                df[t] += 1
        n = len(passages)
        self.idf = {t: math.log(1 + (n - k + 0.5) / (k + 0.5)) for t, k in df.items()}
        self.df = dict(df)
        self.max_idf = max(self.idf.values(), default=1.0)
        self.common = max(COMMON_MIN, int(COMMON_SHARE * n))

    def __len__(self) -> int:
        return len(self.doc)

    def best_of(self, docs, passage_terms, passage_sets, words: list[tuple[float, tuple[tuple[str, float], ...]]],
                asks: int) -> dict[int, tuple[float, int]]:
        """Each candidate section's best passage: doc → (score, passage id).

        `words`: per query word, its weight and its expansions (stem, similarity); a passage
        counts each word once, by its best expansion. Score 1.0 is a passage holding every
        word at the average passage's BM25, so scores compare across queries. Only the given
        candidates are read (`passage_terms(doc)` → one space-joined stem string per
        passage; `passage_sets(doc)` → the same as sets, which skip a passage holding no
        query word without splitting it): a search reorders a few dozen sections, not every
        passage of the books."""
        ref = 0.0
        want: dict[str, list[tuple[int, float]]] = defaultdict(list)     # stem → [(word, weight × idf × sim)]
        for qi, (weight, exp) in enumerate(words):
            best_idf = 0.0
            for v, sim in exp:
                idf = self.idf.get(v)
                if idf is None:
                    continue
                best_idf = max(best_idf, idf)
                if self.df[v] <= self.common:
                    want[v].append((qi, weight * idf * sim))
            ref += weight * (best_idf or self.max_idf)
        if not want or ref <= 0:
            return {}
        k1, b, avg = BM25_K1, BM25_B, max(self.avg_len, 1.0)
        out: dict[int, tuple[float, int]] = {}
        kind = self.kind
        wanted = frozenset(want)
        for doc in docs:
            span = self.of_doc.get(doc)
            if span is None:
                continue
            first = span[0]
            lines = passage_terms(doc)
            for j, present in enumerate(passage_sets(doc)):
                found = present & wanted
                if not found:
                    continue
                terms = lines[j].split()
                norm = k1 * (1 - b + b * max(len(terms), avg) / avg)
                per_word: dict[int, float] = {}
                for t in found:
                    n = terms.count(t)      # in C: a comprehension over every word took longer
                    part = n * (k1 + 1) / (n + norm)
                    for qi, w in want[t]:
                        if w * part > per_word.get(qi, 0.0):
                            per_word[qi] = w * part
                score = math.fsum(per_word.values())     # whatever order the set gave the words in
                pid = first + j
                if asks and kind[pid] & asks:
                    score *= 1 + INTENT_BONUS
                score /= ref
                if score > out.get(doc, (0.0, -1))[0]:
                    out[doc] = (score, pid)
        return out
