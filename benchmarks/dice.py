"""Time per roll of the dice engine, exact probability included, with d20 for comparison.

    .venv/bin/python benchmarks/dice.py [--repeat N]

Each line: the expression, the mean wall time per call over N calls (after one warm-up call),
and what a roll reports (successes/total and the chance), so a regression in speed or in the
numbers is visible at a glance. `d20.roll("1000d6")` rolls the same dice with no probability.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import d20  # noqa: E402

import dice  # noqa: E402
from dice.render import percent  # noqa: E402

CASES = ["10d6 4+", "1000d6 4+ rr1", "2d6<=8", "1000d6", "20d6 7+ game:epic", "4d6kh3", "1000d6 4+ 6s double"]


def timed(fn, repeat: int) -> tuple[float, object]:
    fn()                                    # warm-up (parser tables, caches)
    start = time.perf_counter()
    for _ in range(repeat):
        out = fn()
    return (time.perf_counter() - start) / repeat, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    roller = dice.Roller.seeded(1)
    print(f"{'expression':28} {'per roll':>10}  result")
    for case in CASES:
        expr, _, game = case.partition(" game:")
        seconds, result = timed(lambda: dice.roll(expr, game=game or None, roller=roller), args.repeat)
        outcome = (f"{result.successes} successes" if result.mode == "successes"
                   else f"total {result.total}" + ("" if result.passed is None else f" passed={result.passed}"))
        chance = "—" if result.probability is None else percent(result.probability, "en")
        exact = "exact" if result.exact else "fixed-point"
        print(f"{case:28} {seconds * 1000:8.3f} ms  {outcome}; chance {chance} ({exact}); expected "
              f"{float(result.expected):.4g}")
    seconds, result = timed(lambda: d20.roll("1000d6"), args.repeat)
    label = 'd20.roll("1000d6")'
    print(f"{label:28} {seconds * 1000:8.3f} ms  total {result.total}; no probability")


if __name__ == "__main__":
    main()
