"""Where dice values come from.

Every procedure takes a `Roller` so tests can seed it and production can't be predicted.
Production uses the operating system's generator (`random.SystemRandom`).
"""
from __future__ import annotations

import random


class Roller:
    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.SystemRandom()

    @classmethod
    def seeded(cls, seed: int) -> "Roller":
        return cls(random.Random(seed))

    @classmethod
    def scripted(cls, faces) -> "Roller":
        """Dice that come up as listed, in order: the books' worked examples name their dice."""
        return cls(_ScriptedRandom(faces))

    @property
    def reproducible(self) -> bool:
        """Seeded or scripted dice (tests); the system's generator has no state to carry."""
        return not isinstance(self.rng, random.SystemRandom)

    def portable(self) -> "Roller | None":
        """What to send a worker process: this roller when reproducible, else None (the worker
        uses its own system generator)."""
        return self if self.reproducible else None

    def continue_from(self, other: "Roller | None") -> None:
        """Go on from where `other` (this roller's copy, back from a worker) stopped."""
        if other is not None and self.reproducible:
            self.rng = other.rng

    def die(self, sides: int = 6) -> int:
        """One die: 1..sides."""
        return self.rng.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.rng.randint(1, sides) for _ in range(count)]

    def d3(self) -> int:
        """D3 as the books define it: a D6 halved, rounding up (1-2→1, 3-4→2, 5-6→3)."""
        return (self.die(6) + 1) // 2


class _ScriptedRandom(random.Random):
    def __init__(self, faces) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if not self.faces:
            raise RuntimeError("the scripted dice ran out")
        face = self.faces.pop(0)
        if not a <= face <= b:
            raise ValueError(f"scripted face {face} can't come up on a roll of {a}..{b}")
        return face
