"""Гидрофилия numbers as data, each with its line in hydrophilia.txt."""
from __future__ import annotations

from games.procedure import Source
from i18n import Msg

B = "hydrophilia"

SRC_D3 = Source(B, 25)
GAME_LENGTH_BASE = 5                   # L112: d3 + 5 turns when the mission says nothing
SRC_GAME_LENGTH = Source(B, 112)                 # d3 = d6 halved, rounded up
SRC_ROUNDING = Source(B, 27)           # every division rounds up
SRC_TO_HIT = Source(B, 277, 287)       # 2d6 + Навык ≥ УКЛ; double 1 misses, double 6 hits (L230, L287)
SRC_CRITS = Source(B, 287)
SRC_DAMAGE = Source(B, 288, 312)
SRC_IMMUNE = Source(B, 308)
SRC_REPEAT = Source(B, 258, 260)
REPEAT_ATTACK_PENALTY = -2             # L258: each attack after the first in one activation

# Dodge (УКЛ) bonuses, by what protects the target. Cover and limited visibility don't stack:
# the owner says which applies (L188).
DEFENCE_BONUS = {
    "none": (0, None),
    "limited": (3, Source(B, 174, 175)),      # limited visibility
    "cover": (4, Source(B, 185, 187)),
    "crates": (2, Source(B, 601)),            # crates as cover: +2 instead of +4
    "pole": (2, Source(B, 574)),              # partly hidden by a pole
}
OVERLAP_BONUS = (2, Source(B, 200))           # an overlapping model being checked
MELEE_BONUS = (2, Source(B, 337))             # shooting at a model in melee: +2, loses cover/visibility
COVER_KINDS = ("cover", "crates")             # what «в укрытии» covers for ПРОНИКАЮЩЕЕ
PIERCE_MAX = 4                                # L469: spend one to four damage dice
SRC_PIERCE = Source(B, 469)
SHOTGUN_CAP = 11                              # L470 ДРОБОВОЕ: effective УКЛ capped at 11
SRC_SHOTGUN = Source(B, 470)
ARMOUR_PIERCING_FROM = 5                      # L468 БРОНЕБОЙНОЕ: ЗАЩ ≥ 5 counts as ЗАЩ − 1
SRC_ARMOUR_PIERCING = Source(B, 468)

DAMAGE_TYPES = ("physical", "mental", "em")
DAMAGE_STAT = {"physical": "ЗАЩ", "mental": "ПСИ", "em": "КИБ"}     # L300–304


def stat_name(damage_type: str) -> Msg:
    """The stat a damage nature is checked against, as players of the reply's language read it."""
    return Msg.of(f"hydro.stat.{damage_type}")

# Artillery (L340–373).
ARTILLERY_PRECISE = 12                 # L353: sum ≥ 12 — precise
ARTILLERY_IMPRECISE = 10               # L355: less than 12 and more than 9 — imprecise
ARTILLERY_TARGET_BONUS = 7             # L364: 2d6 + 7 against every target, can't be modified
ARTILLERY_RADIUS = 2                   # L358: default radius 2"
SRC_ARTILLERY = Source(B, 340, 373)

# Drone link break (L491–501), d6.
DRONE_BREAK = {1: "destroyed", 2: "uncontrolled", 3: "uncontrolled", 4: "autonomous", 5: "autonomous", 6: "autonomous"}
SRC_DRONE = Source(B, 491, 501)

# Action points and moves (L55–57, L219–226).
ACTION_POINTS = 2                      # L57
MOVE_COST = 1                          # L219
SRC_MOVE = Source(B, 219, 226)

# Falls (L519–523): a floor is 2 heights (L505); a fall of more than one floor is critical.
FALL_WOUNDS_PER_FLOOR = 2              # L521
SRC_FALL = Source(B, 519, 523)

# Initiative (L152): from the third turn; +1 per turn in a row the player went second, at most +5.
INITIATIVE_FROM_TURN = 3
INITIATIVE_MAX_BONUS = 5
SRC_INITIATIVE = Source(B, 152)

# Fuel containers (L606): d3 physical damage to every visible model within 3".
FUEL_RADIUS = 3
SRC_FUEL = Source(B, 606)
