"""Exact probability helpers for `/odds` (fractions, no simulation), shared by the game packages.

A distribution is a list of Fractions indexed by value (P[k] = probability of exactly k).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from i18n.numbers import Percent

Dist = list[Fraction]


def binomial(n: int, p: Fraction) -> Dist:
    """P(exactly k successes of n independent tries, each succeeding with p): integer terms
    C(n, k)·a^k·b^(n−k) over one denominator, built up k by k (fast for hundreds of dice)."""
    p = Fraction(p)
    if p <= 0 or p >= 1:
        return [Fraction(int(p >= 1 and k == n or p <= 0 and k == 0)) for k in range(n + 1)]
    a, b, d = p.numerator, p.denominator - p.numerator, p.denominator
    total = d ** n
    out, term = [], b ** n
    for k in range(n + 1):
        out.append(Fraction(term, total))
        if k < n:
            term = term * (n - k) * a // ((k + 1) * b)
    return out


def convolve(a: Dist, b: Dist) -> Dist:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def thin(dist: Dist, p: Fraction) -> Dist:
    """Each of the k counted things independently survives with p: the distribution of survivors."""
    out = [Fraction(0)] * len(dist)
    for k, pk in enumerate(dist):
        if pk:
            for j, pj in enumerate(binomial(k, p)):
                out[j] += pk * pj
    return out


def at_least(dist: Dist, k: int) -> Fraction:
    return sum(dist[max(k, 0):], Fraction(0))


def mean(dist: Dist) -> Fraction:
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


def sum_of_dice(n: int, sides: int = 6) -> dict[int, Fraction]:
    """P(total) of n dice, exactly: ways counted with a sliding window (O(n²·sides) additions)."""
    ways = [1]                                   # ways[i]: totals n_so_far + i
    for _ in range(n):
        nxt, window = [], 0
        for t in range(len(ways) + sides - 1):
            window += ways[t] if t < len(ways) else 0
            window -= ways[t - sides] if t >= sides else 0
            nxt.append(window)
        ways = nxt
    total = sides ** n
    return {n + i: Fraction(w, total) for i, w in enumerate(ways)}


def outcomes(n: int, sides: int = 6):
    """Every ordered roll of n dice (each equally likely, 1/sides**n)."""
    return product(range(1, sides + 1), repeat=n)


def pct(p: Fraction | float) -> Percent:
    """A probability for a message, written in the reader's language when rendered
    (i18n.format_percent: «33,3 %», "33.3%")."""
    return Percent(p)


def dist_lines(dist: Dist, *, unit_key: str = "combat2.odds.row", limit: int = 16):
    """Msg lines "k: P(exactly k) · P(at least k)" for the values that carry probability, most
    likely region first trimmed to `limit` lines (catalog keys live in combat_fow.toml)."""
    from i18n import Msg

    ks = [k for k, p in enumerate(dist) if p > 0]
    if len(ks) > limit:
        peak = max(ks, key=lambda k: dist[k])
        lo = max(ks[0], peak - limit // 2)
        ks = [k for k in ks if lo <= k < lo + limit]
    return [Msg.of(unit_key, k=k, exactly=pct(dist[k]), at_least=pct(at_least(dist, k))) for k in ks]
