"""A game named in the query (rules_index.game_names): its name is not a rule's word."""
from __future__ import annotations

from collections import Counter

import pytest

from rules_index import load_index
from rules_index.game_names import GameNames

NAMES = {"epic": ["epic", "эпик", "ЭА"], "horus_heresy": ["hh", "ересь хоруса", "ересь", "age of darkness"],
         "warmaster": ["warmaster", "вармастер", "вм"], "flames_of_war": ["flames of war", "flames", "фов"]}
TITLES = {"horus_heresy": ["СРАЖЕНИЯ В AGE OF DARKNESS", "Реакции"], "epic": ["Бласты"]}
# sections using each word: Horus Heresy says "warmaster" (Horus's title) more than Warmaster does
USES = {"horus_heresy": Counter({"warmast": 2}), "warmaster": Counter({"warmast": 1})}


@pytest.fixture(scope="module")
def names():
    return GameNames(NAMES, TITLES, USES)


@pytest.mark.parametrize("query, game, expected", [
    # the name out, the game it names given
    ("инвуль эпик", None, ("инвуль", "epic")),
    ("инвуль эпик", "epic", ("инвуль", "epic")),
    # in any form, with its preposition
    ("а в ереси сколько реакций за фазу?", None, ("а сколько реакций за фазу?", "horus_heresy")),
    ("hh overwatch", None, ("overwatch", "horus_heresy")),
    # a name the tokens fold to Latin look-alikes («вм» reads "bm") is cut where it was typed
    ("вм можно ли стрелять после марша?", None, ("можно ли стрелять после марша?", "warmaster")),
    # another game given (the channel's, or the same rule in the other books): it stays given
    ("инвуль эпик", "horus_heresy", ("инвуль", "horus_heresy")),
    # two games named: nothing is assumed
    ("бласты эпик или фов", None, ("бласты эпик или фов", None)),
    # a name the game's headings carry names a part of the book: it stays
    ("миссии age of darkness", None, ("миссии age of darkness", "horus_heresy")),
    # nothing else asked: the name is the query
    ("эпик", None, ("эпик", "epic")),
    # another book says "warmaster" more often than Warmaster's: not a name
    ("warmaster charge", None, ("warmaster charge", None)),
    # "flames" is an English word too ("flame template"); ЭА stems to one letter
    ("do flames ignore cover", None, ("do flames ignore cover", None)),
    ("ЭА бласты", None, ("ЭА бласты", None)),
    # a name owned is a model on the table («моя эпик» is no way to name the rules), the game's
    # name unowned still names it
    ("моя эпик стреляет по танку", None, ("моя эпик стреляет по танку", None)),
    ("my hh squad overwatch", None, ("my hh squad overwatch", None)),
    ("у опп эпик правила другие", None, ("у опп правила другие", "epic")),
])
def test_a_query_naming_one_game_searches_that_game_without_its_name(names, query, game, expected):
    assert names.read(query, game) == expected


def test_the_books_own_name_is_no_rules_word():
    index = load_index()
    hit = index.search("инвуль эпик", "epic", 5)[0]
    assert (hit.game, hit.line_start) == ("epic", 674)          # 2.1.6 Непробиваемый спас-бросок
    hit = index.search("инвуль эпик", None, 5)[0]
    assert (hit.game, hit.line_start) == ("epic", 674)          # not Horus Heresy's invulnerable saves


def test_a_unit_called_as_a_game_is_called_names_no_game():
    """Hydrophilia's players call it «гидра»; Epic's players have a Hydra flak tank. «моя гидра
    по нему стрельнула» searched Hydrophilia's rules with «гидра» taken out."""
    index = load_index()
    query = "у противника тандерхок зашел на атаку, моя гидра по нему стрельнула на заходе"
    assert index.game_names.read(query, None) == (query, None)
    assert index.game_names.read("гидра укрытие", None) == ("укрытие", "hydrophilia")


def test_another_wargame_named_to_compare_is_no_rules_word():
    """«чарж как в 40к»: players compare with Warhammer 40,000, whose rules no book here holds.
    Left in, «40» matched distances («Дистанция 40см») and Hydrophilia's cover came before its
    charge; a dice roll («40к6») and a distance («40 к цели») are kept."""
    index = load_index()
    assert index.game_names.read("чарж как в 40к", "hydrophilia") == ("чарж", "hydrophilia")
    assert index.game_names.read("в кил тиме переброс перебрасывать нельзя а тут можно", None) == (
        "переброс перебрасывать нельзя а тут можно", None)
    assert index.game_names.read("In 40k they could still charge after that", None) == (
        "they could still charge after that", None)
    for kept in ("кинул 40к6 на попадание", "дистанция 40 к цели", "40к"):
        assert index.game_names.read(kept, None) == (kept, None)
    top = index.search("чарж как в 40к", "hydrophilia", 1)[0]
    assert (top.title, top.line_start) == ("Штурм", 417)


@pytest.mark.parametrize("query, searched, game", [
    ("оверволч в хх2", "оверволч", "horus_heresy"),      # the edition glued to the name
    ("overwatch hh2", "overwatch", "horus_heresy"),
    ("fow v4 pinned", "pinned", "flames_of_war"),
    ("фов 4 редакция пиннинг", "пиннинг", "flames_of_war"),
    ("хх 3 хода резерв", "3 хода резерв", "horus_heresy"),  # a number that is no edition stays
])
def test_a_game_named_with_its_edition_is_cut_with_it(query, searched, game):
    """«оверволч в хх2»: the name was found, but «хх2» is one typed word, so it stayed in the
    query, and «2» matched every heading with a 2 in it."""
    assert load_index().game_names.read(query, None) == (searched, game)
