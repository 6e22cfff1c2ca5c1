"""The game a question's units tell, when none is given (rules_index.armies)."""
from __future__ import annotations

from collections import Counter

import pytest

from games import GAMES
from rules_index import load_index
from rules_index.armies import ArmyNames

NAMES = {"flames_of_war": ["Sherman", "шерман", "тигр", "Tiger"],
         "warmaster": ["гоблины", "огры", "handgunners"],
         "epic": ["Rhino", "рино", "Леман Русс"],
         "horus_heresy": ["Rhino", "рино", "контемптор"]}
# sections using each one-word name's word (Snowball's stem): Horus Heresy's book says «тигр»
# more often than Flames of War's
USES = {"horus_heresy": Counter({"тигр": 3}), "flames_of_war": Counter({"тигр": 1})}


@pytest.fixture(scope="module")
def armies():
    return ArmyNames(NAMES, USES)


@pytest.mark.parametrize("query, games", [
    ("мой шерман стоит в лесу", {"flames_of_war"}),
    ("пантера стреляет по шерману", {"flames_of_war"}),          # inflected
    ("my handgunners are charged by knights", {"warmaster"}),
    ("стреляю из леман русса", {"epic"}),                          # two words
    ("мои гоблины бегут, а контемптор стоит", {"warmaster", "horus_heresy"}),
    # a name both Warhammer games field tells neither
    ("мой рино взорвали", set()),
    # a word another book uses more than the game's own is no name of it
    ("тигр в засаде", set()),
    ("tiger in ambush", {"flames_of_war"}),
    # three letters name nothing surely: «огр» is «ограниченная» shortened
    ("укрытие и огр видимость складываются?", set()),
])
def test_the_units_a_query_names_tell_their_game(armies, query, games):
    assert armies.games_named(query) == games


def test_every_game_lists_its_armies():
    for system in GAMES.values():
        assert len(system.book.army_names()) >= 50, system.id


def test_a_question_about_ones_units_is_searched_in_their_game():
    index = load_index()
    # no book has «шерман»; read in every book, the question went to Warmaster's «7. СТРЕЛЬБА»
    query = "мой шерман стоит в лесу по нему стреляют что кидаю"
    hit = index.search(query, None, 5)[0]
    assert (hit.game, hit.line_start) == ("flames_of_war", 376)   # Скрытые в Высоком или Низком Террейне
    # a game given is the game searched
    assert {h.game for h in index.search(query, "warmaster", 5)} == {"warmaster"}


@pytest.mark.parametrize("query", [
    "дайте совет как считать бласты",      # «совет» is advice before it is the Soviets
    "банда орков проиграла бой",            # a mob of any game, not Гидрофилия's street gangs
    "культисты стреляют по моим",           # Warhammer's cultists too
    "мой рино взорвали, что с десантом",    # Epic's and Horus Heresy's alike
])
def test_words_players_of_any_game_use_name_no_game(query):
    assert load_index().army_names.games_named(query) == set()
