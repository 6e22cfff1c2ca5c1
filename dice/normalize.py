"""From what a player types to a d20 expression plus the wargame clauses.

`10к6 на 4+ переброс единиц` → d20 text `10d6`, target 4, reroll {1} once.

Steps, each keeping a map from every character back to the player's own column, so a syntax
error points at what they typed:
1. NFKC, casefold, ё→е; ≥ ≤ × − and friends to ASCII.
2. Word clauses (Russian and English) are found and blanked out: rerolls, "6s double",
   "6s explode", highest/lowest, "на"/"on" before a target.
3. Cyrillic look-alike letters become Latin (`к`/`д` → d, `Д6` → d6, `х` → x …).
4. Symbolic clauses: a target `4+`; spaces before a dice operator (`10d6 kh3`) are dropped.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from dice.errors import DiceError
from i18n import Msg


class Text:
    """A string with, for each character, its index in the original input."""

    def __init__(self, chars: str, pos: list[int], original: str) -> None:
        self.s = chars
        self.pos = pos
        self.original = original

    @classmethod
    def of(cls, raw: str) -> "Text":
        chars: list[str] = []
        pos: list[int] = []
        for i, ch in enumerate(raw):
            folded = unicodedata.normalize("NFKC", ch).casefold()
            for c in folded:
                chars.append(c)
                pos.append(i)
        return cls("".join(chars), pos, raw)

    def column(self, index: int) -> int:
        """1-based column in the original text for an index into `s`."""
        if index < len(self.pos):
            return self.pos[index] + 1
        return len(self.original) + 1

    def sub(self, pattern: re.Pattern[str], repl) -> "Text":
        """Replace matches; replacement characters map to the match's start (or 1:1 when equal length)."""
        out: list[str] = []
        pos: list[int] = []
        last = 0
        for m in pattern.finditer(self.s):
            out.append(self.s[last:m.start()])
            pos.extend(self.pos[last:m.start()])
            new = repl(m) if callable(repl) else m.expand(repl)
            if len(new) == m.end() - m.start():
                pos.extend(self.pos[m.start():m.end()])
            else:
                anchor = self.pos[m.start()] if m.start() < len(self.pos) else len(self.original)
                pos.extend([anchor] * len(new))
            out.append(new)
            last = m.end()
        out.append(self.s[last:])
        pos.extend(self.pos[last:])
        return Text("".join(out), pos, self.original)

    def translate(self, table: dict[str, str]) -> "Text":
        """1:1 character substitutions."""
        return Text("".join(table.get(c, c) for c in self.s), self.pos, self.original)


_SYMBOLS = [
    (re.compile(r"[≥⩾]|=>"), ">="),
    (re.compile(r"[≤⩽]|=<"), "<="),
    (re.compile(r"≠"), "!="),
    (re.compile(r"[−–—‒]"), "-"),
    (re.compile(r"[×·∙]"), "*"),
    (re.compile(r"÷"), "/"),
    (re.compile(r"ё"), "е"),
]

_W = r"(?<![\w])"          # start of a word
_E = r"(?![\w])"           # end of a word
_SIX = r"(?:6s?|6-?ки|sixes|шест[её]рк\w*|шест[её]р\w*)"
_REROLL = r"(?:rr|ro|re-?rolls?|переброс\w*|перебрас\w*|перекин\w*|перекид\w*)"
_ONES = r"(?:1s|ones?|единиц\w*|единичк\w*|едини\w*)"
_FAILS = r"(?:fail\w*|miss\w*|провал\w*|неудач\w*|промах\w*|неуспе\w*)"
_SUCCESSES = r"(?:success\w*|hits?|успех\w*|успеш\w*|попадани\w*)"

REROLL_RE = re.compile(
    rf"{_W}{_REROLL}\s*(?:(?:все|всех|all|the)\s+)?(?:(?P<values>\d+(?:s|-?ки|-?ок)?(?:\s*(?:,|and|и|&)\s*\d+(?:s|-?ки|-?ок)?)*)"
    rf"|(?P<ones>{_ONES})|(?P<fails>{_FAILS})|(?P<succ>{_SUCCESSES})|(?P<cmp>[<>])\s*(?P<cmpn>\d+)){_E}")
