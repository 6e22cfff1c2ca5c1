"""Flames of War's commands as data (`games.commands`): /fow shoot|artillery|assault, /fow-test
<test>, /fow-odds shoot|artillery|assault|test. Numbers come from the options, or from the
channel's game when the unit is tracked.

Why top-level groups and not `/shoot fow`: Discord caps one top-level command, with all its
subcommands, options and choices, at 4000 characters; the shared /shoot, /odds and /check groups
can't hold five games' options, so this game has its own."""
from __future__ import annotations

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.flames_of_war import artillery, assault, checks, odds, shooting
from games.flames_of_war import ratings as R
from games.flames_of_war.conditions import parse_conditions
from games.flames_of_war.reading import Reading
from games.flames_of_war.state import RULES
from games.inputs import parse_plus
from games.procedure import ProcedureResult
from i18n import Msg, UserError

OPT = "fow.opt"
SKILLS = tuple(Choice(f"fow.choice.{k}", k) for k in R.IS_HIT_ON)
MOTIVATIONS = tuple(Choice(f"fow.choice.{k}", k) for k in R.MOTIVATION)
TESTS = tuple(Choice(f"fow.choice.{k}", k) for k in checks.MOTIVATION_TESTS)
ATTEMPTS = tuple(Choice(f"fow.choice.attempt{n}", n) for n in (1, 2, 3))
CROSSINGS = tuple(Choice(f"fow.choice.{k}", k) for k in checks.CROSSINGS)
NIGHT_KINDS = tuple(Choice(f"fow.table.{k}", k) for k in ("time_of_day", "moon"))

GROUPS = (Group("fow", "fow.cmd.group"), Group("fow_test", "fow.cmd.check"),
          Group("fow_odds", "fow.cmd.odds", guild_only=False))


def _fp(text: str | None) -> int | None:
    # FP "1+" (flame-throwers, L644) behaves as 2+ under the L39 clamp; the engine clamps.
    return parse_plus(text, low=1, high=9, example="fow.example.shoot")


def _target_state(ref: UnitRef, hits_before: int | None, unit_teams: int | None):
    """(name, hits this step, already pinned, teams left) from the channel's game when tracked."""
    state = ref.state
    if state is None:
        return ref.typed, hits_before or 0, False, unit_teams
    left = RULES.remaining(state)
    if left <= 0:
        raise UserError("fow.error.destroyed", example="fow.example.shoot", unit=state.name)
    return (state.name, state.get("hits") if hits_before is None else hits_before, "pinned" in state.statuses,
            unit_teams or left)


# ---- shooting ------------------------------------------------------------------------------
SHOOT_OPTIONS = (
    Option("rof", int, required=True, min=0, max=20), Option("skill", str, choices=SKILLS),
    Option("teams", int, default=1, min=1, max=50), Option("target", unit=True),
    Option("conditions", str, max_length=200),
    Option("moving_rof", int, min=0, max=20), Option("moved", bool, default=False),
    Option("pinned", bool, default=False), Option("defensive", bool, default=False),
    Option("sniper", bool, default=False), Option("flamethrower", bool, default=False),
    Option("reroll", bool, default=False), Option("save"), Option("fp"), Option("bunker", bool, default=False),
    Option("hits_before", int, min=0, max=100), Option("unit_teams", int, min=1, max=100),
    Option("pin_immune", bool, default=False))


def _target_skill_and_save(reading: Reading, o: dict, example: str) -> tuple[int, int | None]:
    """The target's Skill (what it is hit on, L180–188) and save: the options, else its profile."""
    skill = reading.required("skill", o["skill"], Msg.of("fow.profile.skill"), "skill", example)
    save = reading.value("save", parse_plus(o["save"], example=example), Msg.of("fow.profile.save"))
    return R.IS_HIT_ON[skill], save


def _target_conditions(reading: Reading, text: str | None) -> frozenset[str]:
    """The conditions the option names; for a target that moved, whether it is cavalry (L1023)
    comes from the option, else from its profile (noted)."""
    conditions = parse_conditions(text)
    if conditions & {"moved", "returned"} and "cavalry" not in conditions and reading.cavalry():
        conditions |= {"cavalry"}
    return conditions


