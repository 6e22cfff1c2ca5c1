"""Characteristic tests (L271–293) and the scatter of a blast marker (L244–250, L2859–2867)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult
from i18n import Msg, UserError

BOOK = "horus_heresy"
TESTABLE = ("ws", "bs", "s", "t", "w", "i", "a")      # any characteristic but Ld and Sv (L273)
# The book describes the scatter die (L176–178) but not how many faces show «Попадание»; the
# die sold with the game has 2 of 6. Used only when the player doesn't say what their die shows,
# and the reply says so.
SCATTER_FACES = ("hit", "hit", "arrow", "arrow", "arrow", "arrow")


def characteristic_test(roller: Roller, characteristic: str, value: int | None, *, modifier: int = 0,
                        unit: str | None = None) -> ProcedureResult:
    """D6 ≤ the characteristic passes (L281–283); a 6 always fails and a 1 always passes (L293);
    a characteristic of 0 or «-» fails without a roll (L291). A unit tests its highest value
    (L285), a model with several profiles its highest (L289) — `value` is that value."""
    if characteristic not in TESTABLE:
        raise UserError("combat_hh.error.characteristic", example="combat_hh.example.characteristic",
                        text=characteristic)
    label = characteristic.upper()
    r = ProcedureResult(BOOK, "characteristic", Msg.of("combat_hh.title.characteristic", what=label,
                                                       unit=unit or Msg.of("combat_hh.word.unit")))
    if not value:
        r.outcome.append(Msg.of("combat_hh.out.characteristic_zero", what=label))
        r.data.update(passed=False, roll=None)
        return r
    target = value + modifier
    roll = roller.die()
    passed = roll == 1 or (roll != 6 and roll <= target)
    mods = [Modifier(Msg.of("combat_hh.mod.characteristic"), modifier, None)] if modifier else []
    r.steps.append(DiceStep(Msg.of("combat_hh.step.characteristic", what=label, value=value), [roll], f"≤{target}",
                            None, modifiers=mods, note=Msg.of("combat_hh.note.characteristic_auto")))
    r.outcome.append(Msg.of("combat_hh.out.characteristic_pass" if passed else "combat_hh.out.characteristic_fail",
                            what=label, roll=roll, target=target))
    r.data.update(passed=passed, roll=roll)
    return r


def blast_scatter(roller: Roller, bs: int | None, *, hit: bool | None = None, unit: str | None = None,
                  ) -> ProcedureResult:
    """Scatter die and 2D6 (L248): «Попадание» stays put (L249); an arrow moves the marker 2D6"
    less the firer's BS, to no less than 0" (L2863). `hit`: what the player's scatter die showed;
    None: rolled here as a die with 2 hit faces of 6 (the book doesn't say; the reply says so)."""
    if bs is not None and not 0 <= bs <= 10:
        raise UserError("combat_hh.error.bs", example="combat_hh.example.scatter", value=bs)
    r = ProcedureResult(BOOK, "scatter", Msg.of("combat_hh.title.scatter", unit=unit or Msg.of("combat_hh.word.shooter")))
    if hit is None:
        face = roller.die()
        symbol = SCATTER_FACES[face - 1]
        r.steps.append(DiceStep(Msg.of("combat_hh.step.scatter_die"), [face], None, None,
                                note=Msg.of(f"combat_hh.scatter.{symbol}")))
        r.notes.append(Msg.of("combat_hh.note.scatter_die"))
    else:
        symbol = "hit" if hit else "arrow"
    dice = roller.dice(2)
    r.steps.append(DiceStep(Msg.of("combat_hh.step.scatter_distance"), dice, None, None))
    if symbol == "hit":
        r.outcome.append(Msg.of("combat_hh.out.scatter_hit"))
        distance = 0
    else:
        distance = max(0, sum(dice) - (bs or 0))
        r.outcome.append(Msg.of("combat_hh.out.scatter_arrow", total=sum(dice), bs=bs or 0, distance=distance))
    r.data.update(hit=symbol == "hit", distance=distance)
    return r
