"""Epic's commands: what each takes, and the function that answers it from the options and
the tracked formations (`games.commands`). /shoot epic, epic-barrage, epic-flak; /assault epic;
/odds epic-shoot, epic-assault; /check epic action|regroup|rally|strategy|dangerous|we-damage."""
from __future__ import annotations

from dataclasses import dataclass

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.epic import checks, odds, tracks
from games.epic.aircraft import flak
from games.epic.assault import AssaultSide, assault, parse_support
from games.epic.rolls import SaveProfile
from games.epic.shooting import EpicTarget, barrage, shoot
from games.epic.state import RULES
from games.epic.weapons import parse_weapons
from games.inputs import parse_plus
from games.procedure import ProcedureResult, StateChange
from games.state_base import UnitState
from i18n import Msg, UserError

OPT = "combat_epic.opt"
ACTIONS = tuple(Choice(f"combat_epic.action.{a}", a) for a in ("none", "double", "marshal", "sustained"))
TITAN_KILLER = tuple(Choice(f"combat_epic.tk.{k}", v) for k, v in (("one", "1"), ("d3", "D3"), ("d6", "D6")))
MAX_UNITS = 100          # a formation, or a side of an assault, as the options allow (issue 14: bounded inputs)

GROUPS = (Group("check", "combat_epic.cmd.check", parent="check"), Group("blast", "combat_epic.cmd.blast"))
BLAST_OPT = "combat_epic.blast_opt"
AMOUNT_LIMIT = 1000


@dataclass(frozen=True)
class Formation:
    """A tracked formation as the book needs it: units left, markers, broken, War Engine DC."""

    state: UnitState
    units: int
    blast: int
    broken: bool
    war_engine: bool
    break_at: int | None


def tracked_formation(ref: UnitRef, settings: dict[str, str], example: str = "combat_epic.example.shoot") -> Formation | None:
    state = ref.state
    if state is None:
        return None
    left = RULES.remaining(state)
    if left <= 0:
        raise UserError("combat_epic.error.destroyed", example=example, unit=state.name)
    war_engine = state.type == "war_engine"
    # A formation breaks at the units it has left after the attack; a War Engine at the state
    # rules' threshold (starting DC unless the house rule says the DC left, L868–870).
    break_at = RULES.threshold(state, settings) if war_engine and settings.get(
        "epic_we_break_threshold", "start") == "start" else None
    return Formation(state, left, state.get("blast_markers"), "broken" in state.statuses, war_engine, break_at)


def _saves(armour: str | None, cover_save: str | None, invulnerable: str | None, reinforced: bool) -> SaveProfile:
    return SaveProfile(armour=parse_plus(armour), cover_save=parse_plus(cover_save),
                       invulnerable=parse_plus(invulnerable), reinforced=reinforced)


def _target(ref: UnitRef, settings: dict[str, str], units: int | None, blast: int | None, saves: SaveProfile,
            in_cover: bool, broken: bool, fearless: bool, dc: int | None) -> EpicTarget:
    found = tracked_formation(ref, settings)
    if found is not None:
        return EpicTarget(name=found.state.name, units=found.units, blast_markers=found.blast, saves=saves,
                          in_cover=in_cover, broken=found.broken, fearless=fearless,
                          dc=found.units if found.war_engine else None, break_at=found.break_at)
    if dc is None and not units:
        raise UserError("combat_epic.error.target_units", example="combat_epic.example.shoot", target=ref.typed or "?")
    return EpicTarget(name=ref.typed, units=units or 0, blast_markers=blast or 0, saves=saves, in_cover=in_cover,
                      broken=broken, fearless=fearless, dc=dc)


# ---- /shoot epic, /odds epic-shoot -------------------------------------------------------------

def _shoot_target(ctx: CommandContext, target: UnitRef, units, blast, armour, cover_save, invulnerable, reinforced,
                  in_cover, broken, fearless, dc) -> EpicTarget:
    return _target(target, ctx.settings, units, blast, _saves(armour, cover_save, invulnerable, reinforced),
                   in_cover, broken, fearless, dc)


