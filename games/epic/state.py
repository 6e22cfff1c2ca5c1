"""Epic state rules: blast markers, breaking, rallying, unit losses and War Engine damage.

A tracked unit is a **formation**. `size` = its units (type "formation") or, for a War Engine
formation (type "war_engine"), its starting Damage Capacity (DC counts as units for blast
markers and breaking, epic.md L854). Several War Engines in one formation: add their DC.

Tracks (`StateChange.track`):
- "blast_markers": add/remove/set markers. A broken formation gains none; each marker it
  would gain is a hit with no save instead (L612–614): the reply says so, nothing is stored.
- "units_lost": units destroyed. Does NOT add blast markers by itself (the book has
  exceptions: dangerous terrain L270, assault casualties L537); send "blast_markers" too.
- "damage" (alias "dc_lost"): DC points lost by a War Engine formation (L852–864). Does NOT add markers by
  itself either; L868 gives +1 per DC point lost, `/damage` sends both.
- "critical_hits": critical hits a War Engine has suffered (a 6 on the damage roll, L862–864;
  their effects are on its datasheet, not in the rulebook).
- "rally" (op "set"): the result of a rally test (L622–628): amount 0 = failed, n ≥ 1 =
  passed (rounding: the "rally_rounding" house rule of games/epic/house_rules.py), removing n − 1 extra markers for Leaders (L684). Nothing is stored.
Statuses: "broken" (set by the break check, cleared by a passed rally), "destroyed" (set when
every unit / all DC is lost).

After every change of one event (a complete attack, L602–604) each formation is checked:
markers ≥ units remaining → broken, its markers removed (L600–604).
"""
from __future__ import annotations

from games.house_rules import HouseRule
from games.epic.house_rules import RALLY_ROUNDING
from games.procedure import Source, StateChange
from games.epic.tracks import BLAST_MARKERS, DC_LOST, UNITS_LOST
from games.state_base import StateRules, Track, UnitState
from i18n import Msg

BOOK = "epic"
HOUSE_RULES = [
    HouseRule("epic_we_break_threshold", default="start", choices=("start", "current"),
              title=Msg.of("state.house.epic_we_break_threshold.title"),
              choice_titles={"start": Msg.of("state.house.epic_we_break_threshold.start"),
                             "current": Msg.of("state.house.epic_we_break_threshold.current")},
              source=Source(BOOK, 868, 870)),
]


def _m(key: str, **params) -> Msg:
    return Msg.of(f"state.epic.{key}", **params)


