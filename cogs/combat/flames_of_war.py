"""Flames of War commands: /fow shoot|artillery|assault, /fow-test <test>, /fow-odds
shoot|artillery|assault|test. Thin adapters over games/flames_of_war/: numbers come from the
options, or from the channel's game when the unit is tracked.

Why top-level groups and not `/shoot fow`: Discord caps one top-level command, with all its
subcommands, options and choices, at 4000 characters; the shared /shoot, /odds and /check groups
can't hold five games' options (cogs/combat/_groups.py), so each of these games gets its own."""
from __future__ import annotations

import discord
from discord import app_commands

from cogs._common import L
from cogs.combat._apply import apply_result
from cogs.combat._options import find_unit, localized_params, parse_plus, roller_of, settings_for, unit_autocomplete
from cogs.combat._render import send_result
from games.flames_of_war import artillery, assault, checks, odds, shooting
from games.flames_of_war import ratings as R
from games.procedure import ProcedureResult
from games.state_base import rules_for
from i18n import UserError

GAME = "flames_of_war"
P = "fow.opt"
SKILLS = [app_commands.Choice(name=L(f"fow.choice.{k}"), value=k) for k in R.IS_HIT_ON]
MOTIVATIONS = [app_commands.Choice(name=L(f"fow.choice.{k}"), value=k) for k in R.MOTIVATION]
TESTS = [app_commands.Choice(name=L(f"fow.choice.{k}"), value=k) for k in checks.MOTIVATION_TESTS]
ATTEMPTS = [app_commands.Choice(name=L(f"fow.choice.attempt{n}"), value=n) for n in (1, 2, 3)]

FOW = app_commands.Group(name=L("fow.cmd.group.name"), description=L("fow.cmd.group.desc"), guild_only=True)
FOW_TEST = app_commands.Group(name=L("fow.cmd.check.name"), description=L("fow.cmd.check.desc"), guild_only=True)
FOW_ODDS = app_commands.Group(name=L("fow.cmd.odds.name"), description=L("fow.cmd.odds.desc"))
COMMANDS = [FOW, FOW_TEST, FOW_ODDS]


async def _send(interaction: discord.Interaction, result: ProcedureResult, *, apply: bool = True) -> None:
    applied = await apply_result(interaction, result) if apply else None
    await send_result(interaction, result, applied)


def _fp(text: str | None) -> int | None:
    # FP "1+" (flame-throwers, L644) behaves as 2+ under the L39 clamp; the engine clamps.
    return parse_plus(text, low=1, high=9, example="fow.example.shoot")


async def _target_state(interaction, name: str | None, hits_before: int | None, unit_teams: int | None):
    """(name, hits this step, already pinned, teams left) from the channel's game when tracked."""
    unit = await find_unit(interaction, GAME, name)
    if unit is None:
        return name, hits_before or 0, False, unit_teams
    left = rules_for(GAME).remaining(unit.working_copy())
    if left <= 0:
        raise UserError("fow.error.destroyed", example="fow.example.shoot", unit=unit.name)
    return (unit.name, unit.value("hits") if hits_before is None else hits_before, unit.has("pinned"),
            unit_teams or left)


def _mods(long_range, concealed, gone_to_ground, out_of_command, smoke, night, scout, no_he) -> list[str]:
    mods = []
    if long_range:
        mods.append("long_range")
    if concealed:
        # L476–478: concealed +1; concealed and Gone to Ground +2. Gone to Ground alone is no
        # modifier (L242).
        mods.append("concealed_gtg" if gone_to_ground else "concealed")
    for flag, key in ((out_of_command, "out_of_command"), (smoke, "smoke"), (night, "night"),
                      (scout and concealed, "scout"), (no_he, "no_he")):
        if flag:
            mods.append(key)
    return mods


# ---- /shoot fow and /odds fow-shoot -----------------------------------------------------------

SHOOT_PARAMS = ("skill", "rof", "teams", "target", "moving_rof", "moved", "pinned", "defensive", "long_range",
                "concealed", "gone_to_ground", "out_of_command", "smoke", "night", "scout", "no_he", "sniper",
                "flamethrower", "reroll", "save", "fp", "bunker", "hits_before", "unit_teams", "pin_immune")


