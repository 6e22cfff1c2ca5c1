"""Query expansion: a query word → the books' stems it may stand for, with a similarity
(prefixes, near stems, compounds, typos, the other script, lemmas, slang and English through the
books' own glossaries)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein

from rules_index import normalize as nz
from rules_index.weights import LEMMA_SIM, OTHER_BOOK_SIM, PLAYERS_WORD_SIM, SHORTER_STEM_SIM, STUMP_SIM
from rules_index.words import _bisect

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


def expand(index: RuleIndex, term: str, raw: str | None = None) -> tuple[tuple[str, float], ...]:
    """Vocabulary stems a query stem may stand for, with a similarity in (0, 1].

    `raw` is the word before stemming: a typo'd word stems oddly («пеергрев» → «пеергр»),
    so typo matching also compares the whole word."""
    ckey = term if raw is None or raw == term else f"{term}\x00{raw}"
    cached = index._expansions.get(ckey)
    if cached is not None:
        return cached
    out: dict[str, float] = {}
    if term in index.name_postings or term in index.body_terms:
        out[term] = 1.0
    known = term in out
    if len(term) >= 3 and not term[0].isdigit():
        for vocab in (index.name_vocab, index.body_vocab):
            lo = _bisect(vocab, term)
            for j in range(lo, min(lo + 40, len(vocab))):
                v = vocab[j]
                if not v.startswith(term):
                    break
                if v != term:
                    # one or two letters more is the same word the stemmer cut differently
                    # («генерала» → «генера», «генерал» → «генерал»)
                    near = len(term) >= 6 and len(v) - len(term) <= 2
                    out.setdefault(v, 0.95 if near else 0.85 if len(term) >= 4 else 0.6)
        for k in ([] if known else range(len(term) - 1, max(3, int(len(term) * 0.6)), -1)):  # a book stem is a prefix
            pre = term[:k]
            if pre in index.name_postings or pre in index.body_terms:
                out.setdefault(pre, 0.5 + 0.4 * k / len(term))     # «чарджер» → «чардж»
                break
        if known and len(term) >= 5 and term.isalpha():
            # The same word with a suffix the stemmer kept: «окопаться» → «окопа» ~ «окоп»,
            # «танковый» → «танков» ~ «танк», «взрывается» → «взрыва» ~ «взрыв».
            for k in (len(term) - 1, len(term) - 2):
                pre = term[:k]
                if k >= 4 and (pre in index.name_postings or pre in index.body_terms):
                    out.setdefault(pre, SHORTER_STEM_SIM)
                    break
        if len(term) >= 6:                          # same root, other suffix («воздух»/«воздушный»)
            pre = term[:max(5, len(term) - 3)]
            for vocab in (index.name_vocab, index.body_vocab):
                lo = _bisect(vocab, pre)
                for j in range(lo, min(lo + 20, len(vocab))):
                    if not vocab[j].startswith(pre):
                        break
                    out.setdefault(vocab[j], 0.75)
    if not known:
        # a players' word for what the books say otherwise («шмаляют»: «стреляют»)
        for v in index.players_words.get(term, ()):
            out.setdefault(v, PLAYERS_WORD_SIM)
    if not known:   # typos only for unknown words
        for v, score in typo_matches(index, term, raw).items():
            out.setdefault(v, score)
    if not any(sim >= 0.85 for sim in out.values()) and len(term) >= 7:
        # a compound the book writes apart: «полнолуние» → «полная луна»
        for i in range(3, len(term) - 2):
            left, right = nz.stem(term[:i]), nz.stem(term[i:])
            if len(left) >= 3 and len(right) >= 3 and all(x in index.name_postings or x in index.body_terms
                                                           for x in (left, right)):
                out.setdefault(left, 0.6)
                out.setdefault(right, 0.6)
                break
    if len(term) >= 6 and term.isalpha() and term not in index.name_postings:
        # A stump compound for a heading's two words: «психосилы» = «психические силы»,
        # «спецдействия» = «специальные действия» (a cut first word, often with a linking «о»).
        for k in range(3, len(term) - 2):
            right = term[k:]
            lefts = index.name_bigrams.get(right)
            if not lefts:
                continue
            head = term[:k]
            heads = [head] + ([head[:-1]] if head.endswith("о") and k > 3 else [])
            for a in lefts:
                if len(a) > len(head) and any(a.startswith(h) for h in heads):
                    out.setdefault(a, STUMP_SIM)
                    out.setdefault(right, STUMP_SIM)
    if raw and LEMMA_SIM:
        # the dictionary form, when Snowball stems the inflected word apart from the book's
        ls = nz.lemma_stem(raw)
        if ls and ls != term and index._known(ls):
            out.setdefault(ls, LEMMA_SIM)
    if len(term) <= 4 and term.isalpha():
        # Abbreviations typed in the other script: «ап» = AP, "fnp" = «фнп», «дс» = DC.
        for twin in nz.script_twins(term):
            if twin in index.name_postings or twin in index.body_terms:
                out.setdefault(twin, 0.9)
    res = tuple(sorted(out.items(), key=lambda kv: -kv[1])[:10])
    if len(index._expansions) < 50_000:
        index._expansions[ckey] = res
    return res


def typo_matches(index: RuleIndex, term: str, raw: str | None = None) -> dict[str, float]:
    """The books' stems within a typo of the word (`raw`: as typed), with a similarity."""
    if max(len(term), len(raw or "")) < 4 or term[0].isdigit():
        return {}
    # Both sides are stems from rules_index.normalize; the processor (casefold) only
    # guards the comparison, as rapidfuzz 3 has no default one. Typos rarely hit the
    # first letter, so only stems starting with it are compared (a 30× smaller pool).
    # Two scorers: Indel ratio (letters missing or extra) and Damerau-Levenshtein (two
    # letters swapped, «пеергрев»); similarity ≈ the better score, capped below exact.
    cutoff = 0.8 if len(term) >= 6 else 0.75
    found: dict[str, float] = {}
    for word in dict.fromkeys((term, raw or term)):     # in order: a set's order changes per process
        for pool in (index.name_by_initial, index.body_by_initial):
            choices = pool.get(word[0], ())
            for scorer, scale in ((fuzz.ratio, 100.0), (DamerauLevenshtein.normalized_similarity, 1.0)):
                for v, score, _ in process.extract(word, choices, scorer=scorer, processor=str.casefold,
                                                   score_cutoff=cutoff * scale, limit=6):
                    if abs(len(v) - len(term)) <= 3:
                        found[v] = max(found.get(v, 0.0), score / scale)
    if raw and len(raw) >= 4 and raw.isalpha():
        # the whole word against the books' whole words, scored the same two ways
        choices = index.surface_by_initial.get(raw[0], ())
        for scorer, scale in ((fuzz.ratio, 100.0), (DamerauLevenshtein.normalized_similarity, 1.0)):
            for w, score, _ in process.extract(raw, choices, scorer=scorer, processor=str.casefold,
                                               score_cutoff=cutoff * scale, limit=6):
                v = index.surface_stem[w]
                found[v] = max(found.get(v, 0.0), score / scale)
    return {v: min(0.9, score - 0.05) for v, score in found.items()}


