"""Warmaster numbers as data, each with its line in warmaster.txt («At a glance», Russian)."""
from __future__ import annotations

from games.procedure import Source
from i18n import Text

B = "warmaster"

# Command (L118–154).
COMMAND_RANGE_CM = {"general": None, "hero": 60, "wizard": 20}     # L126–132 (None: the whole table)
SRC_COMMAND_RANGE = Source(B, 126, 134)
FLYER_COMMAND_RANGE_CM = 20                                        # L134
SRC_COMMAND_ROLL = Source(B, 136)
PENALTY_PER_CM = 20                    # L146: −1 for every 20 cm of distance
SRC_PEN_DISTANCE = Source(B, 146)
SRC_PEN_ORDERS = Source(B, 148)        # −1 per order already given to this unit/brigade
SRC_PEN_ENEMY = Source(B, 150)         # −1 enemy within 20 cm
SRC_PEN_TERRAIN = Source(B, 152)       # −1 in dense terrain
SRC_PEN_STANDS = Source(B, 154)        # −1 per stand lost
SRC_PEN_BLUNDER = Source(B, 333)       # «Вы сошли с ума!»: −1 for the rest of the battle, cumulative
SRC_FAIL = Source(B, 138)
SRC_GENERAL_FAIL = Source(B, 140)
SRC_BLUNDER = Source(B, 142)
BLUNDER_ROLL = 12                       # L142: a failed order on a 12 (double six) by a Hero or Wizard

# Command items (L616–652), General only.
CROWN_OF_COMMAND = 10                   # L620: the first order each turn on an unmodified 10
HELM_MAX = 10                           # L626: +1 Command, to a maximum of 10
ORB_COMMAND = 8                         # L632: re-roll one failed General's order at Command 8
SRC_CROWN = Source(B, 616, 620)
SRC_HELM = Source(B, 622, 626)
SRC_ORB = Source(B, 628, 632)
SRC_SCEPTRE = Source(B, 648, 652)
COMMAND_ITEMS = ("none", "crown", "helm", "orb")

# Blunder table (L325–351), D6.
BLUNDER = {1: "mad", 2: "thousands", 3: "thousands", 4: "no_point", 5: "no_point", 6: "charge"}
BLUNDER_RU = {"mad": "Вы сошли с ума!", "thousands": "Чтoб мне провалиться, сэp! Их тысячи!",
              "no_point": "Нет смысла умирать просто так, сэp!", "charge": "Бей их!"}
SRC_BLUNDER_TABLE = Source(B, 325, 347)
SRC_BLUNDER_ALT = Source(B, 349, 351)
SRC_BLUNDER_TABLE_ALL = Source(B, 325, 351)
# Steam Tank blunder (L399–404): it doesn't move, then D6.
STEAM_TANK = {1: "immobile", 2: "no_shoot", 3: "no_shoot", 4: "fine", 5: "fine", 6: "fine"}
STEAM_TANK_RU = {"immobile": "Не двигается до конца битвы.", "no_shoot": "Не стреляет в этот ход.",
                 "fine": "Все нормально."}
SRC_STEAM_TANK = Source(B, 399, 404)

# Shooting and combat to-hit (L242, L259).
TO_HIT = {"open": 4, "defended": 5, "fortified": 6}
SRC_TO_HIT = Source(B, 242)
SRC_TO_HIT_COMBAT = Source(B, 259)
SRC_SAVE = Source(B, 243)
SRC_SAVE_COMBAT = Source(B, 271)
SRC_HITS = Source(B, 244)
ELF_SHOOTING_BONUS = 1                   # L383: Elves +1 to hit when shooting
SRC_ELF = Source(B, 383)
SRC_CANNON = Source(B, 381)              # cannons: fortified counts as defended, defended as open; no saves

