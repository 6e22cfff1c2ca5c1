"""The Flames of War roll engine (flames_of_war.txt L21–45). Every test and attack calls this.

- "X+" on a D6, +1 to the number for each modifier that applies (L25–29);
- never better than 2+, and a natural 1 always fails (L39);
- above 6: 7+ = a 6 then 5+, 8+ = a 6 then a 6, 9+ cannot succeed (L31–37);
- "Auto": no roll, it succeeds (L39);
- each die is its own success or failure (L41);
- a failed roll may be re-rolled once, the second result stands (L43–45);
- two rules force successes to be re-rolled: artillery fired by 1–2 weapons (L738) and
  Firepower rolls against bunkers (L1095): a success stands only if the re-roll succeeds too.
The two-stage 7+/8+ roll is treated as one roll: a re-roll repeats both stages.

The chain numbers themselves (7+ = 6 then 5+, …, the 2+ floor) are stated once, as `CHAIN`:
the game declares it for `/roll … game:flames_of_war` too, so /roll and these procedures can't
disagree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Union

from dice.chains import ChainRule, success_probability, target_chain
from dice.roller import Roller
from games.procedure import DiceStep, Modifier, Source
from i18n import Msg

AUTO = "auto"
Need = Union[int, Literal["auto"]]

BOOK = "flames_of_war"
SRC_ENGINE = Source(BOOK, 21, 45)
SRC_CLAMP = Source(BOOK, 39)
SRC_CHAIN = Source(BOOK, 31, 37)
SRC_REROLL = Source(BOOK, 43, 45)

CHAIN = ChainRule(
    above_six={7: (6, 5), 8: (6, 6)},          # L33, L35; L37: 9+ cannot succeed
    floor=2,                                    # L39: never better than 2+
    natural_one_fails=True,                     # L39: a 1 is a failure
    source=SRC_ENGINE,
)
BEST_POSSIBLE = 2 if CHAIN.floor is None else CHAIN.floor   # L39 «Бросок не может быть лучше чем 2+»
IMPOSSIBLE_FROM = max(CHAIN.above_six) + 1        # L37 «В случае 9+, бросок не может быть успешен» (9)
CHAIN_SECOND = {t: chain[1] for t, chain in CHAIN.above_six.items()}   # L33, L35: {7: 5, 8: 6}

Reroll = Literal["none", "failed", "success"]


def need(base: Need, modifiers: list[Modifier] | None = None) -> Need:
    """The number needed: base + 1 per modifier (their values), clamped to 2+ (L29, L39)."""
    if base == AUTO:
        return AUTO
    total = int(base) + sum(m.value for m in modifiers or ())
    return max(BEST_POSSIBLE, total)


def need_text(t: Need) -> str:
    if isinstance(t, str):             # AUTO
        return "Auto"
    if t >= IMPOSSIBLE_FROM:
        return f"{t}+ (×)"
    if t in CHAIN_SECOND:
        return f"{t}+ (6 → {CHAIN_SECOND[t]}+)"
    return f"{t}+"


def p_once(t: Need) -> Fraction:
    """Probability one attempt succeeds."""
    if isinstance(t, str):             # AUTO
        return Fraction(1)
    return success_probability(BOOK, t)


def p_success(t: Need, reroll: Reroll = "none") -> Fraction:
    """Probability the test (with its re-roll rule) ends in a success."""
    p = p_once(t)
    if reroll == "failed":
        return p + (1 - p) * p
    if reroll == "success":
        return p * p
    return p


@dataclass
class Attempt:
    """One die's whole resolution: the first roll (1 or 2 dice for 7+/8+) and any re-roll."""

    first: list[int]
    first_ok: bool
    second: list[int] = field(default_factory=list)
    success: bool = False

    @property
    def rerolled(self) -> bool:
        return bool(self.second)


def _once(roller: Roller, t: Need) -> tuple[list[int], bool]:
    if isinstance(t, str):             # AUTO
        return [], True
    chain = target_chain(BOOK, t)
    if chain is None:
        return [], False          # L37: no roll can succeed, so none is made
    dice: list[int] = []
    for minimum in chain:         # (t,) up to 6+ (a 1 never reaches the 2+ floor); (6, 5) for 7+ …
        dice.append(roller.die(6))
        if dice[-1] < minimum:
            return dice, False    # L33/L35: the first die must be a 6
    return dice, True


def attempt(roller: Roller, t: Need, reroll: Reroll = "none") -> Attempt:
    dice, ok = _once(roller, t)
    result = Attempt(first=dice, first_ok=ok, success=ok)
    if reroll == "failed" and not ok and dice:             # L45: only a failed roll, once
        result.second, result.success = _once(roller, t)
    elif reroll == "success" and ok and dice:              # L738, L1095: success must be re-rolled
        result.second, result.success = _once(roller, t)
    return result


def roll(roller: Roller, count: int, t: Need, reroll: Reroll = "none") -> list[Attempt]:
    """`count` independent dice at `t` (L41)."""
    return [attempt(roller, t, reroll) for _ in range(count)]


def successes(attempts: list[Attempt]) -> int:
    return sum(a.success for a in attempts)


def dice_step(label: Msg, attempts: list[Attempt], t: Need, modifiers: list[Modifier] | None = None,
              reroll: Reroll = "none") -> DiceStep:
    """The attempts as one rendered step: first dice, re-rolled ones, and a note for 7+/8+ chains."""
    dice = [a.first[0] for a in attempts if a.first]
    rerolled = [i for i, a in enumerate(attempts) if a.rerolled]
    rerolls = [a.second[0] for a in attempts if a.rerolled]
    chains = [f"{a.first[0]}→{a.first[1]}" for a in attempts if len(a.first) == 2]
    chains += [f"{a.second[0]}→{a.second[1]}" for a in attempts if len(a.second) == 2]
    note = None
    if isinstance(t, str):             # AUTO
        note = Msg.of("fow.engine.auto")
    elif t >= IMPOSSIBLE_FROM:
        note = Msg.of("fow.engine.impossible", need=t)
    elif chains:
        note = Msg.of("fow.engine.chain", need=t, second=CHAIN_SECOND[t], chains=", ".join(chains))
    if reroll == "failed" and rerolled:
        note = Msg.of("fow.engine.rerolled_failed") if note is None else note
    if reroll == "success" and rerolled:
        note = Msg.of("fow.engine.rerolled_success") if note is None else note
    return DiceStep(label=label, dice=dice, target=need_text(t), successes=successes(attempts),
                    rerolled=rerolled, rerolls=rerolls, modifiers=list(modifiers or ()), note=note)
