"""Players' chat words read as the books' words for them (rules_index.players_words)."""
from __future__ import annotations

import csv

import pytest

from rules_index import load_index
from rules_index import normalize as nz
from rules_index import players_words
from rules_index.weights import PLAYERS_WORD_SIM


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    return load_index(cache_dir=tmp_path_factory.getbasetemp() / "rules_cache")


def write(path, rows):
    with path.open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, delimiter="\t", lineterminator="\n")
        out.writerow(["players_word", "book_words", "meaning"])
        out.writerows(rows)
    return path


BOOK = {nz.stem(w) for w in ("стрелять", "стреляет", "стрельба", "уничтожен", "уничтожить", "кинуть")}


def test_every_form_of_a_players_word_reads_as_the_books_word(tmp_path):
    path = write(tmp_path / "words.tsv", [["шмалять", "стрелять", "shoot"]])
    words = players_words.lexicon(BOOK.__contains__, lambda stem: 0.0, path)
    for typed in ("шмалять", "шмаляю", "шмаляют", "шмалял", "шмаляли"):
        assert words[nz.stem(typed)] == (nz.stem("стрелять"),), typed


def test_a_word_the_books_write_keeps_its_own_meaning(tmp_path):
    # the forms a book writes are that book's word (Flames of War rolls dice with «кинуть»): only
    # the forms no book writes are read as the list says
    path = write(tmp_path / "words.tsv", [["шмалять", "стрелять", "shoot"]])
    written = BOOK | {nz.stem("шмаляют")}
    words = players_words.lexicon(written.__contains__, lambda stem: 0.0, path)
    assert nz.stem("шмаляют") not in words
    assert words and not set(words) & written


def test_a_book_word_is_read_in_its_commonest_forms(tmp_path):
    path = write(tmp_path / "words.tsv", [["шмалять", "стрелять", "shoot"]])
    # «стрелять»'s forms stem to «стрел», «стреля», «стреляем»: the two the books use most are read
    rarity = {"стреляем": 1.0, "стрел": 2.0, "стреля": 3.0}
    words = players_words.lexicon(rarity.__contains__, rarity.__getitem__, path)
    assert words[nz.stem("шмаляли")] == ("стреляем", "стрел")


def test_the_shipped_list_maps_only_words_no_book_writes(index):
    assert index.players_words
    for key, targets in index.players_words.items():
        assert not index._known(key), key
        assert targets and all(index._known(t) for t in targets), key


@pytest.mark.parametrize("typed, book_word", [("шмальнуть", "стрелять"), ("сдох", "уничтожен"),
                                              ("драпают", "бежать")])
def test_a_query_s_players_word_expands_to_the_books_word(index, typed, book_word):
    expansion = dict(index.expand(nz.stem(typed), typed))
    assert expansion.get(nz.stem(book_word)) == PLAYERS_WORD_SIM


def test_a_tank_that_died_is_a_destroyed_tank(index):
    # «сдох» is no book's word: it had matched nothing, and the tank's crew led to remounting
    hits = index.search("мой танк сдох, что с экипажем", "flames_of_war", 5)
    assert (hits[0].line_start, hits[0].line_end) == (536, 540)
    assert hits[0].title == "Уничтоженные Танки"
