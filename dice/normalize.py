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
    rf"{_W}{_REROLL}\s*(?:(?:все|всех|all|the)\s+)?(?:(?P<ones>{_ONES})|(?P<fails>{_FAILS})|(?P<succ>{_SUCCESSES})"
    rf"|(?P<cmp>[<>])\s*(?P<cmpn>\d+)|(?P<values>\d+(?:\s*,\s*\d+)*)(?:s|-?ки|-?ок)?){_E}")
DOUBLE_RE = re.compile(
    rf"{_W}(?:{_SIX}\s*(?:count\s*|считаются\s*|считать\s*|дают\s*|идут\s*|как\s*)?"
    rf"(?:double|doubles|двойн\w*|дважды|за\s*дв\w+|x\s*2|х\s*2|\*\s*2|=\s*2)"
    rf"|(?:double|двойн\w*)\s*{_SIX}){_E}")
EXPLODE_RE = re.compile(
    rf"{_W}(?:{_SIX}\s*(?:explode\w*|взрыв\w*|взрыва\w*)|(?:explode\w*|взрыв\w*)(?:\s*(?:on\s*)?{_SIX})?){_E}")
HIGHEST_RE = re.compile(rf"{_W}(?:highest|high|best|наибольш\w*|старш\w*|лучш\w*|высш\w*){_E}")
LOWEST_RE = re.compile(rf"{_W}(?:lowest|low|worst|наименьш\w*|младш\w*|худш\w*|низш\w*){_E}")
ON_RE = re.compile(rf"{_W}(?:на|on|vs|против)\s*(?=\d+\s*\+)")

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
            values = tuple(sorted({int(v) for v in re.split(r"\s*,\s*", m.group("values"))}))
            clauses.reroll = Reroll("values", values)
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

    text = text.sub(REROLL_RE, take_reroll)
    text = text.sub(DOUBLE_RE, flag("double"))
    text = text.sub(EXPLODE_RE, flag("explode"))
    text = text.sub(HIGHEST_RE, keep("h"))
    text = text.sub(LOWEST_RE, keep("l"))
    text = text.sub(ON_RE, blank)
    text = text.translate(LOOKALIKES)
    text = text.sub(MULTIPLY_X_RE, lambda m: "*")
    text = text.sub(SINGLE_EQ_RE, lambda m: "==")

    def take_target(m: re.Match[str]) -> str:
        if clauses.target is not None:
            raise _dup("target", text, m.start())
        clauses.target = int(m.group(1))
        return blank(m)

    text = text.sub(TARGET_RE, take_target)
    text = text.sub(OP_SPACE_RE, lambda m: "")
    return text, clauses


__all__ = ["Text", "Clauses", "Reroll", "normalize"]
