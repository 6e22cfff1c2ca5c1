"""Warmaster commands: /wm command|shoot|drive-back|assault|combat-result|fall-back, /wm-roll
<table>, /wm-odds <procedure>. Thin adapters over games/warmaster/: numbers come from the options,
or from the channel's game when the unit is tracked (Hits per stand, stands left, the hit pool,
stands lost, blunder penalties).

Top-level groups because Discord caps one top-level command at 4000 characters, which the shared
/shoot, /odds and /check groups can't hold for every game (see cogs/combat/flames_of_war.py)."""
from __future__ import annotations

import discord
from discord import app_commands

from cogs._common import L
from cogs.combat._apply import apply_result
from cogs.combat._options import find_unit, localized_params, parse_plus, roller_of, settings_for, unit_autocomplete
from cogs.combat._render import send_result
from games.procedure import ProcedureResult
from games.state_base import rules_for
from games.warmaster import combat, command, odds, other, shooting
from games.warmaster import rules as W
from i18n import UserError

GAME = "warmaster"
P = "wm.opt"
POSITIONS = [app_commands.Choice(name=L(f"wm.choice.{k}"), value=k) for k in W.TO_HIT]
CHARACTERS = [app_commands.Choice(name=L(f"wm.character.{k}"), value=k) for k in command.CHARACTERS]
WM = app_commands.Group(name=L("wm.cmd.group.name"), description=L("wm.cmd.group.desc"), guild_only=True)
WM_ROLL = app_commands.Group(name=L("wm.cmd.check.name"), description=L("wm.cmd.check.desc"), guild_only=True)
WM_ODDS = app_commands.Group(name=L("wm.cmd.odds.name"), description=L("wm.cmd.odds.desc"))
COMMANDS = [WM, WM_ROLL, WM_ODDS]
SPELLS = [app_commands.Choice(name=L(f"wm.spell.{key}"), value=key)
          for key in W.SPELLS]


async def _send(interaction: discord.Interaction, result: ProcedureResult, *, apply: bool = True) -> None:
    applied = await apply_result(interaction, result) if apply else None
    await send_result(interaction, result, applied)


def _armour(text: str | None, example: str) -> int | None:
    if text is not None and text.strip() in ("0", "-", "—"):
        return None
    return parse_plus(text, low=2, high=6, example=example)


async def _target(interaction, name, hits_per_stand, stands, pool):
    """(name, Hits per stand, stands left, hit pool) from the tracked unit, else the options."""
    unit = await find_unit(interaction, GAME, name)
    if unit is None:
        return name, hits_per_stand, stands, pool or 0
    left = rules_for(GAME).remaining(unit.working_copy())
    if left <= 0:
        raise UserError("wm.error2.destroyed", example="wm.example.shoot", unit=unit.name)
    return unit.name, unit.per, left, unit.value("hits")


# ---- /shoot wm and /odds wm-shoot ---------------------------------------------------------------

SHOOT_PARAMS = ("shots", "target", "position", "armour", "elves", "cannon", "no_saves", "armour_worse",
                "hits_per_stand", "target_stands", "pool")


def _shoot_callback(roll: bool):
    @localized_params(P, *SHOOT_PARAMS)
    @app_commands.choices(position=POSITIONS)
    async def callback(interaction: discord.Interaction, shots: app_commands.Range[int, 1, 200],
                       target: str | None = None, position: str = "open", armour: str | None = None,
                       elves: bool = False, cannon: bool = False, no_saves: bool = False, armour_worse: bool = False,
                       hits_per_stand: app_commands.Range[int, 1, 20] | None = None,
                       target_stands: app_commands.Range[int, 1, 50] | None = None,
                       pool: app_commands.Range[int, 0, 50] | None = None) -> None:
        name, per, left, before = await _target(interaction, target, hits_per_stand, target_stands, pool)
        armour_n = _armour(armour, "wm.example.shoot")
        if roll:
            result = shooting.shoot(roller_of(interaction), shots=shots, position=position, armour=armour_n,
                                    elves=elves, cannon=cannon, no_saves=no_saves, armour_worse=armour_worse,
                                    target=name, hits_per_stand=per, pool_before=before, stands=left)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.shoot_odds(shots=shots, position=position, armour=armour_n, elves=elves,
                                                     cannon=cannon, no_saves=no_saves, armour_worse=armour_worse,
                                                     hits_per_stand=per, pool_before=before, stands=left), apply=False)
    return callback


