"""Worst cases of Epic's exact odds, as the options allow them (issue 14 §3).

    .venv/bin/python benchmarks/odds_epic.py [--repeat N]

Each line: the case, the mean wall time per call over N calls, and the headline figures, so a
regression in speed or in the numbers shows at a glance. Before issue 14 §3 /odds epic-assault
enumerated casualty pairs: 10 v 10 took 4–5 s, 20 v 20 52 s, 30 v 30 130 s, 100 v 100 > 2 min.
The budget in the worker is 2 s. With the next round's products as `@` (OpenBLAS threads on
101 × 101 matrices) 100 v 100 took 2.9–4.3 s on the shared 2-core host; as einsum 0.4 s, First
Strike on both sides (two exchanges a round) 0.43 s, five formations 0.39 s.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.epic.assault import AssaultSide, parse_support  # noqa: E402
from games.epic.joined import Member  # noqa: E402
from games.epic.odds import assault_odds, shoot_odds  # noqa: E402
from games.epic.rolls import SaveProfile  # noqa: E402
from games.epic.shooting import EpicTarget  # noqa: E402
from games.epic.weapons import parse_weapons  # noqa: E402

MAX = 100   # games/epic/commands.py MAX_UNITS


def side(name: str, units: int, **kw) -> AssaultSide:
    return AssaultSide(name, units=units, cc=4, ff=4, **kw)


CASES = [
    (f"/odds epic-assault {n} v {n}", (lambda n=n: assault_odds(side("A", n), side("D", n))))
    for n in (10, 20, 30, 100)
] + [
    ("/odds epic-assault 100 v 100, half in contact, extra 100, support 100x4+, armour 4+, fearless",
     lambda: assault_odds(side("A", MAX, in_contact=50, extra_attacks=MAX, support=parse_support("100x4+")),
                          side("D", MAX, in_contact=50, saves=SaveProfile(armour=4), fearless=True))),
    ("/odds epic-assault 100 v 100, First Strike on both sides' extra attacks (two exchanges a round)",
     lambda: assault_odds(side("A", MAX, in_contact=50, extra_attacks=MAX, first_strike="extra"),
                          side("D", MAX, in_contact=50, extra_attacks=MAX, first_strike="extra"))),
    ("/odds epic-assault 100 v 100, three formations v two intermingled, one broken",
     lambda: assault_odds(side("A", MAX, blast_markers=3, formations=(Member("A1", 40, 1), Member("A2", 30, 2),
                                                                       Member("A3", 30, 0, broken=True))),
                          side("D", MAX, blast_markers=5, formations=(Member("D1", 50, 5), Member("D2", 50))))),
    ("/odds epic-assault 100 v 100, sum of 2D6",
     lambda: assault_odds(side("A", MAX), side("D", MAX), settings={"assault_result_roll": "sum"})),
    ("/odds epic-shoot 100xAP4+ at 100 units",
     lambda: shoot_odds(parse_weapons("100xAP4+"), EpicTarget("T", units=MAX, saves=SaveProfile(armour=4)))),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for label, run in CASES:
        start = time.perf_counter()
        for _ in range(args.repeat):
            result = run()
        took = (time.perf_counter() - start) / args.repeat
        data = result.data
        figures = (f"P(attacker) {float(data['p_attacker']):.4f}, P(tie) {float(data['p_tie']):.6f}"
                   if "p_attacker" in data else f"E(kills) {float(data['expected_kills']):.3f}")
        print(f"{took * 1000:9.1f} ms  {label}: {figures}")


if __name__ == "__main__":
    main()
