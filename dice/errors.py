"""The only exceptions `dice.roll` lets out: `i18n.UserError`s a player can read and fix."""
from __future__ import annotations

from i18n import Msg, UserError

EXAMPLE = "dice.example.default"


class DiceError(UserError):
    """Bad dice input. Always carries an example that works."""

    def __init__(self, key: str, /, example: str | Msg | None = EXAMPLE, **params) -> None:
        super().__init__(key, example=example, **params)


class DiceSyntaxError(DiceError):
    """The expression could not be read; `column` (1-based, in the player's own text) says where."""

    def __init__(self, expression: str, column: int, got: str = "", example: str | Msg | None = EXAMPLE) -> None:
        column = max(1, min(column, len(expression) + 1))
        pointer = " " * (column - 1) + "^"
        expression = expression.replace("`", "ˋ")     # keep the code block intact
        super().__init__("dice.error.syntax", example=example, column=column, got=got or "…",
                         expression=expression, pointer=pointer)
        self.column = column


class DiceLimitError(DiceError):
    """A limit from config (dice, sides, length, rerolls) was exceeded."""


__all__ = ["DiceError", "DiceSyntaxError", "DiceLimitError"]
