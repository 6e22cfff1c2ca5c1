"""Horus Heresy tests on 2D6: Leadership (l.295–311), morale (l.1442–1468, Insane Heroism
l.1458–1460), pinning (l.3199–3209), fall back distance (l.1474, Cavalry 3D6 l.1566), charge
distance (l.1057–1069), and the per-phase reaction allowance (l.425–460)."""
from __future__ import annotations

from dice.roller import Roller
from games.horus_heresy import tables as T
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "horus_heresy"


def _ld(value: int) -> None:
    if not 0 <= value <= 12:
        raise UserError("combat_hh.error.leadership", example="combat_hh.example.leadership")


def leadership_roll(roller: Roller, leadership: int, modifier: int, label: Msg, *, morale: bool = False,
                    ) -> tuple[bool, DiceStep]:
    """2D6 ≤ Ld + modifier passes; a 2 always passes and a 12 always fails (l.311); in a morale
    check a double 1 always passes (l.1460)."""
    dice = roller.dice(2)
    total = sum(dice)
    target = leadership + modifier
    passed = total <= target
    if total == 2:
        passed = True
    if total == 12:
        passed = False
    mods = [Modifier(Msg.of("combat_hh.mod.ld_modifier"), modifier, Source(BOOK, 1468 if morale else 305))] if modifier else []
    step = DiceStep(label, dice, f"≤{target}", None, modifiers=mods,
                    note=Msg.of("combat_hh.note.ld_auto"))
    return passed, step


def leadership_test(roller: Roller, leadership: int, *, modifier: int = 0, unit: str | None = None) -> ProcedureResult:
    _ld(leadership)
    r = ProcedureResult(BOOK, "leadership", Msg.of("combat_hh.title.leadership", unit=unit or Msg.of("combat_hh.word.unit")))
    passed, step = leadership_roll(roller, leadership, modifier, Msg.of("combat_hh.step.leadership"))
    r.steps.append(step)
    r.outcome.append(Msg.of("combat_hh.out.ld_pass" if passed else "combat_hh.out.ld_fail", total=sum(step.dice),
                            ld=leadership + modifier))
    r.data.update(passed=passed, total=sum(step.dice))
    return r


def morale_check(roller: Roller, leadership: int, *, lost_by: int = 0, fearless: bool = False,
                 unit: str | None = None) -> ProcedureResult:
    """2D6 ≤ Ld − (wounds the combat was lost by) (l.1468); fail → falls back (l.1450)."""
    _ld(leadership)
    r = ProcedureResult(BOOK, "morale", Msg.of("combat_hh.title.morale", unit=unit or Msg.of("combat_hh.word.unit")))
    if fearless:
        r.outcome.append(Msg.of("combat_hh.out.fearless_pass"))
        r.data.update(passed=True)
        return r
    passed, step = leadership_roll(roller, leadership, -lost_by, Msg.of("combat_hh.step.morale"), morale=True)
    if step.dice == [1, 1]:
        step.note = Msg.of("combat_hh.note.insane_heroism")
    r.steps.append(step)
    r.outcome.append(Msg.of("combat_hh.out.morale_pass" if passed else "combat_hh.out.falls_back",
                            total=sum(step.dice), ld=leadership - lost_by))
    if not passed and unit:
        r.changes.append(StateChange(unit, "falling_back", "status_on", 0, Msg.of("combat_hh.change.falls_back")))
    r.data.update(passed=passed, total=sum(step.dice))
    return r


def pinning_test(roller: Roller, leadership: int, *, modifier: int = 0, fearless: bool = False,
                 already_pinned: bool = False, unit: str | None = None) -> ProcedureResult:
    _ld(leadership)
    r = ProcedureResult(BOOK, "pinning", Msg.of("combat_hh.title.pinning", unit=unit or Msg.of("combat_hh.word.unit")))
    if fearless or already_pinned:
        r.outcome.append(Msg.of("combat_hh.out.pinning_auto"))
        r.data.update(passed=True)
        return r
    passed, step = leadership_roll(roller, leadership, modifier, Msg.of("combat_hh.step.pinning"))
    r.steps.append(step)
    r.outcome.append(Msg.of("combat_hh.out.pinning_pass" if passed else "combat_hh.out.pinned"))
    if not passed and unit:
        r.changes.append(StateChange(unit, "pinned", "status_on", 0, Msg.of("combat_hh.change.pinned")))
    r.data.update(passed=passed)
    return r


