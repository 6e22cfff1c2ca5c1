"""The dice Horus Heresy attacks share: to-hit (BS table, BS 6+ re-rolls, WS table), to-wound
(S vs T, Poisoned, Fleshbane, Rending), the one best save, damage mitigation, with the
re-rolls of Twin-linked, Shred and Preferred Enemy — and the exact chance of each."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dice.roller import Roller
from games.horus_heresy import house_rules as H
from games.horus_heresy import tables as T
from games.procedure import DiceStep, Source
from i18n import Msg, UserError

BOOK = "horus_heresy"
SIXTH = Fraction(1, 6)


def _check(value: int, low: int, high: int, key: str) -> None:
    if not low <= value <= high:
        raise UserError(f"combat_hh.error.{key}", example="combat_hh.example.shoot", value=value)


def bs_need(bs: int | None, snap: bool = False) -> tuple[int, int | None]:
    """(to-hit need, need of the re-roll of a 1 for BS 6+ or None). Snap shots are BS 1 (l.707).
    A shot that isn't a snap shot needs the firer's BS: none given is refused, never assumed."""
    if snap:
        return T.BS_TO_HIT[1], None
    if bs is None:
        raise UserError("combat_hh.error.bs", example="combat_hh.example.shoot", value="—")
    _check(bs, 1, 10, "bs")
    if bs <= 5:
        return T.BS_TO_HIT[bs], None
    return T.BS_HIGH[bs]


def ws_need(attacker_ws: int, defender_ws: int, settings: dict[str, str] | None = None) -> int:
    _check(attacker_ws, 1, 10, "ws")
    _check(defender_ws, 1, 10, "ws")
    need = T.WS_TO_HIT[attacker_ws][defender_ws - 1]
    if (settings or {}).get(H.WS_DOUBLE) == "prose" and (attacker_ws, defender_ws) in T.WS_PROSE_CELLS:
        need = 5                      # «если оно более чем в два раза, попадание происходит на 6+» (l.1214)
    return need


def wound_need(strength: int, toughness: int, *, poisoned: int | None = None, fleshbane: bool = False,
               vehicle: bool = False) -> int | None:
    """The to-wound need: the table (l.738–749), Poisoned X+ unless a lower roll is needed
    (l.3215), Fleshbane 2+ (l.3025–3027); neither works on vehicles (l.3029, l.3217)."""
    _check(strength, 1, 10, "strength")
    _check(toughness, 1, 10, "toughness")
    need = T.TO_WOUND[strength][toughness - 1]
    if not vehicle:
        if fleshbane:
            need = 2
        if poisoned is not None:
            need = poisoned if need is None else min(need, poisoned)
    return need


def outcome_probs(need: int | None, *, reroll: str | None = None, trigger: int | None = None,
                  reroll_need: int | None = None) -> tuple[Fraction, Fraction]:
    """(P(success that isn't a trigger), P(trigger)) for one die: success on `need`+ (a natural 1
    always fails), `trigger` = a natural roll that does something extra (Rending). `reroll`:
    "failed" (Twin-linked, Shred), "ones" (Preferred Enemy), "bs_high" (a 1 re-rolled at
    `reroll_need`+). One re-roll per die (l.198)."""
    def single(n: int | None, trig: int | None) -> tuple[Fraction, Fraction]:
        ok = trig_p = Fraction(0)
        for face in range(1, 7):
            if trig is not None and face >= trig and face != 1:
                trig_p += SIXTH
            elif n is not None and face != 1 and face >= n:
                ok += SIXTH
        return ok, trig_p
    ok, trig_p = single(need, trigger)
    if reroll is None:
        return ok, trig_p
    fail = 1 - ok - trig_p
    if reroll == "failed":
        again_ok, again_trig = single(need, trigger)
        return ok + fail * again_ok, trig_p + fail * again_trig
    if reroll == "ones":
        again_ok, again_trig = single(need, trigger)
        return ok + SIXTH * again_ok, trig_p + SIXTH * again_trig
    if reroll == "bs_high":
        again_ok, again_trig = single(reroll_need, trigger)
        return ok + SIXTH * again_ok, trig_p + SIXTH * again_trig
    raise ValueError(reroll)


def roll_dice(roller: Roller, count: int, need: int | None, label: Msg, *, reroll: str | None = None,
              trigger: int | None = None, reroll_need: int | None = None, note: Msg | None = None,
              ) -> tuple[DiceStep, int, int, list[int]]:
    """Roll `count` dice as `outcome_probs` describes: (step, successes, triggers, final faces)."""
    dice = roller.dice(count) if count > 0 else []
    final = list(dice)

    def classify(face: int, n: int | None) -> str:
        if trigger is not None and face >= trigger and face != 1:
            return "trigger"
        if n is not None and face != 1 and face >= n:
            return "ok"
        return "fail"

    rerolled, rerolls = [], []
    if reroll:
        for i, face in enumerate(dice):
            result = classify(face, need)
            if result == "fail" and (reroll in ("failed", "one_failed") or face == 1):
                new = roller.die()
                rerolled.append(i)
                rerolls.append(new)
                final[i] = new
                if reroll == "one_failed":      # Master-crafted: one failed roll only (l.3171)
                    break
    ok = trig = 0
    for i, face in enumerate(final):
        n = reroll_need if (reroll == "bs_high" and i in rerolled) else need
        c = classify(face, n)
        ok += c == "ok"
        trig += c == "trigger"
    target = "—" if need is None else f"{need}+"
    if reroll == "bs_high" and reroll_need:
        target = f"{need}/{reroll_need}"
    step = DiceStep(label=label, dice=dice, target=target, successes=ok + trig, rerolled=rerolled,
                    rerolls=rerolls, note=note)
    return step, ok, trig, final


@dataclass(frozen=True)
class Saves:
    """A target's saves: armour Sv, invulnerable, cover (X+ each; None = none)."""

    armour: int | None = None
    invulnerable: int | None = None
    cover: int | None = None


def best_save(saves: Saves, ap: int | None, *, ignores_cover: bool = False, melee: bool = False,
              ) -> tuple[int | None, str | None]:
    """The single best save the controller can choose (l.849–851): armour unless AP ≤ Sv
    (l.809), invulnerable always (l.817), cover unless in melee (l.1286) or Ignores Cover;
    never better than 2+ (l.855)."""
    options: list[tuple[int, str]] = []
    if saves.armour is not None and (ap is None or ap > saves.armour):
        options.append((saves.armour, "armour"))
    if saves.invulnerable is not None:
        options.append((saves.invulnerable, "invulnerable"))
    if saves.cover is not None and not ignores_cover and not melee:
        options.append((saves.cover, "cover"))
    if not options:
        return None, None
    need, kind = min(options)
    return max(need, T.BEST_SAVE), kind


def p_fail(need: int | None) -> Fraction:
    """A save or mitigation roll failing: below `need`, and a 1 always fails (l.855)."""
    if need is None:
        return Fraction(1)
    return Fraction(max(1, need - 1), 6)


def mitigation(shrouded: int | None, fnp: int | None, *, instant_death: bool, ignores_cover: bool,
               melee: bool, fearless: bool) -> tuple[int | None, str | None]:
    """At most one damage-mitigation roll per unsaved wound (l.120, l.3015): the best allowed of
    Shrouded (not in melee, not against Ignores Cover, not for Fearless, l.3299) and Feel No Pain
    (not against Instant Death, l.3009)."""
    options = []
    if shrouded is not None and not melee and not ignores_cover and not fearless:
        options.append((shrouded, "shrouded"))
    if fnp is not None and not instant_death:
        options.append((fnp, "fnp"))
    if not options:
        return None, None
    return min(options)


def source_note(key: str, **params) -> Msg:
    return Msg.of(f"combat_hh.note.{key}", **params)


SOURCES = {
    "bs": T.BS_SOURCE, "bs_high": T.BS_HIGH_SOURCE, "ws": T.WS_SOURCE, "wound": T.TO_WOUND_SOURCE,
    "twin_linked": Source(BOOK, 3389), "preferred": Source(BOOK, 3239), "shred": Source(BOOK, 3285),
    "rending": Source(BOOK, 3263, 3265), "poisoned": Source(BOOK, 3213, 3217), "fleshbane": Source(BOOK, 3025, 3029),
    "gets_hot": Source(BOOK, 3047, 3055), "sniper": Source(BOOK, 3321), "id": Source(BOOK, 783, 785),
    "fnp": Source(BOOK, 3007, 3015), "shrouded": Source(BOOK, 3299, 3305), "pinning": Source(BOOK, 3199, 3209),
    "wall_of_death": Source(BOOK, 3361, 3363), "template": Source(BOOK, 3353, 3355), "destroyer": Source(BOOK, 982),
}