shoot_wm = WM.command(name=L("wm.cmd.shoot.name"), description=L("wm.cmd.shoot.desc"))(_shoot_callback(True))
odds_shoot = WM_ODDS.command(name=L("wm.cmd.odds_shoot.name"), description=L("wm.cmd.odds_shoot.desc"))(_shoot_callback(False))
for _cmd in (shoot_wm, odds_shoot):
    _cmd.autocomplete("target")(unit_autocomplete)


# ---- /assault wm and /odds wm-attack ------------------------------------------------------------

ATTACK_PARAMS = ("stands", "attacks", "target", "attacker", "character", "charge_open", "monster_charge",
                 "pursuit", "pursuit_cm", "terror", "flank", "confused", "extra", "position", "armour", "no_saves",
                 "hits_per_stand", "target_stands", "pool")


def _attack_callback(roll: bool):
    @localized_params(P, *ATTACK_PARAMS)
    @app_commands.choices(position=POSITIONS)
    async def callback(interaction: discord.Interaction, stands: app_commands.Range[int, 1, 50],
                       attacks: app_commands.Range[int, 0, 20], target: str | None = None,
                       attacker: str | None = None, character: app_commands.Range[int, 0, 20] = 0,
                       charge_open: bool = False, monster_charge: bool = False, pursuit: bool = False,
                       pursuit_cm: app_commands.Range[float, 0, 100] = 0, terror: bool = False, flank: bool = False,
                       confused: bool = False, extra: app_commands.Range[int, -10, 20] = 0, position: str = "open",
                       armour: str | None = None, no_saves: bool = False,
                       hits_per_stand: app_commands.Range[int, 1, 20] | None = None,
                       target_stands: app_commands.Range[int, 1, 50] | None = None,
                       pool: app_commands.Range[int, 0, 50] | None = None) -> None:
        name, per, left, before = await _target(interaction, target, hits_per_stand, target_stands, pool)
        me = await find_unit(interaction, GAME, attacker)
        if me is not None and me.has("confused"):
            confused = True           # L309: −1 attack per stand for a confused unit
        flags = dict(charge_open=charge_open, monster_charge_open=monster_charge, pursuit=pursuit,
                     pursuit_cm=pursuit_cm, terror=terror, flank=flank, confused=confused, extra=extra)
        armour_n = _armour(armour, "wm.example.attack")
        if roll:
            result = combat.attacks(roller_of(interaction), stands=stands, attacks_per_stand=attacks,
                                    character_attacks=character, target_position=position, target_armour=armour_n,
                                    no_saves=no_saves, attacker=me.name if me else attacker, target=name,
                                    hits_per_stand=per, pool_before=before, target_stands=left, **flags)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.attack_odds(stands=stands, attacks_per_stand=attacks,
                                                      character_attacks=character, target_position=position,
                                                      target_armour=armour_n, no_saves=no_saves, hits_per_stand=per,
                                                      pool_before=before, target_stands=left, **flags), apply=False)
    return callback


assault_wm = WM.command(name=L("wm.cmd.assault.name"), description=L("wm.cmd.assault.desc"))(_attack_callback(True))
odds_attack = WM_ODDS.command(name=L("wm.cmd.odds_attack.name"), description=L("wm.cmd.odds_attack.desc"))(
    _attack_callback(False))
for _cmd in (assault_wm, odds_attack):
    _cmd.autocomplete("target")(unit_autocomplete)
    _cmd.autocomplete("attacker")(unit_autocomplete)


# ---- /check wm … ---------------------------------------------------------------------------------


COMMAND_PARAMS = ("who", "command_value", "unit", "distance", "orders", "enemy_near", "dense", "stands_lost", "mad",
                  "other", "flyer", "steam_tank", "item")