def _shoot_kwargs(ctx: CommandContext, o: dict, reading: Reading) -> tuple[dict, str | None, bool]:
    name, before, already, size = _target_state(o["target"], o["hits_before"], o["unit_teams"])
    is_hit_on, save = _target_skill_and_save(reading, o, "fow.example.shoot")
    kwargs = dict(is_hit_on=is_hit_on, rof=o["rof"], teams=o["teams"], moving_rof_value=o["moving_rof"],
                  moved=o["moved"], shooter_pinned=o["pinned"], defensive=o["defensive"],
                  conditions=_target_conditions(reading, o["conditions"]),
                  hits_before=before, unit_teams=size, save=save,
                  fp=_fp(o["fp"]), bunker=o["bunker"], settings=ctx.settings)
    return kwargs, name, already


def shoot_command(ctx: CommandContext, **o) -> ProcedureResult:
    reading = Reading(o["target"])
    kwargs, name, already = _shoot_kwargs(ctx, o, reading)
    assert ctx.roller is not None
    return reading.into(shooting.shoot(
        ctx.roller, reroll_failed=o["reroll"], sniper=o["sniper"], flamethrower=o["flamethrower"],
        pin_immune=reading.pin_immune(o["pin_immune"]), already_pinned=already, target=name, **kwargs))


def shoot_odds_command(ctx: CommandContext, **o) -> ProcedureResult:
    reading = Reading(o["target"])
    kwargs, _, _ = _shoot_kwargs(ctx, o, reading)
    return reading.into(odds.shoot_odds(reroll_failed=o["reroll"], sniper=o["sniper"], flamethrower=o["flamethrower"],
                                        pin_immune=reading.pin_immune(o["pin_immune"]), **kwargs))


# ---- artillery -----------------------------------------------------------------------------
ARTILLERY_OPTIONS = (
    Option("under_template", int, required=True, min=1, max=60), Option("weapons", int, required=True, min=1, max=30),
    Option("skill", str, choices=SKILLS), Option("attempt", int, default=1, choices=ATTEMPTS),
    Option("target", unit=True), Option("save"), Option("fp"), Option("bulletproof", bool, default=False),
    Option("aircraft", bool, default=False), Option("hits_before", int, min=0, max=100),
    Option("unit_teams", int, min=1, max=100), Option("pin_immune", bool, default=False))


def artillery_command(ctx: CommandContext, **o) -> ProcedureResult:
    name, before, already, size = _target_state(o["target"], o["hits_before"], o["unit_teams"])
    reading = Reading(o["target"])
    is_hit_on, save = _target_skill_and_save(reading, o, "fow.example.bombard")
    assert ctx.roller is not None
    return reading.into(artillery.bombard(
        ctx.roller, teams_under_template=o["under_template"], is_hit_on=is_hit_on,
        attempt=o["attempt"], weapons=o["weapons"], aircraft=o["aircraft"], save=save, fp=_fp(o["fp"]),
        bulletproof=o["bulletproof"], hits_before=before, unit_teams=size,
        pin_immune=reading.pin_immune(o["pin_immune"]), already_pinned=already, target=name, settings=ctx.settings))


def artillery_odds_command(ctx: CommandContext, **o) -> ProcedureResult:
    reading = Reading(o["target"])
    is_hit_on, save = _target_skill_and_save(reading, o, "fow.example.bombard")
    return reading.into(odds.bombard_odds(teams_under_template=o["under_template"], is_hit_on=is_hit_on,
                                          attempt=o["attempt"], weapons=o["weapons"], save=save, fp=_fp(o["fp"])))


# ---- assault -------------------------------------------------------------------------------
ASSAULT_OPTIONS = (
    Option("teams", int, required=True, min=1, max=60), Option("skill", str, choices=SKILLS),
    Option("number", int, min=2, max=6), Option("target", unit=True), Option("small_base", bool, default=False),
    Option("tanks", bool, default=False), Option("save"), Option("fp"))


