"""Every way the dice can fall for one procedure, each with its exact probability: the roll
itself run once per sequence of faces (no odds code involved), so an /odds figure can be checked
against the procedure it claims to describe."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Callable, Hashable

from dice.roller import Roller


class _More(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Prefix(Roller):
    """Gives the faces of `prefix`, then asks for one more die."""

    def __init__(self, prefix: tuple[tuple[int, int], ...]) -> None:
        super().__init__()
        self.prefix, self.i = prefix, 0

    def die(self, sides: int = 6) -> int:
        if self.i == len(self.prefix):
            raise _More(sides)
        face = self.prefix[self.i][0]
        self.i += 1
        return face

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]


def every_roll(run: Callable[[Roller], Hashable], limit: int = 200_000) -> dict[Hashable, Fraction]:
    """{what `run` returns: its probability} over every sequence of faces the procedure asks for."""
    out: dict[Hashable, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, int], ...]] = [()]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        assert runs <= limit, "too many dice for an enumeration"
        try:
            value = run(_Prefix(prefix))
        except _More as more:
            stack.extend(prefix + ((face, more.sides),) for face in range(1, more.sides + 1))
            continue
        p = Fraction(1)
        for _, sides in prefix:
            p /= sides
        out[value] += p
    return dict(out)
