"""The project's distribution: P(exactly k) for consecutive integers k, exact (issue 11 §1).

`Dist` is read as the mapping {value: Fraction} that `dice.prob` computes with (so `prob.mean`,
`prob.tail`, `prob.combine` take it as it is), stored as an offset and a tuple: what the game
packages' /odds count (hits, kills, wounds, cm), what their replies list row by row and what a
chart draws. It keeps the values it was built over even where their chance is 0 (a binomial of
n dice runs 0..n), so a chart's axis doesn't depend on which results happen to be impossible.

    Dist.binomial(10, Fraction(1, 2)).at_least(6)
    Dist.dice(2).mean() == 7
    Dist.binomial(6, p).thin(q) == Dist.binomial(6, p * q)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from dice import prob

ZERO = Fraction(0)


@dataclass(frozen=True)
class Dist(Mapping[int, Fraction]):
    """P(exactly offset + i) = probabilities[i]; 0 outside."""

    offset: int
    probabilities: tuple[Fraction, ...]

    # --- made from ------------------------------------------------------------------------

    @classmethod
    def of(cls, mapping: Mapping[int, Fraction], low: int | None = None, high: int | None = None) -> Dist:
        """From {value: probability}, over low..high (by default its smallest to largest value)."""
        low = min(mapping) if low is None else low
        high = max(mapping) if high is None else high
        return cls(low, tuple(Fraction(mapping.get(k, ZERO)) for k in range(low, high + 1)))

    @classmethod
    def point(cls, value: int) -> Dist:
        return cls(value, (Fraction(1),))

    @classmethod
    def _weights(cls, weights: prob.Weights, low: int, high: int) -> Dist:
        values, den = weights
        return cls(low, tuple(Fraction(values.get(k, 0), den) for k in range(low, high + 1)))

    @classmethod
    def binomial(cls, n: int, p: Fraction) -> Dist:
        """Successes of n independent tries each succeeding with p: integer terms over one
        denominator (fast for hundreds of dice)."""
        return cls._weights(prob.binomial_weights(0, 1, Fraction(p), n), 0, n)

    @classmethod
    def dice(cls, n: int, sides: int = 6) -> Dist:
        """The total of n dice numbered 1..sides."""
        return cls._weights(prob.nfold_weights(prob.uniform(sides), n), n, n * sides)

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Dist]]) -> Dist:
        """With chance w, drawn from d, for each (w, d) (the chances summing to 1): over every
        value any part has."""
        parts = list(parts)
        low = min(d.offset for _, d in parts)
        high = max(d.high for _, d in parts)
        out = [ZERO] * (high - low + 1)
        for weight, d in parts:
            for i, p in enumerate(d.probabilities, d.offset - low):
                out[i] += weight * p
        return cls(low, tuple(out))

    # --- made into ------------------------------------------------------------------------

    def convolve(self, other: Dist) -> Dist:
        """The sum of two independent values."""
        total = prob.add_weights(prob.to_weights(self), prob.to_weights(other))
        return Dist._weights(total, self.offset + other.offset, self.high + other.high)

    def thin(self, p: Fraction) -> Dist:
        """Each of the k counted things independently survives with p: the survivors."""
        out = [ZERO] * (self.high + 1)
        for k, pk in self.items():
            if pk:
                for j, pj in enumerate(Dist.binomial(k, p).probabilities):
                    out[j] += pk * pj
        return Dist(0, tuple(out))

    def map(self, fn: Callable[[int], int]) -> Dist:
        """The distribution of fn(value)."""
        out: dict[int, Fraction] = {}
        for k, p in self.items():
            value = fn(k)
            out[value] = out.get(value, ZERO) + p
        return Dist.of(out)

    # --- read -----------------------------------------------------------------------------

    @property
    def high(self) -> int:
        return self.offset + len(self.probabilities) - 1

    def at_least(self, k: int) -> Fraction:
        return sum(self.probabilities[max(k - self.offset, 0):], ZERO)

    def mean(self) -> Fraction:
        return prob.mean(self)

    def total(self) -> Fraction:
        """The sum of the chances: 1 for a whole distribution."""
        return sum(self.probabilities, ZERO)

    def __getitem__(self, value: int) -> Fraction:
        i = value - self.offset
        return self.probabilities[i] if 0 <= i < len(self.probabilities) else ZERO

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.offset <= value <= self.high

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.offset, self.high + 1))

    def __len__(self) -> int:
        return len(self.probabilities)


__all__ = ["Dist"]