def _shoot_callback(roll: bool):
    @localized_params(P, *SHOOT_PARAMS)
    @app_commands.choices(skill=SKILLS)
    async def callback(interaction: discord.Interaction, skill: str, rof: app_commands.Range[int, 0, 20],
                       teams: app_commands.Range[int, 1, 50] = 1, target: str | None = None,
                       moving_rof: app_commands.Range[int, 0, 20] | None = None, moved: bool = False,
                       pinned: bool = False, defensive: bool = False, long_range: bool = False,
                       concealed: bool = False, gone_to_ground: bool = False, out_of_command: bool = False,
                       smoke: bool = False, night: bool = False, scout: bool = False, no_he: bool = False,
                       sniper: bool = False, flamethrower: bool = False, reroll: bool = False,
                       save: str | None = None, fp: str | None = None, bunker: bool = False,
                       hits_before: app_commands.Range[int, 0, 100] | None = None,
                       unit_teams: app_commands.Range[int, 1, 100] | None = None, pin_immune: bool = False) -> None:
        name, before, already, size = await _target_state(interaction, target, hits_before, unit_teams)
        settings = await settings_for(interaction, GAME)
        kwargs = dict(is_hit_on=R.IS_HIT_ON[skill], rof=rof, teams=teams, moving_rof_value=moving_rof, moved=moved,
                      shooter_pinned=pinned, defensive=defensive,
                      mods=_mods(long_range, concealed, gone_to_ground, out_of_command, smoke, night, scout, no_he),
                      hits_before=before, unit_teams=size, save=parse_plus(save, example="fow.example.shoot"),
                      fp=_fp(fp), bunker=bunker, settings=settings)
        if roll:
            result = shooting.shoot(roller_of(interaction), reroll_failed=reroll, sniper=sniper,
                                    flamethrower=flamethrower, pin_immune=pin_immune, already_pinned=already,
                                    target=name, **kwargs)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.shoot_odds(reroll_failed=reroll or sniper, **kwargs), apply=False)
    return callback


shoot_fow = FOW.command(name=L("fow.cmd.shoot.name"), description=L("fow.cmd.shoot.desc"))(_shoot_callback(True))
odds_shoot = FOW_ODDS.command(name=L("fow.cmd.odds_shoot.name"), description=L("fow.cmd.odds_shoot.desc"))(_shoot_callback(False))
for _cmd in (shoot_fow, odds_shoot):
    _cmd.autocomplete("target")(unit_autocomplete)


# ---- /shoot fow-artillery and /odds fow-artillery ---------------------------------------------

ART_PARAMS = ("skill", "under_template", "weapons", "attempt", "target", "save", "fp", "bulletproof",
              "aircraft", "hits_before", "unit_teams", "pin_immune")


def _artillery_callback(roll: bool):
    @localized_params(P, *ART_PARAMS)
    @app_commands.choices(skill=SKILLS, attempt=ATTEMPTS)
    async def callback(interaction: discord.Interaction, skill: str, under_template: app_commands.Range[int, 1, 60],
                       weapons: app_commands.Range[int, 1, 30], attempt: int = 1, target: str | None = None,
                       save: str | None = None, fp: str | None = None, bulletproof: bool = False,
                       aircraft: bool = False, hits_before: app_commands.Range[int, 0, 100] | None = None,
                       unit_teams: app_commands.Range[int, 1, 100] | None = None, pin_immune: bool = False) -> None:
        name, before, already, size = await _target_state(interaction, target, hits_before, unit_teams)
        save_n = parse_plus(save, example="fow.example.bombard")
        if roll:
            result = artillery.bombard(roller_of(interaction), teams_under_template=under_template,
                                       is_hit_on=R.IS_HIT_ON[skill], attempt=attempt, weapons=weapons,
                                       aircraft=aircraft, save=save_n, fp=_fp(fp), bulletproof=bulletproof,
                                       hits_before=before, unit_teams=size, pin_immune=pin_immune,
                                       already_pinned=already, target=name,
                                       settings=await settings_for(interaction, GAME))
            await _send(interaction, result)
        else:
            await _send(interaction, odds.bombard_odds(teams_under_template=under_template, is_hit_on=R.IS_HIT_ON[skill],
                                                       attempt=attempt, weapons=weapons, save=save_n, fp=_fp(fp)),
                        apply=False)
    return callback


