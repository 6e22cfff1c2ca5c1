"""Odds of a close combat where a side strikes with two profiles (a sergeant's power fist at
Initiative 1 beside the rank and file, l.3405): up to four Initiative steps, each changing who
is left to strike in the next. The exact odds (`odds.fight_odds`) cover one profile a side;
here the round itself (`melee.fight`) is played many times with seeded dice and counted — a
Monte-Carlo estimate marked ≈, with its sample count and its 95 % margin."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import sqrt

from dice.roller import Roller
from games._exact import pct
from games.horus_heresy.melee import Fighter, fight, profiles
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number

SEED = 11                       # the same inputs give the same figures
DICE_BUDGET = 400_000           # attack dice rolled over all samples (about a second in the worker)
MOST, LEAST = 2000, 200         # samples


def samples_for(attacker: Fighter, defender: Fighter) -> int:
    dice = sum(g.models * g.attacks_now for side in (attacker, defender) for g in profiles(side))
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
    a_label = attacker.name or Msg.of("combat_hh.word.attacker")
    d_label = defender.name or Msg.of("combat_hh.word.defender")
    r = ProcedureResult("horus_heresy", "fight_odds", Msg.of("combat_hh.title.odds_fight", attacker=a_label,
                                                            defender=d_label))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win_about", side=a_label, p=pct(p["attacker"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_win_about", side=d_label, p=pct(p["defender"])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_draw_about", p=pct(p[None])))
    r.outcome.append(Msg.of("combat_hh.odds.fight_wounds", a=Number(Fraction(total_a, n)),
                            d=Number(Fraction(total_d, n))))
    r.notes.append(Msg.of("combat_hh.note.estimate", n=n, margin=pct(margin)))
    r.data.update(p_attacker=p["attacker"], p_defender=p["defender"], p_draw=p[None],
                  expected_a=Fraction(total_a, n), expected_d=Fraction(total_d, n), exact=False, samples=n)
    top = max(caused_a)
    r.distribution = Distribution(Msg.of("combat_hh.odds.axis_wounds_caused", side=a_label),
                                  tuple(Fraction(caused_a[k], n) for k in range(top + 1)),
                                  event=Msg.of("combat_hh.odds.event_attacker_wins", side=a_label),
                                  event_probability=p["attacker"], samples=n)
    return r
