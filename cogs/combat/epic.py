"""Epic commands: /shoot epic, /shoot epic-barrage, /shoot epic-flak, /assault epic,
/odds epic-shoot, /odds epic-assault, /check epic <test>. Thin adapters over games/epic/:
numbers come from the options, or from the channel's game when a formation is tracked."""
from __future__ import annotations

import discord
from discord import app_commands

from cogs._common import L
from cogs.combat._apply import apply_result
from cogs.combat._groups import ASSAULT, CHECK, ODDS, SHOOT
from cogs.combat._options import (find_unit, localized_params, parse_plus, roller_of, settings_for,
                                  unit_autocomplete)
from cogs.combat._render import send_result
from games.epic import aircraft as air
from games.epic import checks, odds
from games.epic.assault import AssaultSide, assault, parse_support
from games.epic.rolls import SaveProfile
from games.epic.shooting import EpicTarget, barrage, shoot
from games.epic.weapons import parse_weapons
from games.epic.state import RULES
from games.procedure import ProcedureResult
from i18n import UserError

GAME = "epic"
P = "combat_epic.opt"
ACTION_CHOICES = [app_commands.Choice(name=L(f"combat_epic.action.{a}"), value=a)
                  for a in ("none", "double", "marshal", "sustained")]


async def _send(interaction: discord.Interaction, result: ProcedureResult, *, apply: bool = True) -> None:
    applied = await apply_result(interaction, result) if apply else None
    await send_result(interaction, result, applied)


def _saves(armour: str | None, cover_save: str | None, invulnerable: str | None, reinforced: bool) -> SaveProfile:
    return SaveProfile(armour=parse_plus(armour), cover_save=parse_plus(cover_save),
                       invulnerable=parse_plus(invulnerable), reinforced=reinforced)


async def _formation(interaction: discord.Interaction, name: str | None):
    """The tracked formation and what the book needs from it: units left, markers, broken, DC."""
    unit = await find_unit(interaction, GAME, name)
    if unit is None:
        return None, {}
    state = unit.working_copy()
    settings = await settings_for(interaction, GAME)
    left = RULES.remaining(state)
    if left <= 0:
        raise UserError("combat_epic.error.destroyed", example="combat_epic.example.shoot", unit=unit.name)
    we = unit.type == "war_engine"
    info = {"units": left, "blast": unit.value("blast_markers"), "broken": unit.has("broken"), "war_engine": we,
            # A formation breaks at the units it has left after the attack; a War Engine at the
            # state rules' threshold (starting DC unless the house rule says the DC left).
            "break_at": RULES.threshold(state, settings) if we and settings.get("epic_we_break_threshold", "start") == "start" else None,
            "size": unit.size}
    return unit, info


async def _target(interaction: discord.Interaction, target: str | None, units: int | None, blast: int | None,
                  saves: SaveProfile, in_cover: bool, broken: bool, fearless: bool, dc: int | None) -> EpicTarget:
    unit, info = await _formation(interaction, target)
    if unit is not None:
        we = info["war_engine"]
        return EpicTarget(name=unit.name, units=info["units"], blast_markers=info["blast"], saves=saves,
                          in_cover=in_cover, broken=info["broken"], fearless=fearless,
                          dc=info["units"] if we else None, break_at=info["break_at"])
    if dc is None and not units:
        raise UserError("combat_epic.error.target_units", example="combat_epic.example.shoot", target=target or "?")
    return EpicTarget(name=target, units=units or 0, blast_markers=blast or 0, saves=saves, in_cover=in_cover,
                      broken=broken, fearless=fearless, dc=dc)


# ---- /shoot epic and /odds epic-shoot --------------------------------------------------------

SHOOT_PARAMS = ("weapons", "target", "shooter", "units", "blast", "armour", "cover_save", "invulnerable",
                "reinforced", "in_cover", "action", "crossfire", "broken", "fearless", "dc")


