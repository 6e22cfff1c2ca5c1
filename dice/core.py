"""`roll(expression, game, roller)`: the wargame layer over the d20 adapter.

Three kinds of roll, chosen from the expression and said in the reply:
- successes: a pool of dice counted against a per-die target written `N+` — `10d6 4+`,
  `10к6 на 4+` (or a 7+ the game has a rule for);
- test: a sum compared with a target — any comparison sign (`2d6 <= 8`, `2d6 >= 5`,
  `2d6+3 >= 10`), `2d6 8-` (at most 8), or `N+` after a sum that isn't a bare pool (`2d6+3 10+`);
- total: anything else — `3d6+2`, `4d6kh3`, `D66`, `d%`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dice import chains
from dice import syntax as ast
from dice.engine import (COMPARISONS, Evaluator, GroupSpec, Sel, apply_op, group_spec, groups_in, is_pool,
                         literal_value, parse, to_text)
from dice.errors import DiceError, DiceLimitError
from dice.normalize import Clauses, normalize
from dice.odds import ExpressionOdds
from dice import prob
from dice.prob import Unsupported
from dice.result import AT_LEAST_SUCCESSES, AT_LEAST_TOTAL, PASS, DiceLimits, RollResult
from dice.roller import Roller
from games.registry import GAMES, resolve_game
from i18n import Msg

_DEFAULT_ROLLER: Roller | None = None


def _roller(roller: Roller | None) -> Roller:
    global _DEFAULT_ROLLER
    if roller is not None:
        return roller
    if _DEFAULT_ROLLER is None:
        _DEFAULT_ROLLER = Roller()      # SystemRandom
    return _DEFAULT_ROLLER


def _game_id(game: str | None) -> str | None:
    if game is None or game == "":
        return None
    if not isinstance(game, str):
        raise DiceError("dice.error.unknown_game", game=str(game), example="dice.example.game")
    if game in GAMES:
        return game
    info = resolve_game(game)
    if info is None:
        raise DiceError("dice.error.unknown_game", game=game, example="dice.example.game")
    return info.id


def _fmt_num(value) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _target_text(target: int, chain: tuple[int, ...] | None, sides: int) -> str:
    if chain is None:
        return f"{target}+"
    if len(chain) == 1:
        return f"{chain[0]}+" if chain[0] == target else f"{target}+ → {chain[0]}+"
    return f"{target}+ (" + ", ".join(f"{n}+" if n < sides else f"{n}" for n in chain) + ")"


def roll(expression: str, game: str | None = None, roller: Roller | None = None,
         limits: DiceLimits | None = None, work: int = prob.ON_LOOP_WORK) -> RollResult:
    """Roll a wargame dice expression. Raises only `DiceError` (an `i18n.UserError`).

    `work` bounds the exact odds of the whole roll (`dice.prob.Budget` units, ~1 µs each):
    the default fits the event loop; where `is_heavy(expression)` says so, roll in a worker
    process with `work=OFF_LOOP_WORK`. Past the budget the result has no exact chance and
    says why (`dice.note.odds_over_budget`)."""
    game_id, limits = _checked(expression, game, limits)
    try:
        return _roll(expression, game_id, _roller(roller), limits, work)
    except DiceError:
        raise
    except RecursionError:
        raise DiceError("dice.error.too_deep") from None


@dataclass
class Plan:
    """What an expression means, before any die is rolled."""

    root: Any
    nodes: list[Any]
    specs: dict[int, GroupSpec]
    clauses: Clauses
    mode: str
    left: Any
    op: str | None
    threshold: int | float | None
    pool: GroupSpec | None
    target_label: str | None
    notes: list[Msg]
    details: list[Msg]
    test_reroll: str | None = None       # "fails"/"successes": roll the whole test again, once

    # A test has its comparison and a count its pool, whatever the mode left unset: these say
    # so once, where the mode is known, instead of at every use.
    @property
    def test(self) -> tuple[str, int | float]:
        assert self.op is not None and self.threshold is not None, "a test has a comparison"
        return self.op, self.threshold

    @property
    def counted(self) -> GroupSpec:
        assert self.pool is not None, "a count has a pool"
        return self.pool


def _checked(expression: str, game: str | None, limits: DiceLimits | None) -> tuple[str | None, DiceLimits]:
    limits = limits or DiceLimits()
    if not isinstance(expression, str):
        raise DiceError("dice.error.empty")
    if len(expression) > limits.max_expression_length:
        raise DiceLimitError("dice.error.too_long", length=len(expression), limit=limits.max_expression_length)
    return _game_id(game), limits


def is_heavy(expression: str, game: str | None = None, limits: DiceLimits | None = None) -> bool:
    """True when the exact odds of this roll don't fit the event loop's work budget: the caller
    should defer and `roll(..., work=OFF_LOOP_WORK)` in a worker process (app.compute.run).
    Costs at most the on-loop budget itself; what it computed is reused by the next `roll`."""
    try:
        game_id, limits = _checked(expression, game, limits)
        plan = _plan(expression, game_id, limits)
        odds = ExpressionOdds(plan.specs, limits.max_rerolls_per_die, prob.Budget(prob.ON_LOOP_WORK))
        node = plan.nodes[0] if plan.mode == "successes" else plan.left
        try:
            typical = math.floor(odds.mean(node))      # a tail near the middle costs the most
        except prob.OverBudget:
            raise
        except Unsupported:
            typical = 0
        probe = RollResult(input=expression, expression="", mode=plan.mode, groups=[], total=typical,
                           successes=typical)
        _fill_odds(probe, plan, odds)
    except prob.OverBudget:
        return True
    except (DiceError, Unsupported, RecursionError):
        return False        # `roll` answers these at once (an error, or a note)
    return False


def roll_detached(expression: str, game: str | None, roller: Roller | None, limits: DiceLimits | None,
                  work: int = prob.OFF_LOOP_WORK) -> tuple[RollResult, Roller | None]:
    """`roll` in a worker process (`roller`: `Roller.portable()`). A reproducible roller comes
    back too, so a caller whose dice are seeded (tests) continues from where the worker's dice
    stopped (`Roller.continue_from`)."""
    return roll(expression, game, roller, limits, work), roller


def distribution(expression: str, game: str | None = None, limits: DiceLimits | None = None,
                 work: int = prob.OFF_LOOP_WORK) -> dict:
    """The exact distribution of what `roll` would report: the successes of a pool, the total
    of a test's left side, or the total. {value: Fraction} (floats past the exact budget).
    Raises DiceError for bad input and for shapes with no distribution within budget."""
    game_id, limits = _checked(expression, game, limits)
    try:
        plan = _plan(expression, game_id, limits)
        odds = ExpressionOdds(plan.specs, limits.max_rerolls_per_die, prob.Budget(work))
        return odds.dist(plan.nodes[0] if plan.mode == "successes" else plan.left)
    except Unsupported:
        raise DiceError("dice.note.no_probability") from None
    except RecursionError:
        raise DiceError("dice.error.too_deep") from None


def _plan(expression: str, game: str | None, limits: DiceLimits) -> Plan:
    text, clauses = normalize(expression)
    root = parse(text)
    nodes = groups_in(root)
    if not nodes:
        raise DiceError("dice.error.no_dice_in_expression")
    specs: dict[int, GroupSpec] = {id(n): group_spec(n, limits) for n in nodes}
    total_dice = sum(s.count for s in specs.values())
    if total_dice > limits.max_dice:
        raise DiceLimitError("dice.error.too_many_dice", count=total_dice, limit=limits.max_dice)

    notes: list[Msg] = []
    details: list[Msg] = []

    # --- which kind of roll -------------------------------------------------------------
    comparison = None
    if isinstance(root, ast.BinOp) and root.op in COMPARISONS and literal_value(root.right) is not None:
        comparison = (root.op, literal_value(root.right))
    mode = "total"
    left: ast.Node = root
    op: str | None = None
    threshold: int | float | None = None
    pool: GroupSpec | None = None                # set exactly when dice are counted
    if clauses.target is not None:
        if comparison is not None:
            raise DiceError("dice.error.duplicate_clause", what=Msg.of("dice.clause.target"), column=1)
        if is_pool(root):
            mode, pool, threshold = "successes", specs[id(nodes[0])], clauses.target
        else:
            mode, op, threshold = "test", ">=", clauses.target
    elif clauses.under is not None:
        if comparison is not None:
            raise DiceError("dice.error.duplicate_clause", what=Msg.of("dice.clause.target"), column=1)
        mode, op, threshold = "test", "<=", clauses.under
    elif comparison is not None:
        # THE rule (README, docs/dice.md): a comparison sign always tests the sum; dice are
        # counted only against a target written `N+` (`10d6 4+`, `10к6 на 4+`).
        op, threshold = comparison
        assert isinstance(root, ast.BinOp)
        left = root.left
        mode = "test"
        if is_pool(left) and op in (">=", ">") and isinstance(threshold, int) and not clauses.keep:
            spec = specs[id(groups_in(left)[0])]
            need = threshold if op == ">=" else threshold + 1
            if spec.kind == "dice" and spec.count >= 2 and not spec.keeps and 1 < need <= spec.sides:
                notes.append(Msg.of("dice.note.comparison_is_sum", pool=f"{spec.count}d{spec.sides}",
                                    target=need))
    if mode == "test":
        details.append(Msg.of("dice.detail.sum_test"))
    elif mode == "successes":
        details.append(Msg.of("dice.detail.count"))

    # --- wargame clauses ----------------------------------------------------------------
    first = specs[id(nodes[0])]
    target_label = None
    test_reroll = None
    if mode == "successes":
        assert pool is not None and clauses.target is not None
        pool.count_mode = True
        pool.chain = chains.target_chain(game, clauses.target, pool.sides)
        target_label = _target_text(clauses.target, pool.chain, pool.sides)
        _target_notes(game, clauses.target, pool, notes, details)
    if clauses.reroll is not None:
        r = clauses.reroll
        if pool is not None:
            pool.reroll = r
            details.append(Msg.of(f"dice.detail.reroll.{r.kind}", values=", ".join(map(str, r.values)),
                                  threshold=r.threshold))
        elif r.kind in ("fails", "successes") and mode == "test":
            test_reroll = r.kind        # the whole test is rolled again, once
            details.append(Msg.of(f"dice.detail.test_reroll.{r.kind}"))
        elif r.kind in ("fails", "successes"):
            raise DiceError("dice.error.reroll_needs_target", example="dice.example.reroll")
        else:
            sel = ([Sel(None, v) for v in r.values] if r.kind == "values"
                   else [Sel("<" if r.kind == "below" else ">", r.threshold)])
            for spec in specs.values():
                if spec.kind == "dice":
                    spec.per_die.append(("ro", sel))
            details.append(Msg.of(f"dice.detail.reroll.{r.kind}", values=", ".join(map(str, r.values)),
                                  threshold=r.threshold))
    if clauses.double:
        if pool is None:
            raise DiceError("dice.error.double_needs_target", example="dice.example.double")
        pool.double = frozenset({6}) if pool.sides >= 6 else frozenset({pool.sides})
        details.append(Msg.of("dice.detail.double", face=max(pool.double)))
    if clauses.explode:
        target_spec = pool or first
        if target_spec.kind != "dice" or target_spec.sides < 2:
            raise DiceError("dice.error.explode_d1", example="dice.example.explode")
        face = target_spec.sides          # the highest face: a 6 on a D6
        target_spec.explode = (target_spec.explode or []) + [Sel(None, face)]
        details.append(Msg.of("dice.detail.explode", face=face))
    if clauses.drop is not None:
        target_spec = pool or first
        if target_spec.kind != "dice":
            raise DiceError("dice.error.d66_ops", example="dice.example.d66")
        target_spec.keeps.append(("p", [Sel(clauses.drop, 1)]))
    if clauses.keep is not None:
        target_spec = pool or first
        if target_spec.kind != "dice":
            raise DiceError("dice.error.d66_ops", example="dice.example.d66")
        target_spec.keeps.append(("k", [Sel(clauses.keep, 1)]))
        details.append(Msg.of(f"dice.detail.keep_{clauses.keep}"))
    for spec in specs.values():
        if spec.sides == 100 and spec.source.endswith("%"):
            details.append(Msg.of("dice.detail.percent"))
            break
    if any(spec.kind == "d66" for spec in specs.values()):
        details.append(Msg.of("dice.detail.d66"))
    return Plan(root, nodes, specs, clauses, mode, left, op, threshold, pool, target_label, notes, details,
                test_reroll)


def _roll(expression: str, game: str | None, roller: Roller, limits: DiceLimits, work: int) -> RollResult:
    plan = _plan(expression, game, limits)
    root, nodes, specs, clauses, mode = plan.root, plan.nodes, plan.specs, plan.clauses, plan.mode
    left = plan.left
    notes, details, target_label = plan.notes, plan.details, plan.target_label

    # --- roll -----------------------------------------------------------------------------
    evaluator = Evaluator(specs, roller, limits)
    value = evaluator.value(left)
    if left is not root:
        evaluator.value(root.right)   # a literal: no dice
    groups = evaluator.groups
    rerolled_from = None
    if plan.test_reroll is not None:
        passed = bool(apply_op(plan.test[0], value, plan.test[1]))
        if passed == (plan.test_reroll == "successes"):
            rerolled_from = {"total": value, "passed": passed, "groups": groups}
            evaluator = Evaluator(specs, roller, limits)
            value = evaluator.value(left)
            groups = evaluator.groups

    understood = to_text(root, specs)
    if mode == "successes" and clauses.target is not None:
        understood += f" {clauses.target}+"
    elif mode == "test" and clauses.target is not None:
        understood += f" >= {clauses.target}"
    elif mode == "test" and clauses.under is not None:
        understood += f" <= {clauses.under}"
    if mode == "successes" and plan.counted.reroll is not None:
        understood += f" {plan.counted.reroll.label()}"
    if mode == "successes" and plan.counted.double:
        understood += " 6x2"
    if plan.test_reroll is not None:
        understood += f" rr {plan.test_reroll}"

    result = RollResult(input=expression, expression=understood, mode=mode, groups=groups, total=value,
                        game=game, notes=notes, details=details, rerolled_from=rerolled_from)

    if mode == "successes":
        group = evaluator.by_node[id(nodes[0])]
        result.successes = sum(d.success or 0 for d in group.dice)
        result.target = target_label
        result.probability_kind = AT_LEAST_SUCCESSES
    elif mode == "test":
        op, threshold = plan.test
        result.target = f"{op} {_fmt_num(threshold)}"
        result.passed = bool(apply_op(op, value, threshold))
        result.probability_kind = PASS
    else:
        result.probability_kind = AT_LEAST_TOTAL
    budget = prob.Budget(work)
    odds = ExpressionOdds(specs, limits.max_rerolls_per_die, budget)
    try:
        _fill_odds(result, plan, odds)
    except prob.OverBudget:
        result.probability = result.probability_exactly = result.expected = result.distribution = None
        if not _estimate(result, plan, limits, budget):
            notes.append(Msg.of("dice.note.odds_over_budget"))
    except Unsupported:
        if result.probability is None and not _estimate(result, plan, limits, budget):
            notes.append(Msg.of("dice.note.no_probability"))
    result.work = budget.spent
    result.exact = isinstance(result.probability, Fraction) and "truncated" not in odds.flags
    return result


ESTIMATE_SEED = 20_241_125      # a fixed seed: the same expression gets the same estimate
MIN_SAMPLES, MAX_SAMPLES = 400, 2000
WORK_PER_DIE = 14               # rolling one die through the Evaluator, measured


def _estimate(result: RollResult, plan: Plan, limits: DiceLimits, budget: prob.Budget) -> bool:
    """No exact answer within the budget: a seeded Monte-Carlo estimate with what is left of
    it, marked ≈ with its sample count and 95 % error; False when too few samples would fit."""
    if plan.test_reroll is not None:
        return False
    per_sample = WORK_PER_DIE * max(1, sum(spec.count for spec in plan.specs.values())) + 5
    samples = min(MAX_SAMPLES, (budget.limit - budget.spent) // per_sample)
    if samples < MIN_SAMPLES:
        return False
    budget.spend(samples * per_sample)
    roller = Roller.seeded(ESTIMATE_SEED)
    hits, total = 0, 0.0
    for _ in range(samples):
        evaluator = Evaluator(plan.specs, roller, limits)
        try:
            value = evaluator.value(plan.left)
        except DiceError:       # a rare sample past a limit (endless rerolls): the estimate is off
            return False
        if plan.mode == "successes":
            value = sum(d.success or 0 for g in evaluator.groups for d in g.dice)
            hits += value >= (result.successes or 0)
        elif plan.mode == "test":
            hits += bool(apply_op(plan.test[0], value, plan.test[1]))
        else:
            hits += value >= result.total
        total += float(value)
    p = hits / samples
    result.probability = p
    result.expected = total / samples
    error = 1.96 * math.sqrt(max(p * (1 - p), 1 / samples) / samples)
    tenths = math.ceil(error * 1000)            # the 95 % error in tenths of a point, rounded up
    result.notes.append(Msg.of("dice.note.estimate", samples=samples, whole=tenths // 10, tenth=tenths % 10))
    return True


def _fill_odds(result: RollResult, plan: Plan, odds: ExpressionOdds) -> None:
    """The chance, the expected value and (when it was computed) the distribution of a roll,
    all from one `ExpressionOdds`: each group's distribution is computed once."""
    if plan.mode == "successes":
        node = plan.nodes[0]
        successes = result.successes or 0
        result.rolled_value = successes
        try:            # exact integer weights: one fraction per answer
            view = prob.WeightsView(odds.weights(node))
            result.distribution = view
            result.probability = view.at_least(successes)
        except Unsupported:             # over budget too: the fixed-point fallback may fit
            dist = odds.dist(node)          # the distribution of the successes
            result.distribution = dist
            result.probability = sum((p for k, p in dist.items() if k >= successes), Fraction(0))
            if isinstance(result.probability, float):        # fixed-point sums may pass 1 by an ulp
                result.probability = min(1.0, max(0.0, result.probability))
        result.probability_exactly = result.distribution.get(successes, Fraction(0))
        result.expected = odds.mean(node)
        return
    left = plan.left
    result.rolled_value = result.total
    result.probability = (odds.passes(left, *plan.test) if plan.mode == "test"
                          else odds.at_least(left, result.total))
    if plan.test_reroll == "fails":           # a failed test gets a second chance
        result.probability += (1 - result.probability) * result.probability
    elif plan.test_reroll == "successes":     # a pass stands only if the reroll passes too
        result.probability *= result.probability
    result.distribution = odds.computed(left)
    try:
        result.expected = odds.mean(left) if plan.test_reroll is None else _rerolled_mean(odds, plan)
    except prob.OverBudget:
        raise
    except Unsupported:
        pass


