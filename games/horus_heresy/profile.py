"""A Horus Heresy unit's profile as the army lists print it (L42–100, L1817–1839):

    «WS4 BS4 S4 T4 W1 I4 A1 Ld8 Sv3+»                     characteristics by name
    «M7 WS4 BS4 S4 T4 W1 I4 A1 Ld7 Sv3+ Inv4+, Fearless»  + invulnerable save, special rules
    «7 4 4 4 4 1 4 1 7 3+»                               the book's row: M WS BS S T W I A Ld Sv (L96)
    «BS4 F14 S13 R12 HP5» / «AV14/13/12 HP3»              a vehicle: front, side, rear armour, hull points
    «12 4 14 14 14 5»                                    a vehicle's row: M BS F S R HP (L1821)

Cyrillic letters (С for S, Т, А, М, В, И) and «Лд», «Сп», «Нсп» are read as the book's
letters. After the characteristics, special rules separated by commas: those the procedures use
(games/horus_heresy/special_rules.py) are kept as flags, the others as written."""
from __future__ import annotations

import re
from typing import Any

from games.horus_heresy.second_profile import parse_second
from games.horus_heresy.special_rules import RULES, parse_rules
from games.procedure import Source
from games.profiles import Field, ProfileSpec
from i18n import Msg, UserError

B = "horus_heresy"
STATS = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld")
PLUS = ("sv", "inv")
ARMOUR = ("front", "side", "rear", "hp")
FIELDS = (
    Field("m", Msg.of("combat_hh.profile.m"), Source(B, 54, 56)),
    Field("ws", Msg.of("combat_hh.profile.ws"), Source(B, 56)),
    Field("bs", Msg.of("combat_hh.profile.bs"), Source(B, 60)),
    Field("s", Msg.of("combat_hh.profile.s"), Source(B, 64)),
    Field("t", Msg.of("combat_hh.profile.t"), Source(B, 68)),
    Field("w", Msg.of("combat_hh.profile.w"), Source(B, 72)),
    Field("i", Msg.of("combat_hh.profile.i"), Source(B, 76)),
    Field("a", Msg.of("combat_hh.profile.a"), Source(B, 80)),
    Field("ld", Msg.of("combat_hh.profile.ld"), Source(B, 84)),
    Field("sv", Msg.of("combat_hh.profile.sv"), Source(B, 88)),
    Field("inv", Msg.of("combat_hh.profile.inv"), Source(B, 815, 817)),
    Field("front", Msg.of("combat_hh.profile.front"), Source(B, 1833, 1835)),
    Field("side", Msg.of("combat_hh.profile.side"), Source(B, 1833, 1835)),
    Field("rear", Msg.of("combat_hh.profile.rear"), Source(B, 1833, 1835)),
    Field("hp", Msg.of("combat_hh.profile.hp"), Source(B, 1837, 1839)),
    Field("rules", Msg.of("combat_hh.profile.rules")),
    Field("other_rules", Msg.of("combat_hh.profile.other_rules")),
    # A second line for models with another profile in close combat (L1218, L3405): «1 x A3 S8 AP2 I1 Unwieldy».
    Field("extra", Msg.of("combat_hh.profile.extra"), Source(B, 1218)),
)
LABELS = {"m": "M", "ws": "WS", "bs": "BS", "s": "S", "t": "T", "w": "W", "i": "I", "a": "A", "ld": "Ld",
          "sv": "Sv", "inv": "Inv", "front": "F", "side": "S", "rear": "R", "hp": "HP"}
# Bounds players' lists stay within: characteristics 0–10 (L42), W and HP more for titans.
BOUNDS = {"m": (0, 99), "w": (1, 99), "hp": (1, 99), "front": (9, 15), "side": (9, 15), "rear": (9, 15),
          "sv": (2, 6), "inv": (2, 6)}
# Cyrillic letters typed for the book's Latin ones: С(ила) is S, the rest look alike.
_FOLD = str.maketrans({"С": "S", "Т": "T", "А": "A", "М": "M", "В": "B", "И": "I", "Ш": "W",
                       "с": "s", "т": "t", "а": "a", "м": "m", "в": "b", "и": "i"})
_WORDS = {"лд": "ld", "сп": "sv", "спас": "sv", "нсп": "inv", "инв": "inv", "неуяз": "inv", "непроб": "inv",
          "inv": "inv", "sv": "sv", "ld": "ld", "ws": "ws", "bs": "bs", "m": "m", "s": "s", "t": "t", "w": "w",
          "i": "i", "a": "a", "f": "front", "r": "rear", "hp": "hp", "av": "av"}
