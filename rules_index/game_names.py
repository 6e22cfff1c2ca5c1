"""A game named in the query: «инвуль эпик», «реакции в ереси», "hh overwatch".

Players add the game's name to a question, whether or not the channel has one. The name is
not a rule's word: left in, «эпик» matched Epic's introduction above «инвуль»'s rule. With no
game given it says which book to search; with that game given it says nothing more. Either way
it is taken out of the words searched, unless the game's own headings carry it («Age of
Darkness» names a chapter of Horus Heresy); a search given another game (the channel's, while
the player names another) keeps that game. A query naming two games is searched as typed.

The names are the games' own (`GameSystem.names()`: id, titles, nicknames; `Book.names`),
compared by stems so «эпике», «ереси» and «вармастере» count. A one-word name that another
book uses more than the game's own («warmaster» is Horus's title in Horus Heresy, and
Warmaster's book says it less often, it is not) would name the wrong game: it counts only while
its game's book uses it at least as often as any other.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from rules_index import normalize as nz

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex


# «моя гидра стрельнула»: a name owned is a model on the table (Epic's Hydra), not the game
# players also call «гидра»; nobody says «моя гидрофилия» meaning the rules
POSSESSIVES = frozenset("""мой моя моё мое мои моего моей моих моим моими моему мою твой твоя твои
твоего твоей твоих его её ее их наш наша наши нашего нашей наших ваш ваша ваши вашего вашей ваших
свой своя свои своего своей своих my his her their our your""".split())

# Other wargames, named to compare («чарж как в 40к», "in 40k they could still charge", «в кил
# тиме переброс перебрасывать нельзя»): players come to these books from Warhammer 40,000 and its
# kin. No book here has their rules, so the name is no rule's word; left in, «40» matched
# Warmaster's «Дистанция 40см» and «чарж как в 40к» found Hydrophilia's cover above its charge.
# A comparison's «как в» / "like in" goes with it. A dice roll («40к6») is not a name.
_OTHER_GAME_RE = re.compile(
    r"(?:\b(?:как|типа|like|as)\s+)?(?:\b(?:в|во|из|по|in|from)\s+)?"
    r"(?:\b(?:wh|вх|warhammer|вархаммер\w*|вах\w*)\s*)?"
    r"(?:(?<![\w.,])40(?:k|к|\s?000|[.,]000|-?ке|-?ки|-?ку|-?ка)(?!\w)|\b(?:кил+\s*тим\w*|kill\s*team|"
    r"болт\s*экшн\w*|bolt\s*action|age\s+of\s+sigmar|сигмар\w*|некромунд\w*|necromunda)(?!\w))",
    re.IGNORECASE)


def without_other_games(query: str) -> str:
    """The query with another wargame's name (and the comparison it makes) taken out, unless
    nothing else is left."""
    left = " ".join(_OTHER_GAME_RE.sub(" ", query).split())
    return left if any(ch.isalpha() for ch in left) else query


class GameNames:
    """Each game's names as stem sequences, and which of them its headings carry."""

    def __init__(self, names: dict[str, list[str]], section_titles: dict[str, list[str]],
                 uses: dict[str, Counter[str]]) -> None:
        """`names`: game → what players call it; `section_titles`: game → its headings;
        `uses`: game → how many of its sections use each word (stem), for a one-word name."""
        self.by_stems: dict[tuple[str, ...], str] = {}
        for game, ns in names.items():
            for n in ns:
                name = stems(n)
                if not name or name in self.by_stems or not _may_name(n, game):
                    continue
                if len(name) == 1 and used_more_elsewhere(nz.stem(nz.tokens(n)[0]), game, uses):
                    continue
                self.by_stems[name] = game
        self.longest = max(map(len, self.by_stems), default=0)
        # a name the game's headings carry names a part of its book, not only the book («Age of
        # Darkness»), and the heading typed in full still names it («Поле боя Ереси Хоруса»)
        words = {game: [stems(t) for t in titles] for game, titles in section_titles.items()}
        self.in_headings = {name for name, game in self.by_stems.items()
                            if any(_holds(t, name) for t in words.get(game, ()))}

    def read(self, query: str, game: str | None) -> tuple[str, str | None]:
        """(the query to search, the game to search in), when the query names exactly one game:
        its name taken out, and that game when none is given. A search given another game (the
        channel's) keeps it: the name is no word of that book either. A game no book here is
        of («как в 40к») is taken out too."""
        query = without_other_games(query)
        toks = nz.tokens(query)
        # the words names are made of (a name's «of» and «в» aside), with their place in `toks`
        at = [k for k, t in enumerate(toks) if t not in nz.STOPWORDS]
        forms = [form(toks[k]) for k in at]
        # (first token, past the last, game, name)
        found = [(at[i], at[i + n - 1] + 1, g, tuple(forms[i:i + n]))
                 for i, n, g in longest_matches(forms, self.by_stems, self.longest)
                 if not (at[i] > 0 and toks[at[i] - 1] in POSSESSIVES)]
        named = {g for _, _, g, _ in found}
        if len(named) != 1:
            return query, game
        (named_game,) = named
        if game is None:
            game = named_game
        cut = [(a, b) for a, b, _, name in found if name not in self.in_headings]
        left = [t for k, t in enumerate(toks) if not any(a <= k < b for a, b in cut)]
        if not cut or not [t for t in left if t not in nz.STOPWORDS]:
            return query, game                  # nothing else asked: the name is the query
        text = query
        for a, b in cut:
            text = _without(text, toks[a:b])
        return " ".join(text.split()), game