def shoot_command(ctx: CommandContext, weapons: str, target: UnitRef, shooter: UnitRef, units: int | None,
                  blast: int | None, armour: str | None, cover_save: str | None, invulnerable: str | None,
                  reinforced: bool, in_cover: bool, action: str, crossfire: bool, broken: bool, fearless: bool,
                  dc: int | None) -> ProcedureResult:
    arms = parse_weapons(weapons)
    tgt = _shoot_target(ctx, target, units, blast, armour, cover_save, invulnerable, reinforced, in_cover, broken,
                        fearless, dc)
    assert ctx.roller is not None
    return shoot(ctx.roller, arms, tgt, action=action, crossfire=crossfire, settings=ctx.settings,
                 shooter=shooter.name)


def shoot_odds_command(ctx: CommandContext, weapons: str, target: UnitRef, shooter: UnitRef, units: int | None,
                       blast: int | None, armour: str | None, cover_save: str | None, invulnerable: str | None,
                       reinforced: bool, in_cover: bool, action: str, crossfire: bool, broken: bool, fearless: bool,
                       dc: int | None) -> ProcedureResult:
    arms = parse_weapons(weapons)
    tgt = _shoot_target(ctx, target, units, blast, armour, cover_save, invulnerable, reinforced, in_cover, broken,
                        fearless, dc)
    return odds.shoot_odds(arms, tgt, action=action, crossfire=crossfire, settings=ctx.settings)


SHOOT_OPTIONS = (
    Option("weapons", str, required=True, max_length=200),
    Option("target", unit=True), Option("shooter", unit=True),
    Option("units", int, min=1, max=MAX_UNITS), Option("blast", int, min=0, max=MAX_UNITS),
    Option("armour"), Option("cover_save"), Option("invulnerable"),
    Option("reinforced", bool, default=False), Option("in_cover", bool, default=False),
    Option("action", str, default="none", choices=ACTIONS), Option("crossfire", bool, default=False),
    Option("broken", bool, default=False), Option("fearless", bool, default=False),
    Option("dc", int, min=1, max=MAX_UNITS),
)


# ---- /shoot epic-barrage -----------------------------------------------------------------------

def barrage_command(ctx: CommandContext, points: int, infantry: int, vehicles: int, target: UnitRef,
                    shooter: UnitRef, units: int | None, blast: int | None, armour: str | None,
                    cover_save: str | None, invulnerable: str | None, in_cover: bool, action: str, crossfire: bool,
                    dc: int | None, centre: bool, macro: bool) -> ProcedureResult:
    saves = _saves(armour, cover_save, invulnerable, False)
    tgt = _target(target, ctx.settings, units or max(infantry + vehicles, 1), blast, saves, in_cover, False, False, dc)
    assert ctx.roller is not None
    return barrage(ctx.roller, points, {"AP": infantry, "AT": vehicles}, tgt, action=action, crossfire=crossfire,
                   settings=ctx.settings, shooter=shooter.name, macro=macro, we_centre=centre)


# ---- /shoot epic-flak --------------------------------------------------------------------------

def flak_command(ctx: CommandContext, shots: int, aa: str, aircraft: UnitRef, armour: str | None, moved: bool,
                 intercept: bool, jink: bool, already: bool, dc: int | None) -> ProcedureResult:
    state = aircraft.state
    if state is not None and state.type == "war_engine" and dc is None:
        dc = RULES.remaining(state)
    assert ctx.roller is not None
    return flak(ctx.roller, shots, parse_plus(aa, required=True, example="combat_epic.example.flak"),
                         save=parse_plus(armour), moved=moved, intercept=intercept, jink=jink,
                         already_blasted=already, aircraft=aircraft.name, dc=dc)


# ---- /assault epic, /odds epic-assault ---------------------------------------------------------

