"""Time of the Horus Heresy exact odds at the largest inputs the commands allow (issue 14 §3).

    .venv/bin/python benchmarks/odds_hh.py

Each line: the case, the wall time of one call (the worker's budget is about 2 s), and the
headline figures, so a regression in speed or in the numbers is visible at a glance."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.horus_heresy.melee import Fighter  # noqa: E402
from games.horus_heresy.odds import fight_odds, shoot_odds, vehicle_odds  # noqa: E402
from games.horus_heresy.rolls import Saves  # noqa: E402
from games.horus_heresy.shooting import HHTarget, HHWeapon  # noqa: E402
from games.horus_heresy.vehicles import HHVehicle  # noqa: E402

MARINE = dict(ws=4, strength=4, toughness=4, initiative=4, saves=Saves(armour=3))
FIST = Fighter(name="fist", models=1, ws=4, strength=8, toughness=4, initiative=1, attacks=3, ap=2, unwieldy=True)
CASES = {
    "hh-assault 200 v 200, W3 A4 (issue 14)": lambda: fight_odds(
        Fighter(name="A", models=200, wounds=3, attacks=4, **MARINE),
        Fighter(name="D", models=200, wounds=3, attacks=4, **MARINE)),
    "hh-assault 200 v 200, A20 charging, I5 v I4": lambda: fight_odds(
        Fighter(name="A", models=200, wounds=3, attacks=20, charged=True, **{**MARINE, "initiative": 5}),
        Fighter(name="D", models=200, wounds=20, attacks=20, **MARINE)),
    "hh-assault 200 v 200, A20 each, same I": lambda: fight_odds(
        Fighter(name="A", models=200, wounds=1, attacks=20, **MARINE),
        Fighter(name="D", models=200, wounds=1, attacks=20, **MARINE)),
    "hh-shoot 100 shots into 200 models W20": lambda: shoot_odds(
        4, HHWeapon(shots=100, strength=8, ap=2), HHTarget(models=200, wounds=20, saves=Saves(armour=3))),
    "hh-vehicle 100 shots, destroyer, HP 50": lambda: vehicle_odds(
        4, HHWeapon(shots=100, strength=10, ap=1), HHVehicle("V", 14, 50, Saves()), mode="destroyer"),
    "hh-assault 50 v 50 A2, a power fist each (exact steps)": lambda: fight_odds(
        Fighter(name="A", models=50, attacks=2, extra=FIST, **MARINE), Fighter(name="D", models=50, attacks=2, extra=FIST,
                                                                               **MARINE)),
    "hh-assault 200 v 200 A4 W3, a power fist each (estimate)": lambda: fight_odds(
        Fighter(name="A", models=200, wounds=3, attacks=4, extra=FIST, **MARINE),
        Fighter(name="D", models=200, wounds=3, attacks=4, extra=FIST, **MARINE)),
    "hh-shoot 100 shots, master-crafted, murderous, deflagrate, FNP": lambda: shoot_odds(
        4, HHWeapon(shots=100, strength=4, ap=4, master_crafted=True, murderous=5, deflagrate=True),
        HHTarget(models=200, wounds=3, saves=Saves(armour=3), fnp=5)),
    "hh-shoot 100 shots, murderous, 200 models W1": lambda: shoot_odds(
        4, HHWeapon(shots=100, strength=4, murderous=5), HHTarget(models=200, saves=Saves(armour=3))),
    "hh-vehicle 100 shots, destroyer, exoshock 4, HP 50": lambda: vehicle_odds(
        4, HHWeapon(shots=100, strength=10, ap=1, exoshock=4), HHVehicle("V", 14, 50, Saves(invulnerable=5)),
        mode="destroyer"),
}


def main() -> None:
    for name, run in CASES.items():
        start = time.perf_counter()
        result = run()
        took = time.perf_counter() - start
        data = result.data
        figures = ", ".join(f"{k}={float(data[k]):.4f}" for k in ("p_attacker", "p_defender", "p_draw", "p_unsaved",
                                                                  "p_wrecked") if k in data)
        print(f"{name:48s} {took:7.3f} s   {figures}")


if __name__ == "__main__":
    main()
