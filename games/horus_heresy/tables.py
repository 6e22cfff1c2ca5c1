"""Horus Heresy tables as data with their book lines (corpus/horus_heresy.md). The procedures
read their numbers from these constants and `/table` renders the same data."""
from __future__ import annotations

from games.procedure import Source
from games.tables import Table
from i18n import Msg

BOOK = "horus_heresy"

# --- Shooting to-hit by BS, l.683–684; BS 6+ with the re-roll of a 1, l.694–695 ---------------
BS_TO_HIT: dict[int, int] = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2}
BS_HIGH: dict[int, tuple[int, int]] = {6: (2, 6), 7: (2, 5), 8: (2, 4), 9: (2, 3), 10: (2, 2)}
BS_SOURCE = Source(BOOK, 683, 684)
BS_HIGH_SOURCE = Source(BOOK, 690, 699)

# --- Close combat to-hit, WS vs WS, the TABLE at l.1220–1231 (rows: attacker WS 1..10) --------
# The prose (l.1214) says 6+ only when the defender's WS is *more than* double; the table puts
# 6+ at exactly double too: (1,2), (2,4), (3,6), (4,8), (5,10). The table is the default.
WS_TO_HIT: dict[int, tuple[int, ...]] = {
    1: (4, 6, 6, 6, 6, 6, 6, 6, 6, 6),
    2: (2, 4, 5, 6, 6, 6, 6, 6, 6, 6),
    3: (2, 3, 4, 5, 5, 6, 6, 6, 6, 6),
    4: (2, 2, 3, 4, 5, 5, 5, 6, 6, 6),
    5: (2, 2, 3, 3, 4, 5, 5, 5, 5, 6),
    6: (2, 2, 2, 3, 3, 4, 5, 5, 5, 5),
    7: (2, 2, 2, 3, 3, 3, 4, 5, 5, 5),
    8: (2, 2, 2, 2, 3, 3, 3, 4, 5, 5),
    9: (2, 2, 2, 2, 3, 3, 3, 3, 4, 5),
    10: (2, 2, 2, 2, 2, 3, 3, 3, 3, 4),
}
WS_SOURCE = Source(BOOK, 1220, 1231)
WS_PROSE_SOURCE = Source(BOOK, 1214)
WS_PROSE_CELLS = ((1, 2), (2, 4), (3, 6), (4, 8), (5, 10))   # where the prose says 5+

# --- To-wound, S vs T, l.738–749 (rows: strength 1..10; None = «-», cannot wound) -------------
TO_WOUND: dict[int, tuple[int | None, ...]] = {
    1: (4, 5, 6, 6, None, None, None, None, None, None),
    2: (3, 4, 5, 6, 6, None, None, None, None, None),
    3: (2, 3, 4, 5, 6, 6, None, None, None, None),
    4: (2, 2, 3, 4, 5, 6, 6, None, None, None),
    5: (2, 2, 2, 3, 4, 5, 6, 6, None, None),
    6: (2, 2, 2, 2, 3, 4, 5, 6, 6, None),
    7: (2, 2, 2, 2, 2, 3, 4, 5, 6, 6),
    8: (2, 2, 2, 2, 2, 2, 3, 4, 5, 6),
    9: (2, 2, 2, 2, 2, 2, 2, 3, 4, 5),
    10: (2, 2, 2, 2, 2, 2, 2, 2, 3, 4),
}
TO_WOUND_SOURCE = Source(BOOK, 738, 749)

# --- Vehicle damage table, l.2020–2030; AP modifiers l.2036–2038 ------------------------------
# (lowest roll, result key); 7+ = explodes.
VEHICLE_DAMAGE: tuple[tuple[int, str], ...] = (
    (1, "crew_shaken"), (4, "crew_stunned"), (5, "weapon_destroyed"), (6, "immobilised"), (7, "explodes"),
)
VEHICLE_DAMAGE_SOURCE = Source(BOOK, 2020, 2030)
DAMAGE_AP_MODIFIER: dict[int, int] = {2: 1, 1: 2}     # «AP2 … +1 … AP1 … +2» (l.2038)
DAMAGE_AP_SOURCE = Source(BOOK, 2036, 2038)

