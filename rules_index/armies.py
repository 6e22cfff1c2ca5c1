"""The game a question's units tell, when none is given: «мой шерман», «гоблины», "handgunners".

Players name their own units and armies far more often than the game («опп всадил 3 хита в
моего хауптмана на пазике»), and the books seldom print those names: no book has «шерман»,
«пазик» or «хауптман», so with no game given the rest of the question was read in every book
and could land in another's. Each game's package lists the names its players give its armies,
units and characters (`games/<id>/book/armies.txt`, written from what the games field and the
books, never from a test set). A name counts only when no other game lists it (Epic and Horus
Heresy share the Warhammer universe's Rhinos, Titans and tactical squads), no other book uses
its word in more sections than the game's own, and the query's word has four letters or more.
A search given no game, whose query names no game but one game's units, searches that game
(rules_index.rank_stage.as_searched), as a query naming the game does (rules_index.game_names).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules_index import normalize as nz
from rules_index.game_names import form, longest_matches, section_uses, stems, used_more_elsewhere

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


MIN_LETTERS = 4


class ArmyNames:
    """Each game's army and unit names as stem sequences, those that name one game only."""

    def __init__(self, names: dict[str, list[str]], uses: dict[str, Counter[str]]) -> None:
        """`names`: game → its army and unit names; `uses`: game → how many of its sections use
        each word (Snowball's stem), for a one-word name."""
        claimed: dict[tuple[str, ...], set[str]] = {}
        word: dict[tuple[str, ...], str] = {}           # a one-word name's stem as the postings key it
        for game, ns in names.items():
            for n in ns:
                name = stems(n)
                if name:
                    claimed.setdefault(name, set()).add(game)
                    if len(name) == 1:
                        word[name] = _word_stem(n)
        self.by_stems = {name: game for name, (game, *others) in claimed.items()
                         if not others and not (len(name) == 1 and used_more_elsewhere(word[name], game, uses))}
        self.longest = max(map(len, self.by_stems), default=0)

    def games_named(self, query: str) -> set[str]:
        """The games whose units the query names (longest names first)."""
        # a word of three letters or fewer names nothing surely: «огр» is «ограниченная»
        # shortened, «та» a pronoun, not Warmaster's ogres or Epic's Tau
        forms = [form(t) if len(t) >= MIN_LETTERS else "" for t in nz.tokens(query) if t not in nz.STOPWORDS]
        return {game for _, _, game in longest_matches(forms, self.by_stems, self.longest)}


def learn(index: RuleIndex) -> ArmyNames:
    names = {g: info.get("armies", []) for g, info in index.games.items()}
    # how many sections of each book use a one-word name's word
    one_word = {_word_stem(n) for ns in names.values() for n in ns if len(stems(n)) == 1}
    return ArmyNames(names, section_uses(index, one_word))


def _word_stem(name: str) -> str:
    """A one-word name's word as the body's postings key it (Snowball's stem)."""
    return nz.stem(next(t for t in nz.tokens(name) if t not in nz.STOPWORDS))
