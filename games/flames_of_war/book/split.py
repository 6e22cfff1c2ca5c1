"""How rule lookup finds the headings of `flames_of_war.txt` (research notes flames_of_war.md §1.3–1.6)."""
from __future__ import annotations

import re

from rules_index.outline import Heading, clean_title


_VERB_RE = re.compile(r"\w{2,}(ют|ят|ете|ает|яет|ует|ится|ется|ются|ятся)\b|\b(должны|должен|может|могут|нужно)\b", re.I)


def split(lines: list[str]) -> list[Heading]:
    """Plain text: a heading names something rather than states it (research notes §1.5)."""
    out: list[Heading] = []
    for i, raw in enumerate(lines):
        line = raw.replace("\u00a0", " ").strip()
        if not line or len(line) > 80:
            continue
        if line.startswith("·") or re.match(r"^\d+\s*\.", line):
            continue
        if line[-1] in ".:;,!":
            continue
        if re.search(r"\d", line) or re.search(r"\s[–-]\s", line):
            continue
        if not (line[0].isupper()) or set(line) <= {"?"}:
            continue
        head = line.split("(")[0]
        if len(head.split()) > 8:
            continue
        if _VERB_RE.search(head) and not (line.startswith("Кто может") or line.startswith("Как ") or line == "Не Стреляют"):
            continue
        if line.startswith("Типы") or "|" in line:
            continue
        out.append(Heading(i + 1, clean_title(line), 2))
    return out
