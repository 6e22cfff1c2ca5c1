"""Warmaster shooting (L228–252): to-hit, armour saves, hits into the unit's pool, and the drive
back after all shooting (D6 per hit, fewer dice for defended/fortified, any 6 confuses)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult, Sources, StateChange
from games.warmaster import rules as W
from games.warmaster.hits import (check_armour, pool_outcome, roll_hits, roll_saves, save_number,
                                  to_hit_number)
from i18n import Msg, UserError

GAME = "warmaster"
TRACK_HITS = "hits"
STATUS_CONFUSED = "confused"
TRACK_CONFUSION = "confusion"
TRACK_PHASE_HITS = "phase_hits"
STATUS_CARRY = "carry_hits"
MAX_DICE = 200


def shoot(roller: Roller, *, shots: int, position: str = "open", armour: int | None = None,
          elves: bool = False, cannon: bool = False, no_saves: bool = False, armour_worse: bool = False,
          target: str | None = None, hits_per_stand: int | None = None, pool_before: int = 0,
          stands: int | None = None, bone_thrower: bool = False, in_combat: bool = False,
          stand_and_shoot: bool = False) -> ProcedureResult:
    """One unit's shots at one target (L242–244). Leftover hits carry into the first round of
    combat after stand and shoot (L226), cannon (L381) and bone thrower (L384) fire, and on a
    target already in combat (spells, L416); otherwise they clear at the end of shooting (L252)."""
    if not 1 <= shots <= MAX_DICE:
        raise UserError("wm.error.bad_count", example="wm.example.shoot", value=shots)
    check_armour(armour, "wm.example.shoot")
    result = ProcedureResult(GAME, "shoot", Msg.of("wm.shoot.title", target=target or Msg.of("combat_shared.word.target")))
    mods = []
    if elves:
        mods.append(Modifier(Msg.of("wm.mod.elves"), -W.ELF_SHOOTING_BONUS, W.SRC_ELF))
    if cannon:
        mods.append(Modifier(Msg.of("wm.mod.cannon"), -1 if position != "open" else 0, W.SRC_CANNON))
        no_saves = True                       # L381: no armour saves against cannon shot
    if bone_thrower:
        no_saves = True                       # L384
    need = to_hit_number(position, bonus=W.ELF_SHOOTING_BONUS if elves else 0, cannon=cannon)
    hits = roll_hits(roller, result, attacks=shots, need=need,
                     label=Msg.of("wm.step.to_hit", need=need, position=Msg.of(f"wm.position.{position}")),
                     modifiers=mods)
    result.outcome.append(Msg.of("wm.out.hits", hits=hits))
    save = save_number(armour, worse=1 if armour_worse else 0)
    unsaved = roll_saves(roller, result, hits=hits, save=save, no_saves=no_saves)
    result.outcome.append(Msg.of("wm.out.unsaved", n=unsaved))
    pool_outcome(result, unit=target, hits=unsaved, hits_per_stand=hits_per_stand, pool_before=pool_before, stands=stands)
    carried = [k for k, on in (("stand_and_shoot", stand_and_shoot), ("cannon", cannon), ("bone_thrower", bone_thrower),
                               ("in_combat", in_combat)) if on]
    if target and unsaved:
        result.changes.append(StateChange(target, TRACK_HITS, "add", unsaved, reason=Msg.of("wm.reason.shot")))
        if not stand_and_shoot:               # chargers shot at aren't driven back (L226)
            result.changes.append(StateChange(target, TRACK_PHASE_HITS, "add", unsaved))
        if carried:
            result.changes.append(StateChange(target, STATUS_CARRY, "status_on"))
    if carried:
        result.notes.append(Msg.of("wm.note.carry", source=Sources(tuple(W.SRC_CARRY[k] for k in carried))))
    if not stand_and_shoot:
        result.notes.append(Msg.of("wm.note.drive_back_next", hits=unsaved))
    result.data.update(need=need, hits=hits, unsaved=unsaved, save=save, carried=carried)
    return result


def confusion_changes(unit: str, own_turn_after_command: bool | None, reason: Msg) -> list[StateChange]:
    """The unit becomes confused until the end of its own command phase (L311): the next one to
    end, unless it is the unit's own turn and its command phase is already over, then the one
    after. `None`: whose turn it is isn't known, taken as the next (the reply says so)."""
    phases = 2 if own_turn_after_command else 1
    return [StateChange(unit, STATUS_CONFUSED, "status_on", reason=reason),
            StateChange(unit, TRACK_CONFUSION, "set", phases)]


def drive_back(roller: Roller, *, hits: int, position: str = "open", skull_chukka: bool = False,
               target: str | None = None, own_turn_after_command: bool | None = None) -> ProcedureResult:
    """L245–246: a D6 per hit inflicted this phase, one die fewer if defended, two if fortified;
    the unit moves the total in cm away from the shooters; any 6 (a 4+ for the Skull Chukka,
    L387) confuses it."""
    if not 0 <= hits <= MAX_DICE:
        raise UserError("wm.error.bad_count", example="wm.example.drive_back", value=hits)
    if position not in W.DRIVE_BACK_LESS_DICE:
        raise ValueError(position)
    n = max(0, hits - W.DRIVE_BACK_LESS_DICE[position])
    confuse_on = W.SKULL_CHUKKA_CONFUSED_ON if skull_chukka else W.CONFUSED_ON
    dice = roller.dice(n, 6)
    cm = sum(dice)
    confused = any(d >= confuse_on for d in dice)
    result = ProcedureResult(GAME, "drive_back", Msg.of("wm.drive_back.title", target=target or Msg.of("combat_shared.word.target")))
    less = W.DRIVE_BACK_LESS_DICE[position]
    mods = [Modifier(Msg.of(f"wm.position.{position}"), -less, W.SRC_DRIVE_BACK)] if less else []
    result.steps.append(DiceStep(Msg.of("wm.step.drive_back", n=n), dice, target=f"{confuse_on}+",
                                 successes=sum(d >= confuse_on for d in dice), modifiers=mods))
    result.outcome.append(Msg.of("wm.out.driven_back", cm=cm))
    if confused:
        result.outcome.append(Msg.of("wm.out.confused", on=confuse_on, source=W.SRC_DRIVE_BACK))
        if target:
            result.changes.extend(confusion_changes(target, own_turn_after_command, Msg.of("wm.reason.drive_back")))
            result.notes.append(Msg.of("wm.note.confusion_own" if own_turn_after_command else
                                       "wm.note.confusion_next" if own_turn_after_command is not None else
                                       "wm.note.confusion_unknown", source=W.SRC_CONFUSION_ENDS))
    result.notes.append(Msg.of("wm.note.drive_back_rules"))
    result.data.update(dice=n, cm=cm, confused=confused)
    return result
