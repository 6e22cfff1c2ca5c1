"""Hypothesis properties of the dice engine."""
import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dice
from dice import DiceError, Roller
from dice.render import render_text

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces players actually type, to reach deep into the parser rather than fail on the first char.
PIECES = st.sampled_from([
    "d", "к", "д", "D", "Д", "6", "4", "10", "2", "1", "3", "20", "66", "%", "+", "-", "*", "/", "//", "x", "х",
    " ", "(", ")", ">=", "<=", ">", "<", "=", "==", "rr", "ro", "ra", "e", "k", "p", "h", "l", "mi", "ma",
    "4+", "7+", "на", " rr1", " reroll fails", " переброс единиц", " переброс провалов", " 6s double",
    " шестерки взрываются", " highest", " наименьший", "[x]", ",", ".", "5", "≥", "≤",
])
DICEISH = st.lists(PIECES, max_size=12).map("".join)


def only_dice_errors(expression, game=None):
    try:
        result = dice.roll(expression, game=game, roller=Roller.seeded(0),
                           limits=dice.DiceLimits(max_dice=60, max_sides=60))
    except DiceError as exc:
        assert exc.render("ru") and exc.render("en")
        return None
    assert result.expression
    json.dumps(result.to_dict())        # the state history stores it
    assert render_text(result, "ru") and render_text(result, "en")
    return result


@FAST
@given(st.text(max_size=40))
def test_any_text_raises_only_dice_errors(text):
    only_dice_errors(text)


@FAST
@given(DICEISH, st.sampled_from([None, "epic", "flames_of_war", "warmaster"]))
def test_diceish_text_raises_only_dice_errors(text, game):
    result = only_dice_errors(text, game)
    if result is not None and result.probability is not None:
        assert 0 <= result.probability <= 1


@st.composite
def pools(draw):
    n = draw(st.integers(1, 40))
    sides = draw(st.sampled_from([3, 4, 6, 8, 10, 12, 20]))
    target = draw(st.integers(1, sides + 4))
    extra = draw(st.lists(st.sampled_from([" rr1", " reroll fails", " reroll successes", " 6s double",
                                           " 6s explode", "ro2", "mi2", "ma5"]), max_size=2, unique=True))
    ops = "".join(e for e in extra if not e.startswith(" "))
    clauses = "".join(e for e in extra if e.startswith(" "))
    game = draw(st.sampled_from([None, "epic", "flames_of_war"]))
    return f"{n}d{sides}{ops} {target}+{clauses}", game


@FAST
@given(pools(), st.integers(0, 2 ** 32))
def test_successes_never_exceed_the_dice(pool, seed):
    expr, game = pool
    try:
        r = dice.roll(expr, game=game, roller=Roller.seeded(seed))
    except DiceError:
        return
    live = [d for d in r.dice if not d.dropped]
    per_die = 2 if "double" in expr else 1
    assert 0 <= r.successes <= per_die * len(live)
    assert r.successes == sum(d.success or 0 for d in live)
    if r.probability is not None:
        assert 0 < r.probability <= 1          # what happened had a chance


@FAST
@given(pools())
def test_distributions_sum_to_one(pool):
    expr, game = pool
    try:
        dist = dice.distribution(expr, game)
    except DiceError:
        return
    total = sum(dist.values())
    if all(isinstance(v, Fraction) for v in dist.values()):
        assert total == 1
    else:
        assert abs(total - 1) < 1e-9
    assert all(v >= 0 for v in dist.values())


@FAST
@given(st.integers(1, 6), st.sampled_from(["<=", ">=", "<", ">", "==", "!="]), st.integers(-2, 40),
       st.integers(-3, 3))
def test_test_probabilities_sum_to_one(n, op, threshold, bonus):
    expr = f"{n}d6{bonus:+d} {op} {threshold}"
    dist = dice.distribution(expr)
    assert sum(dist.values()) == 1
    r = dice.roll(expr, roller=Roller.seeded(threshold))
    opposite = {"<=": ">", ">=": "<", "<": ">=", ">": "<=", "==": "!=", "!=": "=="}[op]
    other = dice.roll(f"{n}d6{bonus:+d} {opposite} {threshold}", roller=Roller.seeded(threshold))
    if r.mode == "test" and other.mode == "test":
        assert r.probability + other.probability == 1
