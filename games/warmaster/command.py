"""Warmaster command (L118–154, L325–351, L399–404): 2D6 ≤ Command − penalties; a failed
General's order ends the command phase; a Hero or Wizard failing on a 12 blunders."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
from games.warmaster import rules as W
from games.warmaster.house_rules import setting
from i18n import Msg, UserError

GAME = "warmaster"
CHARACTERS = ("general", "hero", "wizard")
TRACK_BLUNDER = "command_penalty"
TRACK_ORDERS = "orders"
STATUS_ORDER_FAILED = "order_failed"
STATUS_ORDERS_OVER = "orders_over"


def penalties(*, distance_cm: float = 0, orders_given: int = 0, enemy_near: bool = False,
              dense_terrain: bool = False, stands_lost: int = 0, blunder_penalties: int = 0,
              other: int = 0) -> list[Modifier]:
    """Every command penalty the book lists (L144–154, L333), as negative modifiers."""
    out: list[Modifier] = []
    per_distance = int(distance_cm // W.PENALTY_PER_CM)            # «За каждые 20см расстояния»
    if per_distance:
        out.append(Modifier(Msg.of("wm.pen.distance", cm=f"{distance_cm:g}"), -per_distance, W.SRC_PEN_DISTANCE))
    if orders_given:
        out.append(Modifier(Msg.of("wm.pen.orders", n=orders_given), -orders_given, W.SRC_PEN_ORDERS))
    if enemy_near:
        out.append(Modifier(Msg.of("wm.pen.enemy"), -1, W.SRC_PEN_ENEMY))
    if dense_terrain:
        out.append(Modifier(Msg.of("wm.pen.terrain"), -1, W.SRC_PEN_TERRAIN))
    if stands_lost:
        out.append(Modifier(Msg.of("wm.pen.stands", n=stands_lost), -stands_lost, W.SRC_PEN_STANDS))
    if blunder_penalties:
        out.append(Modifier(Msg.of("wm.pen.mad", n=blunder_penalties), -blunder_penalties, W.SRC_PEN_BLUNDER))
    if other:
        out.append(Modifier(Msg.of("wm.pen.other"), -abs(other), None))
    return out


def check_inputs(character: str, command_value: int, distance_cm: float, flyer: bool, counts: list[int],
                 item: str = "none") -> None:
    if character not in CHARACTERS or item not in W.COMMAND_ITEMS:
        raise ValueError((character, item))
    if item != "none" and character != "general":
        raise UserError("wm.error.general_item", example="wm.example.command")
    if not 1 <= command_value <= 12:
        raise UserError("wm.error.bad_command", example="wm.example.command", value=command_value)
    if distance_cm < 0 or any(c < 0 for c in counts):
        raise UserError("wm.error.negative", example="wm.example.command")
    if flyer and distance_cm > W.FLYER_COMMAND_RANGE_CM:
        # L134: the flyer's own rule, whoever gives the order (not the character's range, L126–132).
        raise UserError("wm.error.flyer_range", example="wm.example.command", cm=f"{distance_cm:g}")
    limit = W.COMMAND_RANGE_CM[character]
    if limit is not None and distance_cm > limit:
        raise UserError("wm.error.out_of_range", example="wm.example.command",
                        who=Msg.of(f"wm.character.{character}"), limit=limit, cm=f"{distance_cm:g}")


def order_need(command_value: int, mods: list[Modifier], item: str = "none") -> tuple[int, int]:
    """(Command used, the number to roll under). Crown of Command: an unmodified 10 (L620);
    Helm of Dominion: +1 Command to at most 10 (L626)."""
    if item == "crown":
        return W.CROWN_OF_COMMAND, W.CROWN_OF_COMMAND
    if item == "helm":
        command_value = min(W.HELM_MAX, command_value + 1)
    return command_value, command_value + sum(m.value for m in mods)


def command(roller: Roller, *, character: str, command_value: int, distance_cm: float = 0,
            orders_given: int = 0, enemy_near: bool = False, dense_terrain: bool = False,
            stands_lost: int = 0, blunder_penalties: int = 0, other: int = 0, flyer: bool = False,
            steam_tank: bool = False, item: str = "none", unit: str | None = None,
            settings: dict[str, str] | None = None, phase_units: tuple[str, ...] = ()) -> ProcedureResult:
    """One order. A tracked unit counts the orders it has had (L148) and, when one fails, takes
    no more from anyone this phase (L138); a failed General's order ends the phase for every unit
    in `phase_units` (L140)."""
    check_inputs(character, command_value, distance_cm, flyer, [orders_given, stands_lost, blunder_penalties], item)
    mods = penalties(distance_cm=distance_cm, orders_given=orders_given, enemy_near=enemy_near,
                     dense_terrain=dense_terrain, stands_lost=stands_lost,
                     blunder_penalties=blunder_penalties, other=other)
    used, need = order_need(command_value, mods, item)
    dice = roller.dice(2, 6)
    total = sum(dice)
    ok = total <= need                                              # L136
    result = ProcedureResult(GAME, "command", Msg.of("wm.command.title", who=Msg.of(f"wm.character.{character}"),
                                                         unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(DiceStep(Msg.of("wm.step.command", command=used, need=need), dice,
                                 target=f"≤{need}", successes=int(ok), modifiers=[] if item == "crown" else mods))
    if item != "none":
        result.notes.append(Msg.of(f"wm.note.item_{item}"))
    result.data.update(need=need, roll=total, success=ok, blunder=None)
    if not ok and item == "orb" and character == "general":
        # L632: the Orb of Majesty re-rolls one failed General's order at a nominal Command of 8.
        need = W.ORB_COMMAND + sum(m.value for m in mods)
        dice = roller.dice(2, 6)
        total = sum(dice)
        ok = total <= need
        result.steps.append(DiceStep(Msg.of("wm.step.orb", need=need), dice, target=f"≤{need}", successes=int(ok),
                                     modifiers=mods))
        result.data.update(need=need, roll=total, success=ok)
    if ok:
        result.outcome.append(Msg.of("wm.command.pass", total=total, need=need))
        result.notes.append(Msg.of("wm.note.next_order", penalty=orders_given + 1))
        if unit:
            result.changes.append(StateChange(unit, TRACK_ORDERS, "add", 1, reason=Msg.of("wm.reason.order")))
        return result
    if unit:
        result.changes.append(StateChange(unit, STATUS_ORDER_FAILED, "status_on", reason=Msg.of("wm.reason.order_failed")))
    result.outcome.append(Msg.of("wm.command.fail", total=total, need=need, source=W.SRC_FAIL))
    if item == "crown":
        result.notes.append(Msg.of("wm.note.crown_lost"))
    if character == "general":
        result.outcome.append(Msg.of("wm.command.general_fail", source=W.SRC_GENERAL_FAIL))
        result.data["phase_ends"] = True
        result.changes.extend(StateChange(name, STATUS_ORDERS_OVER, "status_on") for name in phase_units)
        return result
    if total != W.BLUNDER_ROLL:
        return result
    # L142: a Hero or Wizard who fails with a 12 has blundered.
    result.outcome.append(Msg.of("wm.command.blunder", source=W.SRC_BLUNDER))
    if setting(settings, "wm_blunder_rule") == "ends_phase":
        result.outcome.append(Msg.of("wm.command.blunder_alt", source=W.SRC_BLUNDER_ALT))
        result.notes.append(Msg.of("wm.note.house_blunder"))
        result.data.update(blunder="ends_phase", phase_ends=True)
        return result
    roll = roller.die(6)
    if steam_tank:
        effect = W.STEAM_TANK[roll]
        result.steps.append(DiceStep(Msg.of("wm.step.steam_tank"), [roll], target="D6"))
        result.outcome.append(Msg.of("wm.command.steam_tank", roll=roll, effect=Msg.of(f"wm.steam_tank.{effect}"),
                                     source=W.SRC_STEAM_TANK))
        result.data["blunder"] = effect
        return result
    effect = W.BLUNDER[roll]
    result.steps.append(DiceStep(Msg.of("wm.step.blunder"), [roll], target="D6"))
    result.outcome.append(Msg.of("wm.command.blunder_result", roll=roll, name=W.BLUNDER_RU[effect],
                                 effect=Msg.of(f"wm.blunder.{effect}"), source=W.SRC_BLUNDER_TABLE))
    result.data["blunder"] = effect
    result.notes.append(Msg.of("wm.note.sceptre", source=W.SRC_SCEPTRE))
    if effect == "mad" and unit:
        result.changes.append(StateChange(unit, TRACK_BLUNDER, "add", 1, reason=Msg.of("wm.reason.mad")))
    return result
