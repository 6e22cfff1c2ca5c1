"""Flames of War state rules: teams destroyed and bailed out, pinned down, out of command.

A tracked unit is a unit of teams (`size` = teams).

Tracks (`StateChange.track`):
- "teams_destroyed" (alias "teams_lost"): teams destroyed; all gone → status "destroyed".
- "hits": hits on the unit in this shooting step (for the pin-down check, L580); cleared when
  the shooting phase ends.
- "teams_bailed_out": tanks bailed out (flames_of_war.txt L150–152; remount L847).
Statuses: "pinned" (Pinned Down, cleared by a passed Rally, L144, L596–602), "bailed_out" (a
one-team unit or the whole unit), "out_of_command" (L244–254), "destroyed".
"""
from __future__ import annotations

from games.procedure import Source, StateChange
from games.state_base import StateRules, Track, UnitState
from i18n import Msg

BOOK = "flames_of_war"


class FlamesOfWarRules(StateRules):
    game = "flames_of_war"
    lost_track = "teams_destroyed"
    tracks = {
        "teams_destroyed": Track("teams_destroyed", Msg.of("state.track.teams_destroyed")),
        "hits": Track("hits", Msg.of("state.track.hits_this_step"), Source(BOOK, 580)),
        "teams_bailed_out": Track("teams_bailed_out", Msg.of("state.track.teams_bailed_out"), Source(BOOK, 150, 152)),
    }
    statuses = {
        "pinned": Track("pinned", Msg.of("state.status.pinned_down"), Source(BOOK, 144)),
        "bailed_out": Track("bailed_out", Msg.of("state.status.bailed_out"), Source(BOOK, 150, 152)),
        "out_of_command": Track("out_of_command", Msg.of("state.status.out_of_command"), Source(BOOK, 244, 254)),
        "destroyed": Track("destroyed", Msg.of("state.status.destroyed")),
    }
    unit_types = {"unit": Msg.of("state.type.flames_of_war.unit")}
    default_type = "unit"
    aliases = {"teams_lost": "teams_destroyed"}
    phases = ("starting", "movement", "shooting", "assault")   # L598, L236, L362, L770

    def apply_track(self, unit: UnitState, change: StateChange, settings):
        new = unit.get(change.track) + change.amount if change.op == "add" else change.amount
        if change.track != "hits":
            new = min(new, unit.size)
        unit.put(change.track, max(0, new))
        return []

    def phase_changed(self, units, old, new, settings) -> list[Msg]:
        if old == "shooting" and new != old:
            for unit in units:
                unit.put("hits", 0)
        return []

    def settle(self, unit: UnitState, before, settings) -> list[Msg]:
        alive = unit.size - unit.get("teams_destroyed")
        if unit.get("teams_bailed_out") > alive:
            unit.put("teams_bailed_out", alive)
        if alive <= 0:
            if "destroyed" not in unit.statuses:
                unit.statuses.add("destroyed")
                return [Msg.of("state.flames_of_war.destroyed", unit=unit.name)]
        else:
            unit.statuses.discard("destroyed")
        return []

    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        return [StateChange(unit.name, "teams_destroyed", "add", amount)]

    def describe(self, unit: UnitState, settings=None) -> list[Msg]:
        lines = [Msg.of("state.flames_of_war.teams", left=self.remaining(unit), size=unit.size)]
        if unit.get("teams_bailed_out"):
            lines.append(Msg.of("state.flames_of_war.bailed", n=unit.get("teams_bailed_out")))
        return lines


RULES = FlamesOfWarRules()
