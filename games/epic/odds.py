"""Exact odds for Epic shooting and assaults (fractions; the same rules as the rolling code,
no simulation): expected hits, the distribution of kills, Blast Markers and the chance of
breaking the target; for assaults, the chance each side wins."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from dice.dist import Dist
from games.epic import house_rules as H
from games.epic.assault import FIRST, AssaultSide, _validate, phases
from games.epic.assault_odds import assault_distribution
from games.epic.rolls import hit_probability, need_after, save_fail_probability
from games.epic.shooting import EpicTarget, to_hit_modifiers
from games.epic.weapons import Weapon, can_affect
from games.house_rules import effective
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent

ONE = Fraction(1)


def count_distribution(count: str) -> Dist:
    """A weapon's count: a number, D3 or D6."""
    if count.isdigit():
        return Dist.point(int(count))
    return Dist.dice(1, 3 if count == "D3" else 6)


def damage_points(weapon: Weapon, target: EpicTarget) -> Dist:
    """Damage points per unsaved hit: Titan Killer against a War Engine (l.810), else 1."""
    if weapon.titan_killer and target.dc is not None:
        return count_distribution(weapon.titan_killer)
    return Dist.point(1)


def shot_outcomes(weapon: Weapon, target: EpicTarget, action: str, crossfire: bool,
                  hit_value: int | None = None, firer_damaged: bool = False) -> dict[tuple[int, int], Fraction]:
    """One shot → {(hit?, unsaved damage points): probability}."""
    need = need_after(hit_value or weapon.value, to_hit_modifiers(action, target.in_cover, weapon, firer_damaged))
    p_hit = hit_probability(need)
    p_fail = save_fail_probability(target.saves, macro=weapon.macro, titan_killer=bool(weapon.titan_killer),
                                   ignore_cover=weapon.ignore_cover, crossfire=crossfire) if can_affect(weapon.kind, target.unit_types) else Fraction(0)   # L80, L398
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    out[(0, 0)] += 1 - p_hit
    for points, pp in damage_points(weapon, target).items():
        for k, pk in Dist.binomial(points, p_fail).items():    # each point saved separately
            out[(1, k)] += p_hit * pp * pk
    return dict(out)


def shoot_odds(weapons: list[Weapon], target: EpicTarget, *, action: str = "none", crossfire: bool = False,
               settings: dict[str, str] | None = None, extra_blast: int = 0,
               hit_values: dict[str, int] | None = None, firer_damaged: bool = False) -> ProcedureResult:
    rules = effective("epic", settings)
    size = target.size
    # state: (any hit, unsaved points of ordinary weapons, unsaved of Disrupt weapons, Disrupt hits)
    states: dict[tuple[int, int, int, int], Fraction] = {(0, 0, 0, 0): ONE}
    expected_hits = Fraction(0)
    for weapon in weapons:
        value = hit_values.get(weapon.kind) if hit_values else None
        per_shot = shot_outcomes(weapon, target, action, crossfire, value, firer_damaged)
        p_hit = sum(p for (h, _), p in per_shot.items() if h)
        for n, pn in count_distribution(weapon.count).items():
            expected_hits += pn * n * p_hit
        nxt: dict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
        for n, pn in count_distribution(weapon.count).items():
            group: dict[tuple[int, int, int, int], Fraction] = dict(states)
            for _ in range(n):
                step: dict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
                for (hit, un, ud, dh), p in group.items():
                    for (h, k), q in per_shot.items():
                        if weapon.disrupt:
                            key = (hit | h, un, min(ud + k, size), dh + h)
                        else:
                            key = (hit | h, min(un + k, size), ud, dh)
                        step[key] += p * q
                group = step
            for key, p in group.items():
                nxt[key] += p * pn
        states = nxt

    kills_dist: dict[int, Fraction] = defaultdict(Fraction)
    blast_dist: dict[int, Fraction] = defaultdict(Fraction)
    p_break = p_destroyed = p_any = Fraction(0)
    p_fearless_fail = save_fail_probability(target.saves)
    for (hit, un, ud, dh), p in states.items():
        kills = min(un, size)
        kills += min(ud, size - kills)
        blast = (1 if rules[H.BLAST_ON_HIT] == "always" else hit)
        crossfire_extra = (kills if rules[H.CROSSFIRE_BLAST] == "each" else 1) if crossfire and kills else 0   # L471
        blast += min(un, size) + dh + crossfire_extra + extra_blast
        p_any += p * hit
        outcomes: dict[int, Fraction] = {kills: ONE}
        if target.broken and blast and kills < size:
            extra = blast
            blast = 0
            if target.fearless:
                merged: dict[int, Fraction] = defaultdict(Fraction)
                for j, q in Dist.binomial(extra, p_fearless_fail).items():
                    merged[kills + min(j, size - kills)] += q
                outcomes = dict(merged)
            else:
                outcomes = {kills + min(extra, size - kills): ONE}
        for k, q in outcomes.items():
            pk = p * q
            kills_dist[k] += pk
            blast_dist[blast] += pk
            remaining = size - k
            if remaining <= 0:
                p_destroyed += pk
            elif not target.broken and target.blast_markers + blast >= (
                    target.break_at if target.break_at is not None else remaining):
                p_break += pk
    expected_kills = sum((k * p for k, p in kills_dist.items()), Fraction(0))
    r = ProcedureResult("epic", "shoot_odds", Msg.of("combat_epic.title.odds_shoot", target=target.name or Msg.of("combat_epic.word.target")))
    r.outcome.append(Msg.of("combat_epic.odds.hits", mean=Number(expected_hits), any=Percent(p_any)))
    kills_key = "combat_epic.odds.dc" if target.dc is not None else "combat_epic.odds.kills"
    r.outcome.append(Msg.of(kills_key, mean=Number(expected_kills)))
    for k in sorted(kills_dist):
        if kills_dist[k] >= Fraction(1, 2000):       # rows that show as 0.0% are left out
            r.outcome.append(Msg.of("combat_epic.odds.row", k=k, p=Percent(kills_dist[k]),
                                    atleast=Percent(sum((q for j, q in kills_dist.items() if j >= k), Fraction(0)))))
    if not target.broken:
        r.outcome.append(Msg.of("combat_epic.odds.break", p=Percent(p_break)))
    r.outcome.append(Msg.of("combat_epic.odds.destroyed", p=Percent(p_destroyed)))
    r.data.update(expected_hits=expected_hits, p_any_hit=p_any, kills=dict(kills_dist), blast=dict(blast_dist),
                  expected_kills=expected_kills, p_break=p_break, p_destroyed=p_destroyed)
    event = ("destroyed", p_destroyed) if target.broken else ("break", p_break)
    r.distribution = Distribution(
        quantity=Msg.of("epic.chart.dc_lost" if target.dc is not None else "epic.chart.kills"),
        dist=Dist.of(kills_dist, low=0),
        event=Msg.of(f"epic.chart.{event[0]}"), event_probability=event[1])
    return r