def _side(ref: UnitRef, settings, units, cc, ff, contact, extra, armour, inv, blast, fearless, inspiring,
          support) -> AssaultSide:
    found = tracked_formation(ref, settings, "combat_epic.example.assault")
    broken, name = False, ref.typed
    if found is not None:
        units, blast, broken, name = found.units, found.blast, found.broken, found.state.name
    if not units:
        raise UserError("combat_epic.error.side_units", example="combat_epic.example.assault", side=name or "?")
    if contact is not None and contact > units:
        raise UserError("combat_epic.error.assault_units", example="combat_epic.example.assault")
    return AssaultSide(name=name, units=units, in_contact=contact, cc=parse_plus(cc), ff=parse_plus(ff),
                       extra_attacks=extra or 0, saves=SaveProfile(armour=parse_plus(armour), invulnerable=parse_plus(inv)),
                       blast_markers=blast or 0, broken=broken, fearless=fearless, inspiring=inspiring or 0,
                       support=parse_support(support))


def _sides(ctx: CommandContext, o: dict) -> tuple[AssaultSide, AssaultSide]:
    attacker = _side(o["attacker"], ctx.settings, o["units"], o["cc"], o["ff"], o["contact"], o["extra"], o["armour"],
                     o["invulnerable"], o["blast"], o["fearless"], o["inspiring"], o["support"])
    defender = _side(o["defender"], ctx.settings, o["d_units"], o["d_cc"], o["d_ff"], o["d_contact"], 0,
                     o["d_armour"], o["d_invulnerable"], o["d_blast"], o["d_fearless"], o["d_inspiring"],
                     o["d_support"])
    return attacker, defender


def assault_command(ctx: CommandContext, **options) -> ProcedureResult:
    attacker, defender = _sides(ctx, options)
    assert ctx.roller is not None
    return assault(ctx.roller, attacker, defender, settings=ctx.settings)


def assault_odds_command(ctx: CommandContext, **options) -> ProcedureResult:
    attacker, defender = _sides(ctx, options)
    return odds.assault_odds(attacker, defender, settings=ctx.settings)


ASSAULT_OPTIONS = (
    Option("attacker", unit=True), Option("defender", unit=True),
    Option("units", int, min=1, max=MAX_UNITS), Option("cc", str, default="4+"), Option("ff"),
    Option("contact", int, min=0, max=MAX_UNITS), Option("extra", int, default=0, min=0, max=MAX_UNITS),
    Option("armour"), Option("invulnerable"), Option("blast", int, min=0, max=MAX_UNITS),
    Option("inspiring", int, default=0, min=0, max=MAX_UNITS), Option("fearless", bool, default=False),
    Option("support"),
    Option("d_units", int, min=1, max=MAX_UNITS), Option("d_cc", str, default="4+"), Option("d_ff"),
    Option("d_contact", int, min=0, max=MAX_UNITS), Option("d_armour"), Option("d_invulnerable"),
    Option("d_blast", int, min=0, max=MAX_UNITS), Option("d_inspiring", int, default=0, min=0, max=MAX_UNITS),
    Option("d_fearless", bool, default=False), Option("d_support"),
)


# ---- /check epic … -------------------------------------------------------------------------------

def _tested(ref: UnitRef, settings) -> tuple[Formation | None, str | None]:
    found = tracked_formation(ref, settings)
    return found, (found.state.name if found else ref.typed)


def _acting(result: ProcedureResult, found: Formation | None) -> ProcedureResult:
    """A formation's own test: applied only for a player who may act for its side."""
    if found is not None:
        result.acting.append(found.state.name)
    return result


def action_command(ctx: CommandContext, initiative: str, formation: UnitRef, blast: int | None, retaining: bool,
                   aircraft_formation: bool) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.action_test(ctx.roller, parse_plus(initiative, low=1, required=True,
                                                        example="combat_epic.example.action"),
                                blast_markers=found.blast if found else blast or 0, retaining=retaining,
                                aircraft=aircraft_formation, formation=name)
    return _acting(result, found)


def regroup_command(ctx: CommandContext, formation: UnitRef, blast: int | None, leaders: int) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.regroup(ctx.roller, found.blast if found else blast or 0, leaders=leaders, formation=name)
    return _acting(result, found)


