"""Epic's actions as the book names them (1.6.1, L172–204), and what a formation did this turn.

A formation declares its action before the action test (L168–170); a failed test allows only
Hold (L204). The state keeps the action as the "action" track (its number below) with the
"acted" status, and "action_failed" after a failed test; both clear at the next turn."""
from __future__ import annotations

from games.state_base import UnitState
from i18n import Msg, UserError

# Book order (L174–204); the number is what the "action" track stores (0: none recorded).
ACTIONS = ("advance", "engage", "double", "march", "marshal", "overwatch", "sustained", "hold")
HOLD = "hold"
# Shooting actions that change the to-hit roll (L383–384): the others shoot without a modifier.
SHOOTING_MODIFIER = {"double": "double", "marshal": "marshal", "sustained": "sustained"}


def action_code(action: str) -> int:
    return ACTIONS.index(action) + 1


def action_name(code: int) -> Msg:
    if not 1 <= code <= len(ACTIONS):
        return Msg.of("combat_epic.action.none")
    return Msg.of(f"combat_epic.action.{ACTIONS[code - 1]}")


def recorded_action(state: UnitState | None) -> str | None:
    """The action a tracked formation took this turn, or None."""
    if state is None or "acted" not in state.statuses or not 1 <= state.get("action") <= len(ACTIONS):
        return None
    return ACTIONS[state.get("action") - 1]


def check_not_acted(state: UnitState | None) -> None:
    """A formation acts once a turn (L164): a second action test is refused."""
    done = recorded_action(state)
    if state is not None and done is not None:
        raise UserError("combat_epic.error.already_acted", example="combat_epic.example.action", unit=state.name,
                        action=action_name(action_code(done)))


def shooting_action(state: UnitState | None, typed: str) -> str:
    """The to-hit modifier's action for a shooting formation: what was typed, checked against what
    it did this turn. A formation that failed its test may only Hold (L204): refused otherwise."""
    done = recorded_action(state)
    if state is None or done is None:
        return typed
    if "action_failed" in state.statuses and typed not in ("none", HOLD):
        raise UserError("combat_epic.error.hold_only", example="combat_epic.example.shoot", unit=state.name)
    if typed == "none":
        return SHOOTING_MODIFIER.get(done, "none")
    if SHOOTING_MODIFIER.get(done, "none") != typed:
        raise UserError("combat_epic.error.other_action", example="combat_epic.example.shoot", unit=state.name,
                        action=action_name(action_code(done)))
    return typed
