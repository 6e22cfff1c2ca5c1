"""Odds of a close combat where a side strikes with two profiles (a sergeant's power fist at
Initiative 1 beside the rank and file, l.3405): up to four Initiative steps, each changing who
is left to strike in the next.

`fight_steps` is exact: step by step (l.1157–1161), a distribution over both sides' (models
removed, wounds on the wounded model, wounds lost), each striking profile's unsaved wounds a
binomial placed one at a time as `melee.fight` places them. Its work grows with the product of
both sides' dice and their wounds per model; above STEP_WORK the round itself (`melee.fight`) is played many times with
seeded dice and counted (`fight_estimate`) — a Monte-Carlo estimate marked ≈, with its sample
count and its 95 % margin."""
from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache
from math import sqrt

from dice.roller import Roller
from dice.dist import Dist
from games.horus_heresy.melee import Fighter, fight, profiles, striking_models
from games.horus_heresy.shooting import instant_death
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent

SEED = 11                       # the same inputs give the same figures
DICE_BUDGET = 400_000           # attack dice rolled over all samples (about a second in the worker)
MOST, LEAST = 2000, 200         # samples
# Exact when (attacker's dice) × (defender's dice) × (the larger W) is at most this: about half a
# second on a quiet machine (benchmarks/odds_hh.py), the worker's budget being 2 s.
STEP_WORK = 12_000

Side = tuple[int, int, int]     # (models removed, wounds on the wounded model, wounds lost)


def dice_of(side: Fighter) -> int:
    return sum(g.models * g.attacks_now for g in profiles(side))


def _place(struck: Fighter, state: Side, wounds: int, instant: bool) -> Side:
    """`wounds` unsaved wounds on `struck`, the wounded model first (l.759); Instant Death takes
    a whole model (l.785) unless Eternal Warrior (l.2983); every wound lost counts (l.1322)."""
    removed, damage, lost = state
    for _ in range(wounds):
        if removed >= struck.models:
            break
        if instant and not struck.eternal_warrior:
            lost += struck.wounds - damage
            removed, damage = removed + 1, 0
        else:
            damage, lost = damage + 1, lost + 1
            if damage >= struck.wounds:
                removed, damage = removed + 1, 0
    return removed, damage, lost


def fight_steps(attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
                first_round: bool = True) -> ProcedureResult:
    from games.horus_heresy.odds import _p_wound
    sides = {"a": attacker, "d": defender}

    @lru_cache(maxsize=None)
    def kept(k: str, g: int, striking: int) -> Dist:
        group, enemy = profiles(sides[k])[g], sides["d" if k == "a" else "a"]
        return Dist.binomial(striking * group.attacks_now, _p_wound(group, enemy, settings, first_round))

    states: dict[tuple[Side, Side], Fraction] = {((0, attacker.damage, 0), (0, defender.damage, 0)): Fraction(1)}
    steps = sorted({g.step for side in (attacker, defender) for g in profiles(side)}, reverse=True)
    for step in steps:
        nxt: dict[tuple[Side, Side], Fraction] = defaultdict(Fraction)
        for (a_state, d_state), p in states.items():
            # Each side's blows land on the other as it stood when the step began (l.1161); its
            # two profiles' wounds one after the other.
            outcomes: dict[str, dict[Side, Fraction]] = {}
            for k, own, enemy_state in (("a", a_state, d_state), ("d", d_state, a_state)):
                other = sides["d" if k == "a" else "a"]
                alive = sides[k].models - own[0]
                dist: dict[Side, Fraction] = {enemy_state: Fraction(1)}
                for g, (group, striking) in enumerate(striking_models(sides[k], alive)):
                    if group.step != step or striking <= 0:
                        continue
                    instant = instant_death(group.strength, other.toughness)
                    wounds = kept(k, g, striking)
                    after: dict[Side, Fraction] = defaultdict(Fraction)
                    for state, q in dist.items():
                        if state[0] >= other.models:
                            after[state] += q
                            continue
                        for n, pn in wounds.items():
                            if pn:
                                after[_place(other, state, n, instant)] += q * pn
                    dist = after
                outcomes[k] = dist
            for new_d, pd in outcomes["a"].items():
                for new_a, pa in outcomes["d"].items():
                    nxt[(new_a, new_d)] += p * pd * pa
        states = nxt
    totals = {"attacker": Fraction(0), "defender": Fraction(0), None: Fraction(0)}
    caused_a: dict[int, Fraction] = defaultdict(Fraction)
    exp_a = exp_d = Fraction(0)
    for (a_state, d_state), p in states.items():
        a_left, d_left = attacker.models - a_state[0], defender.models - d_state[0]
        by_a, by_d = d_state[2], a_state[2]           # wounds each side caused (l.1316–1322)
        if d_left <= 0 < a_left:
            winner: str | None = "attacker"
        elif a_left <= 0 < d_left:
            winner = "defender"
        elif by_a != by_d:
            winner = "attacker" if by_a > by_d else "defender"
        else:
            winner = None
        totals[winner] += p
        caused_a[by_a] += p
        exp_a += p * by_a
        exp_d += p * by_d
    result = _result(attacker, defender, totals, exp_a, exp_d, caused_a, samples=None)
    result.notes.append(Msg.of("combat_hh.note.steps_exact", steps=", ".join(map(str, steps))))
    return result


