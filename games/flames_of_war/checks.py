"""Flames of War tests: motivation (Rally, Counterattack, Last Stand), Tactics, the Formation
Commander's survival, Mistaken Target, and the flat 4+ rolls (aircraft arrival, sniper).

Each returns a ProcedureResult; numbers come from `ratings` with their lines.
"""
from __future__ import annotations

from dice.roller import Roller
from games.flames_of_war import engine, ratings as R
from games.flames_of_war.house_rules import setting
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "flames_of_war"
MOTIVATION_TESTS = ("rally", "remount", "counterattack", "last_stand")     # L136
STATUS_PINNED = "pinned"
TRACK_DESTROYED = "teams_destroyed"


def motivation_number(rating: str | None, number: int | None) -> int:
    if number is not None:
        if not 2 <= number <= 6:
            raise UserError("fow.error.bad_number", example="fow.example.rally", value=number)
        return number
    if rating not in R.MOTIVATION:
        raise UserError("fow.error.need_motivation", example="fow.example.rally")
    return R.MOTIVATION[rating]


def motivation_test(roller: Roller, test: str, *, rating: str | None = None, number: int | None = None,
                    fc_near: bool = False, fc_los: bool = False, all_cavalry: bool = False,
                    fuel_tanks: bool = False, unit: str | None = None,
                    unit_teams: int | None = None, armoured: bool = False, other_rating: str | None = None,
                    leading: bool = False, settings: dict[str, str] | None = None) -> ProcedureResult:
    """Rally (L596–604), Remount (L136, L150–152, L620), Counterattack (L820–826) or Last Stand
    (L843–859) for one unit.

    The Formation Commander within 6"/15 cm gives a re-roll; Counterattack and Last Stand also
    need his line of sight, Rally doesn't (L604 vs L826, L855). The book gives him no re-roll
    for Remount.
    """
    if test not in MOTIVATION_TESTS:
        raise ValueError(test)
    base = motivation_number(rating, number)
    notes: list[Msg] = []
    if other_rating is not None:
        other = motivation_number(other_rating, None)
        if leading and test == "counterattack":
            # L792: the Formation Commander's unit and the unit it leads are one unit with the
            # higher Counterattack rating: the better (smaller) number.
            base = min(base, other)
            notes.append(Msg.of("fow.note.leading_from_the_front"))
        else:
            # L174: a unit of mixed motivation uses «наименьший показатель Мотивации».
            rule = setting(settings, "fow_mixed_motivation")
            base = max(base, other) if rule == "worst" else min(base, other)
            notes.append(Msg.of(f"fow.house.mixed_motivation.{rule}"))
    source = {"rally": R.SRC_RALLY, "remount": R.SRC_REMOUNT, "counterattack": R.SRC_COUNTERATTACK,
              "last_stand": R.SRC_LAST_STAND}[test]
    mods: list[Modifier] = []
    if all_cavalry and test == "rally":
        mods.append(Modifier(Msg.of("fow.mod.cavalry_rally"), R.CAVALRY_RALLY_BONUS, R.SRC_CAVALRY))
    if fuel_tanks and test == "remount":
        mods.append(Modifier(Msg.of("fow.mod.fuel_tanks"), R.FUEL_TANKS_REMOUNT, R.SRC_FUEL_TANKS))
    t = engine.need(base, mods)
    reroll_allowed = fc_near and test != "remount" and (test == "rally" or fc_los)
    reroll: engine.Reroll = "failed" if reroll_allowed else "none"
    [a] = engine.roll(roller, 1, t, reroll)
    result = ProcedureResult(GAME, f"check.{test}", Msg.of(f"fow.check.{test}.title", unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(engine.dice_step(Msg.of("fow.step.motivation", need=t), [a], t, mods, reroll))
    result.notes.extend(notes)
    if reroll_allowed:
        result.notes.append(Msg.of("fow.note.fc_reroll", source=source))
    elif fc_near and not fc_los:
        result.notes.append(Msg.of("fow.note.fc_needs_los", source=source))
    passed = a.success
    result.outcome.append(Msg.of(f"fow.check.{test}.{'pass' if passed else 'fail'}", unit=unit or Msg.of("combat_shared.word.unit")))
    if unit:
        if test == "rally" and passed:
            result.changes.append(StateChange(unit, STATUS_PINNED, "status_off", reason=Msg.of("fow.reason.rallied")))
        if test == "remount" and passed:
            result.changes.append(StateChange(unit, "teams_bailed_out", "set", 0, reason=Msg.of("fow.reason.remounted")))
            result.changes.append(StateChange(unit, "bailed_out", "status_off", reason=Msg.of("fow.reason.remounted")))
        if test == "counterattack" and not passed:
            # L832: a unit that falls back counts as Pinned Down — armoured tanks never are (L592).
            rule = setting(settings, "fow_assault_pins_armoured")
            if armoured:
                result.notes.append(Msg.of(f"fow.house.assault_pins_armoured.{rule}"))
            if not armoured or rule == "pinned":
                result.changes.append(StateChange(unit, STATUS_PINNED, "status_on", reason=Msg.of("fow.reason.fell_back")))
        if test == "last_stand" and not passed and unit_teams:
            # A unit is destroyed when all its teams are (the state rules' own test).
            result.changes.append(StateChange(unit, TRACK_DESTROYED, "set", unit_teams, reason=Msg.of("fow.reason.last_stand")))
    if test == "last_stand":
        result.notes.append(Msg.of("fow.note.last_stand_fc"))
    if test == "remount" and fc_near:
        result.notes.append(Msg.of("fow.note.remount_no_fc"))
    if test == "counterattack":
        result.notes.append(Msg.of("fow.note.unarmoured_fall_back"))
    result.data.update(need=t, success=passed, reroll=reroll, p=engine.p_success(t, reroll))
    return result


def tactics_test(roller: Roller, *, skill: str | None = None, number: int | None = None,
                 unit: str | None = None) -> ProcedureResult:
    """Tactics test (L194–204): Veteran 3+, Trained 4+, Conscript 5+."""
    if number is None:
        if skill not in R.TACTICS:
            raise UserError("fow.error.need_skill", example="fow.example.tactics")
        number = R.TACTICS[skill]
    t = engine.need(number)
    [a] = engine.roll(roller, 1, t)
    result = ProcedureResult(GAME, "check.tactics", Msg.of("fow.check.tactics.title", unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(engine.dice_step(Msg.of("fow.step.tactics", need=t), [a], t))
    result.outcome.append(Msg.of(f"fow.check.tactics.{'pass' if a.success else 'fail'}"))
    result.notes.append(Msg.of("fow.note.orders_undefined"))
    result.data.update(need=t, success=a.success, p=engine.p_success(t))
    return result


FLAT_TESTS = {
    # kind: (number, source)
    "commander": (R.COMMANDER_SURVIVAL, R.SRC_COMMANDER),
    "aircraft": (R.AIRCRAFT_ARRIVAL, R.SRC_AIRCRAFT),
    "sniper": (R.SNIPER_DESTROYED, R.SRC_SNIPER),
}


def flat_test(roller: Roller, kind: str, *, unit: str | None = None) -> ProcedureResult:
    """The Formation Commander's survival 3+ (L558–574), aircraft arrival 4+ (L678),
    a 'destroyed' sniper 4+ (L670)."""
    number, source = FLAT_TESTS[kind]
    t = engine.need(number)
    [a] = engine.roll(roller, 1, t)
    result = ProcedureResult(GAME, f"check.{kind}", Msg.of(f"fow.check.{kind}.title", unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(engine.dice_step(Msg.of("fow.step.flat", need=t, source=source), [a], t))
    result.outcome.append(Msg.of(f"fow.check.{kind}.{'pass' if a.success else 'fail'}", unit=unit or Msg.of("combat_shared.word.unit")))
    if kind == "commander":
        result.notes.append(Msg.of("fow.note.commander_once"))
    if kind == "aircraft":
        result.notes.append(Msg.of("fow.note.aircraft_page44"))
    # The commander's team is lost on a failed roll (L558–560); a sniper only on a passed one:
    # otherwise it is removed and may come back from Ambush (L670).
    lost = not a.success if kind == "commander" else a.success if kind == "sniper" else False
    if unit and lost:
        result.changes.append(StateChange(unit, TRACK_DESTROYED, "add", 1, reason=Msg.of(f"fow.check.{kind}.title", unit=unit)))
    result.data.update(need=t, success=a.success, p=engine.p_success(t))
    return result


def mistaken_target(roller: Roller, *, hits: int, too_close: bool = False) -> ProcedureResult:
    """Mistaken Target (L508–532): 3+ to move one hit to another team of the same type; keep
    going until a roll fails. Not allowed within 4"/10 cm of the shooter (8"/20 cm for a tank)."""
    if too_close:
        raise UserError("fow.error.mistaken_too_close", example="fow.example.mistaken")
    if not 1 <= hits <= 50:
        raise UserError("fow.error.bad_count", example="fow.example.mistaken", value=hits)
    t = engine.need(R.MISTAKEN_TARGET)
    attempts = []
    for _ in range(hits):
        attempts.extend(engine.roll(roller, 1, t))
        if not attempts[-1].success:
            break            # L516: once a roll fails, no more hits move
    moved = engine.successes(attempts)
    result = ProcedureResult(GAME, "check.mistaken", Msg.of("fow.check.mistaken.title"))
    result.steps.append(engine.dice_step(Msg.of("fow.step.mistaken", need=t), attempts, t))
    result.outcome.append(Msg.of("fow.check.mistaken.outcome", moved=moved, asked=hits))
    result.notes.append(Msg.of("fow.note.mistaken_rules"))
    result.data.update(need=t, moved=moved)
    return result


def formation_last_stand(*, units_in_good_spirits: int) -> ProcedureResult:
    """Formation Last Stand (L865–873), no dice: In Good Spirits with at least two units In Good
    Spirits (on the table or in reserve); otherwise the formation is destroyed."""
    if units_in_good_spirits < 0:
        raise UserError("fow.error.bad_count", example="fow.example.formation", value=units_in_good_spirits)
    ok = units_in_good_spirits >= 2          # L869 «хотя бы два Юнита»
    result = ProcedureResult(GAME, "check.formation", Msg.of("fow.check.formation.title"))
    result.outcome.append(Msg.of(f"fow.check.formation.{'pass' if ok else 'fail'}", n=units_in_good_spirits))
    result.notes.append(Msg.of("fow.note.formation_support"))
    result.data.update(in_good_spirits=ok)
    return result


CROSSINGS = ("terrain", "minefield", "booby_trap")


def crossing(roller: Roller, kind: str, *, teams: int = 1, cross: int | None = None, skill: str | None = None,
             night: bool = False, overloaded: bool = False, unit: str | None = None) -> ProcedureResult:
    """A die per team crossing: difficult terrain against its Cross rating (L278–286; night +1,
    L1285; overloaded +1, L1003); a minefield (L1131–1139) or booby trap (L1147–1153) against its
    Skill. A team that fails a mine or trap takes a hit (minefield «FP 5 AT 1+», booby trap
    «FP 2+ AT 3») and its unit is pinned once across."""
    if kind not in CROSSINGS:
        raise ValueError(kind)
    if kind == "booby_trap":
        teams = 1                                   # L1149: only the first team to cross
    if not 1 <= teams <= 50:
        raise UserError("fow.error.bad_count", example="fow.example.cross", value=teams)
    mods: list[Modifier] = []
    if kind == "terrain":
        if cross is None or not 1 <= cross <= 6:
            raise UserError("fow.error.need_cross", example="fow.example.cross")
        base = cross
        if night:
            mods.append(Modifier(Msg.of("fow.mod.night_cross"), 1, R.SRC_NIGHT_CROSS))
        if overloaded:
            mods.append(Modifier(Msg.of("fow.mod.overloaded"), 1, R.SRC_OVERLOADED))
    else:
        if skill not in R.TACTICS:
            raise UserError("fow.error.need_skill", example="fow.example.minefield")
        base = R.TACTICS[skill]
    t = engine.need(base, mods)
    ambiguous = kind != "terrain"
    attempts = engine.roll(roller, teams, t)
    passed = engine.successes(attempts)
    failed = teams - passed
    result = ProcedureResult(GAME, f"check.{kind}", Msg.of(f"fow.check.{kind}.title", unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(engine.dice_step(Msg.of(f"fow.step.{kind}"), attempts, t, mods))
    result.outcome.append(Msg.of(f"fow.check.{kind}.outcome", passed=passed, failed=failed))
    if ambiguous:
        # L1133, L1151 compare the die «с показателем Умение»: the book's Skill heading holds two
        # numbers (is hit on, L178; Tactics, L194) and says nowhere which one a mine uses.
        result.notes.append(Msg.of("fow.note.mine_skill_undefined"))
    if kind != "terrain" and failed:
        result.outcome.append(Msg.of(f"fow.check.{kind}.hit", n=failed))
        result.notes.append(Msg.of("fow.note.saves_undefined"))
        if kind == "minefield":
            result.notes.append(Msg.of("fow.note.minefield_profile"))
        if unit:
            result.changes.append(StateChange(unit, STATUS_PINNED, "status_on", reason=Msg.of(f"fow.check.{kind}.title", unit=unit)))
    if kind == "terrain" and failed:
        result.notes.append(Msg.of("fow.note.cross_leader"))
    result.data.update(need=t, passed=passed, failed=failed)
    return result


def night_roll(roller: Roller, kind: str) -> ProcedureResult:
    """Time of day (L1303–1311) or the moon (L1313–1321): one D6 on the book's table."""
    table = {"time_of_day": R.TIME_OF_DAY, "moon": R.MOON}[kind]
    source = {"time_of_day": R.SRC_TIME_OF_DAY, "moon": R.SRC_MOON}[kind]
    roll = roller.die(6)
    result = ProcedureResult(GAME, f"check.{kind}", Msg.of(f"fow.table.{kind}"))
    result.steps.append(DiceStep(Msg.of(f"fow.table.{kind}"), [roll], target="D6"))
    result.outcome.append(Msg.of(f"fow.night.{table[roll]}", source=source))
    result.data.update(roll=roll, result=table[roll])
    return result