def _rerolled_mean(odds: ExpressionOdds, plan: Plan):
    """E[total] when the whole test is rolled again once if it failed (or passed)."""
    dist = odds.dist(plan.left)
    op, threshold = plan.test
    again_when = plan.test_reroll == "successes"
    kept = sum((Fraction(v) * p for v, p in dist.items() if bool(apply_op(op, v, threshold)) != again_when),
               Fraction(0))
    again = sum((p for v, p in dist.items() if bool(apply_op(op, v, threshold)) == again_when), Fraction(0))
    return kept + again * odds.mean(plan.left)


def _target_notes(game: str | None, target: int, pool: GroupSpec, notes: list[Msg], details: list[Msg]) -> None:
    rule = chains.chain_rule(game)
    title = Msg.of(f"{game}.title") if game else None        # each game's catalog names it
    if pool.sides == 6 and rule is not None:
        effective = chains.effective_target(game, target)
        if effective != target:
            key = "dice.note.floor" if rule.floor is not None and target < rule.floor else "dice.note.natural_one"
            notes.append(Msg.of(key, game=title, target=target, effective=effective, floor=rule.floor or 2,
                                source=rule.floor_source or rule.source))
    if target <= pool.sides:
        return
    if pool.sides != 6:
        notes.append(Msg.of("dice.note.impossible_sides", target=target, sides=pool.sides))
        return
    if game is None:
        notes.append(Msg.of("dice.note.seven_plus_no_game", target=target, games=chains.GamesWithChains()))
        return
    if rule is None:
        notes.append(Msg.of("dice.note.seven_plus_no_rule", target=target, game=title))
        return
    if pool.chain is None:
        notes.append(Msg.of("dice.note.impossible", game=title, target=target, source=rule.source))
    else:
        details.append(Msg.of("dice.detail.chain", game=title, target=target, first=pool.chain[0],
                              then=pool.chain[-1], source=rule.source))


__all__ = ["roll", "is_heavy", "distribution", "Plan"]
