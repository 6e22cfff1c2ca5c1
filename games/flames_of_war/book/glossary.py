"""The translator's glossary: «Русский – English» lines between the heading «Глоссарий» (L1397)
and «От автора» (L1650)."""
from __future__ import annotations

import re

_PAIR_RE = re.compile(r"^(.+?)\s*[–-]\s*([A-Za-z].*)$")


def glossary(lines: list[str]) -> list[tuple[str, str]]:
    stripped = [line.strip() for line in lines]
    start = stripped.index("Глоссарий")
    end = stripped.index("От автора", start)
    return [(m.group(1), m.group(2)) for line in stripped[start + 1:end] if (m := _PAIR_RE.match(line))]