# Drive back (L245–250): D6 per hit, −1 die defended, −2 dice fortified; any 6 confuses.
DRIVE_BACK_LESS_DICE = {"open": 0, "defended": 1, "fortified": 2}
SRC_DRIVE_BACK = Source(B, 245, 250)
CONFUSED_ON = 6                           # L246
SKULL_CHUKKA_CONFUSED_ON = 4              # L387
SRC_CONFUSION_ENDS = Source(B, 311)       # confusion ends at the end of the unit's own command phase
# Leftover hits carried into the first round of combat instead of clearing after shooting.
SRC_CARRY = {"stand_and_shoot": Source(B, 226), "cannon": Source(B, 381), "bone_thrower": Source(B, 384),
             "in_combat": Source(B, 416)}
SRC_BONE_THROWER = Source(B, 384)         # no armour saves; leftovers carried into round 1

# Combat attack modifiers per stand (L260–268).
ATTACK_MODIFIERS = {
    "charge_open": (1, Source(B, 262)),
    "monster_charge_open": (1, Source(B, 263)),
    "pursuit": (1, Source(B, 264)),
    # +1 per full 3 cm pursued (L265), computed from the distance
    "terror": (-1, Source(B, 266)),
    "flank": (-1, Source(B, 267)),
    "confused": (-1, Source(B, 268)),
}
PURSUIT_CM_PER_ATTACK = 3                  # L265
SRC_PURSUIT_CM = Source(B, 265)
SRC_CHARACTER = Source(B, 270)
SRC_RESULT = Source(B, 273, 275)
SRC_RETREAT = Source(B, 276, 279)
SRC_PURSUE = Source(B, 280, 287)
FALL_BACK_DICE = 3                          # L288: 3D6 for all the units falling back
SRC_FALL_BACK = Source(B, 288, 289)
ADVANCE_CM = {1: 20, 2: 10}                 # L290–292: 20 cm after round 1, 10 cm after round 2+
SRC_ADVANCE = Source(B, 290, 294)

# Units that left the table (L14–36): D6 − 1 per stand already lost.
SRC_LEFT_TABLE = Source(B, 14, 36)
# Battle length (L357–363).
BATTLE_LENGTH = {1: 6, 2: 6, 3: 7, 4: 7, 5: 8, 6: 8}
SRC_BATTLE_LENGTH = Source(B, 357, 363)

# Spells (L408–544): casting value on 1 D6.
SPELLS = {
    # id: (army, ru name, en name, cast on, range cm or None, line)
    "ball_of_flame": ("Империя", "Огненный шар", "Ball of Flame", 5, 30, 412),
    "voice_of_command": ("Империя", "Командный Глас", "Voice of Command", 5, 30, 418),
    "weird_enchantment": ("Империя", "Непонятная фигия", "Weird Enchantment", 4, 30, 424),
    "teleport": ("Империя", "Телепорт", "Teleport", 2, None, 430),
    "raise_dead": ("Мертвецы", "Мертвые, подъем!", "Raise Dead", 5, 30, 438),
    "touch_of_death": ("Мертвецы", "Смертельное туше", "Touch of Death", 4, None, 444),
    "doom_and_despair": ("Мертвецы", "Злая судьбина и безнадега", "Doom and Despair", 4, 60, 450),
    "death_bolt": ("Мертвецы", "Смертельный болт", "Death Bolt", 5, 30, 456),
    "foot_of_gork": ("Орки", "Нога Горка", "Foot of Gork", 6, 50, 464),
    "gotcha": ("Орки", "Долбить!", "Gotcha!", 5, 30, 470),
    "gerroff": ("Орки", "Брысь!", "Gerroff!", 5, 60, 476),
    "waaagh": ("Орки", "Вааах!", "Waaagh!", 4, 30, 482),
    "storm_of_stone": ("Высшие Эльфы", "Каменная буря", "Storm of Stone", 6, 30, 492),
    "light_of_battle": ("Высшие Эльфы", "Свет Битвы", "Light of Battle", 5, 30, 498),
    "heavens_fire": ("Высшие Эльфы", "Огонь с Небес", "Heaven's Fire", 5, 30, 504),
    "hail_of_destruction": ("Высшие Эльфы", "Деструктивный Град", "Hail of Destruction", 5, 30, 510),
    "boon_of_chaos": ("Хаос", "Дар Хаоса", "Boon of Chaos", 4, None, 518),
    "anger_of_the_gods": ("Хаос", "Злость Богов", "Anger of the Gods", 4, 30, 524),
    "rage_of_chaos": ("Хаос", "Гнев Хаоса", "Rage of Chaos", 5, 30, 530),
    "curse_of_chaos": ("Хаос", "Проклятие Хаоса", "Curse of Chaos", 5, 30, 536),
}
def spell_name(spell: str) -> Text:
    """The spell as the book names it: Russian, and in English replies the English name first."""
    _, ru, en, *_ = SPELLS[spell]
    return Text.of(ru=ru, en=f"{en} ({ru})")


