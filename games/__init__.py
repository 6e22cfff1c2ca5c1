"""Game systems: one package per game (`games/<id>/`), each declaring itself as a `GameSystem`;
`games.registry` discovers them. Nothing here imports discord.
"""
from games.registry import GAMES, GameSystem, resolve_game

__all__ = ["GAMES", "GameSystem", "resolve_game"]
