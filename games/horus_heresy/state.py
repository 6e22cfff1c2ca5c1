"""Horus Heresy state rules: wounds, models lost, hull points, vehicle damage results, pinned
and falling back.

A tracked unit is a unit (type "unit": `size` = models, `per` = Wounds per model) or a vehicle
(type "vehicle": `size` = its starting hull points).

Tracks (`StateChange.track`):
- "wounds": unsaved wounds on the unit, in total. Wounded models take wounds first
  (horus_heresy.md L759, L1270–1272), so total wounds // W = models removed and the rest sits on
  one wounded model.
- "models_lost": remove whole models (e.g. Instant Death, L444–455 of the research notes):
  rounds the wounds up to the next whole model per model removed. Not stored on its own.
- "hull_points": hull points lost by a vehicle (glancing and penetrating hits, L2014–2016);
  at 0 left the vehicle is wrecked (L2046).
- "reactions": reactions the unit made this phase (each unit at most once per phase, L443;
  see games/horus_heresy/reactions.py); cleared whenever the phase changes.
- "concussed": the WS penalty of a failed Concussive test (L2939–2945), the largest of them, and
  "concussed_assaults": the ends of assault phases it still lasts — «до конца следующей фазы
  наступления» (L2941): 1 when the test was taken before this turn's assault phase, 2 when at the
  end of a combat in it. Both are cleared when the last of them ends (`phase_changed`).
Statuses: "pinned" (L839–841), "falling_back" (L1470–1510), vehicle damage results
"crew_shaken", "crew_stunned" (L2024–2025), "weapon_destroyed" (L2026–2028), "immobilised"
(L2029), "explodes" (7+, L2030), plus "destroyed" / "wrecked" set when nothing is left.
"""
from __future__ import annotations

from games.procedure import Source, StateChange
from games.state_base import StateRules, Track, UnitState
from i18n import Msg

BOOK = "horus_heresy"


def _m(key: str, **params) -> Msg:
    return Msg.of(f"state.horus_heresy.{key}", **params)


# Statuses that end at the end of the unit's own next turn, with the book's line.
TIMED = {"pinned": 841, "crew_shaken": 2024, "crew_stunned": 2025}


