"""One number format per language, for every reply: Russian writes «12,5» and «98,4 %»,
English "12.5" and "98.4%". Replies format numbers and chances only through these two.

    format_number(Fraction(25, 2), "ru") -> "12,5"      format_number(3, "en") -> "3"
    format_percent(Fraction(2, 3), "en") -> "66.7%"     format_percent(0.984, "ru") -> "98,4 %"
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


def _decimal(text: str, locale: str) -> str:
    return text.replace(".", ",") if locale == "ru" else text


def format_number(value: int | float | Fraction, locale: str, digits: int = 2) -> str:
    """An integer as it is; otherwise at most `digits` decimals, trailing zeros dropped."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = int(value)
        else:
            try:
                value = float(value)
            except OverflowError:
                value = round(value)
    if isinstance(value, int):
        return str(value)
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return _decimal(text, locale)


def format_percent(p: int | float | Fraction, locale: str) -> str:
    """A probability (0..1) as a percentage: one decimal, two significant digits when tiny,
    never rounded to 0 or 100 unless it is exactly that (">99.9", "0.0012")."""
    value = float(p) * 100
    if p == 0:
        text = "0"
    elif p == 1:
        text = "100"
    elif value >= 99.95:
        text = ">99.9"
    elif value >= 0.1:
        text = f"{value:.1f}".rstrip("0").rstrip(".")
    elif value > 0:
        digits = min(-math.floor(math.log10(value)) + 1, 300)
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    else:
        text = "≈0"
    return _decimal(text, locale) + (" %" if locale == "ru" else "%")


@dataclass(frozen=True)
class Number:
    """A number given to a message as it is, formatted in the reader's language when rendered."""
    value: int | float | Fraction
    digits: int = 2

    def render(self, locale: str) -> str:
        return format_number(self.value, locale, self.digits)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True)
class Percent:
    """A probability given to a message as it is, formatted in the reader's language when rendered."""
    p: int | float | Fraction

    def render(self, locale: str) -> str:
        return format_percent(self.p, locale)

    def __str__(self) -> str:
        return self.render("en")


__all__ = ["Number", "Percent", "format_number", "format_percent"]
