"""Epic tests: action test (1.6.2), regroup (1.13.1), rally (1.14.1), strategy roll (1.5),
dangerous terrain (1.8.1) and War Engine damage (3.2.3–3.2.5)."""
from __future__ import annotations

from dice.roller import Roller
from games.epic import house_rules as H
from games.epic import tables as T
from games.epic import tracks
from games.epic.actions import HOLD, action_code, action_name
from games.epic.state import rally_removes
from games.house_rules import effective
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "epic"


def _initiative(value: int) -> None:
    if not 1 <= value <= 6:
        raise UserError("combat_epic.error.initiative", example="combat_epic.example.action")


def action_test(roller: Roller, initiative: int, *, blast_markers: int = 0, retaining: bool = False,
                aircraft: bool = False, formation: str | None = None, declared: str | None = None,
                supreme_commander: bool = False, settings: dict[str, str] | None = None,
                combined: tuple[tuple[str, int], ...] = ()) -> ProcedureResult:
    """D6 + modifiers ≥ initiative (l.214). −1 with any Blast Marker (l.216), −1 retaining (l.220);
    aircraft: −1 per Blast Marker and all of them removed (l.1010–1012). A Supreme Commander in
    the army re-rolls one failed initiative test a turn (l.720).

    `combined`: a Commander's combined assault (L650–656) with these formations (name, Blast
    Markers): one test for all, −1 if any of them has markers (L652); passed, all Engage (L656);
    failed, only the Commander's formation takes a marker and Holds (L654)."""
    _initiative(initiative)
    mods: list[Modifier] = []
    if combined:
        declared = "engage"
    if aircraft and blast_markers:
        mods.append(Modifier(Msg.of("combat_epic.mod.air_blast", n=blast_markers), -blast_markers, Source(BOOK, 1010)))
    elif blast_markers:
        mods.append(Modifier(Msg.of("combat_epic.mod.has_blast"), T.ACTION_TEST_BLAST, Source(BOOK, 216)))
    elif any(bm for _, bm in combined):
        mods.append(Modifier(Msg.of("combat_epic.mod.combined_blast"), T.ACTION_TEST_BLAST, Source(BOOK, 652)))
    if retaining:
        mods.append(Modifier(Msg.of("combat_epic.mod.retaining"), T.ACTION_TEST_RETAIN, Source(BOOK, 220)))
    die = roller.die()
    total = die + sum(m.value for m in mods)
    passed = total >= initiative
    r = ProcedureResult(BOOK, "action_test", Msg.of("combat_epic.title.action_test", formation=formation or Msg.of("combat_epic.word.formation")))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.action_test"), [die], f"{initiative}+", modifiers=mods))
    rerolled_from = None
    if not passed and supreme_commander:
        rerolled_from, die = die, roller.die()
        total = die + sum(m.value for m in mods)
        passed = total >= initiative
        r.steps.append(DiceStep(Msg.of("combat_epic.step.supreme_reroll"), [die], f"{initiative}+", modifiers=mods))
        r.notes.append(Msg.of("combat_epic.note.supreme_commander"))
    r.outcome.append(Msg.of("combat_epic.out.test_total", total=total, need=initiative))
    if passed:
        r.outcome.append(Msg.of("combat_epic.out.action_pass"))
    else:
        # «Если формация провалила тест, то она получает «Бласт»… может произвести Действие «Hold»» (l.214)
        r.outcome.append(Msg.of("combat_epic.out.air_fail" if aircraft else "combat_epic.out.action_fail"))
    if formation:
        if aircraft and blast_markers:
            r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "set", 0, Msg.of("combat_epic.change.air_clear")))
        air_rule = effective(BOOK, settings)[H.AIRCRAFT_FAILED_BLAST]
        if not passed and (not aircraft or air_rule == "blast"):
            r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "add", 1, Msg.of("combat_epic.change.failed_test")))
        if not passed and aircraft:
            r.notes.append(Msg.of(f"combat_epic.house.aircraft_failed_blast.{air_rule}"))
        # What it does this turn (L164–170): the declared action, or only Hold after a failure (L204).
        done = declared if passed and declared else HOLD if not passed else None
        r.changes.append(StateChange(formation, "acted", "status_on"))
        if done is not None:
            r.changes.append(StateChange(formation, "action", "set", action_code(done)))
        if not passed:
            r.changes.append(StateChange(formation, "action_failed", "status_on"))
    if combined:
        names = ", ".join(name for name, _ in combined)
        r.notes.append(Msg.of("combat_epic.note.combined_test", names=names))
        r.outcome.append(Msg.of("combat_epic.out.combined_pass" if passed else "combat_epic.out.combined_fail",
                                names=names))
        for name, _ in combined if passed else ():
            r.changes.append(StateChange(name, "acted", "status_on"))
            r.changes.append(StateChange(name, "action", "set", action_code("engage")))
    if declared:
        r.outcome.insert(0, Msg.of("combat_epic.out.declared", action=action_name(action_code(declared))))
    r.data.update(die=die, total=total, passed=passed, rerolled_from=rerolled_from)
    return r


