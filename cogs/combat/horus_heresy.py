"""Horus Heresy commands: /shoot hh, /shoot hh-vehicle, /assault hh, /odds hh-shoot|hh-vehicle|
hh-assault, /check hh leadership|morale|pinning|fall-back|charge|reaction. Numbers come from the
options; a tracked unit or vehicle supplies models, wounds taken and hull points left."""
from __future__ import annotations

import discord
from discord import app_commands

from cogs._common import L
from cogs.combat._apply import apply_result
from cogs.combat._groups import ASSAULT, CHECK, ODDS, SHOOT
from cogs.combat._options import (channel_game, find_unit, localized_params, parse_plus, roller_of, settings_for,
                                  store_of, unit_autocomplete)
from cogs.combat._render import send_result
from games.horus_heresy import checks, odds
from games.horus_heresy.melee import fight, fighter_from, parse_profile
from games.horus_heresy.rolls import Saves
from games.horus_heresy.shooting import HHTarget, HHWeapon, shoot
from games.horus_heresy.special_rules import parse_rules
from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
from games.procedure import ProcedureResult
from i18n import Msg, UserError

GAME = "horus_heresy"
P = "combat_hh.opt"
WEAPON_RULES = ("twin_linked", "preferred_enemy", "rending", "poisoned", "fleshbane", "shred", "gets_hot", "sniper",
                "ignores_cover", "pinning", "snap")
VEHICLE_RULES = ("twin_linked", "preferred_enemy", "rending", "gets_hot", "ignores_cover", "snap", "armourbane", "lance")
FIGHTER_RULES = ("rending", "poisoned", "fleshbane", "shred", "preferred_enemy", "hatred", "fearless",
                 "eternal_warrior", "fnp")
MODE_CHOICES = [app_commands.Choice(name=L(f"combat_hh.mode.{m}"), value=m) for m in ("normal", "ordnance", "destroyer")]


async def _send(interaction: discord.Interaction, result: ProcedureResult, *, apply: bool = True) -> None:
    applied = await apply_result(interaction, result) if apply else None
    await send_result(interaction, result, applied)


def parse_ap(text: str | None) -> int | None:
    if text is None or str(text).strip() in ("", "-", "—"):
        return None
    value = str(text).strip().upper().removeprefix("AP")
    if not value.isdigit() or not 1 <= int(value) <= 6:
        raise UserError("combat_hh.error.ap", example="combat_hh.example.shoot", text=text)
    return int(value)


def _state_of(unit) -> dict:
    """Models left and wounds on the wounded model (units), or hull points left (vehicles)."""
    if unit.type == "vehicle":
        return {"vehicle": True, "hull_points": unit.size - unit.value("hull_points"),
                "immobilised": unit.has("immobilised")}
    lost = unit.value("wounds")
    return {"vehicle": False, "models": unit.size - lost // unit.per, "wounds": unit.per, "damage": lost % unit.per,
            "pinned": unit.has("pinned")}


def _weapon(shots: int, strength: int, ap: str | None, rules: str | None, allowed) -> tuple[HHWeapon, dict]:
    flags = parse_rules(rules, allowed)
    extra = {k: flags.pop(k) for k in ("armourbane", "lance") if k in flags}
    return HHWeapon(shots=shots, strength=strength, ap=parse_ap(ap), **flags), extra


