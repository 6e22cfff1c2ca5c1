"""A game's commands as data: what each takes and the core function that answers it.

The cogs build the Discord commands from these declarations (`cogs/combat/_factory.py`), so
a game's package says everything about its commands and no cog names a game:

    Command(key="combat_epic.cmd.rally", group="epic_check", options=(
                Option("initiative", str, required=True),
                Option("formation", unit=True), Option("leaders", int, default=0, min=0, max=10)),
            options_key="combat_epic.opt", run=rally_command)

    def rally_command(ctx: CommandContext, initiative: str, formation: UnitRef, leaders: int) -> ProcedureResult

Catalog keys: a command's name and description are `<key>.name` / `<key>.desc`; an option's
are `<options_key>.<option>.name` / `.desc`; a choice's name is its own key. An option marked
`unit` names a unit of the channel's game: players get its names as suggestions, and the
procedure receives a `UnitRef` holding what was typed and, when the game tracks that unit, its
state (profile, counters, statuses).

`run` takes the context and the options as keyword arguments and returns a ProcedureResult; it
must be a module-level function and everything it takes picklable, since a `heavy` command
(exact odds that grow with their inputs) runs in a worker process.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dice.roller import Roller
from games.procedure import ProcedureResult
from games.state_base import UnitState

SHARED_GROUPS = ("shoot", "assault", "odds", "check")   # /shoot <game> …: one top-level command each


@dataclass(frozen=True)
class Choice:
    key: str                      # catalog key of the choice's name
    value: str | int


@dataclass(frozen=True)
class Option:
    name: str
    type: type = str              # str, int, float or bool
    required: bool = False
    default: Any = None
    min: int | float | None = None
    max: int | float | None = None
    choices: tuple[Choice, ...] = ()
    unit: bool = False            # a unit of the channel's game: suggested, and resolved to a UnitRef
    max_length: int | None = None


@dataclass(frozen=True)
class Group:
    """A command group a game adds: top-level (`parent` None: /fow …) or under a shared one
    (`parent="check"`: /check epic …). Its name and description are `<key>.name` / `.desc`."""

    id: str
    key: str
    parent: str | None = None
    guild_only: bool = True


@dataclass(frozen=True)
class Command:
    key: str                                  # catalog prefix of the name and description
    group: str | None                         # a shared group, one of the game's Groups, or None (top level)
    options: tuple[Option, ...]
    options_key: str                          # catalog prefix of the options' names and descriptions
    run: Callable[..., ProcedureResult]
    heavy: bool = False                       # computed off the event loop, in a worker process
    # /odds: the result's Distribution can be drawn (a 📊 button, and a `chart` option to attach
    # it at once); `compare` names the option a `compare:` value replaces for a second series.
    chart: bool = False
    compare: str | None = None
    applies: bool = True                      # its result's changes go onto the channel's game
    roster: bool = False                      # needs every unit of the channel's game (ctx.roster)
    own_side: bool = False                    # a player's own bookkeeping (/blast): applied only by the
                                              # units' side, the owner or moderators, as /damage


@dataclass(frozen=True)
class UnitRef:
    """A unit option: what the player typed, and the unit's state if the game tracks it."""

    typed: str | None
    state: UnitState | None = None

    @property
    def name(self) -> str | None:
        return self.state.name if self.state is not None else self.typed

    @property
    def tracked(self) -> bool:
        return self.state is not None


@dataclass
class CommandContext:
    """What a command's core function may read besides its options."""

    roller: Roller | None                        # None for odds (nothing is rolled)
    settings: dict[str, str]                     # the game's house rules, as the channel set them
    in_game: bool = False                        # the channel plays this game
    phase: str | None = None
    turn: int | None = None
    active_side: str | None = None               # whose turn it is, when /turn next named it
    roster: tuple[UnitState, ...] = ()           # every unit of the channel's game, when asked for
    game_data: dict[str, Any] = field(default_factory=dict)
    channel_system: str | None = None            # the game the channel plays, when it isn't this one too
