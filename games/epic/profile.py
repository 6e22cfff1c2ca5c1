"""An Epic unit's datasheet (1.1.3, L49–96): type, speed, armour, close combat, firefight,
weapons, and for War Engines their Damage Capacity (L852–860). Players copy the list's row,
Russian or English:

    «Пехота 15см 4+ CC4+ FF4+ 2xAP5+»       type, speed, armour, then CC/FF by name
    «INF 15cm 4+ 6+ 4+ AP5+/AT6+»           type, speed, then armour, CC, FF in the datasheet's order
    «WE 15cm 4+ 3+ 4+ DC3 3xAP4+, AT3+»     a War Engine with its DC
    «Легкая техника 30см 5+ 6+ 5+ AT5+»     a two-word type

A dash is "none" (a unit with no firefight: «FF -»). Weapons are kept as written
(games/epic/weapons.py reads them). Assault weapon rules are read out of the row: First Strike
(«First Strike», «FS», «Первый удар», L782) and Extra Attacks («EA(+1)», «ДА(+1)», L778) —
on one weapon (between the same commas) the First Strike acts only on its extra attacks (L778):

    «Пехота 15см 4+ 3+ 5+ AP5+, EA(+1) First Strike»   its extra attacks strike first
    «INF 15cm 5+ 4+ 4+ AP5+ FS»                        all its attacks strike first
"""
from __future__ import annotations

import re
from typing import Any

from games.procedure import Source
from games.profiles import Field, ProfileSpec
from i18n import Msg, UserError

B = "epic"
TYPES = ("INF", "LV", "AV", "WE", "AC", "CH")          # L9–31 (SC, spacecraft, has no datasheet here)
VEHICLES = ("LV", "AV", "WE")                           # what AT hits (L80, L688)
# What players write for a type (folded), in either language (L9–31).
TYPE_NAMES = {
    "inf": "INF", "пехота": "INF", "infantry": "INF",
    "lv": "LV", "легкая техника": "LV", "light vehicle": "LV", "light vehicles": "LV",
    "av": "AV", "бронетехника": "AV", "armoured vehicle": "AV", "armoured vehicles": "AV",
    "we": "WE", "машина войны": "WE", "машины войны": "WE", "war engine": "WE", "war engines": "WE",
    "ac": "AC", "авиация": "AC", "aircraft": "AC",
    "ch": "CH", "персонаж": "CH", "character": "CH",
}
FIELDS = (
    Field("type", Msg.of("combat_epic.profile.type"), Source(B, 9, 31)),
    Field("speed", Msg.of("combat_epic.profile.speed"), Source(B, 53)),
    Field("armour", Msg.of("combat_epic.profile.armour"), Source(B, 59, 60)),
    Field("cc", Msg.of("combat_epic.profile.cc"), Source(B, 62, 64)),
    Field("ff", Msg.of("combat_epic.profile.ff"), Source(B, 66, 68)),
    Field("weapons", Msg.of("combat_epic.profile.weapons"), Source(B, 70, 82)),
    Field("dc", Msg.of("combat_epic.profile.dc"), Source(B, 852, 860)),
    Field("extra_attacks", Msg.of("combat_epic.profile.extra_attacks"), Source(B, 776, 778)),
    Field("first_strike", Msg.of("combat_epic.profile.first_strike"), Source(B, 780, 782)),
)
LABELS = {f.key: f.label for f in FIELDS}
KEYS = {"cc": "cc", "бб": "cc", "ff": "ff", "пб": "ff", "dc": "dc", "armour": "armour", "armor": "armour",
        "броня": "armour", "speed": "speed", "скорость": "speed"}
DASHES = ("-", "—", "–")
_SPEED = re.compile(r"^(\d{1,3})\s*(?:см|cm)?$")
_PLUS = re.compile(r"^([2-6])\+$")
_KEYED = re.compile(r"^(cc|ff|dc|бб|пб|armour|armor|броня|speed|скорость)\s*[:=]?\s*(.*)$")
_WEAPON = re.compile(r"(?:^|\b)(?:\d+|d3|d6|д3|д6)?\s*[xх×]?\s*(?:ap|at|aa|mw|tk|bp)\s*\d", re.IGNORECASE)


_FIRST_STRIKE = re.compile(r"(?<![\w])(?:first\s*strike|первый\s+удар|fs)(?![\w])", re.IGNORECASE)
_EXTRA = re.compile(r"(?<![\w])(?:ea|да|extra\s+attacks?|доп(?:олнительные|\.)?\s*атаки)\s*\(?\s*\+\s*(\d)\s*\)?",
                    re.IGNORECASE)


