"""Reactions (l.425–460): a side may react once per enemy phase (base 1, raised by rules to at
most 3, l.431–437), each unit at most once per phase (l.443), never while pinned, falling back
or locked (l.439–445). Each reaction is tracked on the unit ("reactions", reset at every phase
change by the state rules) so the side's count this phase is the sum over its units."""
from __future__ import annotations

from games.horus_heresy import house_rules as H
from games.horus_heresy.checks import reaction_allowance
from games.procedure import ProcedureResult, StateChange
from games.state_base import UnitState
from i18n import Msg

TRACK = "reactions"


def reaction(unit: str, side_used: int, unit_reacted: bool, *, bonus: int = 0, blocked: bool = False,
             phase: str | None = None, settings: dict[str, str] | None = None) -> ProcedureResult:
    allowed, allowance, reason = reaction_allowance(side_used, unit_reacted, bonus=bonus, blocked=blocked)
    r = ProcedureResult("horus_heresy", "reaction", Msg.of("combat_hh.title.reaction", unit=unit))
    r.outcome.append(reason)
    if phase == "shooting":
        timing = (settings or {}).get(H.REACTION_TIMING, "before_hits")
        r.notes.append(Msg.of("combat_hh.note.reaction_timing", timing=Msg.of(f"combat_hh.house.reaction_timing.{timing}")))
    if allowed:
        r.changes.append(StateChange(unit, TRACK, "add", 1, Msg.of("combat_hh.change.reaction")))
    r.data.update(allowed=allowed, allowance=allowance, used=side_used + (1 if allowed else 0))
    return r


def side_reactions_used(unit: UnitState, roster) -> int:
    """Reactions the unit's side made this phase: the sum of its units' counters (L431–437)."""
    return sum(u.get(TRACK) for u in roster if u.side == unit.side)


def reaction_of(unit: UnitState, roster, *, bonus: int = 0, phase: str | None = None,
                settings: dict[str, str] | None = None) -> ProcedureResult:
    """A tracked unit's reaction: never while pinned or falling back (L439–445), once per unit
    per phase (L443), within its side's allowance this phase."""
    return reaction(unit.name, side_reactions_used(unit, roster), unit.get(TRACK) > 0, bonus=bonus,
                    blocked=any(s in unit.statuses for s in ("pinned", "falling_back")), phase=phase,
                    settings=settings)
