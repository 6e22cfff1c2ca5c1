"""Exact probability, no simulation.

A distribution is read as a mapping {value: Fraction}: the project's one type of it is
`dice.dist.Dist` (consecutive integers, what the games' /odds and the charts use), and the dice
engine builds the same mapping here as a plain dict (`Sparse`: its values may be non-integers,
its chances floats past the exact budget) or reads it through `WeightsView` (integer weights
over one denominator, each Fraction made when read). `nfold`, `keep_sum`, `combine`, `tail`,
`mean` take any such mapping, with a `Budget`. One die's outcome is computed stage by stage
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
from collections.abc import Mapping
from typing import Any, Callable

Sparse = dict  # {int | float: Fraction | float}, built in place (dice.dist.Dist is the immutable one)

MAX_PACKED_BITS = 6_000_000     # ~0.3 s for the final squaring on CPython
MAX_PAIRWISE = 100_000          # |A|·|B| for combining two distributions by arithmetic
MAX_SUPPORT = 20_000


class Unsupported(Exception):
    """This shape has no exact distribution within budget."""


class OverBudget(Unsupported):
    """The exact computation would cost more than the roll's work budget."""


# Work is counted in units of about one microsecond of CPython on this project's machines, by
# the sizes of the integers multiplied, never by wall time: tests stay deterministic.
ON_LOOP_WORK = 30_000          # ~30 ms: computed on the event loop
OFF_LOOP_WORK = 5_000_000      # ~5 s: computed in a worker process (app.compute), then given up


class Budget:
    """One work budget per roll, shared by every group, every operator and the expected value."""

    def __init__(self, limit: int = ON_LOOP_WORK) -> None:
        self.limit = limit
        self.spent = 0
        self.memo: dict = {}        # results already paid for in this roll, by what they are of

    def spend(self, units: float) -> None:
        """Count work about to be done; OverBudget (nothing counted) when it would not fit."""
        units = int(units) + 1
        if self.spent + units > self.limit:
            raise OverBudget("budget")
        self.spent += units


def mul_cost(bits: int) -> float:
    """Work of multiplying two integers of `bits` bits (CPython's Karatsuba, measured)."""
    return 0.03 * (bits / 64) ** 1.585


def linear_cost(bits: int) -> float:
    """Work of adding, shifting or multiplying by a small number an integer of `bits` bits."""
    return bits / 20_000


def uniform(sides: int) -> Sparse:
    p = Fraction(1, sides)
    return {v: p for v in range(1, sides + 1)}


def point(value) -> Sparse:
    return {value: Fraction(1)}


def mass(dist: Mapping, pred: Callable[[Any], bool]) -> Fraction:
    return sum((p for v, p in dist.items() if pred(v)), Fraction(0))


def mean(dist: Mapping) -> Fraction:
    return sum((Fraction(v) * p if not isinstance(v, float) else Fraction(v) * p for v, p in dist.items()), Fraction(0))


def add_into(out: Sparse, value, p: Fraction) -> None:
    if p:
        out[value] = out.get(value, Fraction(0)) + p


def combine(a: Mapping, b: Mapping, op: Callable, budget: Budget | None = None) -> Sparse:
    """Distribution of op(X, Y) for independent X ~ a, Y ~ b (integer weights inside: fast)."""
    if len(a) * len(b) > MAX_PAIRWISE:
        raise Unsupported("pairwise")
    if budget is not None:
        budget.spend(len(a) * len(b) * 0.3)
    if not all(isinstance(p, Fraction) for p in (*a.values(), *b.values())):
        out: Sparse = {}
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


def map_values(a: Mapping, fn: Callable) -> Sparse:
    out: Sparse = {}
    for x, p in a.items():
        add_into(out, fn(x), p)
    return out


# --- N-fold sums -------------------------------------------------------------------------

def _common_weights(dist: Mapping) -> tuple[dict[int, int], int]:
    """Integer weights over a common denominator."""
    den = reduce(math.lcm, (p.denominator for p in dist.values()), 1)
    return {v: int(p * den) for v, p in dist.items()}, den


Weights = tuple[dict, int]     # ({value: integer weight}, common denominator): exact, no gcd per value


def binomial_weights(lo: int, hi: int, p_hi: Fraction, n: int) -> Weights:
    """n dice each scoring `hi` with chance p_hi, else `lo` (0 and 1: a binomial): C(n, i)·a^i·b^(n−i)
    over one denominator, built up i by i (fast for hundreds of dice)."""
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


def _field(total: int) -> int:
    """Bits per coefficient when every coefficient is at most `total`: whole bytes."""
    return (total.bit_length() + 1 + 7) // 8 * 8


def _pack(weights: dict[int, int], lo: int, field: int) -> int:
    packed = 0
    for v, w in weights.items():
        packed |= w << (field * (v - lo))
    return packed


