"""The words' two signals for the ranking (rules_index.rank_stage): the query against the
headings and the names players use (whole, then word by word), and against the sections' text
(BM25 with the words' proximity in one paragraph). Their weights: rules_index/weights.py."""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rules_index import normalize as nz
from rules_index.weights import (BODY_CANDIDATES, BODY_MAX, EXACT_TITLE, KEY_SHARE, KEY_TITLE_BONUS, LINE_CANDIDATES,
                                 LINE_WEIGHT, NAME_MAX, STRONG_ALIAS, SURE_MATCH, name_formula)

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


@dataclass
class ExactNames:
    """What the whole query matched among the headings and the names players use."""
    best: dict[int, float]      # section → its best name score
    docs: set[int]              # named exactly: the body only breaks ties
    named: bool                 # the query is a heading, word for word
    aliased: bool               # …or a name players use for one


def whole_query_keys(query: str, q_terms: list[str], raw_tokens: list[str]) -> tuple[str, ...]:
    """The keys a whole query is looked up by among the headings and aliases (`RuleIndex.exact`):
    its stems, its letters with spaces removed, its raw tokens' stems."""
    return tuple(dict.fromkeys((" ".join(q_terms), nz.compact(query), " ".join(nz.stem(t) for t in raw_tokens))))


def exact_names(index: RuleIndex, query: str, q_terms: list[str], raw_tokens: list[str],
                allowed: frozenset[int] | None) -> ExactNames:
    """The whole query (its stems, with spaces removed, or its raw tokens' stems) as a heading
    or an alias (in a fixed order, as every loop here: a search gives the same answer in every
    process)."""
    best: dict[int, float] = {}
    docs: set[int] = set()
    named = aliased = False
    for k in whole_query_keys(query, q_terms, raw_tokens):
        for kid in index.exact.get(k, ()):
            for doc, weight in index.key_docs[kid]:
                if allowed is not None and doc not in allowed:
                    continue
                # An exact title outranks anything that is not one, whatever the bodies say.
                # An exact alias (a name players use) outranks a section that only mentions
                # the words in its body, and ranks below an exact title; a weak alias (a hint
                # that the words live in a larger section) gets no such lift.
                if weight >= 1.0:
                    s = EXACT_TITLE + BODY_MAX
                    named = True
                elif weight >= STRONG_ALIAS:
                    s = (EXACT_TITLE + 0.5 * BODY_MAX) * weight
                    aliased = True
                else:
                    s = EXACT_TITLE * weight
                if s > best.get(doc, 0):
                    best[doc] = s
                    docs.add(doc)
    return ExactNames(best, docs, named, aliased)


def word_weights(index: RuleIndex, q_terms: list[str], expansions: list[tuple[tuple[str, float], ...]],
                 game: str | None) -> list[float]:
    """Each query word's weight: what its best match is worth (its IDF), slang as the book's
    words for it."""
    q_weights = []
    for _term, exp in zip(q_terms, expansions):
        top_sim = exp[0][1] if exp else 0.0
        w = max((index._word_weight(v) for v, sim in exp if sim >= top_sim), default=2.0)
        if exp and exp[0][0] not in index.body_terms:
            # Slang the books never use («рукопашка») is rare as a word but means a common
            # thing («ближний бой»): it weighs what the book's words for it weigh.
            slang = index.synonyms.get(exp[0][0], {})
            mine = [x for g, ws in slang.items() if game is None or g == game for x in ws]
            if mine:
                w = min(w, sum(index.body_idf.get(x, 2.0) for x in mine) / len(mine))
        q_weights.append(max(w, 0.5))
    return q_weights