def assault_command(ctx: CommandContext, **o) -> ProcedureResult:
    assert ctx.roller is not None
    reading = Reading(o["target"])
    skill = reading.value("skill", o["skill"], Msg.of("fow.profile.skill")) if o["number"] is None else None
    save = reading.value("save", parse_plus(o["save"], example="fow.example.assault"), Msg.of("fow.profile.save"))
    return reading.into(assault.assault(
        ctx.roller, teams_in_contact=o["teams"], skill=skill, number=o["number"], small_base=o["small_base"],
        target_tanks=o["tanks"] or reading.armoured_tank(), save=save, fp=_fp(o["fp"]),
        target=o["target"].name, settings=ctx.settings))


def assault_odds_command(ctx: CommandContext, **o) -> ProcedureResult:
    return odds.assault_odds(teams_in_contact=o["teams"], skill=o["skill"], number=o["number"],
                             small_base=o["small_base"], settings=ctx.settings)


# ---- tests ---------------------------------------------------------------------------------
MOTIVATION_OPTIONS = (
    Option("motivation", str, choices=MOTIVATIONS), Option("unit", unit=True), Option("number", int, min=2, max=6),
    Option("fc_near", bool, default=False), Option("fc_los", bool, default=False), Option("cavalry", bool, default=False),
    Option("other_motivation", str, choices=MOTIVATIONS))
# Discord caps /fow-test, all its tests included, at 4000 characters: each test takes only its own.
REMOUNT_OPTIONS = (*MOTIVATION_OPTIONS, Option("fuel_tanks", bool, default=False))
COUNTERATTACK_OPTIONS = (*MOTIVATION_OPTIONS, Option("leading", bool, default=False))


def _motivation(test: str):
    def run(ctx: CommandContext, motivation: str | None, unit: UnitRef, number: int | None, fc_near: bool,
            fc_los: bool, cavalry: bool, other_motivation: str | None, fuel_tanks: bool = False,
            leading: bool = False) -> ProcedureResult:
        tracked = unit.state
        reading = Reading(unit)
        if number is None:
            motivation = reading.value("motivation", motivation, Msg.of("fow.profile.motivation"))
        if motivation is None and number is None:
            raise UserError("fow.error.need_motivation", example="fow.example.rally")
        if tracked is not None and test == "rally" and "pinned" not in tracked.statuses:
            raise UserError("fow.error.not_pinned", example="fow.example.rally", unit=tracked.name)
        if (tracked is not None and test == "remount" and "bailed_out" not in tracked.statuses
                and not tracked.get("teams_bailed_out")):
            raise UserError("fow.error.not_bailed_out", example="fow.example.remount", unit=tracked.name)
        assert ctx.roller is not None
        return reading.into(checks.motivation_test(
            ctx.roller, test, rating=motivation, number=number, fc_near=fc_near, fc_los=fc_los,
            all_cavalry=cavalry or bool(reading.profile.get("cavalry")), fuel_tanks=fuel_tanks, unit=unit.name,
            unit_teams=tracked.size if tracked else None, armoured=reading.armoured_tank(),
            other_rating=other_motivation, leading=leading, settings=ctx.settings))
    return run


def rally_command(ctx: CommandContext, **o) -> ProcedureResult:
    return _motivation("rally")(ctx, **o)


def remount_command(ctx: CommandContext, **o) -> ProcedureResult:
    return _motivation("remount")(ctx, **o)


def counterattack_command(ctx: CommandContext, **o) -> ProcedureResult:
    return _motivation("counterattack")(ctx, **o)


def last_stand_command(ctx: CommandContext, **o) -> ProcedureResult:
    return _motivation("last_stand")(ctx, **o)


def tactics_command(ctx: CommandContext, tactics_skill: str | None, unit: UnitRef, number: int | None) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.tactics_test(ctx.roller, skill=tactics_skill, number=number, unit=unit.name)