# --- assaults ---------------------------------------------------------------------------------

def _exact(p: float) -> Fraction:
    return Fraction(p)


def assault_odds(attacker: AssaultSide, defender: AssaultSide, *, settings: dict[str, str] | None = None,
                 ) -> ProcedureResult:
    """P(attacker wins), P(defender wins), P(still tied after the second round) and each side's
    losses: the dynamic program of `assault_odds` over casualties, the rules of `assault.assault`."""
    _validate(attacker)
    _validate(defender)
    mode = effective("epic", settings)[H.ASSAULT_ROLL]
    odds = assault_distribution(attacker, defender, mode)
    a_name = attacker.name or Msg.of("combat_epic.word.attacker")
    d_name = defender.name or Msg.of("combat_epic.word.defender")
    r = ProcedureResult("epic", "assault_odds", Msg.of("combat_epic.title.odds_assault",
                                                        attacker=attacker.name or "A", defender=defender.name or "D"))
    p_attacker, p_defender, p_tie = _exact(odds.p_attacker), _exact(odds.p_defender), _exact(odds.p_tie)
    r.outcome.append(Msg.of("combat_epic.odds.assault_win", side=a_name, p=Percent(p_attacker)))
    r.outcome.append(Msg.of("combat_epic.odds.assault_win", side=d_name, p=Percent(p_defender)))
    if odds.p_tie:
        r.outcome.append(Msg.of("combat_epic.odds.assault_tie", p=Percent(p_tie)))
    r.outcome.append(Msg.of("combat_epic.odds.assault_losses", a=Number(odds.mean_attacker_lost),
                            d=Number(odds.mean_defender_lost)))
    if mode == "sum":
        r.notes.append(Msg.of("combat_epic.house.assault_roll.applied_sum"))
    if FIRST in phases(attacker, defender):
        r.notes.append(Msg.of("combat_epic.note.first_strike"))
    for side, key in ((attacker, "combat_epic.note.combined"), (defender, "combat_epic.note.intermingled")):
        if side.formations:
            r.notes.append(Msg.of(key, names=", ".join(m.name for m in side.formations)))
    defender_lost = tuple(_exact(float(p)) for p in odds.defender_lost)
    r.data.update(p_attacker=p_attacker, p_defender=p_defender, p_tie=p_tie,
                  attacker_lost=_exact(odds.mean_attacker_lost), defender_lost=_exact(odds.mean_defender_lost),
                  defender_lost_dist=defender_lost)
    r.distribution = Distribution(quantity=Msg.of("epic.chart.defender_lost"), dist=Dist(0, defender_lost),
                                  event=Msg.of("epic.chart.attacker_wins"), event_probability=p_attacker)
    return r