HIGH_ELF_REROLL = Source(B, 490)          # High Elves may re-roll a failed cast
DWARF_DISPEL = 4                          # L544: Runesmith dispels on 4+
SRC_DWARF_DISPEL = Source(B, 542, 544)
WAND_OF_POWER = 1                         # L662–666: +1 to cast, once

# Fortresses and boats (L676–762).
BREACH = ((2, "none"), (6, "damaged"), (99, "breach"))                 # L689–692: 1-2, 3-6, 7+
SRC_BREACH = Source(B, 687, 694)
BOILING_OIL = {1: "none", 2: "none", 3: "one", 4: "one", 5: "d3", 6: "d3"}   # L730–733
SRC_BOILING_OIL = Source(B, 727, 733)
SHIP_DAMAGE = ((2, "none"), (6, "damaged"), (99, "sunk"))              # L754–762
SRC_SHIP = Source(B, 752, 762)
FLAME_CANNON = {1: "1-1", 2: "2-2", 3: "3-3", 4: "4-4", 5: "5-5", 6: "6-6"}  # L388–395
SRC_FLAME_CANNON = Source(B, 388, 395)

# Flyers home back (L116, L165): up to 10 × D6 cm to a friendly character more than 20 cm away.
HOME_BACK_CM_PER_PIP = 10
HOME_BACK_FROM_CM = 20
SRC_HOME_BACK = Source(B, 116)

# Helblaster (L382): 6 shots up to 10 cm, 3 up to 20, 1 up to 30; chargers are shot at 10 cm;
# armour one worse; a volley of several shots with more 1s than 6s blows it up.
HELBLASTER_SHOTS = ((10, 6), (20, 3), (30, 1))
SRC_HELBLASTER = Source(B, 382)
# Cannons (L381): 2 shots a stand; each stand the ball bounces through takes 1 more hit, 5 cm of
# bounce per target hit; chargers get grapeshot: 2 shots, no bounce, armour saves.
CANNON_SHOTS = 2
CANNON_BOUNCE_CM = 5
CANNON_BOUNCE_HITS = 1

# Magic rolls on a D6 (L434, L544, L646).
MAGIC_ROLLS = {
    "dispel": (4, Source(B, 542, 544)),            # a Runesmith dispels an enemy spell on 4+
    "spellbinding": (4, Source(B, 640, 646)),      # Staff of Spellbinding: a wizard who failed a cast, 4+
    "teleport": (4, Source(B, 430, 434)),          # after Teleport, another spell on 4+
}
# Rage of Chaos (L530–534): a D6 per stand, one at a time, added to the unit's attacks; any double
# and the extra attacks strike the unit itself.
SRC_RAGE = Source(B, 530, 534)

# The end of the battle (L355–377).
SRC_WITHDRAW = Source(B, 365)                  # General dead/left, or half or more of its units lost
SRC_VP = Source(B, 369, 377)
VP_HALF_FROM_STANDS = 3                        # L373: units of three or more stands down to one
VP_ROUND_TO = 5                                # L373: half its cost, rounded up to the nearest 5
SRC_D3_UNDEFINED = Source(B, 496)              # D3 is used (L496, L733) but never defined