ITEMS = [app_commands.Choice(name=L(f"wm.item.{k}"), value=k) for k in W.COMMAND_ITEMS]


def _command_callback(roll: bool):
    @localized_params(P, *COMMAND_PARAMS)
    @app_commands.choices(who=CHARACTERS, item=ITEMS)
    async def callback(interaction: discord.Interaction, who: str, command_value: app_commands.Range[int, 1, 12],
                       unit: str | None = None, distance: app_commands.Range[float, 0, 1000] = 0,
                       orders: app_commands.Range[int, 0, 20] = 0, enemy_near: bool = False, dense: bool = False,
                       stands_lost: app_commands.Range[int, 0, 50] | None = None,
                       mad: app_commands.Range[int, 0, 20] | None = None,
                       other: app_commands.Range[int, 0, 10] = 0, flyer: bool = False, steam_tank: bool = False,
                       item: str = "none") -> None:
        tracked = await find_unit(interaction, GAME, unit)
        if tracked is not None:
            if tracked.has("confused") and roll:
                raise UserError("wm.error2.confused", example="wm.example.command", unit=tracked.name)
            stands_lost = tracked.value("stands_lost") if stands_lost is None else stands_lost
            mad = tracked.value("command_penalty") if mad is None else mad
        kwargs = dict(character=who, command_value=command_value, distance_cm=distance, orders_given=orders,
                      enemy_near=enemy_near, dense_terrain=dense, stands_lost=stands_lost or 0,
                      blunder_penalties=mad or 0, other=other, flyer=flyer, item=item)
        if roll:
            result = command.command(roller_of(interaction), steam_tank=steam_tank,
                                     unit=tracked.name if tracked else unit,
                                     settings=await settings_for(interaction, GAME), **kwargs)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.command_odds(**kwargs), apply=False)
    return callback


command_wm = WM.command(name=L("wm.cmd.command.name"), description=L("wm.cmd.command.desc"))(_command_callback(True))
odds_command = WM_ODDS.command(name=L("wm.cmd.odds_command.name"), description=L("wm.cmd.odds_command.desc"))(
    _command_callback(False))
for _cmd in (command_wm, odds_command):
    _cmd.autocomplete("unit")(unit_autocomplete)


def _drive_back_callback(roll: bool):
    @localized_params(P, "hits", "target", "position", "skull_chukka")
    @app_commands.choices(position=POSITIONS)
    async def callback(interaction: discord.Interaction, hits: app_commands.Range[int, 0, 200],
                       target: str | None = None, position: str = "open", skull_chukka: bool = False) -> None:
        if roll:
            unit = await find_unit(interaction, GAME, target)
            await _send(interaction, shooting.drive_back(roller_of(interaction), hits=hits, position=position,
                                                         skull_chukka=skull_chukka,
                                                         target=unit.name if unit else target))
        else:
            await _send(interaction, odds.drive_back_odds(hits=hits, position=position, skull_chukka=skull_chukka),
                        apply=False)
    return callback


drive_back = WM.command(name=L("wm.cmd.drive_back.name"), description=L("wm.cmd.drive_back.desc"))(
    _drive_back_callback(True))
odds_drive_back = WM_ODDS.command(name=L("wm.cmd.odds_drive_back.name"), description=L("wm.cmd.odds_drive_back.desc"))(
    _drive_back_callback(False))
for _cmd in (drive_back, odds_drive_back):
    _cmd.autocomplete("target")(unit_autocomplete)


@WM.command(name=L("wm.cmd.combat_result.name"), description=L("wm.cmd.combat_result.desc"))
@localized_params(P, "hits_a", "hits_b", "support_a", "support_b", "losing_units", "side_a", "side_b", "round")
async def combat_result(interaction: discord.Interaction, hits_a: app_commands.Range[int, 0, 200],
                        hits_b: app_commands.Range[int, 0, 200], support_a: app_commands.Range[int, 0, 50] = 0,
                        support_b: app_commands.Range[int, 0, 50] = 0, losing_units: app_commands.Range[int, 1, 20] = 1,
                        side_a: str | None = None, side_b: str | None = None,
                        round: app_commands.Range[int, 1, 20] = 1) -> None:
    await _send(interaction, combat.combat_result(hits_a=hits_a, hits_b=hits_b, support_a=support_a,
                                                  support_b=support_b, losing_units=losing_units, side_a=side_a,
                                                  side_b=side_b, round_no=round))


