"""The shape every game's state rules share (`games/<id>/state.py: RULES`).

A game's state module says what it tracks (value keys, statuses, unit types, phases) and how a
change plays out under its book: Epic checks the break threshold after blast markers, Warmaster
turns its hit pool into lost stands, … The store (`db/`) loads the units an event touches into
`UnitState`s, calls `apply` for each `StateChange` and `settle` once per unit at the end (the
books check state after a *complete* attack, e.g. epic.md L602–604), then saves the result as one
undoable event. Nothing here touches the database or discord.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from games.procedure import Source, StateChange
from i18n import Msg, UserError, listing

OPS = ("add", "set", "status_on", "status_off")


@dataclass
class UnitState:
    """A mutable working copy of one unit while an event is being applied."""

    name: str
    side: str
    type: str
    size: int
    per: int = 1
    values: dict[str, int] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)
    data: dict[str, Any] = field(default_factory=dict)
    # What the unit is, in its game's own notation (characteristics, weapons…); the game's
    # package defines the keys. Stored by `db` and carried by export/import.
    profile: dict[str, Any] = field(default_factory=dict)

    def get(self, track: str) -> int:
        return int(self.values.get(track, 0))

    def put(self, track: str, value: int) -> None:
        if value:
            self.values[track] = int(value)
        else:
            self.values.pop(track, None)

    def copy(self) -> "UnitState":
        return UnitState(self.name, self.side, self.type, self.size, self.per, dict(self.values),
                         set(self.statuses), dict(self.data), dict(self.profile))


@dataclass(frozen=True)
class Track:
    key: str
    label: Msg
    source: Source | None = None


class StateRules:
    """Default rules: values are counters that never go below 0, statuses are flags.
    Games override `apply_track`, `settle`, `phase_changed`, `turn_started`, `damage` and
    `describe` where their book says more."""

    game: str = ""
    tracks: dict[str, Track] = {}
    statuses: dict[str, Track] = {}
    unit_types: dict[str, Msg] = {}
    default_type: str = ""
    phases: tuple[str, ...] = ()
    # Other names procedures use for a track or status → the key stored ("teams_lost" → …).
    aliases: dict[str, str] = {}
    # The track counting what a unit has lost of its size (teams, stands…); None when nothing
    # is lost that way. Games whose losses depend on the unit's type override `remaining`.
    lost_track: str | None = None
    # What `/unit add … per:` means in this game, or None when the game has no such number.
    per_label: Msg | None = None
    default_per: int | None = 1        # None: the player must give it (no book default)
    # Statuses outside `statuses` allowed as free tags (Гидрофилия's states come from cards).
    free_statuses: bool = False

    # ---- units ---------------------------------------------------------------------------
    def check_type(self, unit_type: str | None) -> str:
        """The unit type to store, from what the player typed (id or either language's title)."""
        if not unit_type:
            return self.default_type
        wanted = " ".join(unit_type.casefold().replace("ё", "е").split())
        for key, title in self.unit_types.items():
            if wanted in {key, title.render("ru").casefold().replace("ё", "е"), title.render("en").casefold()}:
                return key
        raise UserError("state.error.unknown_type", example="state.example.unit_add",
                        type=unit_type, types=", ".join(self.unit_types))

    def new_unit(self, unit: UnitState) -> None:
        """Starting values of a unit just added (Гидрофилия: 2 action points)."""

    def unknown_status(self, typed: str) -> UserError:
        """A status the game doesn't have: its statuses listed, the first as the example."""
        labels = {key: track.label for key, track in self.statuses.items()}
        first = next(iter(labels.values()), "—")
        return UserError("state.error.unknown_status", example=Msg.of("state.example.status_set", status=first),
                         status=typed, statuses=listing(labels))

    # ---- changes -------------------------------------------------------------------------
    def apply(self, unit: UnitState, change: StateChange, settings: dict[str, str]) -> list[Msg]:
        """Apply one change to `unit` in place; return what the players should read."""
        if change.op not in OPS:
            raise ValueError(f"{self.game}: unknown op {change.op!r}")
        if change.track in self.aliases:
            change = StateChange(change.unit, self.aliases[change.track], change.op, change.amount, change.reason)
        if change.op in ("status_on", "status_off"):
            if change.track not in self.statuses and not (self.free_statuses and change.track.strip()):
                raise self.unknown_status(change.track)
            return self.apply_status(unit, change.track, change.op == "status_on", settings)
        if change.track not in self.tracks:
            raise ValueError(f"{self.game}: unknown track {change.track!r}; known: {sorted(self.tracks)}")
        return self.apply_track(unit, change, settings)

    def apply_status(self, unit: UnitState, status: str, on: bool, settings: dict[str, str]) -> list[Msg]:
        if on:
            unit.statuses.add(status)
        else:
            unit.statuses.discard(status)
        return []

    def apply_track(self, unit: UnitState, change: StateChange, settings: dict[str, str]) -> list[Msg]:
        current = unit.get(change.track)
        new = current + change.amount if change.op == "add" else change.amount
        unit.put(change.track, max(0, new))
        return []

    def settle(self, unit: UnitState, before: UnitState | None, settings: dict[str, str]) -> list[Msg]:
        """Called once per touched unit after every change of the event (break checks …)."""
        return []

    # ---- turns ---------------------------------------------------------------------------
    def phase_changed(self, units: list[UnitState], old: str | None, new: str | None,
                      settings: dict[str, str]) -> list[Msg]:
        """Effects of leaving phase `old` for `new` (Warmaster clears leftover hits …)."""
        return []

    def turn_started(self, units: list[UnitState], turn: int, settings: dict[str, str]) -> list[Msg]:
        """Effects of a new turn (Гидрофилия gives every model its action points back …)."""
        return []

    # ---- /damage -------------------------------------------------------------------------
    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        """What `/damage <unit> <amount>` means for this unit, in the game's own terms."""
        raise NotImplementedError

    # ---- display -------------------------------------------------------------------------
    def remaining(self, unit: UnitState) -> int:
        """How much of its size the unit has left."""
        return max(0, unit.size - (unit.get(self.lost_track) if self.lost_track else 0))

    def describe(self, unit: UnitState, settings: dict[str, str] | None = None) -> list[Msg]:
        """Short lines for /game status and /unit list (size left, markers, hits …)."""
        lines = [Msg.of("state.show.size", left=unit.size, size=unit.size)]
        for key, track in self.tracks.items():
            if unit.get(key):
                lines.append(Msg.of("state.show.value", label=track.label, value=unit.get(key)))
        return lines

    def status_titles(self, unit: UnitState) -> list[Msg]:
        return [self.statuses[s].label if s in self.statuses else Msg.of("state.show.tag", tag=s)
                for s in sorted(unit.statuses)]


def rules_for(game_id: str) -> StateRules:
    """The state rules a game declares (`GameSystem.state`)."""
    from games.registry import GAMES
    return GAMES[game_id].state


@lru_cache(maxsize=None)
def _defaults(game_id: str) -> tuple[tuple[str, str], ...]:
    from games.house_rules import house_rules
    return tuple((key, rule.default) for key, rule in house_rules(game_id).items())


def settings_for(game_id: str, chosen: dict[str, str] | None) -> dict[str, str]:
    """`games.house_rules.effective`, with the declarations looked up once per game (it runs
    on every state command)."""
    chosen = chosen or {}
    return {key: chosen.get(key, default) for key, default in _defaults(game_id)}
