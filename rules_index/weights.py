"""The ranking's numbers, each named for what it weighs, and how a name's match is scored:
every signal `rules_index.rank_stage.search_once` fuses is weighted here, in one place."""
from __future__ import annotations

import re

EXACT_TITLE = 100.0
ALIAS_WEIGHT = 0.96
STRONG_ALIAS = 0.75 * ALIAS_WEIGHT   # aliases below this only point into a larger section
SURE_MATCH = 0.85                   # a query word's match this close is the word, not a near miss
NAME_MAX = 90.0
BODY_MAX = 90.0
BODY_WEIGHT_WITH_EXACT = 0.1    # an exact title or alias already says which rule: the text only breaks ties
LEMMA_SIM = 0.9           # a word's dictionary form (pymorphy3), as sure as a near stem
PLAYERS_WORD_SIM = 0.8    # a players' word the books never write, read as the books' word for it (rules_index.players_words)
PASSAGE_CANDIDATES = 60    # the best sections by name and body whose passages are read
PASSAGE_MAX = 15.0         # the best passage (rules_index.passages), fused with name and body
PASSAGE_CLOSER = 0.02      # a question's quote: another passage of the hit this much closer in meaning replaces the words' choice
# Questions and situations: the sentence vectors' closeness fused with the word scores (rank_stage.fuse_meaning)
MEANING_MAX = 0.5              # the closest section gains half the best word score…
MEANING_TEMPERATURE = 0.015    # …and one 0.015 of cosine further away, 1/e of that
MEANING_CANDIDATES = 30        # sections found by meaning alone that may join the ranking…
MEANING_WORD_CANDIDATES = 60   # …beside the best sections by words
# The questions written for each rule (rules_index.asked), fused like the passages
ASKED_MAX = 120.0          # a written question holding all the query's words
ASKED_CANDIDATES = 60      # the sections with the best written questions that join the ranking
ASKED_SECOND = 0.6         # a section's second-best question adds this share of its score
ASKED_GLOSSARY_SHARE = 0.2  # …and for a glossary entry's questions («что такое …»: GLOSSARY_PENALTY)
ASKED_COVER_POW = 0.5      # a question the query covers only in part counts for that part, to this power
ASKED_OFFSET = 0.03        # a question's cosine to the query, less this, stands for its passage's
# Which section a question is about, learned from the written questions (rules_index.section_model)
SECTION_MODEL_MAX = 80.0       # a section the classifier is sure of (probability 1) gains this
SECTION_MODEL_CANDIDATES = 10  # the classifier's likeliest sections join the ranking
# …and with no game, a question's probabilities are spread over the five books (a section's
# share within its book times the book's), where with the game they are the book's alone: the
# same certainty weighs more. Five-fold on the written questions, no game: 63.1% → 64.1% at
# rank 1 (1.75 and 2.0 score the same, 1.25 gains a fifth of it; docs/rules.md)
SECTION_MODEL_NO_GAME = 1.5
# A distance's unit with no game given (rules_index.measures)
MEASURE_MIN_SHARE = 0.1        # a book giving under this share of its distances in the unit seldom uses it…
MEASURE_PENALTY = 40.0         # …and its sections lose this (soft: a player may still mean it)
QUESTION_WORDS = 4         # this many content words read as a question or a situation, not a name
OTHER_BOOK_SIM = 0.9       # an English word translated through another book's pairs
WEAK = 62.0            # below this the layout/translit retries run
# a retry's answer replaces the query's as typed when its top scores this much more; with no
# margin where the query's words are mostly unknown to the books and the retry's are not
RETRY_MARGIN = 5.0
TYPO_NAME_WORDS = 3    # with the game given, a query this short reads a word only other books know as a typo too
RETRY_ANY_WORDS = 3    # a retry this short runs whatever its words; a longer one when half are the books'
SEARCH_CACHE = 512            # recent answers kept (a few hundred KB)
MAX_QUERY_CHARS = 300  # longer input is cut (a 10,000-character paste still gets an answer)
MAX_QUERY_TERMS = 12
BODY_EXPANSIONS = 6
BM25_B = 0.5
BM25_K1 = 1.2
LINE_CANDIDATES = 40
BODY_CANDIDATES = 300
# The best sections by name whose text is scored wherever it ranks among the bodies
# (word_signals.body_scores). Over every set (5,814 searches; rank 1 5,397, top 5 5,684 with
# none): the best 1, 5,398 and 5,685; 3, 5,397 and 5,687; 10, 5,395 and 5,686.
NAMED_BODIES = 3
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
# a restatement the book's overrides mark (a quick reference, a turn sequence's one-line steps):
# it gives way to the rule it restates unless it matches clearly better (2.0, a tie-break,
# left Warmaster's step «5. КОНЕЦ ФАЗЫ» above its chapter on confusion by 5 points of 350)
DEMOTED_PENALTY = 40.0
TABLE_PENALTY = 3.0            # a table, unless the query asks for one («таблица …»)
GLOSSARY_HANDOVER_MAX = 1      # hand a glossary name to the rule heading carrying it when it is the only one
_DEFINITION_RE = re.compile(r"что так(ое|ой|ая)|что значит|что означает|значение|определени|\bтермин(?:ы|а|ов|ом|у|е)?\b|глоссари"
                            r"|what is|what's|meaning|defin|glossary")

NAME_Q_EXP = 1.5        # a name covering only part of the query counts for less than its share


def name_formula(n_cov: float, q_cov: float) -> float:
    """How well a name answers the query: all of the query in the name matters most."""
    return n_cov * (q_cov ** NAME_Q_EXP)
