"""Exact probabilities checked against brute force: every possible sequence of die faces is
enumerated (a replaying Roller), so the engine's own rolling decides each outcome."""
from collections import defaultdict
from fractions import Fraction

import pytest

import dice
from dice import Roller, prob
from dice.dist import Dist


class Replay(Roller):
    """Returns the given faces, then 1s; records the sides of every draw."""

    def __init__(self, prefix):
        super().__init__()
        self.prefix = list(prefix)
        self.drawn = []

    def die(self, sides=6):
        face = self.prefix[len(self.drawn)] if len(self.drawn) < len(self.prefix) else 1
        self.drawn.append((face, sides))
        return face


def every_outcome(expr, game=None):
    """Yield (probability, result) for every sequence of faces the roll can draw."""
    stack = [[]]
    while stack:
        prefix = stack.pop()
        roller = Replay(prefix)
        result = dice.roll(expr, game=game, roller=roller)
        p = Fraction(1)
        for _face, sides in roller.drawn:
            p /= sides
        yield p, result
        faces = [f for f, _ in roller.drawn]
        for j in range(len(prefix), len(roller.drawn)):
            for f in range(2, roller.drawn[j][1] + 1):
                stack.append(faces[:j] + [f])


def measure(result):
    if result.mode == "successes":
        return result.successes
    return result.total


# Small enough to enumerate (at most ~6^5 face sequences each).
@pytest.mark.parametrize("expr,game", [
    ("3d6 4+", None), ("2d6 4+ rr1", None), ("2d6 4+ reroll fails", None), ("2d6 4+ reroll successes", None),
    ("2d6 7+", "epic"), ("2d6 8+", "epic"), ("1d6 9+", "epic"), ("1d6 7+ reroll fails", "flames_of_war"),
    ("2d6 8+", "flames_of_war"), ("3d6 1+", "flames_of_war"), ("3d6 4+ 6s double", None),
    ("2d6 5+ rr1 6s double", None), ("2d6 <= 8", None), ("2d6+3 >= 10", None), ("2d6kh1", None), ("3d6kl1", None),
    ("3d6kh2", None), ("4d4ph1", None), ("2d6ro1", None), ("2d4ro<3", None), ("3d4mi2+1", None), ("D66", None),
    ("1d6*2 >= 7", None), ("2d4+1d6", None), ("2d6 highest >= 5", None), ("1d8/2", None), ("3d6k>3", None),
    ("3d6p1 > 7", None), ("2d6 == 7", None), ("3d4 >= 3", None), ("2d6ma4", None), ("2d6 rr1 >= 8", None),
])
def test_exact_probability_matches_enumeration(expr, game):
    dist = defaultdict(Fraction)
    outcomes = []
    for p, result in every_outcome(expr, game):
        dist[measure(result)] += p
        outcomes.append(result)
    assert sum(dist.values()) == 1
    assert dict(dist) == {k: v for k, v in dice.distribution(expr, game).items() if v}
    mean = sum(k * v for k, v in dist.items())
    for result in outcomes:
        assert result.expected == mean
        if result.probability_kind == dice.PASS:
            continue    # checked in test_test_probability_matches_enumeration
        if result.probability_kind == dice.AT_LEAST_SUCCESSES:
            assert result.probability == sum(v for k, v in dist.items() if k >= result.successes)
        else:
            assert result.probability == sum(v for k, v in dist.items() if k >= result.total)
        assert result.exact


@pytest.mark.parametrize("expr", ["2d6 <= 8", "2d6+3 >= 10", "1d6*2 >= 7", "2d6 == 7", "2d6 highest >= 5", "2d6 rr1 >= 8"])
def test_test_probability_matches_enumeration(expr):
    passed = sum(p for p, r in every_outcome(expr) if r.passed)
    for _, r in every_outcome(expr):
        assert r.mode == "test"
        assert r.probability == passed


def test_known_values():
    assert dice.roll("2d6 <= 8", roller=Roller.seeded(1)).probability == Fraction(13, 18)
    assert dice.roll("2d6+3 >= 10", roller=Roller.seeded(1)).probability == Fraction(7, 12)
    assert prob.mean(dice.distribution("4d6kh3")) == Fraction(15869, 1296)
    assert dice.distribution("2d6kh1")[6] == Fraction(11, 36)
    per_die = dice.distribution("1d6 4+ rr1")
    assert per_die[1] == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 2)


