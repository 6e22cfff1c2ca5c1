"""Warmaster's magic beyond the casting roll: Rage of Chaos (L530–534) and the D6 rolls that
follow a spell — a Dwarf Runesmith's dispel (L544), the Staff of Spellbinding (L646) and the spell
after a Teleport (L434)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, ProcedureResult
from games.warmaster import rules as W
from i18n import Msg, UserError

GAME = "warmaster"
MAX_RAGE_DICE = 7          # a D6 per stand; with seven dice a double is certain


def magic_roll(roller: Roller, *, kind: str) -> ProcedureResult:
    if kind not in W.MAGIC_ROLLS:
        raise ValueError(kind)
    need, source = W.MAGIC_ROLLS[kind]
    roll = roller.die(6)
    ok = roll >= need
    result = ProcedureResult(GAME, f"magic.{kind}", Msg.of(f"wm.magic.{kind}.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.magic", need=need), [roll], target=f"{need}+", successes=int(ok)))
    result.outcome.append(Msg.of(f"wm.magic.{kind}.{'pass' if ok else 'fail'}", source=source))
    result.data.update(roll=roll, success=ok)
    return result


def rage_of_chaos(roller: Roller, *, dice: int, stands: int | None = None) -> ProcedureResult:
    """L534: before the combat, up to one D6 per stand, rolled one at a time and added to the
    unit's attacks; on any double the unit gets nothing and those attacks strike it instead. The
    bot rolls the dice the player asked for one by one and stops at a double."""
    limit = stands if stands is not None else MAX_RAGE_DICE
    if not 1 <= dice <= min(limit, MAX_RAGE_DICE):
        raise UserError("wm.error.rage_dice", example="wm.example.rage", n=dice, stands=limit)
    rolled: list[int] = []
    double = False
    for _ in range(dice):
        roll = roller.die(6)
        double = roll in rolled
        rolled.append(roll)
        if double:
            break
    total = sum(rolled)
    result = ProcedureResult(GAME, "rage_of_chaos", Msg.of("wm.rage.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.rage", n=len(rolled)), rolled, target="D6"))
    key = "wm.rage.double" if double else "wm.rage.bonus"
    result.outcome.append(Msg.of(key, total=total, source=W.SRC_RAGE))
    result.data.update(dice=rolled, double=double, bonus=0 if double else total, self_attacks=total if double else 0)
    return result
