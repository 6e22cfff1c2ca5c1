"""Warmaster state rules: the hit pool, stands lost, confusion.

A tracked unit is a unit of stands (`size` = stands, `per` = the stand's Hits value from the
army list; there is no default, the player gives it).

Tracks (`StateChange.track`):
- "hits": hits into the unit's pool. Casualties come off as they are inflicted (warmaster.txt
  L70, L86): each time the pool reaches the Hits value a stand is removed and the pool drops
  by that much. Leftover hits clear at the end of the shooting phase (L76–78) and once all
  combats are over, i.e. at the end of the combat phase (L90–92); between combat rounds they
  carry over (L86). Changing phase with /turn does this.
- "stands_lost": stands removed directly.
- "command_penalty": permanent −1s to command from blunders (see games/warmaster/command.py).
Statuses: "confused" (L298; recovers at the end of the command phase, L56–58), "destroyed".
"""
from __future__ import annotations

from games.procedure import Source, StateChange
from games.state_base import StateRules, Track, UnitState
from i18n import Msg

BOOK = "warmaster"


def _m(key: str, **params) -> Msg:
    return Msg.of(f"state.warmaster.{key}", **params)


class WarmasterRules(StateRules):
    game = "warmaster"
    lost_track = "stands_lost"
    tracks = {
        "hits": Track("hits", Msg.of("state.track.hits"), Source(BOOK, 70, 86)),
        "stands_lost": Track("stands_lost", Msg.of("state.track.stands_lost")),
        "command_penalty": Track("command_penalty", Msg.of("state.track.command_penalty")),
    }
    statuses = {
        "confused": Track("confused", Msg.of("state.status.confused"), Source(BOOK, 298)),
        "destroyed": Track("destroyed", Msg.of("state.status.destroyed")),
    }
    unit_types = {"unit": Msg.of("state.type.warmaster.unit")}
    default_type = "unit"
    phases = ("command", "shooting", "combat")   # L38, L62, L80
    per_label = Msg.of("state.per.warmaster")
    default_per = None

    def apply_track(self, unit: UnitState, change: StateChange, settings):
        new = unit.get(change.track) + change.amount if change.op == "add" else change.amount
        cap = unit.size if change.track == "stands_lost" else None
        new = max(0, new if cap is None else min(new, cap))
        unit.put(change.track, new)
        return []

    def settle(self, unit: UnitState, before, settings) -> list[Msg]:
        messages: list[Msg] = []
        removed = 0
        while unit.get("hits") >= unit.per and unit.get("stands_lost") < unit.size:
            # L70/L86: a stand comes off each time the pool reaches its Hits value.
            unit.put("hits", unit.get("hits") - unit.per)
            unit.put("stands_lost", unit.get("stands_lost") + 1)
            removed += 1
        if removed:
            messages.append(_m("stands_removed", unit=unit.name, n=removed, left=self.remaining(unit)))
        if unit.get("stands_lost") >= unit.size:
            unit.put("hits", 0)
            if "destroyed" not in unit.statuses:
                unit.statuses.add("destroyed")
                messages.append(_m("destroyed", unit=unit.name))
        else:
            unit.statuses.discard("destroyed")
        return messages

    def phase_changed(self, units, old, new, settings) -> list[Msg]:
        messages: list[Msg] = []
        if old in ("shooting", "combat") and old != new:
            cleared = [u for u in units if u.get("hits")]
            for unit in cleared:
                unit.put("hits", 0)       # L76–78 (shooting), L90–92 (combat)
            if cleared:
                messages.append(_m(f"hits_cleared_{old}", units=", ".join(u.name for u in cleared)))
        if old == "command" and old != new:
            recovered = [u for u in units if "confused" in u.statuses]
            for unit in recovered:
                unit.statuses.discard("confused")   # L56–58
            if recovered:
                messages.append(_m("confusion_ends", units=", ".join(u.name for u in recovered)))
        return messages

    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        return [StateChange(unit.name, "hits", "add", amount)]

    def describe(self, unit: UnitState, settings=None) -> list[Msg]:
        lines = [_m("stands", left=self.remaining(unit), size=unit.size),
                 _m("pool", hits=unit.get("hits"), per=unit.per)]
        if unit.get("command_penalty"):
            lines.append(_m("command_penalty", n=unit.get("command_penalty")))
        return lines


RULES = WarmasterRules()
