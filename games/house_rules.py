"""House-rule settings: where a book is unclear or contradicts itself, the main text is the
default and the alternative is a named setting a game's owner can switch (`/game settings`).

Each game declares its settings as data (`GameSystem.house_rules`), usually from
`HOUSE_RULES` lists in `games/<id>/house_rules.py` (combat procedures) and `games/<id>/state.py`
(state rules, e.g. rally rounding):

    HOUSE_RULES = [
        HouseRule("blast_on_hit", default="main", choices=("main", "alt"),
                  title=Msg.of("epic.house.blast_on_hit.title"),
                  choice_titles={"main": Msg.of(...), "alt": Msg.of(...)},
                  source=Source("epic", 366, 373)),
    ]
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.procedure import Source
from i18n import Msg


@dataclass(frozen=True)
class HouseRule:
    key: str
    default: str
    choices: tuple[str, ...]
    title: Msg
    choice_titles: dict[str, Msg] = field(default_factory=dict)
    source: Source | None = None      # the main text the default follows (the title names the other line)


def house_rules(game_id: str) -> dict[str, HouseRule]:
    """The settings a game declares, by key; {} for a game with none."""
    from games.registry import GAMES
    return {rule.key: rule for rule in GAMES[game_id].house_rules}


def effective(game_id: str, settings: dict[str, str] | None) -> dict[str, str]:
    """Every setting of the game with the channel's choices applied over the defaults."""
    chosen = settings or {}
    return {key: chosen.get(key, rule.default) for key, rule in house_rules(game_id).items()}
