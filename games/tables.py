"""Tables as data, each with its source lines, collected from every game for `/table`.

Each game declares its tables (`GameSystem.tables`), usually `TABLES` in `games/<id>/tables.py`.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.procedure import Source
from i18n import Msg


@dataclass(frozen=True)
class Table:
    id: str                          # stable, e.g. "to_wound"
    game: str
    title: Msg
    columns: tuple[str, ...]         # header cells, as printed in the book
    rows: tuple[tuple[str, ...], ...]
    source: Source
    aliases: tuple[str, ...] = ()    # extra names to autocomplete on ("S vs T", "сила против стойкости")


def tables(game_id: str | None = None) -> list[Table]:
    """All tables of one game, or of every game."""
    from games.registry import GAMES
    return [t for gid in ([game_id] if game_id else list(GAMES)) for t in GAMES[gid].tables]


# ---- finding a table by what players type ------------------------------------------------
def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


def _names(table: Table) -> list[str]:
    return [table.id, table.title.render("ru"), table.title.render("en"), *table.aliases]


CLOSE_ENOUGH = 70        # WRatio score for "did you mean" when no name matches exactly
SUGGEST_FROM = 60        # partial_ratio score for an autocomplete suggestion


def find_table(game_id: str | None, query: str) -> Table:
    """The table whose id, title (either language) or alias matches `query`; the closest one
    when none matches exactly; UserError (listing the tables in the reader's language) when
    nothing is close."""
    from rapidfuzz import fuzz, process

    from i18n import Text, UserError
    pool = tables(game_id)
    key = _fold(query or "")
    for table in pool:
        if key in {_fold(n) for n in _names(table)}:
            return table
    choices = {(i, j): _fold(n) for i, t in enumerate(pool) for j, n in enumerate(_names(t))}
    best = process.extractOne(key, choices, scorer=fuzz.WRatio, score_cutoff=CLOSE_ENOUGH) if key else None
    if best is None:
        names = Text.of(**{locale: "; ".join(t.title.render(locale) for t in pool) or "—" for locale in ("ru", "en")})
        raise UserError("combat_shared.error.table", example="combat_shared.example.table", name=query, names=names)
    return pool[best[2][0]]


def suggest_tables(game_id: str | None, query: str, limit: int = 25) -> list[Table]:
    """Tables for autocomplete, best first: every name containing what was typed, then close ones."""
    from rapidfuzz import fuzz
    key = _fold(query or "")
    scored = []
    for table in tables(game_id):
        names = [_fold(n) for n in _names(table)]
        score = 100 if not key or any(key in n for n in names) else max(fuzz.partial_ratio(key, n) for n in names)
        if score >= SUGGEST_FROM:
            scored.append((score, table))
    scored.sort(key=lambda s: -s[0])
    return [table for _, table in scored[:limit]]


# ---- laying a table out as monospace text ------------------------------------------------
CELL_WIDTH = 40          # wider cells wrap onto more lines; nothing is cut


def table_layout(table: Table) -> list[str]:
    """The header, a rule and every row as aligned text lines. A cell wider than CELL_WIDTH
    wraps onto further lines of its row (the book's words are never cut off)."""
    import textwrap
    width = len(table.columns)
    widths = [min(max([len(table.columns[i])] + [len(str(r[i])) for r in table.rows if i < len(r)]), CELL_WIDTH)
              for i in range(width)]

    def lines_of(cells) -> list[str]:
        wrapped = [textwrap.wrap(str(c), widths[i]) or [""] for i, c in enumerate(cells)]
        height = max(len(w) for w in wrapped)
        out = []
        for k in range(height):
            parts = [(w[k] if k < len(w) else "").ljust(widths[i]) for i, w in enumerate(wrapped)]
            out.append(" │ ".join(parts).rstrip())
        return out

    header = lines_of(table.columns)
    rule = "─" * max(len(line) for line in header)
    return header + [rule] + [line for row in table.rows for line in lines_of(row)]
