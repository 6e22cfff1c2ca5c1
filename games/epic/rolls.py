"""The dice every Epic procedure shares: to-hit rolls (with the 7+ chain and natural 1s) and saves
(armour or cover, crossfire, Reinforced Armour, invulnerable, Macro-weapon and Titan Killer)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dice.roller import Roller
from games.epic import tables as T
from games.procedure import DiceStep, Modifier, Source
from i18n import Msg

BOOK = "epic"


def need_after(value: int, modifiers: list[Modifier]) -> int:
    """Modifiers add to the die, so the number needed moves the other way."""
    return value - sum(m.value for m in modifiers)


def to_hit_label(need: int) -> str:
    if need <= 6:
        return f"{max(need, 2)}+"
    second = T.SEVEN_PLUS.get(need)
    if need >= 10 or second is None:
        return "10"
    return f"{need}+ (6 → {second}+)"


def hit_probability(need: int) -> Fraction:
    """Exact chance of one hit."""
    if need <= 6:
        return Fraction(7 - max(need, 2), 6)         # a natural 1 always misses (l.377)
    second = T.SEVEN_PLUS.get(min(need, 10))
    if second is None:
        return Fraction(0)
    return Fraction(7 - second, 36)                # 6, then second+ (l.390–393)


def roll_to_hit(roller: Roller, count: int, value: int, modifiers: list[Modifier], label: Msg,
                ) -> tuple[list[DiceStep], int]:
    """`count` dice needing `value`+ after `modifiers`; returns the steps and the hits."""
    need = need_after(value, modifiers)
    if count <= 0:
        return [], 0
    if need >= 10:
        step = DiceStep(label=label, dice=[], target="10", successes=0, modifiers=list(modifiers),
                        note=Msg.of("combat_epic.note.hit_impossible"))
        return [step], 0
    dice = roller.dice(count)
    if need <= 6:
        hits = sum(1 for d in dice if d != 1 and d >= need)   # «бросок «1» … всегда является промахом» (l.377)
        return [DiceStep(label=label, dice=dice, target=f"{max(need, 2)}+", successes=hits,
                         modifiers=list(modifiers))], hits
    second_need = T.SEVEN_PLUS[need]
    assert second_need is not None         # 10+ can't hit and returned above (L394)
    sixes = sum(1 for d in dice if d == 6)
    first = DiceStep(label=label, dice=dice, target=to_hit_label(need), successes=sixes,
                     modifiers=list(modifiers), note=Msg.of("combat_epic.note.seven_plus", need=need))
    follow = roller.dice(sixes)
    hits = sum(1 for d in follow if d >= second_need)
    second = DiceStep(label=Msg.of("combat_epic.step.seven_plus_second"), dice=follow,
                      target=f"{second_need}+", successes=hits, modifiers=[],
                      note=Msg.of("combat_epic.note.seven_plus_source"))
    return [first, second], hits


@dataclass(frozen=True)
class SaveProfile:
    """What a target can save with. Values are X+ (None: that save isn't available)."""

    armour: int | None = None
    cover_save: int | None = None          # infantry cover save from the terrain table (l.312–324)
    invulnerable: int | None = None        # 2.1.6, l.676: rolled unmodified after a failed save
    reinforced: bool = False               # 2.1.11, l.696: reroll a failed armour save


def first_save(profile: SaveProfile, *, macro: bool, titan_killer: bool, ignore_cover: bool,
               crossfire: bool) -> tuple[int | None, str | None, list[Modifier]]:
    """The one armour-or-cover save a hit gets («только один вид спас-броска», l.284):
    (need, kind, modifiers). Macro-weapons allow only Reinforced Armour (l.790); Titan Killers
    allow none (l.806); crossfire gives −1 (l.469)."""
    if titan_killer:
        return None, None, []
    options: list[tuple[int, str]] = []
    if profile.armour is not None and (not macro or profile.reinforced):
        options.append((profile.armour, "armour"))
    if profile.cover_save is not None and not macro and not ignore_cover:   # MW ignores cover saves (l.792)
        options.append((profile.cover_save, "cover"))
    if not options:
        return None, None, []
    value, kind = min(options)
    mods = [Modifier(Msg.of("combat_epic.mod.crossfire_save"), -1, Source(BOOK, 469))] if crossfire else []
    return need_after(value, mods), kind, mods


def roll_saves(roller: Roller, hits: int, profile: SaveProfile, *, macro: bool = False,
               titan_killer: bool = False, ignore_cover: bool = False, crossfire: bool = False,
               label: Msg | None = None) -> tuple[list[DiceStep], int, list[Msg]]:
    """One save per hit (l.400); returns steps, unsaved hits, notes."""
    steps: list[DiceStep] = []
    notes: list[Msg] = []
    if hits <= 0:
        return steps, 0, notes
    need, kind, mods = first_save(profile, macro=macro, titan_killer=titan_killer,
                                  ignore_cover=ignore_cover, crossfire=crossfire)
    failed = hits
    if macro and kind is None and profile.armour is not None:
        notes.append(Msg.of("combat_epic.note.macro_no_save"))
    if titan_killer:
        notes.append(Msg.of("combat_epic.note.tk_invulnerable_only"))
    if need is not None and need <= 6:
        dice = roller.dice(hits)
        fails = [i for i, d in enumerate(dice) if d < need]   # «Если выпавшее число ниже значения… уничтожается» (l.400)
        step = DiceStep(label=label or Msg.of(f"combat_epic.step.save_{kind}"), dice=dice, target=f"{need}+",
                        modifiers=list(mods))
        if kind == "armour" and profile.reinforced and fails:
            rerolls = roller.dice(len(fails))                 # Reinforced Armour reroll (l.696)
            step.rerolled, step.rerolls = fails, rerolls
            step.note = Msg.of("combat_epic.note.reinforced")
            fails = [i for i, r in zip(fails, rerolls) if r < need]
        failed = len(fails)
        step.successes = hits - failed
        steps.append(step)
    elif need is not None:
        notes.append(Msg.of("combat_epic.note.save_impossible", need=need))
    if failed and profile.invulnerable is not None:
        dice = roller.dice(failed)
        saved = sum(1 for d in dice if d >= profile.invulnerable)   # no modifiers apply (l.676)
        steps.append(DiceStep(label=Msg.of("combat_epic.step.save_invulnerable"), dice=dice,
                              target=f"{profile.invulnerable}+", successes=saved))
        failed -= saved
    return steps, failed, notes


def save_fail_probability(profile: SaveProfile, *, macro: bool = False, titan_killer: bool = False,
                          ignore_cover: bool = False, crossfire: bool = False) -> Fraction:
    """Exact chance that one hit is unsaved."""
    need, kind, _ = first_save(profile, macro=macro, titan_killer=titan_killer,
                               ignore_cover=ignore_cover, crossfire=crossfire)
    if need is None or need > 6:
        fail_first = 36
    else:
        fail = max(0, min(6, need - 1))          # faces below need
        fail_first = fail * 6
        if kind == "armour" and profile.reinforced:
            fail_first = fail * fail              # both the save and its reroll fail (/36)
    inv_fail = 6 if profile.invulnerable is None else max(0, min(6, profile.invulnerable - 1))
    return Fraction(fail_first * inv_fail, 216)
