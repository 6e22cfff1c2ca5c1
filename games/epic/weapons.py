"""Epic firepower strings as printed on datasheets: `AP5+`, `3xAT4+`, `D3xAP5+`, with the weapon
rules that change dice: MW (Macro-weapon), TK / TK(D3) / TK(D6) (Titan Killer), IC (Ignore
Cover), Disrupt. Several weapons are separated by commas or semicolons (1.1.3, l.80–82)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import UserError

# Players type Cyrillic look-alikes («АР5+», «3хАТ4+», «ТК»): fold them to Latin first.
_LATIN = str.maketrans({"А": "A", "Р": "P", "Т": "T", "Д": "D", "К": "K", "М": "M", "С": "C",
                        "а": "A", "р": "P", "т": "T", "д": "D", "к": "K", "м": "M", "с": "C",
                        "х": "x", "Х": "x", "×": "x"})

_WEAPON = re.compile(
    r"^\s*(?:(?P<count>\d+|D3|D6)\s*x\s*)?(?P<kind>AP|AT|AA)\s*(?P<value>\d)\s*\+?"
    r"(?P<rules>(?:\s*(?:MW|TK(?:\s*\(\s*(?:D3|D6|\d)\s*\))?|IC|DISRUPT|SNIPER|SN))*)\s*$",
    re.IGNORECASE,
)
_TK = re.compile(r"TK(?:\s*\(\s*(D3|D6|\d)\s*\))?", re.IGNORECASE)


@dataclass(frozen=True)
class Weapon:
    count: str = "1"                 # "3", "D3" (dice rolled for the number of shots, l.82)
    kind: str = "AP"                 # AP against infantry/LV, AT against vehicles, AA against aircraft
    value: int = 4                   # to-hit X+
    macro: bool = False              # MW, 2.2.6 (l.790–794)
    titan_killer: str | None = None  # "1", "D3", "D6": TK damage (2.2.9, l.804–812)
    ignore_cover: bool = False       # 2.2.5 (l.786)
    disrupt: bool = False            # 2.2.2 (l.774)
    sniper: bool = False             # 2.1.14: rolled apart, hits allocated by the attacker (l.716)

    def label(self) -> str:
        count = "" if self.count == "1" else f"{self.count}x"
        rules = (" MW" if self.macro else "") + (f" TK({self.titan_killer})" if self.titan_killer else "") \
            + (" IC" if self.ignore_cover else "") + (" Disrupt" if self.disrupt else "") \
            + (" Sniper" if self.sniper else "")
        return f"{count}{self.kind}{self.value}+{rules}"


def parse_weapons(text: str) -> list[Weapon]:
    """`"4xAP5+, AT4+ MW, 2xAT3+ TK(D3)"` → weapons. Raises UserError on anything else."""
    weapons: list[Weapon] = []
    for part in re.split(r"[;,]", (text or "").replace('"', " ")):
        if not part.strip():
            continue
        raw = part.translate(_LATIN).strip().upper().replace("X", "x")
        raw = re.sub(r"(\d|D3|D6)\s*x", r"\1x", raw)
        m = _WEAPON.match(raw)
        if not m:
            raise UserError("combat_epic.error.weapon", example="combat_epic.example.shoot", text=part.strip())
        rules = (m.group("rules") or "").upper()
        tk = _TK.search(rules)
        count = (m.group("count") or "1").upper()
        value = int(m.group("value"))
        if count.isdigit() and not 1 <= int(count) <= 100 or not 2 <= value <= 6:
            raise UserError("combat_epic.error.weapon", example="combat_epic.example.shoot", text=part.strip())
        weapons.append(Weapon(
            count=count, kind=m.group("kind").upper(), value=value,
            macro="MW" in rules,
            titan_killer=(tk.group(1) or "1").upper() if tk else None,
            ignore_cover="IC" in rules, disrupt="DISRUPT" in rules,
            sniper=bool(re.search(r"\bSN(IPER)?\b", rules)),
        ))
    if not weapons:
        raise UserError("combat_epic.error.no_weapons", example="combat_epic.example.shoot")
    return merge(weapons)


def merge(weapons: list[Weapon]) -> list[Weapon]:
    """Identical profiles with fixed shots become one line ("AP5+, AP5+" → "2xAP5+"): the same
    dice, rolled together as the book recommends for units of one type (l.416)."""
    merged: list[Weapon] = []
    for w in weapons:
        same = next((m for m in merged if m.count.isdigit() and w.count.isdigit()
                     and (m.kind, m.value, m.macro, m.titan_killer, m.ignore_cover, m.disrupt, m.sniper)
                     == (w.kind, w.value, w.macro, w.titan_killer, w.ignore_cover, w.disrupt, w.sniper)), None)
        if same is None:
            merged.append(w)
        else:
            merged[merged.index(same)] = Weapon(str(int(same.count) + int(w.count)), w.kind, w.value, w.macro,
                                                w.titan_killer, w.ignore_cover, w.disrupt, w.sniper)
    return merged


# Which unit types a weapon's hits can affect (L80, L398, L688; aircraft only by AA, L912):
# AP infantry and light vehicles, AT light and armoured vehicles, AA aircraft. The book doesn't
# say which hits War Engines or characters take: both AP and AT count, and the reply says so.
AFFECTS = {"AP": {"INF", "LV", "WE", "CH"}, "AT": {"LV", "AV", "WE"}, "AA": {"AC"}}
UNSTATED = {"WE", "CH"}


def can_affect(kind: str, unit_types: tuple[str, ...]) -> bool:
    """Whether hits of this kind can be allocated to a formation of these unit types (any of them)."""
    return not unit_types or any(t in AFFECTS.get(kind, set()) for t in unit_types)
