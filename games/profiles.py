"""What a game says about a unit's profile (`GameSystem.profile`): its fields, with the book
lines they come from, how to read the notation players copy from their army lists, and how to
show it. The state store keeps the parsed profile as plain data (`UnitState.profile`); the
game's procedures read it, an option given in the command overrides it (the reply says so), and
a number nobody gave is never assumed silently (`note_*` below, rendered with the result).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.procedure import Source
from i18n import Msg


@dataclass(frozen=True)
class Field:
    key: str                    # the key in UnitState.profile
    label: Msg                  # what players call it ("WS", «УКЛ», …)
    source: Source | None = None


class ProfileSpec:
    """A game's profile. Subclasses declare `fields` and implement `parse` and `describe`."""

    fields: tuple[Field, ...] = ()
    example: str = ""           # catalog key of a profile that parses, for error replies

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        """The profile from what a player typed; UserError (with `example`) when it can't be read."""
        raise NotImplementedError

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        """Short lines for /unit show and the board."""
        raise NotImplementedError

    def merge(self, old: dict[str, Any], edits: dict[str, Any]) -> dict[str, Any]:
        """`/unit edit`: the fields given replace the old ones."""
        return {**old, **edits}


def note_from_profile(what: str | Msg, value: Any, unit: str) -> Msg:
    return Msg.of("combat_shared.note.from_profile", what=what, value=value, unit=unit)


def note_override(what: str | Msg, value: Any, profile_value: Any, unit: str) -> Msg:
    return Msg.of("combat_shared.note.override", what=what, value=value, profile=profile_value, unit=unit)


def note_assumed(what: str | Msg, value: Any, why: str | Msg) -> Msg:
    return Msg.of("combat_shared.note.assumed", what=what, value=value, why=why)
