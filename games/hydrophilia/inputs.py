"""What Гидрофилия players type that isn't a plain number: a defence stat that may be a dash
(immune, L308), artillery damage "X/Y" (precise/imprecise, L353–356), and artillery targets
"name:УКЛ:stat[:cover]"."""
from __future__ import annotations

import re

from games.hydrophilia import rules as H
from games.hydrophilia.attack import MAX_DICE, ArtilleryTarget
from i18n import UserError

DASHES = ("-", "—", "–")
_DAMAGE = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{1,2})\s*$")
MAX_TARGETS = 20


def parse_defence(text: str | None, example: str = "hydro.example.attack") -> int | None:
    """A stat value 1–7, or a dash: immune (L308)."""
    value = (text or "").strip()
    if value in DASHES:
        return None
    if not value.isdigit() or not 1 <= int(value) <= 7:
        raise UserError("hydro.error.bad_defence", example=example, value=text or "—")
    return int(value)


def parse_artillery_damage(text: str | None) -> tuple[int, int]:
    """"4/2": 4 damage dice when precise, 2 when imprecise."""
    match = _DAMAGE.match(text or "")
    if not match or max(int(match.group(1)), int(match.group(2))) > MAX_DICE:
        raise UserError("hydro.error.bad_damage", example="hydro.example.artillery")
    return int(match.group(1)), int(match.group(2))


def parse_targets(text: str | None) -> list[ArtilleryTarget]:
    """"Vika:9:4, Drone:8:-" (name:dodge:defence[:cover])."""
    out = []
    for part in (text or "").split(","):
        if not part.strip():
            continue
        bits = [b.strip() for b in part.split(":")]
        if len(bits) not in (3, 4) or not bits[0] or not bits[1].isdigit():
            raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
        cover = bits[3] if len(bits) == 4 else "none"
        if cover not in H.DEFENCE_BONUS:
            raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
        out.append(ArtilleryTarget(bits[0], int(bits[1]), parse_defence(bits[2], "hydro.example.artillery"), cover))
    if not out or len(out) > MAX_TARGETS:
        raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
    return out


def parse_stat_targets(text: str | None, example: str = "hydro.example.fuel") -> list[ArtilleryTarget]:
    """"Vika:4, Drone:-" (name:ЗАЩ) for damage that needs no hit roll (a fuel explosion, L606)."""
    out = []
    for part in (text or "").split(","):
        if not part.strip():
            continue
        bits = [b.strip() for b in part.split(":")]
        if len(bits) != 2 or not bits[0]:
            raise UserError("hydro.error.bad_stat_targets", example=example)
        out.append(ArtilleryTarget(bits[0], 0, parse_defence(bits[1], example)))
    if not out or len(out) > MAX_TARGETS:
        raise UserError("hydro.error.bad_stat_targets", example=example)
    return out
