"""The questions written for each rule (rules_index.asked): valid data, and a signal that works."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from games.registry import GAMES
from rules_index import load_index
from rules_index import normalize as nz
from rules_index.asked import AskedIndex, _best_per_question
from rules_index.weights import MAX_ANSWER_LINES


@pytest.fixture(scope="module")
def index():
    return load_index()


def test_a_section_ranks_by_its_best_question_and_the_game_filter_holds():
    rows = [(0, 10, tuple(nz.terms("можно ли стрелять после марша"))),
            (1, 20, tuple(nz.terms("сколько кубов кидать за марш"))),
            (1, 21, tuple(nz.terms("тактички в рино взорвались"))),
            (2, 30, tuple(nz.terms("стрелять по титану")))]
    asked = AskedIndex(rows, games=["epic", "horus_heresy", "epic"])
    words = [(1.0, ((t, 1.0),)) for t in nz.terms("рино взорвался, а в нём тактички")]
    best = asked.best(words)
    assert max(best, key=lambda d: best[d][0]) == 1
    assert best[1][1] == 21                       # the passage that question points at
    assert 0.5 < best[1][0] <= 1.5                # ~1.0: a question holding every word
    assert asked.best(words, game="horus_heresy").keys() == {1}
    assert asked.best(words, game="epic") == {}


def test_two_questions_of_a_section_count_beyond_its_best():
    rows = [(0, 10, tuple(nz.terms("марш стрельба"))), (0, 11, tuple(nz.terms("марш стрельба запрет"))),
            (1, 20, tuple(nz.terms("марш стрельба")))]
    asked = AskedIndex(rows)
    best = asked.best([(1.0, ((t, 1.0),)) for t in nz.terms("марш стрельба")])
    assert best[0][0] > best[1][0] > 0           # the same best question, and a second one



def test_cover_counts_a_word_held_by_any_of_a_sections_questions():
    # section 0 holds the three words in three questions, section 1 two of them in one
    rows = [(0, 10, tuple(nz.terms("инициатива плюс куб"))), (0, 11, tuple(nz.terms("ничья отряд уходит"))),
            (0, 12, tuple(nz.terms("вырезали отряд"))), (1, 20, tuple(nz.terms("инициатива ничья"))),
            (2, 30, tuple(nz.terms("марш стрельба")))]
    asked = AskedIndex(rows)
    words = [(1.0, ((t, 1.0),)) for t in nz.terms("инициатива ничья вырезали")]
    cover = asked.cover(words, [0, 1, 2])
    assert cover[0] == pytest.approx(1.0)
    idf = [asked.idf[t] for t in nz.terms("инициатива ничья вырезали")]
    assert cover[1] == pytest.approx((idf[0] + idf[1]) / sum(idf))
    assert cover[2] == 0.0
    # a word found only by an expansion counts at its similarity
    fuzzy = [(1.0, (("нет-такого", 1.0), (nz.terms("вырезали")[0], 0.5)))]
    assert asked.cover(fuzzy, [0, 1]).tolist() == [0.5, 0.0]


def test_a_question_counts_a_word_once_by_its_best_expansion_the_first_of_equals():
    # postings of three expansions of one query word: question ids, values, covers
    ids = np.array([0, 2, 5, 2, 3, 5, 0, 5], dtype=np.int32)
    vals = np.array([1.0, 2.0, 3.0, 2.0, 1.5, 4.0, 0.5, 4.0])
    cover = np.array([10.0, 20.0, 30.0, 21.0, 15.0, 40.0, 5.0, 41.0])
    got = _best_per_question(ids, vals, cover, 6)
    by_question = {int(q): (float(v), float(c)) for q, v, c in zip(*got)}
    # question 2: equal values, the first expansion's cover; question 5: the larger value, first of equals
    assert by_question == {0: (1.0, 10.0), 2: (2.0, 20.0), 3: (1.5, 15.0), 5: (4.0, 40.0)}
    assert len(got[0]) == 4


@pytest.mark.parametrize("game", list(GAMES))
def test_every_written_question_points_at_rule_text_of_its_book(game):
    book = GAMES[game].book
    lines = book.lines()
    rows = book.question_rows()
    assert len(rows) >= 300, "each book ships its players' questions"
    for line, text in rows:
        assert 1 <= line <= len(lines), (line, text)
        assert lines[line - 1].strip(), f"L{line} is blank: {text!r}"
        assert "\t" not in text and text == " ".join(text.split())
    # and the files parse whole: no row lost to a stray tab or a missing line number
    raw = sum(len([r for r in f.read_text(encoding="utf-8").splitlines()[1:] if r.strip()])
              for f in book.question_files())
    assert raw == len(rows)


def test_every_question_reaches_a_section_a_player_can_read(index):
    assert len(index.asked) >= 3000
    for q in range(len(index.asked)):
        sec = index.sections[index.asked.doc[q]]
        pid = index.asked.pid[q]
        assert index.passages.doc[pid] == index.asked.doc[q]
        assert sec.length <= MAX_ANSWER_LINES, sec.title


def test_a_question_written_for_a_rule_finds_that_rule(index):
    # Wiring, not generalisation (the held-out sets measure that): every tenth written question,
    # searched as typed with the meaning switched off, finds the section it was written for.
    words_only = copy.copy(index)
    words_only.meaning = None
    words_only.__dict__.pop("_answers", None)
    found = 0
    sample = range(0, len(index.asked), 10)
    for q in sample:
        doc = index.asked.doc[q]
        hits = words_only.search(index.asked_text[q], game=index.sections[doc].game, limit=3)
        found += index.sections[doc].id in [h.section_id for h in hits]
    assert found / len(sample) >= 0.9


def test_no_written_question_copies_an_evaluation_query():
    # The written questions were written from the books; a near copy of a query of the evaluation
    # sets would let the index learn the test (scripts/decontaminate_questions.py drops them).
    from pathlib import Path

    from rules_index.asked import near_copies
    from rules_index.evaluate import read_queries
    data = Path(__file__).resolve().parent / "data"
    queries = [q.query for f in sorted(data.glob("*.tsv")) for q in read_queries(f)]
    written = [text for system in GAMES.values() for _, text in system.book.question_rows()]
    copies = sorted(written[k] for k in near_copies(written, queries))
    assert copies == []
