"""Flames of War assault (L754–840): to-hit in base contact, who is destroyed outright, pinning,
and the tank saves the players must supply. The counterattack test is in `checks`.

Charge distance and when defensive fire stops a charge are not given in this document (L774, L796).
"""
from __future__ import annotations

from dice.roller import Roller
from games.flames_of_war import engine, ratings as R
from games.flames_of_war.house_rules import setting
from games.flames_of_war.shooting import saves_and_firepower, STATUS_PINNED
from games.procedure import Modifier, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "flames_of_war"
TRACK_TEAMS_LOST = "teams_destroyed"


def assault_need(skill: str | None, number: int | None, settings: dict[str, str] | None) -> tuple[int, Msg]:
    """The base number: by default (L796) the defending unit's Skill as the score to hit it;
    house rule: the attacker's own Assault rating (= its Tactics number unless stated, L212)."""
    rule = setting(settings, "fow_assault_to_hit")
    if number is not None:
        if not 2 <= number <= 6:
            raise UserError("fow.error.bad_number", example="fow.example.assault", value=number)
        return number, Msg.of(f"fow.note.assault_rule.{rule}")
    if skill not in R.IS_HIT_ON:
        raise UserError("fow.error.need_skill", example="fow.example.assault")
    base = R.IS_HIT_ON[skill] if rule == "defender_skill" else R.TACTICS[skill]
    return base, Msg.of(f"fow.note.assault_rule.{rule}")


def assault(roller: Roller, *, teams_in_contact: int, skill: str | None = None, number: int | None = None,
            small_base: bool = False, target_tanks: bool = False, save: int | None = None,
            fp: int | None = None, target: str | None = None,
            settings: dict[str, str] | None = None) -> ProcedureResult:
    if not 1 <= teams_in_contact <= 60:
        raise UserError("fow.error.bad_count", example="fow.example.assault", value=teams_in_contact)
    base, rule_note = assault_need(skill, number, settings)
    mods = [Modifier(Msg.of("fow.mod.small_base"), R.SMALL_BASE_MOD, R.SRC_ASSAULT_HIT)] if small_base else []
    t = engine.need(base, mods)
    attempts = engine.roll(roller, teams_in_contact, t)
    result = ProcedureResult(GAME, "assault", Msg.of("fow.assault.title", target=target or Msg.of("combat_shared.word.target")))
    result.steps.append(engine.dice_step(Msg.of("fow.step.assault_hit", need=t), attempts, t, mods))
    hits = engine.successes(attempts)
    result.outcome.append(Msg.of("fow.out.hits", hits=hits))
    result.notes.append(rule_note)
    destroyed = 0
    if hits:
        # L800: a unit hit in assault is Pinned Down — but armoured tanks can't be (L592).
        pins = not target_tanks or setting(settings, "fow_assault_pins_armoured") == "pinned"
        if target_tanks:
            rule = setting(settings, "fow_assault_pins_armoured")
            result.notes.append(Msg.of(f"fow.house.assault_pins_armoured.{rule}"))
        if pins:
            result.outcome.append(Msg.of("fow.out.pinned_assault", source=R.SRC_ASSAULT_PIN))
            if target:
                result.changes.append(StateChange(target, STATUS_PINNED, "status_on", reason=Msg.of("fow.reason.assault_hit")))
        if target_tanks:
            result.notes.append(Msg.of("fow.note.assault_tank_saves"))
            destroyed = saves_and_firepower(roller, result, hits, save, fp)
        else:
            destroyed = hits          # L818: infantry, guns, unarmoured hit in assault are destroyed
            result.outcome.append(Msg.of("fow.out.destroyed_assault", n=hits, source=R.SRC_ASSAULT_SAVES))
        if target and destroyed:
            result.changes.insert(0, StateChange(target, TRACK_TEAMS_LOST, "add", destroyed, reason=Msg.of("fow.reason.assault_hit")))
    result.notes.append(Msg.of("fow.note.assault_next"))
    result.data.update(need=t, hits=hits, destroyed=destroyed)
    return result
