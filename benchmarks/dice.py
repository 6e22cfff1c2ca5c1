"""Time per roll of the dice engine, exact probability included, and the work it counted.

    .venv/bin/python benchmarks/dice.py [--repeat N]

For each expression (the ones issue 14 §3 timed, then common ones): whether `dice.is_heavy`
sends it off the event loop, the mean wall time of `dice.roll` per call (on the loop's budget,
or the worker's when heavy; after one warm-up call), the work units it counted
(`dice.prob.Budget`, ~1 µs each) and what it reports. The target: every roll that is not heavy
takes at most ~50 ms; a heavy one is computed in a worker (app.compute) within its budget, or
says it is over budget.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dice  # noqa: E402
from dice.render import percent  # noqa: E402

ISSUE_14 = ["3d128kh2", "62d6kh2", "6Д100 6s explode", "2d128kh500 <= 5 переброс провалов",
            "+".join(["3d128kh2"] * 33), "1000d1000", "1000d6", "10d6kh3"]
COMMON = ["10d6 4+", "1000d6 4+ rr1", "2d6<=8", "20d6 7+ game:epic", "4d6kh3", "1000d6 4+ 6s double",
          "2d20kh1", "10d6 4+ 6s explode"]


def timed(fn, repeat: int) -> tuple[float, object]:
    fn()                                    # warm-up (parser tables, caches)
    start = time.perf_counter()
    for _ in range(repeat):
        out = fn()
    return (time.perf_counter() - start) / repeat, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    roller = dice.Roller.seeded(1)
    print(f"{'expression':36} {'where':6} {'per roll':>11} {'work':>9}  result")
    for case in ISSUE_14 + COMMON:
        expr, _, game = case.partition(" game:")
        start = time.perf_counter()
        heavy = dice.is_heavy(expr, game=game or None)
        check = time.perf_counter() - start
        work = dice.OFF_LOOP_WORK if heavy else dice.ON_LOOP_WORK
        seconds, result = timed(lambda e=expr, g=game, w=work: dice.roll(e, game=g or None, roller=roller, work=w),
                                args.repeat)
        outcome = (f"{result.successes} successes" if result.mode == "successes"
                   else f"total {result.total}" + ("" if result.passed is None else f" passed={result.passed}"))
        chance = "over budget" if result.probability is None else percent(result.probability, "en")
        exact = "" if result.probability is None else (" exact" if result.exact else " ≈")
        label = case if len(case) <= 36 else f"{len(ISSUE_14[4].split('+'))} × 3d128kh2 joined by +"
        print(f"{label:36} {'worker' if heavy else 'loop':6} {seconds * 1000:8.1f} ms {result.work:9}  "
              f"{outcome}; chance {chance}{exact}; is_heavy took {check * 1000:.1f} ms")


if __name__ == "__main__":
    main()
