"""A Гидрофилия model's card (L69–100) as a profile: ОЗ, ДВЖ, УКЛ, ЗАЩ, КИБ, ПСИ, Навык, ОД, and
the drone keyword with its controller (L485–489). Players copy it from the card:

    «ОЗ 6 ДВЖ 6 УКЛ 9 ЗАЩ 4 КИБ 5 ПСИ 3 Навык 3»
    «ОЗ 2 ДВЖ 8 УКЛ 10 ЗАЩ 3 КИБ 2 ПСИ - дрон контролер:Вика»

A dash is immunity to that nature of damage (L308). Latin spellings are accepted too
(HP, MOVE, DODGE, DEF, CYB, PSI, SKILL, AP, drone, controller).
"""
from __future__ import annotations

import re
from typing import Any

from games.commands import UnitRef
from games.procedure import Source
from games.profiles import Field, ProfileSpec, note_from_profile, note_override
from i18n import Msg, Text, UserError

B = "hydrophilia"

FIELDS = (
    Field("wounds", Msg.of("hydro.profile.wounds"), Source(B, 73, 74)),
    Field("move", Msg.of("hydro.profile.move"), Source(B, 75, 76)),
    Field("dodge", Msg.of("hydro.profile.dodge"), Source(B, 77, 78)),
    Field("physical", Msg.of("hydro.profile.physical"), Source(B, 79, 80)),
    Field("em", Msg.of("hydro.profile.em"), Source(B, 81, 82)),
    Field("mental", Msg.of("hydro.profile.mental"), Source(B, 83, 84)),
    Field("skill", Msg.of("hydro.profile.skill"), Source(B, 91, 92)),
    Field("action_points", Msg.of("hydro.profile.action_points"), Source(B, 57)),
    Field("drone", Msg.of("hydro.profile.drone"), Source(B, 485, 489)),
    Field("controller", Msg.of("hydro.profile.controller"), Source(B, 487, 489)),
)
LABELS = {f.key: f.label for f in FIELDS}
# What players write for each number, in either language (folded: lower case, ё = е).
NAMES = {
    "оз": "wounds", "hp": "wounds", "двж": "move", "move": "move", "укл": "dodge", "dodge": "dodge",
    "защ": "physical", "def": "physical", "киб": "em", "cyb": "em", "пси": "mental", "psi": "mental",
    "навык": "skill", "skill": "skill", "од": "action_points", "ap": "action_points",
}
STATS = ("physical", "mental", "em")          # a dash allowed: immune (L308)
_PAIR = re.compile(r"([a-zа-яё]+)\s*[:=]?\s*(-?\d+(?:[.,]\d+)?|[-—–])", re.IGNORECASE)
_DRONE = re.compile(r"\b(дрон|drone)\b", re.IGNORECASE)
_CONTROLLER = re.compile(r"(?:контролер|контроллер|controller)\s*[:=]\s*(.+?)\s*$", re.IGNORECASE)


class HydrophiliaProfile(ProfileSpec):
    fields = FIELDS
    example = "hydro.profile.example"     # the notation, for /unit add … profile:

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        text = (text or "").strip()
        out: dict[str, Any] = {}
        controller = _CONTROLLER.search(text)
        if controller:
            out["controller"] = controller.group(1)[:100]
            text = text[:controller.start()]
        if _DRONE.search(text) or unit_type == "drone":
            out["drone"] = True
            text = _DRONE.sub(" ", text)
        for name, value in _PAIR.findall(text):
            key = NAMES.get(name.casefold().replace("ё", "е"))
            if key is None:
                raise UserError("hydro.error.bad_profile", example=self.example, part=name)
            if value in ("-", "—", "–"):
                if key not in STATS:
                    raise UserError("hydro.error.bad_profile", example=self.example, part=f"{name} {value}")
                out[key] = None
                continue
            number = float(value.replace(",", "."))
            out[key] = number if key == "move" and not number.is_integer() else int(number)
        if not out:
            raise UserError("hydro.error.bad_profile", example=self.example, part=text or "—")
        return out

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        parts = []
        for f in FIELDS:
            if f.key not in profile or f.key in ("drone", "controller"):
                continue
            value = profile[f.key]
            parts.append(Msg.of("hydro.profile.pair", label=f.label, value="—" if value is None else f"{value:g}"))
        lines = [Msg.of("hydro.profile.line", parts=_joined(parts))] if parts else []
        if profile.get("drone"):
            lines.append(Msg.of("hydro.profile.drone_line", controller=profile.get("controller") or "—"))
        return lines


def _joined(parts: list[Msg]) -> Text:
    """The parts joined, each in the reply's language."""
    return Text.of(**{loc: " · ".join(p.render(loc) for p in parts) for loc in ("ru", "en")})


PROFILE = HydrophiliaProfile()
OPTION_EXAMPLE = "hydro.example.attack"


def card_value(ref: UnitRef, key: str, given: Any, option: str, notes: list[Msg], *, dash_ok: bool = False) -> Any:
    """A number the procedure needs: the option when given (noted when it overrides the card),
    else the tracked model's card; nobody gave it → a UserError naming the option."""
    state = ref.state
    card = state.profile if state is not None else {}
    owner = state.name if state is not None else "—"
    if given is not None:
        if key in card and card[key] != given:
            notes.append(note_override(LABELS[key], _show(given), _show(card[key]), owner))
        return given
    if key in card and (card[key] is not None or dash_ok):
        notes.append(note_from_profile(LABELS[key], _show(card[key]), owner))
        return card[key]
    raise UserError("hydro.error.missing", example=OPTION_EXAMPLE, what=LABELS[key],
                    option=Msg.of(f"hydro.opt.{option}.name"), unit=ref.name or "—")


def _show(value: Any) -> str:
    return "—" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