def _result(attacker: Fighter, defender: Fighter, p: dict[str | None, Fraction], exp_a: Fraction, exp_d: Fraction,
            caused_a: dict[int, Fraction], samples: int | None) -> ProcedureResult:
    about = "_about" if samples else ""
    a_label = attacker.name or Msg.of("combat_hh.word.attacker")
    d_label = defender.name or Msg.of("combat_hh.word.defender")
    r = ProcedureResult("horus_heresy", "fight_odds", Msg.of("combat_hh.title.odds_fight", attacker=a_label,
                                                            defender=d_label))
    r.outcome.append(Msg.of(f"combat_hh.odds.fight_win{about}", side=a_label, p=Percent(p["attacker"])))
    r.outcome.append(Msg.of(f"combat_hh.odds.fight_win{about}", side=d_label, p=Percent(p["defender"])))
    r.outcome.append(Msg.of(f"combat_hh.odds.fight_draw{about}", p=Percent(p[None])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_wounds", a=Number(exp_a), d=Number(exp_d)))
    r.data.update(p_attacker=p["attacker"], p_defender=p["defender"], p_draw=p[None], expected_a=exp_a,
                  expected_d=exp_d, exact=samples is None, samples=samples)
    top = max(caused_a)
    r.distribution = Distribution(Msg.of("combat_hh.odds.axis_wounds_caused", side=a_label),
                                  Dist.of(caused_a, 0, top),
                                  event=Msg.of("combat_hh.odds.event_attacker_wins", side=a_label),
                                  event_probability=p["attacker"], samples=samples)
    return r


def fight_mixed(attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
                first_round: bool = True) -> ProcedureResult:
    """Exact when the work fits (`STEP_WORK`), else the seeded estimate."""
    if dice_of(attacker) * dice_of(defender) * max(attacker.wounds, defender.wounds) <= STEP_WORK:
        return fight_steps(attacker, defender, settings=settings, first_round=first_round)
    return fight_estimate(attacker, defender, settings=settings, first_round=first_round)


def samples_for(attacker: Fighter, defender: Fighter) -> int:
    dice = dice_of(attacker) + dice_of(defender)
    return max(LEAST, min(MOST, DICE_BUDGET // max(dice, 1)))


def fight_estimate(attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
                   first_round: bool = True) -> ProcedureResult:
    n = samples_for(attacker, defender)
    roller = Roller.seeded(SEED)
    winners: Counter[str | None] = Counter()
    caused_a: Counter[int] = Counter()
    total_a = total_d = 0
    for _ in range(n):
        data = fight(roller, attacker, defender, settings=settings, first_round=first_round).data
        winners[data["winner"]] += 1
        caused_a[data["a_caused"]] += 1
        total_a += data["a_caused"]
        total_d += data["d_caused"]
    p = {k: Fraction(winners[k], n) for k in ("attacker", "defender", None)}
    margin = Fraction(round(196 * sqrt(float(p["attacker"] * (1 - p["attacker"])) / n)), 100)
    r = _result(attacker, defender, p, Fraction(total_a, n), Fraction(total_d, n),
                {k: Fraction(v, n) for k, v in caused_a.items()}, samples=n)
    r.notes.append(Msg.of("combat_hh.note.estimate", n=n, margin=Percent(margin)))
    return r
