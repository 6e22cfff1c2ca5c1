"""Issue 11 §2: Epic procedures give the book's result. Each test fails on the code before its fix."""
from __future__ import annotations

from dice import Roller
from games.commands import CommandContext, UnitRef
from games.epic.commands import rally_command
from games.epic.state import RULES
from games.state_base import UnitState


def _titan() -> UnitState:
    """A Warlord (DC 8, L856) that lost 3 DC and broke."""
    return UnitState("Warlord", "Imperium", "war_engine", 8, values={"damage": 3}, statuses={"broken"})


def test_broken_war_engine_rally_reply_and_state_agree():
    # L628: a broken formation that rallies counts as having markers = its units, and removes half;
    # L870: a broken War Engine has markers equal to its starting DC (8), not the DC left (5).
    state = _titan()
    ctx = CommandContext(roller=Roller.seeded(0), settings={})      # the die: 4, −2 broken → 2 ≥ 1+
    result = rally_command(ctx, "1+", UnitRef("Warlord", state), blast=None, broken=False, units=None,
                           enemy_near=False, leaders=0)
    assert result.data["passed"]
    after = state.copy()
    for change in result.changes:
        RULES.apply(after, change, {})
    assert result.data["blast_left"] == after.get("blast_markers") == 4
