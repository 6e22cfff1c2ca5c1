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

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


MIN_LETTERS = 4


class ArmyNames:
    """Each game's army and unit names as stem sequences, those that name one game only."""

    def __init__(self, names: dict[str, list[str]], uses: dict[str, Counter[str]]) -> None:
        claimed: dict[tuple[str, ...], set[str]] = {}
        words: dict[tuple[str, ...], str] = {}          # a one-word name's stem as the postings key it
        for game, ns in names.items():
            for n in ns:
                stems = _stems(n)
                if stems:
                    claimed.setdefault(stems, set()).add(game)
                    if len(stems) == 1:
                        words[stems] = nz.stem(_words(n)[0])
        self.by_stems: dict[tuple[str, ...], str] = {}
        for stems, games in claimed.items():
            if len(games) != 1:
                continue
            (game,) = games
            if len(stems) == 1:
                word = words[stems]
                own = uses.get(game, Counter())[word]
                if any(c[word] > own for g, c in uses.items() if g != game):
                    continue
            self.by_stems[stems] = game
        self.longest = max(map(len, self.by_stems), default=0)

    def games_named(self, query: str) -> set[str]:
        """The games whose units the query names (longest names first)."""
        # a word of three letters or fewer names nothing surely: «огр» is «ограниченная»
        # shortened, «та» a pronoun, not Warmaster's ogres or Epic's Tau
        forms = [_form(t) if len(t) >= MIN_LETTERS else "" for t in nz.tokens(query) if t not in nz.STOPWORDS]
        named: set[str] = set()
        i = 0
        while i < len(forms):
            for n in range(min(self.longest, len(forms) - i), 0, -1):
                game = self.by_stems.get(tuple(forms[i:i + n])) if all(forms[i:i + n]) else None
                if game is not None:
                    named.add(game)
                    i += n
                    break
            else:
                i += 1
        return named


def learn(index: RuleIndex) -> ArmyNames:
    names = {g: info.get("armies", []) for g, info in index.games.items()}
    # how many sections of each book use a one-word name's word (the body's postings)
    uses: dict[str, Counter[str]] = {g: Counter() for g in names}
    # (keyed by Snowball's stem, as the postings are)
    for word in {nz.stem(t[0]) for ns in names.values() for n in ns if len(t := _words(n)) == 1}:
        lo, hi = index.bp_slot.get(word, (0, 0))
        for doc in index.bp_docs[lo:hi]:
            uses[index.sections[doc].game][word] += 1
    return ArmyNames(names, uses)


def _words(text: str) -> list[str]:
    return [t for t in nz.tokens(text) if t not in nz.STOPWORDS]


def _stems(text: str) -> tuple[str, ...]:
    return tuple(_form(t) for t in _words(text))


def _form(token: str) -> str:
    """A word as names are compared: its dictionary form's stem where pymorphy3 knows it
    (Snowball stems «шерман» «шерма» and «шерману» «шерман»), else its stem, as game names are
    (rules_index.game_names)."""
    return nz.lemma_stem(token) or nz.stem(token)
