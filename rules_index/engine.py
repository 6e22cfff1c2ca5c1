"""The rule index: sections of the five books, their names and bodies, and the search cascade.

The stages, one module each: this one builds the index (what `rules_index.build` caches) and is
the facade; `expand_stage` turns a query word into the books' stems; `rank_stage` scores and
fuses the signals, whose weights are all in `weights`; `passages`, `asked` (the questions
written for each rule) and `meaning` (sentence vectors) are the signals beyond names and bodies;
`complete_stage` makes autocomplete choices and labels; `present` the reply's passage. `words` and `hits` hold what they share.

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


import math
import re
from array import array
from collections import defaultdict

import numpy as np

from rules_index import normalize as nz
from rules_index import crosslang
from rules_index import players_words
from rules_index import measures
from rules_index import passages as ps
from rules_index.outline import Section, in_glossary, section_holding, strip_markup
from rules_index.hits import Hit
from rules_index.present import introducing_line, list_end, quoted_lines
from rules_index.weights import (ALIAS_WEIGHT, BM25_B, BM25_K1, LABEL_WEIGHT, CHAPTER_MAX_LINES, GLOSSARY_TITLE_WEIGHT, GLOSSARY_PENALTY, MAX_ANSWER_LINES, MEASURE_MIN_SHARE, TOO_LONG_PENALTY, MIN_OWN_WORDS, NO_TEXT_PENALTY, DEMOTED_PENALTY, TABLE_PENALTY, GLOSSARY_HANDOVER_MAX)
from rules_index.words import _PAREN, _Name, _by_initial, _plain, title_variants
from rules_index import complete_stage, expand_stage, rank_stage
from rules_index.meaning import PassageVectors
from rules_index.rerank import Reranker
from rules_index.section_model import SectionModel
from rules_index.asked import AskedIndex
from rules_index import armies, game_names


class RuleIndex:
    """Sections of the books plus the structures search needs; built by `rules_index.build`."""

    def __init__(self, sections: list[Section], texts: dict[str, list[str]],
                 aliases: dict[str, list[tuple[str, float]]], games: dict[str, dict],
                 glossary: dict[str, list[tuple[str, str]]] | None = None,
                 asked: dict[str, list[tuple[int, str]]] | None = None) -> None:
        self.sections = sections
        self.games = games                       # manifest entries by game id
        self.by_id = {s.id: i for i, s in enumerate(sections)}
        self.lines = texts                       # game → the book's lines
        self.unit_shares = {game: measures.unit_shares(lines) for game, lines in texts.items()}
        # per unit, the books a distance in it is seldom about (rank_stage.measured_in)
        declared = {game: info.get("measured_in", []) for game, info in games.items()}
        self.foreign_to = {unit: measures.foreign_books(unit, self.unit_shares, declared, MEASURE_MIN_SHARE)
                           for unit in measures.UNITS}
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
        # headings searched with their sections' text → the last line of those sections
        self.chapters: dict[int, int] = {}
        # Glossary entries define a term; the rule section for it is the better answer. Their
        # titles name them less surely than a rule's heading, and hand their names to the rule
        # section whose heading carries the same term («BLUNDER» → «11. ТАБЛИЦА ОШИБОК (BLUNDER TABLE)»).
        self.glossary_docs = frozenset(i for i, s in enumerate(sections)
                                       if s.kind != "table" and in_glossary(s))
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
                    self.chapters[i] = end
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
        # Each book's sections are one run of documents: a search with the game given reads
        # only that run of each word's postings (which are in document order).
        self.game_span = {g: (docs[0], docs[-1] + 1) for g, docs in self.by_game.items()
                          if docs[-1] - docs[0] + 1 == len(docs)}
        self.passages = ps.PassageIndex(passages)
        self._index_asked(asked or {})
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
        # Every book's together, for a search with no game given: one lookup per word instead
        # of one per book (ten-fold, a question's words took 4 ms merging fifty books' pairs).
        self.en_words_any: dict[str, dict[str, float]] = {}
        for t, by_game in self.en_words.items():
            merged: dict[str, float] = {}
            for pairs in by_game.values():
                for ru_word, pair_sim in pairs:
                    merged[ru_word] = max(merged.get(ru_word, 0.0), pair_sim)
            self.en_words_any[t] = merged
        self.synonyms_any = {t: frozenset().union(*by_game.values()) for t, by_game in self.synonyms.items()}
        self._expansions: dict[str, tuple[tuple[str, float], ...]] = {}
        self.debug: dict | None = None       # set to {} to record (name, body) scores per doc
        self.meaning = PassageVectors(self)  # the passages' sentence vectors, shipped with the project
        self.section_model = SectionModel(self)  # which section a question is about, learned from the written ones
        # a question's first hits reordered by trees over these signals (rules_index.rerank)
        self.reranker = Reranker()
        self.written_per_section = np.bincount(np.asarray(self.asked.doc, dtype=np.int64), minlength=len(self.sections))
        # the nouns Snowball reads as verbs, as the build found them (normalize.use_noun_stems on load)
        self.noun_stems: dict[str, str] = {}
        # players' chat words the books never write → the books' words for them (rules_index.players_words)
        self.players_words = players_words.lexicon(self._known, lambda t: self.body_idf.get(t, math.inf))
        self.game_names = game_names.learn(self)  # «инвуль эпик»: the game a query names
        self.army_names = armies.learn(self)      # «мой шерман»: the game a query's units name

    # -- building ------------------------------------------------------------------------------
    def _index_asked(self, asked: dict[str, list[tuple[int, str]]]) -> None:
        """The questions written for each section (rules_index.asked), each tied to the passage
        holding its answering line (or the section's next passage after it, or its first)."""
        rows: list[tuple[int, int, tuple[str, ...]]] = []
        self.asked_text: list[str] = []
        starts = self.passages.line_start
        for sid, questions in asked.items():
            doc = self.by_id.get(sid)
            span = self.passages.of_doc.get(doc) if doc is not None else None
            if doc is None or span is None:
                continue
            first, count = span
            for line, text in questions:
                pid = next((p for p in range(first, first + count) if starts[p] >= line), first)
                terms = tuple(nz.terms(text))
                if terms:
                    rows.append((doc, pid, terms))
                    self.asked_text.append(text)
        self.asked = AskedIndex(rows, [s.game for s in self.sections], self.passages.kind)

    def _glossary_handover(self, sections: list[Section]) -> dict[int, list[str]]:
        """Glossary entry names → the one or two rule sections whose heading contains one of
        them: every name of the entry, as the glossary says they are one term («BLUNDER CHART
        (ТАБЛИЦА ОШИБОК)» hands "blunder chart" to «11. ТАБЛИЦА ОШИБОК (BLUNDER TABLE)»)."""
        if not self.glossary_docs:
            return {}
        heads: dict[str, list[tuple[int, frozenset[str]]]] = defaultdict(list)
        for i, s in enumerate(sections):
            if s.kind != "table" and i not in self.glossary_docs:
                for v in title_variants(s.title):
                    heads[s.game].append((i, frozenset(nz.terms(v))))
        out: dict[int, list[str]] = defaultdict(list)
        plain: dict[int, str] = {}        # sections' text as _glossed_in_text reads it, made once
        for g in self.glossary_docs:
            sec = sections[g]
            names = title_variants(sec.title)[1:] or title_variants(sec.title)
            rules: set[int] = set()
            for v in names:
                want = set(nz.terms(v))
                if not want:
                    continue
                found = {i for i, t in heads[sec.game] if want <= t}
                if 0 < len(found) <= GLOSSARY_HANDOVER_MAX:
                    rules |= found
            if not rules:
                rules = self._glossed_in_text(sections, sec, names, plain)
            for i in sorted(rules):
                out[i].extend(v for v in names if v not in out[i])
        return out

    def _glossed_in_text(self, sections: list[Section], entry: Section, names: list[str],
                         plain: dict[int, str]) -> set[int]:
        """The one section whose text glosses a glossary entry's English name in parentheses, as
        the book writes where it states a rule that has no heading of its own: Warmaster's «FALL
        BACK (ОТХОД)» is item 16 of «8. БОЙ», «…должны совершить отход (*fall back*)…»."""
        glosses = {f"({v.lower()})" for v in names if v.isascii()}
        if not glosses:
            return set()
        found = set()
        for i, s in enumerate(sections):
            if s.game != entry.game or s.kind == "table" or i in self.glossary_docs \
                    or s.length > MAX_ANSWER_LINES or s.demoted:
                continue
            if i not in plain:
                plain[i] = " ".join(text for _, text in self.body_lines(s)).lower()
            if any(g in plain[i] for g in glosses):
                found.add(i)
        # a chapter's lines hold its sections': the innermost section holding the gloss states it
        innermost = {i for i in found if not any(j != i and sections[i].line_start <= sections[j].line_start
                                                 and sections[j].line_end <= sections[i].line_end for j in found)}
        return innermost if len(innermost) <= GLOSSARY_HANDOVER_MAX else set()

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
        state.pop("_posting_arrays", None)
        state.pop("_game_masks", None)
        state["_expansions"] = {}
        return state

    def _allowed(self, game: str | None) -> frozenset[int] | None:
        if not game:
            return None
        cache = self.__dict__.setdefault("_allowed_cache", {})
        if game not in cache:
            cache[game] = frozenset(self.by_game[game])
        return cache[game]

    def posting_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The body postings (documents, BM25 tf parts) as numpy arrays over the same memory."""
        arrays = self.__dict__.get("_posting_arrays")
        if arrays is None:
            arrays = self.__dict__["_posting_arrays"] = (np.frombuffer(self.bp_docs, dtype=np.int32),
                                                         np.frombuffer(self.bp_parts, dtype=np.float64))
        return arrays

    def game_mask(self, game: str) -> np.ndarray:
        """The game's sections as a mask over every section."""
        masks = self.__dict__.setdefault("_game_masks", {})
        if game not in masks:
            masks[game] = np.zeros(len(self.sections), dtype=bool)
            masks[game][self.by_game[game]] = True
        return masks[game]

    # -- section access ------------------------------------------------------------------------
    def section(self, section_id: str) -> Section | None:
        i = self.by_id.get(section_id)
        return self.sections[i] if i is not None else None

    def section_at(self, game: str, line: int) -> Section | None:
        """The section of `game`'s book that line `line` belongs to (outline.section_holding)."""
        return section_holding([self.sections[i] for i in self.by_game.get(game, ())], line)

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

    def _plain_lines(self, game: str, start: int, end: int) -> list[str]:
        """Book lines `start`–`end` (1-based) as text: markup stripped, a table's cells split by « | »."""
        return [strip_markup(l.replace("\t", " | ")).strip() for l in self.lines[game][start - 1:end]]

    def passage_text(self, pid: int) -> str:
        sec = self.sections[self.passages.doc[pid]]
        return " ".join(self._plain_lines(sec.game, self.passages.line_start[pid], self.passages.line_end[pid])).strip()

    def answer_passage(self, pid: int) -> tuple[str, tuple[int, int]]:
        """The passage as a reply quotes it, with its lines: with the list or table it
        introduces when it ends with a colon (rules_index.present.list_end), a line each; an
        item of such a list, with the line that introduces it and the list («…добавляйте 1 за
        каждый бонус:» makes «· Цель находится на расстоянии более 40 см» an answer)."""
        sec = self.sections[self.passages.doc[pid]]
        lines = self.lines[sec.game]
        start, last = self.passages.line_start[pid], self.passages.line_end[pid]
        intro = introducing_line(lines, start, sec.line_start, sec.line_end)
        if intro is not None:
            start = intro
        end = list_end(lines, start if intro is not None else last, sec.line_end)
        return quoted_lines(self._plain_lines(sec.game, start, end)), (start, end)

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
        return expand_stage.expand(self, term, raw)

    def with_synonyms(self, exp: tuple[tuple[str, float], ...], term: str, game: str | None) -> tuple[tuple[str, float], ...]:
        return expand_stage.with_synonyms(self, exp, term, game)

    def _word_weight(self, term: str) -> float:
        return expand_stage.word_weight(self, term)

    def _has_unknown_word(self, query: str) -> bool:
        return expand_stage.has_unknown_word(self, query)

    def _known(self, term: str) -> bool:
        return expand_stage.known(self, term)

    def compound_words(self, words: list[str], query: str) -> list[str]:
        return expand_stage.compound_words(self, words, query)

    # -- search --------------------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
        return rank_stage.search(self, query, game, limit)

    def reads_as_question(self, query: str) -> bool:
        return rank_stage.query_reads_as_question(self, query)

    def _search(self, query: str, game: str | None, limit: int) -> list[Hit]:
        return rank_stage.search_with_retries(self, query, game, limit)

    def _search_once(self, query: str, game: str | None, limit: int, via: str) -> list[Hit]:
        return rank_stage.search_once(self, query, game, limit, via)

    def snippet(self, doc: int, q_terms: list[str], width: int = 160) -> str:
        return rank_stage.snippet(self, doc, q_terms, width)

    # -- autocomplete --------------------------------------------------------------------------
    def autocomplete(self, query: str, game: str | None = None, limit: int = 25,
                     locale: str = "ru") -> list[tuple[str, str]]:
        return complete_stage.autocomplete(self, query, game, limit, locale)

    def prepare(self, query: str, who: object = None) -> None:
        """A query being typed: its vector and its words' expansions are made before its search (rank_stage.prepare)."""
        rank_stage.prepare(self, query, who)

    def _complete_titles(self, prefix: str, game: str | None, limit: int) -> list[int]:
        return complete_stage.complete_titles(self, prefix, game, limit)

    def _complete_names(self, query: str, game: str | None, limit: int) -> list[int]:
        return complete_stage.complete_names(self, query, game, limit)

    def book_short(self, game: str, locale: str) -> str:
        return complete_stage.book_short(self, game, locale)

    def label(self, sec: Section, with_game: bool = False, width: int = 100, locale: str = "ru") -> str:
        return complete_stage.label(self, sec, with_game, width, locale)


