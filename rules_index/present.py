"""What a reply leads with: the passage that answers the query, the query's words in bold.

Plain text with Markdown bold (`**word**`), no Discord objects: the cog puts it above the
section's text so a player reads the answer without paging.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping, Protocol, Sequence, TypeVar

from rules_index import normalize as nz
from rules_index.words import title_variants

if TYPE_CHECKING:
    from rules_index.engine import RuleIndex
    from rules_index.outline import Section

LEAD_CHARS = 900          # the lead passage is cut here (a long paragraph keeps its start)
_WORD_RE = re.compile(r"[^\W\d_]+(?:[-‐‑][^\W\d_]+)*", re.UNICODE)
MIN_PREFIX = 4            # a book word sharing this many first letters of a query stem is the same word


# A passage that ends with a colon introduces what answers («…становятся деморализованными в
# случае:», «…кидают кубик и сравнивают с показателем Умение:»): the items or rows after it.
LEAD_LIST_LINES = 12      # of them quoted with it, at most
MIN_INTRO_CHARS = 120     # what a lead keeps of a long introducing line, at least, to keep its list whole
# an item's marker, by kind: a bullet, a number, a letter, a table's or a roll's row («1-2 = 6 ходов»)
# («1)» under «8.» is a sublist, so a number's or a letter's kind includes what follows it)
_MARKERS = (("bullet", re.compile(r"\s*[-–—•·*]\s")), ("number", re.compile(r"\s*\d{1,2}([.)])\s")),
            ("letter", re.compile(r"\s*[a-zа-я]([.)])\s", re.IGNORECASE)),
            ("row", re.compile(r"\s*(?:\||[^\t]*\t|\d{1,2}(?:\s*[-–]\s*\d{1,2})?\+?\s*[=–—-]\s)")))
_RULE_ROW_RE = re.compile(r"[\s|:\-–—+]*")       # a table's border («|-----|--|», «----\t----»)


def marker(line: str) -> str | None:
    for kind, pattern in _MARKERS:
        m = pattern.match(line)
        if m:
            return kind + "".join(m.groups())
    return None


def list_end(lines: Sequence[str], last: int, end: int, limit: int = LEAD_LIST_LINES) -> int:
    """The last line (1-based, within the section's `end`) of the list or table introduced by
    line `last`, when that line ends with a colon; `last` otherwise. The list ends at a line
    that is no item, or at an item marked as the introducing line is (its sibling: «b)» after
    «a) … бросив D6:» and its rolls)."""
    if not lines[last - 1].rstrip().rstrip("*_").endswith(":"):
        return last
    own = marker(lines[last - 1])
    found, items = last, 0
    for n in range(last + 1, min(end, len(lines)) + 1):
        line = lines[n - 1]
        if not line.strip():
            continue
        kind = marker(line)
        if kind is None or kind == own or items == limit:
            break
        found, items = n, items + 1
    return found


def introducing_line(lines: Sequence[str], item: int, start: int, end: int) -> int | None:
    """The line (1-based, within the section's `start`–`end`) that introduces the list or table
    line `item` belongs to, when `item` is one of its quoted items (list_end); else None."""
    kind = marker(lines[item - 1])
    if kind is None:
        return None
    intro = item - 1      # above the items of its kind (a numbered paragraph may introduce rows)
    while intro >= start and (not lines[intro - 1].strip() or marker(lines[intro - 1]) == kind):
        intro -= 1
    if intro < start or list_end(lines, intro, end) < item:
        return None
    return intro


def quoted_lines(lines: Sequence[str]) -> str:
    """Book lines as a reply quotes them: markup already stripped, a line each, borders dropped."""
    return "\n".join(l for l in (" ".join(x.split()) for x in lines) if l and not _RULE_ROW_RE.fullmatch(l))


def query_stems(query: str, players_words: Mapping[str, tuple[str, ...]] | None = None) -> set[str]:
    """The query's stems, and for a players' word the books never write («сдох») the books'
    stems it was searched as («уничтож»: rules_index.players_words), so the quote shows them."""
    stems = {t for t in nz.terms(query) if t.isalpha() and len(t) >= 2}
    if players_words:
        stems |= {book for t in stems for book in players_words.get(t, ())}
    return stems


def _matches(word: str, stems: set[str]) -> bool:
    s = nz.stem(nz.clean(word))
    if s in stems:
        return True
    return any(len(q) >= MIN_PREFIX and len(s) >= MIN_PREFIX and (s.startswith(q) or q.startswith(s)) for q in stems)


def bold_query_words(text: str, query: str, players_words: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """`text` with the words that share a stem with the query's words in bold (and with the
    books' words for its players' words, given the index's `players_words`)."""
    stems = query_stems(query, players_words)
    if not stems:
        return text
    text = text.replace("**", "")          # the book's own bold would break ours
    return _WORD_RE.sub(lambda m: f"**{m.group(0)}**" if _matches(m.group(0), stems) else m.group(0), text)


def lead(passage: str, query: str, limit: int = LEAD_CHARS,
         players_words: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """The answering passage (a line each for a list it introduces), cut to `limit` characters
    on a word boundary, query words bold. A long line introducing a list gives up its start
    before the list is cut: its last sentences, which introduce the items, and the items are
    the answer (Warmaster's steam tank: «…бросьте D6 по таблице ниже:» and the three rows)."""
    passage = quoted_lines(passage.splitlines())
    if not passage:
        return ""
    first, _, items = passage.partition("\n")
    if len(passage) > limit and items and first.endswith(":"):
        room = limit - len(items) - 2          # the newline and the «…»
        if room >= MIN_INTRO_CHARS:
            tail = first[len(first) - room:]
            cut = tail.find(". ")
            passage = "…" + (tail[cut + 2:] if cut >= 0 else tail.split(" ", 1)[-1]) + "\n" + items
    if len(passage) > limit:
        passage = passage[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return bold_query_words(passage, query, players_words)


class Placed(Protocol):
    """A section or a search hit: where a rule's heading sits in its book."""
    @property
    def game(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def line_start(self) -> int: ...


P = TypeVar("P", bound=Placed)


def rule_key(sec: Placed) -> tuple[str, str]:
    """Sections that are one rule: the same book and the same heading («Реакции в фазе стрельбы»
    in the rules and again in Horus Heresy's reference summary)."""
    return sec.game, " ".join(nz.terms(sec.title, keep_stopwords=True))


def one_per_rule(sections: list[P]) -> list[P]:
    """`sections` in their order, one per rule: where a heading repeats, the first place in the
    book (the main text, not its summary) stands for all of them, at the best rank among them."""
    first: dict[tuple[str, str], P] = {}
    for sec in sections:
        k = rule_key(sec)
        if k not in first or sec.line_start < first[k].line_start:
            first[k] = sec
    out, seen = [], set()
    for sec in sections:
        k = rule_key(sec)
        if k not in seen:
            seen.add(k)
            out.append(first[k])
    return out


MIN_OTHER_BOOK_SCORE = 60.0   # «the same rule in another book»: a title-level match there…


def same_rule_elsewhere(index: RuleIndex, sec: Section) -> list[Section]:
    """This section's rule in each other book: the best hit there for its heading, when that
    hit's heading shares one of its words (their first MIN_PREFIX letters: «Транспорты» and
    «Пассажиры и Транспорт»). A heading of four words is searched as a question, by meaning
    too, so a book without the rule still has a best hit: Epic's «Непробиваемый спас-бросок
    (Invulnerable Save)» drew Flames of War's «Перевозчики взрывчатки — атака» (a save in its
    text) and Warmaster's shooting chapter, both over the score bar. Of 377 offers for 300
    sections drawn at random, 197 shared no word of the heading."""
    words = _heading_words(sec.title)
    out = []
    for game in index.games:
        if game == sec.game:
            continue
        hits = index.search(title_variants(sec.title)[0], game=game, limit=1)
        if hits and hits[0].via == "direct" and hits[0].score >= MIN_OTHER_BOOK_SCORE:
            found = index.section(hits[0].section_id)
            if found is not None and words & _heading_words(found.title):
                out.append(found)
    return out


def _heading_words(title: str) -> set[str]:
    """A heading's words as their first MIN_PREFIX letters (shorter ones, «ход», «бой», say too little)."""
    return {t[:MIN_PREFIX] for variant in title_variants(title) for t in nz.terms(variant)
            if len(t) >= MIN_PREFIX and t.isalpha()}
