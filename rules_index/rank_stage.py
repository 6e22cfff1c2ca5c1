"""Ranking: one score per section from the query's expansions — exact names, name coverage, the
body's BM25 with proximity (the words' signals: rules_index.word_signals), the best passage,
the written questions (rules_index.asked), the sentence vectors' closeness, the section model
(rules_index.section_model) and the static demotions, fused in `search_once` (their weights:
rules_index/weights.py) — and the retries for weak results."""

from __future__ import annotations

import heapq
import math
import re
from typing import TYPE_CHECKING, NamedTuple


import numpy as np

from rules_index import meaning, measures, rerank
from rules_index import normalize as nz
from rules_index import passages as ps
from rules_index.expand_stage import closest, in_book_typos
from rules_index.hits import Hit
from rules_index.recent import Recent
from rules_index.word_signals import body_scores, exact_names, name_matches, whole_query_keys, word_weights
from rules_index.weights import NAMED_BODIES, TYPO_NAME_WORDS, PASSAGE_CLOSER, ASKED_GLOSSARY_SHARE, ASKED_MAX, BODY_WEIGHT_WITH_EXACT, PASSAGE_CANDIDATES, PASSAGE_MAX, QUESTION_WORDS, RETRY_ANY_WORDS, RETRY_MARGIN, WEAK, SEARCH_CACHE, MAX_QUERY_CHARS, MAX_QUERY_TERMS, BODY_EXPANSIONS, MEANING_CANDIDATES, MEANING_MAX, MEANING_TEMPERATURE, MEANING_WORD_CANDIDATES, MEASURE_PENALTY, SECTION_MODEL_CANDIDATES, SECTION_MODEL_MAX, SECTION_MODEL_NO_GAME, CHAPTER_BODY_ONLY, GLOSSARY_PENALTY, _DEFINITION_RE


if TYPE_CHECKING:
    from rules_index.engine import RuleIndex



