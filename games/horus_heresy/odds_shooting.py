"""Exact odds of Horus Heresy shooting at a unit (fractions), in the model the roll uses
(`shooting.shoot`): each shot hits, then each hit ends as nothing, an unsaved wound negated by
Feel No Pain or Shrouded, an ordinary wound or an Instant Death wound (S ≥ 2T, or Murderous
Strike's X+, saved first and apart with no Feel No Pain, l.3181–3183, l.3009). Master-crafted
re-rolls the first failed to-hit roll (l.3171, replacing the BS 6+ table, l.699); Deflagrate
turns the unsaved wounds into as many more hits on what is left (l.2969–2971).

The counts of each kind of wound over all shots are a multinomial, summed as integers over
one denominator (`_grid`); models removed follow from them as `shooting.allocate` places them."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Iterator
from math import comb, lcm

from dice.dist import Dist
from games.horus_heresy.rolls import SIXTH, best_save, bs_need, mitigation, outcome_probs, p_fail, wound_need
from games.horus_heresy.shooting import (HHTarget, HHWeapon, allocate, deflagrate_weapon, hit_reroll, instant_death,
                                         wall_of_death, wound_reroll)
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent

ONE = Fraction(1)
ZERO = Fraction(0)


def final_faces(need: int | None, reroll: str | None, trigger: int | None) -> dict[int, Fraction]:
    """P(the face a die finally shows) after the re-roll `roll_dice` makes: "failed" re-rolls
    every failure, "ones" a natural 1 (one re-roll per die, l.198)."""
    def fails(face: int) -> bool:
        if trigger is not None and face >= trigger and face != 1:
            return False
        return not (need is not None and face != 1 and face >= need)
    if reroll is None:
        return {f: SIXTH for f in range(1, 7)}
    again = {f for f in range(1, 7) if fails(f) and (reroll == "failed" or f == 1)}
    return {f: (ZERO if f in again else SIXTH) + SIXTH * len(again) * SIXTH for f in range(1, 7)}


@dataclass(frozen=True)
class HitOutcome:
    """What one hit becomes (the rest: nothing)."""

    ordinary: Fraction = ZERO          # an unsaved wound that stays, allocated one wound at a time
    instant: Fraction = ZERO           # an unsaved Instant Death wound (a whole model, l.785)
    mitigated: Fraction = ZERO         # unsaved, then negated by Feel No Pain or Shrouded

    @property
    def kept(self) -> Fraction:
        return self.ordinary + self.instant


def hit_outcome(weapon: HHWeapon, target: HHTarget, *, melee: bool = False) -> HitOutcome:
    """One hit, as `shooting.resolve_wounds` rolls it: to-wound (with its re-roll), Rending's
    AP2 pool, Murderous Strike's pool saved apart, the one best save, one mitigation roll."""
    need = wound_need(weapon.strength, target.toughness, poisoned=weapon.poisoned, fleshbane=weapon.fleshbane)
    if need is None and weapon.rending is None:
        return HitOutcome()
    reroll, _ = wound_reroll(weapon, target)
    if reroll is None and melee and weapon.poisoned is not None and weapon.strength > target.toughness:
        reroll = "failed"                                     # Poisoned in melee with S > T (l.3213)
    is_id = instant_death(weapon.strength, target.toughness)
    murderous = weapon.murderous if weapon.murderous is not None and not is_id and need is not None else None
    rend_ap = 2 if not melee or weapon.ap is None else min(weapon.ap, 2)
    save_n, _ = best_save(target.saves, weapon.ap, ignores_cover=weapon.ignores_cover, melee=melee)
    save_r, _ = best_save(target.saves, rend_ap, ignores_cover=weapon.ignores_cover, melee=melee)
    # No Feel No Pain against Instant Death, even for Eternal Warrior (l.3009, l.2983).
    mit, _ = mitigation(target.shrouded, target.fnp, instant_death=is_id, ignores_cover=weapon.ignores_cover,
                        melee=melee, fearless=target.fearless)
    keep = p_fail(mit) if mit is not None else ONE
    ordinary = instant = mitigated = ZERO
    for face, p in final_faces(need, reroll, weapon.rending).items():
        if weapon.rending is not None and face >= weapon.rending and face != 1:
            unsaved = p * p_fail(save_r)                      # Rending: AP2 (l.3265)
        elif need is not None and face != 1 and face >= need:
            unsaved = p * p_fail(save_n)
            if murderous is not None and face >= murderous:   # Instant Death, no mitigation (l.3183, l.3009)
                instant += unsaved
                continue
        else:
            continue
        mitigated += unsaved * (1 - keep)
        if is_id:
            instant += unsaved * keep
        else:
            ordinary += unsaved * keep
    return HitOutcome(ordinary, instant, mitigated)