def rally_command(ctx: CommandContext, initiative: str, formation: UnitRef, blast: int | None, broken: bool,
                  units: int | None, enemy_near: bool, leaders: int) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.rally(ctx.roller, parse_plus(initiative, low=1, required=True, example="combat_epic.example.rally"),
                          blast_markers=found.blast if found else blast or 0,
                          broken=found.broken if found else broken, units=found.units if found else units or 1,
                          enemy_within_30=enemy_near, leaders=leaders, formation=name, settings=ctx.settings)
    return _acting(result, found)


# ---- /blast add|remove|clear|rally ---------------------------------------------------------------
# Plain state changes (no dice) on a tracked formation; the state rules break it when its markers
# reach its units (L600–610). Rally is the same core function as /check epic rally.

def _blast_formation(ctx: CommandContext, formation: UnitRef) -> UnitState:
    if not ctx.in_game:
        raise UserError("combat_epic.error.blast_no_game", example="combat_epic.blast_example.add")
    if formation.state is None:
        raise UserError("combat_epic.error.blast_untracked", example="combat_epic.blast_example.add",
                        unit=formation.typed or "?")
    return formation.state


def _blast_change(ctx: CommandContext, formation: UnitRef, op: str, amount: int, title: str) -> ProcedureResult:
    state = _blast_formation(ctx, formation)
    result = ProcedureResult("epic", "blast", Msg.of(title, n=abs(amount), unit=state.name))
    change = StateChange(state.name, tracks.BLAST_MARKERS, op, amount)
    result.changes.append(change)
    # The formation's line as it will read (the store applies the same rules in its transaction).
    after = state.copy()
    RULES.apply(after, change, ctx.settings)
    RULES.settle(after, state, ctx.settings)
    result.outcome.extend(RULES.describe(after, ctx.settings))
    return result


def blast_add_command(ctx: CommandContext, formation: UnitRef, amount: int) -> ProcedureResult:
    return _blast_change(ctx, formation, "add", amount, "combat_epic.title.blast_add")


def blast_remove_command(ctx: CommandContext, formation: UnitRef, amount: int) -> ProcedureResult:
    return _blast_change(ctx, formation, "add", -amount, "combat_epic.title.blast_remove")


def blast_clear_command(ctx: CommandContext, formation: UnitRef) -> ProcedureResult:
    return _blast_change(ctx, formation, "set", 0, "combat_epic.title.blast_clear")


def blast_rally_command(ctx: CommandContext, formation: UnitRef, initiative: int, enemy_near: bool,
                        leaders: int) -> ProcedureResult:
    _blast_formation(ctx, formation)
    return rally_command(ctx, f"{initiative}+", formation, blast=None, broken=False, units=None,
                         enemy_near=enemy_near, leaders=leaders)


def strategy_command(ctx: CommandContext, rating_a: int, rating_b: int, side_a: str, side_b: str) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.strategy_roll(ctx.roller, rating_a, rating_b, name_a=side_a, name_b=side_b)


def dangerous_command(ctx: CommandContext, units: int, formation: UnitRef, careful: bool) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    assert ctx.roller is not None
    result = checks.dangerous_terrain(ctx.roller, units, careful=careful,
                                      war_engine=bool(found and found.war_engine), formation=name)
    return _acting(result, found)


def we_damage_command(ctx: CommandContext, hits: int, formation: UnitRef, dc: int | None,
                      tk: str | None) -> ProcedureResult:
    found, name = _tested(formation, ctx.settings)
    left = found.units if found is not None else dc
    if not left:
        raise UserError("combat_epic.error.we_dc", example="combat_epic.example.damage")
    assert ctx.roller is not None
    return checks.war_engine_damage(ctx.roller, hits, dc=left, titan_killer=tk, formation=name)


FORMATION = Option("formation", unit=True)

BLAST_FORMATION = Option("formation", unit=True, required=True)
BLAST_AMOUNT = Option("amount", int, default=1, min=1, max=AMOUNT_LIMIT)

