"""Tables as data, each with its source lines, collected from every game for `/table`.

Each game lists its tables in `games/<id>/tables.py` as `TABLES: list[Table]`.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from games.catalog import GAMES
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
    found: list[Table] = []
    for gid in [game_id] if game_id else list(GAMES):
        try:
            module = importlib.import_module(f"games.{gid}.tables")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.{gid}.tables":
                raise
            continue
        found.extend(module.TABLES)
    return found