class EpicRules(StateRules):
    game = "epic"
    tracks = {
        BLAST_MARKERS: Track(BLAST_MARKERS, Msg.of("state.track.blast_markers"), Source(BOOK, 120, 128)),
        UNITS_LOST: Track(UNITS_LOST, Msg.of("state.track.units_lost"), Source(BOOK, 127)),
        DC_LOST: Track(DC_LOST, Msg.of("state.track.dc_lost"), Source(BOOK, 852, 864)),
        "critical_hits": Track("critical_hits", Msg.of("state.track.critical_hits"), Source(BOOK, 862, 864)),
        "rally": Track("rally", Msg.of("state.track.rally"), Source(BOOK, 622, 628)),
        "action": Track("action", Msg.of("combat_epic.status.action"), Source(BOOK, 172, 204)),
    }
    statuses = {
        "broken": Track("broken", Msg.of("state.status.broken"), Source(BOOK, 600, 604)),
        "destroyed": Track("destroyed", Msg.of("state.status.destroyed")),
        # This turn's action (L164–170): which one is the "action" track; a failed test allows
        # only Hold (L204). Both clear when a new turn starts.
        "acted": Track("acted", Msg.of("combat_epic.status.acted"), Source(BOOK, 164, 170)),
        "action_failed": Track("action_failed", Msg.of("combat_epic.status.action_failed"), Source(BOOK, 204)),
    }
    unit_types = {"formation": Msg.of("state.type.epic.formation"),
                  "war_engine": Msg.of("state.type.epic.war_engine")}
    default_type = "formation"
    aliases = {"dc_lost": DC_LOST}
    phases = ("strategy", "action", "end")      # L132: три фазы

    # ---- numbers the book defines --------------------------------------------------------
    @staticmethod
    def lost(unit: UnitState) -> int:
        return unit.get(DC_LOST) if unit.type == "war_engine" else unit.get(UNITS_LOST)

    def remaining(self, unit: UnitState) -> int:
        return max(0, unit.size - self.lost(unit))

    def threshold(self, unit: UnitState, settings: dict[str, str]) -> int:
        """Blast markers that break the formation: its units (L128, L602), for War Engines the
        starting DC or, as a house rule, the DC left (L868–870)."""
        if unit.type == "war_engine" and settings.get("epic_we_break_threshold", "start") == "start":
            return unit.size if self.remaining(unit) else 0
        return self.remaining(unit)

    # ---- changes -------------------------------------------------------------------------
    def apply_status(self, unit, status, on, settings):
        if status == "broken" and on and "broken" not in unit.statuses:
            unit.put(BLAST_MARKERS, 0)       # L604: a broken formation loses its markers
        return super().apply_status(unit, status, on, settings)

    def apply_track(self, unit: UnitState, change: StateChange, settings):
        track, amount = change.track, change.amount
        if track == "rally":
            return self.rally(unit, amount, settings)
        if track == DC_LOST and unit.type != "war_engine":
            track = UNITS_LOST
        if track == BLAST_MARKERS:
            gained = amount if change.op == "add" else amount - unit.get(track)
            if "broken" in unit.statuses and gained > 0:
                # L612–614: no more markers; each one is a hit with no save instead.
                return [_m("broken_hits", unit=unit.name, n=gained)]
            if "destroyed" in unit.statuses and gained > 0:
                return []
        new = unit.get(track) + amount if change.op == "add" else amount
        if track in (UNITS_LOST, DC_LOST):
            new = min(new, unit.size)
        unit.put(track, max(0, new))
        return []

    def rally(self, unit: UnitState, result: int, settings) -> list[Msg]:
        broken = "broken" in unit.statuses
        if result <= 0:
            return [_m("rally_failed_broken" if broken else "rally_failed", unit=unit.name)]
        if broken:
            # L628: no longer broken, counts as having markers equal to its units, then halves.
            unit.put(BLAST_MARKERS, rally_markers(unit, settings))
            unit.statuses.discard("broken")
        markers = unit.get(BLAST_MARKERS)
        rounding = settings.get(RALLY_ROUNDING, "up")   # declared in games/epic/house_rules.py
        removed = rally_removes(markers, result - 1, rounding)    # result − 1: Leaders (L684)
        unit.put(BLAST_MARKERS, markers - removed)
        return [_m("rallied_broken" if broken else "rallied", unit=unit.name, removed=removed,
                   left=markers - removed, rounding=Msg.of(f"combat_epic.house.rally_rounding.{rounding}"))]

    def settle(self, unit: UnitState, before, settings) -> list[Msg]:
        messages: list[Msg] = []
        if self.remaining(unit) == 0:
            if "destroyed" not in unit.statuses:
                unit.statuses.add("destroyed")
                unit.statuses.discard("broken")
                unit.put(BLAST_MARKERS, 0)
                messages.append(_m("destroyed", unit=unit.name))
            return messages
        unit.statuses.discard("destroyed")
        if "broken" in unit.statuses:
            return messages
        limit = self.threshold(unit, settings)
        markers = unit.get(BLAST_MARKERS)
        if markers >= limit > 0:
            # L602–604: broken once markers reach the units left; remove the markers.
            unit.statuses.add("broken")
            unit.put(BLAST_MARKERS, 0)
            messages.append(_m("broke", unit=unit.name, markers=markers, units=limit))
            if unit.type == "war_engine":
                choice = settings.get("epic_we_break_threshold", "start")
                messages.append(_m("we_threshold", rule=Msg.of(f"state.house.epic_we_break_threshold.{choice}")))
        return messages

    def turn_started(self, units: list[UnitState], turn: int, settings: dict[str, str]) -> list[Msg]:
        """A new turn: every formation may act again (L164)."""
        cleared = 0
        for unit in units:
            if unit.statuses & {"acted", "action_failed"} or unit.get("action"):
                unit.statuses -= {"acted", "action_failed"}
                unit.put("action", 0)
                cleared += 1
        return [Msg.of("combat_epic.out.actions_cleared", n=cleared)] if cleared else []

    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        track = DC_LOST if unit.type == "war_engine" else UNITS_LOST
        changes = [StateChange(unit.name, track, "add", amount)]
        if amount > 0:
            # L127 (+1 per unit destroyed), L868 (+1 per DC point lost).
            changes.append(StateChange(unit.name, BLAST_MARKERS, "add", amount))
        return changes

    def describe(self, unit: UnitState, settings: dict[str, str] | None = None) -> list[Msg]:
        if "destroyed" in unit.statuses:
            return [Msg.of("state.status.destroyed")]
        key = "we_size" if unit.type == "war_engine" else "size"
        lines = [_m(key, left=self.remaining(unit), size=unit.size)]
        if "broken" in unit.statuses:
            lines.append(_m("broken_counts", markers=self.remaining(unit) if unit.type != "war_engine" else unit.size))
        else:
            lines.append(_m("markers", markers=unit.get(BLAST_MARKERS), limit=self.threshold(unit, settings or {})))
        if unit.get("critical_hits"):
            lines.append(_m("crits", n=unit.get("critical_hits")))
        if "acted" in unit.statuses:
            from games.epic.actions import action_name     # the book's action names
            key = "combat_epic.status.acted_failed" if "action_failed" in unit.statuses else "combat_epic.status.acted_with"
            lines.append(Msg.of(key, action=action_name(unit.get("action"))))
        return lines


RULES = EpicRules()


def rally_removes(markers: int, leaders: int, rounding: str) -> int:
    """Blast Markers a passed rally removes: half (rounded by the house rule), one if it has one
    (L628), one more per Leader (L684). The one rule behind the reply and the state."""
    half = (markers + 1) // 2 if rounding == "up" else markers // 2
    if markers == 1:
        half = 1
    return min(markers, half + leaders)


def rally_markers(unit: UnitState, settings: dict[str, str]) -> int:
    """The markers a rally works on: a broken formation counts as having one per unit (L628), a
    broken War Engine its starting DC (L870, the threshold house rule); else its own."""
    if "broken" in unit.statuses:
        return RULES.remaining(unit) if unit.type != "war_engine" else RULES.threshold(unit, settings)
    return unit.get(BLAST_MARKERS)