def commander_command(ctx: CommandContext, unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.flat_test(ctx.roller, "commander", unit=unit.name)


def aircraft_command(ctx: CommandContext, unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.flat_test(ctx.roller, "aircraft", unit=unit.name)


def sniper_command(ctx: CommandContext, unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.flat_test(ctx.roller, "sniper", unit=unit.name)


def mistaken_command(ctx: CommandContext, hits: int, too_close: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.mistaken_target(ctx.roller, hits=hits, too_close=too_close)


def cross_command(ctx: CommandContext, kind: str, teams: int, cross: int | None, tactics_skill: str | None,
                  unit: UnitRef, night: bool, overloaded: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.crossing(ctx.roller, kind, teams=teams, cross=cross, skill=tactics_skill, night=night,
                           overloaded=overloaded, unit=unit.name)


def night_command(ctx: CommandContext, night_kind: str) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.night_roll(ctx.roller, night_kind)


def formation_command(ctx: CommandContext, units: int) -> ProcedureResult:
    return checks.formation_last_stand(units_in_good_spirits=units)


def test_odds_command(ctx: CommandContext, test: str, motivation: str | None, number: int | None, fc_near: bool,
                      fc_los: bool, cavalry: bool) -> ProcedureResult:
    return odds.test_odds(test, rating=motivation, number=number, fc_near=fc_near, fc_los=fc_los, all_cavalry=cavalry)


UNIT = Option("unit", unit=True)

COMMANDS = (
    Command("fow.cmd.shoot", "fow", SHOOT_OPTIONS, OPT, shoot_command),
    Command("fow.cmd.artillery", "fow", ARTILLERY_OPTIONS, OPT, artillery_command),
    Command("fow.cmd.assault", "fow", ASSAULT_OPTIONS, OPT, assault_command),
    Command("fow.cmd.odds_shoot", "fow_odds", SHOOT_OPTIONS, OPT, shoot_odds_command, heavy=True, applies=False,
            chart=True),
    Command("fow.cmd.odds_artillery", "fow_odds", ARTILLERY_OPTIONS, OPT, artillery_odds_command, heavy=True,
            applies=False, chart=True),
    Command("fow.cmd.odds_assault", "fow_odds", ASSAULT_OPTIONS, OPT, assault_odds_command, heavy=True,
            applies=False, chart=True),
    Command("fow.cmd.odds_test", "fow_odds", (
        Option("test", str, required=True, choices=TESTS), Option("motivation", str, choices=MOTIVATIONS),
        Option("number", int, min=2, max=6), Option("fc_near", bool, default=False),
        Option("fc_los", bool, default=False), Option("cavalry", bool, default=False)), OPT, test_odds_command,
        applies=False),
    Command("fow.cmd.rally", "fow_test", MOTIVATION_OPTIONS, OPT, rally_command),
    Command("fow.cmd.remount", "fow_test", REMOUNT_OPTIONS, OPT, remount_command),
    Command("fow.cmd.counterattack", "fow_test", COUNTERATTACK_OPTIONS, OPT, counterattack_command),
    Command("fow.cmd.last_stand", "fow_test", MOTIVATION_OPTIONS, OPT, last_stand_command),
    Command("fow.cmd.tactics", "fow_test", (
        Option("tactics_skill", str, choices=SKILLS), UNIT, Option("number", int, min=2, max=6)), OPT,
        tactics_command),
    Command("fow.cmd.commander", "fow_test", (UNIT,), OPT, commander_command),
    Command("fow.cmd.aircraft", "fow_test", (UNIT,), OPT, aircraft_command),
    Command("fow.cmd.sniper", "fow_test", (UNIT,), OPT, sniper_command),
    Command("fow.cmd.mistaken", "fow_test", (
        Option("hits", int, required=True, min=1, max=50), Option("too_close", bool, default=False)), OPT,
        mistaken_command),
    Command("fow.cmd.cross", "fow_test", (
        Option("kind", str, required=True, choices=CROSSINGS), Option("teams", int, default=1, min=1, max=50),
        Option("cross", int, min=1, max=6), Option("tactics_skill", str, choices=SKILLS), UNIT,
        Option("night", bool, default=False), Option("overloaded", bool, default=False)), OPT, cross_command),
    Command("fow.cmd.night", "fow_test", (Option("night_kind", str, required=True, choices=NIGHT_KINDS),), OPT,
            night_command, applies=False),
    Command("fow.cmd.formation", "fow_test", (Option("units", int, required=True, min=0, max=50),), OPT,
            formation_command),
)
