"""Warmaster combat (L254–296): attacks with the book's modifiers, hits into the pool, the
result (hits + support), the loser's retreat, pursuit, fall back on 3D6 and advance."""
from __future__ import annotations

import math

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
from games.state_base import UnitState
from games.warmaster import rules as W
from games.warmaster.hits import check_armour, pool_outcome, roll_hits, roll_saves, save_number, to_hit_number
from games.warmaster.shooting import TRACK_HITS
from i18n import Msg, UserError

GAME = "warmaster"
MAX_ATTACKS = 300


STATUS_CONFUSED = "confused"


def fights_confused(attacker: UnitState | None, said: bool = False) -> bool:
    """A confused unit fights with −1 attack per stand (L309): a tracked unit's status says so,
    whatever the option; an untracked one is confused when the player says it is."""
    return said or (attacker is not None and STATUS_CONFUSED in attacker.statuses)


def attack_modifiers(*, charge_open: bool = False, monster_charge_open: bool = False, pursuit: bool = False,
                     pursuit_cm: float = 0, terror: bool = False, flank: bool = False,
                     confused: bool = False, extra: int = 0) -> list[Modifier]:
    """Per-stand attack modifiers (L260–268). Pursuit: +1, and +1 per full 3 cm pursued (L264–265)."""
    flags = {"charge_open": charge_open, "monster_charge_open": monster_charge_open, "pursuit": pursuit or pursuit_cm > 0,
             "terror": terror, "flank": flank, "confused": confused}
    out = []
    for key, on in flags.items():
        if on:
            value, source = W.ATTACK_MODIFIERS[key]
            out.append(Modifier(Msg.of(f"wm.attack_mod.{key}"), value, source))
            if key == "pursuit":
                per_3cm = int(pursuit_cm // W.PURSUIT_CM_PER_ATTACK)
                if per_3cm:
                    out.append(Modifier(Msg.of("wm.attack_mod.pursuit_cm", cm=f"{pursuit_cm:g}"), per_3cm, W.SRC_PURSUIT_CM))
    if extra:
        out.append(Modifier(Msg.of("wm.attack_mod.extra"), extra, None))
    return out


def attacks(roller: Roller, *, stands: int, attacks_per_stand: int, character_attacks: int = 0,
            charge_open: bool = False, monster_charge_open: bool = False, pursuit: bool = False,
            pursuit_cm: float = 0, terror: bool = False, flank: bool = False, confused: bool = False,
            extra: int = 0, target_position: str = "open", target_armour: int | None = None,
            no_saves: bool = False, attacker: str | None = None, target: str | None = None,
            hits_per_stand: int | None = None, pool_before: int = 0,
            target_stands: int | None = None) -> ProcedureResult:
    """One side's attacks in a combat round: (Attacks + modifiers) per stand in contact, plus one
    attached character's Attacks (L270); D6 each at 4+/5+/6+; armour saves (L271)."""
    if not 1 <= stands <= 50 or not 0 <= attacks_per_stand <= 20 or not 0 <= character_attacks <= 20:
        raise UserError("wm.error.bad_count", example="wm.example.attack", value=stands)
    check_armour(target_armour, "wm.example.attack")
    if pursuit_cm < 0:
        raise UserError("wm.error.negative", example="wm.example.attack")
    mods = attack_modifiers(charge_open=charge_open, monster_charge_open=monster_charge_open, pursuit=pursuit,
                            pursuit_cm=pursuit_cm, terror=terror, flank=flank, confused=confused, extra=extra)
    per_stand = max(0, attacks_per_stand + sum(m.value for m in mods))
    total = stands * per_stand + character_attacks
    if total > MAX_ATTACKS:
        raise UserError("wm.error.bad_count", example="wm.example.attack", value=total)
    result = ProcedureResult(GAME, "attack", Msg.of("wm.attack.title", attacker=attacker or Msg.of("combat_shared.word.attacker"), target=target or Msg.of("combat_shared.word.target")))
    result.outcome.append(Msg.of("wm.out.attacks", stands=stands, per_stand=per_stand, character=character_attacks,
                                 total=total))
    need = to_hit_number(target_position)
    hits = roll_hits(roller, result, attacks=total, need=need, modifiers=mods,
                     label=Msg.of("wm.step.attacks", need=need, position=Msg.of(f"wm.position.{target_position}")))
    result.outcome.append(Msg.of("wm.out.hits", hits=hits))
    unsaved = roll_saves(roller, result, hits=hits, save=save_number(target_armour), no_saves=no_saves)
    result.outcome.append(Msg.of("wm.out.combat_hits", n=unsaved))
    pool_outcome(result, unit=target, hits=unsaved, hits_per_stand=hits_per_stand, pool_before=pool_before,
                 stands=target_stands)
    if target and unsaved:
        result.changes.append(StateChange(target, TRACK_HITS, "add", unsaved, reason=Msg.of("wm.reason.combat")))
    result.notes.append(Msg.of("wm.note.combat_score"))
    result.data.update(per_stand=per_stand, attacks=total, need=need, hits=hits, unsaved=unsaved)
    return result


def combat_result(*, hits_a: int, hits_b: int, support_a: int = 0, support_b: int = 0,
                  losing_units: int = 1, side_a: str | None = None, side_b: str | None = None,
                  round_no: int = 1) -> ProcedureResult:
    """L273–294: score = hits inflicted + 1 per supporting stand; the loser's units each retreat
    ceil(difference / losing units) cm; a draw means both fall back; a winner that destroyed its
    foes may advance 20 cm after round 1, 10 cm after later rounds."""
    if min(hits_a, hits_b, support_a, support_b) < 0 or losing_units < 1 or round_no < 1:
        raise UserError("wm.error.negative", example="wm.example.result")
    a = hits_a + support_a
    b = hits_b + support_b
    name_a, name_b = side_a or "A", side_b or "B"
    result = ProcedureResult(GAME, "combat_result", Msg.of("wm.result.title", a=name_a, b=name_b))
    result.outcome.append(Msg.of("wm.result.scores", a=name_a, b=name_b, hits_a=hits_a, support_a=support_a,
                                 score_a=a, hits_b=hits_b, support_b=support_b, score_b=b, source=W.SRC_RESULT))
    advance_cm = W.ADVANCE_CM[min(round_no, 2)]
    if a == b:
        result.outcome.append(Msg.of("wm.result.draw", source=W.SRC_FALL_BACK))
        result.data.update(winner=None, retreat_cm=0)
        return result
    winner, loser = (name_a, name_b) if a > b else (name_b, name_a)
    retreat = math.ceil(abs(a - b) / losing_units)                  # L276
    result.outcome.append(Msg.of("wm.result.win", winner=winner, loser=loser, diff=abs(a - b), units=losing_units,
                                 cm=retreat, source=W.SRC_RETREAT))
    result.notes.append(Msg.of("wm.note.retreat_rules"))
    result.notes.append(Msg.of("wm.note.pursuit_rules", source=W.SRC_PURSUE))
    result.notes.append(Msg.of("wm.note.advance", cm=advance_cm, round=round_no, source=W.SRC_ADVANCE))
    result.data.update(winner="a" if a > b else "b", score_a=a, score_b=b, retreat_cm=retreat, advance_cm=advance_cm)
    return result


def fall_back(roller: Roller) -> ProcedureResult:
    """L288: roll 3D6 once for all units falling back; each moves between the lowest die and the
    total; none may end within 1 cm of the enemy (L289)."""
    dice = roller.dice(W.FALL_BACK_DICE, 6)
    result = ProcedureResult(GAME, "fall_back", Msg.of("wm.fall_back.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.fall_back"), dice, target="3D6"))
    result.outcome.append(Msg.of("wm.out.fall_back", low=min(dice), high=sum(dice), source=W.SRC_FALL_BACK))
    result.data.update(low=min(dice), high=sum(dice))
    return result