def p_unsaved_per_hit(weapon: HHWeapon, target: HHTarget, *, melee: bool = False) -> Fraction:
    """A hit becoming a wound that stays after saves and mitigation."""
    return hit_outcome(weapon, target, melee=melee).kept


def p_hit_shooting(bs: int | None, weapon: HHWeapon) -> Fraction:
    """One shot hitting; with Master-crafted, the first roll only (its one re-roll a turn is
    counted over the shots by `shoot_odds`)."""
    need, high = bs_need(bs, weapon.snap)
    reroll, _ = hit_reroll(weapon, high)
    if reroll == "one_failed":
        reroll = None
    ok, _ = outcome_probs(need, reroll=reroll, reroll_need=high)
    return ok


def _grid(n: int, rests: tuple[int, ...], weights: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """n independent tries falling into categories with integer weights, over one denominator D:
    (counts, [numerator over D**n for each weight of the uncounted category in `rests`])."""
    powers = [[w ** c for c in range(n + 1)] for w in weights]
    rest_powers = [[r ** c for c in range(n + 1)] for r in rests]
    levels: list[tuple[tuple[int, ...], int, int]] = [((), n, 1)]          # (counts, left, coef·weights)
    for i, w in enumerate(weights):
        levels = [(counts + (c,), left - c, value * comb(left, c) * powers[i][c])
                  for counts, left, value in levels for c in range(left + 1 if w else 1)]
    for counts, left, value in levels:
        yield counts, [value * rp[left] for rp in rest_powers]


def _counts(n: int, per_shot: tuple[Fraction, ...], p_first: Fraction | None,
            ) -> tuple[Iterator[tuple[tuple[int, ...], int]], int]:
    """Counts of each kind of wound over n shots: (pairs (counts, numerator) — a count may come
    more than once, to be summed —, denominator). `p_first` given: Master-crafted, one more die
    for the first failed to-hit roll when any shot missed (l.3171) — all hit, or some missed
    and the extra die adds its own outcome."""
    d = lcm(*(p.denominator for p in per_shot), p_first.denominator if p_first is not None else 1)
    weights = tuple(int(p * d) for p in per_shot)
    nothing = d - sum(weights)
    if p_first is None:
        return ((key, nums[0]) for key, nums in _grid(n, (nothing,), weights)), d ** n

    def pairs() -> Iterator[tuple[tuple[int, ...], int]]:
        for key, (total, all_hit) in _grid(n, (nothing, int(p_first * d) - sum(weights)), weights):
            missed = total - all_hit
            yield key, all_hit * d + missed * nothing
            if missed:
                for i, w in enumerate(weights):
                    if w:
                        yield key[:i] + (key[i] + 1,) + key[i + 1:], missed * w
    return pairs(), d ** (n + 1)


@dataclass
class _Removed:
    """Models removed by one volley: {removed: probability}, and the expected wounds that stay."""
    removed: dict[int, Fraction]
    expected_wounds: Fraction
    p_again: Fraction = ZERO             # Deflagrate: a further hit becoming a wound that stays


def destroyer_totals(models: int, per: int, damage: int, unsaved: int) -> dict[int, int]:
    """Destroyer on a non-vehicle: each unsaved wound is D3 wounds on the model it was allocated
    to, never spilling on (l.982, `shooting.destroyer_wounds`): the wounds to allocate, as
    {total: numerator over 3**unsaved}, walking the D3s in order as the roll does."""
    states: dict[tuple[int, int, int], int] = {(0, damage, 0): 1}      # (removed, damage, total)
    for _ in range(unsaved):
        nxt: dict[tuple[int, int, int], int] = defaultdict(int)
        for (removed, dmg, total), num in states.items():
            if removed >= models:
                nxt[(removed, dmg, total)] += num * 3
                continue
            for d3 in (1, 2, 3):
                taken = min(d3, per - dmg)
                after = dmg + taken
                nxt[(removed + 1, 0, total + taken) if after >= per else (removed, after, total + taken)] += num
        states = nxt
    out: dict[int, int] = defaultdict(int)
    for (_, _, total), num in states.items():
        out[total] += num
    return dict(out)


def _volley(n: int, p_hit: Fraction, master: bool, weapon: HHWeapon, target: HHTarget, out: HitOutcome) -> _Removed:
    # The kinds counted: unsaved-but-negated only matters for Deflagrate (its extra hits, l.2971).
    kinds = (out.mitigated if weapon.deflagrate else ZERO, out.ordinary, out.instant)
    counts, denominator = _counts(n, tuple(p_hit * k for k in kinds), p_hit if master else None)

    @lru_cache(maxsize=None)
    def placed(models: int, damage: int, ordinary: int, id_wounds: int) -> tuple[int, int]:
        removed, damage, _ = allocate(models, target.wounds, damage, ordinary, id_wounds, target.eternal_warrior)
        return removed, damage

    is_id = instant_death(weapon.strength, target.toughness)
    # Destroyer against a unit: each ordinary wound becomes D3 (l.982); a common 3**n scale
    # keeps every numerator an integer.
    destroyer = weapon.destroyer and not is_id
    scale3 = 3 ** n if destroyer else 1
    # Integer numerators over one denominator throughout: one Fraction per row at the end.
    first: dict[tuple[int, int, int], int] = defaultdict(int)    # (unsaved for Deflagrate, removed, damage)
    kept_sum = 0
    for (mitigated, ordinary, id_wounds), num in counts:
        unsaved = mitigated + ordinary + id_wounds if weapon.deflagrate else 0
        if destroyer and ordinary:
            for total, w in destroyer_totals(target.models, target.wounds, target.damage, ordinary).items():
                weight = num * w * 3 ** (n - ordinary)
                first[(unsaved, *placed(target.models, target.damage, total, id_wounds))] += weight
                kept_sum += weight * (total + id_wounds)
        else:
            first[(unsaved, *placed(target.models, target.damage, ordinary, id_wounds))] += num * scale3
            kept_sum += num * scale3 * (ordinary + id_wounds)
    denominator *= scale3
    exp_wounds = Fraction(kept_sum, denominator)
    removed_num: dict[int, int] = defaultdict(int)
    p_again = ZERO
    if not weapon.deflagrate:
        for (_, gone, _), num in first.items():
            removed_num[gone] += num
    else:
        # Deflagrate: as many more automatic hits as unsaved wounds, on the models left (l.2971);
        # each becomes a wound that stays with p_again (binomial numerators over b**most).
        p_again = hit_outcome(deflagrate_weapon(weapon), target).kept
        a, b = p_again.numerator, p_again.denominator
        most = max(unsaved for unsaved, _, _ in first)

        @lru_cache(maxsize=None)
        def weights(u: int) -> list[int]:
            return [comb(u, k) * a ** k * (b - a) ** (u - k) * b ** (most - u) for k in range(u + 1)]
        scale = b ** most
        for (unsaved, gone, damage), num in first.items():
            left = target.models - gone
            if not unsaved or left <= 0:
                removed_num[gone] += num * scale
                continue
            exp_wounds += Fraction(num * unsaved, denominator) * p_again
            for k, w in enumerate(weights(unsaved)):
                if w:
                    more = placed(left, damage, 0 if is_id else k, k if is_id else 0)[0]
                    removed_num[gone + more] += num * w
        denominator *= scale
    return _Removed({k: Fraction(v, denominator) for k, v in removed_num.items() if v}, exp_wounds, p_again)


def shoot_odds(bs: int | None, weapon: HHWeapon, target: HHTarget, *, hits: int | None = None) -> ProcedureResult:
    """`hits` given: that many automatic hits (blasts, templates) instead of rolling `shots`. A
    template snap-firing with no hits given is the Wall of Death: D3 automatic hits (l.3363)."""
    master = False
    d3_hits = wall_of_death(weapon, hits)
    out = hit_outcome(weapon, target)
    if hits is None and not d3_hits:
        p_hit = p_hit_shooting(bs, weapon)
        master = hit_reroll(weapon, bs_need(bs, weapon.snap)[1])[0] == "one_failed"
    else:
        p_hit = ONE
    if d3_hits:
        volleys = [(Fraction(1, 3), h, _volley(h, ONE, False, weapon, target, out)) for h in (1, 2, 3)]
        removed: dict[int, Fraction] = defaultdict(Fraction)
        for share, _h, v in volleys:
            for k, p in v.removed.items():
                removed[k] += share * p
        removed = dict(removed)
        exp_wounds = sum((share * v.expected_wounds for share, _h, v in volleys), ZERO)
        p_again = volleys[0][2].p_again
        n = 2                                   # the mean of a D3, for the expected hits
    else:
        n = weapon.shots if hits is None else hits
        volley = _volley(n, p_hit, master, weapon, target, out)
        removed, exp_wounds, p_again = volley.removed, volley.expected_wounds, volley.p_again
    is_id = instant_death(weapon.strength, target.toughness)
    r = ProcedureResult("horus_heresy", "shoot_odds", Msg.of("combat_hh.title.odds_shoot",
                                                            target=target.name or Msg.of("combat_hh.word.target")))
    exp_hits = n * p_hit + (p_hit * (1 - p_hit ** n) if master else 0)
    per_shot = p_hit * out.kept
    r.outcome.append(Msg.of("combat_hh.odds.per_shot", hit=Percent(p_hit), unsaved=Percent(per_shot)))
    r.outcome.append(Msg.of("combat_hh.odds.expected", hits=Number(exp_hits), wounds=Number(exp_wounds)))
    for m in sorted(removed):
        if removed[m] >= Fraction(1, 2000):          # rows that show as 0.0% are left out
            r.outcome.append(Msg.of("combat_hh.odds.models_row", k=m, p=Percent(removed[m]),
                                    atleast=Percent(sum((q for j, q in removed.items() if j >= m), ZERO))))
    if master:
        r.notes.append(Msg.of("combat_hh.note.odds_master_crafted"))
    if out.instant and weapon.murderous is not None and not is_id:
        r.notes.append(Msg.of("combat_hh.note.odds_murderous", x=weapon.murderous, p=Percent(p_hit * out.instant)))
    if weapon.deflagrate:
        r.notes.append(Msg.of("combat_hh.note.odds_deflagrate", p=Percent(p_again)))
    if weapon.destroyer and not is_id:
        r.notes.append(Msg.of("combat_hh.note.destroyer_no_spill"))
    if d3_hits:
        r.notes.append(Msg.of("combat_hh.note.odds_wall_of_death"))
    r.data.update(p_hit=p_hit, p_unsaved=per_shot, removed=dict(removed), expected_hits=exp_hits,
                  expected_wounds=exp_wounds)
    top = max(removed)
    r.distribution = Distribution(Msg.of("combat_hh.odds.axis_removed"),
                                  Dist.of(removed, 0, top),
                                  event=Msg.of("combat_hh.odds.event_destroyed"),
                                  event_probability=removed.get(target.models, ZERO))
    return r