# --- Charge range modifier by the slowest model's M, l.1061–1067; result clamped 2..12 (l.1059) --
CHARGE_MODIFIER: tuple[tuple[int, int, int | None], ...] = (
    (0, 0, None), (1, 4, -1), (5, 7, 0), (8, 10, 1), (11, 12, 2), (13, 99, 3),
)
CHARGE_SOURCE = Source(BOOK, 1057, 1067)
CHARGE_MIN, CHARGE_MAX = 2, 12
DIFFICULT_TERRAIN_CHARGE = -2      # l.1069

# --- Other numbers ---------------------------------------------------------------------------
DEFAULT_COVER = 6                  # «все укрытия предоставляют спас-бросок на б+» (l.829)
BEST_SAVE = 2                      # «не бывает спас-бросков… лучше, чем 2+» (l.855)
POISONED_DEFAULT = 4               # «Отравленное (4+)» when no value is given (l.3215)
SHROUDED_DEFAULT = 6               # «Скрытый пеленой (6+)» (l.3303)
REACTION_BASE = 1                  # base allotment per phase (l.429–431)
REACTION_MAX = 3                   # «не может превышать 3» (l.437)


def damage_result(roll: int) -> str:
    found = VEHICLE_DAMAGE[0][1]
    for low, key in VEHICLE_DAMAGE:
        if roll >= low:
            found = key
    return found


def charge_modifier(movement: int) -> int | None:
    for low, high, mod in CHARGE_MODIFIER:
        if low <= movement <= high:
            return mod
    return None


def _plus(v: int | None) -> str:
    return "-" if v is None else f"{v}+"


TABLES: list[Table] = [
    Table("bs_to_hit", BOOK, Msg.of("combat_hh.table.bs_to_hit"),
          columns=("BS стрелка", "1", "2", "3", "4", "5"),
          rows=(("Результат, необходимый для попадания", "6", "5+", "4+", "3+", "2+"),),
          source=BS_SOURCE, aliases=("bs", "навык стрельбы", "ballistic skill", "to hit", "попадание стрельба")),
    Table("bs_high", BOOK, Msg.of("combat_hh.table.bs_high"),
          columns=("BS стрелка", "6", "7", "8", "9", "10"),
          rows=(("Результат, необходимый для попадания", "2/6", "2/5", "2/4", "2/3", "2/2"),),
          source=Source(BOOK, 694, 695), aliases=("bs 6+", "навык стрельбы 6 и выше")),
    Table("ws_to_hit", BOOK, Msg.of("combat_hh.table.ws_to_hit"),
          columns=("WS атакующего \\ обороняющегося", *[str(i) for i in range(1, 11)]),
          rows=tuple((str(a), *[_plus(v) for v in row]) for a, row in WS_TO_HIT.items()),
          source=WS_SOURCE, aliases=("ws", "навык ближнего боя", "weapon skill", "melee to hit", "рукопашная")),
    Table("to_wound", BOOK, Msg.of("combat_hh.table.to_wound"),
          columns=("Сила \\ Стойкость", *[str(i) for i in range(1, 11)]),
          rows=tuple((str(s), *[_plus(v) for v in row]) for s, row in TO_WOUND.items()),
          source=TO_WOUND_SOURCE, aliases=("S vs T", "сила против стойкости", "ранение", "wound")),
    Table("vehicle_damage", BOOK, Msg.of("combat_hh.table.vehicle_damage"),
          columns=("D6", "Результат"),
          rows=(("1-3", "Экипаж оглушён"), ("4", "Экипаж контужен"), ("5", "Орудие уничтожено"),
                ("6", "Обездвижена"), ("7+", "Взорвана"), ("AP2", "+1"), ("AP1", "+2")),
          source=Source(BOOK, 2020, 2038), aliases=("damage", "повреждения техники", "vehicle", "техника")),
    Table("charge", BOOK, Msg.of("combat_hh.table.charge"),
          columns=("Характеристика движения", "Модификатор дальности нападения"),
          rows=(("- или 0", "Не может нападать"), ("1-4", "-1"), ("5-7", "0"), ("8-10", "+1"),
                ("11-12", "+2"), ("13+", "+3")),
          source=Source(BOOK, 1061, 1067), aliases=("charge", "нападение", "дальность нападения")),
]