def name_matches(index: RuleIndex, expansions: list[tuple[tuple[str, float], ...]], q_weights: list[float],
                 n_q: int, allowed: frozenset[int] | None, name_best: dict[int, float]) -> None:
    """Headings and names matched word by word (exact stems, prefixes, fuzzy), weighted by IDF,
    into `name_best`: how much of the name the query covers, and of the query the name."""
    q_total = sum(q_weights)
    per_key: dict[int, dict[int, float]] = defaultdict(dict)       # key → {query word → sim}
    per_key_terms: dict[int, dict[str, float]] = defaultdict(dict)  # key → {key word → sim}
    for qi, exp in enumerate(expansions):
        for v, sim in exp:
            for kid in index.name_postings.get(v, ()):      # a near miss counts its similarity
                d = per_key[kid]
                if sim > d.get(qi, 0):
                    d[qi] = sim
                dt = per_key_terms[kid]
                if sim > dt.get(v, 0):
                    dt[v] = sim
    idf = index.name_idf
    # The query's most telling word: the one the books use least. A heading carrying it
    # names what is asked about more surely than a paragraph that mentions all the words
    # («прыжковая пехота» → «Прыжковые ранцы…», not a rule where «прыжковой пехоты» occurs).
    key_qi = -1
    if n_q > 1 and KEY_TITLE_BONUS:
        # each word as the books spell it (its best match); a word with no sure match
        # leaves the query's focus unknown
        rarity = [index.body_idf.get(exp[0][0], 0.0) if exp and exp[0][1] >= SURE_MATCH else 0.0
                  for exp in expansions[:n_q]]
        top_r = max(rarity)
        if min(rarity) > 0 and top_r / sum(rarity) >= KEY_SHARE:
            key_qi = rarity.index(top_r)
    key_docs: set[int] = set()
    together = names_together(index, expansions, per_key, allowed)
    for kid, matched in per_key.items():
        kt = per_key_terms[kid]
        n_cov = sum(idf[t] * kt.get(t, 0.0) for t in index.keys[kid]) / index.key_norm[kid]
        q_cov = sum(q_weights[qi] * sim for qi, sim in matched.items() if qi < n_q) / q_total
        if len(matched) and max(matched) >= n_q:      # a compound covered two words
            q_cov = max(q_cov, n_cov)
        base = NAME_MAX * name_formula(n_cov, q_cov)
        keyed = matched.get(key_qi, 0.0) >= SURE_MATCH
        for doc, weight in index.key_docs[kid]:
            if allowed is not None and doc not in allowed:
                continue
            if keyed and weight >= 1.0:
                key_docs.add(doc)
            s = base * weight
            covered = together.get(doc)
            if covered is not None and weight >= STRONG_ALIAS and len(covered) > len(matched):
                u_cov = sum(q_weights[qi] * sim for qi, sim in covered.items() if qi < n_q) / q_total
                s = max(s, NAME_MAX * name_formula(n_cov, u_cov) * weight)
            if s > name_best.get(doc, 0):
                name_best[doc] = s
    for doc in key_docs:
        name_best[doc] = name_best.get(doc, 0.0) + KEY_TITLE_BONUS


def names_together(index: RuleIndex, expansions: list[tuple[tuple[str, float], ...]],
                   per_key: dict[int, dict[int, float]], allowed: frozenset[int] | None) -> dict[int, dict[int, float]]:
    """The query words a section's names cover between them ({query word: similarity}), for the
    sections one of whose names players use covers only Russian words no book writes: «ритейн
    инициативы» is the alias «ритейн» and the heading's «Инициативы», where «Инициатива» alone
    is another heading. A section otherwise scores by its best single name. Only players' words
    open it: with the books' own words, or English, a section with many names (Flames of War's
    «Юниты»: «взвод», «стенд»…) would cover any query between them (over every set, rank 1
    2,535 → 2,530 so; this way, 2,535 → 2,540 of 2,964, nothing lost)."""
    # the query's words no book writes, typed in Russian: most queries have none, and then no
    # section's names are read together (a question matches hundreds of names)
    players = {qi for qi, exp in enumerate(expansions)
               if exp and exp[0][0] not in index.body_terms and "а" <= exp[0][0][:1] <= "я"}
    if not players:
        return {}
    opened = {doc for kid, matched in per_key.items()
              if all(qi in players and sim >= SURE_MATCH for qi, sim in matched.items())
              for doc, weight in index.key_docs[kid]
              if weight >= STRONG_ALIAS and (allowed is None or doc in allowed)}
    covered: dict[int, dict[int, float]] = {doc: {} for doc in opened}
    for kid, matched in per_key.items():
        for doc, weight in index.key_docs[kid]:
            words = covered.get(doc)
            if words is None or weight < STRONG_ALIAS:
                continue
            for qi, sim in matched.items():
                if sim >= SURE_MATCH and sim > words.get(qi, 0.0):
                    words[qi] = sim
    return covered


