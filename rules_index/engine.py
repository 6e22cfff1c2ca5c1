"""The rule index: sections of the five books, their names and bodies, and the search cascade.

Every query is normalised like the books (rules_index.normalize) and ranked, highest first,
by one combined score per section:

1. exact: the query's stems equal a title's (or a part of one: «Бласты», "Blast Markers"),
   or do so with spaces removed («макро оружие» = «Макрооружие») → EXACT_TITLE + BODY_MAX,
   so an exact title outranks everything that is not one (exact beats fuzzy, and no body
   match can hide it); an exact alias → (EXACT_TITLE + BODY_MAX / 2) × its weight, above any
   body-only match and below an exact title (a weak alias, one only pointing into a larger
   section, → EXACT_TITLE × its weight); for exact names the body only breaks ties;
2. name match: each query word is expanded to vocabulary stems — itself, longer stems it
   prefixes, a shorter stem it extends, a same-root stem, a compound split, the same
   abbreviation in the other script («ап» = AP), and for unknown words typo candidates
   (rapidfuzz Indel and Damerau–Levenshtein, with a processor, against stems and against the
   books' whole words) — then titles and aliases are scored by IDF-weighted coverage of the
   name and of the query → up to NAME_MAX;
3. body: BM25 over the section's text with the same expansions, mixed with proximity (the
   query's words together in one paragraph) → up to BODY_MAX, added to the name score.
   Slang the books never use («кавер», «фнп») also searches with its section's title words.

Then the rules that keep this from fitting only the public queries: a compound ranks the same
however it is typed; a heading carrying the query's rarest word is not hidden by a paragraph
mentioning all the words; slang weighs what the book's words for it weigh; glossary entries
rank after the rule section for their term unless a definition is asked for; an empty chapter
heading stands for its sections (≤ 200 lines); a parenthesis repeated on several headings is a
label, not a name.

Weak results are retried: the keyboard layout switched («ckjdj» → «слово»), Latin
transliterated ("bronepoezd" → «бронепоезд»), English through the book's own glossary
("jump pack" → «прыжковый ранец»); the better run wins.
"""
from __future__ import annotations

from collections import OrderedDict

import bisect
import heapq
import math
import re
from array import array
from collections import defaultdict
from dataclasses import asdict, dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein

from rules_index import normalize as nz
from rules_index import crosslang
from rules_index import passages as ps
from rules_index.present import one_per_rule
from rules_index.outline import Section, strip_markup

EXACT_TITLE = 100.0
ALIAS_WEIGHT = 0.96
STRONG_ALIAS = 0.75 * ALIAS_WEIGHT   # aliases below this only point into a larger section
NAME_MAX = 90.0
BODY_MAX = 90.0
BODY_WEIGHT_WITH_EXACT = 0.1    # an exact title or alias already says which rule: the text only breaks ties
LEMMA_SIM = 0.9           # a word's dictionary form (pymorphy3), as sure as a near stem
PASSAGE_CANDIDATES = 60    # the best sections by name and body whose passages are read
PASSAGE_MAX = 15.0         # the best passage (rules_index.passages), fused with name and body
QUESTION_WORDS = 4         # this many content words read as a question or a situation, not a name
OTHER_BOOK_SIM = 0.9       # an English word translated through another book's pairs
WEAK = 62.0            # below this the layout/translit retries run
SEARCH_CACHE = 512            # recent answers kept (a few hundred KB)
MAX_QUERY_CHARS = 300  # longer input is cut (a 10,000-character paste still gets an answer)
MAX_QUERY_TERMS = 12
BODY_EXPANSIONS = 6
BM25_B = 0.5
BM25_K1 = 1.2
LINE_CANDIDATES = 40
BODY_CANDIDATES = 300
LINE_WEIGHT = 0.7
# Generalising beyond the public queries (see docs/rules.md, tests/rules_index/test_generalise.py):
KEY_TITLE_BONUS = 60.0         # a heading carrying the query's most telling word…
KEY_SHARE = 0.6                # …a word with at least this share of the query's rarity
SHORTER_STEM_SIM = 0.8         # «окопа» ~ «окоп»: the stem one or two letters shorter
STUMP_SIM = 0.9                # «психосилы» ~ «психические силы»
LABEL_WEIGHT = 0.6             # a parenthesis on ≥ 3 headings is a category label
CHAPTER_MAX_LINES = 200        # an empty chapter heading stands for sections up to this span…
CHAPTER_BODY_ONLY = 0.5        # …but found only through their text it yields to them
GLOSSARY_TITLE_WEIGHT = 0.9    # a glossary entry's heading: a definition, named less surely than a rule
GLOSSARY_PENALTY = 2.0
# Static demotions (subtracted from the score):
MAX_ANSWER_LINES = 200         # a span longer than this is no answer a player can read…
TOO_LONG_PENALTY = 30.0        # …and ranks below any real match
MIN_OWN_WORDS = 4              # a heading with fewer words of its own text (breadcrumb aside)…
NO_TEXT_PENALTY = 8.0          # …is navigation («????», an empty chapter heading)
DEMOTED_PENALTY = 2.0          # a heading the book's overrides mark as secondary
TABLE_PENALTY = 3.0            # a table, unless the query asks for one («таблица …»)
GLOSSARY_HANDOVER_MAX = 1      # hand a glossary name to the rule heading carrying it when it is the only one
_DEFINITION_RE = re.compile(r"что так(ое|ой|ая)|что значит|что означает|значение|определени|термин|глоссари"
                            r"|what is|what's|meaning|defin|glossary")
_GLOSSARY_RE = re.compile(r"глоссари|glossary|словарь|терминолог", re.IGNORECASE)


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
    via: str = "direct"     # "direct" | "layout" | "translit" | "glossary"
    passage: str = ""       # the paragraph that best answers the query (whole, markup stripped)
    passage_lines: tuple[int, int] = (0, 0)   # its lines in the book; (0, 0) when none matched

    def as_dict(self) -> dict:
        d = asdict(self)
        d["path"] = list(self.path)
        d["passage_lines"] = list(self.passage_lines)
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
    # «Марш-Бросок» is searched as one word (марш-бросок = маршбросок), and also by its parts.
    out += [re.sub(r"(?<=\w)-(?=\w)", " ", o) for o in list(out) if re.search(r"\w-\w", o)]
    return [v for v in dict.fromkeys(o.strip(" .") for o in out) if v]