def _shoot_callback(roll: bool):
    @localized_params(P, *SHOOT_PARAMS)
    @app_commands.choices(action=ACTION_CHOICES)
    async def callback(interaction: discord.Interaction, weapons: str, target: str | None = None,
                       shooter: str | None = None, units: app_commands.Range[int, 1, 100] | None = None,
                       blast: app_commands.Range[int, 0, 100] | None = None, armour: str | None = None,
                       cover_save: str | None = None, invulnerable: str | None = None, reinforced: bool = False,
                       in_cover: bool = False, action: str = "none", crossfire: bool = False,
                       broken: bool = False, fearless: bool = False,
                       dc: app_commands.Range[int, 1, 100] | None = None) -> None:
        arms = parse_weapons(weapons)
        saves = _saves(armour, cover_save, invulnerable, reinforced)
        tgt = await _target(interaction, target, units, blast, saves, in_cover, broken, fearless, dc)
        settings = await settings_for(interaction, GAME)
        if roll:
            result = shoot(roller_of(interaction), arms, tgt, action=action, crossfire=crossfire,
                           settings=settings, shooter=shooter)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.shoot_odds(arms, tgt, action=action, crossfire=crossfire,
                                                     settings=settings), apply=False)
    return callback


shoot_epic = SHOOT.command(name=L("combat_epic.cmd.shoot.name"), description=L("combat_epic.cmd.shoot.desc"))(
    _shoot_callback(True))
odds_shoot = ODDS.command(name=L("combat_epic.cmd.odds_shoot.name"), description=L("combat_epic.cmd.odds_shoot.desc"))(
    _shoot_callback(False))
for _cmd in (shoot_epic, odds_shoot):
    _cmd.autocomplete("target")(unit_autocomplete)
    _cmd.autocomplete("shooter")(unit_autocomplete)


# ---- /shoot epic-barrage ---------------------------------------------------------------------

@SHOOT.command(name=L("combat_epic.cmd.barrage.name"), description=L("combat_epic.cmd.barrage.desc"))
@localized_params(P, "points", "infantry", "vehicles", "target", "shooter", "units", "blast", "armour",
                  "cover_save", "invulnerable", "in_cover", "action", "crossfire", "dc", "centre", "macro")
@app_commands.choices(action=ACTION_CHOICES)
async def barrage_epic(interaction: discord.Interaction, points: app_commands.Range[int, 1, 18],
                       infantry: app_commands.Range[int, 0, 100] = 0, vehicles: app_commands.Range[int, 0, 100] = 0,
                       target: str | None = None, shooter: str | None = None,
                       units: app_commands.Range[int, 1, 100] | None = None,
                       blast: app_commands.Range[int, 0, 100] | None = None, armour: str | None = None,
                       cover_save: str | None = None, invulnerable: str | None = None, in_cover: bool = False,
                       action: str = "none", crossfire: bool = False,
                       dc: app_commands.Range[int, 1, 100] | None = None, centre: bool = False,
                       macro: bool = False) -> None:
    saves = _saves(armour, cover_save, invulnerable, False)
    tgt = await _target(interaction, target, units or max(infantry + vehicles, 1), blast, saves, in_cover,
                        False, False, dc)
    result = barrage(roller_of(interaction), points, {"AP": infantry, "AT": vehicles}, tgt, action=action,
                     crossfire=crossfire, settings=await settings_for(interaction, GAME), shooter=shooter,
                     macro=macro, we_centre=centre)
    await _send(interaction, result)


barrage_epic.autocomplete("target")(unit_autocomplete)
barrage_epic.autocomplete("shooter")(unit_autocomplete)


# ---- /shoot epic-flak --------------------------------------------------------------------------

@SHOOT.command(name=L("combat_epic.cmd.flak.name"), description=L("combat_epic.cmd.flak.desc"))
@localized_params(P, "shots", "aa", "aircraft", "armour", "moved", "intercept", "jink", "already", "dc")
async def flak_epic(interaction: discord.Interaction, shots: app_commands.Range[int, 1, 100], aa: str,
                    aircraft: str | None = None, armour: str | None = None, moved: bool = False,
                    intercept: bool = False, jink: bool = False, already: bool = False,
                    dc: app_commands.Range[int, 1, 100] | None = None) -> None:
    unit = await find_unit(interaction, GAME, aircraft)
    if unit is not None and unit.type == "war_engine" and dc is None:
        dc = RULES.remaining(unit.working_copy())
    result = air.flak(roller_of(interaction), shots, parse_plus(aa), save=parse_plus(armour), moved=moved,
                           intercept=intercept, jink=jink, already_blasted=already,
                           aircraft=unit.name if unit else aircraft, dc=dc)
    await _send(interaction, result)


flak_epic.autocomplete("aircraft")(unit_autocomplete)


# ---- /assault epic and /odds epic-assault ----------------------------------------------------

