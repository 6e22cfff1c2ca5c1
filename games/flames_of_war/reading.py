"""Values a Flames of War command takes from the option, else from the tracked unit's profile
(games/flames_of_war/profile.py). Each value read or overridden becomes a note of the reply; a
value the procedure needs that nobody gave is refused with the option to give (never assumed)."""
from __future__ import annotations

from typing import Any

from games.commands import UnitRef
from games.flames_of_war.profile import pin_immune
from games.procedure import ProcedureResult
from games.profiles import note_from_profile, note_override
from i18n import Msg, UserError


class Reading:
    def __init__(self, ref: UnitRef) -> None:
        self.ref = ref
        self.profile: dict[str, Any] = ref.state.profile if ref.state is not None else {}
        self.notes: list[Msg] = []

    def value(self, key: str, given: Any, label: Msg, shown: Any = None) -> Any:
        """The option if given (noted when the profile says otherwise), else the profile's value."""
        known = self.profile.get(key)
        name = self.ref.state.name if self.ref.state is not None else ""
        if given is not None:
            if known is not None and known != given:
                self.notes.append(note_override(label, _show(given, key), _show(known, key), name))
            return given
        if known is not None:
            self.notes.append(note_from_profile(label, shown if shown is not None else _show(known, key), name))
        return known

    def required(self, key: str, given: Any, label: Msg, option: str, example: str) -> Any:
        found = self.value(key, given, label)
        if found is None:
            raise UserError("combat_shared.error.missing.value", example=example, what=label,
                            option=Msg.of(f"fow.opt.{option}.name"))
        return found

    def pin_immune(self, given: bool) -> bool:
        """The option, or the profile's type: armoured tanks and aircraft can't be pinned (L592)."""
        if given or not self.profile or not pin_immune(self.profile):
            return given
        kind = "aircraft" if self.profile.get("type") == "aircraft" else "tank"
        self.notes.append(note_from_profile(Msg.of("fow.profile.type"), Msg.of(f"fow.profile.type_{kind}"),
                                            self.ref.name or "—"))
        return True

    def cavalry(self) -> bool:
        """The profile's cavalry (L76, L1021), noted when it says so."""
        if not self.profile.get("cavalry"):
            return False
        self.notes.append(note_from_profile(Msg.of("fow.profile.type"), Msg.of("fow.profile.cavalry"),
                                            self.ref.name or "—"))
        return True

    def armoured_tank(self) -> bool:
        return self.profile.get("type") == "tank" and bool(self.profile.get("armoured", True))

    def into(self, result: ProcedureResult) -> ProcedureResult:
        result.notes[:0] = self.notes
        return result


def _show(value: Any, key: str) -> Any:
    if key == "save":
        return f"{value}+"
    if key in ("skill", "motivation"):
        return Msg.of(f"fow.choice.{value}")
    return value
