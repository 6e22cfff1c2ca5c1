"""Rolling the tree of `dice.syntax` (our grammar, dice/grammar.lark, on `lark`).

Every die comes from the injected `Roller` (seeded in tests, `SystemRandom` in production);
every die is marked (rerolled, dropped, exploded, forced); limits raise our own errors; and
the wargame layer adds success counting, 7+ chains and wargame rerolls.

The semantics of the common d20 notation are kept (`rr` rerolls until no die matches, `ro` once, `ra` adds
one die, `e` explodes, `k`/`p` keep/drop, `mi`/`ma` minimum/maximum), in this order per group:
per-die operators as written, then explosions, then keep/drop highest/lowest. Two deliberate
departures, both wargame conventions: `D66` is a tens die and a units die (not 66 sides),
and `d%` is 1–100.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import lark

from dice import syntax as ast
from dice.errors import DiceError, DiceLimitError, DiceSyntaxError
from dice.normalize import Reroll, Text
from dice.result import DiceGroup, DiceLimits, DieRoll
from dice.roller import Roller

COMPARISONS = {">=", "<=", ">", "<", "==", "!="}


@dataclass(frozen=True)
class Sel:
    cat: str | None       # None (equal), "<", ">", "h", "l"
    num: int

    def matches(self, v: int) -> bool:
        if self.cat is None:
            return v == self.num
        if self.cat == "<":
            return v < self.num
        if self.cat == ">":
            return v > self.num
        return False

    def __str__(self) -> str:
        return f"{self.cat or ''}{self.num}"


def _matches(sels: list[Sel], v: int) -> bool:
    return any(s.matches(v) for s in sels)


@dataclass
class GroupSpec:
    """One `NdX` term: what to roll and the operators on it, in evaluation order."""

    count: int
    sides: int
    kind: str = "dice"                                   # "dice" or "d66"
    per_die: list[tuple[str, list[Sel]]] = field(default_factory=list)
    explode: list[Sel] | None = None                     # `e`: every matching die adds a die
    explode_once: list[Sel] | None = None                # `ra`: the first matching die adds one
    keeps: list[tuple[str, list[Sel]]] = field(default_factory=list)   # k/p with h/l selectors
    # count mode (success counting against a per-die target):
    chain: tuple[int, ...] | None = None                  # per-die minimums, None = cannot succeed
    count_mode: bool = False
    reroll: Reroll | None = None                         # wargame reroll, once per die
    double: frozenset[int] = frozenset()
    source: str = ""                                     # as written ("10d6")

    @property
    def label(self) -> str:
        if self.kind == "d66":
            return "D66"
        size = "%" if self.sides == 100 and self.source.endswith("%") else str(self.sides)
        text = f"{self.count}d{size}"
        for op, sels in self.per_die:
            text += "".join(f"{op}{s}" for s in sels)
        if self.explode:
            text += "".join(f"e{s}" for s in self.explode)
        if self.explode_once:
            text += "".join(f"ra{s}" for s in self.explode_once)
        for op, sels in self.keeps:
            text += "".join(f"{op}{s}" for s in sels)
        return text


# --- parsing ------------------------------------------------------------------------------

def parse(text: Text) -> ast.Node:
    source = text.s.strip()
    if not source:
        raise DiceError("dice.error.empty")
    offset = len(text.s) - len(text.s.lstrip())
    try:
        return ast.parse(source)
    except lark.exceptions.UnexpectedEOF:
        raise DiceSyntaxError(text.original, text.column(len(text.s.rstrip())), "") from None
    except lark.exceptions.UnexpectedInput as exc:
        index = getattr(exc, "pos_in_stream", None)
        if index is None:
            index = max(0, (getattr(exc, "column", 1) or 1) - 1)
        got = source[index:index + 1] if index < len(source) else ""
        if not got.strip():
            got = ""
        raise DiceSyntaxError(text.original, text.column(offset + index), got) from None
    except lark.exceptions.LarkError:
        raise DiceSyntaxError(text.original, 1, "") from None


def is_pool(node: Any) -> bool:
    return isinstance(node, (ast.Dice, ast.OperatedDice))


def literal_value(node: Any) -> int | float | None:
    while isinstance(node, ast.Parenthetical):
        node = node.value
    if isinstance(node, ast.Literal):
        return node.value
    if isinstance(node, ast.UnOp) and isinstance(node.value, ast.Literal):
        v = node.value.value
        return -v if node.op == "-" else v
    return None


def group_spec(node: Any, limits: DiceLimits) -> GroupSpec:
    operations = []
    if isinstance(node, ast.OperatedDice):
        operations = node.operations
        node = node.value
    size = node.size
    sides = 100 if size == "%" else int(size)
    count = int(node.num)
    spec = GroupSpec(count=count, sides=sides, source=f"{count}d{size}")
    if sides == 66:
        if count != 1:
            raise DiceError("dice.error.d66_count", example="dice.example.d66")
        if operations:
            raise DiceError("dice.error.d66_ops", example="dice.example.d66")
        spec.kind = "d66"
        spec.sides = 6
        return spec
    if count < 1:
        raise DiceError("dice.error.no_dice")
    if sides < 1:
        raise DiceError("dice.error.no_sides")
    if count > limits.max_dice:
        raise DiceLimitError("dice.error.too_many_dice", count=count, limit=limits.max_dice)
    if sides > limits.max_sides:
        raise DiceLimitError("dice.error.too_many_sides", sides=sides, limit=limits.max_sides)
    for operation in operations:
        op = operation.op
        sels = [Sel(s.cat, s.num) for s in operation.sels]
        has_hl = any(s.cat in ("h", "l") for s in sels)
        if op in ("k", "p") and has_hl:
            if not all(s.cat in ("h", "l") for s in sels):
                raise DiceError("dice.error.mixed_selectors", op=str(operation), example="dice.example.keep")
            spec.keeps.append((op, sels))
            continue
        if has_hl:
            raise DiceError("dice.error.hl_selector", op=str(operation), example="dice.example.keep")
        if op in ("mi", "ma") and sels[-1].cat is not None:
            raise DiceError("dice.error.minmax_selector", op=str(operation), example="dice.example.minmax")
        if op == "e":
            spec.explode = (spec.explode or []) + sels
        elif op == "ra":
            spec.explode_once = (spec.explode_once or []) + sels
        else:
            spec.per_die.append((op, sels))
    return spec


class _Groups(ast.Visitor[list]):
    def literal(self, node):
        return []

    def unary(self, node):
        return self.visit(node.value)

    def binary(self, node):
        return self.visit(node.left) + self.visit(node.right)

    def group(self, node):
        return [node]

    def number_set(self, node):
        if isinstance(node, ast.OperatedSet):
            return self.visit(node.value)
        return [group for value in node.values for group in self.visit(value)]


def groups_in(node: Any) -> list[Any]:
    """Every dice term of the expression, left to right."""
    return _Groups().visit(node)


# --- rolling ------------------------------------------------------------------------------

class _Budget:
    def __init__(self, limits: DiceLimits) -> None:
        self.limits = limits
        self.dice = 0

    def count(self, n: int = 1) -> None:
        self.dice += n
        # every die rolled, rerolls and explosions included, stays within a generous cap
        cap = self.limits.max_dice * (self.limits.max_rerolls_per_die + 1)
        if self.dice > cap:
            raise DiceLimitError("dice.error.too_many_rolls", limit=cap)


def _roll_attempt(spec: GroupSpec, roller: Roller, budget: _Budget, limits: DiceLimits) -> DieRoll:
    def fresh() -> int:
        budget.count()
        return roller.die(spec.sides)

    v = fresh()
    die = DieRoll(sides=spec.sides, rolls=[v], value=v)
    for op, sels in spec.per_die:
        if die.dropped:
            break
        if op == "rr":
            n = 0
            while _matches(sels, v):
                if n >= limits.max_rerolls_per_die:
                    raise DiceLimitError("dice.error.too_many_rerolls", limit=limits.max_rerolls_per_die,
                                         example="dice.example.reroll")
                v = fresh()
                die.rolls.append(v)
                n += 1
        elif op == "ro":
            if _matches(sels, v):
                v = fresh()
                die.rolls.append(v)
        elif op == "mi":
            if v < sels[-1].num:
                v = sels[-1].num
                die.forced = True
        elif op == "ma":
            if v > sels[-1].num:
                v = sels[-1].num
                die.forced = True
        elif op == "k":
            if not _matches(sels, v):
                die.dropped = True
        elif op == "p":
            if _matches(sels, v):
                die.dropped = True
    die.value = v
    if spec.count_mode and not die.dropped:
        die.success = 0
        chain = spec.chain
        if chain is not None and v >= chain[0]:
            ok = True
            for need in chain[1:]:
                c = fresh()
                die.chain.append(c)
                if c < need:
                    ok = False
                    break
            die.success = 1 if ok else 0
    return die


def _reroll_wanted(spec: GroupSpec, die: DieRoll) -> bool:
    r = spec.reroll
    if r is None or die.dropped:
        return False
    if r.kind == "fails":
        return die.success == 0
    if r.kind == "successes":
        return bool(die.success)
    return r.matches_value(die.value)


def _roll_one(spec: GroupSpec, roller: Roller, budget: _Budget, limits: DiceLimits) -> DieRoll:
    die = _roll_attempt(spec, roller, budget, limits)
    if _reroll_wanted(spec, die):
        again = _roll_attempt(spec, roller, budget, limits)
        again.rerolled_attempts = [{"rolls": list(die.rolls), "chain": list(die.chain)}]
        die = again
    if die.success and die.value in spec.double:
        die.success = 2
    return die


def roll_group(spec: GroupSpec, roller: Roller, budget: _Budget, limits: DiceLimits) -> DiceGroup:
    if spec.kind == "d66":
        budget.count(2)
        tens, units = roller.die(6), roller.die(6)
        return DiceGroup(label="D66", count=1, sides=6, kind="d66",
                         dice=[DieRoll(6, [tens], tens), DieRoll(6, [units], units)])
    dice: list[DieRoll] = []
    for _ in range(spec.count):
        die = _roll_one(spec, roller, budget, limits)
        dice.append(die)
        if spec.explode:
            depth = 0
            current = die
            while not current.dropped and _matches(spec.explode, current.value):
                if depth >= limits.max_rerolls_per_die:
                    raise DiceLimitError("dice.error.too_many_explosions", limit=limits.max_rerolls_per_die,
                                         example="dice.example.explode")
                current.exploded = True
                current = _roll_one(spec, roller, budget, limits)
                current.extra = True
                dice.append(current)
                depth += 1
    if spec.explode_once:
        for die in list(dice):
            if not die.dropped and _matches(spec.explode_once, die.value):
                die.exploded = True
                extra = _roll_one(spec, roller, budget, limits)
                extra.extra = True
                dice.append(extra)
                break
    for op, sels in spec.keeps:
        live = [d for d in dice if not d.dropped]
        chosen: set[int] = set()
        for sel in sels:
            ordered = sorted(live, key=lambda d: d.value, reverse=(sel.cat == "h"))
            chosen.update(id(d) for d in ordered[:max(sel.num, 0)])
        for d in live:
            if (op == "k") != (id(d) in chosen):
                d.dropped = True
    for d in dice:
        if d.dropped:
            d.success = None
    return DiceGroup(label=spec.label, count=spec.count, sides=spec.sides, dice=dice)


# --- arithmetic ---------------------------------------------------------------------------

def _finite(value: int | float) -> int | float:
    if isinstance(value, float) and not math.isfinite(value):
        raise DiceError("dice.error.too_big")
    if isinstance(value, int) and value.bit_length() > 3000:
        raise DiceError("dice.error.too_big")
    return value


def apply_op(op: str, left: int | float, right: int | float) -> int | float:
    try:
        if op == "+":
            out = left + right
        elif op == "-":
            out = left - right
        elif op == "*":
            out = left * right
        elif op == "/":
            out = left / right
            if isinstance(out, float) and out.is_integer() and abs(out) < 2 ** 53:
                out = int(out)
        elif op == "//":
            out = left // right
        elif op == "%":
            out = left % right
        elif op == ">=":
            out = int(left >= right)
        elif op == "<=":
            out = int(left <= right)
        elif op == ">":
            out = int(left > right)
        elif op == "<":
            out = int(left < right)
        elif op == "==":
            out = int(left == right)
        elif op == "!=":
            out = int(left != right)
        else:  # pragma: no cover - the grammar has no other operators
            raise DiceError("dice.error.unsupported", what=op)
    except ZeroDivisionError:
        raise DiceError("dice.error.division_by_zero") from None
    except OverflowError:
        raise DiceError("dice.error.too_big") from None
    return _finite(out)


class Evaluator(ast.Visitor):
    """Rolls every group once (in order) and computes the value of any node."""

    def __init__(self, specs: dict[int, GroupSpec], roller: Roller, limits: DiceLimits) -> None:
        self.specs = specs
        self.roller = roller
        self.limits = limits
        self.budget = _Budget(limits)
        self.groups: list[DiceGroup] = []
        self.by_node: dict[int, DiceGroup] = {}

    def value(self, node: Any) -> int | float:
        return self.visit(node)

    def literal(self, node):
        return _finite(node.value)

    def unary(self, node):
        v = self.visit(node.value)
        return -v if node.op == "-" else v

    def binary(self, node):
        return apply_op(node.op, self.visit(node.left), self.visit(node.right))

    def group(self, node):
        group = roll_group(self.specs[id(node)], self.roller, self.budget, self.limits)
        self.groups.append(group)
        self.by_node[id(node)] = group
        return group.total

    def number_set(self, node):
        raise DiceError("dice.error.sets", example="dice.example.default")


class _Text(ast.Visitor[str]):
    def __init__(self, specs: dict[int, GroupSpec]) -> None:
        self.specs = specs

    def literal(self, node):
        return str(node.value)

    def parens(self, node):
        return f"({self.visit(node.value)})"

    def unary(self, node):
        return f"{node.op}{self.visit(node.value)}"

    def binary(self, node):
        sep = " " if node.op in COMPARISONS else ""
        return f"{self.visit(node.left)}{sep}{node.op}{sep}{self.visit(node.right)}"

    def group(self, node):
        return self.specs[id(node)].label

    def number_set(self, node):
        return str(node)


def to_text(node: Any, specs: dict[int, GroupSpec]) -> str:
    """The expression as understood, with each dice term in its canonical form."""
    return _Text(specs).visit(node)


__all__ = ["GroupSpec", "Sel", "Evaluator", "parse", "is_pool", "literal_value", "group_spec",
           "groups_in", "to_text", "apply_op", "COMPARISONS", "Fraction"]
