"""Exact odds for the Warmaster procedures, from the same inputs as the rolls.

Polynomial in the dice (issue 14 §3): counts are kept as integers over a common denominator and
turned into Fractions once, so 300 attacks or a 200-hit drive back take milliseconds
(benchmarks/odds_wm.py). Each result carries its `Distribution` (games/procedure.py), whose
`rows()` are the text's, so text and chart read the same numbers."""
from __future__ import annotations

from fractions import Fraction

from dice.dist import Dist
from games.procedure import Distribution, ProcedureResult
from games.warmaster import rules as W
from games.warmaster.combat import MAX_ATTACKS, attack_modifiers
from games.warmaster.command import check_inputs, order_need, penalties
from games.warmaster.hits import pool, save_number, to_hit_number
from i18n import Msg, Number, Percent, UserError

GAME = "warmaster"


def p_at_least(n: int) -> Fraction:
    """One D6 scoring n or more."""
    return Fraction(max(0, min(6, 7 - n)), 6)


def fraction(p: Fraction) -> str:
    """The exact fraction when it is short enough to read; past that, the percentage says it."""
    text = str(p)
    return text if len(text) <= 24 else "≈"


def p_2d6_at_most(n: int) -> Fraction:
    return 1 - Dist.dice(2).at_least(n + 1)


def command_odds(*, character: str, command_value: int, distance_cm: float = 0, orders_given: int = 0,
                 enemy_near: bool = False, dense_terrain: bool = False, stands_lost: int = 0,
                 blunder_penalties: int = 0, other: int = 0, flyer: bool = False, item: str = "none") -> ProcedureResult:
    check_inputs(character, command_value, distance_cm, flyer, [orders_given, stands_lost, blunder_penalties], item)
    mods = penalties(distance_cm=distance_cm, orders_given=orders_given, enemy_near=enemy_near,
                     dense_terrain=dense_terrain, stands_lost=stands_lost, blunder_penalties=blunder_penalties,
                     other=other)
    _, need = order_need(command_value, mods, item)
    p = p_2d6_at_most(need)
    if item == "orb":
        p = p + (1 - p) * p_2d6_at_most(W.ORB_COMMAND + sum(m.value for m in mods))
    blunder = Fraction(1, 36) if character != "general" and need < 12 else Fraction(0)
    r = ProcedureResult(GAME, "odds.command", Msg.of("wm.odds.command.title", need=need))
    r.outcome.append(Msg.of("combat2.odds.success", p=Percent(p), fraction=fraction(p)))
    if character == "general":
        r.outcome.append(Msg.of("wm.odds.phase_ends", p=Percent(1 - p)))
    else:
        r.outcome.append(Msg.of("wm.odds.blunder", p=Percent(blunder), fraction=fraction(blunder)))
    r.distribution = Distribution(Msg.of("wm.odds.quantity.2d6"), Dist.dice(2),
                                  Msg.of("wm.odds.event.order"), p)
    r.data.update(need=need, p=p, p_blunder=blunder)
    return r


def hits_odds(procedure: str, title: Msg, *, dice: int, need: int, save: int | None,
              hits_per_stand: int | None, pool_before: int = 0, stands: int | None = None) -> ProcedureResult:
    """Unsaved hits of `dice` rolls, and the stands they remove from the unit's pool (L244, L272)."""
    p_hit = p_at_least(need)
    p_unsaved = p_hit * (1 - p_at_least(save)) if save else p_hit
    dist = Dist.binomial(dice, p_unsaved)
    r = ProcedureResult(GAME, f"odds.{procedure}", title)
    r.outcome.append(Msg.of("wm.odds.per_die", need=need, save=f"{save}+" if save else "—",
                            p=Percent(p_unsaved), fraction=fraction(p_unsaved)))
    r.outcome.append(Msg.of("combat2.odds.mean", mean=Number(dist.mean())))
    event, p_event = None, None
    if hits_per_stand:
        lost: dict[int, Fraction] = {}
        for k, pk in dist.items():
            n, _ = pool(pool_before, k, hits_per_stand, stands)
            lost[n] = lost.get(n, Fraction(0)) + pk
        for n in sorted(lost):
            r.outcome.append(Msg.of("wm.odds.stands_lost", n=n, p=Percent(lost[n])))
        r.data["stands_lost"] = lost
        event, p_event = Msg.of("wm.odds.event.stand_lost"), 1 - lost.get(0, Fraction(0))
    r.distribution = Distribution(Msg.of("wm.odds.quantity.hits"), dist, event, p_event)
    r.outcome.extend(r.distribution.rows())
    r.data.update(p=p_unsaved, hits=dist)
    return r


