"""The chart of a /roll: the exact distribution of its successes or total, with the rolled value
marked. Computed and drawn in a worker (the distribution of a big roll takes time too)."""
from __future__ import annotations

from fractions import Fraction

import dice
from charts.figure import render_png
from charts.spec import chart_spec, mapping_distribution
from i18n import Msg, UserError, tr

TAIL = Fraction(1, 100_000)     # outcomes beyond this much probability at either end are left off
MOST_BARS = 400


def _trimmed(values: dict[int, Fraction]) -> dict[int, Fraction]:
    """Without the far tails (1000d1000 has a million totals, nearly all invisible)."""
    keys = sorted(values)
    low, high, below, above = 0, len(keys) - 1, Fraction(0), Fraction(0)
    while low < high and below + values[keys[low]] < TAIL:
        below += values[keys[low]]
        low += 1
    while high > low and above + values[keys[high]] < TAIL:
        above += values[keys[high]]
        high -= 1
    return {k: values[k] for k in keys[low:high + 1]}


def roll_chart_png(expression: str, game: str | None, limits: dice.DiceLimits | None, successes: bool,
                   locale: str, highlight: int | None) -> bytes:
    values = dice.distribution(expression, game, limits)
    if not values or not all(isinstance(v, int) for v in values):
        raise UserError("charts.no_chart")
    shown = _trimmed({v: Fraction(p) for v, p in values.items()})
    if max(shown) - min(shown) + 1 > MOST_BARS:
        raise UserError("charts.too_wide", bars=MOST_BARS)
    quantity = Msg.of("charts.successes" if successes else "charts.total")
    spec = chart_spec([("", mapping_distribution(shown, quantity))], locale,
                      tr("charts.title_roll", locale, expression=expression), highlight)
    return render_png(spec)
