"""Exact odds for Horus Heresy attacks (fractions, the same rules as the rolling code):
shooting at units (`odds_shooting`: hits, unsaved wounds, models removed), at vehicles (glancing, penetrating,
hull points, wrecked, explodes) and one round of close combat (who wins)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Callable
from bisect import bisect_left, bisect_right
from fractions import Fraction
from math import exp, lgamma, log, log1p

from dice.dist import Dist
from games.horus_heresy import tables as T
from games.horus_heresy.melee import Fighter
from games.horus_heresy.odds_shooting import p_hit_shooting, p_unsaved_per_hit, shoot_odds
from games.horus_heresy.rolls import Saves, best_save, outcome_probs, p_fail, ws_need
from games.horus_heresy.shooting import HHTarget, HHWeapon, instant_death
from games.horus_heresy.vehicles import HHVehicle, penetration_distribution
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent

ONE = Fraction(1)
__all__ = ["fight_odds", "p_hit_shooting", "p_unsaved_per_hit", "shoot_odds", "vehicle_odds"]


def vehicle_hit_outcomes(weapon: HHWeapon, vehicle: HHVehicle, mode: str, armourbane: bool, lance: bool,
                         ) -> dict[str, Fraction]:
    """One hit → {"none", "glancing", "penetrating"} after saves and Shrouded."""
    av = min(vehicle.armour, 12) if lance else vehicle.armour
    out = {"none": Fraction(0), "glancing": Fraction(0), "penetrating": Fraction(0)}
    pen = penetration_distribution(mode, armourbane)
    if weapon.haywire:                                   # l.3081–3085: a D6 instead of penetration
        pen = {}
        out = {"none": Fraction(1, 6), "glancing": Fraction(4, 6), "penetrating": Fraction(1, 6)}
    for value, p in pen.items():
        if weapon.rending is not None and mode == "normal" and not armourbane and value >= weapon.rending:
            for d3 in (1, 2, 3):
                total = value + weapon.strength + d3
                out["penetrating" if total > av else "glancing" if total == av else "none"] += p / 3
        else:
            total = value + weapon.strength
            out["penetrating" if total > av else "glancing" if total == av else "none"] += p
    if weapon.sunder:
        # Sunder re-rolls a failed or glancing roll and takes the second result (l.3333), as the roll does.
        again = {"none": Fraction(0), "glancing": Fraction(0), "penetrating": Fraction(0)}
        for value, p in pen.items():
            total = value + weapon.strength
            again["penetrating" if total > av else "glancing" if total == av else "none"] += p
        rerolled = out["none"] + out["glancing"]
        out = {"penetrating": out["penetrating"] + rerolled * again["penetrating"],
               "glancing": rerolled * again["glancing"], "none": rerolled * again["none"]}
    need, _ = best_save(Saves(cover=vehicle.saves.cover, invulnerable=vehicle.saves.invulnerable), None,
                        ignores_cover=weapon.ignores_cover)
    keep = p_fail(need) if need is not None else ONE
    if vehicle.shrouded is not None and not weapon.ignores_cover:
        keep *= p_fail(vehicle.shrouded)
    for k in ("glancing", "penetrating"):
        lost = out[k] * (1 - keep)
        out[k] -= lost
        out["none"] += lost
    return out


def shot_outcomes(weapon: HHWeapon, vehicle: HHVehicle, per_hit: dict[str, Fraction], hp_dist: dict[int, Fraction],
                  p_explode: Fraction, p_hit: Fraction) -> tuple[dict[tuple[int, int], Fraction], Fraction]:
    """One shot → {(hull points lost, exploded): P}, as `shoot_vehicle` rolls it: a glancing hit
    costs its hull points, a penetrating one its hull points and a damage roll (7+ explodes; a
    super-heavy loses D3 more instead, l.2268). Exoshock (X): a penetrating hit that lands rolls
    D6, X+ is a second penetrating hit with no cover save, an invulnerable save allowed (l.2987).
    Returns it and P(a penetrating hit brings a second)."""
    def add(a: dict, b: dict) -> dict:
        out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (hp_a, boom_a), pa in a.items():
            for (hp_b, boom_b), pb in b.items():
                out[(hp_a + hp_b, boom_a | boom_b)] += pa * pb
        return out
    glance: dict[tuple[int, int], Fraction] = {(hp, 0): p for hp, p in hp_dist.items()}
    pen: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for hp, p in hp_dist.items():
        if vehicle.super_heavy:
            pen[(hp, 0)] += p * (1 - p_explode)
            for extra in (1, 2, 3):
                pen[(hp + extra, 0)] += p * p_explode / 3
        else:
            pen[(hp, 0)] += p * (1 - p_explode)
            pen[(hp, 1)] += p * p_explode
    p_second = Fraction(0)
    if weapon.exoshock is not None:
        p_second = Fraction(7 - weapon.exoshock, 6) * p_fail(vehicle.saves.invulnerable)
        single, double = dict(pen), add(pen, pen)
        pen = defaultdict(Fraction)
        for k in set(single) | set(double):
            pen[k] = single.get(k, Fraction(0)) * (1 - p_second) + double.get(k, Fraction(0)) * p_second
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    out[(0, 0)] = 1 - p_hit + p_hit * per_hit["none"]
    for (hp, boom), p in glance.items():
        out[(hp, boom)] += p_hit * per_hit["glancing"] * p
    for (hp, boom), p in pen.items():
        out[(hp, boom)] += p_hit * per_hit["penetrating"] * p
    return dict(out), p_second


def vehicle_odds(bs: int | None, weapon: HHWeapon, vehicle: HHVehicle, *, mode: str = "normal",
                 armourbane: bool = False, lance: bool = False, hits: int | None = None) -> ProcedureResult:
    """Distribution of hull points lost, P(wrecked), P(explodes); a second Immobilised's extra
    hull point is left out (it depends on earlier results: the reply says so)."""
    per_hit = vehicle_hit_outcomes(weapon, vehicle, mode, armourbane, lance)
    mod = T.DAMAGE_AP_MODIFIER.get(weapon.ap, 0) if weapon.ap is not None and not weapon.haywire else 0
    p_explode_on_pen = Fraction(sum(1 for d in range(1, 7) if d + mod >= 7), 6)
    hp_dist = {1: ONE} if mode != "destroyer" else {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    p_hit = p_hit_shooting(bs, weapon) if hits is None else ONE
    n = weapon.shots if hits is None else hits
    cap = vehicle.hull_points
    per_shot, p_exoshock = shot_outcomes(weapon, vehicle, per_hit, hp_dist, p_explode_on_pen, p_hit)
    # Exact fractions for small inputs, floats when the work (shots × hull points) would not fit
    # the time budget: the same arithmetic either way.
    exact = n * cap <= 300
    num: Callable[[Fraction], Any] = (lambda v: v) if exact else float
    moves = [(lost_hp, boom, num(p)) for (lost_hp, boom), p in per_shot.items()]
    zero = Fraction(0) if exact else 0.0
    states: dict[tuple[int, int], Any] = {(0, 0): num(ONE)}     # (hull points lost, exploded)
    for _ in range(n):
        nxt: dict[tuple[int, int], Any] = defaultdict(lambda: zero)
        for (lost, boom), p in states.items():
            for lost_hp, loud, q in moves:
                nxt[(min(cap, lost + lost_hp), boom | loud)] += p * q
        states = nxt
    hp: dict[int, Fraction] = defaultdict(Fraction)
    p_explodes = p_wrecked = Fraction(0)
    for (lost, boom), p in states.items():
        p = p if exact else Fraction(p).limit_denominator(10**12)
        hp[lost] += p
        p_explodes += p * boom
        if lost >= cap:
            p_wrecked += p
    r = ProcedureResult("horus_heresy", "vehicle_odds", Msg.of("combat_hh.title.odds_vehicle",
                                                              target=vehicle.name or Msg.of("combat_hh.word.vehicle")))
    r.outcome.append(Msg.of("combat_hh.odds.per_hit", glancing=Percent(per_hit["glancing"]),
                            penetrating=Percent(per_hit["penetrating"])))
    for k in sorted(hp):
        if hp[k] >= Fraction(1, 2000):
            r.outcome.append(Msg.of("combat_hh.odds.hp_row", k=k, p=Percent(hp[k])))
    r.outcome.append(Msg.of("combat_hh.odds.wrecked", p=Percent(p_wrecked)))
    r.outcome.append(Msg.of("combat_hh.odds.explodes", p=Percent(p_explodes)))
    r.notes.append(Msg.of("combat_hh.note.odds_immobilised"))
    if weapon.exoshock is not None:
        r.notes.append(Msg.of("combat_hh.note.odds_exoshock", x=weapon.exoshock, p=Percent(p_exoshock)))
    r.data.update(per_hit=per_hit, hull_points=dict(hp), p_wrecked=p_wrecked, p_explodes=p_explodes)
    r.distribution = Distribution(Msg.of("combat_hh.odds.axis_hull_points"),
                                  Dist.of(hp, 0, cap),
                                  event=Msg.of("combat_hh.odds.event_wrecked"), event_probability=p_wrecked)
    return r


EXACT_DICE = 120          # above this many attack dice a side, probabilities are floats (same algorithm)


def _binomial(n: int, p: Fraction, exact: bool) -> Sequence:
    """P(k of n): Fractions, or floats through logarithms (no overflow for thousands of dice)."""
    if exact:
        return Dist.binomial(n, p).probabilities
    q = float(p)
    if q <= 0.0 or q >= 1.0:
        return [1.0 if (k == 0 and q <= 0.0) or (k == n and q >= 1.0) else 0.0 for k in range(n + 1)]
    lp, lq, ln = log(q), log1p(-q), lgamma(n + 1)
    return [exp(ln - lgamma(k + 1) - lgamma(n - k + 1) + k * lp + (n - k) * lq) for k in range(n + 1)]


def _p_wound(me: Fighter, enemy: Fighter, settings, first_round: bool) -> Fraction:
    """One attack of `me` becoming an unsaved wound on `enemy`."""
    if me.ws == 0:                       # WS 0 strikes no blow; blows at it hit automatically (l.108)
        return Fraction(0)
    if enemy.ws == 0:
        p_hit = ONE
    else:
        need = ws_need(me.ws, enemy.ws, settings)
        reroll = "failed" if me.hatred and first_round else "ones" if me.preferred_enemy else None
        p_hit, _ = outcome_probs(need, reroll=reroll)
    weapon = HHWeapon(strength=me.strength, ap=me.ap, rending=me.rending, poisoned=me.poisoned, shred=me.shred,
                      fleshbane=me.fleshbane, preferred_enemy=me.preferred_enemy)
    target = HHTarget(toughness=enemy.toughness, models=enemy.models, wounds=enemy.wounds, saves=enemy.saves,
                      fnp=enemy.fnp, eternal_warrior=enemy.eternal_warrior, fearless=enemy.fearless)
    return p_hit * p_unsaved_per_hit(weapon, target, melee=True)


def _losses(striker: Fighter, struck: Fighter, most: int) -> tuple[list[int], list[int]]:
    """For k = 0..most unsaved wounds from `striker` on `struck`: (models removed, wounds that
    count for the combat result), one wound at a time as `shooting.allocate` places them."""
    id_wounds = instant_death(striker.strength, struck.toughness) and not struck.eternal_warrior
    removed, dmg, lost = 0, struck.damage, 0
    out_removed, out_lost = [0], [0]
    for _ in range(most):
        if removed < struck.models:
            if id_wounds:
                lost += struck.wounds - dmg               # ID counts every wound lost (l.1322)
                removed, dmg = removed + 1, 0
            else:
                dmg, lost = dmg + 1, lost + 1
                if dmg >= struck.wounds:
                    removed, dmg = removed + 1, 0
        out_removed.append(removed)
        out_lost.append(lost)
    return out_removed, out_lost


class _Answers:
    """P(a value of y's wounds-lost is below / equal to / above c) among the y where the struck
    side survives, by prefix sums: the combat result of one x in O(log n) (both are monotone in y)."""

    def __init__(self, dist: Sequence, lost: list[int], wiped_from: int, zero) -> None:
        self.zero = zero
        self.values: list[int] = []
        self.prefix = [zero]
        for y in range(min(len(dist), wiped_from)):
            self.values.append(lost[y])
            self.prefix.append(self.prefix[-1] + dist[y])
        self.wiped = sum(dist[wiped_from:], zero)
        self.mean = sum((dist[y] * lost[y] for y in range(len(dist))), zero)

    def split(self, c: int):
        lo, hi = bisect_left(self.values, c), bisect_right(self.values, c)
        return self.prefix[lo], self.prefix[hi] - self.prefix[lo], self.prefix[-1] - self.prefix[hi]


def fight_odds(attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
               first_round: bool = True) -> ProcedureResult:
    """P(attacker wins the combat), P(draw), P(defender wins), by unsaved wounds caused (l.1316–1322).

    Polynomial: the first striker's wounds x (a binomial), the struck side's models left after
    x, and for each distinct number of models left one binomial of the reply's wounds y; the
    result of each x is read from prefix sums over y. Work ~ (models × attacks)² at worst,
    in floats above EXACT_DICE dice a side. A side with a second profile (`Fighter.extra`)
    strikes at more than one step: `odds_mixed.fight_mixed`."""
    if attacker.extra is not None or defender.extra is not None:
        from games.horus_heresy.odds_mixed import fight_mixed
        return fight_mixed(attacker, defender, settings=settings, first_round=first_round)
    a_dice, d_dice = attacker.models * attacker.attacks_now, defender.models * defender.attacks_now
    exact = max(a_dice, d_dice) <= EXACT_DICE
    zero = Fraction(0) if exact else 0.0
    p_a = _p_wound(attacker, defender, settings, first_round)
    p_d = _p_wound(defender, attacker, settings, first_round)
    d_removed, d_lost = _losses(attacker, defender, a_dice)       # x wounds on the defender
    a_removed, a_lost = _losses(defender, attacker, d_dice)       # y wounds on the attacker
    totals = {"attacker": zero, "defender": zero, "draw": zero}
    expected = {"a": zero, "d": zero}

    def first_index(removed: list[int], models: int) -> int:
        return next((k for k, r in enumerate(removed) if r >= models), len(removed))

    if attacker.step <= defender.step:
        # The defender strikes first or both at once: x is the defender's wounds on the attacker.
        first, second, first_removed, first_lost, second_removed, second_lost = (
            defender, attacker, a_removed, a_lost, d_removed, d_lost)
        first_p, second_p, first_dice = p_d, p_a, d_dice
        first_is_attacker = False
    else:
        first, second, first_removed, first_lost, second_removed, second_lost = (
            attacker, defender, d_removed, d_lost, a_removed, a_lost)
        first_p, second_p, first_dice = p_a, p_d, a_dice
        first_is_attacker = True
    together = attacker.step == defender.step
    dist_x = _binomial(first_dice, first_p, exact)
    wiped_first = first_index(second_removed, first.models)      # y from which the first striker has no models
    cache: dict[int, _Answers] = {}
    lost_of: dict[int, dict[int, Any]] = {}        # striking models → P(the wounds they cause)
    caused_a: dict[int, Any] = defaultdict(lambda: zero)   # the attacker's unsaved wounds: the chart
    for x, px in enumerate(dist_x):
        if not px:
            continue
        left_second = second.models - first_removed[x]
        striking = second.models if together else max(left_second, 0)
        if striking not in cache:
            dist_y = _binomial(striking * second.attacks_now, second_p, exact) if striking > 0 else [1 if exact else 1.0]
            if exact:
                dist_y = [Fraction(v) for v in dist_y]
            cache[striking] = _Answers(dist_y, second_lost, wiped_first, zero)
            lost_of[striking] = defaultdict(lambda: zero)
            for y, py in enumerate(dist_y):
                lost_of[striking][second_lost[y]] += py
        ans = cache[striking]
        c = first_lost[x]                                # wounds the first striker caused
        if first_is_attacker:
            caused_a[c] += px
        else:
            for v, q in lost_of[striking].items():
                caused_a[v] += px * q
        below, equal, above = ans.split(c)               # second's caused vs c, first striker alive
        expected["a" if first_is_attacker else "d"] += px * c
        expected["d" if first_is_attacker else "a"] += px * ans.mean
        if left_second <= 0:                             # the second side is wiped out: the first wins
            first_wins, second_wins, draw = below + equal + above, ans.wiped, zero
            if ans.wiped:                                # both gone at once (simultaneous blows): a draw
                first_wins, second_wins, draw = below + equal + above, zero, ans.wiped
        else:
            first_wins, draw, second_wins = below, equal, above + ans.wiped
        totals["attacker" if first_is_attacker else "defender"] += px * first_wins
        totals["defender" if first_is_attacker else "attacker"] += px * second_wins
        totals["draw"] += px * draw
    if not exact:
        totals = {k: Fraction(v).limit_denominator(10**12) for k, v in totals.items()}
        expected = {k: Fraction(v).limit_denominator(10**9) for k, v in expected.items()}
    a_label = attacker.name or Msg.of("combat_hh.word.attacker")
    d_label = defender.name or Msg.of("combat_hh.word.defender")
    r = ProcedureResult("horus_heresy", "fight_odds", Msg.of("combat_hh.title.odds_fight", attacker=a_label,
                                                            defender=d_label))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win", side=a_label, p=Percent(totals["attacker"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win", side=d_label, p=Percent(totals["defender"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_draw", p=Percent(totals["draw"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_wounds", a=Number(expected['a']), d=Number(expected['d'])))
    r.data.update(p_attacker=totals["attacker"], p_defender=totals["defender"], p_draw=totals["draw"],
                  expected_a=expected["a"], expected_d=expected["d"], exact=exact)
    top = max(caused_a, default=0)
    probabilities = tuple(caused_a.get(k, zero) if exact else Fraction(caused_a.get(k, 0.0)).limit_denominator(10**12)
                          for k in range(top + 1))
    r.distribution = Distribution(Msg.of("combat_hh.odds.axis_wounds_caused", side=a_label), Dist(0, probabilities),
                                  event=Msg.of("combat_hh.odds.event_attacker_wins", side=a_label),
                                  event_probability=Fraction(totals["attacker"]))
    return r
