"""Players' chat words for what the books say otherwise: «шмалять» is to shoot, «драпать» to
flee, «сдохнуть» to be destroyed, «опп» the opponent.

A player describing the table writes «по моим шмаляют из болтеров»; the book says «стреляют».
No book has «шмалять», so the word met nothing, or the typo matching read it as the nearest
book word it could find. `players_words.tsv` maps such words, in their dictionary form, to the
books' words for the same thing. It was written from the writers' own knowledge of how Russian
wargamers talk, without a test set or a written question, leaving out words with two game
meanings («свалить»: kill or run off), and it names no game (a game's own slang is in its
book's aliases). The list is read as the index is built: every form of a player's word
(pymorphy3's paradigm) is stemmed and mapped to the books' stems, and the index carries the
map, so a query's word is a dictionary lookup (rules_index.expand_stage).
"""
from __future__ import annotations

import csv
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from rules_index import normalize as nz

FILE = Path(__file__).resolve().parent / "players_words.tsv"
BOOK_FORMS = 2     # the stems of a book word's forms read for it, the commonest in the books first


def read(path: Path = FILE) -> list[tuple[str, list[str]]]:
    """(a player's word, the books' words for it) per row of the list."""
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(fh, delimiter="\t")
        return [(row["players_word"].strip().casefold(),
                 [w.strip().casefold() for w in row["book_words"].split(",") if w.strip()])
                for row in rows if row.get("players_word") and row.get("book_words")]


@lru_cache(maxsize=None)
def forms(word: str) -> frozenset[str]:
    """The stems of every form of `word` («шмалять»: «шмаля», «шмалят»…), or its own stem alone
    without pymorphy3."""
    words = [t for t in nz.tokens(word) if t not in nz.STOPWORDS]
    out = {nz.stem(t) for t in words}
    morph = nz.analyzer()
    if morph is None or len(words) != 1:
        return frozenset(out)
    parse = morph.parse(words[0])[0]
    out.update(nz.stem(f.word) for f in parse.lexeme)
    return frozenset(out)


def lexicon(known: Callable[[str], bool], rarity: Callable[[str], float], path: Path = FILE) -> dict[str, tuple[str, ...]]:
    """Each stem of a player's word the books never write → the stems the books write of their
    words for it (each word's BOOK_FORMS commonest: «уничтожить» is «уничтож» in the books). A
    form the books write keeps its own meaning (no book word is mapped)."""
    out: dict[str, dict[str, None]] = {}
    for word, book_words in read(path):
        if len(nz.tokens(word)) != 1:        # a query is looked up word by word
            continue
        targets = [s for w in book_words
                   for s in sorted((f for f in forms(w) if len(f) >= 3 and known(f)), key=lambda f: (rarity(f), f))[:BOOK_FORMS]]
        if not targets:
            continue
        for key in forms(word):
            if key and not known(key):
                out.setdefault(key, {}).update(dict.fromkeys(targets))
    return {key: tuple(targets) for key, targets in sorted(out.items())}
