"""Worst cases of Warmaster's and Гидрофилия's exact odds, as the options allow them (issue 14 §3).

    .venv/bin/python benchmarks/odds_wm.py [--repeat N]

Each line: the case, the mean wall time per call over N calls, and the headline figure, so a
regression in speed or in the numbers shows at a glance. Before issue 14 §3: /wm-odds drive-back
with 200 hits took 3.2 s and /wm-odds combat with every option at its maximum 12 s.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.hydrophilia import odds as hydro  # noqa: E402
from games.warmaster import odds as wm  # noqa: E402
from i18n import UserError  # noqa: E402

MAX_COMBAT = dict(stands=50, attacks_per_stand=20, character_attacks=20, target_position="open", target_armour=None,
                  hits_per_stand=20, pool_before=50, target_stands=50, charge_open=True, monster_charge_open=True,
                  pursuit=True, pursuit_cm=100, extra=20)
# The most attacks a roll accepts (300): 14 stands × 20 + a character's 20.
BIGGEST_COMBAT = dict(stands=14, attacks_per_stand=20, character_attacks=20, target_position="open", target_armour=6,
                      hits_per_stand=1, pool_before=0, target_stands=50)

CASES = [
    ("/wm-odds drive-back hits:200", lambda: wm.drive_back_odds(hits=200), "p_confused"),
    ("/wm-odds drive-back hits:200 skull_chukka", lambda: wm.drive_back_odds(hits=200, skull_chukka=True), "p_confused"),
    ("/wm-odds combat every option at its maximum", lambda: wm.attack_odds(**MAX_COMBAT), None),
    ("/wm-odds combat 300 attacks, armour 6+", lambda: wm.attack_odds(**BIGGEST_COMBAT), "p"),
    ("/wm-odds shoot shots:200 hits_per_stand:1", lambda: wm.shoot_odds(shots=200, hits_per_stand=1, stands=50), "p"),
    ("/wm-odds command", lambda: wm.command_odds(character="hero", command_value=10, orders_given=3), "p"),
    ("/hydro odds-attack damage:60", lambda: hydro.attack_odds(skill=20, dodge=0, damage=60, defence=4), "p_hit"),
    ("/hydro odds-artillery damage:60/60",
     lambda: hydro.artillery_odds(skill=20, dodge=0, precise_damage=60, imprecise_damage=60, defence=4), "p_hit"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for name, run, figure in CASES:
        try:
            run()
        except UserError as error:           # a case the options allow but the game refuses
            print(f"{name:55} refused: {error}")
            continue
        start = time.perf_counter()
        for _ in range(args.repeat):
            result = run()
        ms = (time.perf_counter() - start) / args.repeat * 1000
        shown = f"{float(result.data[figure]) * 100:.2f}%" if figure else ""
        print(f"{name:55} {ms:8.1f} ms  {shown}")


if __name__ == "__main__":
    main()
