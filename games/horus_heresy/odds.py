"""Exact odds for Horus Heresy attacks (fractions, the same rules as the rolling code):
shooting at units (hits, unsaved wounds, models removed), at vehicles (glancing, penetrating,
hull points, wrecked, explodes) and one round of close combat (who wins)."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from games._exact import binomial, pct
from games.horus_heresy import tables as T
from games.horus_heresy.melee import Fighter
from games.horus_heresy.rolls import Saves, best_save, bs_need, mitigation, outcome_probs, p_fail, wound_need, ws_need
from games.horus_heresy.shooting import HHTarget, HHWeapon, allocate, hit_reroll, instant_death, wound_reroll
from games.horus_heresy.vehicles import HHVehicle, penetration_distribution
from games.procedure import ProcedureResult
from i18n import Msg

ONE = Fraction(1)


def p_hit_shooting(bs: int, weapon: HHWeapon) -> Fraction:
    need, high = bs_need(bs, weapon.snap)
    reroll, _ = hit_reroll(weapon, high)
    ok, _ = outcome_probs(need, reroll=reroll, reroll_need=high)
    return ok


def p_unsaved_per_hit(weapon: HHWeapon, target: HHTarget, *, melee: bool = False) -> Fraction:
    """A hit becoming a wound that stays after saves and mitigation."""
    need = wound_need(weapon.strength, target.toughness, poisoned=weapon.poisoned, fleshbane=weapon.fleshbane)
    if need is None and weapon.rending is None:
        return Fraction(0)
    reroll, _ = wound_reroll(weapon)
    if reroll is None and melee and weapon.poisoned is not None and weapon.strength > target.toughness:
        reroll = "failed"                                     # Poisoned in melee with S > T (l.3213)
    normal, rend = outcome_probs(need, reroll=reroll, trigger=weapon.rending)
    rend_ap = 2 if not melee or weapon.ap is None else min(weapon.ap, 2)
    save_n, _ = best_save(target.saves, weapon.ap, ignores_cover=weapon.ignores_cover, melee=melee)
    save_r, _ = best_save(target.saves, rend_ap, ignores_cover=weapon.ignores_cover, melee=melee)
    unsaved = normal * p_fail(save_n) + rend * p_fail(save_r)
    # No Feel No Pain against Instant Death, even for Eternal Warrior (l.3009, l.2983).
    is_id = instant_death(weapon.strength, target.toughness)
    mit, _ = mitigation(target.shrouded, target.fnp, instant_death=is_id, ignores_cover=weapon.ignores_cover,
                        melee=melee, fearless=target.fearless)
    return unsaved * (p_fail(mit) if mit is not None else 1)


def _removal(k: int, weapon: HHWeapon, target: HHTarget) -> tuple[int, int]:
    is_id = instant_death(weapon.strength, target.toughness)
    ordinary, id_w = (0, k) if is_id else (k, 0)
    removed, _, lost = allocate(target.models, target.wounds, target.damage, ordinary, id_w, target.eternal_warrior)
    return removed, lost


def shoot_odds(bs: int | None, weapon: HHWeapon, target: HHTarget, *, hits: int | None = None) -> ProcedureResult:
    """`hits` given: that many automatic hits (blasts, templates) instead of rolling `shots`."""
    p_hit = p_hit_shooting(bs, weapon) if hits is None else ONE
    p_u = p_unsaved_per_hit(weapon, target)
    per_shot = p_hit * p_u
    n = weapon.shots if hits is None else hits
    dist = binomial(n, per_shot)
    removed: dict[int, Fraction] = defaultdict(Fraction)
    for k, p in enumerate(dist):
        removed[_removal(k, weapon, target)[0]] += p
    r = ProcedureResult("horus_heresy", "shoot_odds", Msg.of("combat_hh.title.odds_shoot",
                                                            target=target.name or Msg.of("combat_hh.word.target")))
    exp_hits = n * p_hit
    exp_wounds = n * per_shot
    r.outcome.append(Msg.of("combat_hh.odds.per_shot", hit=pct(p_hit), unsaved=pct(per_shot)))
    r.outcome.append(Msg.of("combat_hh.odds.expected", hits=f"{float(exp_hits):.2f}", wounds=f"{float(exp_wounds):.2f}"))
    for m in sorted(removed):
        if removed[m] >= Fraction(1, 2000):          # rows that show as 0.0% are left out
            r.outcome.append(Msg.of("combat_hh.odds.models_row", k=m, p=pct(removed[m]),
                                    atleast=pct(sum((q for j, q in removed.items() if j >= m), Fraction(0)))))
    r.data.update(p_hit=p_hit, p_unsaved=per_shot, unsaved=dist, removed=dict(removed),
                  expected_hits=exp_hits, expected_wounds=exp_wounds)
    return r


def vehicle_hit_outcomes(weapon: HHWeapon, vehicle: HHVehicle, mode: str, armourbane: bool, lance: bool,
                         ) -> dict[str, Fraction]:
    """One hit → {"none", "glancing", "penetrating"} after saves and Shrouded."""
    av = min(vehicle.armour, 12) if lance else vehicle.armour
    out = {"none": Fraction(0), "glancing": Fraction(0), "penetrating": Fraction(0)}
    pen = penetration_distribution(mode, armourbane)
    for value, p in pen.items():
        if weapon.rending is not None and mode == "normal" and not armourbane and value >= weapon.rending:
            for d3 in (1, 2, 3):
                total = value + weapon.strength + d3
                out["penetrating" if total > av else "glancing" if total == av else "none"] += p / 3
        else:
            total = value + weapon.strength
            out["penetrating" if total > av else "glancing" if total == av else "none"] += p
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


def vehicle_odds(bs: int | None, weapon: HHWeapon, vehicle: HHVehicle, *, mode: str = "normal",
                 armourbane: bool = False, lance: bool = False, hits: int | None = None) -> ProcedureResult:
    """Distribution of hull points lost, P(wrecked), P(explodes); a second Immobilised's extra
    hull point is left out (it depends on earlier results: the reply says so)."""
    per_hit = vehicle_hit_outcomes(weapon, vehicle, mode, armourbane, lance)
    mod = T.DAMAGE_AP_MODIFIER.get(weapon.ap, 0) if weapon.ap is not None else 0
    p_explode_on_pen = Fraction(sum(1 for d in range(1, 7) if d + mod >= 7), 6)
    hp_dist = {1: ONE} if mode != "destroyer" else {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    p_hit = p_hit_shooting(bs, weapon) if hits is None else ONE
    n = weapon.shots if hits is None else hits
    cap = vehicle.hull_points
    states: dict[tuple[int, int], Fraction] = {(0, 0): ONE}     # (hull points lost, exploded)
    for _ in range(n):
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (lost, boom), p in states.items():
            nxt[(lost, boom)] += p * (1 - p_hit + p_hit * per_hit["none"])
            for hp, php in hp_dist.items():
                nxt[(min(cap, lost + hp), boom)] += p * p_hit * per_hit["glancing"] * php
                nxt[(min(cap, lost + hp), 1)] += p * p_hit * per_hit["penetrating"] * php * p_explode_on_pen
                nxt[(min(cap, lost + hp), boom)] += p * p_hit * per_hit["penetrating"] * php * (1 - p_explode_on_pen)
        states = nxt
    hp: dict[int, Fraction] = defaultdict(Fraction)
    p_explodes = p_wrecked = Fraction(0)
    for (lost, boom), p in states.items():
        hp[lost] += p
        p_explodes += p * boom
        if lost >= cap:
            p_wrecked += p
    r = ProcedureResult("horus_heresy", "vehicle_odds", Msg.of("combat_hh.title.odds_vehicle",
                                                              target=vehicle.name or Msg.of("combat_hh.word.vehicle")))
    r.outcome.append(Msg.of("combat_hh.odds.per_hit", glancing=pct(per_hit["glancing"]),
                            penetrating=pct(per_hit["penetrating"])))
    for k in sorted(hp):
        if hp[k] >= Fraction(1, 2000):
            r.outcome.append(Msg.of("combat_hh.odds.hp_row", k=k, p=pct(hp[k])))
    r.outcome.append(Msg.of("combat_hh.odds.wrecked", p=pct(p_wrecked)))
    r.outcome.append(Msg.of("combat_hh.odds.explodes", p=pct(p_explodes)))
    r.notes.append(Msg.of("combat_hh.note.odds_immobilised"))
    r.data.update(per_hit=per_hit, hull_points=dict(hp), p_wrecked=p_wrecked, p_explodes=p_explodes)
    return r


def _melee_dist(me: Fighter, enemy: Fighter, models: int, settings, first_round: bool) -> list[Fraction]:
    """Unsaved wounds from `models` models of `me` in one initiative step."""
    need = ws_need(me.ws, enemy.ws, settings)
    reroll = "failed" if me.hatred and first_round else "ones" if me.preferred_enemy else None
    p_hit, _ = outcome_probs(need, reroll=reroll)
    weapon = HHWeapon(strength=me.strength, ap=me.ap, rending=me.rending, poisoned=me.poisoned, shred=me.shred,
                      fleshbane=me.fleshbane, preferred_enemy=me.preferred_enemy)
    target = HHTarget(toughness=enemy.toughness, models=enemy.models, wounds=enemy.wounds, saves=enemy.saves,
                      fnp=enemy.fnp, eternal_warrior=enemy.eternal_warrior, fearless=enemy.fearless)
    return binomial(models * me.attacks_now, p_hit * p_unsaved_per_hit(weapon, target, melee=True))


def fight_odds(attacker: Fighter, defender: Fighter, *, settings: dict[str, str] | None = None,
               first_round: bool = True) -> ProcedureResult:
    """P(attacker wins the combat), P(draw), P(defender wins), by unsaved wounds caused."""
    def weapon_of(f: Fighter) -> HHWeapon:
        return HHWeapon(strength=f.strength, ap=f.ap)

    def target_of(f: Fighter, models: int, damage: int) -> HHTarget:
        return HHTarget(toughness=f.toughness, models=models, wounds=f.wounds, damage=damage,
                        eternal_warrior=f.eternal_warrior)

    totals = {"attacker": Fraction(0), "defender": Fraction(0), "draw": Fraction(0)}
    exp = {"a": Fraction(0), "d": Fraction(0)}

    def settle(a_caused, d_caused, a_left, d_left, p):
        exp["a"] += p * a_caused
        exp["d"] += p * d_caused
        if d_left <= 0 < a_left or (a_left > 0 and d_left > 0 and a_caused > d_caused):
            totals["attacker"] += p
        elif a_left <= 0 < d_left or (a_left > 0 and d_left > 0 and d_caused > a_caused):
            totals["defender"] += p
        else:
            totals["draw"] += p

    ai, di = attacker.initiative, defender.initiative
    if ai == di:
        da = _melee_dist(attacker, defender, attacker.models, settings, first_round)
        dd = _melee_dist(defender, attacker, defender.models, settings, first_round)
        for x, px in enumerate(da):
            rem_d, lost_d = _removal(x, weapon_of(attacker), target_of(defender, defender.models, defender.damage))
            for y, py in enumerate(dd):
                rem_a, lost_a = _removal(y, weapon_of(defender), target_of(attacker, attacker.models, attacker.damage))
                settle(lost_d, lost_a, attacker.models - rem_a, defender.models - rem_d, px * py)
    else:
        first, second = (attacker, defender) if ai > di else (defender, attacker)
        d1 = _melee_dist(first, second, first.models, settings, first_round)
        for x, px in enumerate(d1):
            rem2, lost2 = _removal(x, weapon_of(first), target_of(second, second.models, second.damage))
            left2 = second.models - rem2
            d2 = _melee_dist(second, first, left2, settings, first_round) if left2 > 0 else [ONE]
            for y, py in enumerate(d2):
                rem1, lost1 = _removal(y, weapon_of(second), target_of(first, first.models, first.damage))
                if first is attacker:
                    settle(lost2, lost1, first.models - rem1, left2, px * py)
                else:
                    settle(lost1, lost2, left2, first.models - rem1, px * py)
    r = ProcedureResult("horus_heresy", "fight_odds", Msg.of("combat_hh.title.odds_fight",
                                                            attacker=attacker.name or Msg.of("combat_hh.word.attacker"),
                                                            defender=defender.name or Msg.of("combat_hh.word.defender")))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win", side=attacker.name or Msg.of("combat_hh.word.attacker"),
                            p=pct(totals["attacker"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win", side=defender.name or Msg.of("combat_hh.word.defender"),
                            p=pct(totals["defender"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_draw", p=pct(totals["draw"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_wounds", a=f"{float(exp['a']):.2f}", d=f"{float(exp['d']):.2f}"))
    r.data.update(p_attacker=totals["attacker"], p_defender=totals["defender"], p_draw=totals["draw"],
                  expected_a=exp["a"], expected_d=exp["d"])
    return r
