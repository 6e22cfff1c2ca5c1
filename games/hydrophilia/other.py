"""Гидрофилия's other rules with numbers: the drone link break (L491–501), falls (L519–523),
and the move allowance (L219–226)."""
from __future__ import annotations

import math

from dice.roller import Roller
from games.hydrophilia import rules as H
from games.hydrophilia.house_rules import setting
from games.procedure import DiceStep, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "hydrophilia"


def drone_break(roller: Roller, *, drone: str | None = None, wounds_to_destroy: int | None = None) -> ProcedureResult:
    """The owner rolls a d6 at once: 1 destroyed, 2–3 uncontrolled, 4–6 autonomous.
    A tracked model is destroyed by its wounds reaching its ОЗ (`wounds_to_destroy`), the state
    rules' own test."""
    roll = roller.die(6)
    effect = H.DRONE_BREAK[roll]
    result = ProcedureResult(GAME, "drone", Msg.of("hydro.drone.title", drone=drone or "—"))
    result.steps.append(DiceStep(Msg.of("hydro.step.drone"), [roll], target="d6"))
    result.outcome.append(Msg.of(f"hydro.drone.{effect}", source=str(H.SRC_DRONE)))
    if drone:
        if effect == "destroyed":
            if wounds_to_destroy:
                result.changes.append(StateChange(drone, "wounds", "set", wounds_to_destroy, reason=Msg.of("hydro.reason.drone")))
        else:
            result.changes.append(StateChange(drone, effect, "status_on", reason=Msg.of("hydro.reason.drone")))
            result.changes.append(StateChange(drone, "action_points", "set", 0, reason=Msg.of("hydro.reason.drone_ap")))
    result.data.update(roll=roll, effect=effect)
    return result


def fall_wounds(floors: int, settings: dict[str, str] | None) -> int:
    """A fall of more than one floor is critical (L521). The rule: 2 wounds per floor; its
    examples: 2 × (floors − 1). A fall of one floor or less does nothing."""
    if floors <= 1:
        return 0
    if setting(settings, "hydro_fall_damage") == "examples":
        return H.FALL_WOUNDS_PER_FLOOR * (floors - 1)
    return H.FALL_WOUNDS_PER_FLOOR * floors


def fall(*, floors: int, flying: bool = False, model: str | None = None,
         settings: dict[str, str] | None = None) -> ProcedureResult:
    if not 0 <= floors <= 50:
        raise UserError("hydro.error.bad_count", example="hydro.example.fall", value=floors)
    result = ProcedureResult(GAME, "fall", Msg.of("hydro.fall.title", model=model or "—"))
    wounds = 0 if flying else fall_wounds(floors, settings)
    if flying:
        result.outcome.append(Msg.of("hydro.fall.flying"))
    elif floors <= 1:
        result.outcome.append(Msg.of("hydro.fall.harmless"))
    else:
        result.outcome.append(Msg.of("hydro.fall.critical", floors=floors, n=wounds, source=str(H.SRC_FALL)))
    rule = setting(settings, "hydro_fall_damage")
    result.notes.append(Msg.of(f"hydro.note.fall_{rule}"))
    if model and wounds:
        result.changes.append(StateChange(model, "wounds", "add", wounds, reason=Msg.of("hydro.reason.fall")))
    result.data.update(wounds=wounds)
    return result


def move_allowance(*, move: float, move_number: int = 1, attacked: bool = False) -> ProcedureResult:
    """The k-th move action in a turn allows ДВЖ / 2^(k−1); movement is also halved after an
    attack action this activation (L221). Distances are never rounded (L27)."""
    if move < 0 or not 1 <= move_number <= 10:
        raise UserError("hydro.error.bad_count", example="hydro.example.move", value=move_number)
    allowance = move / 2 ** (move_number - 1)
    if attacked:
        allowance /= 2
    result = ProcedureResult(GAME, "move", Msg.of("hydro.move.title"))
    result.outcome.append(Msg.of("hydro.move.out", inches=f"{allowance:g}", k=move_number, source=str(H.SRC_MOVE)))
    if attacked:
        result.notes.append(Msg.of("hydro.note.move_attacked"))
    result.notes.append(Msg.of("hydro.note.move_cost", ap=H.ACTION_POINTS))
    result.data.update(allowance=allowance)
    return result


def round_up(value: float) -> int:
    """L27: every division that gives a dice count or value rounds up."""
    return math.ceil(value)


def game_length(roller: Roller) -> ProcedureResult:
    """L112: when the mission gives no length, roll d3 and add five (six to eight turns);
    d3 is a d6 halved, rounding up (L25)."""
    roll = roller.die(6)
    turns = math.ceil(roll / 2) + H.GAME_LENGTH_BASE
    result = ProcedureResult(GAME, "game_length", Msg.of("hydro.game_length.title"))
    result.steps.append(DiceStep(Msg.of("hydro.step.d3", d3=math.ceil(roll / 2)), [roll], target="d3"))
    result.outcome.append(Msg.of("hydro.game_length.out", turns=turns, source=str(H.SRC_GAME_LENGTH)))
    result.data.update(roll=roll, turns=turns)
    return result
