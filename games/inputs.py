"""Reading what players type into options: "4+" targets and the like. Shared by the games'
command functions; every refusal is a UserError with an example that works."""
from __future__ import annotations

import re
from typing import Literal, overload

from i18n import UserError

_PLUS = re.compile(r"^\s*(\d{1,2})\s*\+?\s*$")
_NONE = ("", "-", "—", "–")


@overload
def parse_plus(text: str | None, *, low: int = ..., high: int = ..., required: Literal[True],
               error: str = ..., example: str = ...) -> int: ...
@overload
def parse_plus(text: str | None, *, low: int = ..., high: int = ..., required: bool = ...,
               error: str = ..., example: str = ...) -> int | None: ...
def parse_plus(text: str | None, *, low: int = 2, high: int = 6, required: bool = False,
               error: str = "combat_shared.error.plus", example: str = "combat_shared.example.plus") -> int | None:
    """"4+", "4" → 4; nothing, "-" or "—" → None (or, when `required`, a UserError saying so);
    anything else or outside [low, high] → UserError."""
    if text is None or str(text).strip() in _NONE:
        if required:
            raise UserError(error, example=example, text=text or "—", low=low, high=high)
        return None
    match = _PLUS.match(str(text))
    if not match or not low <= int(match.group(1)) <= high:
        raise UserError(error, example=example, text=text, low=low, high=high)
    return int(match.group(1))