class HorusHeresyRules(StateRules):
    game = "horus_heresy"
    tracks = {
        "wounds": Track("wounds", Msg.of("state.track.wounds"), Source(BOOK, 759)),
        "models_lost": Track("models_lost", Msg.of("state.track.models_lost")),
        "hull_points": Track("hull_points", Msg.of("state.track.hull_points_lost"), Source(BOOK, 2014, 2016)),
        # Reactions this unit made in the current phase (combat helper: /check hh reaction, L425–460).
        "reactions": Track("reactions", Msg.of("combat_hh.track.reactions"), Source(BOOK, 425, 460)),
        # A failed Concussive test: WS lower by this much until the end of the next assault phase.
        "concussed": Track("concussed", Msg.of("combat_hh.track.concussed"), Source(BOOK, 2939, 2945)),
        "concussed_assaults": Track("concussed_assaults", Msg.of("combat_hh.track.concussed_assaults"),
                                    Source(BOOK, 2941)),
        # Turns started since a timed status was put on (`turn_started`), so exports carry them.
        **{f"{status}_turns": Track(f"{status}_turns", Msg.of("combat_hh.track.status_turns",
                                                              status=Msg.of(f"state.status.{status}")),
                                    Source(BOOK, line)) for status, line in TIMED.items()},
    }
    statuses = {key: Track(key, Msg.of(f"state.status.{key}"), src) for key, src in (
        ("pinned", Source(BOOK, 839, 841)), ("falling_back", Source(BOOK, 1470, 1510)),
        ("crew_shaken", Source(BOOK, 2024)), ("crew_stunned", Source(BOOK, 2025)),
        ("weapon_destroyed", Source(BOOK, 2026, 2028)), ("immobilised", Source(BOOK, 2029)),
        ("explodes", Source(BOOK, 2030)), ("wrecked", Source(BOOK, 2046)), ("destroyed", None))}
    unit_types = {"unit": Msg.of("state.type.horus_heresy.unit"),
                  "vehicle": Msg.of("state.type.horus_heresy.vehicle")}
    default_type = "unit"
    phases = ("start", "movement", "shooting", "assault", "end")   # L377–381 (+ start/end of turn)
    per_label = Msg.of("state.per.horus_heresy")

    def capacity(self, unit: UnitState) -> int:
        return unit.size if unit.type == "vehicle" else unit.size * unit.per

    def apply_track(self, unit: UnitState, change: StateChange, settings):
        track, amount = change.track, change.amount
        if track == "reactions":
            unit.put(track, max(0, unit.get(track) + amount if change.op == "add" else amount))
            return []
        if unit.type == "vehicle" and track in ("wounds", "models_lost"):
            track = "hull_points"
        if unit.type != "vehicle" and track == "hull_points":
            track = "wounds"
        if track == "models_lost":
            # Whole models: the wounded one first, then fresh ones.
            models = unit.get("wounds") // unit.per
            if unit.get("wounds") % unit.per and amount > 0:
                models += 1
                amount -= 1
            track, change = "wounds", StateChange(change.unit, "wounds", "set",
                                                  (models + amount) * unit.per if change.op == "add" else change.amount * unit.per)
            amount = change.amount
        new = unit.get(track) + amount if change.op == "add" else amount
        unit.put(track, min(max(0, new), self.capacity(unit)))
        return []

    def apply_status(self, unit, status, on, settings):
        if status == "explodes" and on:
            unit.statuses.add("destroyed")     # 7+ «Взорвана»: the vehicle is destroyed (L2030)
        return super().apply_status(unit, status, on, settings)

    def phase_changed(self, units, old, new, settings) -> list[Msg]:
        if old != new:
            for unit in units:
                unit.put("reactions", 0)      # "at most once per phase" (L443) starts over
        messages: list[Msg] = []
        if not assault_ended(self.phases, old, new):
            return messages
        for unit in units:
            if not unit.get("concussed"):
                continue
            unit.put("concussed_assaults", unit.get("concussed_assaults") - 1)
            if unit.get("concussed_assaults") <= 0:
                messages.append(Msg.of("combat_hh.state.concussion_over", unit=unit.name, x=unit.get("concussed")))
                unit.put("concussed", 0)
                unit.put("concussed_assaults", 0)
        return messages

    def turn_started(self, units, turn, settings) -> list[Msg]:
        """Pinned (L841) and crew shaken / stunned (L2024–2025) last «до конца своего следующего
        хода»: the unit's own next turn. `/turn next` is one player's turn (the phases are one
        player's: movement, shooting, assault), so a unit struck in the enemy's turn has its own
        turn next and is back to normal when the turn after it starts: the second `/turn next`
        the status has seen. The reply says so each time."""
        messages: list[Msg] = []
        for unit in units:
            for status in TIMED:
                counter = f"{status}_turns"
                if status not in unit.statuses:
                    unit.put(counter, 0)
                    continue
                unit.put(counter, unit.get(counter) + 1)
                if unit.get(counter) >= 2:
                    unit.statuses.discard(status)
                    unit.put(counter, 0)
                    messages.append(Msg.of("combat_hh.state.cleared", unit=unit.name,
                                           status=Msg.of(f"state.status.{status}"), line=TIMED[status]))
        return messages

    def settle(self, unit: UnitState, before, settings) -> list[Msg]:
        gone = "wrecked" if unit.type == "vehicle" else "destroyed"
        lost = unit.get("hull_points" if unit.type == "vehicle" else "wounds")
        messages: list[Msg] = []
        if unit.type != "vehicle" and before is not None:
            removed = lost // unit.per - before.get("wounds") // before.per
            if removed > 0 and lost < self.capacity(unit):
                messages.append(_m("models_removed", unit=unit.name, n=removed,
                                   left=unit.size - lost // unit.per))
        if lost >= self.capacity(unit):
            if gone not in unit.statuses:
                unit.statuses.add(gone)
                messages.append(_m(gone, unit=unit.name))
        else:
            unit.statuses.discard(gone)
        return messages

    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        return [StateChange(unit.name, "hull_points" if unit.type == "vehicle" else "wounds", "add", amount)]

    def describe(self, unit: UnitState, settings=None) -> list[Msg]:
        if unit.type == "vehicle":
            return [_m("hull_points", left=unit.size - unit.get("hull_points"), size=unit.size)]
        lost = unit.get("wounds")
        lines = [_m("models", left=unit.size - lost // unit.per, size=unit.size)]
        if unit.per > 1 and lost % unit.per:
            lines.append(_m("wounded_model", wounds=unit.per - lost % unit.per, per=unit.per))
        if unit.get("reactions"):
            lines.append(_m("reacted"))
        if unit.get("concussed"):
            lines.append(Msg.of("combat_hh.state.concussed", x=unit.get("concussed")))
        return lines


def assault_ended(phases: tuple[str, ...], old: str | None, new: str | None) -> bool:
    """Did going from phase `old` to `new` end an assault phase? Forward past it (assault → end,
    or shooting → end skipping it), or into a new turn (back to the first phase) from it or from
    before it; a step back to an earlier phase of the same turn (a correction) ends nothing."""
    if "assault" not in phases or new not in phases:
        return False
    assault = phases.index("assault")
    before = phases.index(old) if old in phases else 0
    after = phases.index(new)
    if after > before:
        return before <= assault < after
    return after == 0 and before <= assault


RULES = HorusHeresyRules()


def condition(unit: UnitState) -> dict:
    """What the procedures need of a tracked unit: models left and wounds on the wounded model
    (units: wounded models take wounds first, L759), or hull points left (vehicles, L2014–2016)."""
    if unit.type == "vehicle":
        return {"vehicle": True, "hull_points": unit.size - unit.get("hull_points"),
                "immobilised": "immobilised" in unit.statuses}
    lost = unit.get("wounds")
    return {"vehicle": False, "models": unit.size - lost // unit.per, "wounds": unit.per, "damage": lost % unit.per,
            "pinned": "pinned" in unit.statuses}