COMMANDS = (
    Command("combat_epic.cmd.blast_add", "blast", (BLAST_FORMATION, BLAST_AMOUNT), BLAST_OPT, blast_add_command, own_side=True),
    Command("combat_epic.cmd.blast_remove", "blast", (BLAST_FORMATION, BLAST_AMOUNT), BLAST_OPT,
            blast_remove_command, own_side=True),
    Command("combat_epic.cmd.blast_rally", "blast", (
        BLAST_FORMATION, Option("initiative", int, required=True, min=1, max=6),
        Option("enemy_near", bool, default=False), Option("leaders", int, default=0, min=0, max=10)),
        BLAST_OPT, blast_rally_command, own_side=True),
    Command("combat_epic.cmd.blast_clear", "blast", (BLAST_FORMATION,), BLAST_OPT, blast_clear_command, own_side=True),
    Command("combat_epic.cmd.shoot", "shoot", SHOOT_OPTIONS, OPT, shoot_command),
    Command("combat_epic.cmd.odds_shoot", "odds", SHOOT_OPTIONS, OPT, shoot_odds_command, heavy=True, applies=False,
            chart=True, compare="weapons"),
    Command("combat_epic.cmd.barrage", "shoot", (
        Option("points", int, required=True, min=1, max=18),
        Option("infantry", int, default=0, min=0, max=MAX_UNITS), Option("vehicles", int, default=0, min=0, max=MAX_UNITS),
        Option("target", unit=True), Option("shooter", unit=True),
        Option("units", int, min=1, max=MAX_UNITS), Option("blast", int, min=0, max=MAX_UNITS),
        Option("armour"), Option("cover_save"), Option("invulnerable"), Option("in_cover", bool, default=False),
        Option("action", str, default="none", choices=ACTIONS), Option("crossfire", bool, default=False),
        Option("dc", int, min=1, max=MAX_UNITS), Option("centre", bool, default=False),
        Option("macro", bool, default=False)), OPT, barrage_command),
    Command("combat_epic.cmd.flak", "shoot", (
        Option("shots", int, required=True, min=1, max=MAX_UNITS), Option("aa", str, required=True),
        Option("aircraft", unit=True), Option("armour"), Option("moved", bool, default=False),
        Option("intercept", bool, default=False), Option("jink", bool, default=False),
        Option("already", bool, default=False), Option("dc", int, min=1, max=MAX_UNITS)), OPT, flak_command),
    Command("combat_epic.cmd.assault", "assault", ASSAULT_OPTIONS, OPT, assault_command),
    Command("combat_epic.cmd.odds_assault", "odds", ASSAULT_OPTIONS, OPT, assault_odds_command, heavy=True,
            applies=False),
    Command("combat_epic.cmd.action", "check", (
        Option("initiative", str, required=True), FORMATION, Option("blast", int, min=0, max=MAX_UNITS),
        Option("retaining", bool, default=False), Option("aircraft_formation", bool, default=False)),
        OPT, action_command),
    Command("combat_epic.cmd.regroup", "check", (
        FORMATION, Option("blast", int, min=0, max=MAX_UNITS), Option("leaders", int, default=0, min=0, max=10)),
        OPT, regroup_command),
    Command("combat_epic.cmd.rally", "check", (
        Option("initiative", str, required=True), FORMATION, Option("blast", int, min=0, max=MAX_UNITS),
        Option("broken", bool, default=False), Option("units", int, min=1, max=MAX_UNITS),
        Option("enemy_near", bool, default=False), Option("leaders", int, default=0, min=0, max=10)),
        OPT, rally_command),
    Command("combat_epic.cmd.strategy", "check", (
        Option("rating_a", int, required=True, min=0, max=10), Option("rating_b", int, required=True, min=0, max=10),
        Option("side_a", str, default="A", max_length=100), Option("side_b", str, default="B", max_length=100)),
        OPT, strategy_command, applies=False),
    Command("combat_epic.cmd.dangerous", "check", (
        Option("units", int, default=1, min=1, max=MAX_UNITS), FORMATION, Option("careful", bool, default=False)),
        OPT, dangerous_command),
    Command("combat_epic.cmd.we_damage", "check", (
        Option("hits", int, required=True, min=1, max=MAX_UNITS), FORMATION, Option("dc", int, min=1, max=MAX_UNITS),
        Option("tk", str, choices=TITAN_KILLER)), OPT, we_damage_command),
)
