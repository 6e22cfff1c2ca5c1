"""Warmaster hits: to-hit on 4+/5+/6+ by the target's position (L242, L259), armour saves
(L243, L271), and what the unit's hit pool does with the unsaved hits (L70, L244, L272)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult
from games.warmaster import rules as W
from i18n import Msg, UserError

POSITIONS = tuple(W.TO_HIT)


def to_hit_number(position: str, *, bonus: int = 0, cannon: bool = False) -> int:
    """Open 4+, defended 5+, fortified 6+; cannons treat fortified as defended and defended as
    open (L381); a shooting bonus (Elves +1, L383) lowers the number."""
    if position not in W.TO_HIT:
        raise ValueError(position)
    if cannon and position != "open":
        position = POSITIONS[POSITIONS.index(position) - 1]
    return max(2, W.TO_HIT[position] - bonus)


def save_number(armour: int | None, *, worse: int = 0) -> int | None:
    """Armour X+ saves on a D6 ≥ X; 0/None is no armour; "one worse" adds 1 (L382, L406)."""
    if not armour:
        return None
    value = armour + worse
    return value if value <= 6 else None


def check_armour(armour: int | None, example: str) -> None:
    if armour is not None and armour != 0 and not 2 <= armour <= 6:
        raise UserError("wm.error.bad_armour", example=example, value=armour)


def roll_hits(roller: Roller, result: ProcedureResult, *, attacks: int, need: int, label: Msg,
              modifiers: list[Modifier] | None = None) -> int:
    dice = roller.dice(attacks, 6)
    hits = sum(d >= need for d in dice)
    result.steps.append(DiceStep(label, dice, target=f"{need}+", successes=hits, modifiers=list(modifiers or ())))
    return hits


def roll_saves(roller: Roller, result: ProcedureResult, *, hits: int, save: int | None,
               no_saves: bool = False) -> int:
    """Returns the unsaved hits."""
    if not hits:
        return 0
    if no_saves:
        result.notes.append(Msg.of("wm.note.no_saves"))
        return hits
    if save is None:
        return hits
    dice = roller.dice(hits, 6)
    saved = sum(d >= save for d in dice)
    result.steps.append(DiceStep(Msg.of("wm.step.saves", need=save), dice, target=f"{save}+", successes=saved))
    return hits - saved


def pool(pool_before: int, hits: int, hits_per_stand: int, stands: int | None) -> tuple[int, int]:
    """Hits pile up on the unit; a stand goes each time the pool reaches the stand's Hits value
    (L244, L272). Returns (stands lost, leftover hits)."""
    total = pool_before + hits
    lost = total // hits_per_stand
    if stands is not None and lost >= stands:
        return stands, 0
    return lost, total - lost * hits_per_stand


def pool_outcome(result: ProcedureResult, *, unit: str | None, hits: int, hits_per_stand: int | None,
                 pool_before: int, stands: int | None) -> None:
    if not hits_per_stand:
        return
    lost, leftover = pool(pool_before, hits, hits_per_stand, stands)
    result.outcome.append(Msg.of("wm.out.pool", unit=unit or Msg.of("combat_shared.word.unit"), lost=lost, leftover=leftover,
                                 per=hits_per_stand, source=W.SRC_HITS))
    if stands is not None and lost >= stands:
        result.outcome.append(Msg.of("wm.out.unit_destroyed", unit=unit or Msg.of("combat_shared.word.unit")))
    result.data.update(stands_lost=lost, leftover=leftover)