def search(index: RuleIndex, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
    """Ranked sections for what a player typed; [] for empty/unusable input, never raises.
    The index doesn't change once built, so recent answers are kept: one /rule reply asks for
    the same query several times (the page, "did you mean", the other books, «Не то»)."""
    key = (query, game, limit)
    kept: Recent[tuple, tuple[Hit, ...]] = index.__dict__.setdefault("_answers", Recent(SEARCH_CACHE))
    answer = kept.get(key)
    if answer is not None:
        return list(answer)
    hits = index._search(query, game, limit)
    kept.put(key, tuple(hits))
    return hits


def as_searched(index: RuleIndex, query: str, game: str | None) -> tuple[str, str | None]:
    """(the query, the game) as a search reads them: as far as it reads, as a chat message
    (normalize.chat_text), a game named in it taken as the game (the vector made while typing
    is made for this text, so /rule finds it), or with none named, the one game whose units it
    names («мой шерман»: rules_index.armies)."""
    query, game = index.game_names.read(nz.chat_text((query or "")[:MAX_QUERY_CHARS]), game)
    query = without_rule_word(index, query)
    if game is None:
        named = index.army_names.games_named(query)
        if len(named) == 1:
            (game,) = named
    return query, game


def search_with_retries(index: RuleIndex, query: str, game: str | None, limit: int) -> list[Hit]:
    """The query as typed, then, when it matched weakly or has words no book knows, in the other
    keyboard layout, in Cyrillic for Latin letters, in Latin for English typed in Cyrillic and
    through the book's glossary for English: the best run wins."""
    if game is not None and game not in index.games:
        return []
    query, game = as_searched(index, query, game)
    best = index._search_once(query, game, limit, "direct")
    top = best[0].score if best else 0.0
    letters = [c for c in query.casefold() if c.isalpha()]
    latin_only = bool(letters) and all("a" <= c <= "z" for c in letters)
    # A query with words the books do not know may be Russian in Latin letters, or English in
    # Cyrillic, even when another word happened to match ("glubokiy udar": «udar» reads as
    # «удар»; «мистейкен таргет»: «мистейкен» is an alias, and another book's sniper rule
    # outranks it with no game given until "mistaken target" names the heading).
    one_script = latin_only or (bool(letters) and all("а" <= c <= "я" or c == "ё" for c in letters))
    if top < WEAK or (one_script and index._has_unknown_word(query)):
        retries = []
        if one_script:          # a whole query typed in the other layout
            retries.append(("layout", nz.switch_layout(query)))
        if latin_only and not all_words_known(index, query):
            # Russian typed in Latin letters; not a query whose every word is the books' English
            # ("haywire table": transliterated, «табле» read as «таблица» outscored Haywire)
            retries.append(("translit", nz.transliterate(query)))
        elif one_script:
            # English typed in Cyrillic («пиннед даун» → "pinned down"), when spelled in Latin
            # its words are the books' English, or when the query found little and has a word
            # no book knows: its spelling is then only near the books' English («ворлорд
            # трейт», "vorlord treyt", finds Warlord Traits; «инстакилл», Instant Death), and
            # the retry wins only by its score. Russian the books know is not retried so
            # («двойной марш» reads "dvoynoy marsh", which matched stray English words better).
            english = nz.english_spelling(query)
            if english and (not index._has_unknown_word(english)
                            or (top < WEAK and index._has_unknown_word(query))):
                retries.append(("english", english))
        if any("a" <= c <= "z" for c in letters):   # English: the book's glossary
            for g, ru in index.en2ru.get(" ".join(nz.terms(query)), ())[:3]:
                if game is None or g == game:
                    retries.append(("glossary", ru))
        typed_unknown = index._has_unknown_word(query)
        for via, alt in retries:
            if not alt or alt == query or not worth_retrying(index, alt):
                continue
            hits = index._search_once(alt, game, limit, via)
            # the words as the books spell them against a query whose words the books mostly
            # don't know: the query's score is then approximate matches and its meaning's
            # guesses («рэндом гейм ленгс» read «рэндом» as "rending"), and the better read wins
            margin = 0.0 if typed_unknown and not index._has_unknown_word(alt) else RETRY_MARGIN
            if hits and hits[0].score > top + margin:
                best, top = hits, hits[0].score
    return best


def spelled_words(index: RuleIndex, query: str) -> list[str]:
    """The query's words searched, of two letters or more (no digits): those a spelling is judged by."""
    return [w for w in query_words(index, query)[1] if len(w) >= 2 and w.isalpha()]


def all_words_known(index: RuleIndex, query: str) -> bool:
    """Every word of the query is a word of the books as spelled."""
    words = spelled_words(index, query)
    return bool(words) and all(index._known(nz.stem(w)) for w in words)


def worth_retrying(index: RuleIndex, alt: str) -> bool:
    """Whether a query retried in the other layout or script (`alt`) may be the books' words: a
    name of a few words (typos and all: «gthtuthd» → «перегерв»), or a sentence whose words are
    at least half the books' as spelled. English switched to the Russian layout or
    transliterated reads as letters no book knows («ьн кршут…», «мы рхино тоок…», a stray «хит»
    aside), and fuzzy-matching each of its words cost up to 25 ms for nothing."""
    words = spelled_words(index, alt)
    return len(words) <= RETRY_ANY_WORDS or 2 * sum(index._known(nz.stem(w)) for w in words) >= len(words)


def reads_as_question(query: str, n_terms: int, asks: int | None = None) -> bool:
    """Worded as a question, asking for something (`asks`: its intent, if already read), told
    as a situation, or long as a sentence: ranked by meaning too (not a name)."""
    asks = ps.intent(query) if asks is None else asks
    return bool(asks or ps.is_question(query) or n_terms >= QUESTION_WORDS)


def query_reads_as_question(index: RuleIndex, query: str) -> bool:
    """Whether a search reads `query` as a question or a situation (ranked by meaning too), not
    a name: its answer is often among the first hits rather than the first (the reply offers them)."""
    _, words = query_words(index, query)
    return reads_as_question(query, len(words))


# «джамп паки правила», "unit coherency rule", «правило мистейкен таргет»: in a name, the word
# says a rule is wanted, not which one. Left in, it matched every heading that holds it («Самое
# главное правило» first) and kept the name from matching whole or as English typed in Cyrillic.
# A question keeps it («ночные правила» there is what is asked about); so does a name that is
# nothing else («правила») or a heading typed whole («Специальные правила»). Over every set:
# dropped from the words searched, rank 1 5,231 → 5,233 of 5,616; from the text searched (the
# whole name, its retries), 5,394 → 5,397 and the top 5 5,680 → 5,684 of 5,814, none lost.
_RULE_WORDS = frozenset("правило правила правил правилу правилам правилами правилах rule rules".split())
_RULE_WORD_RE = re.compile(r"\b(?:" + "|".join(sorted(_RULE_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def without_rule_word(index: RuleIndex, query: str) -> str:
    """A name's query with «правило» / "rule" taken out (see _RULE_WORDS), unless it is a
    heading or a name as typed («Специальные правила»)."""
    tokens = nz.tokens(query)
    content = [t for t in tokens if t not in nz.STOPWORDS]
    if all(t in _RULE_WORDS for t in content) or reads_as_question(query, len(content)):
        return query
    if any(k in index.exact for k in whole_query_keys(query, [nz.stem(t) for t in content], tokens)):
        return query
    return " ".join(_RULE_WORD_RE.sub(" ", query).split()) or query


def query_words(index: RuleIndex, query: str) -> tuple[list[str], list[str]]:
    """(the query's tokens, the words searched: stop words out, compounds joined, at most MAX_QUERY_TERMS)."""
    raw_tokens = nz.tokens(query)
    words = index.compound_words([t for t in raw_tokens if t not in nz.STOPWORDS], query)[:MAX_QUERY_TERMS] \
        or raw_tokens[:MAX_QUERY_TERMS]
    return raw_tokens, words


def prepare(index: RuleIndex, query: str, who: object = None) -> None:
    """What a player is typing (autocomplete): its sentence vector (rules_index.meaning) and
    its words' expansions (fuzzy matching over the books' vocabulary, the slowest part of the
    words' ranking for a mistyped or foreign word) are computed while they type, off the event
    loop, so their search waits for neither."""
    query = as_searched(index, query, None)[0]
    if query_words(index, query)[1]:
        meaning.while_typing(query, who, lambda text: _made_ready(index, text))


def _made_ready(index: RuleIndex, query: str) -> None:
    if index.meaning:
        vector = meaning.encode_query(query)
        if vector is not None:
            index.meaning.closeness(vector)          # kept for the question's fuse_meaning
    for word in query_words(index, query)[1]:
        index.expand(nz.stem(word), word)            # kept by the index, as search_once asks


def search_once(index: RuleIndex, query: str, game: str | None, limit: int, via: str) -> list[Hit]:
    raw_tokens, words = query_words(index, query)
    q_terms = [nz.stem(t) for t in words]
    if not q_terms:
        return []
    allowed = index._allowed(game)
    asks = ps.intent(query)
    # 1. the whole query as a heading or a name players use
    exact = exact_names(index, query, q_terms, raw_tokens, allowed)
    name_best = exact.best
    # Any query but a heading typed word for word is also ranked by meaning: a question or a
    # situation by its sentence vector's closeness to the passages (fuse_meaning), a name by
    # the section model alone (which section queries like it are about), which mostly picks
    # the right book when no game is given. The vector is computed while the words are ranked.
    # A retry that spells the query in the books' languages is the query as meant, read as
    # fully: English typed in Cyrillic («тайм оф дэй ролл» → "time of day roll"), and a question
    # typed in Latin letters («mozhno li napadat posle vysadki») or in the other layout, each
    # against the typed garble it must outscore. A name so typed, a layout switch to Latin
    # letters and a glossary term are the words' fallbacks: words alone (a second vector cost a
    # name's search 4 ms at the p99 and found nothing more). Over every set: the English retry
    # 4,905 → 4,906 at rank 1 of 5,228; the questions, 5,233 → 5,235 of 5,616.
    worded_as_question = reads_as_question(query, len(q_terms), asks)
    read_whole = via in ("direct", "english") or (
        (via == "translit" or (via == "layout" and nz.is_cyrillic(query))) and worded_as_question)
    vector = meaning.encode_query_soon(query) if index.meaning and read_whole and not exact.named else None

    # 2. each word's expansions, then the names matched word by word
    expansions = [index.with_synonyms(index.expand(t, w), t, game) for t, w in zip(q_terms, words)]
    if game is not None and len(q_terms) <= TYPO_NAME_WORDS:
        # a name's word only other books know: typed wrong, for one of this book's
        expansions = [in_book_typos(index, exp, t, w, game) for exp, t, w in zip(expansions, q_terms, words)]
    n_q = len(q_terms)
    # Ranked by meaning too: a question, a situation, a sentence, and a name with a word no book
    # knows even approximately («спирхед», a players' word typed as it sounds), which its words
    # leave unread (over every set: 1,742 → 1,744 of 2,044 searches at rank 1, none lost). The
    # retries in another layout or script still run (search_with_retries) and win when they
    # match better.
    questioned = read_whole and (worded_as_question or any(not exp for exp in expansions[:n_q]))
    # compounds typed apart: «макро оружие» → «макрооружие»
    for a, b in zip(q_terms, q_terms[1:]):
        joined = nz.stem(a + b)
        if joined in index.name_postings:
            expansions.append(((joined, 1.0),))
    q_weights = word_weights(index, q_terms, expansions, game)
    name_matches(index, expansions, q_weights, n_q, allowed, name_best)

    # 3. body BM25 (tf parts precomputed) with the same expansions, plus proximity
    # each word's closest variants: its list puts its own fuzzy matches first («pinpoint», 0.6),
    # then its translations and slang («придавл», 0.8), which a cut in list order dropped
    body_exp = [closest(exp, BODY_EXPANSIONS) for exp in expansions[:n_q]]
    scores = body_scores(index, body_exp, q_weights, game, heapq.nlargest(NAMED_BODIES, name_best, key=name_best.__getitem__))
    text_scores = dict(scores)      # the text's own score, before a chapter's and a name's (rules_index.rerank)
    if index.debug is not None:
        index.debug.clear()
        index.debug.update({doc: (name_best.get(doc, 0.0), text_scores.get(doc, 0.0)) for doc in set(scores) | set(name_best)})
    for doc in index.chapters.keys() & scores.keys():
        if doc not in name_best:
            # A chapter's text is its sections' text: unless its heading matches, one of them
            # is the answer, not the chapter that holds them all.
            scores[doc] *= CHAPTER_BODY_ONLY
    for doc, s in name_best.items():
        body_only = scores.get(doc, 0.0)
        w = BODY_WEIGHT_WITH_EXACT if doc in exact.docs else 1.0
        scores[doc] = max(body_only, s + w * body_only)

    # 4. passages: the section's best paragraph for the question, its intent preferred
    candidates = heapq.nlargest(PASSAGE_CANDIDATES, scores, key=scores.__getitem__)
    best_passage = index.passages.best_of(candidates, index.doc_lines.__getitem__, index._line_sets,
                                          list(zip(q_weights, body_exp)), asks)
    # A name («pinned down») is answered by its heading; a question by a paragraph: the
    # passage weighs in full for a question or a sentence, little for one or two words.
    weight = PASSAGE_MAX * (1.0 if asks or n_q >= QUESTION_WORDS else (n_q - 1) / (QUESTION_WORDS - 1))
    for doc, (p, _) in best_passage.items():
        if doc in scores:           # the candidates name and body found (BODY_CANDIDATES)
            scores[doc] += weight * p

    # 5. the questions written for each rule (rules_index.asked), for a question or a situation:
    # a section whose written question reads like this one, its words as typed (slang the book
    # never uses) and as the book spells them. A name («двойной марш») is its heading's to
    # answer, and so is a heading or a players' name typed word for word («что такое реакции»,
    # "pinned down"), not the questions that mention it.
    best_asked: dict[int, tuple[float, int]] = {}
    # the query's words as the written questions read them (here and by the reranker's cover)
    asked_words = [(qw, ((t, 1.0), *exp)) for qw, t, exp in zip(q_weights, q_terms, body_exp)] if questioned else []
    if len(index.asked) and questioned and not (exact.named or exact.aliased):
        best_asked = index.asked.best(asked_words, game, asks)
    for doc, (like, _) in best_asked.items():
        # a glossary entry's questions ask what a term means: the rule section answers the rest
        most = ASKED_MAX * (ASKED_GLOSSARY_SHARE if doc in index.glossary_docs else 1.0)
        scores[doc] = scores.get(doc, 0.0) + most * like

    wants_table = any(t.startswith(("таблиц", "tabl")) for t in q_terms)
    pen = index.doc_penalty if wants_table else index.doc_penalty_no_table
    if index.glossary_docs and _DEFINITION_RE.search(query.casefold()):
        # «что такое …», "what is …", «значение …»: the glossary's definition is what is asked
        # (over the glossary's demotion and any paragraph merely mentioning the term)
        ranked = [(s - pen[doc] + (GLOSSARY_PENALTY * 2 + PASSAGE_MAX if doc in index.glossary_docs else 0.0), doc)
                  for doc, s in scores.items()]
    else:
        ranked = [(s - pen[doc], doc) for doc, s in scores.items()]
    meant: set[int] = set()
    per_passage: np.ndarray | None = None     # each passage's closeness to a question's vector
    read: Fused | None = None
    # a heading word for word, or a table asked for by name («таблица попадания ВС против ВС»), is a
    # name; a question or a situation that mentions a table («…по обычной таблице ошибок кидаю?») is
    # not, and is read by meaning too (over every set, 2,255 → 2,259 of 2,632 searches at rank 1)
    names_a_table = wants_table and not (asks or ps.is_question(query))
    if vector is not None and not names_a_table:
        if questioned:
            read = fuse_meaning(index, vector.result(), ranked, game, pen)
            ranked, meant, per_passage = read.ranked, read.meant, read.per_passage
        else:
            ranked = fuse_section_model(index, vector.result(), ranked)
    if game is None:
        ranked = measured_in(index, query, ranked)
    if read is not None and read.vector is not None and read.closeness is not None and read.likely is not None \
            and rerank.wanted(index, game):
        # a question's or a situation's first hits, reordered by every signal together
        ranked = rerank.reorder(index, ranked, rerank.Signals(
            name_best, text_scores, best_passage, best_asked, asked_words, read.closeness, read.likely,
            read.likely if game is None else index.section_model.probabilities(read.vector, index.meaning.answerable,
                                                                               read.logits),
            game is not None, ps.is_question(query), asks, len(query.split())))
    ranked = heapq.nsmallest(limit, ranked, key=lambda x: (-x[0], x[1]))
    hits = []
    for s, doc in ranked:
        if s <= 0:
            continue
        sec = index.sections[doc]
        bp = best_passage.get(doc)
        ba = best_asked.get(doc)
        if ba is not None and (bp is None or ASKED_MAX * ba[0] > PASSAGE_MAX * bp[0]):
            bp = ba                 # the passage a question like this one points at
        passage, lines = "", (0, 0)
        if bp is not None:
            pid = bp[1] if per_passage is None else closer_passage(index, per_passage, doc, bp[1])
            passage, lines = index.answer_passage(pid)
        elif doc in meant and per_passage is not None:
            passage, lines = index.answer_passage(closest_passage(index, per_passage, doc))
        hits.append(Hit(round(s, 2), sec.game, sec.id, sec.path, sec.title, sec.line_start,
                        index.chapters.get(doc, sec.line_end),
                        index.snippet(doc, q_terms), via, passage, lines, query if via != "direct" else ""))
    return hits


def closer_passage(index: RuleIndex, per_passage: np.ndarray, doc: int, pid: int) -> int:
    """The passage a hit quotes for a question: the one its words or a written question chose
    (`pid`), unless the sentence vectors find another of the section's passages closer to the
    question by more than PASSAGE_CLOSER. The words pick the paragraph holding the query's
    words; a situation's answer is often the next one, in the book's words, not the player's
    (over the test sets' 1,176 questions and situations found first, the quote held an answering
    line for 1,007; with this, 1,037)."""
    if doc not in index.passages.of_doc:
        return pid
    best = closest_passage(index, per_passage, doc)
    return best if per_passage[best] - per_passage[pid] > PASSAGE_CLOSER else pid


def closest_passage(index: RuleIndex, per_passage: np.ndarray, doc: int) -> int:
    """The section's passage closest to the question's vector (`per_passage`: fuse_meaning's)."""
    first, count = index.passages.of_doc[doc]
    return first + int(np.argmax(per_passage[first:first + count]))


def measured_in(index: RuleIndex, query: str, ranked: list[tuple[float, int]]) -> list[tuple[float, int]]:
    """No game given, a distance in centimetres or inches («в 5 дюймах»): the sections of the
    books that seldom measure in that unit (under MEASURE_MIN_SHARE of their distances) and
    don't let the players choose it (`RuleIndex.foreign_to`, made at build) are demoted by
    MEASURE_PENALTY (rules_index.measures)."""
    unit = measures.query_unit(query)
    if unit is None:
        return ranked
    foreign = index.foreign_to[unit]
    if not foreign:
        return ranked
    sections = index.sections
    return [(s - MEASURE_PENALTY if sections[doc].game in foreign else s, doc) for s, doc in ranked]


def fuse_section_model(index: RuleIndex, vector: np.ndarray | None,
                       ranked: list[tuple[float, int]]) -> list[tuple[float, int]]:
    """A name or a term: each section the words found gains SECTION_MODEL_MAX times the section
    model's probability that a query like this one is about it (rules_index.section_model).
    The probability is over every book even when the game is given: a name the model places
    in another book then moves the ranking little (the game's own probabilities, renormalised,
    pushed a name's weak guesses too far: public names 99.1 → 98.3%, dev 94.9 → 92.3%)."""
    if vector is None or not index.section_model:
        return ranked
    likely = index.section_model.probabilities(vector, index.meaning.answerable)
    # a term's glossary entry stays below its rule (the glossary's demotion) unless asked for
    return [(s + (0.0 if doc in index.glossary_docs else SECTION_MODEL_MAX * float(likely[doc])), doc)
            for s, doc in ranked]


class Fused(NamedTuple):
    """What fuse_meaning made of a question: the fused scores, the sections found by meaning
    alone, and what the reranker and the quote read (each passage's and section's closeness,
    the section model's probabilities), None where the encoder gave no vector."""
    ranked: list[tuple[float, int]]
    meant: set[int]
    per_passage: np.ndarray | None = None
    closeness: np.ndarray | None = None
    likely: np.ndarray | None = None
    vector: np.ndarray | None = None
    logits: np.ndarray | None = None          # the section model's, for its probabilities over every book


def fuse_meaning(index: RuleIndex, vector: np.ndarray | None, ranked: list[tuple[float, int]], game: str | None,
                 penalty: list[float]) -> Fused:
    """Questions and situations: the word scores fused with the sentence vectors' closeness
    (rules_index.meaning). Each candidate gains a share of the best word score that falls
    by e for every MEANING_TEMPERATURE of cosine it lies below the closest section, so the encoder
    reorders close calls and brings in the rule the player described in other words, while a
    clear word match stays on top. Returns the fused scores, the sections found only by meaning
    and each passage's closeness to the question (what the reply's quote is chosen by:
    `closer_passage`, `closest_passage`)."""
    if vector is None:
        return Fused(ranked, set())
    per_doc, per_passage = index.meaning.closeness(vector, game)
    mask = index.meaning.answerable if game is None else index.meaning.answerable & index.meaning.of_game(game)
    closeness = np.where(mask, per_doc, -1.0)
    by_words = heapq.nlargest(MEANING_WORD_CANDIDATES, ranked)
    by_meaning = np.argsort(-closeness)[:MEANING_CANDIDATES]
    best = float(closeness[by_meaning[0]]) if len(by_meaning) else -1.0
    if best <= -1.0 or not by_words:
        return Fused(ranked, set(), per_passage)
    top = max(by_words[0][0], 1.0)
    words = {doc: s for s, doc in by_words}
    meant: set[int] = set()
    for doc in by_meaning.tolist():
        if doc not in words and closeness[doc] > -1.0:
            words[doc] = -penalty[doc]
            meant.add(doc)
    # which section the written questions most like this one are about (rules_index.section_model)
    logits = index.section_model.logits(vector) if index.section_model else None
    likely = index.section_model.probabilities(vector, mask, logits) if logits is not None else None
    if likely is not None:
        for doc in np.argsort(-likely)[:SECTION_MODEL_CANDIDATES].tolist():
            if doc not in words and likely[doc] > 0:
                words[doc] = -penalty[doc]
                meant.add(doc)
    model_max = SECTION_MODEL_MAX * (1.0 if game is not None else SECTION_MODEL_NO_GAME)
    fused = [(s + top * MEANING_MAX * math.exp((float(closeness[doc]) - best) / MEANING_TEMPERATURE)
              + (model_max * float(likely[doc]) if likely is not None else 0.0), doc)
             if closeness[doc] > -1.0 else (s, doc) for doc, s in words.items()]
    return Fused(fused, meant, per_passage, closeness, likely, vector, logits)


def snippet(index: RuleIndex, doc: int, q_terms: list[str], width: int = 160) -> str:
    """The first paragraph of the section holding a query word (else its first one)."""
    sec = index.sections[doc]
    lines = [l for l in index.body(sec).split("\n") if l.strip()]
    if not lines:
        return ""
    want = set(q_terms)
    best = lines[0]
    for line, terms in zip(lines, index._line_sets(doc)):
        if not terms.isdisjoint(want):
            best = line
            break
    return best if len(best) <= width else best[: width - 1].rstrip() + "…"