def assault_rules(text: str) -> tuple[str, dict[str, Any]]:
    """The row without its assault weapon rules, and those rules: `extra_attacks` (the most any
    weapon gives, L778) and `first_strike` — "extra" when it is on a weapon with Extra Attacks
    (its rule acts only on them, L778), else "all" (L782)."""
    rules: dict[str, Any] = {}
    parts = re.split(r"([,;])", text)
    for i in range(0, len(parts), 2):
        part = parts[i]
        extra = [int(m.group(1)) for m in _EXTRA.finditer(part)]
        if extra:
            rules["extra_attacks"] = max([rules.get("extra_attacks", 0)] + extra)
        if _FIRST_STRIKE.search(part):
            mode = "extra" if extra else "all"
            rules["first_strike"] = "all" if rules.get("first_strike") == "all" else mode
        parts[i] = _FIRST_STRIKE.sub(" ", _EXTRA.sub(" ", part))
    rest = "".join(parts)
    rest = re.sub(r"\s*([,;])(?:\s*[,;])+", r"\1", rest)          # a weapon left empty between commas
    return " ".join(rest.split()).strip(" ,;"), rules


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


class EpicProfile(ProfileSpec):
    fields = FIELDS
    example = "combat_epic.profile.example"

    def _refuse(self, part: str) -> UserError:
        return UserError("combat_epic.error.bad_profile", example=self.example, part=part or "—")

    def _value(self, key: str, text: str) -> Any:
        text = text.strip()
        if key in ("cc", "ff", "armour"):
            if text in DASHES:
                return None
            match = _PLUS.match(text)
            if not match:
                raise self._refuse(text)
            return int(match.group(1))
        if key == "speed":
            match = _SPEED.match(_fold(text))
            if not match:
                raise self._refuse(text)
            return int(match.group(1))
        if key == "dc":
            if not text.isdigit() or not 1 <= int(text) <= 100:
                raise self._refuse(text)
            return int(text)
        raise self._refuse(text)

    def _damage_capacity(self, text: str) -> dict[str, int]:
        """«DC8/4/2»: the starting DC, then the DC at which the War Engine is damaged and critical
        (L856–860; most have only the first)."""
        parts = text.strip().split("/")
        if len(parts) > 3:
            raise self._refuse(text)
        values = [self._value("dc", part) for part in parts]
        if values != sorted(values, reverse=True):
            raise self._refuse(text)
        return dict(zip(("dc", "dc_damaged", "dc_critical"), values))

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        rest, rules = assault_rules(text or "")
        if not rest and not rules:
            raise self._refuse(text)
        out: dict[str, Any] = {}
        folded = _fold(rest)
        for name in sorted(TYPE_NAMES, key=len, reverse=True):        # «легкая техника» before «lv»
            if folded == name or folded.startswith(name + " "):
                out["type"] = TYPE_NAMES[name]
                rest = rest[len(name):].strip()
                break
        words = rest.split(" ")
        positional = ("speed", "armour", "cc", "ff")
        place = 0
        weapons: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            i += 1
            if not word:
                continue
            low = _fold(word)
            keyed = _KEYED.match(low)
            if keyed and not weapons:
                key = KEYS[keyed.group(1)]
                value = keyed.group(2)
                if not value and i < len(words):
                    value, i = words[i], i + 1
                if key == "dc":
                    out.update(self._damage_capacity(value))
                else:
                    out[key] = self._value(key, value)
                continue
            if weapons or _WEAPON.search(low):
                weapons.append(word)
                continue
            while place < len(positional) and positional[place] in out:
                place += 1
            if place >= len(positional):
                raise self._refuse(word)
            key = positional[place]
            if key == "speed" and not _SPEED.match(low):
                place += 1
                key = positional[place]
            out[key] = self._value(key, word)
        if weapons:
            out["weapons"] = " ".join(weapons).strip(" ,")
        out.update(rules)
        if not out:
            raise self._refuse(text)
        return out

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        parts: list[Msg] = []
        if profile.get("type"):
            parts.append(Msg.of(f"combat_epic.profile.type_{profile['type']}"))
        if profile.get("speed") is not None:
            parts.append(Msg.of("combat_epic.profile.speed_value", cm=profile["speed"]))
        for key in ("armour", "cc", "ff"):
            if key in profile:
                value = profile[key]
                parts.append(Msg.of("combat_epic.profile.plus_value", what=LABELS[key],
                                    value=f"{value}+" if value is not None else "—"))
        if profile.get("dc"):
            states = "/".join(str(profile[k]) for k in ("dc", "dc_damaged", "dc_critical") if profile.get(k))
            parts.append(Msg.of("combat_epic.profile.dc_value", n=states))
        if profile.get("weapons"):
            parts.append(Msg.of("combat_epic.profile.weapons_value", weapons=profile["weapons"]))
        if profile.get("extra_attacks"):
            parts.append(Msg.of("combat_epic.profile.extra_attacks_value", n=profile["extra_attacks"]))
        if profile.get("first_strike"):
            parts.append(Msg.of(f"combat_epic.profile.first_strike_{profile['first_strike']}"))
        return parts


PROFILE = EpicProfile()
