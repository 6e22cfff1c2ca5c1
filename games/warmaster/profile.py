"""A Warmaster unit's profile as the army lists print it: type, Attacks (shots after a slash,
L231), Hits, Armour and, for characters, Command (L126–136). Players copy either the list's row
or the values by name:

    «Пехота 3 3 5+»                 type, Attacks, Hits, Armour
    «Кавалерия 3/1 3 4+»            Attacks 3, 1 shot a stand
    «Генерал +2 - - 9»              a character: attack bonus, no Hits or Armour, Command 9
    «A3 H3 Ar5+ C8», «атаки 3 хиты 3 броня 5+»

A dash is "none" (no armour, no Command). The Hits value is what the state's pool fills per
stand (`/unit add … per:`)."""
from __future__ import annotations

import re
from typing import Any

from games.commands import UnitRef
from games.procedure import Source
from games.profiles import Field, ProfileSpec, note_from_profile, note_override
from i18n import Msg, Text, UserError

B = "warmaster"
TYPES = ("infantry", "cavalry", "chariot", "artillery", "monster", "machine", "general", "hero", "wizard")
CHARACTERS = ("general", "hero", "wizard")
# What players write for a type (folded), in either language (L172–177, L126–132).
TYPE_NAMES = {
    "пехота": "infantry", "infantry": "infantry", "кавалерия": "cavalry", "cavalry": "cavalry",
    "колесница": "chariot", "колесницы": "chariot", "chariot": "chariot", "chariots": "chariot",
    "артиллерия": "artillery", "artillery": "artillery", "монстр": "monster", "монстры": "monster",
    "monster": "monster", "monsters": "monster", "машина": "machine", "машины": "machine", "machine": "machine",
    "генерал": "general", "general": "general", "герой": "hero", "hero": "hero", "волшебник": "wizard",
    "wizard": "wizard", "маг": "wizard",
}
KEYS = {
    "a": "attacks", "атаки": "attacks", "атак": "attacks", "attacks": "attacks",
    "h": "hits", "хиты": "hits", "хитов": "hits", "hits": "hits",
    "ar": "armour", "броня": "armour", "armour": "armour", "armor": "armour",
    "c": "command", "к": "command", "командование": "command", "command": "command",
    "pts": "points", "points": "points", "очки": "points", "очков": "points", "стоимость": "points",
}
FIELDS = (
    Field("type", Msg.of("wm.profile.type"), Source(B, 172, 177)),
    Field("attacks", Msg.of("wm.profile.attacks"), Source(B, 258, 270)),
    Field("shots", Msg.of("wm.profile.shots"), Source(B, 231)),
    Field("hits", Msg.of("wm.profile.hits"), Source(B, 244)),
    Field("armour", Msg.of("wm.profile.armour"), Source(B, 243)),
    Field("command", Msg.of("wm.profile.command"), Source(B, 136)),
    Field("points", Msg.of("wm.profile.points"), Source(B, 371, 373)),
)
LABELS = {f.key: f.label for f in FIELDS}
DASHES = ("-", "—", "–")
_ATTACKS = re.compile(r"^\+?(\d{1,2})(?:/(\d{1,2}|-))?$")
_PLUS = re.compile(r"^(\d)\+?$")


def _fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


class WarmasterProfile(ProfileSpec):
    fields = FIELDS
    example = "wm.profile.example"     # the notation, for /unit add … profile:

    def _refuse(self, part: str) -> UserError:
        return UserError("wm.error.bad_profile", example=self.example, part=part or "—")

    def _value(self, key: str, text: str) -> dict[str, Any]:
        if key == "attacks":
            match = _ATTACKS.match(text)
            if not match:
                raise self._refuse(text)
            shots = match.group(2)
            return {"attacks": int(match.group(1)), **({"shots": int(shots)} if shots and shots not in DASHES else {})}
        if text in DASHES:
            return {key: None}
        digits = r"^(\d{1,4})$" if key == "points" else r"^(\d{1,2})$"
        match = _PLUS.match(text) if key == "armour" else re.match(digits, text)
        if not match:
            raise self._refuse(text)
        value = int(match.group(1))
        if (key == "armour" and not 2 <= value <= 6) or (key == "command" and not 1 <= value <= 12) or \
                (key == "hits" and not 1 <= value <= 20):
            raise self._refuse(text)
        return {key: value}

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        words = (text or "").replace(",", " ").split()
        if not words:
            raise self._refuse(text)
        out: dict[str, Any] = {}
        if _fold(words[0]) in TYPE_NAMES:
            out["type"] = TYPE_NAMES[_fold(words.pop(0))]
        keyed = [w for w in words if re.match(r"^[a-zа-яё]+", _fold(w))]
        if keyed:                                     # «A3 H3 Ar5+ C8» or «атаки 3 хиты 3»
            pending = None
            for word in words:
                match = re.match(r"^([a-zа-яё]+)\s*[:=]?(.*)$", _fold(word))
                if match and match.group(1) in KEYS:
                    key, rest = KEYS[match.group(1)], match.group(2)
                    if rest:
                        out.update(self._value(key, rest))
                    else:
                        pending = key
                elif pending is not None:
                    out.update(self._value(pending, word))
                    pending = None
                else:
                    raise self._refuse(word)
        else:                                         # the list's row: Attacks Hits Armour [Command]
            if len(words) > 4:
                raise self._refuse(" ".join(words[4:]))
            for key, word in zip(("attacks", "hits", "armour", "command"), words):
                out.update(self._value(key, word))
        if not out:
            raise self._refuse(text)
        return out

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        parts: list[Msg] = []
        if profile.get("type"):
            parts.append(Msg.of(f"wm.profile.type_{profile['type']}"))
        if "attacks" in profile:
            shots = f"/{profile['shots']}" if profile.get("shots") else ""
            parts.append(Msg.of("wm.profile.pair", label=LABELS["attacks"], value=f"{profile['attacks']}{shots}"))
        for key in ("hits", "armour", "command", "points"):
            if key in profile:
                value = profile[key]
                shown = "—" if value is None else f"{value}+" if key == "armour" else str(value)
                parts.append(Msg.of("wm.profile.pair", label=LABELS[key], value=shown))
        if not parts:
            return []
        return [Msg.of("wm.profile.line", parts=Text.of(**{loc: " · ".join(p.render(loc) for p in parts)
                                                           for loc in ("ru", "en")}))]


PROFILE = WarmasterProfile()


def from_profile(ref: UnitRef, key: str, given: Any, notes: list[Msg]) -> Any:
    """The option when given (noted when it differs from the profile), else the tracked unit's
    profile (noted), else None: the caller decides whether that is refused or means none."""
    state = ref.state
    card = state.profile if state is not None else {}
    owner = state.name if state is not None else "—"
    if given is not None:
        if key in card and card[key] != given:
            notes.append(note_override(LABELS[key], _show(key, given), _show(key, card[key]), owner))
        return given
    if key in card:
        notes.append(note_from_profile(LABELS[key], _show(key, card[key]), owner))
        return card[key]
    return None


def _show(key: str, value: Any) -> str:
    if value is None:
        return "—"
    return f"{value}+" if key == "armour" else str(value)
