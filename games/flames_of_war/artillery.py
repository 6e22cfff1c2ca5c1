"""Flames of War artillery bombardment (L694–752) and aircraft bombing (L676–688).

The range-in roll itself is not described in this document (step 5, L704; the book only says the
attempt number matters, L736, and night adds 1 to it, L1297), nor is the template's size. The
to-hit, its re-rolls, the saves' cover and the Firepower test are.
"""
from __future__ import annotations

from dice.roller import Roller
from games.flames_of_war import engine, ratings as R
from games.flames_of_war.shooting import apply_pin, saves_and_firepower, TRACK_DESTROYED, TRACK_HITS
from games.procedure import Modifier, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "flames_of_war"


def bombard(roller: Roller, *, teams_under_template: int, is_hit_on: int, attempt: int = 1,
            weapons: int = 1, aircraft: bool = False, save: int | None = None, fp: int | None = None,
            bulletproof: bool = False, hits_before: int = 0, unit_teams: int | None = None,
            pin_immune: bool = False, already_pinned: bool = False, target: str | None = None,
            settings: dict[str, str] | None = None) -> ProcedureResult:
    if attempt not in R.RANGE_IN_ATTEMPT_PENALTY:
        raise UserError("fow.error.bad_attempt", example="fow.example.bombard", value=attempt)
    if not 1 <= teams_under_template <= 60 or not 1 <= weapons <= 30:
        raise UserError("fow.error.bad_count", example="fow.example.bombard", value=teams_under_template)
    result = ProcedureResult(GAME, "bombard", Msg.of("fow.bombard.title", target=target or Msg.of("combat_shared.word.target")))
    mods = []
    penalty = R.RANGE_IN_ATTEMPT_PENALTY[attempt]
    if penalty:
        mods.append(Modifier(Msg.of("fow.mod.range_in_attempt", attempt=attempt), penalty, R.SRC_ARTILLERY_HIT))
    t = engine.need(is_hit_on, mods)
    reroll = R.artillery_reroll(weapons)                  # L738
    attempts = engine.roll(roller, teams_under_template, t, reroll)
    result.steps.append(engine.dice_step(Msg.of("fow.step.bombard_hit", need=t), attempts, t, mods, reroll))
    hits = engine.successes(attempts)
    result.outcome.append(Msg.of("fow.out.hits", hits=hits))
    result.notes.append(Msg.of(f"fow.note.artillery_reroll.{reroll}", weapons=weapons, source=R.SRC_ARTILLERY_REROLL))
    result.notes.append(Msg.of("fow.note.range_in_undefined"))
    if aircraft:
        result.notes.append(Msg.of("fow.note.aircraft_page44"))
    result.notes.append(Msg.of("fow.note.bulletproof_bombard" if bulletproof else "fow.note.no_bulletproof_bombard"))
    apply_pin(result, hits=hits, hits_before=hits_before, unit_teams=unit_teams, pin_immune=pin_immune,
              already_pinned=already_pinned, settings=settings, target=target)
    result.notes.append(Msg.of("fow.note.bombard_pin_step"))
    if target and hits:
        result.changes.insert(0, StateChange(target, TRACK_HITS, "add", hits, reason=Msg.of("fow.reason.hits")))
    if hits:
        destroyed = saves_and_firepower(roller, result, hits, save, fp, top_armour=True)
        if target and destroyed:
            result.changes.append(StateChange(target, TRACK_DESTROYED, "add", destroyed, reason=Msg.of("fow.reason.firepower")))
    result.data.update(need=t, hits=hits, reroll=reroll)
    return result