artillery_fow = FOW.command(name=L("fow.cmd.artillery.name"), description=L("fow.cmd.artillery.desc"))(
    _artillery_callback(True))
odds_artillery = FOW_ODDS.command(name=L("fow.cmd.odds_artillery.name"), description=L("fow.cmd.odds_artillery.desc"))(
    _artillery_callback(False))
for _cmd in (artillery_fow, odds_artillery):
    _cmd.autocomplete("target")(unit_autocomplete)


# ---- /assault fow and /odds fow-assault -------------------------------------------------------

ASSAULT_PARAMS = ("teams", "skill", "number", "target", "small_base", "tanks", "save", "fp")


def _assault_callback(roll: bool):
    @localized_params(P, *ASSAULT_PARAMS)
    @app_commands.choices(skill=SKILLS)
    async def callback(interaction: discord.Interaction, teams: app_commands.Range[int, 1, 60],
                       skill: str | None = None, number: app_commands.Range[int, 2, 6] | None = None,
                       target: str | None = None, small_base: bool = False, tanks: bool = False,
                       save: str | None = None, fp: str | None = None) -> None:
        unit = await find_unit(interaction, GAME, target)
        settings = await settings_for(interaction, GAME)
        if roll:
            result = assault.assault(roller_of(interaction), teams_in_contact=teams, skill=skill, number=number,
                                     small_base=small_base, target_tanks=tanks,
                                     save=parse_plus(save, example="fow.example.assault"), fp=_fp(fp),
                                     target=unit.name if unit else target, settings=settings)
            await _send(interaction, result)
        else:
            await _send(interaction, odds.assault_odds(teams_in_contact=teams, skill=skill, number=number,
                                                       small_base=small_base, settings=settings), apply=False)
    return callback


assault_fow = FOW.command(name=L("fow.cmd.assault.name"), description=L("fow.cmd.assault.desc"))(
    _assault_callback(True))
odds_assault = FOW_ODDS.command(name=L("fow.cmd.odds_assault.name"), description=L("fow.cmd.odds_assault.desc"))(
    _assault_callback(False))
for _cmd in (assault_fow, odds_assault):
    _cmd.autocomplete("target")(unit_autocomplete)


# ---- /check fow … and /odds fow-test ------------------------------------------------------------



async def _unit_name(interaction, name: str | None) -> str | None:
    unit = await find_unit(interaction, GAME, name)
    return unit.name if unit else name


def _motivation_command(test: str):
    @localized_params(P, "motivation", "unit", "number", "fc_near", "fc_los", "cavalry")
    @app_commands.choices(motivation=MOTIVATIONS)
    async def callback(interaction: discord.Interaction, motivation: str | None = None, unit: str | None = None,
                       number: app_commands.Range[int, 2, 6] | None = None, fc_near: bool = False,
                       fc_los: bool = False, cavalry: bool = False) -> None:
        if motivation is None and number is None:
            raise UserError("fow.error.need_motivation", example="fow.example.rally")
        tracked = await find_unit(interaction, GAME, unit)
        if tracked is not None and test == "rally" and not tracked.has("pinned"):
            raise UserError("fow.error.not_pinned", example="fow.example.rally", unit=tracked.name)
        result = checks.motivation_test(roller_of(interaction), test, rating=motivation, number=number,
                                        fc_near=fc_near, fc_los=fc_los, all_cavalry=cavalry,
                                        unit=tracked.name if tracked else unit,
                                        unit_teams=tracked.size if tracked else None)
        await _send(interaction, result)
    return callback


rally = FOW_TEST.command(name=L("fow.cmd.rally.name"), description=L("fow.cmd.rally.desc"))(_motivation_command("rally"))
counterattack = FOW_TEST.command(name=L("fow.cmd.counterattack.name"), description=L("fow.cmd.counterattack.desc"))(
    _motivation_command("counterattack"))
last_stand = FOW_TEST.command(name=L("fow.cmd.last_stand.name"), description=L("fow.cmd.last_stand.desc"))(
    _motivation_command("last_stand"))


