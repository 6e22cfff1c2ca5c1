"""The sentence vectors (rules_index.meaning): shipped for every passage, fused only for questions."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from rules_index import load_index
from rules_index import meaning


@pytest.fixture(scope="module")
def index():
    return load_index()


def test_every_passage_of_the_books_has_a_shipped_vector(index):
    # A book edited without `python -m rules_index vectors` would leave passages unreachable by meaning.
    assert index.meaning.missing == 0
    assert len(index.meaning.matrix) > 0
    assert np.allclose(np.linalg.norm(index.meaning.matrix[:50], axis=1), 1.0, atol=1e-2)


def test_the_encoder_ships_in_a_package_and_loads_offline():
    vector = meaning.encode_query("можно ли стрелять после марша")
    assert vector is not None and vector.shape == (384,)
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-3


def test_a_rule_name_is_not_ranked_by_the_passages_closeness(index, without_section_model):
    # a name is found by its words (the passages' closeness would only blur them); only the
    # section model reads its vector (tests/rules_index/test_section_model.py)
    words_only = copy.copy(index)
    words_only.meaning = None
    words_only.__dict__.pop("_answers", None)
    no_model = without_section_model(index)
    for query, game in [("бласт маркеры", "epic"), ("pinned down", "flames_of_war"), ("чардж", "horus_heresy")]:
        assert [h.section_id for h in no_model.search(query, game=game, limit=5)] == \
               [h.section_id for h in words_only.search(query, game=game, limit=5)]


def test_a_situation_told_in_other_words_finds_its_rule_by_meaning(index):
    # «протаранил» is not a word of the book, whose rule says «Таран» (L1869): only meaning connects
    # them. (The written questions' words are switched off here: they are another signal,
    # tests/rules_index/test_asked.py.)
    from rules_index.asked import AskedIndex
    # («мой танк протаранил вражеский танк» no longer shows it: «танк шок», a players' name for
    # ramming in games/horus_heresy/book/aliases.toml, lets the words reach it through «танк»)
    query = "я протаранил вражеский танк своим хищником"
    book_only = copy.copy(index)
    book_only.asked = AskedIndex([])
    book_only.__dict__.pop("_answers", None)
    words_only = copy.copy(book_only)
    words_only.meaning = None
    assert "horus_heresy:1869" not in [h.section_id for h in words_only.search(query, game="horus_heresy", limit=5)]
    # by meaning (the passages' vectors and the written questions') it comes in, beside the
    # knights' and titans' ramming (L2346)
    assert "horus_heresy:1869" in [h.section_id for h in book_only.search(query, game="horus_heresy", limit=3)]
    assert "horus_heresy:1869" in [h.section_id for h in index.search(query, game="horus_heresy", limit=3)]


def test_a_situation_that_mentions_a_table_is_still_ranked_by_meaning(index):
    # «таблица ошибок» asked for by name is a name (its words rank it); a player telling what
    # happened and asking which table to roll on is a situation: the sentence vectors and the
    # section model still read it. The steam tank has a blunder table of its own (L399-404);
    # the words alone favour the order rule's double six (L100), which was the answer while any
    # mention of a table turned meaning off.
    situation = "я выкинул две шестерки на приказ паровому танку, по обычной таблице ошибок?"
    words_only = copy.copy(index)
    words_only.meaning = None
    words_only.__dict__.pop("_answers", None)
    assert words_only.search(situation, game="warmaster", limit=1)[0].section_id == "warmaster:100"
    assert index.search(situation, game="warmaster", limit=1)[0].section_id == "warmaster:399"
    assert index.search("таблица ошибок", game="warmaster", limit=1)[0].section_id == "warmaster:325"


def encodings_counted(monkeypatch) -> list[int]:
    """Each encoding the real encoder makes, counted (its pieces' count)."""
    model = meaning.encoder()
    if model is None:
        pytest.skip("no sentence encoder on this platform")
    made: list[int] = []
    encode = model.vector

    def counted(inputs):
        made.append(inputs[0].shape[1])
        return encode(inputs)
    monkeypatch.setattr(model, "vector", counted)
    return made


def test_a_question_being_typed_is_encoded_before_its_search(index, monkeypatch):
    # Autocomplete sends every keystroke; the newest text of each typist is encoded while they
    # type, so /rule finds the vector ready. Keystrokes overtaken before their turn are skipped.
    import threading
    made = encodings_counted(monkeypatch)
    gate = threading.Event()
    meaning._worker.submit(gate.wait)            # the encoder busy: the keystrokes queue up
    meaning.forget_vectors()
    for text in ["можно ли стре", "можно ли стрелять после", "можно ли стрелять после марша"]:
        index.prepare(text, who=7)
    index.prepare("чардж", who=8)                 # a name too: the section model reads its vector
    gate.set()
    meaning.settle()
    assert len(made) == 2 and len(meaning._vectors) == 2
    vector = meaning.encode_query("можно ли стрелять после марша")
    assert len(made) == 2                                          # ready: no second encoding
    assert meaning.encode_query_soon("можно ли стрелять после марша").result() is vector


def test_a_query_sent_as_soon_as_it_is_typed_is_encoded_once(index, monkeypatch):
    # Pasted and sent at once: the search's encoding queues behind autocomplete's for the same
    # text, and finds the vector that one made
    import threading
    made = encodings_counted(monkeypatch)
    gate = threading.Event()
    meaning._worker.submit(gate.wait)            # the encoder busy: both jobs queue up
    meaning.forget_vectors()
    question = "что будет если отряд не докинул чардж"
    index.prepare(question, who=12)
    searched = meaning.encode_query_soon(question)
    gate.set()
    assert searched.result() is meaning.encode_query(question)
    meaning.settle()
    assert len(made) == 1


def test_a_search_encodes_its_question_once_beside_its_words(index, monkeypatch):
    made = encodings_counted(monkeypatch)
    meaning.forget_vectors()
    index.__dict__.pop("_answers", None)
    question = "сколько реакций можно сделать за фазу"
    first = index.search(question, "horus_heresy", 5)
    assert len(made) == 1
    index.__dict__.pop("_answers", None)
    assert index.search(question, "horus_heresy", 5) == first and len(made) == 1


def test_a_query_being_typed_has_its_words_expanded_before_its_search(index):
    # a mistyped word is matched fuzzily over the books' vocabulary, the slowest part of the
    # words' ranking: that too is done while the query is typed, and kept for its search
    from rules_index import normalize as nz
    index._expansions.clear()
    index.prepare("пеергрев плазмы", who=9)
    meaning.settle()
    kept = set(index._expansions)
    assert {f"{nz.stem('пеергрев')}\x00пеергрев", nz.stem("плазмы") + "\x00плазмы"} <= kept
    assert index.expand(nz.stem("пеергрев"), "пеергрев")[0][0] == nz.stem("перегрев")


def test_a_question_being_typed_is_compared_with_every_passage_before_its_search(index):
    # The product of the question's vector with every passage and written question is most of
    # a typed question's ranking: it is made while the question is typed and kept, read-only,
    # for its search.
    question = "сколько реакций можно сделать за фазу"
    index.meaning.forget()
    index.prepare(question, who=11)
    meaning.settle()
    assert len(index.meaning._recent) == 1
    vector = meaning.encode_query(question)
    per_doc, per_passage = index.meaning.closeness(vector)
    assert len(index.meaning._recent) == 1                       # found kept, not made again
    made_now = index.meaning._closeness(vector)
    assert np.array_equal(per_doc, made_now[0]) and np.array_equal(per_passage, made_now[1])
    assert not per_doc.flags.writeable and not per_passage.flags.writeable


def test_a_search_with_its_game_reads_only_that_books_vectors(index):
    # A question searched with its game, not typed first, is compared with that book's passages
    # and written questions only, with the same closeness for its sections.
    vector = meaning.encode_query("мой отряд сидит в бункере, по зданию прошло пробивающее")
    every_book = index.meaning._closeness(vector)
    for game in sorted(index.games):
        per_doc, per_passage = index.meaning._closeness(vector, game)
        mine = index.meaning.of_game(game)
        assert np.allclose(per_doc[mine], every_book[0][mine], atol=1e-6), game
        passages_mine = mine[np.asarray(index.passages.doc)]
        assert np.allclose(per_passage[passages_mine], every_book[1][passages_mine], atol=1e-6), game
    # the closeness kept while the question was typed (every book) serves its search with a game
    index.meaning.forget()
    made = index.meaning.closeness(vector)
    assert index.meaning.closeness(vector, "epic") is made
    assert len(index.meaning._recent) == 1


def test_numpy_keeps_one_blas_thread_once_the_encoder_loads():
    # OpenBLAS's threads spin after each product, on the cores the encoder's threads need
    # (a question's encoding three times slower with them): the encoder's loading limits them.
    from threadpoolctl import threadpool_info
    if meaning.encoder() is None:
        pytest.skip("no sentence encoder on this platform")
    assert [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"] == [1]
    assert meaning.encoder().session.get_session_options().intra_op_num_threads == meaning.ENCODER_THREADS


def test_the_encoder_keeps_its_graph_in_the_folder_the_index_is_cached_in(index, tmp_path, monkeypatch):
    # The bot's `rules.cache_dir` may be the one folder it can write (a read-only install)
    import shutil

    from rules_index.build import DEFAULT_CACHE_DIR, source_hash
    if meaning.encoder() is None:
        pytest.skip("no sentence encoder on this platform")
    cached = DEFAULT_CACHE_DIR / f"rules_index-{source_hash()}.pickle"
    shutil.copy(cached, tmp_path / cached.name)
    monkeypatch.setattr(meaning, "graph_folder", meaning.graph_folder)   # restored after the test
    load_index(tmp_path)
    assert meaning.graph_folder == tmp_path
    meaning._encoder.cache_clear()
    try:
        vector = meaning.encoder().query("марш")
        assert [p.suffix for p in tmp_path.glob("e5-*")] == [".onnx"]
        assert vector.shape == (384,)
    finally:
        meaning._encoder.cache_clear()