def teleport(roller: Roller, *, units: int, formation: str | None = None) -> ProcedureResult:
    """A formation arriving by Teleport (l.730): a D6 per unit; each 1 gives it a Blast Marker."""
    if not 1 <= units <= 100:
        raise UserError("combat_epic.error.units", example="combat_epic.example.teleport")
    dice = roller.dice(units)
    ones = sum(1 for d in dice if d == 1)
    r = ProcedureResult(BOOK, "teleport", Msg.of("combat_epic.title.teleport",
                                                 formation=formation or Msg.of("combat_epic.word.formation")))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.teleport"), dice))
    r.outcome.append(Msg.of("combat_epic.out.teleport", n=ones))
    if formation and ones:
        r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "add", ones, Msg.of("combat_epic.change.teleport")))
    r.data.update(blast=ones)
    return r


def planetfall(roller: Roller) -> ProcedureResult:
    """A unit landing by Planetfall scatters 2D6 cm in a random direction (l.1046); the book
    names no die for the direction."""
    dice = roller.dice(2)
    r = ProcedureResult(BOOK, "planetfall", Msg.of("combat_epic.title.planetfall"))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.planetfall"), dice, "2D6"))
    r.outcome.append(Msg.of("combat_epic.out.planetfall", cm=sum(dice)))
    r.notes.append(Msg.of("combat_epic.note.scatter_direction"))
    r.notes.append(Msg.of("combat_epic.note.planetfall_off_table"))
    r.data.update(cm=sum(dice))
    return r


def regroup(roller: Roller, blast_markers: int, *, leaders: int = 0, formation: str | None = None) -> ProcedureResult:
    """Marshal/Hold: remove the highest of 2D6 Blast Markers (l.598), +1 per Leader (l.684)."""
    dice = roller.dice(2)
    remove = max(dice) + leaders
    mods = [Modifier(Msg.of("combat_epic.mod.leaders", n=leaders), leaders, Source(BOOK, 684))] if leaders else []
    removed = min(remove, blast_markers)
    r = ProcedureResult(BOOK, "regroup", Msg.of("combat_epic.title.regroup", formation=formation or Msg.of("combat_epic.word.formation")))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.regroup"), dice, f"= {remove}", modifiers=mods))
    r.outcome.append(Msg.of("combat_epic.out.regroup", removed=removed, left=blast_markers - removed))
    if formation and removed:
        r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "add", -removed, Msg.of("combat_epic.change.regroup")))
    r.data.update(dice=dice, removed=removed, left=blast_markers - removed)
    return r


