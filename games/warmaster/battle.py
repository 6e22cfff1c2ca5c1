"""Warmaster's battle beyond the fighting: flyers homing back (L116), an army that must withdraw
(L365) and the victory points (L369–377), read from the channel's tracked units."""
from __future__ import annotations

import math
from collections.abc import Iterable

from dice.roller import Roller
from games.procedure import DiceStep, ProcedureResult
from games.state_base import UnitState
from games.warmaster import rules as W
from games.warmaster.profile import CHARACTERS
from i18n import Msg

GAME = "warmaster"


def home_back(roller: Roller) -> ProcedureResult:
    """L116: a flyer more than 20 cm from a friendly character may return to it, up to 10 × D6 cm,
    after initiative moves and before orders, even when confused."""
    roll = roller.die(6)
    cm = roll * W.HOME_BACK_CM_PER_PIP
    result = ProcedureResult(GAME, "home_back", Msg.of("wm.home_back.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.home_back"), [roll], target="D6"))
    result.outcome.append(Msg.of("wm.home_back.out", cm=cm, source=W.SRC_HOME_BACK))
    result.notes.append(Msg.of("wm.note.home_back", cm=W.HOME_BACK_FROM_CM))
    result.data.update(roll=roll, cm=cm)
    return result


def is_character(unit: UnitState) -> bool:
    return unit.profile.get("type") in CHARACTERS


def is_lost(unit: UnitState) -> bool:
    return "destroyed" in unit.statuses


def withdrawal(units: Iterable[UnitState], side: str, *, units_total: int | None = None,
               units_lost: int | None = None, general_lost: bool | None = None) -> ProcedureResult:
    """L365: an army must withdraw at once when its General is killed or has left the table, or it
    has lost half or more of its units. Characters aren't units; the counts come from the tracked
    units of the side unless given."""
    mine = [u for u in units if u.side.casefold() == side.casefold()]
    troops = [u for u in mine if not is_character(u)]
    total = units_total if units_total is not None else len(troops)
    lost = units_lost if units_lost is not None else sum(map(is_lost, troops))
    if general_lost is None:
        general_lost = any(u.profile.get("type") == "general" and is_lost(u) for u in mine)
    half = total > 0 and 2 * lost >= total
    result = ProcedureResult(GAME, "withdrawal", Msg.of("wm.withdrawal.title", side=side))
    result.outcome.append(Msg.of("wm.withdrawal.count", lost=lost, total=total, source=W.SRC_WITHDRAW))
    if general_lost:
        result.outcome.append(Msg.of("wm.withdrawal.general", source=W.SRC_WITHDRAW))
    result.outcome.append(Msg.of("wm.withdrawal.must" if half or general_lost else "wm.withdrawal.stays", side=side))
    if not any(u.profile.get("type") == "general" for u in mine) and general_lost is False:
        result.notes.append(Msg.of("wm.note.no_general_tracked"))
    result.data.update(lost=lost, total=total, general_lost=general_lost, withdraws=half or general_lost)
    return result


def unit_vp(unit: UnitState) -> tuple[int | None, str]:
    """The points a destroyed unit or killed character gives (its full cost, L371) or a unit of
    three or more stands left with one (half its cost, rounded up to 5, L373)."""
    points = unit.profile.get("points")
    left = unit.size - unit.get("stands_lost")
    if is_lost(unit) or left <= 0:
        return points, "destroyed"
    if unit.size >= W.VP_HALF_FROM_STANDS and left == 1 and not is_character(unit):
        if points is None:
            return None, "reduced"
        return W.VP_ROUND_TO * math.ceil(points / 2 / W.VP_ROUND_TO), "reduced"
    return 0, "none"


def victory_points(units: Iterable[UnitState], side_a: str, side_b: str, *, withdrew: str | None = None,
                   surrendered: str | None = None, scenario_a: int = 0, scenario_b: int = 0) -> ProcedureResult:
    """L369–377: each side scores the enemy's units it destroyed (full cost) and reduced to one
    stand (half, rounded up to 5), plus the scenario's points; a side that surrendered scores
    nothing, one that withdrew no more than its opponent."""
    units = list(units)
    result = ProcedureResult(GAME, "victory_points", Msg.of("wm.vp.title", a=side_a, b=side_b))
    score = {}
    missing: list[str] = []
    for side, enemy, extra in ((side_a, side_b, scenario_a), (side_b, side_a, scenario_b)):
        total = extra
        for unit in (u for u in units if u.side.casefold() == enemy.casefold()):
            vp, why = unit_vp(unit)
            if why == "none":
                continue
            if vp is None:
                missing.append(unit.name)
                continue
            total += vp
            result.outcome.append(Msg.of(f"wm.vp.{why}", side=side, unit=unit.name, vp=vp))
        score[side] = total
    a, b = score[side_a], score[side_b]
    for side, other in ((side_a, side_b), (side_b, side_a)):
        if surrendered and side.casefold() == surrendered.casefold():
            score[side] = 0
            result.notes.append(Msg.of("wm.vp.surrendered", side=side, source=W.SRC_VP))
        elif withdrew and side.casefold() == withdrew.casefold() and score[side] > score[other]:
            score[side] = score[other]
            result.notes.append(Msg.of("wm.vp.withdrew", side=side, source=W.SRC_VP))
    a, b = score[side_a], score[side_b]
    result.outcome.append(Msg.of("wm.vp.total", a=side_a, b=side_b, va=a, vb=b, source=W.SRC_VP))
    result.outcome.append(Msg.of("wm.vp.draw") if a == b else
                          Msg.of("wm.vp.winner", winner=side_a if a > b else side_b))
    if missing:
        result.notes.append(Msg.of("wm.vp.missing", units=", ".join(missing)))
    result.data.update(a=a, b=b, missing=missing)
    return result
