"""Document expansion: the questions players ask, written for each rule from the book's text.

A player writes «мой рино взорвался а внутри сидели тактички»; the book says «если транспорт
уничтожен, находящиеся внутри модели…». The words barely meet. Each game's book folder ships
questions and described situations written from its text, each with the book line that answers
it (`Book.questions`, `line<TAB>question`): doc2query, with the questions written rather than
generated. They are read two ways: their words (BM25 over the questions, here) and their
meaning (their sentence vectors beside the passages', rules_index.meaning). A section ranks by
its best question and a share of its second, and the reply quotes the passage the best points at.

They were written from the books alone, never from a test set (docs/rules.md says how).
"""
from __future__ import annotations

import math
from array import array
from collections import defaultdict

import numpy as np

from rules_index.passages import INTENT_BONUS
from rules_index.weights import ASKED_CANDIDATES, ASKED_COVER_POW, ASKED_SECOND

BM25_K1 = 1.2
BM25_B = 0.75


class AskedIndex:
    """BM25 over the written questions: each question's section, game and answering passage.
    Arrays throughout (numpy): a search scores tens of thousands of postings on a big corpus."""

    def __init__(self, rows: list[tuple[int, int, tuple[str, ...]]], games: list[str] | None = None,
                 states: array | None = None) -> None:
        """`rows`: (section doc, answering passage id, the question's stems); `games`: each
        section's game; `states`: what each passage states (rules_index.passages bits)."""
        self.doc = np.array([r[0] for r in rows], dtype=np.int32)
        self.pid = np.array([r[1] for r in rows], dtype=np.int32)
        # the kind of statement each question's passage makes, for the query's intent
        self.states = (np.asarray(states, dtype=np.int8)[self.pid] if states is not None and len(rows)
                       else np.zeros(len(rows), dtype=np.int8))
        self.game_names = sorted(set(games or ()))
        code = {g: k for k, g in enumerate(self.game_names)}
        self.game = np.array([code[games[r[0]]] if games else 0 for r in rows], dtype=np.int16)
        # a game's questions as one run of ids, when they are (each word's postings are in id
        # order, so a search with the game given reads only that run of them)
        runs = np.flatnonzero(np.r_[True, self.game[1:] != self.game[:-1]]) if len(rows) else np.array([], dtype=np.int64)
        self.game_run: dict[int, tuple[int, int]] = {}
        if len(set(self.game[runs].tolist())) == len(runs):
            ends = np.r_[runs[1:], len(rows)]
            self.game_run = {int(self.game[a]): (int(a), int(b)) for a, b in zip(runs, ends)}
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
        self.norm = np.array([sum(self.idf[t] for t in set(r[2])) or 1.0 for r in rows], dtype=np.float64)
        self.max_idf = max(self.idf.values(), default=1.0)
        # flat arrays with each stem's slice: compact in the cache, quick to read
        ids: list[int] = []
        parts: list[float] = []
        self.slot: dict[str, tuple[int, int]] = {}
        for t in sorted(postings):
            plist = postings[t]
            self.slot[t] = (len(ids), len(ids) + len(plist))
            ids.extend(q for q, _ in plist)
            parts.extend(p for _, p in plist)
        self.q_ids = np.array(ids, dtype=np.int32)
        self.q_parts = np.array(parts, dtype=np.float64)
        # which stems each section's questions hold between them, as sorted keys (section ×
        # postings + the stem's first posting): `cover` looks up ten sections' words in one
        # search of the array
        held = {int(doc) * len(ids) + self.slot[t][0] for doc, _pid, terms in rows for t in terms}
        self.section_stems = np.array(sorted(held), dtype=np.int64)

    def __len__(self) -> int:
        return len(self.doc)

    def best(self, words: list[tuple[float, tuple[tuple[str, float], ...]]],
             game: str | None = None, asks: int = 0) -> dict[int, tuple[float, int]]:
        """Each section's score by its questions: doc → (score, answering passage id of its best).

        `words`: per query word, its weight and expansions (stem, similarity); a question counts
        each word once, by its best expansion. A question scores 1.0 when it holds every query
        word at an average question's BM25 and no word the query lacks, so scores compare across
        queries; one whose passage states what the query asks for (`asks`, its intent) gains
        INTENT_BONUS. A section scores its best question plus ASKED_SECOND of its second best."""
        # Sparse: a word touches the questions holding one of its expansions, a few thousand
        # of the tens of thousands a big corpus has (of the game's alone, when it is given).
        code = None
        if game is not None:
            if game not in self.game_names:
                return {}
            code = self.game_names.index(game)
        ids_of, vals_of, cover_of = [], [], []
        ref = 0.0
        for weight, exp in words:
            ids_w, vals_w, cover_w = [], [], []
            # each stem once, at its best similarity: the word as typed is often its own first
            # expansion too, and its postings read twice were sorted only to drop the copy
            sims: dict[str, float] = {}
            for v, sim in exp:
                if sim > sims.get(v, 0.0):
                    sims[v] = sim
            for v, sim in sims.items():
                idf = self.idf.get(v)
                if idf is None:
                    continue
                lo, hi = self.slot[v]
                ids, parts = self.q_ids[lo:hi], self.q_parts[lo:hi]
                if code in self.game_run:
                    a, b = np.searchsorted(ids, self.game_run[code])
                    ids, parts = ids[a:b], parts[a:b]
                elif code is not None:
                    mine = self.game[ids] == code
                    ids, parts = ids[mine], parts[mine]
                ids_w.append(ids)
                vals_w.append((weight * idf * sim) * parts)
                cover_w.append(np.full(len(ids), idf * sim))
            ref += self.share(weight, exp)
            if not ids_w:
                continue
            ids, vals, cover = np.concatenate(ids_w), np.concatenate(vals_w), np.concatenate(cover_w)
            if len(ids_w) > 1 and len(ids) > 1:
                ids, vals, cover = _best_per_question(ids, vals, cover, len(self.doc))
            ids_of.append(ids)
            vals_of.append(vals)
            cover_of.append(cover)
        if ref <= 0 or not sum(map(len, ids_of)):
            return {}
        # over every question (a sort of the postings took longer on a big corpus)
        ids = np.concatenate(ids_of)
        hit = np.flatnonzero(np.bincount(ids, minlength=len(self.doc)))
        total = np.bincount(ids, weights=np.concatenate(vals_of), minlength=len(self.doc))[hit]
        # the question's words the query holds (idf)
        covered = np.bincount(ids, weights=np.concatenate(cover_of), minlength=len(self.doc))[hit]
        # a few words found in a long question are a mention, not the same question
        score = total / ref * np.minimum(1.0, covered / self.norm[hit]) ** ASKED_COVER_POW
        if asks:
            score = np.where(self.states[hit] & asks, score * (1 + INTENT_BONUS), score)
        docs, pids = self.doc[hit], self.pid[hit]
        # Only a section whose best question could reach the top ASKED_CANDIDATES is sorted: a
        # section totals at least its best and at most (1 + ASKED_SECOND) times it. (The sort of
        # every question a common word touches was most of a search on a big corpus.)
        top = np.zeros(int(docs.max()) + 1)
        np.maximum.at(top, docs, score)
        bests = top[top > 0]
        if len(bests) > ASKED_CANDIDATES:
            cut = np.partition(bests, len(bests) - ASKED_CANDIDATES)[len(bests) - ASKED_CANDIDATES]
            keep = top[docs] * (1 + ASKED_SECOND) >= cut
            docs, score, pids = docs[keep], score[keep], pids[keep]
        order = np.lexsort((-score, docs))           # by section, its best question first
        docs, score, pids = docs[order], score[order], pids[order]
        first = np.flatnonzero(np.r_[True, docs[1:] != docs[:-1]])
        nxt = np.minimum(first + 1, len(docs) - 1)
        second = np.where((nxt > first) & (docs[nxt] == docs[first]), score[nxt], 0.0)
        # two of a rule's questions reading like this one are surer than one
        total_score = score[first] + ASKED_SECOND * second
        docs, pids = docs[first], pids[first]
        if len(docs) > ASKED_CANDIDATES:        # only the best can reach the top
            keep = np.argpartition(-total_score, ASKED_CANDIDATES)[:ASKED_CANDIDATES]
            docs, pids, total_score = docs[keep], pids[keep], total_score[keep]
        return dict(zip(docs.tolist(), zip(total_score.tolist(), pids.tolist())))

    def share(self, weight: float, expansions: tuple[tuple[str, float], ...]) -> float:
        """A query word's part of the query, as `best` and `cover` count it: its weight × the idf
        of its rarest expansion some question holds (the rarest idf of all when none does)."""
        return weight * (max((self.idf[v] for v, _ in expansions if v in self.idf), default=0.0) or self.max_idf)

    def cover(self, words: list[tuple[float, tuple[tuple[str, float], ...]]], docs: list[int]) -> np.ndarray:
        """For each of `docs`, how much of the query its written questions hold between them:
        each query word (`words` as `best` reads them) counts by its weight and idf, at its best
        expansion that any of the section's questions holds; 1.0 when they hold every word.

        `best` reads one question at a time, and a player's situation often spreads over
        several: «…кидаем ини плюс д6… вышло поровну, нас вырезали?» meets the pursuit's
        questions on the roll, on the tie and on the units cut down, each in another. Read
        by the reranker (rules_index.rerank), which learns how much this says."""
        at = np.asarray(docs, dtype=np.int64)
        parts = [self.share(weight, exp) for weight, exp in words]     # per query word
        word: list[int] = []                      # per expansion found: its word,
        stem: list[int] = []                      # its stem (by its first posting),
        sim: list[float] = []                     # its similarity
        for w, (_, exp) in enumerate(words):
            for v, similarity in exp:
                where = self.slot.get(v)
                if where is not None:
                    word.append(w)
                    stem.append(where[0])
                    sim.append(similarity)
        total = sum(parts)
        if not stem or total <= 0:
            return np.zeros(len(at))
        keys = at[:, None] * len(self.q_ids) + np.asarray(stem, dtype=np.int64)[None, :]
        found = np.searchsorted(self.section_stems, keys).clip(max=len(self.section_stems) - 1)
        held_sim = np.where(self.section_stems[found] == keys, np.asarray(sim), 0.0)    # [docs, expansions]
        starts = np.flatnonzero(np.r_[True, np.diff(word) > 0])                          # each word's first
        best = np.maximum.reduceat(held_sim, starts, axis=1)                             # [docs, words found]
        held = best @ np.asarray(parts)[np.asarray(word)[starts]]
        return held / total


def _best_per_question(ids: np.ndarray, vals: np.ndarray, cover: np.ndarray,
                       n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A question counts a query word once, by its best expansion (the first of equals).
    By a table of each question's best (values are positive), not a sort of the postings:
    the two-key sort was a fifth of this search on a big corpus."""
    best = np.zeros(n)
    np.maximum.at(best, ids, vals)
    keep = np.flatnonzero(vals == best[ids])
    if len(keep) > np.count_nonzero(best):          # equals: the first of them
        keep = np.sort(keep[np.unique(ids[keep], return_index=True)[1]])
    return ids[keep], vals[keep], cover[keep]


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