def rally(roller: Roller, initiative: int, *, blast_markers: int = 0, broken: bool = False, units: int = 1,
          enemy_within_30: bool = False, leaders: int = 0, formation: str | None = None,
          settings: dict[str, str] | None = None) -> ProcedureResult:
    """End phase: D6 ≥ initiative, −2 if broken, −1 with an enemy within 30 cm (l.624). Pass: remove
    half the Blast Markers (a broken formation counts as BM = units), one if it has one (l.628)."""
    _initiative(initiative)
    rounding = effective("epic", settings)[H.RALLY_ROUNDING]
    mods: list[Modifier] = []
    if broken:
        mods.append(Modifier(Msg.of("combat_epic.mod.rally_broken"), T.RALLY_BROKEN, Source(BOOK, 624)))
    if enemy_within_30:
        mods.append(Modifier(Msg.of("combat_epic.mod.rally_enemy"), T.RALLY_ENEMY_30CM, Source(BOOK, 624)))
    if blast_markers and not broken and effective("epic", settings)[H.RALLY_BLAST_PENALTY] == "yes":
        # House rule: L216's −1 for Blast Markers applies to the rally's initiative test too.
        mods.append(Modifier(Msg.of("combat_epic.house.rally_blast_penalty.applied"), T.ACTION_TEST_BLAST,
                             Source(BOOK, 216)))
    die = roller.die()
    total = die + sum(m.value for m in mods)
    passed = total >= initiative
    r = ProcedureResult(BOOK, "rally", Msg.of("combat_epic.title.rally", formation=formation or Msg.of("combat_epic.word.formation")))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.rally"), [die], f"{initiative}+", modifiers=mods))
    r.outcome.append(Msg.of("combat_epic.out.test_total", total=total, need=initiative))
    bm = units if broken else blast_markers
    left = bm
    if passed:
        removed = rally_removes(bm, leaders, rounding)
        left = bm - removed
        r.outcome.append(Msg.of("combat_epic.out.rally_pass", removed=removed, left=left))
        if broken:
            r.outcome.append(Msg.of("combat_epic.out.rally_unbroken"))
        if rounding == "down":
            r.notes.append(Msg.of("combat_epic.house.rally_rounding.applied_down"))
    else:
        r.outcome.append(Msg.of("combat_epic.out.rally_fail_broken" if broken else "combat_epic.out.rally_fail"))
    if formation:
        # The state rules halve the markers themselves (games/epic/state.py "rally").
        r.changes.append(StateChange(formation, tracks.RALLY, "set", 1 + leaders if passed else 0,
                                     Msg.of("combat_epic.change.rallied")))
    r.data.update(die=die, total=total, passed=passed, blast_left=left)
    return r


def strategy_roll(roller: Roller, rating_a: int, rating_b: int, *, name_a: str = "A", name_b: str = "B",
                  ) -> ProcedureResult:
    """D6 + strategy rating each; the higher chooses who acts first (l.156)."""
    da, db = roller.die(), roller.die()
    ta, tb = da + rating_a, db + rating_b
    r = ProcedureResult(BOOK, "strategy", Msg.of("combat_epic.title.strategy"))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.strategy", side=name_a), [da], f"= {ta}",
                            modifiers=[Modifier(Msg.of("combat_epic.mod.strategy_rating"), rating_a, Source(BOOK, 156))]))
    r.steps.append(DiceStep(Msg.of("combat_epic.step.strategy", side=name_b), [db], f"= {tb}",
                            modifiers=[Modifier(Msg.of("combat_epic.mod.strategy_rating"), rating_b, Source(BOOK, 156))]))
    if ta == tb:
        r.outcome.append(Msg.of("combat_epic.out.strategy_tie", total=ta))
    else:
        r.outcome.append(Msg.of("combat_epic.out.strategy_win", side=name_a if ta > tb else name_b, a=ta, b=tb))
    r.data.update(a=ta, b=tb, winner=None if ta == tb else ("a" if ta > tb else "b"))
    return r


