"""What a roll produced, as plain data: every die with its marks, the total or the successes,
the test, the exact probability and the expected value. `to_dict()` is JSON-serialisable so
the game-state history can store it; nothing here knows about Discord or a language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Mapping
from typing import Any

from i18n import Msg

# What `RollResult.probability` is the chance of:
AT_LEAST_SUCCESSES = "at_least_successes"   # at least this many successes
PASS = "pass"                               # the test passing (sum against a target)
AT_LEAST_TOTAL = "at_least_total"           # a total at least this high


@dataclass(frozen=True)
class DiceLimits:
    """Limits of one roll (config.toml `[dice]`)."""

    max_dice: int = 1000
    max_sides: int = 1000
    max_expression_length: int = 300
    max_rerolls_per_die: int = 100


@dataclass
class DieRoll:
    """One die. `rolls` is its history: every face it showed, the last one counts; earlier
    ones were rerolled. `chain` holds the follow-up dice of a 7+ attempt ("6, then 4+")."""

    sides: int
    rolls: list[int]
    value: int                      # the face that counts (after min/max)
    dropped: bool = False           # removed by keep/drop
    exploded: bool = False          # this die added another die
    extra: bool = False             # this die was added by an explosion
    forced: bool = False            # min/max changed its face
    chain: list[int] = field(default_factory=list)
    rerolled_attempts: list[dict[str, Any]] = field(default_factory=list)  # earlier attempts: {"rolls", "chain"}
    success: int | None = None      # successes this die scored (count mode): 0, 1, 2

    @property
    def history(self) -> list[int]:
        """Every face this die showed, in order (earlier attempts first); the last one counts."""
        return [r for attempt in self.rerolled_attempts for r in attempt["rolls"]] + list(self.rolls)

    @property
    def rerolled(self) -> bool:
        return len(self.rolls) > 1 or bool(self.rerolled_attempts)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sides": self.sides, "value": self.value, "rolls": list(self.rolls)}
        for flag in ("dropped", "exploded", "extra", "forced"):
            if getattr(self, flag):
                out[flag] = True
        if self.rerolled:
            out["rerolled"] = True
        if self.chain:
            out["chain"] = list(self.chain)
        if self.rerolled_attempts:
            out["rerolled_attempts"] = [dict(a) for a in self.rerolled_attempts]
        if self.success is not None:
            out["success"] = self.success
        return out


@dataclass
class DiceGroup:
    """One `NdX` term of the expression, as understood (`label`, e.g. "10d6ro1")."""

    label: str
    count: int
    sides: int
    dice: list[DieRoll]
    kind: str = "dice"              # "dice", or "d66" (tens and units of two D6)

    @property
    def total(self) -> int:
        if self.kind == "d66":
            return self.dice[0].value * 10 + self.dice[1].value
        return sum(d.value for d in self.dice if not d.dropped)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "count": self.count, "sides": self.sides, "kind": self.kind,
                "total": self.total, "dice": [d.to_dict() for d in self.dice]}


def _float(value) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def _num(value: int | float | Fraction | None) -> int | float | None:
    if value is None:
        return None
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else _float(value)
    return value


def _fraction(value: Fraction | None) -> str | None:
    if value is None:
        return None
    return f"{value.numerator}/{value.denominator}" if isinstance(value, Fraction) else repr(value)


def msg_dict(msg: Msg) -> dict[str, Any]:
    return {"key": msg.key, "params": {k: (msg_dict(v) if isinstance(v, Msg) else v) for k, v in msg.params.items()}}


@dataclass
class RollResult:
    """The outcome of `dice.roll`.

    mode: "total" (a sum), "successes" (dice counted against a per-die target) or
    "test" (a sum compared with a target: `2d6 <= 8`, `2d6+3 >= 10`).
    """

    input: str                      # what the player typed
    expression: str                 # as understood, normalised ("10d6 4+ rr1", "2d6 <= 8")
    mode: str
    groups: list[DiceGroup]
    total: int | float              # the value of the arithmetic expression (for a test: its left side)
    game: str | None = None
    successes: int | None = None
    target: str | None = None       # "4+", "7+ (6, 4+)", "<= 8"
    passed: bool | None = None      # the test's outcome
    probability: Fraction | float | None = None
    probability_kind: str | None = None   # AT_LEAST_SUCCESSES / PASS / AT_LEAST_TOTAL
    probability_exactly: Fraction | float | None = None  # successes: the chance of exactly this many
    expected: Fraction | float | None = None  # expected successes, or expected total
    exact: bool = True              # probability computed with exact integers (else exact DP in floats)
    notes: list[Msg] = field(default_factory=list)
    details: list[Msg] = field(default_factory=list)   # how the expression was understood (rerolls, chains…)
    rerolled_from: dict[str, Any] | None = None   # a test rolled again: {"total", "passed", "groups"} of the first try
    # The chart contract: the exact distribution of what the roll reports — the successes of a
    # pool, or the total (a test: its left side) — as {value: Fraction}, and the value rolled.
    # None when the chance came from a closed form or was over the work budget;
    # `dice.distribution(expression)` computes it (off the event loop) in that case.
    distribution: Mapping[int | float, Fraction] | None = None
    rolled_value: int | float | None = None
    work: int = 0                   # work units the exact odds took (dice.prob.Budget)

    @property
    def dice(self) -> list[DieRoll]:
        return [d for g in self.groups for d in g.dice]

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.input,
            "expression": self.expression,
            "mode": self.mode,
            "game": self.game,
            "total": _num(self.total),
            "successes": self.successes,
            "target": self.target,
            "passed": self.passed,
            "probability": None if self.probability is None else float(self.probability),
            "probability_exact": _fraction(self.probability) if isinstance(self.probability, Fraction) else None,
            "probability_kind": self.probability_kind,
            "probability_exactly": None if self.probability_exactly is None else float(self.probability_exactly),
            "expected": _float(self.expected),
            "groups": [g.to_dict() for g in self.groups],
            "notes": [msg_dict(m) for m in self.notes],
            "details": [msg_dict(m) for m in self.details],
            "rerolled_from": None if self.rerolled_from is None else {
                "total": _num(self.rerolled_from["total"]), "passed": self.rerolled_from["passed"],
                "groups": [g.to_dict() for g in self.rerolled_from["groups"]]},
        }


__all__ = ["DiceLimits", "DieRoll", "DiceGroup", "RollResult", "AT_LEAST_SUCCESSES", "PASS", "AT_LEAST_TOTAL"]