def name_formula(n_cov: float, q_cov: float) -> float:
    """How well a name answers the query: all of the query in the name matters most."""
    return n_cov * (q_cov ** NAME_Q_EXP)


NAME_Q_EXP = 1.5        # a name covering only part of the query counts for less than its share


class RuleIndex:
    """Sections of the books plus the structures search needs; built by `rules_index.build`."""

    def __init__(self, sections: list[Section], texts: dict[str, list[str]],
                 aliases: dict[str, list[tuple[str, float]]], games: dict[str, dict],
                 glossary: dict[str, list[tuple[str, str]]] | None = None) -> None:
        self.sections = sections
        self.games = games                       # manifest entries by game id
        self.by_id = {s.id: i for i, s in enumerate(sections)}
        self.lines = texts                       # game → the book's lines
        # Names (titles, their parts, aliases) are grouped by their stems: one "key" per distinct
        # stem sequence, scored once per query however many sections share it.
        self.names: list[_Name] = []
        self.keys: list[tuple[str, ...]] = []
        self.key_docs: list[list[tuple[int, float]]] = []              # key → [(doc, weight)]
        self._key_ids: dict[tuple[str, ...], int] = {}
        self.exact: dict[str, list[int]] = defaultdict(list)            # phrase → key ids
        self.name_postings: dict[str, list[int]] = defaultdict(list)    # stem → key ids
        self.body_postings: dict[str, list[tuple[int, float]]] = defaultdict(list)  # stem → (doc, tf part)
        self.doc_len: list[int] = []
        # Each paragraph's stems as one space-joined string (compact in the cache); the sets
        # proximity needs are made on first use (`_line_sets`).
        self.doc_lines: list[tuple[str, ...]] = []
        self.by_game: dict[str, list[int]] = defaultdict(list)
        doc_tf: list[dict[str, int]] = []
        passages: list[tuple[int, int, int, tuple[str, ...], int]] = []
        surfaces: set[str] = set()
        self.chapters: set[int] = set()          # headings searched with their sections' text
        # Glossary entries define a term; the rule section for it is the better answer. Their
        # titles name them less surely than a rule's heading, and hand their names to the rule
        # section whose heading carries the same term («BLUNDER» → «11. ТАБЛИЦА ОШИБОК (BLUNDER TABLE)»).
        self.glossary_docs = frozenset(i for i, s in enumerate(sections)
                                       if s.kind != "table" and any(_GLOSSARY_RE.search(p) for p in s.path))
        handover = self._glossary_handover(sections)
        # A parenthesis repeated on several headings of a book is a category label.
        label_count: dict[tuple[str, str], int] = defaultdict(int)
        for sec in sections:
            if sec.kind != "table":
                for inner in set(_PAREN.findall(sec.title)):
                    label_count[(sec.game, nz.key(inner))] += 1
        labels = {k for k, n in label_count.items() if n >= 3}
        for i, sec in enumerate(sections):
            self.by_game[sec.game].append(i)
            variants = title_variants(sec.title)
            if sec.kind == "table":
                parent = sections[self.by_id[sec.parent]] if sec.parent in self.by_id else None
                if parent is not None:
                    variants.append("таблица " + title_variants(parent.title)[0])
            for j, v in enumerate(variants):
                # a glossary heading typed in full («BLUNDER (ОШИБОЧНЫЙ ПРИКАЗ)») still names it exactly
                w = GLOSSARY_TITLE_WEIGHT if i in self.glossary_docs and j else 1.0
                if j and (sec.game, nz.key(v)) in labels:
                    w = LABEL_WEIGHT       # «(психическая сила)» on six headings is a kind, not a name
                self._add_name(i, v, w)
            for v in handover.get(i, ()):
                self._add_name(i, v, ALIAS_WEIGHT)
            for a, w in aliases.get(sec.id, []):
                self._add_name(i, a, w * ALIAS_WEIGHT)
            # The body as searched: the text plus the breadcrumb (a rule is about its chapter too).
            numbered = self.body_lines(sec)     # the heading line only when it carries text
            if not numbered and sec.children:
                # A chapter heading with no text of its own («15. МАГИЧЕСКИЕ ЗАКЛИНАНИЯ») stands for
                # its sections: when they fit in one answer, their text is its text, so a query
                # on the chapter's topic finds the chapter rather than one of its special cases.
                end = self._subtree_end(sec)
                if end - sec.line_start + 1 <= CHAPTER_MAX_LINES:
                    whole = Section(sec.id, sec.game, sec.title, sec.level, sec.line_start, end, sec.parent, sec.path)
                    numbered = self.body_lines(whole)
                    self.chapters.add(i)
            text_lines = [l for _, l in numbered]
            for l in text_lines + variants:
                surfaces.update(nz.line_words(l))
            per_line = [nz.line_terms(l) for l in text_lines]
            for (ln, l), lt in zip(numbered, per_line):
                passages.append((i, ln, ln, lt, ps.states(l)))
            body_terms = [t for lt in per_line for t in lt] + [t for p in sec.path for t in nz.line_terms(p)]
            self.doc_lines.append(tuple(" ".join(lt) for lt in per_line))
            self.doc_len.append(len(body_terms))
            tf: dict[str, int] = defaultdict(int)
            for t in body_terms:
                tf[t] += 1
            doc_tf.append(tf)
        self.avg_len = sum(self.doc_len) / max(1, len(self.doc_len))
        self.passages = ps.PassageIndex(passages)
        doc_vocab = {t for tf in doc_tf for t in tf}
        k1, b = BM25_K1, BM25_B
        for i, tf in enumerate(doc_tf):
            norm = k1 * (1 - b + b * self.doc_len[i] / self.avg_len)
            for t, count in tf.items():
                self.body_postings[t].append((i, count * (k1 + 1) / (count + norm)))
        # Slang as synonyms: a one-word alias («рукопашка», «кавер») also stands for the words
        # of its section's title, so the body search finds rules that use the book's words.
        # Per game: slang in one book's players' mouths means nothing in another book.
        learned: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for n in self.names:
            # Only slang is a synonym: a word the books never use («кавер», «фнп», «чардж»).
            # Aliases that only point into a larger section (weight < 0.75) stay out.
            if 0.75 <= n.weight < 1.0 and len(n.terms) == 1 and n.terms[0] not in doc_vocab:
                main = title_variants(sections[n.doc].title)
                ru = main[1] if len(main) > 1 and re.search("[а-я]", main[1].lower()) else main[0]
                own = [t for t in nz.terms(ru) if t != n.terms[0]]
                if 0 < len(own) <= 3:
                    learned[n.terms[0]][sections[n.doc].game].update(own)
        self.synonyms: dict[str, dict[str, frozenset[str]]] = {
            t: {g: frozenset(v) for g, v in by_game.items()} for t, by_game in learned.items()}
        n_docs = len(sections)
        self.body_idf = {t: math.log(1 + (n_docs - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self.body_postings.items()}
        # Postings as two flat arrays (documents, BM25 tf parts) with each stem's slice: fast to
        # load from the cache and to turn into a dict in C.
        self.bp_docs, self.bp_parts, self.bp_slot = array("i"), array("d"), {}
        for t in sorted(self.body_postings):
            plist = self.body_postings[t]
            self.bp_slot[t] = (len(self.bp_docs), len(self.bp_docs) + len(plist))
            self.bp_docs.extend(d for d, _ in plist)
            self.bp_parts.extend(p for _, p in plist)
        self.body_terms = frozenset(self.body_postings)
        del self.body_postings
        n_keys = len(self.keys)
        # Headings' word pairs, second word → first words, for stump compounds («психосилы»).
        self.name_bigrams: dict[str, frozenset[str]] = {}
        firsts: dict[str, set[str]] = defaultdict(set)
        for k in self.keys:
            for first, second in zip(k, k[1:]):
                if len(first) >= 4 and len(second) >= 3 and first.isalpha() and second.isalpha():
                    firsts[second].add(first)
        self.name_bigrams = {second: frozenset(v) for second, v in firsts.items()}
        self.name_idf = {t: math.log(1 + n_keys / len(p)) for t, p in self.name_postings.items()}
        self.key_norm = [sum(self.name_idf[t] for t in k) for k in self.keys]
        self.name_vocab = sorted(self.name_postings)
        self.body_vocab = sorted(self.body_terms - set(self.name_postings))
        self.name_by_initial = _by_initial(self.name_vocab)
        self.body_by_initial = _by_initial(self.body_vocab)
        # Whole words as the books spell them, for typo matching of whole query words
        # («glncing» ~ «glancing», «таан» ~ «таран»), each mapped to its stem.
        for n in self.names:
            surfaces.update(nz.line_words(n.text))
        self.surface_stem = {w: nz.stem(w) for w in surfaces if len(w) >= 4}
        self.surface_by_initial = _by_initial(sorted(self.surface_stem))
        self.names = [n for n in self.names if n.weight < 1.0 and len(n.terms) == 1]   # only synonyms need them
        self.title_starts = sorted((nz.clean(title_variants(sec.title)[0]), i)
                                   for i, sec in enumerate(sections) if sec.kind != "table")
        # Static demotions: over-long spans, headings with no text of their own («????»,
        # navigation-only chapter headings), and tables unless the query asks for a table.
        self.doc_penalty = [(TOO_LONG_PENALTY if s.length > MAX_ANSWER_LINES else 0.0)
                            + (NO_TEXT_PENALTY if self.doc_len[i] - len(s.path) * 2 < MIN_OWN_WORDS else 0.0)
                            + (DEMOTED_PENALTY if getattr(s, "demoted", False) else 0.0) for i, s in enumerate(sections)]
        self.doc_penalty = [p + (GLOSSARY_PENALTY if i in self.glossary_docs else 0.0) for i, p in enumerate(self.doc_penalty)]
        self.doc_penalty_no_table = [p + (TABLE_PENALTY if s.kind == "table" else 0.0)
                                     for p, s in zip(self.doc_penalty, sections)]
        # The books' glossaries, English stems → (game, Russian term): an English query with no
        # good match is searched again in the book's own Russian words.
        self.en2ru: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for g, glossary_pairs in (glossary or {}).items():
            for en, ru in glossary_pairs:
                en_key = " ".join(nz.terms(en))
                if en_key and (g, ru) not in self.en2ru[en_key]:
                    self.en2ru[en_key].append((g, ru))
        self.en2ru = dict(self.en2ru)
        # English query words → the books' Russian words, from the glossaries and headings
        word_pairs: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for g, gl in (glossary or {}).items():
            word_pairs[g] += [(en, ru) for en, ru in gl]
        for sec in sections:
            word_pairs[sec.game] += crosslang.heading_pairs([sec.title])
        self.en_words = crosslang.learn(word_pairs)
        self._expansions: dict[str, tuple[tuple[str, float], ...]] = {}
        self.debug: dict | None = None       # set to {} to record (name, body) scores per doc

    # -- building ------------------------------------------------------------------------------
    def _glossary_handover(self, sections: list[Section]) -> dict[int, list[str]]:
        """Glossary entry names → the one or two rule sections whose heading contains them."""
        if not self.glossary_docs:
            return {}
        heads: dict[str, list[tuple[int, frozenset[str]]]] = defaultdict(list)
        for i, s in enumerate(sections):
            if s.kind != "table" and i not in self.glossary_docs:
                for v in title_variants(s.title):
                    heads[s.game].append((i, frozenset(nz.terms(v))))
        out: dict[int, list[str]] = defaultdict(list)
        for g in self.glossary_docs:
            sec = sections[g]
            for v in title_variants(sec.title)[1:] or title_variants(sec.title):
                want = set(nz.terms(v))
                if not want:
                    continue
                found = sorted({i for i, t in heads[sec.game] if want <= t})
                if 0 < len(found) <= GLOSSARY_HANDOVER_MAX:
                    for i in found:
                        out[i].append(v)
        return out

    def _subtree_end(self, sec: Section) -> int:
        end = sec.line_end
        for c in sec.children:
            i = self.by_id.get(c)
            if i is not None:
                end = max(end, self._subtree_end(self.sections[i]))
        return end

    def _add_name(self, doc: int, text: str, weight: float) -> None:
        terms = tuple(nz.terms(text)) or tuple(nz.terms(text, keep_stopwords=True))
        if not terms:
            return
        self.names.append(_Name(doc, text, terms, weight))
        kid = self._key_ids.get(terms)
        if kid is None:
            kid = self._key_ids[terms] = len(self.keys)
            self.keys.append(terms)
            self.key_docs.append([])
            self.exact[" ".join(terms)].append(kid)
            for t in set(terms):
                self.name_postings[t].append(kid)
        compact = nz.compact(text)
        if compact and compact != " ".join(terms) and kid not in self.exact[compact]:
            self.exact[compact].append(kid)
        docs = self.key_docs[kid]
        for j, (d, w) in enumerate(docs):
            if d == doc:
                docs[j] = (d, max(w, weight))
                break
        else:
            docs.append((doc, weight))

    def _line_sets(self, doc: int) -> list[frozenset[str]]:
        cache = self.__dict__.setdefault("_line_cache", {})
        sets = cache.get(doc)
        if sets is None:
            sets = cache[doc] = [frozenset(line.split()) for line in self.doc_lines[doc]]
        return sets

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_line_cache", None)          # rebuilt on demand; keeps the cache file small
        state.pop("_allowed_cache", None)
        state["_expansions"] = {}
        return state

    def _allowed(self, game: str | None) -> frozenset[int] | None:
        if not game:
            return None
        cache = self.__dict__.setdefault("_allowed_cache", {})
        if game not in cache:
            cache[game] = frozenset(self.by_game[game])
        return cache[game]

    # -- section access ------------------------------------------------------------------------
    def section(self, section_id: str) -> Section | None:
        i = self.by_id.get(section_id)
        return self.sections[i] if i is not None else None

    def body_lines(self, sec: Section) -> list[tuple[int, str]]:
        """The section's non-empty lines below its heading (as `body`), each with its book line."""
        first = self.lines[sec.game][sec.line_start - 1]
        start = sec.line_start - 1 if sec.kind == "table" or len(first.strip()) > len(sec.title) + 12 else sec.line_start
        out = []
        junk = self.games[sec.game].get("junk", ())
        for k, raw in enumerate(self.lines[sec.game][start:sec.line_end], start + 1):
            if not raw.strip() or any(j in raw for j in junk):
                continue
            text = _plain(raw)
            if text:
                out.append((k, text))
        return out

    def passage_text(self, pid: int) -> str:
        sec = self.sections[self.passages.doc[pid]]
        lines = self.lines[sec.game][self.passages.line_start[pid] - 1:self.passages.line_end[pid]]
        return " ".join(strip_markup(l.replace("\t", " | ")).strip() for l in lines).strip()

    def body(self, sec: Section, with_heading: bool = False) -> str:
        """The section's text below its heading, markup stripped, blank-line paragraphs kept.

        Entries whose heading line carries the text («Осветительные приборы. Фонари, …») and
        tables keep their first line. Kept once computed: every search's snippets read it."""
        cache = self.__dict__.setdefault("_bodies", {})
        key = (sec.id, with_heading)
        if key not in cache:
            cache[key] = self._body(sec, with_heading)
        return cache[key]

    def _body(self, sec: Section, with_heading: bool) -> str:
        lines = self.lines[sec.game][sec.line_start:sec.line_end]
        first = self.lines[sec.game][sec.line_start - 1]
        if sec.kind == "table" or with_heading or len(first.strip()) > len(sec.title) + 12:
            lines = self.lines[sec.game][sec.line_start - 1:sec.line_end]
        out = []
        junk = self.games[sec.game].get("junk", ())
        for raw in lines:
            if any(j in raw for j in junk):
                continue
            out.append(strip_markup(raw.replace("\t", " | ")) if raw.strip() else "")
        return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()

    def toc(self, game: str) -> list[Section]:
        return [self.sections[i] for i in self.by_game.get(game, [])]

    def neighbours(self, section_id: str) -> tuple[str | None, str | None]:
        """Previous and next section of the same book (tables skipped)."""
        i = self.by_id.get(section_id)
        if i is None:
            return None, None
        game = self.sections[i].game
        order = [j for j in self.by_game[game] if self.sections[j].kind != "table"]
        parent = self.sections[i].parent
        if self.sections[i].kind == "table" and parent is not None:
            i = self.by_id[parent]
        k = order.index(i)
        prev = self.sections[order[k - 1]].id if k > 0 else None
        nxt = self.sections[order[k + 1]].id if k + 1 < len(order) else None
        return prev, nxt

    # -- term expansion ------------------------------------------------------------------------
    def expand(self, term: str, raw: str | None = None) -> tuple[tuple[str, float], ...]:
        """Vocabulary stems a query stem may stand for, with a similarity in (0, 1].

        `raw` is the word before stemming: a typo'd word stems oddly («пеергрев» → «пеергр»),
        so typo matching also compares the whole word."""
        ckey = term if raw is None or raw == term else f"{term}\x00{raw}"
        cached = self._expansions.get(ckey)
        if cached is not None:
            return cached
        out: dict[str, float] = {}
        if term in self.name_postings or term in self.body_terms:
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
                        # one or two letters more is the same word the stemmer cut differently
                        # («генерала» → «генера», «генерал» → «генерал»)
                        near = len(term) >= 6 and len(v) - len(term) <= 2
                        out.setdefault(v, 0.95 if near else 0.85 if len(term) >= 4 else 0.6)
            for k in ([] if known else range(len(term) - 1, max(3, int(len(term) * 0.6)), -1)):  # a book stem is a prefix
                pre = term[:k]
                if pre in self.name_postings or pre in self.body_terms:
                    out.setdefault(pre, 0.5 + 0.4 * k / len(term))     # «чарджер» → «чардж»
                    break
            if known and len(term) >= 5 and term.isalpha():
                # The same word with a suffix the stemmer kept: «окопаться» → «окопа» ~ «окоп»,
                # «танковый» → «танков» ~ «танк», «взрывается» → «взрыва» ~ «взрыв».
                for k in (len(term) - 1, len(term) - 2):
                    pre = term[:k]
                    if k >= 4 and (pre in self.name_postings or pre in self.body_terms):
                        out.setdefault(pre, SHORTER_STEM_SIM)
                        break
            if len(term) >= 6:                          # same root, other suffix («воздух»/«воздушный»)
                pre = term[:max(5, len(term) - 3)]
                for vocab in (self.name_vocab, self.body_vocab):
                    lo = _bisect(vocab, pre)
                    for j in range(lo, min(lo + 20, len(vocab))):
                        if not vocab[j].startswith(pre):
                            break
                        out.setdefault(vocab[j], 0.75)
        if max(len(term), len(raw or "")) >= 4 and not term[0].isdigit() and not known:   # typos only for unknown words
            # Both sides are stems from rules_index.normalize; the processor (casefold) only
            # guards the comparison, as rapidfuzz 3 has no default one. Typos rarely hit the
            # first letter, so only stems starting with it are compared (a 30× smaller pool).
            # Two scorers: Indel ratio (letters missing or extra) and Damerau-Levenshtein (two
            # letters swapped, «пеергрев»); similarity ≈ the better score, capped below exact.
            cutoff = 0.8 if len(term) >= 6 else 0.75
            found: dict[str, float] = {}
            for word in {term, raw or term}:
                for pool in (self.name_by_initial, self.body_by_initial):
                    choices = pool.get(word[0], ())
                    for scorer, scale in ((fuzz.ratio, 100.0), (DamerauLevenshtein.normalized_similarity, 1.0)):
                        for v, score, _ in process.extract(word, choices, scorer=scorer, processor=str.casefold,
                                                           score_cutoff=cutoff * scale, limit=6):
                            if abs(len(v) - len(term)) <= 3:
                                found[v] = max(found.get(v, 0.0), score / scale)
            if raw and len(raw) >= 4 and raw.isalpha():
                # the whole word against the books' whole words, scored the same two ways
                choices = self.surface_by_initial.get(raw[0], ())
                for scorer, scale in ((fuzz.ratio, 100.0), (DamerauLevenshtein.normalized_similarity, 1.0)):
                    for w, score, _ in process.extract(raw, choices, scorer=scorer, processor=str.casefold,
                                                       score_cutoff=cutoff * scale, limit=6):
                        v = self.surface_stem[w]
                        found[v] = max(found.get(v, 0.0), score / scale)
            for v, score in found.items():
                if v not in out:
                    out[v] = min(0.9, score - 0.05)
        if not any(sim >= 0.85 for sim in out.values()) and len(term) >= 7:
            # a compound the book writes apart: «полнолуние» → «полная луна»
            for i in range(3, len(term) - 2):
                left, right = nz.stem(term[:i]), nz.stem(term[i:])
                if len(left) >= 3 and len(right) >= 3 and all(x in self.name_postings or x in self.body_terms
                                                               for x in (left, right)):
                    out.setdefault(left, 0.6)
                    out.setdefault(right, 0.6)
                    break
        if len(term) >= 6 and term.isalpha() and term not in self.name_postings:
            # A stump compound for a heading's two words: «психосилы» = «психические силы»,
            # «спецдействия» = «специальные действия» (a cut first word, often with a linking «о»).
            for k in range(3, len(term) - 2):
                right = term[k:]
                lefts = self.name_bigrams.get(right)
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
            if ls and ls != term and self._known(ls):
                out.setdefault(ls, LEMMA_SIM)
        if len(term) <= 4 and term.isalpha():
            # Abbreviations typed in the other script: «ап» = AP, "fnp" = «фнп», «дс» = DC.
            for twin in nz.script_twins(term):
                if twin in self.name_postings or twin in self.body_terms:
                    out.setdefault(twin, 0.9)
        res = tuple(sorted(out.items(), key=lambda kv: -kv[1])[:10])
        if len(self._expansions) < 50_000:
            self._expansions[ckey] = res
        return res

    def with_synonyms(self, exp: tuple[tuple[str, float], ...], term: str, game: str | None) -> tuple[tuple[str, float], ...]:
        """The expansion plus the title words of slang for this term (in this game's book)."""
        extra: dict[str, float] = {}
        translated = self.en_words.get(term, {})
        # a book with no English pairs of its own reads another book's (the Russian words are shared)
        own = {g: ws for g, ws in translated.items() if game is None or g == game}
        for words in (own or translated).values():
            for w, sim in words:
                extra[w] = max(extra.get(w, 0.0), sim if own else OTHER_BOOK_SIM * sim)
        for v, sim in exp:
            if sim >= 0.75:
                by_game = self.synonyms.get(v)
                if by_game:
                    for g, synonyms in by_game.items():
                        if game is None or g == game:
                            for w in synonyms:
                                extra[w] = max(extra.get(w, 0.0), 0.7 * sim)
        if not extra:
            return exp
        have = {v for v, _ in exp}
        return exp + tuple((w, extra[w]) for w in sorted(extra) if w not in have)

    def _word_weight(self, term: str) -> float:
        """How much a query word says: its rarity among names, else in the books' text."""
        return self.name_idf.get(term, 0) or self.body_idf.get(term, 1.0)

    def _has_unknown_word(self, query: str) -> bool:
        for t in nz.tokens(query):
            if t not in nz.STOPWORDS and t.isalpha() and len(t) >= 4:
                exp = self.expand(nz.stem(t), t)
                if not exp or exp[0][1] < 0.85:
                    return True
        return False

    def _known(self, term: str) -> bool:
        return term in self.name_postings or term in self.body_terms

    def compound_words(self, words: list[str], query: str) -> list[str]:
        """One spelling for a compound however it is typed: joined («спасбросок»), hyphenated
        («спас-бросок», "twin-linked") or apart («спас бросок», "twin linked").

        Hyphenated words are joined by normalisation, as in the books; two words typed apart
        are joined too when the books know them as one word, and a hyphenated or joined word
        the books never join is split into its parts when the books know those (a joined word
        only where a heading writes the two apart: «бластмаркеры» → «Бласт Маркеры»)."""
        if any(ch in query for ch in "-‐‑‒–"):
            split: list[str] = []
            for w in words:
                if not self._known(nz.stem(w)):
                    for chunk in re.findall(r"[^\W\d_]+(?:[-‐‑‒–][^\W\d_]+)+", nz.clean_keep_hyphens(query)):
                        if chunk.replace("-", "").replace("‐", "").replace("‑", "").replace("‒", "").replace("–", "") == w:
                            parts = [p for p in nz.tokens(re.sub(r"[-‐‑‒–]", " ", chunk)) if p not in nz.STOPWORDS]
                            if len(parts) > 1 and all(self._known(nz.stem(p)) for p in parts):
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
            if len(w) >= 7 and w.isalpha() and not self._known(nz.stem(w)):
                for k in range(3, len(w) - 2):
                    left, right = nz.stem(w[:k]), nz.stem(w[k:])
                    if left in self.name_bigrams.get(right, ()) or w[:k] in self.name_bigrams.get(right, ()):
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
                if self._known(nz.stem(joined)):
                    out.append(joined)
                    i += 2
                    continue
            out.append(a)
            i += 1
        return out

    # -- search --------------------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
        """Ranked sections for what a player typed; [] for empty/unusable input, never raises.
        The index doesn't change once built, so recent answers are kept: one /rule reply asks for
        the same query several times (the page, "did you mean", the other books, «Не то»)."""
        key = (query, game, limit)
        cache: OrderedDict = self.__dict__.setdefault("_answers", OrderedDict())
        if key in cache:
            cache.move_to_end(key)
            return list(cache[key])
        hits = self._search(query, game, limit)
        cache[key] = tuple(hits)
        if len(cache) > SEARCH_CACHE:
            cache.popitem(last=False)
        return hits

    def _search(self, query: str, game: str | None, limit: int) -> list[Hit]:
        query = (query or "")[:MAX_QUERY_CHARS]
        if game is not None and game not in self.games:
            return []
        best = self._search_once(query, game, limit, "direct")
        top = best[0].score if best else 0.0
        letters = [c for c in query.casefold() if c.isalpha()]
        latin_only = bool(letters) and all("a" <= c <= "z" for c in letters)
        # A Latin query with a word the books do not know may be Russian in Latin letters even
        # when another word happened to match ("glubokiy udar": «udar» reads as «удар»).
        if top < WEAK or (latin_only and self._has_unknown_word(query)):
            one_script = latin_only or (bool(letters) and all("а" <= c <= "я" or c == "ё" for c in letters))
            retries = []
            if one_script:          # a whole query typed in the other layout
                retries.append(("layout", nz.switch_layout(query)))
            if latin_only:          # Russian typed in Latin letters
                retries.append(("translit", nz.transliterate(query)))
            if any("a" <= c <= "z" for c in letters):   # English: the book's glossary
                for g, ru in self.en2ru.get(" ".join(nz.terms(query)), ())[:3]:
                    if game is None or g == game:
                        retries.append(("glossary", ru))
            for via, alt in retries:
                if not alt or alt == query:
                    continue
                hits = self._search_once(alt, game, limit, via)
                if hits and hits[0].score > top + 5:
                    best, top = hits, hits[0].score
        return best

    def _search_once(self, query: str, game: str | None, limit: int, via: str) -> list[Hit]:
        raw_tokens = nz.tokens(query)
        words = self.compound_words([t for t in raw_tokens if t not in nz.STOPWORDS], query)[:MAX_QUERY_TERMS] \
            or raw_tokens[:MAX_QUERY_TERMS]
        q_terms = [nz.stem(t) for t in words]
        if not q_terms:
            return []
        allowed = self._allowed(game)
        scores: dict[int, float] = defaultdict(float)
        name_best: dict[int, float] = {}
        exact_docs: set[int] = set()          # named exactly: the body only breaks ties

        # 1. exact title / alias (whole query, or query with spaces removed)
        keys = {" ".join(q_terms), nz.compact(query), " ".join(nz.stem(t) for t in raw_tokens)}
        for k in keys:
            for kid in self.exact.get(k, ()):
                for doc, weight in self.key_docs[kid]:
                    if allowed is not None and doc not in allowed:
                        continue
                    # An exact title outranks anything that is not one, whatever the bodies say.
                    # An exact alias (a name players use) outranks a section that only mentions
                    # the words in its body, and ranks below an exact title; a weak alias (a hint
                    # that the words live in a larger section) gets no such lift.
                    if weight >= 1.0:
                        s = EXACT_TITLE + BODY_MAX
                    elif weight >= STRONG_ALIAS:
                        s = (EXACT_TITLE + 0.5 * BODY_MAX) * weight
                    else:
                        s = EXACT_TITLE * weight
                    if s > name_best.get(doc, 0):
                        name_best[doc] = s
                        exact_docs.add(doc)

        # 2. word-level name matching (exact stems, prefixes, fuzzy) weighted by IDF
        expansions = [self.with_synonyms(self.expand(t, w), t, game) for t, w in zip(q_terms, words)]
        n_q = len(q_terms)
        # compounds typed apart: «макро оружие» → «макрооружие»
        for a, b in zip(q_terms, q_terms[1:]):
            joined = nz.stem(a + b)
            if joined in self.name_postings:
                expansions.append(((joined, 1.0),))
        q_weights = []                       # a query word weighs what its best match is worth
        for _term, exp in zip(q_terms, expansions):
            top_sim = exp[0][1] if exp else 0.0
            w = max((self._word_weight(v) for v, sim in exp if sim >= top_sim), default=2.0)
            if exp and exp[0][0] not in self.body_terms:
                # Slang the books never use («рукопашка») is rare as a word but means a common
                # thing («ближний бой»): it weighs what the book's words for it weigh.
                slang = self.synonyms.get(exp[0][0], {})
                mine = [x for g, ws in slang.items() if game is None or g == game for x in ws]
                if mine:
                    w = min(w, sum(self.body_idf.get(x, 2.0) for x in mine) / len(mine))
            q_weights.append(max(w, 0.5))
        q_total = sum(q_weights)
        per_key: dict[int, dict[int, float]] = defaultdict(dict)       # key → {query word → sim}
        per_key_terms: dict[int, dict[str, float]] = defaultdict(dict)  # key → {key word → sim}
        for qi, exp in enumerate(expansions):
            for v, sim in exp:
                for kid in self.name_postings.get(v, ()):      # a near miss counts its similarity
                    d = per_key[kid]
                    if sim > d.get(qi, 0):
                        d[qi] = sim
                    dt = per_key_terms[kid]
                    if sim > dt.get(v, 0):
                        dt[v] = sim
        idf = self.name_idf
        # The query's most telling word: the one the books use least. A heading carrying it
        # names what is asked about more surely than a paragraph that mentions all the words
        # («прыжковая пехота» → «Прыжковые ранцы…», not a rule where «прыжковой пехоты» occurs).
        key_qi = -1
        if n_q > 1 and KEY_TITLE_BONUS:
            # each word as the books spell it (its best match); a word with no sure match
            # leaves the query's focus unknown
            rarity = [self.body_idf.get(exp[0][0], 0.0) if exp and exp[0][1] >= 0.85 else 0.0
                      for exp in expansions[:n_q]]
            top_r = max(rarity)
            if min(rarity) > 0 and top_r / sum(rarity) >= KEY_SHARE:
                key_qi = rarity.index(top_r)
        key_docs: set[int] = set()
        for kid, matched in per_key.items():
            kt = per_key_terms[kid]
            n_cov = sum(idf[t] * kt.get(t, 0.0) for t in self.keys[kid]) / self.key_norm[kid]
            q_cov = sum(q_weights[qi] * sim for qi, sim in matched.items() if qi < n_q) / q_total
            if len(matched) and max(matched) >= n_q:      # a compound covered two words
                q_cov = max(q_cov, n_cov)
            base = NAME_MAX * name_formula(n_cov, q_cov)
            keyed = matched.get(key_qi, 0.0) >= 0.85
            for doc, weight in self.key_docs[kid]:
                if allowed is not None and doc not in allowed:
                    continue
                if keyed and weight >= 1.0:
                    key_docs.add(doc)
                s = base * weight
                if s > name_best.get(doc, 0):
                    name_best[doc] = s
        for doc in key_docs:
            name_best[doc] = name_best.get(doc, 0.0) + KEY_TITLE_BONUS

        # 3. body BM25 (tf parts precomputed) with the same expansions, plus proximity
        body_exp = [exp[:BODY_EXPANSIONS] for exp in expansions[:n_q]]
        per_word: list[tuple[int, dict[int, float]]] = []
        for qi, exp in enumerate(body_exp):
            seen: dict[int, float] | None = None
            for v, sim in exp:               # a section counts its best-matching variant
                term_idf = self.body_idf.get(v)
                if term_idf is None:
                    continue
                lo, hi = self.bp_slot[v]
                docs, parts = self.bp_docs[lo:hi], self.bp_parts[lo:hi]
                ws = term_idf * sim
                if seen is None:
                    seen = dict(zip(docs, map(ws.__mul__, parts)))
                else:
                    get = seen.get
                    for doc, part in zip(docs, parts):
                        part *= ws
                        if part > get(doc, 0.0):
                            seen[doc] = part
            if seen:
                if allowed is not None:
                    seen = {doc: part for doc, part in seen.items() if doc in allowed}
                per_word.append((qi, seen))
        per_word.sort(key=lambda pw: -len(pw[1]))
        body: dict[int, float] = dict(per_word[0][1]) if per_word else {}
        for _, seen in per_word[1:]:
            get = body.get
            for doc, part in seen.items():
                body[doc] = get(doc, 0.0) + part
        if len(body) > BODY_CANDIDATES:      # only the best bodies can reach the top
            cut = heapq.nlargest(BODY_CANDIDATES, body.values())[-1]
            body = {doc: val for doc, val in body.items() if val >= cut}
        body_cov = {doc: sum(q_weights[qi] for qi, seen in per_word if doc in seen) for doc in body}
        if body:
            # Relative to the best body match, but never to less than a plain one-occurrence hit
            # of every query word, so a lone fuzzy match does not score like a real one.
            ref = sum(max((self.body_idf.get(v, 0.0) for v, _ in exp), default=0.0) for exp in body_exp)
            top_body = max(max(body.values()), 0.7 * ref)
            if n_q > 1:
                tmap: dict[str, list[tuple[int, float]]] = defaultdict(list)
                for qi, exp in enumerate(body_exp):
                    for v, sim in exp:
                        tmap[v].append((qi, sim))
                tset = frozenset(tmap)
                for doc, val in heapq.nlargest(LINE_CANDIDATES, body.items(), key=lambda kv: kv[1]):
                    # Proximity: the query's words together in one paragraph of the rule.
                    best_line = 0.0
                    for line in self._line_sets(doc):
                        if line.isdisjoint(tset):
                            continue
                        got: dict[int, float] = {}
                        for t in line & tset:
                            for qi, sim in tmap[t]:
                                if sim > got.get(qi, 0):
                                    got[qi] = sim
                        best_line = max(best_line, sum(q_weights[qi] * sim for qi, sim in got.items()) / q_total)
                    cov = body_cov[doc] / q_total
                    scores[doc] = BODY_MAX * cov * ((1 - LINE_WEIGHT) * val / top_body + LINE_WEIGHT * best_line)
            else:
                for doc, val in body.items():
                    scores[doc] = BODY_MAX * (val / top_body) * body_cov[doc] / q_total
        if self.debug is not None:
            self.debug.clear()
            self.debug.update({doc: (name_best.get(doc, 0.0), scores.get(doc, 0.0)) for doc in set(scores) | set(name_best)})
        for doc in self.chapters.intersection(scores):
            if doc not in name_best:
                # A chapter's text is its sections' text: unless its heading matches, one of them
                # is the answer, not the chapter that holds them all.
                scores[doc] *= CHAPTER_BODY_ONLY
        for doc, s in name_best.items():
            body_only = scores.get(doc, 0.0)
            w = BODY_WEIGHT_WITH_EXACT if doc in exact_docs else 1.0
            scores[doc] = max(body_only, s + w * body_only)

        # 4. passages: the section's best paragraph for the question, its intent preferred
        asks = ps.intent(query)
        candidates = heapq.nlargest(PASSAGE_CANDIDATES, scores, key=scores.__getitem__)
        best_passage = self.passages.best_of(candidates, self.doc_lines.__getitem__, list(zip(q_weights, body_exp)), asks)
        # A name («pinned down») is answered by its heading; a question by a paragraph: the
        # passage weighs in full for a question or a sentence, little for one or two words.
        weight = PASSAGE_MAX * (1.0 if asks or n_q >= QUESTION_WORDS else (n_q - 1) / (QUESTION_WORDS - 1))
        for doc, (p, _) in best_passage.items():
            if doc in scores:           # the candidates name and body found (BODY_CANDIDATES)
                scores[doc] += weight * p

        wants_table = any(t.startswith(("таблиц", "tabl")) for t in q_terms)
        pen = self.doc_penalty if wants_table else self.doc_penalty_no_table
        if self.glossary_docs and _DEFINITION_RE.search(query.casefold()):
            # «что такое …», "what is …", «значение …»: the glossary's definition is what is asked
            # (over the glossary's demotion and any paragraph merely mentioning the term)
            ranked = [(s - pen[doc] + (GLOSSARY_PENALTY * 2 + PASSAGE_MAX if doc in self.glossary_docs else 0.0), doc)
                      for doc, s in scores.items()]
        else:
            ranked = [(s - pen[doc], doc) for doc, s in scores.items()]
        ranked = heapq.nsmallest(limit, ranked, key=lambda x: (-x[0], x[1]))
        hits = []
        for s, doc in ranked:
            if s <= 0:
                continue
            sec = self.sections[doc]
            bp = best_passage.get(doc)
            passage, lines = "", (0, 0)
            if bp is not None:
                pid = bp[1]
                passage = self.passage_text(pid)
                lines = (self.passages.line_start[pid], self.passages.line_end[pid])
            hits.append(Hit(round(s, 2), sec.game, sec.id, sec.path, sec.title, sec.line_start, sec.line_end,
                            self.snippet(doc, q_terms), via, passage, lines))
        return hits

    def snippet(self, doc: int, q_terms: list[str], width: int = 160) -> str:
        """The first paragraph of the section holding a query word (else its first one)."""
        sec = self.sections[doc]
        lines = [l for l in self.body(sec).split("\n") if l.strip()]
        if not lines:
            return ""
        want = set(q_terms)
        best = lines[0]
        for line, terms in zip(lines, self._line_sets(doc)):
            if not terms.isdisjoint(want):
                best = line
                break
        return best if len(best) <= width else best[: width - 1].rstrip() + "…"

    # -- autocomplete --------------------------------------------------------------------------
    def autocomplete(self, query: str, game: str | None = None, limit: int = 25) -> list[tuple[str, str]]:
        """(label ≤ 100 chars, section id) for a partly typed query; ≤ 25, from titles and aliases.

        The last word is a prefix while it is being typed. Names only (no bodies, no fuzzy
        search) keeps this to a millisecond or two; the layout switch is the only retry. When no
        name matches, the list is empty and the command itself searches the text."""
        query = (query or "")[:100]
        limit = min(limit, 25)
        if game is not None and game not in self.games:
            return []
        with_game = game is None
        if not query.strip():
            secs = [s for s in (self.toc(game) if game else self.sections) if s.level <= 1 and s.kind == "section"]
            return [(self.label(s, with_game=with_game), s.id) for s in secs[:limit]]
        stripped = query.strip()
        if len(stripped) <= 2 and " " not in stripped:
            # One or two letters: headings that start with them, in book order.
            docs = self._complete_titles(stripped, game, limit)
            if docs:
                return [(self.label(self.sections[d], with_game=with_game), self.sections[d].id) for d in docs]
        docs = self._complete_names(query, game, limit)
        if not docs:
            letters = [c for c in query.casefold() if c.isalpha()]
            if letters and (all("a" <= c <= "z" for c in letters) or all("а" <= c <= "я" or c == "ё" for c in letters)):
                docs = self._complete_names(nz.switch_layout(query) or "", game, limit)
        # Nothing by name: offer nothing rather than a slow guess; /rule itself searches the text.
        # One entry per rule: a heading repeated in a summary shows once, as its main text.
        secs = one_per_rule([self.sections[d] for d in docs])
        return [(self.label(sec, with_game=with_game), sec.id) for sec in secs[:limit]]

    def _complete_titles(self, prefix: str, game: str | None, limit: int) -> list[int]:
        starts = self.title_starts                      # sorted by folded title: a prefix is a range
        want = nz.clean(prefix)
        allowed = self._allowed(game)
        lo = bisect.bisect_left(starts, (want,))
        out = []
        for t, i in starts[lo:lo + 2000]:
            if not t.startswith(want):
                break
            if allowed is None or i in allowed:
                out.append(i)
        return heapq.nsmallest(limit, out, key=lambda i: (self.sections[i].level, i))

    def _complete_names(self, query: str, game: str | None, limit: int) -> list[int]:
        toks = nz.tokens(query)
        if not toks:
            return []
        partial = query[-1:].isalnum() or query[-1:] == "+"
        # compounds typed apart are joined as in search («twin linked» = "twin-linked")
        head = self.compound_words([t for t in (toks[:-1] if partial else toks) if t not in nz.STOPWORDS], query)
        words = [nz.stem(t) for t in head]
        last = toks[-1] if partial else None
        if last is not None and head and head[-1].isalpha() and last.isalpha():
            for joined in (head[-1] + last, nz.stem(head[-1] + last)):   # «twin lin…» → «twinlinked»
                lo = _bisect(self.name_vocab, joined)
                if lo < len(self.name_vocab) and self.name_vocab[lo].startswith(joined):
                    words, last = words[:-1], joined
                    break
        allowed = self._allowed(game)
        want: list[list[tuple[str, float]]] = [[(w, 1.0)] + [(v, sim) for v, sim in self._expansions.get(w, ()) if sim >= 0.75]
                                              for w in words]
        if last is not None and last not in nz.STOPWORDS:
            stem_last = nz.stem(last)
            options: dict[str, float] = {}
            # One or two letters say little: look at fewer completions for them.
            width = 25 if len(last) == 1 else 60 if len(last) == 2 else 300
            for prefix, sim in ((last, 1.0), (stem_last, 1.0)):
                if len(prefix) < 1:
                    continue
                lo = _bisect(self.name_vocab, prefix)
                for j in range(lo, min(lo + width, len(self.name_vocab))):
                    v = self.name_vocab[j]
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
                for kid in self.name_postings.get(v, ()):
                    if sim > per_key[kid].get(qi, 0.0):
                        per_key[kid][qi] = sim
                    if sim > per_key_terms[kid].get(v, 0.0):
                        per_key_terms[kid][v] = sim
        n_q = len(want)
        scored: dict[int, float] = {}
        idf = self.name_idf
        for kid, matched in per_key.items():
            q_cov = sum(matched.values()) / n_q
            if q_cov < 0.34:
                continue
            kt = per_key_terms[kid]
            n_cov = sum(idf[t] * kt.get(t, 0.0) for t in self.keys[kid]) / self.key_norm[kid]
            base = q_cov * (0.6 + 0.4 * n_cov)
            for doc, weight in self.key_docs[kid]:
                if allowed is not None and doc not in allowed:
                    continue
                sc = base * (1.0 if weight >= 1.0 else weight) - self.doc_penalty_no_table[doc] / 100
                if sc > scored.get(doc, -1.0):
                    scored[doc] = sc
        return [d for d, _ in heapq.nsmallest(limit, scored.items(), key=lambda kv: (-kv[1], kv[0]))]

    def label(self, sec: Section, with_game: bool = False, width: int = 100) -> str:
        tail = f" · {sec.path[-1]}" if sec.path else ""
        game = f" [{self.games[sec.game].get('short', sec.game)}]" if with_game else ""
        head = sec.title
        room = width - len(game)
        text = head + tail
        if len(text) > room:
            text = text[: room - 1].rstrip() + "…"
        return text + game


@lru_cache(maxsize=200_000)
def _plain(raw: str) -> str:
    """A book line as text (markup stripped, tabs as cell separators); cached: a repeated
    book (the ten-fold benchmark) and every rebuild read the same lines."""
    return strip_markup(raw.replace("\t", " | ")).strip()


def _bisect(vocab: list[str], term: str) -> int:
    lo, hi = 0, len(vocab)
    while lo < hi:
        mid = (lo + hi) // 2
        if vocab[mid] < term:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _by_initial(vocab: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for v in vocab:
        out[v[0]].append(v)
    return dict(out)
