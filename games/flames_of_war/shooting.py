"""Flames of War shooting (L328–592): dice from ROF, the number to hit from the target's skill and
the book's modifiers, Pinned Down, and — with numbers the players supply — saves and Firepower.

The document never says how an armour save is rolled, nor when a tank is Bailed Out rather than
Destroyed (only the artillery FP test, L748–752, is written). So saves and FP are explicit inputs
and the reply says the book doesn't define them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from dice.roller import Roller
from games.flames_of_war import engine, ratings as R
from games.flames_of_war.conditions import CONDITIONS
from games.flames_of_war.house_rules import setting
from games.procedure import Modifier, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "flames_of_war"
TRACK_HITS = "hits"
TRACK_DESTROYED = "teams_destroyed"
STATUS_PINNED = "pinned"
MAX_DICE = 200


def to_hit_modifiers(conditions: Iterable[str], settings: dict[str, str] | None = None) -> list[Modifier]:
    """The to-hit modifiers the shot's conditions give (L470–486), in the book's order: concealed
    +1 (L476); concealed and Gone to Ground +2 instead (L478); Gone to Ground alone is no modifier
    (L242); a Scout is one more only when concealed (L1051); cavalry that moved +1 (L1023); a
    team back in command at Tactical speed +1 (L252), which moved too. Under the house rule
    `fow_gone_to_ground` a team Gone to Ground is concealed (L466)."""
    states = set(conditions)
    unknown = states - set(CONDITIONS)
    if unknown:
        raise ValueError(f"unknown conditions {sorted(unknown)}")
    if "returned" in states:
        states.add("moved")
    if {"moved", "gone_to_ground"} <= states and "scout" not in states:
        # L242, L464: a team that moved isn't Gone to Ground; only a Scout stays so moving.
        raise UserError("fow.error.moved_gone_to_ground", example="fow.example.shoot")
    if "gone_to_ground" in states and setting(settings, "fow_gone_to_ground") == "l466":
        states.add("concealed")
    keys = {s for s in states if s in R.TO_HIT_MODIFIERS and s not in ("concealed", "scout")}
    if "concealed" in states:
        keys.add("concealed_gtg" if "gone_to_ground" in states else "concealed")
        if "scout" in states:
            keys.add("scout")
    if {"cavalry", "moved"} <= states:
        keys.add("cavalry_moving")
    if "returned" in states:
        keys.add("returned_to_command")
    return [Modifier(Msg.of(f"fow.mod.{key}"), value, source)
            for key, (value, source) in R.TO_HIT_MODIFIERS.items() if key in keys]


def gone_to_ground_note(conditions: Iterable[str], settings: dict[str, str] | None) -> Msg | None:
    """Where L242 and L466 part — a team Gone to Ground and not called concealed — the reply
    names the reading it used."""
    states = set(conditions)
    if "gone_to_ground" not in states or "concealed" in states:
        return None
    return Msg.of(f"fow.house.gone_to_ground.{setting(settings, 'fow_gone_to_ground')}")


def moving_rof(halted: int, moving: int | None) -> int:
    """L450: Moving ROF is Halted ROF halved, rounded down, unless the Arsenal says otherwise;
    a ROF 1 weapon keeps ROF 1 (and its ROF 1 Weapon rule)."""
    if moving is not None:
        return moving
    return 1 if halted == 1 else halted // 2


def pin_threshold(unit_teams: int | None, settings: dict[str, str] | None) -> int:
    if unit_teams is not None and unit_teams >= R.PIN_BIG_UNIT_TEAMS:
        return R.PIN_HITS_BIG_UNIT                     # L580: 8 for a 12-team unit
    if setting(settings, "fow_pin_threshold") == "five_or_more":
        return R.PIN_HITS_MORE_THAN                    # house rule: 5 or more
    return R.PIN_HITS_MORE_THAN + 1                    # L580 «более пяти»: 6 or more


def check_need(value: int | None, example: str, allow_auto: bool = False) -> int | None:
    if value is not None and not (1 <= value <= 9):
        raise UserError("fow.error.bad_number", example=example, value=value)
    return value


def saves_and_firepower(roller: Roller, result: ProcedureResult, hits: int, save: int | None,
                        fp: int | None, *, fp_reroll: engine.Reroll = "none", top_armour: bool = False) -> int:
    """Roll the players' save number for each hit, then FP for each failed save (L748–752).
    Returns teams destroyed (0 when FP isn't given)."""
    result.notes.append(Msg.of("fow.note.saves_undefined"))
    if top_armour:
        result.notes.append(Msg.of("fow.note.top_armour"))
    failed = hits
    if save is not None and hits:
        t = engine.need(save)
        attempts = engine.roll(roller, hits, t)
        result.steps.append(engine.dice_step(Msg.of("fow.step.saves", need=t), attempts, t))
        failed = hits - engine.successes(attempts)
        result.outcome.append(Msg.of("fow.out.failed_saves", n=failed))
    destroyed = 0
    if fp is None and failed:
        # L748–752: each failed save is an FP test; without the weapon's FP nothing is decided.
        result.notes.append(Msg.of("fow.note.fp_missing", n=failed))
    if fp is not None and failed:
        t = engine.need(fp)
        attempts = engine.roll(roller, failed, t, fp_reroll)
        result.steps.append(engine.dice_step(Msg.of("fow.step.firepower", need=t), attempts, t, reroll=fp_reroll))
        destroyed = engine.successes(attempts)
        result.outcome.append(Msg.of("fow.out.destroyed", n=destroyed))
        result.notes.append(Msg.of("fow.note.bailed_out_undefined"))
    result.data.update(failed_saves=failed if save is not None else None, destroyed=destroyed)
    return destroyed


def apply_pin(result: ProcedureResult, *, hits: int, hits_before: int, unit_teams: int | None,
              pin_immune: bool, already_pinned: bool, settings, target: str | None,
              force: Msg | None = None) -> bool:
    total = hits_before + hits
    threshold = pin_threshold(unit_teams, settings)
    result.data.update(hits_this_step=total, pin_threshold=threshold)
    if pin_immune:
        result.notes.append(Msg.of("fow.note.pin_immune", source=R.SRC_PIN_IMMUNE))
        return False
    pinned = total >= threshold or (force is not None and hits > 0)
    if pinned:
        result.outcome.append(Msg.of("fow.out.pinned", total=total, threshold=threshold, source=R.SRC_PIN)
                              if force is None else force)
        if target and not already_pinned:
            result.changes.append(StateChange(target, STATUS_PINNED, "status_on", reason=Msg.of("fow.reason.pinned", total=total)))
    else:
        result.outcome.append(Msg.of("fow.out.not_pinned", total=total, threshold=threshold))
    if setting(settings, "fow_pin_threshold") == "five_or_more" and not (unit_teams and unit_teams >= R.PIN_BIG_UNIT_TEAMS):
        result.notes.append(Msg.of("fow.note.house_pin_five"))
    return pinned


@dataclass(frozen=True)
class ShotPlan:
    """One shot as the book reads it, before any die: what `shoot` rolls and `shoot_odds`
    computes from (so the odds and the roll can't disagree)."""

    per_team: int
    dice: int
    why: str                         # which ROF: halted, moved, pinned, defensive
    modifiers: list[Modifier]
    need: engine.Need
    reroll: engine.Reroll
    pinned_by_any_hit: Msg | None    # snipers (L662) and flame-throwers (L638)
    threshold: int                   # hits in the step that pin (L580)
    pin_immune: bool                 # armoured tanks, passengers in armoured transports, aircraft (L592)
    notes: tuple[Msg, ...] = ()      # the readings of the book the shot took


def plan_shot(*, is_hit_on: int, rof: int, teams: int = 1, moving_rof_value: int | None = None,
              moved: bool = False, shooter_pinned: bool = False, defensive: bool = False,
              conditions: Iterable[str] = (), reroll_failed: bool = False, sniper: bool = False,
              flamethrower: bool = False, unit_teams: int | None = None, pin_immune: bool = False,
              save: int | None = None, fp: int | None = None, settings: dict[str, str] | None = None) -> ShotPlan:
    if not 1 <= teams <= 50 or not 0 <= rof <= 20:
        raise UserError("fow.error.bad_count", example="fow.example.shoot", value=teams if not 1 <= teams <= 50 else rof)
    check_need(save, "fow.example.shoot")
    check_need(fp, "fow.example.shoot")
    use_moving = moved or shooter_pinned or defensive      # L438, L452, L780
    per_team = moving_rof(rof, moving_rof_value) if use_moving else rof
    if flamethrower and moved and not shooter_pinned and not defensive:
        per_team = rof                                    # L612: flame-throwers don't lose ROF for moving
    n = per_team * teams
    modifiers = to_hit_modifiers(conditions, settings)
    notes = tuple(note for note in (gone_to_ground_note(conditions, settings),) if note is not None)
    force = Msg.of("fow.out.pinned_sniper") if sniper else Msg.of("fow.out.pinned_flamethrower") if flamethrower else None
    return ShotPlan(per_team, n, "defensive" if defensive else "pinned" if shooter_pinned else "moved" if moved else "halted",
                    modifiers, engine.need(is_hit_on, modifiers),
                    "failed" if (reroll_failed or sniper) else "none",     # L662: snipers re-roll failed to-hit
                    force, pin_threshold(unit_teams, settings), pin_immune, notes)


def shoot(roller: Roller, *, teams: int = 1, hits_before: int = 0, already_pinned: bool = False, bunker: bool = False,
          target: str | None = None, unit_teams: int | None = None, save: int | None = None, fp: int | None = None,
          settings: dict[str, str] | None = None, **shot: Any) -> ProcedureResult:
    """Direct fire from `teams` teams with the same weapon at one unit (`plan_shot` reads the shot)."""
    plan = plan_shot(teams=teams, unit_teams=unit_teams, save=save, fp=fp, settings=settings, **shot)
    if hits_before < 0:
        raise UserError("fow.error.bad_count", example="fow.example.shoot", value=hits_before)
    if plan.dice > MAX_DICE:            # a roll shows every die; the odds take any number
        raise UserError("fow.error.too_many_dice", example="fow.example.shoot", n=plan.dice)
    result = ProcedureResult(GAME, "shoot", Msg.of("fow.shoot.title", target=target or Msg.of("combat_shared.word.target")))
    result.outcome.append(Msg.of("fow.out.rof", n=plan.dice, per_team=plan.per_team, teams=teams, why=Msg.of(f"fow.rof.{plan.why}"),
                                 source=R.SRC_DEFENSIVE_FIRE if plan.why == "defensive" else R.SRC_ROF))
    t, reroll = plan.need, plan.reroll
    attempts = engine.roll(roller, plan.dice, t, reroll)
    result.steps.append(engine.dice_step(Msg.of("fow.step.to_hit", need=t), attempts, t, plan.modifiers, reroll))
    hits = engine.successes(attempts)
    result.outcome.append(Msg.of("fow.out.hits", hits=hits))
    result.notes.extend(plan.notes)
    apply_pin(result, hits=hits, hits_before=hits_before, unit_teams=unit_teams, pin_immune=plan.pin_immune,
              already_pinned=already_pinned, settings=settings, target=target, force=plan.pinned_by_any_hit)
    if target and hits:
        result.changes.insert(0, StateChange(target, TRACK_HITS, "add", hits, reason=Msg.of("fow.reason.hits")))
    if hits:
        destroyed = saves_and_firepower(roller, result, hits, save, fp, fp_reroll="success" if bunker else "none")
        if bunker:
            result.notes.append(Msg.of("fow.note.bunker_fp"))
        if target and destroyed:
            result.changes.append(StateChange(target, TRACK_DESTROYED, "add", destroyed, reason=Msg.of("fow.reason.firepower")))
    n = plan.dice
    result.data.update(dice=n, need=t, hits=hits, reroll=reroll)
    return result
