"""Exact distributions of what `dice.engine` rolls, stage by stage, mirroring its order:
per-die operators → 7+ chain → wargame reroll (once) → doubles → explosions → keep/drop.
"""
from __future__ import annotations

import math
import operator
from fractions import Fraction
from typing import Any

from dice import prob
from dice import syntax as ast
from dice.chains import chain_probability
from dice.engine import GroupSpec, _matches, apply_op
from dice.errors import DiceError
from dice.prob import Sparse, Unsupported

MAX_EXPLODE_WORK = 20_000
FAST_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul}   # exact on ints, can't fail

Outcome = tuple[int, bool, int]      # (face, dropped, successes)


def attempt_outcomes(spec: GroupSpec) -> dict[Outcome, Fraction]:
    base = prob.uniform(spec.sides)
    cur: dict[tuple[int, bool], Fraction] = {(v, False): p for v, p in base.items()}
    for op, sels in spec.per_die:
        nxt: dict[tuple[int, bool], Fraction] = {}

        def add(key: tuple[int, bool], p: Fraction, nxt: dict[tuple[int, bool], Fraction] = nxt) -> None:
            if p:
                nxt[key] = nxt.get(key, Fraction(0)) + p

        if op == "rr":
            keep = {u: q for u, q in base.items() if not _matches(sels, u)}
            kept_mass = sum(keep.values(), Fraction(0))
        moved = Fraction(0)     # mass that a reroll sends to a fresh die
        for (v, dropped), p in cur.items():
            if dropped:
                add((v, True), p)
            elif op in ("rr", "ro"):
                if _matches(sels, v):
                    moved += p
                else:
                    add((v, False), p)
            elif op == "mi":
                add((max(v, sels[-1].num), False), p)
            elif op == "ma":
                add((min(v, sels[-1].num), False), p)
            elif op == "k":
                add((v, not _matches(sels, v)), p)
            elif op == "p":
                add((v, _matches(sels, v)), p)
        if moved and op == "rr":
            # rerolled until no match: the fresh die conditioned on not matching
            if not kept_mass:
                raise Unsupported("endless reroll")
            for u, q in keep.items():
                add((u, False), moved * q / kept_mass)
        elif moved:
            for u, q in base.items():
                add((u, False), moved * q)
        cur = nxt
    out: dict[Outcome, Fraction] = {}
    for (v, dropped), p in cur.items():
        if dropped or not spec.count_mode:
            out[(v, dropped, 0)] = out.get((v, dropped, 0), Fraction(0)) + p
            continue
        chain = spec.chain
        if chain is None or v < chain[0]:
            out[(v, False, 0)] = out.get((v, False, 0), Fraction(0)) + p
            continue
        q = chain_probability(chain[1:], spec.sides)
        if q:
            out[(v, False, 1)] = out.get((v, False, 1), Fraction(0)) + p * q
        if q != 1:
            out[(v, False, 0)] = out.get((v, False, 0), Fraction(0)) + p * (1 - q)
    return out


def _wanted(spec: GroupSpec, o: Outcome) -> bool:
    v, dropped, s = o
    r = spec.reroll
    if r is None or dropped:
        return False
    if r.kind == "fails":
        return s == 0
    if r.kind == "successes":
        return s > 0
    return r.matches_value(v)


def final_outcomes(spec: GroupSpec) -> dict[Outcome, Fraction]:
    first = attempt_outcomes(spec)
    if spec.reroll is not None:
        again = sum((p for o, p in first.items() if _wanted(spec, o)), Fraction(0))
        merged: dict[Outcome, Fraction] = {o: p for o, p in first.items() if not _wanted(spec, o)}
        if again:
            for o, p in first.items():
                merged[o] = merged.get(o, Fraction(0)) + again * p
        first = {o: p for o, p in merged.items() if p}
    if spec.double:
        doubled: dict[Outcome, Fraction] = {}
        for (v, d, s), p in first.items():
            key = (v, d, 2 if s and v in spec.double else s)
            doubled[key] = doubled.get(key, Fraction(0)) + p
        first = doubled
    return first


EXPLODE_RESIDUAL = Fraction(1, 2 ** 80)


