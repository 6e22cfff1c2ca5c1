"""Dice: the wargame notation, rolling and exact probabilities. No discord here.

    dice.roll("10к6 4+ rr1", game=None, roller=Roller.seeded(1)) -> RollResult
    dice.is_heavy("1000d1000") -> True: roll it in a worker with work=OFF_LOOP_WORK
    result.distribution, result.rolled_value -> {value: Fraction}, the value rolled (charts)
    dice.target_chain("epic", 7) -> (6, 4)
    dice.success_probability("flames_of_war", 7) -> Fraction(1, 18)
    dice.render.render(result, "ru") -> RollView (localized text pieces)
"""
from dice.chains import chain_rule, effective_target, success_probability, target_chain
from dice.core import distribution, is_heavy, roll, roll_detached
from dice.prob import OFF_LOOP_WORK, ON_LOOP_WORK
from dice.errors import DiceError, DiceLimitError, DiceSyntaxError
from dice.result import AT_LEAST_SUCCESSES, AT_LEAST_TOTAL, PASS, DiceGroup, DiceLimits, DieRoll, RollResult
from dice.roller import Roller

__all__ = [
    "roll", "is_heavy", "roll_detached", "distribution", "ON_LOOP_WORK", "OFF_LOOP_WORK", "RollResult", "DieRoll", "DiceGroup", "DiceLimits", "Roller",
    "DiceError", "DiceSyntaxError", "DiceLimitError",
    "target_chain", "success_probability", "chain_rule", "effective_target",
    "AT_LEAST_SUCCESSES", "PASS", "AT_LEAST_TOTAL",
]
