"""Гидрофилия's turn as the book runs it, for tracked models: action points spent per action
(L55–57), moves that cost 1 ОД and halve each time and after an attack (L219–221), drones that
have no ОД of their own but what their controller gives them (L487) and lose them when the link
breaks (L497), and the СТИХИЙНОЕ after-effect (L471)."""
from __future__ import annotations

from dice.roller import Roller
from games.hydrophilia import rules as H
from games.hydrophilia.profile import LABELS
from games.procedure import DiceStep, ProcedureResult, Source, StateChange
from games.profiles import note_from_profile
from games.hydrophilia.state import LINK_LOST
from games.hydrophilia.state import is_drone as drone_type
from games.state_base import UnitState
from i18n import Msg, UserError

GAME = "hydrophilia"
AP = "action_points"
MOVES = "moves"                     # move actions made this turn (each halves the next, L221)
ATTACKED = "attacked"               # made an attacking action this activation (halves moves, L221)
SRC_DRONE_AP = Source(H.B, 487)
SRC_LINK_LOST = Source(H.B, 497, 499)
SRC_ELEMENTAL = Source(H.B, 471)
ELEMENTAL_AP = 1                    # L471: «потратить 1 ОД»
ELEMENTAL_DICE = 1                  # L471: «проверку урона одним кубом d6»


def is_drone(state: UnitState | None) -> bool:
    return state is not None and drone_type(state)


def check_can_spend(state: UnitState | None, cost: int) -> None:
    """Refuse an action the model can't pay for, before any die is rolled."""
    if state is None or cost <= 0:
        return
    if is_drone(state) and state.statuses & set(LINK_LOST):
        raise UserError("hydro.error.drone_no_ap", example="hydro.example.drone_ap", unit=state.name)
    left = state.get(AP)
    if cost > left:
        key = "hydro.error.drone_needs_ap" if is_drone(state) else "state.hydrophilia.no_action_points"
        raise UserError(key, example="hydro.example.drone_ap" if is_drone(state) else "hydro.example.move",
                        unit=state.name, left=left)


def spend(name: str, cost: int) -> list[StateChange]:
    return [StateChange(name, AP, "add", -cost, reason=Msg.of("hydro.reason.ap")),
            StateChange(name, "activated", "status_on")]


def repeat_attack(state: UnitState | None, said: bool | None, notes: list[Msg]) -> bool:
    """Whether this is not the model's first attack this activation (−2 to Навык, L258): the
    option, else the tracked model's record of an attack this activation (noted)."""
    if said is not None:
        return said
    if state is not None and ATTACKED in state.statuses:
        notes.append(Msg.of("hydro.note.repeat_from_state", unit=state.name))
        return True
    return False


def attacked(name: str) -> list[StateChange]:
    """An attacking action this activation: later moves are halved (L221)."""
    return [StateChange(name, ATTACKED, "status_on"), StateChange(name, "activated", "status_on")]


def move(state: UnitState | None, *, move: float | None, move_number: int | None, attacked: bool | None,
         typed: str | None = None) -> ProcedureResult:
    """The k-th move action in a turn allows ДВЖ / 2^(k−1), halved again after an attack this
    activation (L221); a tracked model pays 1 ОД for it (L219) and the count is kept."""
    notes: list[Msg] = []
    if move is None:
        if state is None or state.profile.get("move") is None:
            raise UserError("hydro.error.missing", example="hydro.example.move", what=LABELS["move"],
                            option=Msg.of("hydro.opt.move.name"), unit=typed or "—")
        move = float(state.profile["move"])
        notes.append(note_from_profile(LABELS["move"], f"{move:g}", state.name))
    if state is not None:
        check_can_spend(state, H.MOVE_COST)
        if move_number is None:
            move_number = state.get(MOVES) + 1
        if attacked is None:
            attacked = ATTACKED in state.statuses
    from games.hydrophilia.other import move_allowance
    result = move_allowance(move=move, move_number=move_number or 1, attacked=bool(attacked))
    if state is not None:
        result.title = Msg.of("hydro.move.title_of", model=state.name)
        result.changes.extend(spend(state.name, H.MOVE_COST))
        result.changes.append(StateChange(state.name, MOVES, "add", 1))
    result.notes[:0] = notes
    return result


def give_drone_ap(drone: UnitState | None, ap: int, controller: str | None, typed: str | None = None) -> ProcedureResult:
    """L487: during its activation the controller may give its drones some ОД, which a drone
    uses later in its own activation; how many is the controller's card, not the book's. A drone
    the game doesn't track is only answered; a tracked one gets the ОД."""
    if drone is not None and not is_drone(drone):
        raise UserError("hydro.error.not_a_drone", example="hydro.example.drone_ap", unit=drone.name)
    if drone is not None and drone.statuses & set(LINK_LOST):
        raise UserError("hydro.error.drone_no_ap", example="hydro.example.drone_ap", unit=drone.name)
    name = drone.name if drone is not None else typed or "—"
    result = ProcedureResult(GAME, "drone_ap", Msg.of("hydro.drone_ap.title", drone=name))
    result.outcome.append(Msg.of("hydro.drone_ap.out", drone=name, ap=ap,
                                 controller=controller or (drone.profile.get("controller") if drone else None) or "—",
                                 source=SRC_DRONE_AP))
    result.notes.append(Msg.of("hydro.note.drone_ap_card"))
    if drone is not None:
        result.changes.append(StateChange(drone.name, AP, "set", ap, reason=Msg.of("hydro.reason.drone_ap_given")))
    result.data.update(ap=ap)
    return result


def elemental(roller: Roller, state: UnitState | None, *, choice: str, brn: int | None,
              typed: str | None = None) -> ProcedureResult:
    """L471 СТИХИЙНОЕ: before its next action (or at the end of an activation with none) a model
    damaged by such a weapon either spends 1 ОД or takes a damage check of one d6 against its
    «БРН». The book never defines БРН: the player gives it, and the reply says so."""
    name = state.name if state is not None else typed
    result = ProcedureResult(GAME, "elemental", Msg.of("hydro.elemental.title", model=name or "—"))
    if choice == "ap":
        check_can_spend(state, ELEMENTAL_AP)
        result.outcome.append(Msg.of("hydro.elemental.ap", n=ELEMENTAL_AP, source=SRC_ELEMENTAL))
        if state is not None:
            result.changes.extend(spend(state.name, ELEMENTAL_AP))
        result.data.update(wounds=0)
        return result
    result.notes.append(Msg.of("hydro.note.brn_undefined", source=SRC_ELEMENTAL))
    if brn is None:
        brn = state.profile.get("brn") if state is not None else None
    if brn is None:
        raise UserError("hydro.error.brn", example="hydro.example.elemental")
    dice = roller.dice(ELEMENTAL_DICE, 6)
    wounds = sum(d >= brn for d in dice)            # a damage check: each die ≥ the stat wounds (L288–312)
    result.steps.append(DiceStep(Msg.of("hydro.step.elemental", need=brn), dice, target=f"{brn}+", successes=wounds))
    result.outcome.append(Msg.of("hydro.out.wounds", n=wounds))
    if state is not None and wounds:
        result.changes.append(StateChange(state.name, "wounds", "add", wounds, reason=Msg.of("hydro.reason.elemental")))
    result.data.update(wounds=wounds)
    return result

