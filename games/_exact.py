"""Exact probability helpers for `/odds` (fractions, no simulation), shared by the game packages.

A distribution is a list of Fractions indexed by value (P[k] = probability of exactly k).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

from i18n.numbers import Percent

Dist = list[Fraction]


def binomial(n: int, p: Fraction) -> Dist:
    """P(exactly k successes of n independent tries, each succeeding with p)."""
    p = Fraction(p)
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


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
    """P(total) of n dice, exactly."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / sides
        dist = nxt
    return dist


def outcomes(n: int, sides: int = 6):
    """Every ordered roll of n dice (each equally likely, 1/sides**n)."""
    return product(range(1, sides + 1), repeat=n)


def pct(p: Fraction) -> Percent:
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
