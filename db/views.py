"""What the state store hands back: frozen snapshots, no database objects, no discord.

Combat and state commands read these; nothing here talks to the database.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.state_base import UnitState
from i18n import Msg


SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """Text as it may be stored and sent: lone surrogates (which no encoder takes) and U+0000
    (which PostgreSQL text refuses) are dropped; a name left empty is then refused as empty."""
    return SURROGATE.sub("", text).replace("\x00", "")


def fold(text: str) -> str:
    """The key names are compared by: case-insensitive, ё = е, spaces collapsed."""
    return " ".join(clean_text(str(text)).casefold().replace("ё", "е").split())


@dataclass(frozen=True)
class Actor:
    """Who runs a command. `is_moderator` is the Manage Messages permission in the channel."""

    user_id: int
    name: str
    is_moderator: bool = False


@dataclass(frozen=True)
class PlayerView:
    user_id: int
    name: str
    side: str


@dataclass(frozen=True)
class GameView:
    """The channel's game. `settings` holds only the house rules the owner changed; use
    `games.house_rules.effective(view.system, view.settings)` for every setting's value."""

    id: int
    guild_id: int
    channel_id: int
    system: str                      # game id from games/registry.py: "epic", "warmaster", …
    name: str | None
    owner_id: int
    owner_name: str
    settings: dict[str, str]
    turn: int
    phase: str | None                # one of the game's phases (games/<id>/state.py: RULES.phases)
    active_side: str | None
    players: tuple[PlayerView, ...] = ()
    created_at: datetime | None = None

    def side_of(self, user_id: int) -> str | None:
        """The side a player plays, or None when they haven't joined."""
        for player in self.players:
            if player.user_id == user_id:
                return player.side
        return None

    @property
    def sides(self) -> list[str]:
        """Sides in the order players joined them."""
        seen: dict[str, str] = {}
        for player in self.players:
            seen.setdefault(fold(player.side), player.side)
        return list(seen.values())


@dataclass(frozen=True)
class UnitView:
    """A tracked unit: a formation, unit, stand group or model in its game's own terms.

    `size` is what the game counts (Epic: units in the formation or a war engine's starting DC;
    Horus Heresy: models or a vehicle's hull points; Flames of War: teams; Warmaster: stands;
    Гидрофилия: the model's ОЗ). `per` is wounds per model (HH) or Hits per stand (Warmaster), 1
    elsewhere. `values` holds the game's tracked values by key, `statuses` its statuses.
    """

    id: int
    name: str
    side: str
    type: str
    size: int
    per: int = 1
    values: dict[str, int] = field(default_factory=dict)
    statuses: frozenset[str] = frozenset()
    data: dict[str, Any] = field(default_factory=dict)
    profile: dict[str, Any] = field(default_factory=dict)    # games/profiles.py; {} = not given

    def value(self, track: str) -> int:
        return int(self.values.get(track, 0))

    def working_copy(self) -> UnitState:
        """A mutable copy for the game's state rules to read or work on."""
        return UnitState(self.name, self.side, self.type, self.size, self.per, dict(self.values),
                         set(self.statuses), dict(self.data), dict(self.profile))

    def has(self, status: str) -> bool:
        return status in self.statuses


@dataclass(frozen=True)
class UnitChange:
    """One unit touched by an event: `before` is None for a unit the event created, `after`
    None for one it removed."""

    unit: str
    before: UnitView | None
    after: UnitView | None


@dataclass(frozen=True)
class AppliedResult:
    """What one command did: the event's id (for /undo and /history), the game after it, each
    unit before/after, and the messages the game's rules produced ("formation broken", "a stand
    is removed", …) for the caller to show."""

    event_id: int
    game: GameView
    units: tuple[UnitChange, ...]
    messages: tuple[Msg, ...]
    summary: Msg


@dataclass(frozen=True)
class EventView:
    """One entry of /history."""

    id: int
    kind: str
    actor_id: int
    actor_name: str
    created_at: datetime
    summary: Msg
    undone: bool
    messages: tuple[Msg, ...] = ()
