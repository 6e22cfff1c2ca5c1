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
