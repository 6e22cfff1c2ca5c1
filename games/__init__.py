"""Game systems: one package per game, holding its procedures, state rules and tables as data.

Nothing here imports discord. See `games/catalog.py` for the ids.
"""
from games.catalog import GAMES, GameInfo, resolve_game

__all__ = ["GAMES", "GameInfo", "resolve_game"]