def in_book(index: RuleIndex, term: str, game: str) -> bool:
    """Whether the game's book has the stem (in a heading or its text): its run of the stem's
    postings is not empty, or where its sections are not one run, one of them is among them
    (as word_signals.body_matches reads them)."""
    lo, hi = index.bp_slot.get(term, (0, 0))
    span = index.game_span.get(game)
    if span is None:
        return bool(index.game_mask(game)[index.posting_arrays()[0][lo:hi]].any())
    return bisect_left(index.bp_docs, span[0], lo, hi) < bisect_left(index.bp_docs, span[1], lo, hi)


def in_book_typos(index: RuleIndex, exp: tuple[tuple[str, float], ...], term: str, raw: str,
                  game: str) -> tuple[tuple[str, float], ...]:
    """A word only other books know, searched in one book: `exp` plus the book's stems within a
    typo of it. A typo can land on another book's word («шторм», Horus Heresy's «адского шторма»,
    for Гидрофилия's «Штурм»), and a known word was not read for typos, so the search found nothing."""
    if not exp or any(in_book(index, v, game) for v, _ in exp):
        return exp
    key = f"{term}\x00{raw}\x00typos"
    typos = index._expansions.get(key)
    if typos is None:
        typos = tuple(sorted(typo_matches(index, term, raw).items(), key=lambda kv: -kv[1]))
        if len(index._expansions) < 50_000:
            index._expansions[key] = typos
    mine = tuple((v, sim) for v, sim in typos if v != term and in_book(index, v, game))
    return exp + mine if mine else exp