def die_score(spec: GroupSpec, depth: int, flags: set[str] | None = None,
              budget: prob.Budget | None = None) -> Sparse:
    """What one rolled die adds to its group (its face, or its successes), explosions included."""
    key = ("die", repr(spec), depth)
    if budget is not None and key in budget.memo:      # paid for once per roll
        return budget.memo[key]
    result = _die_score(spec, depth, flags, budget)
    if budget is not None:
        budget.memo[key] = result
    return result


def _die_score(spec: GroupSpec, depth: int, flags: set[str] | None, budget: prob.Budget | None) -> Sparse:
    if budget is not None:
        budget.spend(spec.sides * (len(spec.per_die) + 2) * 3)
    outcomes = final_outcomes(spec)

    def score(o: Outcome) -> int:
        v, dropped, s = o
        if spec.count_mode:
            return s
        return 0 if dropped else v

    plain: Sparse = {}
    boom: Sparse = {}
    for o, p in outcomes.items():
        target = boom if (spec.explode and not o[1] and _matches(spec.explode, o[0])) else plain
        prob.add_into(target, score(o), p)
    result = dict(plain)
    for (k, p) in boom.items():
        prob.add_into(result, k, p)
    if not boom:
        return result
    # S_k = plain + boom ⊛ S_{k-1}: a die that explodes adds another die, up to `depth` times.
    # Past the depth where an unbroken chain is rarer than 2^-80 the rest is left out (and the
    # result marked as not exact).
    boom_mass = sum(boom.values(), Fraction(0))
    levels, residual = 0, Fraction(1)
    while levels < depth and residual > EXPLODE_RESIDUAL:
        residual *= boom_mass
        levels += 1
    if levels < depth and flags is not None:
        flags.add("truncated")
    if levels * len(boom) * len(result) * 2 > MAX_EXPLODE_WORK:
        raise Unsupported("explosion")
    current = dict(result)
    work = 0
    for _ in range(levels):
        if budget is not None:      # Fractions with growing denominators: ~6 µs a pair, measured
            budget.spend(len(boom) * len(current) * 6)
        nxt = dict(plain)
        for b, pb in boom.items():
            for s, ps in current.items():
                prob.add_into(nxt, b + s, pb * ps)
        work += len(boom) * len(current)
        if work > MAX_EXPLODE_WORK:
            raise Unsupported("explosion")
        current = nxt
    return current


def _keep_of(spec: GroupSpec) -> tuple[int, bool]:
    """(dice kept, from the highest?) of a group with one keep/drop highest/lowest."""
    if spec.count_mode or spec.explode or len(spec.keeps) != 1 or len(spec.keeps[0][1]) != 1 \
            or any(op in ("k", "p") for op, _ in spec.per_die):
        raise Unsupported("keep")
    op, (sel,) = spec.keeps[0]
    highest, keep = sel.cat == "h", sel.num
    if op == "p":               # drop the highest k = keep the lowest n-k
        highest, keep = not highest, spec.count - sel.num
    return keep, highest


def group_weights(spec: GroupSpec, depth: int, flags: set[str] | None = None,
                  budget: prob.Budget | None = None) -> prob.Weights:
    """A group's exact distribution as integer weights; Unsupported if not exact within budget."""
    if spec.kind == "d66":
        return {10 * a + b: 1 for a in range(1, 7) for b in range(1, 7)}, 36
    if spec.explode_once:
        raise Unsupported("ra")
    die = die_score(spec, depth, flags, budget)
    if spec.keeps:
        keep, highest = _keep_of(spec)
        weights, den = prob.to_weights(die)
        return prob.keep_weights(weights, den, spec.count, keep, highest, budget)
    return prob.nfold_weights(die, spec.count, budget)


def group_dist(spec: GroupSpec, depth: int, flags: set[str] | None = None,
               budget: prob.Budget | None = None) -> Sparse:
    try:
        return prob.from_weights(group_weights(spec, depth, flags, budget))
    except Unsupported as exc:
        if spec.kind != "dice" or spec.keeps or spec.explode_once or str(exc) == "non-integer":
            raise
        exact_failed = exc
    # exact integers don't fit: the same convolution in 64-bit fixed point (marked ≈)
    try:
        return prob.nfold_fixed(die_score(spec, depth, flags, budget), spec.count, budget)
    except Unsupported:
        raise exact_failed from None