# a reroll that doesn't say what («6к6 5+ переброс», "reroll all"): refused with the working forms
REROLL_BARE_RE = re.compile(rf"{_W}{_REROLL}(?:\s+(?:все|всех|всё|all|everything|dice|кубы|кубики))?\s*$")
DOUBLE_RE = re.compile(
    rf"{_W}(?:{_SIX}\s*(?:count\s*|считаются\s*|считать\s*|дают\s*|идут\s*|как\s*)?"
    rf"(?:double|doubles|двойн\w*|дважды|за\s*дв\w+|x\s*2|х\s*2|\*\s*2|=\s*2)"
    rf"|(?:double|двойн\w*)\s*{_SIX}){_E}")
EXPLODE_RE = re.compile(
    rf"{_W}(?:{_SIX}\s*(?:explode\w*|взрыв\w*|взрыва\w*)|(?:explode\w*|взрыв\w*)(?:\s*(?:on\s*)?{_SIX})?){_E}")
HIGHEST_RE = re.compile(rf"{_W}(?:highest|high|best|наибольш\w*|старш\w*|лучш\w*|высш\w*){_E}")
LOWEST_RE = re.compile(rf"{_W}(?:lowest|low|worst|наименьш\w*|младш\w*|худш\w*|низш\w*){_E}")
ON_RE = re.compile(rf"{_W}(?:на|on|vs|против)\s*(?=\d+\s*[+-])")
# "drop lowest" / «без наименьшего»: drop one die
DROP_RE = re.compile(rf"{_W}(?:drop|discard|убрать|убираю|отбросить|отбрось|отбрасываю|без)\s+"
                     rf"(?:(?P<low>lowest|low|worst|наименьш\w*|младш\w*|худш\w*)"
                     rf"|(?P<high>highest|high|best|наибольш\w*|старш\w*|лучш\w*)){_E}")
# comparison words → signs, longest first
WORD_COMPARISONS = [
    (re.compile(rf"{_W}(?:меньше\s+или\s+равно|не\s+больше|не\s+более|at\s+most|or\s+less|or\s+under|"
                rf"less\s+than\s+or\s+equal\s+to){_E}"), "<="),
    (re.compile(rf"{_W}(?:больше\s+или\s+равно|не\s+меньше|не\s+менее|at\s+least|"
                rf"greater\s+than\s+or\s+equal\s+to){_E}"), ">="),
    (re.compile(rf"{_W}(?:меньше|менее|less\s+than|under|below){_E}"), "<"),
    (re.compile(rf"{_W}(?:больше|более|greater\s+than|over|above){_E}"), ">"),
]
# «сумма», "total": the sum is what a plain roll reports anyway
TOTAL_WORD_RE = re.compile(rf"{_W}(?:сумма|сумму|суммой|итого|sum|total){_E}")
# «6 кубов», "6 dice": D6s
DICE_WORD_RE = re.compile(rf"(?<=\d)\s*(?:кубов|кубиков|кубика|куба|кубик|куб|dice|die){_E}")
# "10 d6", "10xd6" (ten dice, not 10 × 1d6)
COUNT_SPACE_RE = re.compile(r"(?<=\d)\s*x?\s*(?=d[\d%])")
# "8-" after a sum: roll under (at most 8)
UNDER_RE = re.compile(r"(?<![\w)+\-*/.])(\d+)\s*-(?!\s*(?:[\d(.]|d[\d%]))")

# Cyrillic letters that look like (or stand for) the Latin ones of the dice grammar.
LOOKALIKES = {
    "к": "d", "д": "d", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "м": "m",
    "н": "h", "х": "x", "в": "b", "т": "t", "і": "i", "ї": "i", "ј": "j", "ԁ": "d",
}
MULTIPLY_X_RE = re.compile(r"(?<=[\d)\s])x(?=\s*[\d(]|\s*d[\d%])")
SINGLE_EQ_RE = re.compile(r"(?<![<>=!])=(?!=)")
TARGET_RE = re.compile(r"(?<![\w)+\-*/.])(\d+)\s*\+(?!\s*(?:[\d(.]|d[\d%]))")
OP_SPACE_RE = re.compile(r"(?<=[\d%])\s+(?=(?:rr|ro|ra|mi|ma|e|k|p)[hl<>]?\d)")


