"""How rule lookup finds the headings of `horus_heresy.md` (research notes horus_heresy.md §1)."""
from __future__ import annotations

import re

from rules_index.outline import Heading, MD_HEADING_RE, clean_title, upper_ratio


_BOLD_LINE_RE = re.compile(r"^\*\*([^*]{2,100})\*\*\s*$")


def split(lines: list[str]) -> list[Heading]:
    """`#`–`####` headings by level, plus standalone bold lines as children of the heading above."""
    out: list[Heading] = []
    current = 1
    for i, raw in enumerate(lines):
        m = MD_HEADING_RE.match(raw)
        if m and len(m.group(1)) <= 4:
            title = clean_title(m.group(2))
            if title:
                current = len(m.group(1))
                # The book's chapters are ALL CAPS; some carry `##` («## ФАЗА СТРЕЛЬБЫ» after
                # «# ФАЗА ДВИЖЕНИЯ»): caps make them chapters, so paths read right.
                if current == 2 and upper_ratio(title) >= 0.9 and sum(c.isalpha() for c in title) >= 5:
                    current = 1
                out.append(Heading(i + 1, title, current))
            continue
        b = _BOLD_LINE_RE.match(raw.strip())
        if b:
            title = clean_title(b.group(1))
            if title and not title.endswith(":"):
                out.append(Heading(i + 1, title, current + 1))
    return out
