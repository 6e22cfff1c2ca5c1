"""/odds epic-assault: the dynamic program over casualties (games/epic/assault_odds.py) gives
the same figures as the former enumeration of every casualty pair (kept here as the reference),
and its distribution is the one the reply prints (issue 12, issue 14 §3)."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dice.dist import Dist
from games.epic.assault import MAX_ROUNDS, AssaultSide, _Fighting, result_modifiers
from games.epic.odds import assault_odds
from games.epic.rolls import SaveProfile, hit_probability, save_fail_probability

ONE = Fraction(1)


def _roll_dist(mode: str) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for a in range(1, 7):
        for b in range(1, 7):
            out[max(a, b) if mode == "highest" else a + b] += Fraction(1, 36)
    return dict(out)


def _hits_dist(n: int, value: int | None) -> Dist:
    if not n or value is None:
        return Dist.point(0)
    return Dist.binomial(n, hit_probability(value))



def _unsaved(hits: Dist, saves: SaveProfile) -> Dist:
    return hits.thin(save_fail_probability(saves))


def reference_odds(attacker: AssaultSide, defender: AssaultSide, mode: str):
    """The former enumeration over every casualty pair, kept as an independent reference."""
    roll = _roll_dist(mode)

    def start(side: AssaultSide) -> _Fighting:
        engaged = side.units if side.engaged is None else side.engaged
        contact = engaged if side.in_contact is None else side.in_contact
        return _Fighting(side, contact, engaged - contact)

    def clone(f: _Fighting) -> _Fighting:
        return _Fighting(f.side, f.contact, f.ff, f.lost, f.kills)

    def attack_dist(f: _Fighting, enemy: AssaultSide) -> Dist:
        hits = _hits_dist(f.contact + (f.side.extra_attacks if f.contact else 0), f.side.cc if f.contact else None
                          ).convolve(_hits_dist(f.ff, f.side.ff))
        for count, value in f.side.support:
            hits = hits.convolve(_hits_dist(count, value))
        return _unsaved(hits, enemy.saves)

    totals = {"attacker": Fraction(0), "defender": Fraction(0), "tie": Fraction(0)}
    lost = {"attacker": Fraction(0), "defender": Fraction(0)}

    def fight(a: _Fighting, d: _Fighting, p: Fraction, rnd: int) -> None:
        ua, ud = attack_dist(a, defender), attack_dist(d, attacker)
        for x, px in ua.items():             # defender casualties
            if not px:
                continue
            for y, py in ud.items():         # attacker casualties
                if not py:
                    continue
                q = p * px * py
                a2, d2 = clone(a), clone(d)
                d_dead, a_dead = d2.remove(x), a2.remove(y)
                a2.kills += d_dead
                d2.kills += a_dead
                if d2.left <= 0 and a2.engaged > 0:
                    finish(a2, d2, "attacker", 0, q)
                    continue
                if a2.engaged <= 0:
                    finish(a2, d2, "defender", 0, q)
                    continue
                ma = sum(m.value for m in result_modifiers(a2, d2))
                md = sum(m.value for m in result_modifiers(d2, a2))
                for ra, pa in roll.items():
                    for rd, pd in roll.items():
                        sa, sd = ra + ma, rd + md
                        qq = q * pa * pd
                        if sa == sd:
                            if rnd < MAX_ROUNDS:
                                fight(a2, d2, qq, rnd + 1)
                            else:
                                totals["tie"] += qq
                                lost["attacker"] += qq * a2.lost
                                lost["defender"] += qq * d2.lost
                        else:
                            finish(a2, d2, "attacker" if sa > sd else "defender", abs(sa - sd), qq)

    def finish(a: _Fighting, d: _Fighting, winner: str, diff: int, q: Fraction) -> None:
        totals[winner] += q
        loser = d if winner == "attacker" else a
        extra = min(diff, loser.engaged)                 # no saves (Fearless: saves, approximated below)
        if loser.side.fearless and diff:
            dist = Dist.binomial(diff, save_fail_probability(loser.side.saves))
            extra_mean = sum((min(j, loser.engaged) * pj for j, pj in dist.items()), Fraction(0))
        else:
            extra_mean = Fraction(extra)
        lost["attacker"] += q * (a.lost + (extra_mean if loser is a else 0))
        lost["defender"] += q * (d.lost + (extra_mean if loser is d else 0))

    fight(start(attacker), start(defender), ONE, 1)
    return totals, lost


@settings(max_examples=25, deadline=None)
@given(a_units=st.integers(1, 4), d_units=st.integers(1, 4), cc=st.integers(2, 6), d_ff=st.integers(3, 6),
       contact=st.integers(0, 4), armour=st.sampled_from([None, 4, 6]), fearless=st.booleans(),
       blast=st.integers(0, 3), mode=st.sampled_from(["highest", "sum"]))
def test_dynamic_program_equals_the_enumeration(a_units, d_units, cc, d_ff, contact, armour, fearless, blast, mode):
    a = AssaultSide("A", units=a_units, in_contact=min(contact, a_units), cc=cc, ff=5, blast_markers=blast)
    d = AssaultSide("D", units=d_units, cc=5, ff=d_ff, saves=SaveProfile(armour=armour), fearless=fearless)
    totals, lost = reference_odds(a, d, mode)
    r = assault_odds(a, d, settings={"assault_result_roll": mode}).data
    assert float(r["p_attacker"]) == pytest.approx(float(totals["attacker"]), abs=1e-12)
    assert float(r["p_defender"]) == pytest.approx(float(totals["defender"]), abs=1e-12)
    assert float(r["p_tie"]) == pytest.approx(float(totals["tie"]), abs=1e-12)
    assert float(r["attacker_lost"]) == pytest.approx(float(lost["attacker"]), abs=1e-12)
    assert float(r["defender_lost"]) == pytest.approx(float(lost["defender"]), abs=1e-12)


def test_the_reply_prints_the_distribution_it_carries():
    a, d = AssaultSide("A", units=6, cc=4, ff=5), AssaultSide("D", units=5, cc=5, ff=4)
    r = assault_odds(a, d)
    dist = r.distribution
    assert dist is not None and dist.event_probability == r.data["p_attacker"]
    assert float(dist.dist.total()) == pytest.approx(1.0, abs=1e-12)
    assert float(dist.mean()) == pytest.approx(float(r.data["defender_lost"]), abs=1e-12)
    text = "\n".join(m.render("en") for m in r.outcome)
    assert f"{float(dist.event_probability) * 100:.1f}%" in text
    assert f"{float(dist.mean()):.2f}" in text
