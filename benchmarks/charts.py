"""How long a chart takes to draw (issue 12: ≤ 300 ms on this machine, in a worker process).

    .venv/bin/python benchmarks/charts.py

Draws an /odds chart (one series and two compared) and /roll charts (3d6, 10d6 4+, 100d6)
20 times each, in this process as a worker does, and prints the median and the worst.
"""
from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from charts import chart_spec, render_png  # noqa: E402
from charts.dice_chart import roll_chart_png  # noqa: E402
from games.epic.odds import shoot_odds  # noqa: E402
from games.epic.rolls import SaveProfile  # noqa: E402
from games.epic.shooting import EpicTarget  # noqa: E402
from games.epic.weapons import parse_weapons  # noqa: E402
from games.registry import GAMES  # noqa: E402

RUNS = 20


def timed(name: str, draw) -> None:
    draw()                                  # the first draw loads fonts: a worker does it once
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        draw()
        times.append(time.perf_counter() - start)
    print(f"{name:>28}: median {statistics.median(times) * 1000:.0f} ms · worst {max(times) * 1000:.0f} ms")


def main() -> None:
    list(GAMES)
    target = EpicTarget(units=10, saves=SaveProfile(armour=4))
    one = shoot_odds(parse_weapons("4xAP5+, 2xAT4+"), target).distribution
    two = shoot_odds(parse_weapons("6xAP4+"), target).distribution
    assert one is not None and two is not None
    assert sum(one.probabilities) == Fraction(1)
    timed("/odds epic-shoot", lambda: render_png(chart_spec([("", one)], "ru", "Шансы стрельбы")))
    timed("/odds epic-shoot compare:", lambda: render_png(chart_spec([("a", one), ("b", two)], "ru", "Сравнение")))
    for expression, counted in (("3d6", False), ("10d6 4+", True), ("100d6", False)):
        timed(f"/roll {expression}", lambda e=expression, c=counted: roll_chart_png(e, None, None, c, "en", None))


if __name__ == "__main__":
    main()
