"""Presentation for Discord: autocomplete choices and one-line labels of sections."""

from __future__ import annotations

import bisect
import heapq
from collections import defaultdict
from typing import TYPE_CHECKING


from rules_index import normalize as nz
from rules_index.words import _bisect

from rules_index.outline import Section
from rules_index.present import one_per_rule

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


def autocomplete(index: RuleIndex, query: str, game: str | None = None, limit: int = 25,
                 locale: str = "ru") -> list[tuple[str, str]]:
    """(label ≤ 100 chars, section id) for a partly typed query; ≤ 25, from titles and aliases.

    The last word is a prefix while it is being typed. Names only (no bodies, no fuzzy
    search) keeps this to a millisecond or two; the layout switch is the only retry. When no
    name matches, the list is empty and the command itself searches the text."""
    query = (query or "")[:100]
    limit = min(limit, 25)
    if game is not None and game not in index.games:
        return []
    with_game = game is None
    if not query.strip():
        secs = [s for s in (index.toc(game) if game else index.sections) if s.level <= 1 and s.kind == "section"]
        return [(index.label(s, with_game=with_game, locale=locale), s.id) for s in secs[:limit]]
    stripped = query.strip()
    if len(stripped) <= 2 and " " not in stripped:
        # One or two letters: headings that start with them, in book order.
        docs = index._complete_titles(stripped, game, limit)
        if docs:
            return [(index.label(index.sections[d], with_game=with_game, locale=locale), index.sections[d].id) for d in docs]
    docs = index._complete_names(query, game, limit)
    if not docs:
        letters = [c for c in query.casefold() if c.isalpha()]
        if letters and (all("a" <= c <= "z" for c in letters) or all("а" <= c <= "я" or c == "ё" for c in letters)):
            docs = index._complete_names(nz.switch_layout(query) or "", game, limit)
    # Nothing by name: offer nothing rather than a slow guess; /rule itself searches the text.
    # One entry per rule: a heading repeated in a summary shows once, as its main text.
    secs = one_per_rule([index.sections[d] for d in docs])
    return [(index.label(sec, with_game=with_game, locale=locale), sec.id) for sec in secs[:limit]]


def complete_titles(index: RuleIndex, prefix: str, game: str | None, limit: int) -> list[int]:
    starts = index.title_starts                      # sorted by folded title: a prefix is a range
    want = nz.clean(prefix)
    allowed = index._allowed(game)
    lo = bisect.bisect_left(starts, (want,))
    out = []
    for t, i in starts[lo:lo + 2000]:
        if not t.startswith(want):
            break
        if allowed is None or i in allowed:
            out.append(i)
    return heapq.nsmallest(limit, out, key=lambda i: (index.sections[i].level, i))


def complete_names(index: RuleIndex, query: str, game: str | None, limit: int) -> list[int]:
    toks = nz.tokens(query)
    if not toks:
        return []
    partial = query[-1:].isalnum() or query[-1:] == "+"
    # compounds typed apart are joined as in search («twin linked» = "twin-linked")
    head = index.compound_words([t for t in (toks[:-1] if partial else toks) if t not in nz.STOPWORDS], query)
    words = [nz.stem(t) for t in head]
    last = toks[-1] if partial else None
    if last is not None and head and head[-1].isalpha() and last.isalpha():
        for joined in (head[-1] + last, nz.stem(head[-1] + last)):   # «twin lin…» → «twinlinked»
            lo = _bisect(index.name_vocab, joined)
            if lo < len(index.name_vocab) and index.name_vocab[lo].startswith(joined):
                words, last = words[:-1], joined
                break
    allowed = index._allowed(game)
    want: list[list[tuple[str, float]]] = [[(w, 1.0)] + [(v, sim) for v, sim in index._expansions.get(w, ()) if sim >= 0.75]
                                          for w in words]
    if last is not None and last not in nz.STOPWORDS:
        stem_last = nz.stem(last)
        options: dict[str, float] = {}
        # One or two letters say little: look at fewer completions for them.
        width = 25 if len(last) == 1 else 60 if len(last) == 2 else 300
        for prefix, sim in ((last, 1.0), (stem_last, 1.0)):
            if len(prefix) < 1:
                continue
            lo = _bisect(index.name_vocab, prefix)
            for j in range(lo, min(lo + width, len(index.name_vocab))):
                v = index.name_vocab[j]
                if not v.startswith(prefix):
                    break
                options[v] = max(options.get(v, 0.0), sim if v in (last, stem_last) else 0.9)
        want.append(sorted(options.items(), key=lambda kv: -kv[1]))
    want = [w for w in want if w]
    if not want:
        return []
    per_key: dict[int, dict[int, float]] = defaultdict(dict)
    per_key_terms: dict[int, dict[str, float]] = defaultdict(dict)
    for qi, exp in enumerate(want):
        for v, sim in exp:
            for kid in index.name_postings.get(v, ()):
                if sim > per_key[kid].get(qi, 0.0):
                    per_key[kid][qi] = sim
                if sim > per_key_terms[kid].get(v, 0.0):
                    per_key_terms[kid][v] = sim
    n_q = len(want)
    scored: dict[int, float] = {}
    idf = index.name_idf
    for kid, matched in per_key.items():
        q_cov = sum(matched.values()) / n_q
        if q_cov < 0.34:
            continue
        kt = per_key_terms[kid]
        n_cov = sum(idf[t] * kt.get(t, 0.0) for t in index.keys[kid]) / index.key_norm[kid]
        base = q_cov * (0.6 + 0.4 * n_cov)
        for doc, weight in index.key_docs[kid]:
            if allowed is not None and doc not in allowed:
                continue
            sc = base * (1.0 if weight >= 1.0 else weight) - index.doc_penalty_no_table[doc] / 100
            if sc > scored.get(doc, -1.0):
                scored[doc] = sc
    return [d for d, _ in heapq.nsmallest(limit, scored.items(), key=lambda kv: (-kv[1], kv[0]))]


def book_short(index: RuleIndex, game: str, locale: str) -> str:
    """The book's short name in the reader's language («Гидрофилия», "Hydrophilia")."""
    info = index.games.get(game, {})
    return info.get("short_ru" if locale == "ru" else "short_en") or game


def label(index: RuleIndex, sec: Section, with_game: bool = False, width: int = 100, locale: str = "ru") -> str:
    tail = f" · {sec.path[-1]}" if sec.path else ""
    game = f" [{book_short(index, sec.game, locale)}]" if with_game else ""
    head = sec.title
    room = width - len(game)
    text = head + tail
    if len(text) > room:
        text = text[: room - 1].rstrip() + "…"
    return text + game