def group_mean(spec: GroupSpec, depth: int, flags: set[str] | None = None,
               budget: prob.Budget | None = None) -> Fraction:
    if spec.kind == "d66" or spec.keeps or spec.explode_once:
        return prob.mean(group_dist(spec, depth, flags, budget))
    if is_plain(spec):
        return Fraction(spec.count * (spec.sides + 1), 2)
    return spec.count * prob.mean(die_score(spec, depth, flags, budget))


def is_plain(spec: GroupSpec) -> bool:
    return (spec.kind == "dice" and not spec.per_die and not spec.explode and not spec.explode_once
            and not spec.keeps and not spec.count_mode)


class ExpressionOdds(ast.Visitor[Sparse]):
    """The exact distribution of an expression's tree, under ONE work budget for the whole roll.

    Each group's distribution is computed once (the chance, the expected value and the chart
    all read the same one); sums and differences of independent groups are one polynomial
    product each; past the budget, `prob.OverBudget` (an `Unsupported`)."""

    def __init__(self, specs: dict[int, GroupSpec], depth: int, budget: prob.Budget | None = None) -> None:
        self.specs = specs
        self.depth = depth
        self.flags: set[str] = set()
        self.budget = budget if budget is not None else prob.Budget()
        self._groups: dict[str, Sparse] = {}
        self._nodes: dict[int, Sparse] = {}
        self._means: dict[str, Fraction] = {}

    @property
    def work(self) -> int:
        return self.budget.spent

    def group(self, node: Any) -> Sparse:
        key = repr(self.specs[id(node)])       # `3d128kh2+3d128kh2`: one group computed once
        if key not in self._groups:
            self._groups[key] = group_dist(self.specs[id(node)], self.depth, self.flags, self.budget)
        return self._groups[key]

    def _term_key(self, node: Any) -> str | int:
        if isinstance(node, (ast.Dice, ast.OperatedDice)):
            return repr(self.specs[id(node)])
        return id(node)

    def _sum(self, node: ast.BinOp) -> Sparse | None:
        """A chain of `+` with integer values: equal terms by one power, the rest by products."""
        terms: list[Any] = []
        stack: list[Any] = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, ast.BinOp) and current.op == "+":
                stack += [current.right, current.left]
            else:
                terms.append(current)
        counts: dict[Any, list] = {}
        for term in terms:
            counts.setdefault(self._term_key(term), [term, 0])[1] += 1
        total: prob.Weights | None = None
        try:
            for term, times in counts.values():
                weights = prob.to_weights(self.dist(term))
                if times > 1:
                    weights = prob.nfold_weights(prob.from_weights(weights), times, self.budget)
                total = weights if total is None else prob.add_weights(total, weights, self.budget)
        except prob.OverBudget:
            raise
        except Unsupported:
            return None
        return prob.from_weights(total) if total is not None else None

    def dist(self, node: Any) -> Sparse:
        return self.visit(node)

    def visit(self, node: Any) -> Sparse:
        key = id(node)
        if key not in self._nodes:
            self._nodes[key] = super().visit(node)
        return self._nodes[key]

    def computed(self, node: Any) -> Sparse | None:
        """The node's distribution if it was computed (for the chance), else None."""
        return self._nodes.get(id(node))

    def literal(self, node: ast.Literal) -> Sparse:
        return prob.point(node.value)

    def unary(self, node: ast.UnOp) -> Sparse:
        inner = self.visit(node.value)
        return prob.map_values(inner, (lambda v: -v) if node.op == "-" else (lambda v: v))

    def binary(self, node: ast.BinOp) -> Sparse:
        if node.op == "+":
            summed = self._sum(node)
            if summed is not None:
                return summed
        left, right = self.visit(node.left), self.visit(node.right)
        if node.op in ("+", "-"):
            try:
                a, b = prob.to_weights(left), prob.to_weights(right)
            except Unsupported:
                pass
            else:
                return prob.from_weights(prob.add_weights(a, b, self.budget, negate_b=node.op == "-"))
        fast = FAST_OPS.get(node.op)
        if fast is not None and all(isinstance(v, int) for v in (*left, *right)):
            return prob.combine(left, right, fast, self.budget)
        op = node.op
        try:
            return prob.combine(left, right, lambda a, b: apply_op(op, a, b), self.budget)
        except DiceError:
            raise Unsupported("arithmetic") from None

    def number_set(self, node: Any) -> Sparse:
        raise Unsupported(type(node).__name__)

    def weights(self, node: Any) -> prob.Weights:
        spec = self.specs[id(node)]
        if spec.kind != "dice" or spec.explode_once or spec.keeps:
            raise Unsupported("shape")
        return group_weights(spec, self.depth, self.flags, self.budget)

    def mean(self, node: Any) -> Fraction:
        return _Mean(self).visit(node)

    def plain_shift(self, node: Any) -> tuple[GroupSpec, int] | None:
        """`NdX`, `NdX + c` or `NdX - c` with plain dice: tails have a closed form."""
        if isinstance(node, ast.Parenthetical):
            return self.plain_shift(node.value)
        if isinstance(node, (ast.Dice, ast.OperatedDice)):
            spec = self.specs[id(node)]
            return (spec, 0) if is_plain(spec) else None
        if isinstance(node, ast.BinOp) and node.op in ("+", "-"):
            left = self.plain_shift(node.left)
            right = node.right
            if left and isinstance(right, ast.Literal) and isinstance(right.value, int):
                return left[0], left[1] + (right.value if node.op == "+" else -right.value)
        return None

    def at_least(self, node: Any, threshold: int | float) -> Fraction:
        """P(value ≥ threshold). Plain sums (`NdX ± c`) use the closed form: exact and fast."""
        shifted = self.plain_shift(node)
        if shifted is not None:
            spec, c = shifted
            return prob.uniform_sum_at_least(spec.count, spec.sides, math.ceil(threshold - c), self.budget)
        return prob.tail(self.dist(node), threshold)

    def passes(self, node: Any, op: str, threshold: int | float) -> Fraction:
        """P(value <op> threshold)."""
        if self.plain_shift(node) is not None and op in (">=", ">", "<=", "<"):
            # integer-valued plain sums: the closed-form tail
            if op == ">=":
                return self.at_least(node, math.ceil(threshold))
            if op == ">":
                return self.at_least(node, math.floor(threshold) + 1)
            if op == "<=":
                return 1 - self.at_least(node, math.floor(threshold) + 1)
            return 1 - self.at_least(node, math.ceil(threshold))
        return prob.mass(self.dist(node), lambda v: bool(apply_op(op, v, threshold)))


