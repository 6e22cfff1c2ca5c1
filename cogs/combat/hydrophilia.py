"""Гидрофилия commands: /hydro attack|artillery|damage|drone|fall|move|odds-attack|odds-artillery.
Wounds and statuses go to the tracked models of the channel's game.

One top-level group because Discord caps one top-level command at 4000 characters, which the
shared /shoot, /odds and /check groups can't hold for every game (see cogs/combat/flames_of_war.py)."""
from __future__ import annotations

import re

import discord
from discord import app_commands

from cogs._common import L
from cogs.combat._apply import apply_result
from cogs.combat._options import find_unit, localized_params, roller_of, settings_for, unit_autocomplete
from cogs.combat._render import send_result
from games.hydrophilia import attack as A
from games.hydrophilia import odds, other
from games.hydrophilia import rules as H
from games.procedure import ProcedureResult
from i18n import UserError

GAME = "hydrophilia"
P = "hydro.opt"
DAMAGE_TYPES = [app_commands.Choice(name=L(f"hydro.choice.{k}"), value=k) for k in H.DAMAGE_TYPES]
COVERS = [app_commands.Choice(name=L(f"hydro.choice.{k}"), value=k) for k in H.DEFENCE_BONUS]
HYDRO = app_commands.Group(name=L("hydro.cmd.group.name"), description=L("hydro.cmd.group.desc"), guild_only=True)
COMMANDS = [HYDRO]
_DAMAGE = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{1,2})\s*$")


async def _send(interaction: discord.Interaction, result: ProcedureResult, *, apply: bool = True) -> None:
    applied = await apply_result(interaction, result) if apply else None
    await send_result(interaction, result, applied)


def parse_defence(text: str, example: str = "hydro.example.attack") -> int | None:
    """A stat value 1–7, or a dash: immune (L308)."""
    value = text.strip()
    if value in ("-", "—", "–"):
        return None
    if not value.isdigit() or not 1 <= int(value) <= 7:
        raise UserError("hydro.error.bad_defence", example=example, value=text)
    return int(value)


def parse_artillery_damage(text: str) -> tuple[int, int]:
    match = _DAMAGE.match(text or "")
    if not match:
        raise UserError("hydro.error.bad_damage", example="hydro.example.artillery")
    return int(match.group(1)), int(match.group(2))


def parse_targets(text: str) -> list[A.ArtilleryTarget]:
    """"Vika:9:4, Drone:8:-" (name:dodge:defence[:cover])."""
    out = []
    for part in (text or "").split(","):
        if not part.strip():
            continue
        bits = [b.strip() for b in part.split(":")]
        if len(bits) not in (3, 4) or not bits[0] or not bits[1].isdigit():
            raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
        cover = bits[3] if len(bits) == 4 else "none"
        if cover not in H.DEFENCE_BONUS:
            raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
        out.append(A.ArtilleryTarget(bits[0], int(bits[1]), parse_defence(bits[2], "hydro.example.artillery"), cover))
    if not out:
        raise UserError("hydro.error.bad_targets", example="hydro.example.artillery")
    return out


async def _model(interaction, name: str | None) -> str | None:
    unit = await find_unit(interaction, GAME, name)
    if unit is None:
        return name
    if unit.has("destroyed"):
        raise UserError("hydro.error2.destroyed", example="hydro.example.attack", unit=unit.name)
    return unit.name


# ---- /shoot hydro, /assault hydro, /odds hydro-attack ------------------------------------------

ATTACK_PARAMS = ("skill", "dodge", "damage", "defence", "damage_type", "target", "attacker", "ap_cost", "cover", "overlap",
                 "melee", "repeat", "shotgun", "armour_piercing", "pierce", "extra_dodge", "extra_skill")


def _attack_callback(roll: bool):
    @localized_params(P, *ATTACK_PARAMS)
    @app_commands.choices(damage_type=DAMAGE_TYPES, cover=COVERS)
    async def callback(interaction: discord.Interaction, skill: app_commands.Range[int, -10, 20],
                       dodge: app_commands.Range[int, 0, 40], damage: app_commands.Range[int, 0, 60], defence: str,
                       damage_type: str = "physical", target: str | None = None, attacker: str | None = None,
                       ap_cost: app_commands.Range[int, 0, 5] = 0, cover: str = "none", overlap: bool = False, melee: bool = False, repeat: bool = False,
                       shotgun: bool = False, armour_piercing: bool = False,
                       pierce: app_commands.Range[int, 0, 4] = 0, extra_dodge: app_commands.Range[int, -20, 20] = 0,
                       extra_skill: app_commands.Range[int, -20, 20] = 0) -> None:
        kwargs = dict(skill=skill, dodge=dodge, damage=damage, defence=parse_defence(defence), damage_type=damage_type,
                      cover=cover, overlap=overlap, melee=melee, repeat_attack=repeat, shotgun=shotgun,
                      armour_piercing=armour_piercing, pierce=pierce, extra_dodge=extra_dodge,
                      extra_skill=extra_skill)
        if roll:
            result = A.attack(roller_of(interaction), attacker=await _model(interaction, attacker) if attacker else None,
                              target=await _model(interaction, target), ap_cost=ap_cost, **kwargs)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.attack_odds(**kwargs), apply=False)
    return callback


