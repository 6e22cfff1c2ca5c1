"""Flames of War ratings and fixed numbers as data, each with its line (flames_of_war.txt).

«Рекруты» names two different ratings in the book: Reluctant motivation (5+, L134) and
Conscript skill (hit on 2+, tactics 5+; L188, L204). So ratings are keyed by the English name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.procedure import Source

if TYPE_CHECKING:
    from games.flames_of_war.engine import Reroll

B = "flames_of_war"

# Motivation (L128–134): the number to pass Rally, Remount, Counterattack and Last Stand (L136).
MOTIVATION = {"fearless": 3, "confident": 4, "reluctant": 5}
MOTIVATION_RU = {"fearless": "Бесстрашные", "confident": "Уверенные", "reluctant": "Рекруты"}
SRC_MOTIVATION = Source(B, 128, 136)

# Skill: the score needed to hit the unit (L180–188) …
IS_HIT_ON = {"veteran": 4, "trained": 3, "conscript": 2}
SRC_IS_HIT_ON = Source(B, 180, 188)
# … and the Tactics test (L194–204). Assault is usually the Tactics number (L208–212).
TACTICS = {"veteran": 3, "trained": 4, "conscript": 5}
SRC_TACTICS = Source(B, 194, 204)
SRC_ASSAULT_RATING = Source(B, 208, 212)
SKILL_RU = {"veteran": "Ветераны", "trained": "Тренированные", "conscript": "Рекруты"}

# To-hit modifiers (L470–486), +1 each; concealed and Gone to Ground together is +2 (L478).
TO_HIT_MODIFIERS = {
    "long_range": (1, Source(B, 474)),          # target more than 16"/40 cm away
    "concealed": (1, Source(B, 476)),           # concealed, not Gone to Ground
    "concealed_gtg": (2, Source(B, 478)),       # concealed and Gone to Ground
    "out_of_command": (1, Source(B, 480)),
    "smoke": (1, Source(B, 482)),
    "night": (1, Source(B, 484)),               # restated at L1289; counted once
    "scout": (1, Source(B, 1051)),              # a concealed Scout: one more
    "no_he": (1, Source(B, 999)),               # NO HE weapon at infantry/guns "if it moved"
    "cavalry_moving": (1, Source(B, 1023)),     # cavalry teams «добавляют 1 на попадание, когда двигаются»
    # A team returning to command at Tactical speed, «получив +1 на попаданию по двигающимуся Отряду»:
    # the +1 is to hit it, the moving team (the research notes mark the line ambiguous).
    "returned_to_command": (1, Source(B, 252)),
}

# Pinned Down (L578–592): «более пяти попаданий» in one Shooting Step; a 12-team unit needs 8.
PIN_HITS_MORE_THAN = 5          # L580, the Russian text: more than five
PIN_HITS_BIG_UNIT = 8           # L580: «Для большого Юнита в 12 Отрядов требуется 8 попаданий»
PIN_BIG_UNIT_TEAMS = 12
SRC_PIN = Source(B, 578, 580)
SRC_PIN_IMMUNE = Source(B, 590, 592)

# Re-rolls with the Formation Commander within 6"/15 cm (L604, L826, L855).
FC_RANGE = '6"/15 см'
SRC_RALLY = Source(B, 596, 604)
SRC_COUNTERATTACK = Source(B, 820, 826)
SRC_LAST_STAND = Source(B, 843, 859)
SRC_FORMATION = Source(B, 865, 873)
CAVALRY_RALLY_BONUS = -1        # L1035: all-cavalry units need 1 less to Rally
SRC_REMOUNT = Source(B, 150, 152)
FUEL_TANKS_REMOUNT = 1          # L620: tanks with fuel tanks need 1 more to Remount
SRC_FUEL_TANKS = Source(B, 620)
SRC_CAVALRY = Source(B, 1035)

# Flat tests.
COMMANDER_SURVIVAL = 3          # L558–560
SRC_COMMANDER = Source(B, 558, 574)
MISTAKEN_TARGET = 3             # L512–516
SRC_MISTAKEN = Source(B, 508, 532)
AIRCRAFT_ARRIVAL = 4            # L678
SRC_AIRCRAFT = Source(B, 676, 688)
SNIPER_DESTROYED = 4            # L670
SRC_SNIPER = Source(B, 670)

# Crossing (L278–286, L1131–1153).
SRC_NIGHT_CROSS = Source(B, 1285)
SRC_OVERLOADED = Source(B, 1003)

# Rate of fire (L434–458, L780).
SRC_ROF = Source(B, 434, 452)
SRC_DEFENSIVE_FIRE = Source(B, 778, 780)

# Artillery bombardment (L694–752).
RANGE_IN_ATTEMPT_PENALTY = {1: 0, 2: 1, 3: 2}    # L736
SRC_ARTILLERY_HIT = Source(B, 732, 736)
SRC_ARTILLERY_REROLL = Source(B, 738)
SRC_ARTILLERY_FP = Source(B, 748, 752)
SRC_RANGE_IN = Source(B, 704)
NIGHT_RANGE_IN = Source(B, 1297)


def artillery_reroll(weapons: int) -> Reroll:
    """L738: 1–2 weapons re-roll successful hits; 5 or more re-roll failed hits; 3–4 none."""
    if weapons <= 2:
        return "success"
    if weapons >= 5:
        return "failed"
    return "none"


# Assault (L754–840).
SRC_ASSAULT_HIT = Source(B, 794, 802)
SMALL_BASE_MOD = 1              # L802
SRC_ASSAULT_PIN = Source(B, 800)
SRC_ASSAULT_SAVES = Source(B, 804, 818)
GRENADES = {"at": 2, "fp": 2}    # L812
FALL_BACK = '6"/15 см'           # L832
CONSOLIDATE = '4"/10 см'         # L840

# Time of day and moon (L1303–1321): D6 tables.
TIME_OF_DAY = {1: "dawn", 2: "dawn", 3: "dusk", 4: "dusk", 5: "night", 6: "night"}
MOON = {1: "full", 2: "full", 3: "normal", 4: "normal", 5: "new", 6: "new"}
SRC_TIME_OF_DAY = Source(B, 1303, 1311)
SRC_MOON = Source(B, 1313, 1321)