def fall_back(roller: Roller, *, cavalry: bool = False, unit: str | None = None) -> ProcedureResult:
    """2D6" toward the own table edge (l.1474); Cavalry 3D6" (l.1566)."""
    dice = roller.dice(3 if cavalry else 2)
    r = ProcedureResult(BOOK, "fall_back", Msg.of("combat_hh.title.fall_back", unit=unit or Msg.of("combat_hh.word.unit")))
    r.steps.append(DiceStep(Msg.of("combat_hh.step.fall_back_cavalry" if cavalry else "combat_hh.step.fall_back"),
                            dice, f"= {sum(dice)}"))
    r.outcome.append(Msg.of("combat_hh.out.fall_back", inches=sum(dice)))
    if unit:
        r.changes.append(StateChange(unit, "falling_back", "status_on", 0, Msg.of("combat_hh.change.falls_back")))
    r.data.update(distance=sum(dice))
    return r


def charge(roller: Roller, movement: int, *, difficult: bool = False, fleet: int = 0,
           distance: float | None = None, unit: str | None = None) -> ProcedureResult:
    """2D6 + the slowest model's M modifier (l.1061–1067), −2 through difficult terrain (l.1069),
    +X for Fleet (l.3019), never above 12 or below 2 (l.1059). A failed charge surges half the
    distance, rounded up (l.1121–1135)."""
    if not 0 <= movement <= 99:
        raise UserError("combat_hh.error.movement", example="combat_hh.example.charge")
    mod = T.charge_modifier(movement)
    r = ProcedureResult(BOOK, "charge", Msg.of("combat_hh.title.charge", unit=unit or Msg.of("combat_hh.word.unit")))
    if mod is None:
        r.outcome.append(Msg.of("combat_hh.out.cannot_charge"))
        r.data.update(distance=None)
        return r
    mods = [Modifier(Msg.of("combat_hh.mod.movement", m=movement), mod, T.CHARGE_SOURCE)]
    if difficult:
        mods.append(Modifier(Msg.of("combat_hh.mod.difficult"), T.DIFFICULT_TERRAIN_CHARGE, Source(BOOK, 1069)))
    if fleet:
        mods.append(Modifier(Msg.of("combat_hh.mod.fleet", x=fleet), fleet, Source(BOOK, 3019)))
    dice = roller.dice(2)
    raw = sum(dice) + sum(m.value for m in mods)
    total = min(T.CHARGE_MAX, max(T.CHARGE_MIN, raw))
    r.steps.append(DiceStep(Msg.of("combat_hh.step.charge"), dice, f"= {total}", modifiers=mods))
    r.outcome.append(Msg.of("combat_hh.out.charge_distance", inches=total))
    if raw != total:
        r.notes.append(Msg.of("combat_hh.note.charge_clamped", raw=raw))
    surge = -(-total // 2)
    if distance is not None:
        if distance <= total:
            r.outcome.append(Msg.of("combat_hh.out.charge_ok", distance=distance))
        else:
            r.outcome.append(Msg.of("combat_hh.out.charge_failed", distance=distance, surge=surge))
    else:
        r.notes.append(Msg.of("combat_hh.note.surge", surge=surge))
    r.data.update(distance=total, surge=surge)
    return r


def sweeping_advance(roller: Roller, winner_initiative: int, loser_initiative: int, *, winner_crusader: bool = False,
                     loser_crusader: bool = False, loser: str | None = None, loser_models: int | None = None,
                     settings: dict[str, str] | None = None, multiple: bool = False) -> ProcedureResult:
    """D6 + unmodified I each (l.1340); the winner higher catches and destroys the loser (l.1342);
    a tie lets the loser escape — or is caught under the house rule (l.1426). Crusader rolls an
    extra die and drops the lowest (l.2959). In a multiple combat a tie is caught: «равна или
    меньше … уничтожается» (l.1426) is that case's own rule."""
    from games.horus_heresy import house_rules as H

    for value in (winner_initiative, loser_initiative):
        if not 1 <= value <= 10:
            raise UserError("combat_hh.error.initiative", example="combat_hh.example.sweep")
    tie_rule = "multiple" if multiple else (settings or {}).get(H.SWEEP_TIE, "escapes")

    def side(initiative: int, crusader: bool, label: str) -> tuple[int, DiceStep]:
        dice = roller.dice(2 if crusader else 1)
        kept = max(dice)
        step = DiceStep(Msg.of(label), dice, f"= {kept + initiative}",
                        modifiers=[Modifier(Msg.of("combat_hh.mod.initiative"), initiative, Source(BOOK, 1340))],
                        note=Msg.of("combat_hh.note.crusader") if crusader else None)
        return kept + initiative, step

    w_total, w_step = side(winner_initiative, winner_crusader, "combat_hh.step.sweep_winner")
    l_total, l_step = side(loser_initiative, loser_crusader, "combat_hh.step.sweep_loser")
    caught = w_total > l_total or (w_total == l_total and tie_rule in ("caught", "multiple"))
    r = ProcedureResult(BOOK, "sweep", Msg.of("combat_hh.title.sweep", unit=loser or Msg.of("combat_hh.word.unit")))
    r.steps += [w_step, l_step]
    r.outcome.append(Msg.of("combat_hh.out.swept" if caught else "combat_hh.out.escaped", w=w_total, l=l_total))
    if w_total == l_total:
        r.notes.append(Msg.of(f"combat_hh.house.sweep_tie.applied_{tie_rule}"))
    if caught and loser and loser_models:
        r.changes.append(StateChange(loser, "models_lost", "add", loser_models, Msg.of("combat_hh.change.swept")))
    r.data.update(winner=w_total, loser=l_total, caught=caught)
    return r


def reaction_allowance(used_this_phase: int, unit_reacted: bool, *, bonus: int = 0, base: int = T.REACTION_BASE,
                       blocked: bool = False) -> tuple[bool, int, Msg]:
    """Can a unit react now? Base 1 per enemy phase (l.431), raised by rules but never above 3
    (l.437); one reaction per unit per phase (l.443); not when pinned, falling back or locked
    (l.439–445). Returns (allowed, allowance, reason)."""
    allowance = min(T.REACTION_MAX, base + bonus)
    if blocked:
        return False, allowance, Msg.of("combat_hh.out.reaction_blocked")
    if unit_reacted:
        return False, allowance, Msg.of("combat_hh.out.reaction_unit_used")
    if used_this_phase >= allowance:
        return False, allowance, Msg.of("combat_hh.out.reaction_exhausted", used=used_this_phase, allowance=allowance)
    return True, allowance, Msg.of("combat_hh.out.reaction_ok", left=allowance - used_this_phase - 1, allowance=allowance)


def it_will_not_die(roller: Roller, *, need: int, damaged: int, unit: str | None = None,
                    vehicle: bool = False) -> ProcedureResult:
    """It Will Not Die (X): at the end of each of its own turns, a D6 for each model with the rule
    that has lost wounds or hull points and is still in play; X+ regains one (l.3153–3155)."""
    if not 2 <= need <= 6:
        raise UserError("combat_hh.error.rule_value", example="combat_hh.example.it_will_not_die",
                        text=f"{need}+")
    if damaged < 1:
        raise UserError("combat_hh.error.not_damaged", example="combat_hh.example.it_will_not_die",
                        unit=unit or Msg.of("combat_hh.word.unit"))
    dice = roller.dice(damaged)
    regained = sum(1 for d in dice if d >= need)
    r = ProcedureResult(BOOK, "it_will_not_die", Msg.of("combat_hh.title.it_will_not_die",
                                                         unit=unit or Msg.of("combat_hh.word.unit")))
    r.steps.append(DiceStep(Msg.of("combat_hh.step.it_will_not_die"), dice, f"{need}+", regained))
    r.outcome.append(Msg.of("combat_hh.out.it_will_not_die_hp" if vehicle else "combat_hh.out.it_will_not_die",
                            n=regained))
    if unit and regained:
        r.changes.append(StateChange(unit, "hull_points" if vehicle else "wounds", "add", -regained,
                                     Msg.of("combat_hh.change.it_will_not_die")))
    r.data.update(regained=regained)
    return r


def concussive(roller: Roller, *, leadership: int, penalty: int | None = None,
               unit: str | None = None) -> ProcedureResult:
    """Concussive (X): a unit wounded by it — saved or not — takes one Leadership test at the end of
    the shooting phase or the combat; a failure lowers its WS by X (1 with no number) until the
    end of the next assault phase; the largest X counts (l.2939–2945)."""
    _ld(leadership)
    x = penalty if penalty is not None else 1
    r = ProcedureResult(BOOK, "concussive", Msg.of("combat_hh.title.concussive", unit=unit or Msg.of("combat_hh.word.unit")))
    passed, step = leadership_roll(roller, leadership, 0, Msg.of("combat_hh.step.leadership"))
    r.steps.append(step)
    r.outcome.append(Msg.of("combat_hh.out.ld_pass" if passed else "combat_hh.out.ld_fail", total=sum(step.dice),
                            ld=leadership))
    if not passed:
        r.outcome.append(Msg.of("combat_hh.out.concussed", x=x))
    r.notes.append(Msg.of("combat_hh.note.concussive_once"))
    r.data.update(passed=passed, penalty=x)
    return r