def with_synonyms(index: RuleIndex, exp: tuple[tuple[str, float], ...], term: str, game: str | None) -> tuple[tuple[str, float], ...]:
    """The expansion plus the title words of slang for this term (in this game's book)."""
    extra: dict[str, float] = {}
    # a book with no English pairs of its own reads another book's (the Russian words are shared)
    own: Iterable[tuple[str, float]] | None = index.en_words.get(term, {}).get(game) if game is not None else None
    scale = 1.0
    if own is None:
        own = index.en_words_any.get(term, {}).items()
        scale = 1.0 if game is None else OTHER_BOOK_SIM
    for w, sim in own:
        extra[w] = max(extra.get(w, 0.0), scale * sim)
    for v, sim in exp:
        if sim >= 0.75:
            synonyms = index.synonyms_any.get(v) if game is None else index.synonyms.get(v, {}).get(game)
            for w in synonyms or ():
                extra[w] = max(extra.get(w, 0.0), 0.7 * sim)
    if not extra:
        return exp
    have = {v for v, _ in exp}
    return exp + tuple((w, extra[w]) for w in sorted(extra) if w not in have)


def closest(exp: tuple[tuple[str, float], ...], n: int) -> tuple[tuple[str, float], ...]:
    """The `n` most similar variants of an expansion, in its order among equals."""
    return tuple(sorted(exp, key=lambda variant: -variant[1]))[:n]


def word_weight(index: RuleIndex, term: str) -> float:
    """How much a query word says: its rarity among names, else in the books' text."""
    return index.name_idf.get(term, 0) or index.body_idf.get(term, 1.0)


def has_unknown_word(index: RuleIndex, query: str) -> bool:
    """At least half the query's longer words match nothing in the books: Russian typed in
    Latin letters («glubokiy udar»), not an English sentence whose words mostly exist."""
    words = [t for t in nz.tokens(query) if t not in nz.STOPWORDS and t.isalpha() and len(t) >= 4]
    unknown = 0
    for t in words:
        exp = index.expand(nz.stem(t), t)
        unknown += not exp or exp[0][1] < 0.85
    return bool(words) and 2 * unknown >= len(words)


def known(index: RuleIndex, term: str) -> bool:
    return term in index.name_postings or term in index.body_terms


def compound_words(index: RuleIndex, words: list[str], query: str) -> list[str]:
    """One spelling for a compound however it is typed: joined («спасбросок»), hyphenated
    («спас-бросок», "twin-linked") or apart («спас бросок», "twin linked").

    Hyphenated words are joined by normalisation, as in the books; two words typed apart
    are joined too when the books know them as one word, and a hyphenated or joined word
    the books never join is split into its parts when the books know those (a joined word
    only where a heading writes the two apart: «бластмаркеры» → «Бласт Маркеры»)."""
    if any(ch in query for ch in "-‐‑‒–"):
        split: list[str] = []
        for w in words:
            if not index._known(nz.stem(w)):
                for chunk in re.findall(r"[^\W\d_]+(?:[-‐‑‒–][^\W\d_]+)+", nz.clean_keep_hyphens(query)):
                    if chunk.replace("-", "").replace("‐", "").replace("‑", "").replace("‒", "").replace("–", "") == w:
                        parts = [p for p in nz.tokens(re.sub(r"[-‐‑‒–]", " ", chunk)) if p not in nz.STOPWORDS]
                        if len(parts) > 1 and all(index._known(nz.stem(p)) for p in parts):
                            split.extend(parts)
                            break
                else:
                    split.append(w)
                continue
            split.append(w)
        words = split
    # joined by the player, written apart in a heading («бластмаркеры» → «Бласт Маркеры»)
    apart: list[str] = []
    for w in words:
        if len(w) >= 7 and w.isalpha() and not index._known(nz.stem(w)):
            for k in range(3, len(w) - 2):
                left, right = nz.stem(w[:k]), nz.stem(w[k:])
                if left in index.name_bigrams.get(right, ()) or w[:k] in index.name_bigrams.get(right, ()):
                    apart += [w[:k], w[k:]]
                    break
            else:
                apart.append(w)
        else:
            apart.append(w)
    words = apart
    out: list[str] = []
    i = 0
    while i < len(words):
        a = words[i]
        if i + 1 < len(words) and a.isalpha() and words[i + 1].isalpha() and len(a) >= 2:
            joined = a + words[i + 1]
            if index._known(nz.stem(joined)):
                out.append(joined)
                i += 2
                continue
        out.append(a)
        i += 1
    return out

