"""Warmaster's war machines with their own rules (L381–382): the Helblaster volley gun, whose
shots fall with range and which blows up on more 1s than 6s, and cannons, whose balls bounce
through the stands behind the target (or fire grapeshot at chargers)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
from games.warmaster import rules as W
from games.warmaster.hits import pool_outcome, roll_saves, save_number, to_hit_number
from games.warmaster.shooting import STATUS_CARRY, TRACK_HITS, TRACK_PHASE_HITS
from i18n import Msg, UserError

GAME = "warmaster"


def helblaster_shots(range_cm: float, charging: bool) -> int:
    """L382: 6 shots up to 10 cm, 3 up to 20 cm, 1 up to 30 cm; at chargers always 6 (10 cm)."""
    if charging:
        return W.HELBLASTER_SHOTS[0][1]
    for limit, shots in W.HELBLASTER_SHOTS:
        if range_cm <= limit:
            return shots
    raise UserError("wm.error.helblaster_range", example="wm.example.helblaster", cm=f"{range_cm:g}")


def helblaster(roller: Roller, *, range_cm: float, charging: bool = False, position: str = "open",
               armour: int | None = None, target: str | None = None, hits_per_stand: int | None = None,
               pool_before: int = 0, stands: int | None = None) -> ProcedureResult:
    shots = helblaster_shots(range_cm, charging)
    need = to_hit_number(position)
    dice = roller.dice(shots, 6)
    hits = sum(d >= need for d in dice)
    exploded = shots > 1 and dice.count(1) > dice.count(6)
    result = ProcedureResult(GAME, "helblaster", Msg.of("wm.helblaster.title", target=target or Msg.of("combat_shared.word.target")))
    result.steps.append(DiceStep(Msg.of("wm.step.helblaster", shots=shots, need=need), dice, target=f"{need}+",
                                 successes=hits))
    result.outcome.append(Msg.of("wm.out.hits", hits=hits))
    unsaved = roll_saves(roller, result, hits=hits, save=save_number(armour, worse=1))
    if armour:
        result.notes.append(Msg.of("wm.note.armour_worse", source=W.SRC_HELBLASTER))
    result.outcome.append(Msg.of("wm.out.unsaved", n=unsaved))
    pool_outcome(result, unit=target, hits=unsaved, hits_per_stand=hits_per_stand, pool_before=pool_before,
                 stands=stands)
    if exploded:
        result.outcome.append(Msg.of("wm.helblaster.exploded", ones=dice.count(1), sixes=dice.count(6),
                                     source=W.SRC_HELBLASTER))
    if target and unsaved:
        result.changes.append(StateChange(target, TRACK_HITS, "add", unsaved, reason=Msg.of("wm.reason.shot")))
        if not charging:
            result.changes.append(StateChange(target, TRACK_PHASE_HITS, "add", unsaved))
    result.data.update(shots=shots, need=need, hits=hits, unsaved=unsaved, exploded=exploded)
    return result


def cannon(roller: Roller, *, cannons: int = 1, position: str = "open", bounce_stands: int = 0,
           grapeshot: bool = False, armour: int | None = None, target: str | None = None,
           hits_per_stand: int | None = None, pool_before: int = 0, stands: int | None = None) -> ProcedureResult:
    """L381: 2 shots a cannon; fortified counts as defended and defended as open; no armour
    saves; the ball bounces 5 cm past each target hit and every stand it passes through takes one
    more hit (the player counts them on the table: `bounce_stands`); leftovers carry into the
    first round of combat. At chargers: grapeshot, 2 shots, no bounce, armour saves."""
    if not 1 <= cannons <= 10 or not 0 <= bounce_stands <= 20 or (grapeshot and bounce_stands):
        raise UserError("wm.error.cannon", example="wm.example.cannon")
    shots = W.CANNON_SHOTS * cannons
    need = to_hit_number(position, cannon=not grapeshot)
    dice = roller.dice(shots, 6)
    hits = sum(d >= need for d in dice)
    key = "grapeshot" if grapeshot else "cannon"
    result = ProcedureResult(GAME, "cannon", Msg.of(f"wm.{key}.title", target=target or Msg.of("combat_shared.word.target")))
    mods = [Modifier(Msg.of("wm.mod.cannon"), -1, W.SRC_CANNON)] if not grapeshot and position != "open" else []
    result.steps.append(DiceStep(Msg.of("wm.step.to_hit", need=need, position=Msg.of(f"wm.position.{position}")),
                                 dice, target=f"{need}+", successes=hits, modifiers=mods))
    unsaved = roll_saves(roller, result, hits=hits, save=save_number(armour)) if grapeshot else hits
    if not grapeshot:
        result.notes.append(Msg.of("wm.note.no_saves"))
        result.outcome.append(Msg.of("wm.cannon.bounce", hits=hits, cm=hits * W.CANNON_BOUNCE_CM,
                                     stands=bounce_stands, source=W.SRC_CANNON))
        result.notes.append(Msg.of("wm.note.carry", source=W.SRC_CANNON))
    result.outcome.append(Msg.of("wm.out.unsaved", n=unsaved))
    pool_outcome(result, unit=target, hits=unsaved, hits_per_stand=hits_per_stand, pool_before=pool_before,
                 stands=stands)
    if target and unsaved:
        result.changes.append(StateChange(target, TRACK_HITS, "add", unsaved, reason=Msg.of("wm.reason.shot")))
        if not grapeshot:
            result.changes += [StateChange(target, TRACK_PHASE_HITS, "add", unsaved),
                               StateChange(target, STATUS_CARRY, "status_on")]
    result.data.update(shots=shots, need=need, hits=hits, unsaved=unsaved, bounce_hits=0 if grapeshot else bounce_stands)
    return result