@FOW_TEST.command(name=L("fow.cmd.tactics.name"), description=L("fow.cmd.tactics.desc"))
@localized_params(P, "tactics_skill", "unit", "number")
@app_commands.choices(tactics_skill=SKILLS)
async def tactics(interaction: discord.Interaction, tactics_skill: str | None = None, unit: str | None = None,
                  number: app_commands.Range[int, 2, 6] | None = None) -> None:
    await _send(interaction, checks.tactics_test(roller_of(interaction), skill=tactics_skill, number=number,
                                                 unit=await _unit_name(interaction, unit)))


def _flat_command(kind: str):
    @localized_params(P, "unit")
    async def callback(interaction: discord.Interaction, unit: str | None = None) -> None:
        await _send(interaction, checks.flat_test(roller_of(interaction), kind, unit=await _unit_name(interaction, unit)))
    return callback


commander = FOW_TEST.command(name=L("fow.cmd.commander.name"), description=L("fow.cmd.commander.desc"))(
    _flat_command("commander"))
aircraft_check = FOW_TEST.command(name=L("fow.cmd.aircraft.name"), description=L("fow.cmd.aircraft.desc"))(
    _flat_command("aircraft"))
sniper_check = FOW_TEST.command(name=L("fow.cmd.sniper.name"), description=L("fow.cmd.sniper.desc"))(
    _flat_command("sniper"))


@FOW_TEST.command(name=L("fow.cmd.mistaken.name"), description=L("fow.cmd.mistaken.desc"))
@localized_params(P, "hits", "too_close")
async def mistaken(interaction: discord.Interaction, hits: app_commands.Range[int, 1, 50], too_close: bool = False) -> None:
    await _send(interaction, checks.mistaken_target(roller_of(interaction), hits=hits, too_close=too_close))


CROSSINGS = [app_commands.Choice(name=L(f"fow.choice.{k}"), value=k) for k in checks.CROSSINGS]


@FOW_TEST.command(name=L("fow.cmd.cross.name"), description=L("fow.cmd.cross.desc"))
@localized_params(P, "kind", "teams", "cross", "tactics_skill", "unit", "night", "overloaded")
@app_commands.choices(kind=CROSSINGS, tactics_skill=SKILLS)
async def cross(interaction: discord.Interaction, kind: str, teams: app_commands.Range[int, 1, 50] = 1,
                cross: app_commands.Range[int, 1, 6] | None = None, tactics_skill: str | None = None,
                unit: str | None = None, night: bool = False, overloaded: bool = False) -> None:
    await _send(interaction, checks.crossing(roller_of(interaction), kind, teams=teams, cross=cross, skill=tactics_skill,
                                             night=night, overloaded=overloaded,
                                             unit=await _unit_name(interaction, unit)))


@FOW_TEST.command(name=L("fow.cmd.night.name"), description=L("fow.cmd.night.desc"))
@localized_params(P, "night_kind")
@app_commands.choices(night_kind=[app_commands.Choice(name=L(f"fow.table.{k}"), value=k) for k in ("time_of_day", "moon")])
async def night(interaction: discord.Interaction, night_kind: str) -> None:
    await _send(interaction, checks.night_roll(roller_of(interaction), night_kind))


@FOW_TEST.command(name=L("fow.cmd.formation.name"), description=L("fow.cmd.formation.desc"))
@localized_params(P, "units")
async def formation(interaction: discord.Interaction, units: app_commands.Range[int, 0, 50]) -> None:
    await _send(interaction, checks.formation_last_stand(units_in_good_spirits=units))


@FOW_ODDS.command(name=L("fow.cmd.odds_test.name"), description=L("fow.cmd.odds_test.desc"))
@localized_params(P, "test", "motivation", "number", "fc_near", "fc_los", "cavalry")
@app_commands.choices(test=TESTS, motivation=MOTIVATIONS)
async def odds_test(interaction: discord.Interaction, test: str, motivation: str | None = None,
                    number: app_commands.Range[int, 2, 6] | None = None, fc_near: bool = False,
                    fc_los: bool = False, cavalry: bool = False) -> None:
    await _send(interaction, odds.test_odds(test, rating=motivation, number=number, fc_near=fc_near, fc_los=fc_los,
                                            all_cavalry=cavalry), apply=False)


for _cmd in (rally, counterattack, last_stand, tactics, commander, aircraft_check, sniper_check, cross):
    _cmd.autocomplete("unit")(unit_autocomplete)