_TOKEN = re.compile(r"^([a-zа-яё]+)\s*[:=]?\s*(\d{1,2}(?:/\d{1,2}/\d{1,2})?\+?|-|—)$")
_ROW_UNIT = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "sv")
_ROW_VEHICLE = ("m", "bs", "front", "side", "rear", "hp")


def _token(word: str) -> tuple[str, str] | None:
    """(field key, value) of «WS4», «Лд8», «Сп3+», «Т4» (a Cyrillic look-alike), or None."""
    for form in (word.casefold(), word.translate(_FOLD).casefold()):
        match = _TOKEN.match(form)
        if match and match.group(1) in _WORDS:
            return _WORDS[match.group(1)], match.group(2)
    return None


def _int(text: str) -> int | None:
    return None if text in ("-", "—") else int(text.rstrip("+"))


class HorusHeresyProfile(ProfileSpec):
    fields = FIELDS
    example = "combat_hh.profile.example"

    def _refuse(self, part: str) -> UserError:
        return UserError("combat_hh.error.bad_profile", example=self.example, part=part or "—")

    def _put(self, out: dict[str, Any], key: str, value: int | None, raw: str) -> None:
        low, high = BOUNDS.get(key, (0, 10))
        if value is not None and not low <= value <= high:
            raise self._refuse(raw)
        out[key] = value

    def _stats(self, words: list[str], vehicle: bool) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if words and all(re.match(r"^(\d{1,2}\+?|-|—)$", w) for w in words):
            row = _ROW_VEHICLE if vehicle or len(words) == 6 else _ROW_UNIT
            if len(words) not in (len(row), len(row) - 1):
                raise self._refuse(" ".join(words))
            keys = row if len(words) == len(row) else row[1:]          # M may be left out
            for key, word in zip(keys, words):
                self._put(out, key, _int(word), word)
            return out
        for word in words:
            found = _token(word)
            if found is None:
                raise self._refuse(word)
            key, raw = found
            if key == "av":
                parts = raw.split("/")
                if len(parts) != 3:
                    raise self._refuse(word)
                for k, v in zip(("front", "side", "rear"), parts):
                    self._put(out, k, int(v), word)
                continue
            if key == "s" and (vehicle or "front" in out):
                key = "side"                                  # F S R on a vehicle's row (L1821–1823)
            self._put(out, key, _int(raw), word)
        return out

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        """The profile; after «|» or on a second line, a second profile for close combat
        («… Sv3+ | 1 x A3 S8 AP2 I1 Unwieldy»), kept as typed once it reads."""
        parts = re.split(r"[|\n]", text or "", maxsplit=1)
        out = self._parse_line(parts[0], unit_type)
        if len(parts) > 1 and parts[1].strip():
            parse_second(parts[1])
            out["extra"] = " ".join(parts[1].split())
        return out

    def _parse_line(self, text: str, unit_type: str | None) -> dict[str, Any]:
        head, _, tail = (text or "").replace("«", " ").replace("»", " ").replace('"', " ").partition(",")
        words = head.split()
        # Special rules may start in the head after the numbers: «… Sv3+ Fearless, …».
        split_at = next((i for i, w in enumerate(words)
                         if _token(w) is None and not re.match(r"^(\d{1,2}\+?|-|—)$", w)), len(words))
        stats, rules_text = words[:split_at], " ".join(words[split_at:])
        if tail:
            rules_text = f"{rules_text}, {tail}" if rules_text else tail
        if not stats:
            raise self._refuse(text)
        out = self._stats(stats, unit_type == "vehicle")
        known: dict[str, Any] = {}
        other: list[str] = []
        for part in re.split(r"[,;]", rules_text):
            part = part.strip()
            if not part:
                continue
            try:
                known.update(parse_rules(part, tuple(RULES)))
            except UserError:
                other.append(part[:60])
        if known:
            out["rules"] = known
        if other:
            out["other_rules"] = other[:30]
        return out

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        def show(key: str) -> str:
            value = profile[key]
            return f"{LABELS[key]}{'-' if value is None else value}{'+' if key in PLUS and value else ''}"
        stats = [show(k) for k in (*STATS, *PLUS) if k in profile]
        armour = [show(k) for k in ARMOUR if k in profile]
        lines = [Msg.of("combat_hh.profile.line", text=" ".join(stats + armour))] if stats or armour else []
        rules = [RULES[k][0][0] + (f" {v}+" if v is not True else "") for k, v in profile.get("rules", {}).items()]
        rules += profile.get("other_rules", [])
        if rules:
            lines.append(Msg.of("combat_hh.profile.rules_line", text=", ".join(rules)))
        if profile.get("extra"):
            lines.append(Msg.of("combat_hh.profile.extra_line", text=profile["extra"]))
        return lines


PROFILE = HorusHeresyProfile()