ASSAULT_PARAMS = ("attacker", "defender", "units", "cc", "ff", "contact", "extra", "armour", "invulnerable",
                  "blast", "inspiring", "fearless", "support", "d_units", "d_cc", "d_ff", "d_contact", "d_armour",
                  "d_invulnerable", "d_blast", "d_inspiring", "d_fearless", "d_support")


async def _side(interaction, name, units, cc, ff, contact, extra, armour, inv, blast, inspiring, fearless,
                support=None) -> AssaultSide:
    unit, info = await _formation(interaction, name)
    if unit is not None:
        units, blast, broken, name = info["units"], info["blast"], info["broken"], unit.name
    else:
        broken = False
    if not units:
        raise UserError("combat_epic.error.side_units", example="combat_epic.example.assault", side=name or "?")
    if contact is not None and contact > units:
        raise UserError("combat_epic.error.assault_units", example="combat_epic.example.assault")
    return AssaultSide(name=name, units=units, in_contact=contact, cc=parse_plus(cc), ff=parse_plus(ff),
                       extra_attacks=extra or 0, saves=SaveProfile(armour=parse_plus(armour), invulnerable=parse_plus(inv)),
                       blast_markers=blast or 0, broken=broken, fearless=fearless, inspiring=inspiring or 0,
                       support=parse_support(support))


def _assault_callback(roll: bool):
    @localized_params(P, *ASSAULT_PARAMS)
    async def callback(interaction: discord.Interaction, attacker: str | None = None, defender: str | None = None,
                       units: app_commands.Range[int, 1, 100] | None = None, cc: str | None = "4+",
                       ff: str | None = None, contact: app_commands.Range[int, 0, 100] | None = None,
                       extra: app_commands.Range[int, 0, 100] = 0, armour: str | None = None,
                       invulnerable: str | None = None, blast: app_commands.Range[int, 0, 100] | None = None,
                       inspiring: app_commands.Range[int, 0, 100] = 0, fearless: bool = False,
                       support: str | None = None, d_units: app_commands.Range[int, 1, 100] | None = None, d_cc: str | None = "4+",
                       d_ff: str | None = None, d_contact: app_commands.Range[int, 0, 100] | None = None,
                       d_armour: str | None = None, d_invulnerable: str | None = None,
                       d_blast: app_commands.Range[int, 0, 100] | None = None,
                       d_inspiring: app_commands.Range[int, 0, 100] = 0, d_fearless: bool = False,
                       d_support: str | None = None) -> None:
        a = await _side(interaction, attacker, units, cc, ff, contact, extra, armour, invulnerable, blast,
                        inspiring, fearless, support)
        d = await _side(interaction, defender, d_units, d_cc, d_ff, d_contact, 0, d_armour, d_invulnerable,
                        d_blast, d_inspiring, d_fearless, d_support)
        settings = await settings_for(interaction, GAME)
        if roll:
            await _send(interaction, assault(roller_of(interaction), a, d, settings=settings))
        else:
            await _send(interaction, odds.assault_odds(a, d, settings=settings), apply=False)
    return callback


assault_epic = ASSAULT.command(name=L("combat_epic.cmd.assault.name"), description=L("combat_epic.cmd.assault.desc"))(
    _assault_callback(True))
odds_assault = ODDS.command(name=L("combat_epic.cmd.odds_assault.name"),
                            description=L("combat_epic.cmd.odds_assault.desc"))(_assault_callback(False))
for _cmd in (assault_epic, odds_assault):
    _cmd.autocomplete("attacker")(unit_autocomplete)
    _cmd.autocomplete("defender")(unit_autocomplete)


# ---- /check epic … -----------------------------------------------------------------------------

EPIC_CHECK = app_commands.Group(name=L("combat_epic.cmd.check.name"), description=L("combat_epic.cmd.check.desc"),
                                parent=CHECK)


@EPIC_CHECK.command(name=L("combat_epic.cmd.action.name"), description=L("combat_epic.cmd.action.desc"))
@localized_params(P, "initiative", "formation", "blast", "retaining", "aircraft_formation")
async def check_action(interaction: discord.Interaction, initiative: str, formation: str | None = None,
                       blast: app_commands.Range[int, 0, 100] | None = None, retaining: bool = False,
                       aircraft_formation: bool = False) -> None:
    unit, info = await _formation(interaction, formation)
    markers = info.get("blast", blast or 0)
    result = checks.action_test(roller_of(interaction), parse_plus(initiative, low=1), blast_markers=markers,
                                retaining=retaining, aircraft=aircraft_formation,
                                formation=unit.name if unit else formation)
    await _send(interaction, result)


