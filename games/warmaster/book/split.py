"""How rule lookup finds the headings of `warmaster.txt` (research notes hydrophilia_warmaster.md B1)."""
from __future__ import annotations

import re

from rules_index.outline import Heading, clean_title, is_blank, strip_markup, upper_ratio


_WM_TABLE_RE = re.compile(r"\t|\||^(D6|<=|\d+-\d+\s|\d+\+|\d+\s)")
_WM_ENTRY_RE = re.compile(r"^[a-iабвдсеф]\)\s+\*{0,2}(.+?)\*{0,2}$")
_WM_INLINE_RE = re.compile(r"^(?:- |\d+\.\s+)\*{0,2}([^*]{3,70}?)\.?\*\*")


def split(lines: list[str]) -> list[Heading]:
    """Plain text: headings stand between blank lines; numbered CAPS, CAPS, glossary, entries.

    Levels for numbered headings come from a stack: k is a sibling where the last number was
    k-1, anything else opens a child level (research notes B1.3).
    """
    out: list[Heading] = []
    stack: list[int] = []
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            continue
        inline = _WM_INLINE_RE.match(line)
        if inline and len(line) > 60:
            out.append(Heading(i + 1, clean_title(inline.group(1)), len(stack) + 1, "entry"))
            continue
        if not (is_blank(lines, i - 1) and is_blank(lines, i + 1)) or len(line) > 60:
            continue
        text = strip_markup(line)
        entry = _WM_ENTRY_RE.match(line)
        if entry and text[-1] not in ".!?:" or (entry and text.endswith("!)")):
            out.append(Heading(i + 1, clean_title(entry.group(1)), len(stack) + 1, "entry"))
            continue
        num = re.match(r"^(\d{1,2})\.\s+(.+)$", text)
        if num:
            body = num.group(2)
            if body.endswith(":"):
                continue
            if upper_ratio(body) >= 0.8 or (len(text) <= 40 and body[0].isupper() and body[-1] not in ".!?;,"):
                k = int(num.group(1))
                for depth in range(len(stack) - 1, -1, -1):
                    if stack[depth] == k - 1:
                        del stack[depth + 1:]
                        stack[depth] = k
                        break
                else:
                    stack.append(k)
                out.append(Heading(i + 1, clean_title(text), len(stack)))
            continue
        if _WM_TABLE_RE.search(text):
            continue
        if upper_ratio(text) >= 0.9 and text[-1] not in ".,;":
            out.append(Heading(i + 1, clean_title(text), len(stack) + 1))
    return out