def learn(index: RuleIndex) -> GameNames:
    names = {g: info.get("names", []) for g, info in index.games.items()}
    titles: dict[str, list[str]] = {}
    for s in index.sections:
        titles.setdefault(s.game, []).append(s.title)
    # how many sections of each book use a name's word
    uses = section_uses(index, {nz.stem(t) for ns in names.values() for n in ns for t in nz.tokens(n)})
    return GameNames(names, titles, uses)


def section_uses(index: RuleIndex, words: set[str]) -> dict[str, Counter[str]]:
    """Game → how many of its book's sections use each of `words` (Snowball stems): the body's
    postings, already made (reading the books' lines again took 1.3 s of the build)."""
    uses: dict[str, Counter[str]] = {g: Counter() for g in index.games}
    for word in words:
        lo, hi = index.bp_slot.get(word, (0, 0))
        for doc in index.bp_docs[lo:hi]:
            uses[index.sections[doc].game][word] += 1
    return uses


def used_more_elsewhere(word: str, game: str, uses: dict[str, Counter[str]]) -> bool:
    """Whether another book uses a one-word name's word in more sections than the game's own:
    then it is that book's word, not the game's name."""
    own = uses.get(game, Counter())[word]
    return any(c[word] > own for g, c in uses.items() if g != game)


def longest_matches(forms: list[str], table: dict[tuple[str, ...], str], longest: int) -> list[tuple[int, int, str]]:
    """(start, length, value) of each name of `table` found in `forms`, left to right, the
    longest name at each place first."""
    found = []
    i = 0
    while i < len(forms):
        for n in range(min(longest, len(forms) - i), 0, -1):
            value = table.get(tuple(forms[i:i + n]))
            if value is not None:
                found.append((i, n, value))
                i += n
                break
        else:
            i += 1
    return found


def stems(text: str) -> tuple[str, ...]:
    return tuple(form(t) for t in nz.tokens(text) if t not in nz.STOPWORDS)


def form(token: str) -> str:
    """A word as names are compared: its dictionary form's stem where pymorphy3 knows it (Snowball
    stems «ересь» «ер» and «ереси» «ерес»), else its stem."""
    return nz.lemma_stem(token) or nz.stem(token)


def _may_name(name: str, game: str) -> bool:
    """A one-word name in Latin letters names the game when it is an abbreviation (hh, fow, wm,
    epic) or the game's id (warmaster): "flames" is also an English word, as in "flame
    template". A name of one or two letters («ЭА» stems to «э») names nothing surely."""
    toks = [t for t in nz.tokens(name) if t not in nz.STOPWORDS]
    if len(toks) != 1:
        return bool(toks)
    word = toks[0]
    if len(form(word)) < 2:
        return False
    if word.isascii() and word.isalpha():
        return len(word) <= 4 or word == game
    return True


def _holds(seq: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(seq[i:i + n] == part for i in range(len(seq) - n + 1))


_WORD_RE = re.compile(r"[^\W_]+")
_PREPOSITION_RE = re.compile(r"(?:^|\s)(в|во|по|in|for)\s+$", re.IGNORECASE)
# An edition after a game's name («хх 2.0», "fow v4", «эпик 2 редакция»): part of the name.
_EDITION_RE = re.compile(r"\s*(?:(?:v|ver\.?|версия|ed\.?)\s*\d{1,2}(?:[.,]\d)?|\d{1,2}[.,]\d|"
                         r"\d{1,2}(?:-?я)?\s*(?:-?ed|ed\.?|edition|редакци\w*|ред\.?|издани\w*))(?![\w.,])", re.IGNORECASE)


def _without(text: str, words: list[str]) -> str:
    """`text` less the words `words` (as nz.tokens reads them: «вм» is "bm") where they stand
    together, with a preposition in front of them («в ереси»)."""
    typed = [(m.start(), m.end(), nz.tokens(m.group())) for m in _WORD_RE.finditer(text)]
    n = len(words)
    for i in range(len(typed)):
        flat: list[str] = []
        for j in range(i, len(typed)):
            flat += typed[j][2]
            # the typed words hold the name, its last perhaps with its edition glued («хх2», "hh2")
            if flat[:n] == words and all(x.isdigit() for x in flat[n:]) and len(flat) - n < len(typed[j][2]):
                a, b = typed[i][0], typed[j][1]
                m = _PREPOSITION_RE.search(text[:a])
                edition = _EDITION_RE.match(text, b)
                return text[:m.start(1) if m else a] + text[edition.end() if edition else b:]
            if len(flat) >= n:
                break
    return text
