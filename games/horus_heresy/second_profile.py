"""A unit's second profile in close combat (a sergeant or character with another weapon, l.1218
«каждая модель … используя собственный навык»; Unwieldy strikes at Initiative 1, l.3405), as
players type it: «1 x A3 S8 AP2 I1 Unwieldy» / «1 х WS5 A3 S8 AP2 I1 тяжеловесное, rending 6».
What it doesn't give is the unit's own value, and the reply lists those."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.horus_heresy.melee import _TOKEN, parse_profile
from games.horus_heresy.special_rules import parse_rules
from i18n import UserError

# What a second profile may set: its blows (the wounds it takes use the unit's profile).
STATS = ("ws", "s", "i", "a", "ap")
RULES = ("rending", "poisoned", "fleshbane", "shred", "unwieldy")
_COUNT = re.compile(r"^\s*(\d{1,3})\s*[xх×*]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class SecondProfile:
    models: int | None                   # None: not said (the reply says 1 is assumed)
    stats: dict[str, int | None] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)


def _refuse(text: str) -> UserError:
    return UserError("combat_hh.error.second_profile", example="combat_hh.example.second_profile", text=text)


def parse_second(text: str) -> SecondProfile:
    """"1 x A3 S8 AP2 I1 Unwieldy" → 1 model, {a: 3, s: 8, ap: 2, i: 1}, {unwieldy: True}."""
    rest = (text or "").replace('"', " ").replace("«", " ").replace("»", " ")
    count = _COUNT.match(rest)
    models = int(count.group(1)) if count else None
    rest = rest[count.end():] if count else rest
    stat_words: list[str] = []
    rule_parts: list[str] = []
    for part in re.split(r"[,;]", rest):
        words = part.split()
        taken = 0
        while taken < len(words) and _TOKEN.fullmatch(words[taken].translate(_FOLD_RU)):
            taken += 1
        stat_words += [w.translate(_FOLD_RU) for w in words[:taken]]
        if words[taken:]:
            rule_parts.append(" ".join(words[taken:]))
    if not stat_words and not rule_parts:
        raise _refuse(text)
    stats = parse_profile(" ".join(stat_words)) if stat_words else {}
    unknown = [k.upper() for k in stats if k not in STATS]
    if unknown or (models is not None and not 1 <= models <= 200):
        raise _refuse(text)
    rules = parse_rules(", ".join(rule_parts), RULES, no_default=("poisoned",)) if rule_parts else {}
    return SecondProfile(models, stats, rules)


_FOLD_RU = str.maketrans({"С": "S", "Т": "T", "А": "A", "М": "M", "В": "B", "И": "I", "с": "s", "т": "t", "а": "a",
                          "и": "i"})