def body_scores(index: RuleIndex, body_exp: list[tuple[tuple[str, float], ...]], q_weights: list[float],
                game: str | None, named: Collection[int] = ()) -> dict[int, float]:
    """The sections' text: BM25 relative to the best body, and for a query of several words
    their proximity in one paragraph (the LINE_CANDIDATES best bodies only). The sections
    `named` (the best by name) are scored wherever their text ranks: with no game, another
    book's many bodies («evade» is Hydrophilia's dodge, everywhere in its rules) left
    Warmaster's «5. УКЛОНЕНИЕ (EVADES)» its heading's score alone, where with its game it had
    its text's too."""
    scores: dict[int, float] = defaultdict(float)
    n_q, q_total = len(body_exp), sum(q_weights)
    body, body_cov = body_matches(index, body_exp, q_weights, game, named)
    if body:
        # Relative to the best body match, but never to less than a plain one-occurrence hit
        # of every query word, so a lone fuzzy match does not score like a real one.
        ref = sum(max((index.body_idf.get(v, 0.0) for v, _ in exp), default=0.0) for exp in body_exp)
        top_body = max(max(body.values()), 0.7 * ref)
        if n_q > 1:
            tmap: dict[str, list[tuple[int, float]]] = defaultdict(list)
            for qi, exp in enumerate(body_exp):
                for v, sim in exp:
                    tmap[v].append((qi, sim))
            tset = frozenset(tmap)
            best = heapq.nlargest(LINE_CANDIDATES, body.items(), key=lambda kv: kv[1])
            seen = {doc for doc, _ in best}
            for doc, val in best + [(doc, body[doc]) for doc in named if doc in body and doc not in seen]:
                # Proximity: the query's words together in one paragraph of the rule.
                best_line = 0.0
                for line in index._line_sets(doc):
                    if line.isdisjoint(tset):
                        continue
                    got: dict[int, float] = {}
                    for t in line & tset:
                        for qi, sim in tmap[t]:
                            if sim > got.get(qi, 0):
                                got[qi] = sim
                    # fsum: the same total whatever order the set gave the words in
                    best_line = max(best_line, math.fsum(q_weights[qi] * sim for qi, sim in got.items()) / q_total)
                cov = body_cov[doc] / q_total
                scores[doc] = BODY_MAX * cov * ((1 - LINE_WEIGHT) * val / top_body + LINE_WEIGHT * best_line)
        else:
            for doc, val in body.items():
                scores[doc] = BODY_MAX * (val / top_body) * body_cov[doc] / q_total
    return scores


def body_matches(index: RuleIndex, body_exp: list[tuple[tuple[str, float], ...]], q_weights: list[float],
                 game: str | None, named: Collection[int] = ()) -> tuple[dict[int, float], dict[int, float]]:
    """BM25 of the sections' text: each query word counts its best-matching variant in a
    section, the words' parts summed, the BODY_CANDIDATES best kept: section → BM25, and
    section → the weight of the query words it holds. In arrays over every section (numpy):
    a word's postings run to thousands of sections on a big corpus. With the game given, only
    its run of the postings is read, or its sections kept where they are not one run."""
    n_docs = len(index.sections)
    docs_of, parts_of = index.posting_arrays()
    span = index.game_span.get(game) if game is not None else None
    mask = index.game_mask(game) if game is not None and span is None else None
    per_word: list[tuple[int, np.ndarray, np.ndarray]] = []      # query word, its parts, where found
    for qi, exp in enumerate(body_exp):
        best: np.ndarray | None = None
        found = np.zeros(n_docs, dtype=bool)
        for v, sim in exp:               # a section counts its best-matching variant
            term_idf = index.body_idf.get(v)
            if term_idf is None:
                continue
            lo, hi = index.bp_slot[v]
            if span is not None:         # the game's run of the postings
                lo = bisect_left(index.bp_docs, span[0], lo, hi)
                hi = bisect_left(index.bp_docs, span[1], lo, hi)
            docs, parts = docs_of[lo:hi], parts_of[lo:hi] * (term_idf * sim)
            if best is None:
                best = np.zeros(n_docs)
            best[docs] = np.maximum(best[docs], parts)      # a word's postings name a section once
            found[docs] = True
        if best is None:
            continue
        if mask is not None:
            found &= mask
            best[~found] = 0.0
        if found.any():
            per_word.append((qi, best, found))
    # summed in a fixed order, the most common word first: the same total in every process
    per_word.sort(key=lambda pw: -int(np.count_nonzero(pw[2])))
    total = np.zeros(n_docs)
    anywhere = np.zeros(n_docs, dtype=bool)
    for _, best, found in per_word:
        total += best
        anywhere |= found
    kept = np.flatnonzero(anywhere)
    if len(kept) > BODY_CANDIDATES:      # only the best bodies can reach the top
        values = total[kept]
        cut = np.partition(values, len(values) - BODY_CANDIDATES)[len(values) - BODY_CANDIDATES]
        kept = kept[(values >= cut) | np.isin(kept, list(named))]
    cover = np.zeros(len(kept))
    for qi, _, found in per_word:
        cover += np.where(found[kept], q_weights[qi], 0.0)
    ids = kept.tolist()
    return dict(zip(ids, total[kept].tolist())), dict(zip(ids, cover.tolist()))
