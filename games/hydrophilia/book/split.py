"""How rule lookup finds the headings of `hydrophilia.txt` (research notes hydrophilia_warmaster.md A1)."""
from __future__ import annotations

import re

from rules_index.outline import Heading, clean_title, is_blank, upper_ratio


_HYD_SKIP_START = ("◆", "•", "⚠", "-")


def split(lines: list[str]) -> list[Heading]:
    """Plain text, four typographic levels (research notes A1.3).

    Chapters `N. Title` not in a numbered run; CAPS / mixed-caps / `свойства …` sections;
    title-case lines directly followed by text are sections, followed by a blank line
    subsections. Lists introduced by a line ending in «:» are not headings.
    """
    out: list[Heading] = []

    def numbered(i: int) -> int | None:
        m = re.match(r"^(\d+)[.)]\s", lines[i].strip()) if 0 <= i < len(lines) else None
        return int(m.group(1)) if m else None

    for i, raw in enumerate(lines):
        line = raw.replace("\u00a0", " ").strip()
        if not line or len(line) > 45 or line[-1] in ".:;!?" or line.startswith(_HYD_SKIP_START):
            continue
        if re.match(r"^[A-CА-В]\)\s", line):
            continue
        n = numbered(i)
        if n is not None:
            run = any(numbered(j) in (n - 1, n + 1) for j in range(i - 4, i + 5) if j != i)
            if not run and line[2:3] == " " and not is_blank(lines, i + 1):
                out.append(Heading(i + 1, clean_title(line), 1))
            continue
        # Colon-list test: walking back over short unterminated lines reaches a «…:» line.
        j = i - 1
        while j >= 0 and lines[j].strip() and len(lines[j].strip()) <= 60 and lines[j].strip()[-1] not in ".:;!?" \
                and not lines[j].strip().startswith(_HYD_SKIP_START):
            j -= 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j >= 0 and lines[j].strip().endswith(":") and j >= i - 8:
            continue
        letters = [c for c in line if c.isalpha()]
        if not letters:
            continue
        caps_run = re.search(r"[А-ЯЁA-Z]{3,}", line)
        follows_text = not is_blank(lines, i + 1)
        if upper_ratio(line) >= 0.9 or (caps_run and not line[0].isupper()) or \
                (caps_run and re.search(r"[а-яё][А-ЯЁ]{2,}", line)) or line.startswith("свойства "):
            out.append(Heading(i + 1, clean_title(line), 2))
        elif line[0].isupper():
            out.append(Heading(i + 1, clean_title(line), 2 if follows_text else 3))
    return out