class _Mean(ast.Visitor[Fraction]):
    """The expected value: by linearity where it holds, else from the distribution."""

    def __init__(self, odds: ExpressionOdds) -> None:
        self.odds = odds

    def literal(self, node: ast.Literal) -> Fraction:
        return Fraction(node.value)

    def unary(self, node: ast.UnOp) -> Fraction:
        m = self.visit(node.value)
        return -m if node.op == "-" else m

    def binary(self, node: ast.BinOp) -> Fraction:
        if node.op not in ("+", "-", "*"):      # `*` of independent terms: the product of means
            return prob.mean(self.odds.dist(node))
        a, b = self.visit(node.left), self.visit(node.right)
        return a + b if node.op == "+" else a - b if node.op == "-" else a * b

    def group(self, node: Any) -> Fraction:
        odds = self.odds
        spec = odds.specs[id(node)]
        key = repr(spec)
        if key not in odds._means:
            if key in odds._groups or spec.kind == "d66" or spec.keeps or spec.explode_once:
                odds._means[key] = prob.mean(odds.group(node))
            else:
                odds._means[key] = group_mean(spec, odds.depth, odds.flags, odds.budget)
        return odds._means[key]

    def number_set(self, node: Any) -> Fraction:
        return prob.mean(self.odds.dist(node))


__all__ = ["ExpressionOdds", "final_outcomes", "die_score", "group_dist", "group_mean", "is_plain"]
