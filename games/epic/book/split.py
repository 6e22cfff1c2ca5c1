"""How rule lookup finds the headings of `epic.md` (research notes epic.md §1.2–1.3)."""
from __future__ import annotations

from rules_index.outline import Heading, MD_HEADING_RE, NUMBERED_RE, clean_title


def split(lines: list[str]) -> list[Heading]:
    """Markdown headings; depth from the section number (1.12.7 → 3), not from the #s.

    Unnumbered headings become children of the latest numbered one; `3.0`/`4.0` are chapters.
    """
    out: list[Heading] = []
    last_depth = 0
    for i, raw in enumerate(lines):
        m = MD_HEADING_RE.match(raw)
        if not m:
            continue
        title = clean_title(m.group(2))
        if not title:
            continue
        num = NUMBERED_RE.match(title)
        if num:
            parts = num.group(1).split(".")
            if len(parts) == 2 and parts[1] == "0":
                parts = parts[:1]
            depth = len(parts)
            last_depth = depth
            out.append(Heading(i + 1, title, depth))
        else:
            out.append(Heading(i + 1, title, last_depth + 1))
    return out