@dataclass
class Reroll:
    """A wargame reroll, made once per die (flames_of_war.txt L45: "only once")."""

    kind: str                          # "values", "fails", "successes", "below", "above"
    values: tuple[int, ...] = ()
    threshold: int = 0

    def matches_value(self, v: int) -> bool:
        if self.kind == "values":
            return v in self.values
        if self.kind == "below":
            return v < self.threshold
        if self.kind == "above":
            return v > self.threshold
        return False

    def label(self) -> str:
        if self.kind == "values":
            return "rr" + ",".join(map(str, self.values))
        if self.kind == "below":
            return f"rr<{self.threshold}"
        if self.kind == "above":
            return f"rr>{self.threshold}"
        return f"rr {self.kind}"


@dataclass
class Clauses:
    target: int | None = None
    reroll: Reroll | None = None
    double: bool = False
    explode: bool = False
    keep: str | None = None            # "h" (highest) / "l" (lowest): keep one die
    drop: str | None = None            # "h" / "l": drop one die ("3d6 drop lowest")
    under: int | None = None           # "2d6 8-": the sum at most this
    found: list[str] = field(default_factory=list)


def _dup(what: str, text: Text, start: int) -> DiceError:
    return DiceError("dice.error.duplicate_clause", what=Msg.of(f"dice.clause.{what}"), column=text.column(start))


def normalize(raw: str) -> tuple[Text, Clauses]:
    text = Text.of(raw)
    for pattern, repl in _SYMBOLS:
        text = text.sub(pattern, lambda m, r=repl: r)
    clauses = Clauses()

    def blank(m: re.Match[str]) -> str:
        return " " * (m.end() - m.start())

    def take_reroll(m: re.Match[str]) -> str:
        if clauses.reroll is not None:
            raise _dup("reroll", text, m.start())
        if m.group("ones"):
            clauses.reroll = Reroll("values", (1,))
        elif m.group("fails"):
            clauses.reroll = Reroll("fails")
        elif m.group("succ"):
            clauses.reroll = Reroll("successes")
        elif m.group("cmp"):
            clauses.reroll = Reroll("below" if m.group("cmp") == "<" else "above", threshold=int(m.group("cmpn")))
        else:
            values = tuple(sorted({int(v) for v in re.findall(r"\d+", m.group("values"))}))
            clauses.reroll = Reroll("values", values)
        return blank(m)

    def take_drop(m: re.Match[str]) -> str:
        if clauses.drop is not None:
            raise _dup("keep", text, m.start())
        clauses.drop = "l" if m.group("low") else "h"
        return blank(m)

    def flag(name: str):
        def take(m: re.Match[str]) -> str:
            if getattr(clauses, name):
                raise _dup(name, text, m.start())
            setattr(clauses, name, True)
            return blank(m)
        return take

    def keep(which: str):
        def take(m: re.Match[str]) -> str:
            if clauses.keep is not None:
                raise _dup("keep", text, m.start())
            clauses.keep = which
            return blank(m)
        return take

    for pattern, sign in WORD_COMPARISONS:
        text = text.sub(pattern, lambda m, sign=sign: f" {sign} ")
    text = text.sub(REROLL_RE, take_reroll)
    bare = REROLL_BARE_RE.search(text.s)
    if bare is not None:
        raise DiceError("dice.error.reroll_what", column=text.column(bare.start()), example="dice.example.reroll")
    text = text.sub(DROP_RE, take_drop)
    text = text.sub(TOTAL_WORD_RE, blank)
    text = text.sub(DICE_WORD_RE, lambda m: "d6")
    text = text.sub(DOUBLE_RE, flag("double"))
    text = text.sub(EXPLODE_RE, flag("explode"))
    text = text.sub(HIGHEST_RE, keep("h"))
    text = text.sub(LOWEST_RE, keep("l"))
    text = text.sub(ON_RE, blank)
    text = text.translate(LOOKALIKES)
    text = text.sub(COUNT_SPACE_RE, lambda m: "")
    text = text.sub(MULTIPLY_X_RE, lambda m: "*")
    text = text.sub(SINGLE_EQ_RE, lambda m: "==")

    def take_target(m: re.Match[str]) -> str:
        if clauses.target is not None:
            raise _dup("target", text, m.start())
        clauses.target = int(m.group(1))
        return blank(m)

    text = text.sub(TARGET_RE, take_target)

    def take_under(m: re.Match[str]) -> str:
        if clauses.under is not None or clauses.target is not None:
            raise _dup("target", text, m.start())
        clauses.under = int(m.group(1))
        return blank(m)

    text = text.sub(UNDER_RE, take_under)
    text = text.sub(OP_SPACE_RE, lambda m: "")
    return text, clauses


__all__ = ["Text", "Clauses", "Reroll", "normalize"]
