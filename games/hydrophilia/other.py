"""Гидрофилия's other rules with numbers: the drone link break (L491–501), falls (L519–523),
and the move allowance (L219–226)."""
from __future__ import annotations

import math

from dice.roller import Roller
from games.hydrophilia import rules as H
from games.hydrophilia.house_rules import setting
from games.hydrophilia.attack import roll_damage
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
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
    result.outcome.append(Msg.of(f"hydro.drone.{effect}", source=H.SRC_DRONE))
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
    result = ProcedureResult(GAME, "fall", Msg.of("hydro.fall.title", model=model or Msg.of("combat_shared.word.model")))
    wounds = 0 if flying else fall_wounds(floors, settings)
    if flying:
        result.outcome.append(Msg.of("hydro.fall.flying"))
    elif floors <= 1:
        result.outcome.append(Msg.of("hydro.fall.harmless"))
    else:
        result.outcome.append(Msg.of("hydro.fall.critical", floors=floors, n=wounds, source=H.SRC_FALL))
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
    result.outcome.append(Msg.of("hydro.move.out", inches=f"{allowance:g}", k=move_number, source=H.SRC_MOVE))
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
    result.outcome.append(Msg.of("hydro.game_length.out", turns=turns, source=H.SRC_GAME_LENGTH))
    result.data.update(roll=roll, turns=turns)
    return result


def initiative_bonus(turns_second: int) -> int:
    """L152: +1 to the player who went second last turn, +2 after twice in a row …, at most +5."""
    return min(max(turns_second, 0), H.INITIATIVE_MAX_BONUS)


def initiative(roller: Roller, *, turn: int | None, second_a: int = 0, second_b: int = 0,
               side_a: str | None = None, side_b: str | None = None) -> ProcedureResult:
    """L152: from the third turn on, both players roll for initiative at the start of the turn;
    the winner chooses who starts it. The book doesn't say which roll it is: one d6, the game's
    die (L23), and the reply says so; nor what a tie does: roll again, said too."""
    if turn is not None and turn < H.INITIATIVE_FROM_TURN:
        raise UserError("hydro.error.initiative_turn", example="hydro.example.initiative", turn=turn,
                        first=H.INITIATIVE_FROM_TURN)
    if second_a and second_b:
        raise UserError("hydro.error.initiative_both", example="hydro.example.initiative")
    name_a, name_b = side_a or "A", side_b or "B"
    bonus_a, bonus_b = initiative_bonus(second_a), initiative_bonus(second_b)
    result = ProcedureResult(GAME, "initiative", Msg.of("hydro.initiative.title", a=name_a, b=name_b))
    result.notes.append(Msg.of("hydro.note.initiative_die", source=H.SRC_INITIATIVE))
    rolls = 0
    while True:
        a, b = roller.die(6), roller.die(6)
        rolls += 1
        mods_a = [Modifier(Msg.of("hydro.mod.went_second", n=second_a), bonus_a, H.SRC_INITIATIVE)] if bonus_a else []
        mods_b = [Modifier(Msg.of("hydro.mod.went_second", n=second_b), bonus_b, H.SRC_INITIATIVE)] if bonus_b else []
        result.steps.append(DiceStep(Msg.of("hydro.step.initiative", side=name_a, total=a + bonus_a), [a],
                                     target="d6", modifiers=mods_a))
        result.steps.append(DiceStep(Msg.of("hydro.step.initiative", side=name_b, total=b + bonus_b), [b],
                                     target="d6", modifiers=mods_b))
        if a + bonus_a != b + bonus_b or rolls >= 20:
            break
        result.notes.append(Msg.of("hydro.note.initiative_tie"))
    winner = name_a if a + bonus_a > b + bonus_b else name_b
    result.outcome.append(Msg.of("hydro.initiative.out", winner=winner, source=H.SRC_INITIATIVE))
    result.data.update(a=a + bonus_a, b=b + bonus_b, winner="a" if winner == name_a else "b", rolls=rolls)
    return result


def fuel_explosion(roller: Roller, *, targets, settings: dict[str, str] | None = None) -> ProcedureResult:
    """L606: a fuel container caught by an area or artillery attack with physical damage blows
    up: every visible model within 3" takes d3 (rolled per model) physical damage, then the
    container is dangerous terrain. Damage in this book is dice rolled against the stat (L288), so
    d3 damage dice against ЗАЩ; the house rule `hydro_fuel_damage` reads it as d3 wounds."""
    return _fuel(roller, targets, setting(settings, "hydro_fuel_damage") == "wounds")


def _fuel(roller: Roller, targets, as_wounds: bool) -> ProcedureResult:
    result = ProcedureResult(GAME, "fuel", Msg.of("hydro.fuel.title"))
    result.outcome.append(Msg.of("hydro.fuel.out", radius=H.FUEL_RADIUS, source=H.SRC_FUEL))
    result.data["wounds"] = {}
    for t in targets:
        d = roller.die(6)
        amount = math.ceil(d / 2)                     # d3 (L25)
        result.steps.append(DiceStep(Msg.of("hydro.step.fuel_d3", name=t.name, d3=amount), [d], target="d3"))
        if as_wounds:
            wounds = amount
        elif t.defence is None:
            result.outcome.append(Msg.of("hydro.artillery.immune", name=t.name, stat=H.stat_name("physical")))
            wounds = 0
        else:
            sub = ProcedureResult(GAME, "damage", result.title)
            wounds = roll_damage(roller, sub, dice=amount, defence=t.defence, damage_type="physical")
            for step in sub.steps:
                step.label = Msg.of("hydro.step.damage_of", name=t.name, stat=H.stat_name("physical"),
                                    need=(step.target or "").rstrip("+"))
            result.steps.extend(sub.steps)
        result.outcome.append(Msg.of("hydro.artillery.hit", name=t.name, n=wounds))
        result.data["wounds"][t.name] = wounds
        if wounds:
            result.changes.append(StateChange(t.name, "wounds", "add", wounds, reason=Msg.of("hydro.reason.fuel")))
    result.notes.append(Msg.of("hydro.note.fuel_wounds" if as_wounds else "hydro.note.fuel_dice"))
    result.notes.append(Msg.of("hydro.note.fuel_dangerous"))
    return result
