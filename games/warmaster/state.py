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
- "orders": successful orders this unit has had this command phase, each −1 to the next (L148).
- "phase_hits": hits inflicted on the unit this shooting phase, the dice of its drive back (L245).
- "confusion": how many ends of a command phase the unit's confusion must still see; it clears
  at the end of the unit's *own* command phase (L311): 1 when that is the next one, 2 when the
  unit was confused in its own turn after its command phase. Nothing recorded counts as 1.
Statuses: "confused" (L298), "destroyed"; "carry_hits": leftover hits carry into the first
round of combat instead of clearing at the end of shooting (stand and shoot L226, cannons L381,
bone throwers L384, spells on units in combat L416…); "order_failed": an order to it failed, no
character may order it again this phase (L138); "orders_over": the General failed an order, the
command phase is over for everyone (L140).
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
        "orders": Track("orders", Msg.of("wm.track.orders"), Source(BOOK, 148)),
        "phase_hits": Track("phase_hits", Msg.of("wm.track.phase_hits"), Source(BOOK, 245)),
        "confusion": Track("confusion", Msg.of("wm.track.confusion"), Source(BOOK, 311)),
    }
    statuses = {
        "confused": Track("confused", Msg.of("state.status.confused"), Source(BOOK, 298)),
        "destroyed": Track("destroyed", Msg.of("state.status.destroyed")),
        "carry_hits": Track("carry_hits", Msg.of("wm.status.carry_hits"), Source(BOOK, 226)),
        "order_failed": Track("order_failed", Msg.of("wm.status.order_failed"), Source(BOOK, 138)),
        "orders_over": Track("orders_over", Msg.of("wm.status.orders_over"), Source(BOOK, 140)),
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
        if "confused" not in unit.statuses:
            unit.put("confusion", 0)
        return messages

    def phase_changed(self, units, old, new, settings) -> list[Msg]:
        messages: list[Msg] = []
        if old == new:
            return messages
        if old == "shooting":
            # L76–78: leftover hits clear at the end of shooting, except those that carry into
            # the first round of combat (L226, L381, L384, L416).
            cleared = [u for u in units if u.get("hits") and "carry_hits" not in u.statuses]
            for unit in units:
                unit.put("phase_hits", 0)
            for unit in cleared:
                unit.put("hits", 0)
            if cleared:
                messages.append(_m("hits_cleared_shooting", units=", ".join(u.name for u in cleared)))
        if old == "combat":
            cleared = [u for u in units if u.get("hits")]
            for unit in units:
                unit.statuses.discard("carry_hits")
            for unit in cleared:
                unit.put("hits", 0)       # L90–92
            if cleared:
                messages.append(_m("hits_cleared_combat", units=", ".join(u.name for u in cleared)))
        if old == "command":
            recovered = []
            for unit in units:
                unit.put("orders", 0)
                unit.statuses.difference_update(("order_failed", "orders_over"))
                if "confused" not in unit.statuses:
                    continue
                left = max(unit.get("confusion"), 1) - 1
                unit.put("confusion", left)
                if left == 0:
                    unit.statuses.discard("confused")   # L311: the end of its own command phase
                    recovered.append(unit)
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