shoot_hydro = HYDRO.command(name=L("hydro.cmd.attack.name"), description=L("hydro.cmd.attack.desc"))(_attack_callback(True))
odds_attack = HYDRO.command(name=L("hydro.cmd.odds_attack.name"), description=L("hydro.cmd.odds_attack.desc"))(
    _attack_callback(False))
for _cmd in (shoot_hydro, odds_attack):
    _cmd.autocomplete("target")(unit_autocomplete)
    _cmd.autocomplete("attacker")(unit_autocomplete)


# ---- /shoot hydro-artillery and /odds hydro-artillery ------------------------------------------

@HYDRO.command(name=L("hydro.cmd.artillery.name"), description=L("hydro.cmd.artillery.desc"))
@localized_params(P, "skill", "artillery_damage", "targets", "damage_type")
@app_commands.choices(damage_type=DAMAGE_TYPES)
async def artillery_hydro(interaction: discord.Interaction, skill: app_commands.Range[int, -10, 20],
                          artillery_damage: str, targets: str, damage_type: str = "physical") -> None:
    precise, imprecise = parse_artillery_damage(artillery_damage)
    resolved = []
    for t in parse_targets(targets):
        name = await _model(interaction, t.name)
        resolved.append(A.ArtilleryTarget(name, t.dodge, t.defence, t.cover))
    await _send(interaction, A.artillery(roller_of(interaction), skill=skill, targets=resolved,
                                         precise_damage=precise, imprecise_damage=imprecise, damage_type=damage_type))


@HYDRO.command(name=L("hydro.cmd.odds_artillery.name"), description=L("hydro.cmd.odds_artillery.desc"))
@localized_params(P, "skill", "dodge", "artillery_damage", "defence", "cover")
@app_commands.choices(cover=COVERS)
async def odds_artillery(interaction: discord.Interaction, skill: app_commands.Range[int, -10, 20],
                         dodge: app_commands.Range[int, 0, 40], artillery_damage: str, defence: str,
                         cover: str = "none") -> None:
    precise, imprecise = parse_artillery_damage(artillery_damage)
    await _send(interaction, odds.artillery_odds(skill=skill, dodge=dodge, precise_damage=precise,
                                                 imprecise_damage=imprecise, defence=parse_defence(defence),
                                                 cover=cover), apply=False)


# ---- /check hydro … -------------------------------------------------------------------------------



@HYDRO.command(name=L("hydro.cmd.damage.name"), description=L("hydro.cmd.damage.desc"))
@localized_params(P, "dice", "defence", "damage_type", "target", "armour_piercing")
@app_commands.choices(damage_type=DAMAGE_TYPES)
async def damage(interaction: discord.Interaction, dice: app_commands.Range[int, 0, 60], defence: str,
                 damage_type: str = "physical", target: str | None = None, armour_piercing: bool = False) -> None:
    await _send(interaction, A.damage_only(roller_of(interaction), dice=dice, defence=parse_defence(defence),
                                           damage_type=damage_type, armour_piercing=armour_piercing,
                                           target=await _model(interaction, target)))


@HYDRO.command(name=L("hydro.cmd.drone.name"), description=L("hydro.cmd.drone.desc"))
@localized_params(P, "drone_name")
async def drone(interaction: discord.Interaction, drone_name: str | None = None) -> None:
    unit = await find_unit(interaction, GAME, drone_name)
    await _send(interaction, other.drone_break(roller_of(interaction), drone=await _model(interaction, drone_name),
                                               wounds_to_destroy=unit.size if unit else None))


@HYDRO.command(name=L("hydro.cmd.fall.name"), description=L("hydro.cmd.fall.desc"))
@localized_params(P, "floors", "model", "flying")
async def fall(interaction: discord.Interaction, floors: app_commands.Range[int, 0, 50], model: str | None = None,
               flying: bool = False) -> None:
    await _send(interaction, other.fall(floors=floors, flying=flying, model=await _model(interaction, model),
                                        settings=await settings_for(interaction, GAME)))


@HYDRO.command(name=L("hydro.cmd.move.name"), description=L("hydro.cmd.move.desc"))
@localized_params(P, "move", "number", "attacked")
async def move(interaction: discord.Interaction, move: app_commands.Range[float, 0, 100],
               number: app_commands.Range[int, 1, 10] = 1, attacked: bool = False) -> None:
    await _send(interaction, other.move_allowance(move=move, move_number=number, attacked=attacked), apply=False)


@HYDRO.command(name=L("hydro.cmd.game_length.name"), description=L("hydro.cmd.game_length.desc"))
async def game_length(interaction: discord.Interaction) -> None:
    await _send(interaction, other.game_length(roller_of(interaction)), apply=False)


damage.autocomplete("target")(unit_autocomplete)
drone.autocomplete("drone_name")(unit_autocomplete)
fall.autocomplete("model")(unit_autocomplete)
