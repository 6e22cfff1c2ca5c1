"""A Flames of War team's profile, as a unit's teams are written on its card: the team type
(L62–96), armoured or not (L66, L979), the Motivation and Skill ratings (L126–188), armour
front/side/top (side and top: L810–812) and a save. Players copy it in either language:

    «Танк бронированный, Уверенные Ветераны, броня 6/4/1»
    "Tank armoured Confident Veteran armour 6/4/1"
    «Пехота, Бесстрашные Тренированные, спас 3+»
    "infantry cavalry reluctant conscript save 4+"       (cavalry: L76)
    «Орудие, мотивация: Рекруты, умение: Ветераны, спас 3+»

«Рекруты» names two ratings (Reluctant motivation L134, Conscript skill L188): the first rating
word is the Motivation and the second the Skill, unless they are named («мотивация:»,
«умение:»/«опыт:»). The book gives no save numbers (saves are on the unit cards: L306, L742),
so a save is the player's number, kept as written.
"""
from __future__ import annotations

import re
from typing import Any

from games.flames_of_war.ratings import MOTIVATION, MOTIVATION_RU, SKILL_RU
from games.procedure import Source
from games.profiles import Field, ProfileSpec
from i18n import Msg, UserError

B = "flames_of_war"
TYPES = ("tank", "infantry", "gun", "aircraft")          # L64, L68, L80, L94
FIELDS = (
    Field("type", Msg.of("fow.profile.type"), Source(B, 62, 96)),
    Field("armoured", Msg.of("fow.profile.armoured"), Source(B, 66)),
    Field("transport", Msg.of("fow.profile.transport"), Source(B, 66)),
    Field("cavalry", Msg.of("fow.profile.cavalry"), Source(B, 76)),
    Field("motivation", Msg.of("fow.profile.motivation"), Source(B, 126, 134)),
    Field("skill", Msg.of("fow.profile.skill"), Source(B, 176, 188)),
    Field("armour", Msg.of("fow.profile.armour"), Source(B, 810, 812)),
    Field("save", Msg.of("fow.profile.save"), Source(B, 742)),
)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


# What players write, in either language, folded.
TYPE_WORDS = {"танк": "tank", "танковый": "tank", "tank": "tank", "пехота": "infantry", "пехотный": "infantry",
              "infantry": "infantry", "орудие": "gun", "орудийный": "gun", "gun": "gun",
              "самолет": "aircraft", "авиация": "aircraft", "aircraft": "aircraft"}
FLAG_WORDS = {"бронированный": ("armoured", True), "armoured": ("armoured", True), "armored": ("armoured", True),
              "небронированный": ("armoured", False), "unarmoured": ("armoured", False),
              "unarmored": ("armoured", False), "транспорт": ("transport", True), "transport": ("transport", True),
              "кавалерия": ("cavalry", True), "cavalry": ("cavalry", True)}
MOTIVATION_WORDS = {**{_fold(ru): key for key, ru in MOTIVATION_RU.items()}, **{key: key for key in MOTIVATION}}
SKILL_WORDS = {**{_fold(ru): key for key, ru in SKILL_RU.items()}, "veteran": "veteran", "trained": "trained",
               "conscript": "conscript"}
NAMED = {"мотивация": "motivation", "motivation": "motivation", "умение": "skill", "опыт": "skill",
         "skill": "skill", "броня": "armour", "armour": "armour", "armor": "armour",
         "спас": "save", "спас-бросок": "save", "save": "save"}
_ARMOUR = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{1,2})$")
_PLUS = re.compile(r"^([2-6])\+?$")


class FlamesOfWarProfile(ProfileSpec):
    fields = FIELDS
    example = "fow.profile.example"

    def _refuse(self, part: str) -> UserError:
        return UserError("fow.error.bad_profile", example=self.example, part=part or "—")

    def _rating(self, key: str, word: str) -> str:
        table = MOTIVATION_WORDS if key == "motivation" else SKILL_WORDS
        if word not in table:
            raise self._refuse(word)
        return table[word]

    def _value(self, key: str, word: str, out: dict[str, Any]) -> None:
        if key in ("motivation", "skill"):
            out[key] = self._rating(key, word)
        elif key == "armour":
            match = _ARMOUR.match(word)
            if not match:
                raise self._refuse(word)
            out["armour"] = {"front": int(match.group(1)), "side": int(match.group(2)), "top": int(match.group(3))}
        else:
            match = _PLUS.match(word)
            if not match:
                raise self._refuse(word)
            out["save"] = int(match.group(1))

    def parse(self, text: str, unit_type: str | None = None) -> dict[str, Any]:
        words = [w for w in re.split(r"[\s,;()]+", _fold(text or "")) if w]
        if not words:
            raise self._refuse(text)
        out: dict[str, Any] = {}
        i = 0
        while i < len(words):
            word = words[i].rstrip(":=")
            i += 1
            if word in NAMED:
                if i >= len(words):
                    raise self._refuse(word)
                self._value(NAMED[word], words[i], out)
                i += 1
            elif word in TYPE_WORDS:
                out["type"] = TYPE_WORDS[word]
            elif word in FLAG_WORDS:
                key, value = FLAG_WORDS[word]
                out[key] = value
            elif word in MOTIVATION_WORDS and "motivation" not in out:
                out["motivation"] = MOTIVATION_WORDS[word]       # the first rating word (L126)
            elif word in SKILL_WORDS and "skill" not in out:
                out["skill"] = SKILL_WORDS[word]
            elif _ARMOUR.match(word):
                self._value("armour", word, out)
            else:
                raise self._refuse(word)
        if out.get("type") == "tank":
            out.setdefault("armoured", True)      # L66: a tank team is armoured unless it says not
        return out

    def describe(self, profile: dict[str, Any]) -> list[Msg]:
        parts: list[Msg] = []
        if profile.get("type"):
            kind = profile["type"]
            if kind == "tank" and profile.get("armoured") is False:
                kind = "tank_unarmoured"
            parts.append(Msg.of(f"fow.profile.type_{kind}"))
        for flag in ("transport", "cavalry"):
            if profile.get(flag):
                parts.append(Msg.of(f"fow.profile.{flag}"))
        if profile.get("motivation"):
            parts.append(Msg.of("fow.profile.motivation_value", rating=Msg.of(f"fow.choice.{profile['motivation']}")))
        if profile.get("skill"):
            parts.append(Msg.of("fow.profile.skill_value", rating=Msg.of(f"fow.choice.{profile['skill']}")))
        if profile.get("armour"):
            a = profile["armour"]
            parts.append(Msg.of("fow.profile.armour_value", front=a["front"], side=a["side"], top=a["top"]))
        if profile.get("save"):
            parts.append(Msg.of("fow.profile.save_value", n=profile["save"]))
        return parts


def pin_immune(profile: dict[str, Any]) -> bool:
    """Armoured tank teams and aircraft can't be pinned down (L592)."""
    return (profile.get("type") == "tank" and profile.get("armoured", True)) or profile.get("type") == "aircraft"


PROFILE = FlamesOfWarProfile()
