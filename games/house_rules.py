"""House-rule settings: where a book is unclear or contradicts itself, the main text is the
default and the alternative is a named setting a game's owner can switch (`/game settings`).

Each game declares its settings as data, as `HOUSE_RULES` in `games/<id>/house_rules.py`
(combat procedures) and/or `games/<id>/state.py` (state rules, e.g. rally rounding):

    HOUSE_RULES = [
        HouseRule("blast_on_hit", default="main", choices=("main", "alt"),
                  title=Msg.of("epic.house.blast_on_hit.title"),
                  choice_titles={"main": Msg.of(...), "alt": Msg.of(...)},
                  source=Source("epic", 366, 373)),
    ]
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from games.catalog import GAMES
from games.procedure import Source
from i18n import Msg


@dataclass(frozen=True)
class HouseRule:
    key: str
    default: str
    choices: tuple[str, ...]
    title: Msg
    choice_titles: dict[str, Msg] = field(default_factory=dict)
    source: Source | None = None


_DECLARING_MODULES = ("house_rules", "state")


def house_rules(game_id: str) -> dict[str, HouseRule]:
    """The settings a game declares, by key; {} for a game with none."""
    if game_id not in GAMES:
        raise KeyError(game_id)
    found: dict[str, HouseRule] = {}
    for part in _DECLARING_MODULES:
        name = f"games.{game_id}.{part}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        for rule in getattr(module, "HOUSE_RULES", ()):
            if rule.key in found:
                raise ValueError(f"{game_id}: house rule {rule.key!r} declared twice")
            found[rule.key] = rule
    return found


def effective(game_id: str, settings: dict[str, str] | None) -> dict[str, str]:
    """Every setting of the game with the channel's choices applied over the defaults."""
    chosen = settings or {}
    return {key: chosen.get(key, rule.default) for key, rule in house_rules(game_id).items()}