def dangerous_terrain(roller: Roller, units: int = 1, *, careful: bool = False, war_engine: bool = False,
                      formation: str | None = None, settings: dict[str, str] | None = None) -> ProcedureResult:
    """D6 per unit; a 1 destroys it, no save and no Blast Marker (l.270). Careful movement or a Walker
    rerolls failures (l.272, l.734); a War Engine loses 1 DC instead (l.824)."""
    if not 1 <= units <= 100:
        raise UserError("combat_epic.error.units", example="combat_epic.example.dangerous")
    dice = roller.dice(units)
    fails = [i for i, d in enumerate(dice) if d == T.DANGEROUS_TERRAIN_FAIL]
    step = DiceStep(Msg.of("combat_epic.step.dangerous"), dice, "2+")
    if careful and fails:
        rerolls = roller.dice(len(fails))
        step.rerolled, step.rerolls = fails, rerolls
        fails = [i for i, d in zip(fails, rerolls) if d == T.DANGEROUS_TERRAIN_FAIL]
    step.successes = units - len(fails)
    r = ProcedureResult(BOOK, "dangerous", Msg.of("combat_epic.title.dangerous", formation=formation or Msg.of("combat_epic.word.formation")))
    r.steps.append(step)
    lost = len(fails)
    r.outcome.append(Msg.of("combat_epic.out.dangerous_we" if war_engine else "combat_epic.out.dangerous", n=lost))
    if formation and lost:
        track = tracks.DC_LOST if war_engine else tracks.UNITS_LOST
        r.changes.append(StateChange(formation, track, "add", lost, Msg.of("combat_epic.change.dangerous")))
    if war_engine:
        r.notes.append(Msg.of("combat_epic.note.dangerous_we"))
        rule = effective(BOOK, settings)[H.WE_DANGEROUS_BLAST]
        r.notes.append(Msg.of(f"combat_epic.house.we_dangerous_blast.{rule}"))
        if rule == "blast" and formation and lost:
            r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "add", lost, Msg.of("combat_epic.change.dangerous")))
    r.data.update(lost=lost)
    return r


def war_engine_damage(roller: Roller, points: int, *, dc: int, titan_killer: str | None = None,
                      formation: str | None = None) -> ProcedureResult:
    """Damage to a War Engine: TK(D3)/TK(D6) rolls its points (l.810); each point rolls D6 for a
    critical on a 6 (l.864); a Blast Marker per DC lost (l.868)."""
    if points < 1 or dc < 1:
        raise UserError("combat_epic.error.units", example="combat_epic.example.damage")
    r = ProcedureResult(BOOK, "we_damage", Msg.of("combat_epic.title.we_damage", formation=formation or Msg.of("combat_epic.word.formation")))
    if titan_killer in ("D3", "D6"):
        rolled = [roller.d3() if titan_killer == "D3" else roller.die() for _ in range(points)]
        r.steps.append(DiceStep(Msg.of("combat_epic.step.tk_damage", tk=titan_killer), rolled, titan_killer,
                                note=Msg.of("combat_epic.note.tk_damage_source")))
        points = sum(rolled)
    lost = min(points, dc)
    dice = roller.dice(lost)
    crits = sum(1 for d in dice if d >= T.CRITICAL_HIT_ON)
    r.steps.append(DiceStep(Msg.of("combat_epic.step.critical"), dice, "6", crits,
                            note=Msg.of("combat_epic.note.critical_source")))
    r.outcome.append(Msg.of("combat_epic.out.dc_lost", n=lost, left=dc - lost))
    if crits:
        r.outcome.append(Msg.of("combat_epic.out.criticals", n=crits))
        r.notes.append(Msg.of("combat_epic.note.critical_effect", n=crits))
    r.outcome.append(Msg.of("combat_epic.out.we_blast", n=lost))
    if formation:
        r.changes.append(StateChange(formation, tracks.DC_LOST, "add", lost, Msg.of("combat_epic.change.dc_lost")))
        r.changes.append(StateChange(formation, tracks.BLAST_MARKERS, "add", lost, Msg.of("combat_epic.change.blast")))
        if crits:
            r.changes.append(StateChange(formation, tracks.CRITICAL_HITS, "add", crits, Msg.of("combat_epic.change.criticals")))
    r.data.update(points=points, lost=lost, criticals=crits)
    return r