def test_large_pools_are_exact_and_sum_to_one():
    dist = dice.distribution("1000d6 4+ rr1")
    assert sum(dist.values()) == 1
    assert all(isinstance(v, Fraction) for v in dist.values())
    r = dice.roll("1000d6 4+ rr1", roller=Roller.seeded(3))
    assert r.exact and r.expected == Fraction(7, 12) * 1000
    assert r.probability == sum(v for k, v in dist.items() if k >= r.successes)


def test_plain_sum_tail_closed_form_matches_convolution():
    for n, sides in [(3, 6), (10, 6), (7, 10), (40, 6)]:
        full = prob.nfold(prob.uniform(sides), n)
        for t in range(n - 1, n * sides + 2):
            assert prob.uniform_sum_at_least(n, sides, t) == prob.tail(full, t)


def test_fixed_point_fallback_is_close_to_exact():
    die = dice.distribution("1d6 4+ 6s double")
    exact = prob.nfold(die, 200)
    approx = prob.nfold_fixed(die, 200)
    assert abs(sum(approx.values()) - 1) < 1e-12
    assert max(abs(float(exact[k]) - approx.get(k, 0.0)) for k in exact) < 1e-12


@pytest.mark.parametrize("expr", ["2d6 <= 6 reroll fails", "2к6 <= 8 переброс провалов", "1d6+1 >= 5 reroll successes"])
def test_whole_test_reroll_matches_enumeration(expr):
    outcomes = list(every_outcome(expr))
    passed = sum(p for p, r in outcomes if r.passed)
    mean = sum(p * r.total for p, r in outcomes)
    for _, r in outcomes:
        assert r.probability == passed
        assert r.expected == mean
        if r.rerolled_from is not None:     # only the attempt the clause names was rolled again
            assert r.rerolled_from["passed"] == ("successes" in r.expression)


def test_chart_contract_distribution_and_rolled_value():
    """Issue 12's charts read `RollResult.distribution` ({value: Fraction}) and `.rolled_value`."""
    pool = dice.roll("3d6 4+", roller=Roller.scripted([1, 4, 6]))
    assert pool.rolled_value == 2
    assert dict(pool.distribution) == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    kept = dice.roll("4d6kh3", roller=Roller.scripted([1, 2, 3, 4]))
    assert kept.rolled_value == 9 and sum(kept.distribution.values()) == 1
    assert kept.distribution[18] == Fraction(21, 1296)
    assert kept.probability == sum(p for v, p in kept.distribution.items() if v >= 9)
    test = dice.roll("2d6+1d4 <= 8", roller=Roller.scripted([1, 2, 3]))
    assert test.rolled_value == 6 and test.distribution[3] == Fraction(1, 144)
    # a plain sum's chance comes from a closed form: no distribution computed on the loop
    plain = dice.roll("3d6", roller=Roller.scripted([1, 2, 3]))
    assert plain.distribution is None and plain.rolled_value == 6
    assert dice.distribution("3d6")[3] == Fraction(1, 216)


def test_the_games_distribution_reads_as_the_dice_mapping():
    """issue 11 §1: one distribution type. A `Dist` is the {value: Fraction} mapping the dice
    engine computes, over consecutive values, so the games, the charts and `dice.prob` share it."""
    dist = dice.distribution("1d4+1 4+")
    two = Dist.of(dice.distribution("2d6"))
    assert two.offset == 2 and len(two.probabilities) == 11 and two[7] == Fraction(6, 36)
    assert dict(two.items()) == dice.distribution("2d6") and two == Dist.dice(2)
    assert prob.mean(two) == two.mean() == 7 and prob.tail(two, 10) == two.at_least(10) == Fraction(6, 36)
    assert sum(dist.values()) == 1
    assert two[1] == two[13] == 0 and 1 not in two and 12 in two


def test_dist_operations_are_exact():
    coin = Dist.binomial(1, Fraction(1, 2))
    assert Dist.binomial(3, Fraction(1, 2)).probabilities == (Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8))
    assert Dist.binomial(2, Fraction(0)).probabilities == (1, 0, 0) and Dist.binomial(2, Fraction(1))[2] == 1
    assert coin.convolve(coin).convolve(coin) == Dist.binomial(3, Fraction(1, 2))
    assert Dist.binomial(6, Fraction(2, 3)).thin(Fraction(1, 4)) == Dist.binomial(6, Fraction(1, 6))
    assert Dist.dice(1, 4).map(lambda v: v // 2) == Dist(0, (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)))
    mixed = Dist.mixture([(Fraction(1, 3), Dist.point(0)), (Fraction(2, 3), Dist.dice(1, 2))])
    assert mixed.probabilities == (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)) and mixed.total() == 1
    assert Dist.dice(0) == Dist.point(0) and Dist.dice(200).mean() == 700