def _unpack(packed: int, field: int, length: int, first: int) -> dict[int, int]:
    raw = packed.to_bytes(field * length // 8 + 1, "little")
    step = field // 8
    out: dict = {}
    for k in range(length):
        w = int.from_bytes(raw[k * step:(k + 1) * step], "little")
        if w:
            out[first + k] = w
    return out


def _kronecker_power(weights: dict[int, int], den: int, n: int, budget: Budget | None = None) -> Weights:
    """The n-th power of the polynomial Σ w·x^v: one big-integer `pow` (square and multiply)."""
    lo, hi = min(weights), max(weights)
    span = hi - lo
    field = _field(den ** n)
    bits = field * (n * span + 1)
    if budget is not None:
        budget.spend(1.5 * mul_cost(bits) + linear_cost(bits) * 20 + n * span * 0.3)
    elif bits > MAX_PACKED_BITS:
        raise Unsupported("too large")
    power = pow(_pack(weights, lo, field), n)
    return _unpack(power, field, n * span + 1, lo * n), den ** n


def add_weights(a: Weights, b: Weights, budget: Budget | None = None, negate_b: bool = False) -> Weights:
    """X + Y (or X - Y) for independent integer-valued X, Y: one polynomial product."""
    (wa, da), (wb, db) = a, b
    if negate_b:
        wb = {-v: w for v, w in wb.items()}
    lo_a, lo_b = min(wa), min(wb)
    length = (max(wa) - lo_a) + (max(wb) - lo_b) + 1
    field = _field(da * db)
    if budget is not None:
        budget.spend(mul_cost(field * length) + linear_cost(field * length) * 10 + length * 0.3)
    product = _pack(wa, lo_a, field) * _pack(wb, lo_b, field)
    return _unpack(product, field, length, lo_a + lo_b), da * db


def to_weights(dist: Mapping) -> Weights:
    """Integer weights over a common denominator; Unsupported for non-integer values or floats."""
    if any(isinstance(v, float) or v != int(v) for v in dist) or \
            not all(isinstance(p, Fraction) for p in dist.values()):
        raise Unsupported("non-integer")
    return _common_weights(dist)


def nfold_weights(dist: Mapping, n: int, budget: Budget | None = None) -> Weights:
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
        if budget is not None:
            budget.spend(n * (1 + linear_cost(n * max(dist[hi].denominator, 2).bit_length()) * 4))
        return binomial_weights(lo, hi, dist[hi], n)
    weights, den = _common_weights(dist)
    if n == 1:
        return weights, den
    return _kronecker_power(weights, den, n, budget)


class WeightsView(Mapping):
    """Integer weights over a common denominator, read as {value: Fraction}: each Fraction is
    made only when read (a 1000-dice pool has 1000 values of thousands of digits)."""

    def __init__(self, weights: Weights) -> None:
        self.weights, self.den = weights

    def __getitem__(self, value) -> Fraction:
        return Fraction(self.weights[value], self.den)

    def __iter__(self):
        return iter(self.weights)

    def __len__(self) -> int:
        return len(self.weights)

    def at_least(self, value) -> Fraction:
        return Fraction(sum(w for v, w in self.weights.items() if v >= value), self.den)


def from_weights(weights: Weights) -> Sparse:
    values, den = weights
    return {v: Fraction(w, den) for v, w in values.items() if w}


FIXED_BITS = 64
MAX_FIXED_SUPPORT = 10_001


def _pack_list(coeffs: list[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coeffs), "little")


def _unpack_list(value: int, width: int, length: int) -> list[int]:
    raw = value.to_bytes(width * length, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(length)]


def _fixed_mul(a: list[int], b: list[int]) -> list[int]:
    """Product of two fixed-point (2^-FIXED_BITS) polynomials, rounded back to FIXED_BITS."""
    width = (2 * FIXED_BITS + max(len(a), len(b)).bit_length() + 8) // 8 + 1
    length = len(a) + len(b) - 1
    product = _unpack_list(_pack_list(a, width) * _pack_list(b, width), width, length)
    half = 1 << (FIXED_BITS - 1)
    return [(c + half) >> FIXED_BITS for c in product]


def nfold_fixed(dist: Mapping, n: int, budget: Budget | None = None) -> Sparse:
    """The n-fold sum by the same convolution, in 64-bit fixed point (relative error ~1e-17 per
    step): exact arithmetic except for rounding, used when exact integers would be too big."""
    lo, hi = min(dist), max(dist)
    scale = 1 << FIXED_BITS
    base = [0] * (hi - lo + 1)
    for v, p in dist.items():
        base[v - lo] = round(p * scale)
    if (hi - lo) * n + 1 > MAX_FIXED_SUPPORT:
        raise Unsupported("too large")
    if budget is not None:      # rounded tails make the packed integers short: measured, not modelled
        width = 8 * ((2 * FIXED_BITS + 64) // 8 + 1)
        budget.spend(0.25 * mul_cost(width * ((hi - lo) * n + 1)) + ((hi - lo) * n + 1) * 2)
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


def nfold(dist: Mapping, n: int, budget: Budget | None = None) -> Sparse:
    """Distribution of the sum of n independent copies."""
    if n == 1:
        return dict(dist)
    try:
        return from_weights(nfold_weights(dist, n, budget))
    except OverBudget:
        raise
    except Unsupported as exc:
        if str(exc) == "non-integer" and any(isinstance(v, float) or v != int(v) for v in dist):
            raise
        return nfold_fixed(dist, n, budget)


def uniform_sum_at_least(n: int, sides: int, total: int, budget: Budget | None = None) -> Fraction:
    """P(sum of n dice 1..sides ≥ total), by inclusion–exclusion (no distribution needed)."""
    if total <= n:
        return Fraction(1)
    if total > n * sides:
        return Fraction(0)
    if 2 * total > n * (sides + 1) + 1:       # the sum is symmetric: count the shorter tail
        return 1 - uniform_sum_at_least(n, sides, n * (sides + 1) + 1 - total, budget)
    # outcomes with sum ≤ t: Σ_k (-1)^k C(n,k) C(t - k·sides, n)
    t = total - 1
    terms = (t - n) // sides + 1
    bits = n * max(t, 2).bit_length()
    # C(m - sides, n) from C(m, n) by `sides` exact small steps, or each by math.comb: the cheaper
    step_cost, comb_cost = 0.3 + bits / 5_000, 1 + n * n / 2_000      # measured on CPython
    stepping = sides * step_cost < comb_cost
    if budget is not None:
        budget.spend(terms * (min(sides * step_cost, comb_cost) + 2) + comb_cost)
    below = 0
    binom_n_k = 1
    binom_m_n = math.comb(t, n)
    for k in range(terms):
        m = t - k * sides
        if k:
            binom_n_k = binom_n_k * (n - k + 1) // k
            if stepping:
                for i in range(sides):          # C(m-1, n) = C(m, n)·(m-n)/m, m going down
                    top = m + sides - i
                    binom_m_n = binom_m_n * (top - n) // top
            else:
                binom_m_n = math.comb(m, n)
        below += (-1) ** k * binom_n_k * binom_m_n
    return 1 - Fraction(below, sides ** n)


# --- keep highest / lowest -----------------------------------------------------------------

def keep_weights(weights: dict[int, int], den: int, n: int, keep: int, highest: bool,
                 budget: Budget | None = None) -> Weights:
    """Sum of the `keep` highest (or lowest) of n independent dice, as exact integer weights.

    Order statistics by a DP over the faces from the kept end: a state is how many dice have
    been placed so far (fewer than `keep`: all of them count) with, as one packed polynomial,
    the weights of their sum. Once `keep` dice are placed the rest are dropped, so they only
    need to show a face further from the kept end: (weight of those faces)^(dice left), in
    closed form. Work: faces × keep² big-integer steps, never an enumeration of the rolls.
    """
    keep = max(0, min(keep, n))
    if keep == 0:
        return {0: 1}, 1
    if keep == n:
        return nfold_weights(from_weights((weights, den)), n, budget)
    faces = sorted(weights, reverse=highest)
    lo = min(faces)
    span = max(faces) - lo
    field = _field(den ** n)
    size = field * (keep * span + 1)
    if budget is not None:
        budget.spend(len(faces) * keep * (keep + 1) * (linear_cost(size) * 4 + mul_cost(n * den.bit_length()) + 2))
    after = [0] * len(faces)        # weight of the faces further from the kept end than face i
    for i in range(len(faces) - 2, -1, -1):
        after[i] = after[i + 1] + weights[faces[i + 1]]
    states = [1] + [0] * (keep - 1)     # states[c]: polynomial of the sum of c counted dice
    out = 0
    for i, v in enumerate(faces):
        w, rest, step = weights[v], after[i], field * (v - lo)
        new = [0] * keep
        for c, poly in enumerate(states):
            if not poly:
                continue
            left, need = n - c, keep - c
            below = 0                   # Σ over m < need of C(left, m) w^m rest^(left-m)
            for m in range(min(need, left + 1)):
                coefficient = math.comb(left, m) * w ** m
                if c + m < keep:
                    new[c + m] += (coefficient * poly) << (step * m)
                below += coefficient * rest ** (left - m)
            finishing = (w + rest) ** left - below     # m ≥ need dice on this face: `need` of them count
            if finishing:
                out += (finishing * poly) << (step * need)
        states = new
    return _unpack(out, field, keep * span + 1, lo * keep), den ** n


def keep_sum(die: Mapping, n: int, keep: int, highest: bool, budget: Budget | None = None) -> Sparse:
    """Sum of the `keep` highest (or lowest) of n independent dice with distribution `die`."""
    weights, den = to_weights(die)
    return from_weights(keep_weights(weights, den, n, keep, highest, budget))


def normalised(dist: Mapping) -> Mapping:
    total = sum(dist.values(), Fraction(0))
    if total == 1 or total == 0:
        return dist
    return {v: p / total for v, p in dist.items()}


def tail(dist: Mapping, at_least) -> Fraction:
    return mass(dist, lambda v: v >= at_least)


__all__ = ["Sparse", "Unsupported", "OverBudget", "Budget", "ON_LOOP_WORK", "OFF_LOOP_WORK", "add_weights",
           "to_weights", "keep_weights", "WeightsView", "binomial_weights", "uniform", "point", "mass", "mean", "combine", "map_values", "nfold",
           "uniform_sum_at_least", "keep_sum", "tail", "normalised"]
