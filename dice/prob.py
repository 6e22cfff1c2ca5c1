"""Exact probability, no simulation.

A distribution is a dict {value: Fraction}. One die's outcome is computed stage by stage
(rerolls, min/max, 7+ chains, explosions) exactly as `dice.engine` rolls it; a pool of N such
dice is the N-fold convolution of that, done with exact integers:

- two outcomes (hit/miss): the binomial formula, O(N) big-integer steps;
- otherwise the polynomial power by Kronecker substitution (one big-integer `pow`), while
  the packed integer stays under `MAX_PACKED_BITS`;
- a plain sum of N uniform dice past that: the inclusion–exclusion formula for its tail.

Past those budgets a probability is reported as unknown (None) rather than slowly or wrongly.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import reduce
from typing import Callable, Iterable

Dist = dict  # {int | float: Fraction}

MAX_PACKED_BITS = 6_000_000     # ~0.3 s for the final squaring on CPython
MAX_PAIRWISE = 100_000          # |A|·|B| for combining two distributions by arithmetic
MAX_SUPPORT = 20_000


class Unsupported(Exception):
    """This shape has no exact distribution within budget."""


def uniform(sides: int) -> Dist:
    p = Fraction(1, sides)
    return {v: p for v in range(1, sides + 1)}


def point(value) -> Dist:
    return {value: Fraction(1)}


def mass(dist: Dist, pred: Callable[[object], bool]) -> Fraction:
    return sum((p for v, p in dist.items() if pred(v)), Fraction(0))


def mean(dist: Dist) -> Fraction:
    return sum((Fraction(v) * p if not isinstance(v, float) else Fraction(v) * p for v, p in dist.items()), Fraction(0))


def add_into(out: Dist, value, p: Fraction) -> None:
    if p:
        out[value] = out.get(value, Fraction(0)) + p


def combine(a: Dist, b: Dist, op: Callable) -> Dist:
    """Distribution of op(X, Y) for independent X ~ a, Y ~ b (integer weights inside: fast)."""
    if len(a) * len(b) > MAX_PAIRWISE:
        raise Unsupported("pairwise")
    if not all(isinstance(p, Fraction) for p in (*a.values(), *b.values())):
        out: Dist = {}
        for x, px in a.items():
            for y, py in b.items():
                add_into(out, op(x, y), px * py)
        return out
    wa, da = _common_weights(a)
    wb, db = _common_weights(b)
    weights: dict = {}
    get = weights.get
    for x, px in wa.items():
        for y, py in wb.items():
            k = op(x, y)
            weights[k] = get(k, 0) + px * py
    if len(weights) > MAX_SUPPORT:
        raise Unsupported("support")
    den = da * db
    return {k: Fraction(w, den) for k, w in weights.items() if w}


def map_values(a: Dist, fn: Callable) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        add_into(out, fn(x), p)
    return out


# --- N-fold sums -------------------------------------------------------------------------

def _common_weights(dist: Dist) -> tuple[dict[int, int], int]:
    """Integer weights over a common denominator."""
    den = reduce(math.lcm, (p.denominator for p in dist.values()), 1)
    return {v: int(p * den) for v, p in dist.items()}, den


Weights = tuple[dict, int]     # ({value: integer weight}, common denominator): exact, no gcd per value


def _binomial(lo: int, hi: int, p_hi: Fraction, n: int) -> Weights:
    """n dice each scoring `hi` with chance p_hi, else `lo`."""
    a, b = p_hi.numerator, p_hi.denominator - p_hi.numerator   # weights of hi / lo over den
    den = p_hi.denominator ** n
    if b == 0:
        return {hi * n: 1}, 1
    if a == 0:
        return {lo * n: 1}, 1
    out: dict = {}
    # term_i = C(n, i) a^i b^(n-i), built without repeated binomials
    term = b ** n
    for i in range(n + 1):
        out[lo * (n - i) + hi * i] = term
        if i < n:
            term = term * (n - i) * a // ((i + 1) * b)
    return out, den


def _kronecker_power(weights: dict[int, int], den: int, n: int) -> Weights:
    lo, hi = min(weights), max(weights)
    span = hi - lo
    field = (n * den.bit_length()) + 2
    field = (field + 7) // 8 * 8
    if field * (n * span + 1) > MAX_PACKED_BITS:
        raise Unsupported("too large")
    packed = 0
    for v, w in weights.items():
        packed |= w << (field * (v - lo))
    power = pow(packed, n)
    raw = power.to_bytes((field * (n * span + 1)) // 8 + 1, "little")
    step = field // 8
    out: dict = {}
    for k in range(n * span + 1):
        w = int.from_bytes(raw[k * step:(k + 1) * step], "little")
        if w:
            out[lo * n + k] = w
    return out, den ** n


def nfold_weights(dist: Dist, n: int) -> Weights:
    """The n-fold sum as exact integer weights; Unsupported when too large for exact integers."""
    if n == 0:
        return {0: 1}, 1
    if any(isinstance(v, float) or v != int(v) for v in dist) or \
            not all(isinstance(p, Fraction) for p in dist.values()):
        raise Unsupported("non-integer")
    if len(dist) == 1:
        (v, _), = dist.items()
        return {v * n: 1}, 1
    if len(dist) == 2:
        lo, hi = sorted(dist)
        return _binomial(lo, hi, dist[hi], n)
    weights, den = _common_weights(dist)
    if n == 1:
        return weights, den
    return _kronecker_power(weights, den, n)


def from_weights(weights: Weights) -> Dist:
    values, den = weights
    return {v: Fraction(w, den) for v, w in values.items() if w}


FIXED_BITS = 64
MAX_FIXED_SUPPORT = 10_001


def _pack(coeffs: list[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coeffs), "little")


def _unpack(value: int, width: int, length: int) -> list[int]:
    raw = value.to_bytes(width * length, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(length)]


def _fixed_mul(a: list[int], b: list[int]) -> list[int]:
    """Product of two fixed-point (2^-FIXED_BITS) polynomials, rounded back to FIXED_BITS."""
    width = (2 * FIXED_BITS + max(len(a), len(b)).bit_length() + 8) // 8 + 1
    length = len(a) + len(b) - 1
    product = _unpack(_pack(a, width) * _pack(b, width), width, length)
    half = 1 << (FIXED_BITS - 1)
    return [(c + half) >> FIXED_BITS for c in product]


def nfold_fixed(dist: Dist, n: int) -> Dist:
    """The n-fold sum by the same convolution, in 64-bit fixed point (relative error ~1e-17 per
    step): exact arithmetic except for rounding, used when exact integers would be too big."""
    lo, hi = min(dist), max(dist)
    scale = 1 << FIXED_BITS
    base = [0] * (hi - lo + 1)
    for v, p in dist.items():
        base[v - lo] = round(p * scale)
    if (hi - lo) * n + 1 > MAX_FIXED_SUPPORT:
        raise Unsupported("too large")
    result = [scale]
    power = base
    k = n
    while k:
        if k & 1:
            result = _fixed_mul(result, power)
        k >>= 1
        if k:
            power = _fixed_mul(power, power)
    return {lo * n + i: c / scale for i, c in enumerate(result) if c}


def nfold(dist: Dist, n: int) -> Dist:
    """Distribution of the sum of n independent copies."""
    if n == 1:
        return dict(dist)
    try:
        return from_weights(nfold_weights(dist, n))
    except Unsupported as exc:
        if str(exc) == "non-integer" and any(isinstance(v, float) or v != int(v) for v in dist):
            raise
        return nfold_fixed(dist, n)


def uniform_sum_at_least(n: int, sides: int, total: int) -> Fraction:
    """P(sum of n dice 1..sides ≥ total), by inclusion–exclusion (no distribution needed)."""
    if total <= n:
        return Fraction(1)
    if total > n * sides:
        return Fraction(0)
    # outcomes with sum ≤ t: Σ_k (-1)^k C(n,k) C(t - k·sides, n)
    t = total - 1
    below = 0
    for k in range(n + 1):
        m = t - k * sides
        if m < n:
            break
        below += (-1) ** k * math.comb(n, k) * math.comb(m, n)
    return 1 - Fraction(below, sides ** n)


# --- keep highest / lowest -----------------------------------------------------------------

MAX_KEEP_WORK = 300_000


def keep_sum(die: Dist, n: int, keep: int, highest: bool) -> Dist:
    """Sum of the `keep` highest (or lowest) of n independent dice with distribution `die`."""
    keep = max(0, min(keep, n))
    if keep == 0:
        return point(0)
    values = sorted(die, reverse=highest)
    if keep == 1:
        # highest: P(max ≤ v) = F(v)^n, going up; lowest: P(min ≥ v) = G(v)^n, going down
        values.reverse()
        out: Dist = {}
        cum = Fraction(0)
        prev = Fraction(0)
        for v in values:
            cum += die[v]
            now = cum ** n
            add_into(out, v, now - prev)
            prev = now
        return out
    max_abs = max(abs(v) for v in values) or 1
    if len(values) * n * n * (keep * max_abs + 1) > MAX_KEEP_WORK:
        raise Unsupported("keep")
    # DP over faces from the kept end: state (dice placed, kept sum) → probability
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for v in values:
        p = die[v]
        nxt: dict[tuple[int, int], Fraction] = {}
        for (c, s), w in states.items():
            left = n - c
            pm = Fraction(1)
            for m in range(left + 1):
                kept = max(0, min(m, keep - c)) if c < keep else 0
                key = (c + m, s + kept * v)
                nxt[key] = nxt.get(key, Fraction(0)) + w * math.comb(left, m) * pm
                pm *= p
        states = nxt
    out = {}
    for (c, s), w in states.items():
        if c == n:
            add_into(out, s, w)
    return out


def normalised(dist: Dist) -> Dist:
    total = sum(dist.values(), Fraction(0))
    if total == 1 or total == 0:
        return dist
    return {v: p / total for v, p in dist.items()}


def tail(dist: Dist, at_least) -> Fraction:
    return mass(dist, lambda v: v >= at_least)


def iter_support(dists: Iterable[Dist]) -> int:
    return sum(len(d) for d in dists)


__all__ = ["Dist", "Unsupported", "uniform", "point", "mass", "mean", "combine", "map_values", "nfold",
           "uniform_sum_at_least", "keep_sum", "tail", "normalised"]