@EPIC_CHECK.command(name=L("combat_epic.cmd.regroup.name"), description=L("combat_epic.cmd.regroup.desc"))
@localized_params(P, "formation", "blast", "leaders")
async def check_regroup(interaction: discord.Interaction, formation: str | None = None,
                        blast: app_commands.Range[int, 0, 100] | None = None,
                        leaders: app_commands.Range[int, 0, 10] = 0) -> None:
    unit, info = await _formation(interaction, formation)
    result = checks.regroup(roller_of(interaction), info.get("blast", blast or 0), leaders=leaders,
                            formation=unit.name if unit else formation)
    await _send(interaction, result)


@EPIC_CHECK.command(name=L("combat_epic.cmd.rally.name"), description=L("combat_epic.cmd.rally.desc"))
@localized_params(P, "initiative", "formation", "blast", "broken", "units", "enemy_near", "leaders")
async def check_rally(interaction: discord.Interaction, initiative: str, formation: str | None = None,
                      blast: app_commands.Range[int, 0, 100] | None = None, broken: bool = False,
                      units: app_commands.Range[int, 1, 100] | None = None, enemy_near: bool = False,
                      leaders: app_commands.Range[int, 0, 10] = 0) -> None:
    unit, info = await _formation(interaction, formation)
    result = checks.rally(roller_of(interaction), parse_plus(initiative, low=1),
                          blast_markers=info.get("blast", blast or 0), broken=info.get("broken", broken),
                          units=info.get("units", units or 1), enemy_within_30=enemy_near, leaders=leaders,
                          formation=unit.name if unit else formation,
                          settings=await settings_for(interaction, GAME))
    await _send(interaction, result)


@EPIC_CHECK.command(name=L("combat_epic.cmd.strategy.name"), description=L("combat_epic.cmd.strategy.desc"))
@localized_params(P, "rating_a", "rating_b", "side_a", "side_b")
async def check_strategy(interaction: discord.Interaction, rating_a: app_commands.Range[int, 0, 10],
                         rating_b: app_commands.Range[int, 0, 10], side_a: str = "A", side_b: str = "B") -> None:
    await _send(interaction, checks.strategy_roll(roller_of(interaction), rating_a, rating_b,
                                                  name_a=side_a, name_b=side_b))


@EPIC_CHECK.command(name=L("combat_epic.cmd.dangerous.name"), description=L("combat_epic.cmd.dangerous.desc"))
@localized_params(P, "units", "formation", "careful")
async def check_dangerous(interaction: discord.Interaction, units: app_commands.Range[int, 1, 100] = 1,
                          formation: str | None = None, careful: bool = False) -> None:
    unit, info = await _formation(interaction, formation)
    result = checks.dangerous_terrain(roller_of(interaction), units, careful=careful,
                                      war_engine=info.get("war_engine", False),
                                      formation=unit.name if unit else formation)
    await _send(interaction, result)


@EPIC_CHECK.command(name=L("combat_epic.cmd.we_damage.name"), description=L("combat_epic.cmd.we_damage.desc"))
@localized_params(P, "hits", "formation", "dc", "tk")
@app_commands.choices(tk=[app_commands.Choice(name=L(f"combat_epic.tk.{k}"), value=v)
                          for k, v in (("one", "1"), ("d3", "D3"), ("d6", "D6"))])
async def check_we_damage(interaction: discord.Interaction, hits: app_commands.Range[int, 1, 100],
                          formation: str | None = None, dc: app_commands.Range[int, 1, 100] | None = None,
                          tk: str | None = None) -> None:
    unit, info = await _formation(interaction, formation)
    left = info["units"] if unit is not None else dc
    if not left:
        raise UserError("combat_epic.error.we_dc", example="combat_epic.example.damage")
    result = checks.war_engine_damage(roller_of(interaction), hits, dc=left, titan_killer=tk,
                                      formation=unit.name if unit else formation)
    await _send(interaction, result)


for _cmd in (check_action, check_regroup, check_rally, check_dangerous, check_we_damage):
    _cmd.autocomplete("formation")(unit_autocomplete)
