"""Гидрофилия state rules: wounds, action points and statuses per model.

A tracked unit is a **model** (`size` = its ОЗ, the wounds it can take, hydrophilia.txt L73–74).

Tracks (`StateChange.track`):
- "wounds": wounds taken; at ОЗ the model is destroyed (L372, L384: removed after the checks).
- "action_points": ОД left this turn. Every model starts a turn with 2 (L57); `/turn next`
  gives them back. Spend with op "add" and a negative amount. A drone has no ОД of its own
  (L487): it starts with none and gets what its controller gives it (/hydro drone-ap); an
  uncontrolled or autonomous drone loses them all and gets none (L497–499).
- "moves": move actions made this turn (each halves the next, L221).
Statuses: "engaged" («завязан», L404), "activated" (has acted this turn, L146), "attacked" (an
attacking action this activation, L221), "uncontrolled"/"autonomous" (a drone's link broke,
L495–499), "destroyed", and free tags, since most states come from the cards (L14, L319).
"""
from __future__ import annotations

from games.procedure import Source, StateChange
from games.state_base import StateRules, Track, UnitState
from i18n import Msg, Text, UserError

LINK_LOST = ("uncontrolled", "autonomous")     # L497–499


def is_drone(unit: UnitState) -> bool:
    return unit.type == "drone" or bool(unit.profile.get("drone"))

BOOK = "hydrophilia"
START_ACTION_POINTS = 2     # L57: «Изначально у всех моделей 2 ОД»


def _m(key: str, **params) -> Msg:
    return Msg.of(f"state.hydrophilia.{key}", **params)


class HydrophiliaRules(StateRules):
    game = "hydrophilia"
    tracks = {
        "wounds": Track("wounds", Msg.of("state.track.wounds"), Source(BOOK, 73, 74)),
        "action_points": Track("action_points", Msg.of("state.track.action_points"), Source(BOOK, 57)),
        "moves": Track("moves", Msg.of("hydro.track.moves"), Source(BOOK, 221)),
    }
    statuses = {
        "engaged": Track("engaged", Msg.of("state.status.engaged"), Source(BOOK, 404)),
        "activated": Track("activated", Msg.of("state.status.activated"), Source(BOOK, 146)),
        "attacked": Track("attacked", Msg.of("hydro.status.attacked"), Source(BOOK, 221)),
        "uncontrolled": Track("uncontrolled", Msg.of("hydro.status.uncontrolled"), Source(BOOK, 497)),
        "autonomous": Track("autonomous", Msg.of("hydro.status.autonomous"), Source(BOOK, 499)),
        "destroyed": Track("destroyed", Msg.of("state.status.destroyed")),
    }
    free_statuses = True
    unit_types = {"model": Msg.of("state.type.hydrophilia.model"), "drone": Msg.of("hydro.type.drone")}
    default_type = "model"
    phases = ()     # a turn is alternating activations (L142–150), no phases

    def check_type(self, unit_type: str | None) -> str:
        try:
            return super().check_type(unit_type)
        except UserError:
            # The types as players read them, in the reply's language (issue 10 §3).
            names = {loc: ", ".join(t.render(loc) for t in self.unit_types.values()) for loc in ("ru", "en")}
            raise UserError("state.error.unknown_type", example="state.example.unit_add", type=unit_type,
                            types=Text.of(**names)) from None

    def apply_track(self, unit: UnitState, change: StateChange, settings):
        new = unit.get(change.track) + change.amount if change.op == "add" else change.amount
        if change.track == "action_points" and is_drone(unit) and unit.statuses & set(LINK_LOST):
            new = min(new, 0)          # L497–499: a drone without its link has no ОД at all
        if change.track == "wounds":
            new = min(new, unit.size)
        if change.track == "action_points" and new < 0:
            raise UserError("state.hydrophilia.no_action_points", unit=unit.name, left=unit.get("action_points"))
        unit.put(change.track, max(0, new))
        return []

    def settle(self, unit: UnitState, before, settings) -> list[Msg]:
        if unit.get("wounds") >= unit.size:
            if "destroyed" not in unit.statuses:
                unit.statuses.add("destroyed")
                unit.put("action_points", 0)
                return [_m("destroyed", unit=unit.name)]
        else:
            unit.statuses.discard("destroyed")
        return []

    def turn_started(self, units, turn, settings) -> list[Msg]:
        for unit in units:
            unit.put("moves", 0)
            unit.statuses.discard("activated")
            unit.statuses.discard("attacked")
            if "destroyed" not in unit.statuses:
                # L487: a drone has no ОД of its own; its controller gives it some each turn.
                unit.put("action_points", 0 if is_drone(unit) else START_ACTION_POINTS)
        return [_m("new_turn", ap=START_ACTION_POINTS)] if units else []

    def new_unit(self, unit: UnitState) -> None:
        unit.put("action_points", 0 if is_drone(unit) else START_ACTION_POINTS)    # L57, L487

    def damage(self, unit: UnitState, amount: int) -> list[StateChange]:
        return [StateChange(unit.name, "wounds", "add", amount)]

    def describe(self, unit: UnitState, settings=None) -> list[Msg]:
        return [_m("health", left=unit.size - unit.get("wounds"), size=unit.size),
                _m("ap", ap=unit.get("action_points"))]


RULES = HydrophiliaRules()