def shoot_odds(*, shots: int, position: str = "open", armour: int | None = None, elves: bool = False,
               cannon: bool = False, no_saves: bool = False, armour_worse: bool = False,
               hits_per_stand: int | None = None, pool_before: int = 0, stands: int | None = None) -> ProcedureResult:
    need = to_hit_number(position, bonus=W.ELF_SHOOTING_BONUS if elves else 0, cannon=cannon)
    save = None if (no_saves or cannon) else save_number(armour, worse=1 if armour_worse else 0)
    r = hits_odds("shoot", Msg.of("wm.odds.shoot.title", n=shots), dice=shots, need=need, save=save,
                  hits_per_stand=hits_per_stand, pool_before=pool_before, stands=stands)
    return r


def attack_odds(*, stands: int, attacks_per_stand: int, character_attacks: int = 0, target_position: str = "open",
                target_armour: int | None = None, no_saves: bool = False, hits_per_stand: int | None = None,
                pool_before: int = 0, target_stands: int | None = None, **flags) -> ProcedureResult:
    mods = attack_modifiers(**flags)
    per_stand = max(0, attacks_per_stand + sum(m.value for m in mods))
    total = stands * per_stand + character_attacks
    if total > MAX_ATTACKS:                       # the roll's own bound (games/warmaster/combat.py)
        raise UserError("wm.error.bad_count", example="wm.example.attack", value=total)
    need = to_hit_number(target_position)
    save = None if no_saves else save_number(target_armour)
    return hits_odds("attack", Msg.of("wm.odds.attack.title", n=total), dice=total, need=need, save=save,
                     hits_per_stand=hits_per_stand, pool_before=pool_before, stands=target_stands)


def drive_back_odds(*, hits: int, position: str = "open", skull_chukka: bool = False) -> ProcedureResult:
    """L245–246: the distance is the sum of the dice; any die at the confusion number confuses."""
    n = max(0, hits - W.DRIVE_BACK_LESS_DICE[position])
    on = W.SKULL_CHUKKA_CONFUSED_ON if skull_chukka else W.CONFUSED_ON
    p_conf = 1 - (1 - p_at_least(on)) ** n
    dist = Dist.dice(n)
    r = ProcedureResult(GAME, "odds.drive_back", Msg.of("wm.odds.drive_back.title", n=n))
    r.distribution = Distribution(Msg.of("wm.odds.quantity.cm"), dist, Msg.of("wm.odds.event.confused"),
                                  p_conf)
    r.outcome.append(Msg.of("wm.odds.confused", p=Percent(p_conf), fraction=fraction(p_conf)))
    r.outcome.append(Msg.of("wm.odds.distance", mean=Number(r.distribution.mean(), 1), low=n, high=6 * n))
    r.outcome.extend(r.distribution.rows())
    r.data.update(p_confused=p_conf, dice=n, distance=dist)
    return r


def cast_odds(*, spell: str, wand_of_power: bool = False, high_elf_reroll: bool = False,
              spellbound: bool = False) -> ProcedureResult:
    need = W.SPELLS[spell][3] - (1 if wand_of_power else 0) + (1 if spellbound else 0)
    p = p_at_least(need)
    if high_elf_reroll:
        p = p + (1 - p) * p
    r = ProcedureResult(GAME, "odds.cast", Msg.of("wm.odds.cast.title", spell=W.spell_name(spell)))
    r.outcome.append(Msg.of("combat2.odds.success", p=Percent(p), fraction=fraction(p)))
    r.distribution = Distribution(Msg.of("wm.odds.quantity.cast"), Dist(0, (1 - p, p)), Msg.of("wm.odds.event.cast"), p)
    r.data.update(p=p)
    return r
