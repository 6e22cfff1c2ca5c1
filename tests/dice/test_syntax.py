"""dice/syntax.py: our grammar (dice/grammar.lark on lark) reads what d20's grammar read.

The parity tests compare with d20 only when it is importable (it is no longer a dependency)."""
from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedInput

from dice import syntax
from dice.syntax import BinOp, Dice, Literal, Operation, OperatedDice, Selector

EXPRESSIONS = ["4d6kh3 + 2", "d%", "(2d6)>=4", "1d20 [fire]", "3d6ro1e6", "4d6kh1kl1", "-3*2", "2d6<=8",
               "10d6 >= 5", "1d6mi2ma5", "2d6 // 3 % 2", "d66", "(1, 2)kh1", "3d6rr<3", "8d6p>4", "2 + +3",
               "1.5*2d6", "4d6ra6"]
BAD = ["", "d", "2d", "4d6k", "2d6 +", "(2d6", "2d6x3", "kh3", "1d6 >= >= 2"]


def test_tree_of_a_keep_with_two_selectors():
    assert syntax.parse("4d6kh1kl1 + 2") == BinOp(
        OperatedDice(Dice(4, 6), [Operation("k", [Selector("h", 1), Selector("l", 1)])]), "+", Literal(2))


@pytest.mark.parametrize("bad", BAD)
def test_not_dice_notation(bad):
    with pytest.raises(UnexpectedInput):
        syntax.parse(bad)


d20 = pytest.importorskip("d20", reason="d20 is not installed: nothing to compare with")


def _d20_text(text: str) -> str | None:
    try:
        return str(d20.parse(text))
    except Exception:
        return None


@pytest.mark.parametrize("text", EXPRESSIONS + BAD)
def test_reads_what_d20_reads(text):
    ours: object
    try:
        ours = syntax.parse(text)
    except UnexpectedInput:
        ours = None
    assert (ours is None) == (_d20_text(text) is None)


@pytest.mark.parametrize("text", ["2 + 3 * 4", "-(2 - 7) // 2", "10 % 4 + 1.5", "2 * 3 >= 6", "7 / 2"])
def test_arithmetic_as_d20_computes_it(text):
    from dice.engine import Evaluator
    from dice.result import DiceLimits
    from dice.roller import Roller

    value = Evaluator({}, Roller.seeded(1), DiceLimits()).value(syntax.parse(text))
    assert int(value) == d20.roll(text).total     # d20 truncates its total; we keep 7/2 = 3.5