@WM.command(name=L("wm.cmd.fall_back.name"), description=L("wm.cmd.fall_back.desc"))
async def fall_back(interaction: discord.Interaction) -> None:
    await _send(interaction, combat.fall_back(roller_of(interaction)))


@WM_ROLL.command(name=L("wm.cmd.left_table.name"), description=L("wm.cmd.left_table.desc"))
@localized_params(P, "unit", "stands_lost", "general")
async def left_table(interaction: discord.Interaction, unit: str | None = None,
                     stands_lost: app_commands.Range[int, 0, 50] | None = None, general: bool = False) -> None:
    tracked = await find_unit(interaction, GAME, unit)
    if tracked is not None and stands_lost is None:
        stands_lost = tracked.value("stands_lost")
    await _send(interaction, other.left_table(roller_of(interaction), stands_lost=stands_lost or 0, general=general,
                                              unit=tracked.name if tracked else unit,
                                              stands=tracked.size if tracked else None))


left_table.autocomplete("unit")(unit_autocomplete)


@WM_ROLL.command(name=L("wm.cmd.battle_length.name"), description=L("wm.cmd.battle_length.desc"))
async def battle_length(interaction: discord.Interaction) -> None:
    await _send(interaction, other.battle_length(roller_of(interaction)))


def _cast_callback(roll: bool):
    @localized_params(P, "spell", "wand", "high_elf", "spellbound")
    @app_commands.choices(spell=SPELLS)
    async def callback(interaction: discord.Interaction, spell: str, wand: bool = False, high_elf: bool = False,
                       spellbound: bool = False) -> None:
        if roll:
            await _send(interaction, other.cast(roller_of(interaction), spell=spell, wand_of_power=wand,
                                                high_elf_reroll=high_elf, spellbound=spellbound))
        else:
            await _send(interaction, odds.cast_odds(spell=spell, wand_of_power=wand, high_elf_reroll=high_elf,
                                                    spellbound=spellbound), apply=False)
    return callback


cast = WM_ROLL.command(name=L("wm.cmd.cast.name"), description=L("wm.cmd.cast.desc"))(_cast_callback(True))
odds_cast = WM_ODDS.command(name=L("wm.cmd.odds_cast.name"), description=L("wm.cmd.odds_cast.desc"))(_cast_callback(False))


@WM_ROLL.command(name=L("wm.cmd.breach.name"), description=L("wm.cmd.breach.desc"))
@localized_params(P, "hits", "gate", "damaged")
async def breach(interaction: discord.Interaction, hits: app_commands.Range[int, 1, 100], gate: bool = False,
                 damaged: bool = False) -> None:
    await _send(interaction, other.breach(roller_of(interaction), hits=hits, gate=gate, damaged=damaged))


@WM_ROLL.command(name=L("wm.cmd.ship.name"), description=L("wm.cmd.ship.desc"))
@localized_params(P, "hits", "damaged")
async def ship(interaction: discord.Interaction, hits: app_commands.Range[int, 1, 100], damaged: bool = False) -> None:
    await _send(interaction, other.ship_damage(roller_of(interaction), hits=hits, damaged=damaged))


@WM_ROLL.command(name=L("wm.cmd.boiling_oil.name"), description=L("wm.cmd.boiling_oil.desc"))
async def boiling_oil(interaction: discord.Interaction) -> None:
    await _send(interaction, other.boiling_oil(roller_of(interaction)))


@WM_ROLL.command(name=L("wm.cmd.flame_cannon.name"), description=L("wm.cmd.flame_cannon.desc"))
async def flame_cannon(interaction: discord.Interaction) -> None:
    await _send(interaction, other.flame_cannon(roller_of(interaction)))
