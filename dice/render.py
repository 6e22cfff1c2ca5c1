"""Localized text for a `RollResult`. Pure (no discord): the /roll cog puts these pieces in an
embed, other features (combat, state history) can reuse them.

Markdown marks, as Discord shows them: successes **bold**, rerolled and dropped dice
~~struck~~ (a reroll reads ~~1~~→5), an exploding die ends in `!`, a die added by an explosion
starts with `+`, a 7+ chain reads 6›4, a face changed by min/max reads 2→3.
Large rolls become counts per face so the reply fits Discord's limits (embed description
4096, field 1024, 6000 in total).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from dice.result import AT_LEAST_SUCCESSES, AT_LEAST_TOTAL, PASS, DiceGroup, DieRoll, RollResult
from i18n import Msg, format_number, format_percent, tr

DICE_TEXT_BUDGET = 1800      # per roll, all groups together: leaves room in a 4096 description
FACE_SUMMARY_MAX_FACES = 40  # beyond this many distinct faces, show only the total


@dataclass
class RollView:
    title: str
    dice: list[tuple[str, str]]          # (group label, dice text)
    outcome: str
    probability: str | None
    details: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [self.title]
        lines += [f"{label}: {text}" for label, text in self.dice]
        lines.append(self.outcome)
        if self.probability:
            lines.append(self.probability)
        lines += self.details
        lines += [f"⚠ {n}" for n in self.notes]
        return "\n".join(lines)


# One number format per language for every reply (i18n.numbers): «12,5», «98,4 %» / "12.5", "98.4%".
number = format_number
percent = format_percent


def probability_text(p: Fraction | float, locale: str) -> str:
    text = percent(p, locale)
    if isinstance(p, Fraction) and 0 < p < 1 and p.denominator <= 10_000:
        text += f" ({p.numerator}/{p.denominator})"
    return text


def die_text(die: DieRoll, count_mode: bool) -> str:
    history = [f"~~{r}~~" for attempt in die.rerolled_attempts for r in _attempt_faces(attempt)]
    history += [f"~~{r}~~" for r in die.rolls[:-1]]
    face = str(die.rolls[-1])
    if die.forced:
        face = f"{die.rolls[-1]}→{die.value}"
    if die.chain:
        face += "›" + "›".join(map(str, die.chain))
    if die.exploded:
        face += "!"
    if die.dropped:
        face = f"~~{face}~~"
    elif count_mode and die.success:
        face = f"**{face}**" + ("×2" if die.success == 2 else "")
    if die.extra:
        face = "+" + face
    return "→".join(history + [face])


def _attempt_faces(attempt: dict) -> list[str]:
    rolls = [str(r) for r in attempt.get("rolls", [])]
    if attempt.get("chain"):
        rolls[-1] += "›" + "›".join(map(str, attempt["chain"]))
    return rolls


def group_text(group: DiceGroup, count_mode: bool, locale: str, budget: int) -> str:
    if group.kind == "d66":
        tens, units = group.dice
        return tr("dice.render.d66", locale, tens=tens.value, units=units.value, value=group.total)
    full = ", ".join(die_text(d, count_mode) for d in group.dice)
    if len(full) <= budget:
        return full
    return face_summary(group, count_mode, locale)


def face_summary(group: DiceGroup, count_mode: bool, locale: str) -> str:
    """Counts per face of the dice that count, plus how many were rerolled/dropped/added."""
    live = [d for d in group.dice if not d.dropped]
    faces = Counter(d.value for d in live)
    parts = []
    if len(faces) <= FACE_SUMMARY_MAX_FACES:
        for face in sorted(faces):
            hits = any(d.success for d in live if d.value == face) if count_mode else False
            label = f"**{face}**" if hits else str(face)
            parts.append(f"{label}×{faces[face]}")
    elif faces:     # too many faces to list (1000d1000): counts per range of faces, ten ranges
        width = -(-group.sides // 10)
        bins = Counter((v - 1) // width for v in faces.elements())
        for b in sorted(bins):
            lo, hi = b * width + 1, min((b + 1) * width, group.sides)
            parts.append(f"{lo}–{hi}×{bins[b]}")
    text = " · ".join(parts)
    extra = []
    rerolled = sum(1 for d in group.dice if d.rerolled)
    dropped = sum(1 for d in group.dice if d.dropped)
    added = sum(1 for d in group.dice if d.extra)
    chained = sum(1 for d in group.dice if d.chain)
    if rerolled:
        extra.append(tr("dice.render.summary.rerolled", locale, n=rerolled))
    if dropped:
        extra.append(tr("dice.render.summary.dropped", locale, n=dropped))
    if added:
        extra.append(tr("dice.render.summary.added", locale, n=added))
    if chained:
        extra.append(tr("dice.render.summary.chained", locale, n=chained))
    head = tr("dice.render.summary.head", locale, n=len(group.dice))
    return head + " " + text + (f" ({'; '.join(extra)})" if extra else "")


def outcome_text(result: RollResult, locale: str) -> str:
    if result.mode == "successes":
        live = sum(1 for d in result.dice if not d.dropped and d.success is not None)
        return tr("dice.render.successes", locale, n=result.successes, dice=live, target=result.target or "")
    if result.mode == "test":
        key = "dice.render.test_passed" if result.passed else "dice.render.test_failed"
        return tr(key, locale, total=number(result.total, locale), target=result.target or "")
    return tr("dice.render.total", locale, total=number(result.total, locale))


def probability_line(result: RollResult, locale: str) -> str | None:
    if result.probability is None and result.expected is None:
        return None
    parts = []
    if result.probability is not None:
        p = probability_text(result.probability, locale)
        if not result.exact:
            p = "≈" + p
        if result.probability_kind == AT_LEAST_SUCCESSES and result.successes == 0 \
                and result.probability_exactly is not None:
            # "at least 0" is always 100%: say how likely a total miss was instead
            none = probability_text(result.probability_exactly, locale)
            parts.append(tr("dice.render.p_none", locale, p=("" if result.exact else "≈") + none))
        elif result.probability_kind == AT_LEAST_SUCCESSES:
            parts.append(tr("dice.render.p_successes", locale, p=p, n=result.successes))
        elif result.probability_kind == PASS:
            parts.append(tr("dice.render.p_pass", locale, p=p))
        elif result.probability_kind == AT_LEAST_TOTAL:
            parts.append(tr("dice.render.p_total", locale, p=p, total=number(result.total, locale)))
    if result.expected is not None:
        key = "dice.render.expected_successes" if result.mode == "successes" else "dice.render.expected_total"
        parts.append(tr(key, locale, value=number(result.expected, locale)))
    return " · ".join(parts)


def render(result: RollResult, locale: str) -> RollView:
    count_mode = result.mode == "successes"
    title = tr("dice.render.title", locale, expression=result.expression)
    if result.game:
        title += " · " + tr(f"{result.game}.title", locale)
    budget = max(80, DICE_TEXT_BUDGET // max(1, len(result.groups)))
    dice = [(g.label, group_text(g, count_mode, locale, budget)) for g in result.groups]
    if result.rerolled_from is not None:
        first = result.rerolled_from
        faces = "; ".join(group_text(g, count_mode, locale, budget // 2) for g in first["groups"])
        key = "dice.render.test_rerolled_passed" if first["passed"] else "dice.render.test_rerolled_failed"
        dice.insert(0, ("↺", tr(key, locale, dice=faces, total=number(first["total"], locale))))
    return RollView(
        title=title[:256],
        dice=dice,
        outcome=outcome_text(result, locale),
        probability=probability_line(result, locale),
        details=[m.render(locale) for m in result.details],
        notes=[m.render(locale) for m in result.notes],
    )


def render_text(result: RollResult, locale: str) -> str:
    return render(result, locale).text()


__all__ = ["RollView", "render", "render_text", "percent", "probability_text", "number", "die_text", "face_summary",
           "Msg"]
