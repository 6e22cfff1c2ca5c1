"""The rule index: sections of the five books, their names and bodies, and the search cascade.

Ranking, highest first (one combined score per section):

1. exact: the query's stems equal a title's (or a part of it: «Бласты», "Blast Markers") or
   an alias's stems, or the same with spaces removed («макро оружие» = «Макрооружие») → 100
   for a title, 96 for an alias;
2. name match: query words matched to title/alias words exactly, by prefix, or fuzzily
   (rapidfuzz over the stemmed vocabulary, always with a length-aware cutoff), weighted by
   IDF, scored by how much of the name and of the query is covered → up to 90;
3. body: BM25 over the section's normalised text (same stems, same fuzzy expansion) →
   up to 40, added to a name match at 0.4 weight and alone otherwise, so a body match never
   outranks a real title match and an exact match always beats a fuzzy one.

When the best result is weak, the query is retried with the keyboard layout switched
(«ckjdj» → «слово») and transliterated ("bronepoezd" → «бронепоезд»); the best run wins.
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import asdict, dataclass

from rapidfuzz import fuzz, process

from rules_index import normalize as nz
from rules_index.outline import Section, strip_markup

EXACT_TITLE = 100.0
ALIAS_WEIGHT = 0.96
NAME_MAX = 90.0
BODY_MAX = 80.0
BODY_WEIGHT_WITH_NAME = 1.0
WEAK = 62.0            # below this the layout/translit retries run
MAX_QUERY_CHARS = 300  # longer input is cut (a 10,000-character paste still gets an answer)
MAX_QUERY_TERMS = 12
BODY_EXPANSIONS = 6
BM25_B = 0.5
LINE_CANDIDATES = 60
LINE_WEIGHT = 0.7


@dataclass(frozen=True)
class Hit:
    score: float
    game: str
    section_id: str
    path: tuple[str, ...]
    title: str
    line_start: int
    line_end: int
    snippet: str
    via: str = "direct"     # "direct" | "layout" | "translit"

    def as_dict(self) -> dict:
        d = asdict(self)
        d["path"] = list(self.path)
        return d


@dataclass
class _Name:
    doc: int
    text: str
    terms: tuple[str, ...]
    weight: float          # 1.0 for the title, ALIAS_WEIGHT (or less) for aliases


_NUM_PREFIX = re.compile(r"^\s*\d+(?:\.\d+)*\.?\s+")
_PAREN = re.compile(r"\(([^()]*)\)")


def title_variants(title: str) -> list[str]:
    """«1.3 Бласты (Blast Markers)» → full title without number, «Бласты», "Blast Markers"."""
    base = _NUM_PREFIX.sub("", title).strip()
    base = re.sub(r"\.{3,}.*$", "", base).strip()          # «Имперский бункер.....85 очков»
    out = [base]
    outside = _PAREN.sub(" ", base).strip()
    if outside and outside != base:
        out.append(outside)
    for inner in _PAREN.findall(base):
        if inner.strip().upper() == "X" or not inner.strip():
            continue
        out.append(inner)
        for part in re.split(r"\s[-–]\s|,\s*", inner):
            if part.strip() and part.strip() != inner:
                out.append(part)
    if ":" in base:
        out.append(base.split(":", 1)[1])
    return [v for v in dict.fromkeys(o.strip(" .") for o in out) if v]


def name_formula(n_cov: float, q_cov: float) -> float:
    """How well a name answers the query: all of the query in the name matters most."""
    return (n_cov ** NAME_N_EXP) * (q_cov ** NAME_Q_EXP)


NAME_N_EXP = 1.0
NAME_Q_EXP = 1.0


class RuleIndex:
    """Sections of the books plus the structures search needs; built by `rules_index.build`."""

    def __init__(self, sections: list[Section], texts: dict[str, list[str]],
                 aliases: dict[str, list[tuple[str, float]]], games: dict[str, dict]) -> None:
        self.sections = sections
        self.games = games                       # manifest entries by game id
        self.by_id = {s.id: i for i, s in enumerate(sections)}
        self.lines = texts                       # game → the book's lines
        self.names: list[_Name] = []
        self.exact: dict[str, list[int]] = defaultdict(list)       # stem key → name ids
        self.name_postings: dict[str, list[int]] = defaultdict(list)
        self.body_postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.doc_len: list[int] = []
        self.doc_lines: list[list[frozenset[str]]] = []     # term sets of each paragraph line
        self.by_game: dict[str, list[int]] = defaultdict(list)
        for i, sec in enumerate(sections):
            self.by_game[sec.game].append(i)
            variants = title_variants(sec.title)
            if sec.kind == "table":
                parent = sections[self.by_id[sec.parent]] if sec.parent in self.by_id else None
                if parent is not None:
                    variants.append("таблица " + title_variants(parent.title)[0])
            for v in variants:
                self._add_name(i, v, 1.0)
            for a, w in aliases.get(sec.id, []):
                self._add_name(i, a, w * ALIAS_WEIGHT)
            # The body as searched: the text plus the breadcrumb (a rule is about its chapter too).
            body_text = self.body(sec, with_heading=True)
            body_terms = nz.terms(body_text + "\n" + " ".join(sec.path))
            self.doc_lines.append([frozenset(nz.terms(l)) for l in body_text.split("\n") if l.strip()])
            self.doc_len.append(len(body_terms))
            tf: dict[str, int] = defaultdict(int)
            for t in body_terms:
                tf[t] += 1
            for t, n in tf.items():
                self.body_postings[t].append((i, n))
        self.avg_len = sum(self.doc_len) / max(1, len(self.doc_len))
        # Slang as synonyms: a one-word alias («рукопашка», «кавер») also stands for the words
        # of its section's title, so the body search finds rules that use the book's words.
        self.synonyms: dict[str, set[str]] = defaultdict(set)
        for n in self.names:
            if n.weight < 1.0 and len(n.terms) == 1:
                main = title_variants(sections[n.doc].title)
                ru = main[1] if len(main) > 1 and re.search("[а-я]", main[1].lower()) else main[0]
                own = [t for t in nz.terms(ru) if t != n.terms[0]]
                if 0 < len(own) <= 3:
                    self.synonyms[n.terms[0]].update(own)
        n_docs = len(sections)
        self.body_idf = {t: math.log(1 + (n_docs - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self.body_postings.items()}
        n_names = len(self.names)
        self.name_idf = {t: math.log(1 + n_names / len(p)) for t, p in self.name_postings.items()}
        self.name_vocab = sorted(self.name_postings)
        self.body_vocab = sorted(set(self.body_postings) - set(self.name_postings))
        self._expansions: dict[str, tuple[tuple[str, float], ...]] = {}
        self.debug: dict | None = None       # set to {} to record (name, body) scores per doc

    # -- building ------------------------------------------------------------------------------
    def _add_name(self, doc: int, text: str, weight: float) -> None:
        terms = tuple(nz.terms(text)) or tuple(nz.terms(text, keep_stopwords=True))
        if not terms:
            return
        nid = len(self.names)
        self.names.append(_Name(doc, text, terms, weight))
        self.exact[" ".join(terms)].append(nid)
        compact = nz.compact(text)
        if compact and compact != " ".join(terms):
            self.exact[compact].append(nid)
        for t in set(terms):
            self.name_postings[t].append(nid)

    # -- section access ------------------------------------------------------------------------
    def section(self, section_id: str) -> Section | None:
        i = self.by_id.get(section_id)
        return self.sections[i] if i is not None else None

    def body(self, sec: Section, with_heading: bool = False) -> str:
        """The section's text below its heading, markup stripped, blank-line paragraphs kept.

        Entries whose heading line carries the text («Осветительные приборы. Фонари, …») and
        tables keep their first line."""
        lines = self.lines[sec.game][sec.line_start:sec.line_end]
        first = self.lines[sec.game][sec.line_start - 1]
        if sec.kind == "table" or with_heading or len(first.strip()) > len(sec.title) + 12:
            lines = self.lines[sec.game][sec.line_start - 1:sec.line_end]
        out = []
        for raw in lines:
            if "Купить печатную версию" in raw:
                continue
            out.append(strip_markup(raw.replace("\t", " | ")) if raw.strip() else "")
        return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()

    def text(self, sec: Section) -> str:
        return self.body(sec)

    def toc(self, game: str) -> list[Section]:
        return [self.sections[i] for i in self.by_game.get(game, [])]

    def neighbours(self, section_id: str) -> tuple[str | None, str | None]:
        """Previous and next section of the same book (tables skipped)."""
        i = self.by_id.get(section_id)
        if i is None:
            return None, None
        game = self.sections[i].game
        order = [j for j in self.by_game[game] if self.sections[j].kind != "table"]
        if self.sections[i].kind == "table":
            i = self.by_id[self.sections[i].parent]
        k = order.index(i)
        prev = self.sections[order[k - 1]].id if k > 0 else None
        nxt = self.sections[order[k + 1]].id if k + 1 < len(order) else None
        return prev, nxt

    # -- term expansion ------------------------------------------------------------------------
    def expand(self, term: str) -> tuple[tuple[str, float], ...]:
        """Vocabulary stems a query stem may stand for, with a similarity in (0, 1]."""
        cached = self._expansions.get(term)
        if cached is not None:
            return cached
        out: dict[str, float] = {}
        if term in self.name_postings or term in self.body_postings:
            out[term] = 1.0
        known = term in out
        if len(term) >= 3 and not term[0].isdigit():
            for vocab in (self.name_vocab, self.body_vocab):
                lo = _bisect(vocab, term)
                for j in range(lo, min(lo + 40, len(vocab))):
                    v = vocab[j]
                    if not v.startswith(term):
                        break
                    if v != term:
                        out.setdefault(v, 0.85 if len(term) >= 4 else 0.6)
            for k in ([] if known else range(len(term) - 1, max(3, int(len(term) * 0.6)), -1)):  # a book stem is a prefix
                pre = term[:k]
                if pre in self.name_postings or pre in self.body_postings:
                    out.setdefault(pre, 0.8 * k / len(term) + 0.1)
                    break
            if len(term) >= 6:                          # same word, other inflection the stemmer kept
                pre = term[:max(6, len(term) - 3)]
                for vocab in (self.name_vocab, self.body_vocab):
                    lo = _bisect(vocab, pre)
                    for j in range(lo, min(lo + 20, len(vocab))):
                        if not vocab[j].startswith(pre):
                            break
                        out.setdefault(vocab[j], 0.75)
        if len(term) >= 4 and not term[0].isdigit() and not known:   # typos only for unknown words
            cutoff = 80 if len(term) >= 6 else 75
            for vocab in (self.name_vocab, self.body_vocab):
                for v, score, _ in process.extract(term, vocab, scorer=fuzz.ratio, processor=None,
                                                   score_cutoff=cutoff, limit=6):
                    if v not in out and abs(len(v) - len(term)) <= 3 and v[0] == term[0]:
                        out[v] = 0.8 * score / 100
        if not any(sim >= 0.85 for sim in out.values()) and len(term) >= 7:
            # a compound the book writes apart: «полнолуние» → «полная луна»
            for i in range(3, len(term) - 2):
                left, right = nz.stem(term[:i]), nz.stem(term[i:])
                if len(left) >= 3 and len(right) >= 3 and all(x in self.name_postings or x in self.body_postings
                                                               for x in (left, right)):
                    out.setdefault(left, 0.6)
                    out.setdefault(right, 0.6)
                    break
        res = sorted(out.items(), key=lambda kv: -kv[1])[:10]
        for syn in sorted(self.synonyms.get(term, ())):
            if syn not in out:
                res.append((syn, 0.7))
        res = tuple(res)
        if len(self._expansions) < 50_000:
            self._expansions[term] = res
        return res

    # -- search --------------------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
        """Ranked sections for what a player typed; [] for empty/unusable input, never raises."""
        query = (query or "")[:MAX_QUERY_CHARS]
        if game is not None and game not in self.games:
            return []
        best = self._search_once(query, game, limit, "direct")
        top = best[0].score if best else 0.0
        if top < WEAK:
            letters = [c for c in query.casefold() if c.isalpha()]
            latin_only = bool(letters) and all("a" <= c <= "z" for c in letters)
            one_script = latin_only or (bool(letters) and all("а" <= c <= "я" or c == "ё" for c in letters))
            retries = []
            if one_script:          # a whole query typed in the other layout
                retries.append(("layout", nz.switch_layout(query)))
            if latin_only:          # Russian typed in Latin letters
                retries.append(("translit", nz.transliterate(query)))
            for via, alt in retries:
                if not alt or alt == query:
                    continue
                hits = self._search_once(alt, game, limit, via)
                if hits and hits[0].score > top + 5:
                    best, top = hits, hits[0].score
        return best

    def _search_once(self, query: str, game: str | None, limit: int, via: str) -> list[Hit]:
        raw_tokens = nz.tokens(query)
        q_terms = [nz.stem(t) for t in raw_tokens if t not in nz.STOPWORDS][:MAX_QUERY_TERMS]
        if not q_terms:
            q_terms = [nz.stem(t) for t in raw_tokens][:MAX_QUERY_TERMS]
        if not q_terms:
            return []
        allowed = set(self.by_game[game]) if game else None
        scores: dict[int, float] = defaultdict(float)
        name_best: dict[int, float] = {}

        # 1. exact title / alias (whole query, or query with spaces removed)
        keys = {" ".join(q_terms), nz.compact(query), " ".join(nz.stem(t) for t in raw_tokens)}
        for k in keys:
            for nid in self.exact.get(k, ()):
                n = self.names[nid]
                if allowed is not None and n.doc not in allowed:
                    continue
                # An exact title outranks anything that is not one, whatever the bodies say.
                s = EXACT_TITLE + BODY_MAX if n.weight >= 1.0 else EXACT_TITLE * n.weight
                if s > name_best.get(n.doc, 0):
                    name_best[n.doc] = s

        # 2. word-level name matching (exact stems, prefixes, fuzzy) weighted by IDF
        expansions = [self.expand(t) for t in q_terms]
        # compounds typed apart: «макро оружие» → «макрооружие»
        for a, b in zip(q_terms, q_terms[1:]):
            joined = nz.stem(a + b)
            if joined in self.name_postings:
                expansions.append(((joined, 1.0),))
        q_weights = []
        for t, exp in zip(q_terms, expansions):
            w = max((self.name_idf.get(v, 0) or self.body_idf.get(v, 1.0) for v, _ in exp), default=2.0)
            q_weights.append(max(w, 0.5))
        q_total = sum(q_weights)
        per_name: dict[int, dict[int, float]] = defaultdict(dict)      # name → {query term → sim}
        per_name_terms: dict[int, dict[str, float]] = defaultdict(dict)
        for qi, exp in enumerate(expansions):
            for v, sim in exp:
                for nid in self.name_postings.get(v, ()):
                    if allowed is not None and self.names[nid].doc not in allowed:
                        continue
                    d = per_name[nid]
                    sim = sim * sim          # a near miss on a name counts much less than a hit
                    if sim > d.get(qi, 0):
                        d[qi] = sim
                    dt = per_name_terms[nid]
                    if sim > dt.get(v, 0):
                        dt[v] = sim
        for nid, matched in per_name.items():
            n = self.names[nid]
            n_w = [self.name_idf.get(t, 1.0) for t in n.terms]
            n_cov = sum(w * per_name_terms[nid].get(t, 0) for t, w in zip(n.terms, n_w)) / sum(n_w)
            q_cov = sum(q_weights[qi] * sim for qi, sim in matched.items() if qi < len(q_weights)) / q_total
            if any(qi >= len(q_weights) for qi in matched):      # a compound covered two words
                q_cov = max(q_cov, n_cov)
            s = NAME_MAX * name_formula(n_cov, q_cov)
            s *= n.weight
            if s > name_best.get(n.doc, 0):
                name_best[n.doc] = s

        # 3. body BM25 with the same expansions
        body: dict[int, float] = defaultdict(float)
        body_cov: dict[int, float] = defaultdict(float)
        k1, b = 1.2, BM25_B
        for qi, exp in enumerate(expansions[:len(q_terms)]):
            seen: dict[int, float] = {}
            for v, sim in exp[:BODY_EXPANSIONS]:
                idf = self.body_idf.get(v)
                if idf is None:
                    continue
                for doc, tf in self.body_postings[v]:
                    if allowed is not None and doc not in allowed:
                        continue
                    dl = self.doc_len[doc]
                    part = sim * idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / self.avg_len))
                    if part > seen.get(doc, 0):
                        seen[doc] = part
            for doc, part in seen.items():
                body[doc] += part
                body_cov[doc] += q_weights[qi]
        if body:
            # Relative to the best body match, but never to less than a plain one-occurrence hit
            # of every query word, so a lone fuzzy match does not score like a real one.
            ref = sum(q_weights[qi] and max((self.body_idf.get(v, 0.0) for v, _ in exp[:BODY_EXPANSIONS]), default=0.0)
                      for qi, exp in enumerate(expansions[:len(q_terms)]))
            top_body = max(max(body.values()), 0.7 * ref)
            multi = len(q_terms) > 1
            for doc, val in sorted(body.items(), key=lambda kv: -kv[1])[:LINE_CANDIDATES]:
                cov = body_cov[doc] / q_total
                rel = val / top_body
                if multi:
                    # Proximity: the query's words together in one paragraph of the rule.
                    best_line = 0.0
                    for line in self.doc_lines[doc]:
                        got = 0.0
                        for qi, exp in enumerate(expansions[:len(q_terms)]):
                            got += q_weights[qi] * max((sim for v, sim in exp[:BODY_EXPANSIONS] if v in line), default=0.0)
                        best_line = max(best_line, got / q_total)
                    scores[doc] = BODY_MAX * cov * ((1 - LINE_WEIGHT) * rel + LINE_WEIGHT * best_line)
                else:
                    scores[doc] = BODY_MAX * rel * cov
        if self.debug is not None:
            self.debug.clear()
            self.debug.update({doc: (name_best.get(doc, 0.0), scores.get(doc, 0.0)) for doc in set(scores) | set(name_best)})
        for doc, s in name_best.items():
            body_only = scores.get(doc, 0.0)
            scores[doc] = max(body_only, s + BODY_WEIGHT_WITH_NAME * body_only)

        ranked = []
        wants_table = any(t.startswith(("таблиц", "tabl")) for t in q_terms)
        for doc, s in scores.items():
            sec = self.sections[doc]
            if sec.length > 200:
                s -= 30
            if self.doc_len[doc] - len(sec.path) * 2 < 4:
                s -= 8                      # no text of its own (navigation heading, «????»)
            if sec.kind == "table" and not wants_table:
                s -= 3
            ranked.append((s, doc))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        hits = []
        for s, doc in ranked[:limit]:
            if s <= 0:
                continue
            sec = self.sections[doc]
            hits.append(Hit(round(s, 2), sec.game, sec.id, sec.path, sec.title, sec.line_start, sec.line_end,
                            self.snippet(sec, q_terms), via))
        return hits

    def snippet(self, sec: Section, q_terms: list[str], width: int = 160) -> str:
        body = self.body(sec)
        lines = [l for l in body.split("\n") if l.strip()]
        if not lines:
            return ""
        best = lines[0]
        for l in lines:
            st = set(nz.terms(l))
            if any(t in st for t in q_terms):
                best = l
                break
        return best if len(best) <= width else best[: width - 1].rstrip() + "…"

    # -- autocomplete --------------------------------------------------------------------------
    def autocomplete(self, query: str, game: str | None = None, limit: int = 25) -> list[tuple[str, str]]:
        """(label ≤ 100 chars, section id) for a partly typed query; ≤ 25, titles only, fast."""
        query = (query or "")[:100]
        limit = min(limit, 25)
        if not query.strip():
            secs = [s for s in (self.toc(game) if game else self.sections) if s.level <= 1 and s.kind == "section"]
            return [(self.label(s, with_game=game is None), s.id) for s in secs[:limit]]
        hits = self.search(query, game=game, limit=limit)
        return [(self.label(self.sections[self.by_id[h.section_id]], with_game=game is None), h.section_id) for h in hits]

    def label(self, sec: Section, with_game: bool = False, width: int = 100) -> str:
        tail = f" · {sec.path[-1]}" if sec.path else ""
        game = f" [{self.games[sec.game].get('short', sec.game)}]" if with_game else ""
        head = sec.title
        room = width - len(game)
        text = head + tail
        if len(text) > room:
            text = text[: room - 1].rstrip() + "…"
        return text + game


def _bisect(vocab: list[str], term: str) -> int:
    lo, hi = 0, len(vocab)
    while lo < hi:
        mid = (lo + hi) // 2
        if vocab[mid] < term:
            lo = mid + 1
        else:
            hi = mid
    return lo
