"""A tracked formation enters a procedure with the units it has left, not its starting size
(issue 11 §1: `left = state.size` at the old cogs/combat/epic.py:48 left every test green)."""
from __future__ import annotations

from games.commands import UnitRef
from games.epic.commands import tracked_formation
from games.state_base import UnitState


def test_a_formation_that_lost_units_fights_with_the_units_left():
    orks = UnitState("Orks", "Orks", "formation", 8, values={"units_lost": 5, "blast_markers": 2})
    found = tracked_formation(UnitRef("Orks", orks), {})
    assert (found.units, found.blast, found.broken, found.war_engine, found.break_at) == (3, 2, False, False, None)


def test_a_war_engine_breaks_at_its_starting_dc_by_default_and_at_the_dc_left_as_a_house_rule():
    titan = UnitState("Warlord", "Imperium", "war_engine", 8, values={"damage": 2, "blast_markers": 6})
    assert (tracked_formation(UnitRef("Warlord", titan), {}).units,
            tracked_formation(UnitRef("Warlord", titan), {}).break_at) == (6, 8)      # L868
    assert tracked_formation(UnitRef("Warlord", titan), {"epic_we_break_threshold": "current"}).break_at is None