async def _target(interaction, name, toughness, models, wounds, save, invulnerable, cover, shrouded, fnp,
                  eternal_warrior, fearless, leadership) -> HHTarget:
    unit = await find_unit(interaction, GAME, name)
    saves = Saves(armour=parse_plus(save), invulnerable=parse_plus(invulnerable), cover=parse_plus(cover))
    common = dict(toughness=toughness, saves=saves, shrouded=parse_plus(shrouded), fnp=parse_plus(fnp),
                  eternal_warrior=eternal_warrior, fearless=fearless, leadership=leadership)
    if unit is not None:
        state = _state_of(unit)
        if state["vehicle"]:
            raise UserError("combat_hh.error.not_vehicle", example="combat_hh.example.vehicle", unit=unit.name)
        if state["models"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.shoot", unit=unit.name)
        return HHTarget(name=unit.name, models=state["models"], wounds=state["wounds"], damage=state["damage"],
                        pinned=state["pinned"], **common)
    if not models:
        raise UserError("combat_hh.error.target_models", example="combat_hh.example.shoot", target=name or "?")
    return HHTarget(name=name, models=models, wounds=wounds or 1, **common)


# ---- /shoot hh and /odds hh-shoot ------------------------------------------------------------

SHOOT_PARAMS = ("strength", "toughness", "bs", "shots", "hits", "ap", "rules", "target", "shooter", "models", "wounds",
                "save", "invulnerable", "cover", "shrouded", "fnp", "eternal_warrior", "fearless", "leadership")


def _shoot_callback(roll: bool):
    @localized_params(P, *SHOOT_PARAMS)
    async def callback(interaction: discord.Interaction, strength: app_commands.Range[int, 1, 10],
                       toughness: app_commands.Range[int, 1, 10], bs: app_commands.Range[int, 1, 10] | None = None,
                       shots: app_commands.Range[int, 1, 100] = 1, hits: app_commands.Range[int, 1, 100] | None = None,
                       ap: str | None = None, rules: str | None = None,
                       target: str | None = None, shooter: str | None = None,
                       models: app_commands.Range[int, 1, 200] | None = None,
                       wounds: app_commands.Range[int, 1, 20] | None = None, save: str | None = None,
                       invulnerable: str | None = None, cover: str | None = None, shrouded: str | None = None,
                       fnp: str | None = None, eternal_warrior: bool = False, fearless: bool = False,
                       leadership: app_commands.Range[int, 0, 12] | None = None) -> None:
        if bs is None and hits is None:
            raise UserError("combat_hh.error.bs_or_hits", example="combat_hh.example.shoot")
        weapon, _ = _weapon(shots, strength, ap, rules, WEAPON_RULES)
        tgt = await _target(interaction, target, toughness, models, wounds, save, invulnerable, cover, shrouded, fnp,
                            eternal_warrior, fearless, leadership)
        settings = await settings_for(interaction, GAME)
        if roll:
            result = shoot(roller_of(interaction), bs, weapon, tgt, settings=settings, shooter=shooter, hits=hits)
            result.notes.append(Msg.of("combat_hh.note.reaction_timing",
                                       timing=Msg.of(f"combat_hh.house.reaction_timing.{settings['hh_reaction_timing']}")))
            await _send(interaction, result)
        else:
            await _send(interaction, odds.shoot_odds(bs, weapon, tgt, hits=hits), apply=False)
    return callback


shoot_hh = SHOOT.command(name=L("combat_hh.cmd.shoot.name"), description=L("combat_hh.cmd.shoot.desc"))(_shoot_callback(True))
odds_hh_shoot = ODDS.command(name=L("combat_hh.cmd.odds_shoot.name"),
                             description=L("combat_hh.cmd.odds_shoot.desc"))(_shoot_callback(False))


# ---- /shoot hh-vehicle and /odds hh-vehicle ------------------------------------------------------

VEHICLE_PARAMS = ("strength", "armour", "bs", "shots", "hits", "ap", "mode", "rules", "target", "shooter",
                  "hull_points", "cover", "invulnerable", "shrouded")


async def _vehicle(interaction, name, armour, hull_points, cover, invulnerable, shrouded) -> HHVehicle:
    unit = await find_unit(interaction, GAME, name)
    saves = Saves(cover=parse_plus(cover), invulnerable=parse_plus(invulnerable))
    if unit is not None:
        state = _state_of(unit)
        if not state["vehicle"]:
            raise UserError("combat_hh.error.vehicle_hp", example="combat_hh.example.vehicle", target=unit.name)
        if state["hull_points"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.vehicle", unit=unit.name)
        return HHVehicle(unit.name, armour, state["hull_points"], saves, parse_plus(shrouded), state["immobilised"])
    if not hull_points:
        raise UserError("combat_hh.error.vehicle_hp", example="combat_hh.example.vehicle", target=name or "?")
    return HHVehicle(name, armour, hull_points, saves, parse_plus(shrouded))


def _vehicle_callback(roll: bool):
    @localized_params(P, *VEHICLE_PARAMS)
    @app_commands.choices(mode=MODE_CHOICES)
    async def callback(interaction: discord.Interaction, strength: app_commands.Range[int, 1, 10],
                       armour: app_commands.Range[int, 9, 14], bs: app_commands.Range[int, 1, 10] | None = None,
                       shots: app_commands.Range[int, 1, 100] = 1, hits: app_commands.Range[int, 1, 100] | None = None,
                       ap: str | None = None, mode: str = "normal", rules: str | None = None,
                       target: str | None = None, shooter: str | None = None,
                       hull_points: app_commands.Range[int, 1, 50] | None = None, cover: str | None = None,
                       invulnerable: str | None = None, shrouded: str | None = None) -> None:
        if bs is None and hits is None:
            raise UserError("combat_hh.error.bs_or_hits", example="combat_hh.example.vehicle")
        weapon, extra = _weapon(shots, strength, ap, rules, VEHICLE_RULES)
        vehicle = await _vehicle(interaction, target, armour, hull_points, cover, invulnerable, shrouded)
        if roll:
            result = shoot_vehicle(roller_of(interaction), bs, weapon, vehicle, mode=mode,
                                   armourbane=bool(extra.get("armourbane")), lance=bool(extra.get("lance")),
                                   hits=hits, shooter=shooter)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.vehicle_odds(bs, weapon, vehicle, mode=mode,
                                                       armourbane=bool(extra.get("armourbane")),
                                                       lance=bool(extra.get("lance")), hits=hits), apply=False)
    return callback


shoot_hh_vehicle = SHOOT.command(name=L("combat_hh.cmd.vehicle.name"),
                                 description=L("combat_hh.cmd.vehicle.desc"))(_vehicle_callback(True))
odds_hh_vehicle = ODDS.command(name=L("combat_hh.cmd.odds_vehicle.name"),
                               description=L("combat_hh.cmd.odds_vehicle.desc"))(_vehicle_callback(False))


# ---- /assault hh and /odds hh-assault ----------------------------------------------------------

FIGHT_PARAMS = ("attacker_profile", "defender_profile", "attacker", "defender", "attacker_models", "defender_models",
                "attacker_rules", "defender_rules")


async def _fighter(interaction, name, profile, models, rules):
    flags = parse_rules(rules, FIGHTER_RULES)
    stats = parse_profile(profile)
    unit = await find_unit(interaction, GAME, name)
    damage = 0
    if unit is not None:
        state = _state_of(unit)
        if state["vehicle"] or state["models"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.assault", unit=unit.name)
        models, damage, name = state["models"], state["damage"], unit.name
        stats.setdefault("w", state["wounds"])
    if not models:
        raise UserError("combat_hh.error.target_models", example="combat_hh.example.assault", target=name or "?")
    return fighter_from(stats, name=name, models=models, damage=damage, **flags)


def _fight_callback(roll: bool):
    @localized_params(P, *FIGHT_PARAMS)
    async def callback(interaction: discord.Interaction, attacker_profile: str, defender_profile: str,
                       attacker: str | None = None, defender: str | None = None,
                       attacker_models: app_commands.Range[int, 1, 200] | None = None,
                       defender_models: app_commands.Range[int, 1, 200] | None = None,
                       attacker_rules: str | None = None, defender_rules: str | None = None) -> None:
        a = await _fighter(interaction, attacker, attacker_profile, attacker_models, attacker_rules)
        d = await _fighter(interaction, defender, defender_profile, defender_models, defender_rules)
        settings = await settings_for(interaction, GAME)
        if roll:
            await _send(interaction, fight(roller_of(interaction), a, d, settings=settings))
        else:
            await _send(interaction, odds.fight_odds(a, d, settings=settings), apply=False)
    return callback


assault_hh = ASSAULT.command(name=L("combat_hh.cmd.assault.name"), description=L("combat_hh.cmd.assault.desc"))(
    _fight_callback(True))
odds_hh_assault = ODDS.command(name=L("combat_hh.cmd.odds_assault.name"),
                               description=L("combat_hh.cmd.odds_assault.desc"))(_fight_callback(False))

for _cmd in (shoot_hh, odds_hh_shoot, shoot_hh_vehicle, odds_hh_vehicle):
    _cmd.autocomplete("target")(unit_autocomplete)
    _cmd.autocomplete("shooter")(unit_autocomplete)
for _cmd in (assault_hh, odds_hh_assault):
    _cmd.autocomplete("attacker")(unit_autocomplete)
    _cmd.autocomplete("defender")(unit_autocomplete)


# ---- /check hh … --------------------------------------------------------------------------------

HH_CHECK = app_commands.Group(name=L("combat_hh.cmd.check.name"), description=L("combat_hh.cmd.check.desc"),
                              parent=CHECK)


async def _unit_name(interaction, name):
    unit = await find_unit(interaction, GAME, name)
    return unit, (unit.name if unit else name)


@HH_CHECK.command(name=L("combat_hh.cmd.leadership.name"), description=L("combat_hh.cmd.leadership.desc"))
@localized_params(P, "leadership", "modifier", "unit")
async def check_leadership(interaction: discord.Interaction, leadership: app_commands.Range[int, 0, 12],
                           modifier: app_commands.Range[int, -10, 10] = 0, unit: str | None = None) -> None:
    _, name = await _unit_name(interaction, unit)
    await _send(interaction, checks.leadership_test(roller_of(interaction), leadership, modifier=modifier, unit=name))


@HH_CHECK.command(name=L("combat_hh.cmd.morale.name"), description=L("combat_hh.cmd.morale.desc"))
@localized_params(P, "leadership", "lost_by", "unit", "fearless")
async def check_morale(interaction: discord.Interaction, leadership: app_commands.Range[int, 0, 12],
                       lost_by: app_commands.Range[int, 0, 20] = 0, unit: str | None = None,
                       fearless: bool = False) -> None:
    _, name = await _unit_name(interaction, unit)
    await _send(interaction, checks.morale_check(roller_of(interaction), leadership, lost_by=lost_by,
                                                 fearless=fearless, unit=name))


@HH_CHECK.command(name=L("combat_hh.cmd.pinning.name"), description=L("combat_hh.cmd.pinning.desc"))
@localized_params(P, "leadership", "modifier", "unit", "fearless")
async def check_pinning(interaction: discord.Interaction, leadership: app_commands.Range[int, 0, 12],
                        modifier: app_commands.Range[int, -10, 10] = 0, unit: str | None = None,
                        fearless: bool = False) -> None:
    tracked, name = await _unit_name(interaction, unit)
    pinned = bool(tracked and tracked.has("pinned"))
    await _send(interaction, checks.pinning_test(roller_of(interaction), leadership, modifier=modifier,
                                                 fearless=fearless, already_pinned=pinned, unit=name))


@HH_CHECK.command(name=L("combat_hh.cmd.fall_back.name"), description=L("combat_hh.cmd.fall_back.desc"))
@localized_params(P, "unit", "cavalry")
async def check_fall_back(interaction: discord.Interaction, unit: str | None = None, cavalry: bool = False) -> None:
    _, name = await _unit_name(interaction, unit)
    await _send(interaction, checks.fall_back(roller_of(interaction), cavalry=cavalry, unit=name))


@HH_CHECK.command(name=L("combat_hh.cmd.charge.name"), description=L("combat_hh.cmd.charge.desc"))
@localized_params(P, "movement", "distance", "difficult", "fleet", "unit")
async def check_charge(interaction: discord.Interaction, movement: app_commands.Range[int, 0, 99],
                       distance: app_commands.Range[float, 0, 12] | None = None, difficult: bool = False,
                       fleet: app_commands.Range[int, 0, 6] = 0, unit: str | None = None) -> None:
    _, name = await _unit_name(interaction, unit)
    await _send(interaction, checks.charge(roller_of(interaction), movement, difficult=difficult, fleet=fleet,
                                           distance=distance, unit=name))


@HH_CHECK.command(name=L("combat_hh.cmd.reaction.name"), description=L("combat_hh.cmd.reaction.desc"))
@localized_params(P, "unit", "bonus")
async def check_reaction(interaction: discord.Interaction, unit: str, bonus: app_commands.Range[int, 0, 2] = 0) -> None:
    """Record a reaction in the channel's game: one per unit per phase, at most the allowance
    (base 1 + bonuses, never above 3) per side per phase (l.425–460)."""
    from games.horus_heresy.reactions import reaction

    tracked = await find_unit(interaction, GAME, unit)
    game = await channel_game(interaction, GAME)
    if tracked is None or game is None:
        raise UserError("combat_hh.error.reaction_untracked", example="combat_hh.example.reaction", unit=unit)
    guild_id, channel_id = interaction.guild_id or 0, interaction.channel_id or 0
    _, units = await store_of(interaction).units(guild_id, channel_id)
    used = sum(u.value("reactions") for u in units if u.side == tracked.side)
    result = reaction(tracked.name, used, tracked.value("reactions") > 0, bonus=bonus,
                      blocked=any(tracked.has(s) for s in ("pinned", "falling_back")),
                      phase=game.phase, settings=await settings_for(interaction, GAME))
    await _send(interaction, result)


@HH_CHECK.command(name=L("combat_hh.cmd.sweep.name"), description=L("combat_hh.cmd.sweep.desc"))
@localized_params(P, "winner_initiative", "loser_initiative", "unit", "winner_crusader", "loser_crusader")
async def check_sweep(interaction: discord.Interaction, winner_initiative: app_commands.Range[int, 1, 10],
                      loser_initiative: app_commands.Range[int, 1, 10], unit: str | None = None,
                      winner_crusader: bool = False, loser_crusader: bool = False) -> None:
    tracked, name = await _unit_name(interaction, unit)
    models = _state_of(tracked).get("models") if tracked is not None else None
    await _send(interaction, checks.sweeping_advance(roller_of(interaction), winner_initiative, loser_initiative,
                                                     winner_crusader=winner_crusader, loser_crusader=loser_crusader,
                                                     loser=name, loser_models=models,
                                                     settings=await settings_for(interaction, GAME)))


for _cmd in (check_leadership, check_morale, check_pinning, check_fall_back, check_charge, check_reaction, check_sweep):
    _cmd.autocomplete("unit")(unit_autocomplete)
