"""Split a rulebook into a tree of sections: title, breadcrumb path, original line span.

Every book is formatted its own way, so each game declares how to find its headings
(`Book.split`, in `games/<id>/book/split.py`: general heuristics over the book's typography)
and an override file (`Book.overrides`) for where the heuristics fail: ranges to skip (junk,
glossaries), headings to add or drop, levels and titles to force. This module turns those
headings into sections; the helpers the splitters share are here too.

A section's span runs from its heading line to the line before the next heading of any
level (trailing blank lines trimmed), so spans are short and never overlap except for table
entries, which sit inside their section. Line numbers are 1-based, as in the book files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence



@dataclass
class Heading:
    line: int          # 1-based
    title: str         # display title, markup stripped
    level: int         # 0 = document title, 1 = chapter, 2 = section, …
    kind: str = "section"


@dataclass
class Section:
    id: str
    game: str
    title: str
    level: int
    line_start: int
    line_end: int
    parent: str | None
    path: tuple[str, ...]          # ancestor titles, outermost first (not including own title)
    kind: str = "section"          # "section" | "entry" (a labelled item inside one) | "table"
    children: list[str] = field(default_factory=list)
    demoted: bool = False          # a repeat of rules stated elsewhere (a quick reference)

    @property
    def length(self) -> int:
        return self.line_end - self.line_start + 1


# A heading such as «Глоссарий терминов»: the sections under it define terms that other
# sections state as rules.
_GLOSSARY_RE = re.compile(r"глоссари|glossary|словарь|терминолог", re.IGNORECASE)


def in_glossary(sec: Section) -> bool:
    """Whether the section is a glossary entry: a heading above it names a glossary."""
    return any(_GLOSSARY_RE.search(p) for p in sec.path)


def section_holding(sections: Sequence[Section], line: int) -> Section | None:
    """The section book line `line` belongs to: the one whose heading it is, else the shortest
    holding it, a table only when nothing else does (a written question's and an alias's line,
    a reply's quoted passage)."""
    exact = [s for s in sections if s.line_start == line and s.kind != "table"]
    if exact:
        return exact[0]
    inside = [s for s in sections if s.line_start <= line <= s.line_end]
    inside.sort(key=lambda s: (s.kind == "table", s.length))
    return inside[0] if inside else None


_MARKUP_RE = re.compile(r"\*\*|</?u>|</?b>|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)|\\")


def strip_markup(text: str) -> str:
    return " ".join(_MARKUP_RE.sub("", text).replace("\u00a0", " ").split())


def clean_title(text: str) -> str:
    title = strip_markup(text).strip(" \t#")
    title = re.sub(r"\?{3,}$", "", title).strip()
    if title.endswith(".") and not title.endswith(".."):
        title = title[:-1].rstrip()
    return title


# ---------------------------------------------------------------------------------------------
# What the games' splitters share (`games/<id>/book/split.py`): lines (0-based list, index
# i = line i+1) → headings.
# ---------------------------------------------------------------------------------------------

MD_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
NUMBERED_RE = re.compile(r"^(\d+(?:\.\d+)*)\s+(?!\.)(.+)$")


def upper_ratio(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(c.isupper() for c in letters) / len(letters) if letters else 0.0


def is_blank(lines: list[str], i: int) -> bool:
    return i < 0 or i >= len(lines) or not lines[i].strip()


_TABLE_LINE_RE = re.compile(r"\t|^\s*\|")


def _tables(lines: list[str], start: int, end: int, min_rows: int) -> list[tuple[int, int]]:
    """Runs of table rows (tab- or pipe-separated) inside [start, end] (1-based, inclusive)."""
    runs: list[tuple[int, int]] = []
    i = start
    while i <= end:
        if _TABLE_LINE_RE.search(lines[i - 1]):
            j = i
            rows = 0
            last = i
            while j <= end and (_TABLE_LINE_RE.search(lines[j - 1]) or
                                (not lines[j - 1].strip() and j + 1 <= end and _TABLE_LINE_RE.search(lines[j]))):
                if lines[j - 1].strip():
                    rows += 1
                    last = j
                j += 1
            if rows >= min_rows:
                runs.append((i, last))
            i = j
        else:
            i += 1
    return runs


def build_outline(game: str, lines: list[str], split: Callable[[list[str]], list[Heading]],
                  ov: dict[str, Any]) -> list[Section]:
    """The sections of a book: `split` finds its headings, `ov` (its override file) corrects them."""
    skips = [tuple(r) for r in ov.get("skip", [])]

    def skipped(line: int) -> bool:
        return any(a <= line <= b for a, b in skips)

    heads = [h for h in split(lines) if not skipped(h.line)]
    for spec in ov.get("entries", []):
        # Labelled entries inside a section (card legends, keyword definitions, terrain types).
        rx = re.compile(spec["pattern"])
        for n in range(spec["start"], spec["end"] + 1):
            m = rx.match(lines[n - 1].strip())
            if m:
                heads.append(Heading(n, clean_title(m.group(1)), spec.get("level", 3), "entry"))
    drop = set(ov.get("drop", []))
    heads = [h for h in heads if h.line not in drop]
    known = {h.line for h in heads}
    for add in ov.get("add", []):
        if add["line"] not in known:
            heads.append(Heading(add["line"], add.get("title") or clean_title(lines[add["line"] - 1]),
                                 add.get("level", 2), add.get("kind", "section")))
    heads.sort(key=lambda h: h.line)
    titles = {int(k): v for k, v in ov.get("title", {}).items()}
    levels = {int(k): v for k, v in ov.get("level", {}).items()}
    for h in heads:
        h.title = titles.get(h.line, h.title)
    for a, b, lvl in ov.get("level_range", []):
        for h in heads:
            if a <= h.line <= b:
                h.level = lvl
    for a, b, lvl in ov.get("flatten", []):
        # Heading levels inside [a, b] are noise: markdown headings become siblings at `lvl`,
        # bold sub-headings their children.
        base = None
        for h in heads:
            if a <= h.line <= b:
                if MD_HEADING_RE.match(lines[h.line - 1]):
                    h.level = lvl
                    base = lvl
                else:
                    h.level = (base or lvl) + 1

    for h in heads:                     # explicit levels win over every rule above
        h.level = levels.get(h.line, h.level)

    # Spans: up to the line before the next heading or skipped range, trailing blanks trimmed.
    boundaries = sorted({h.line for h in heads} | {a for a, _ in skips} | {len(lines) + 1})
    sections: list[Section] = []
    stack: list[Section] = []
    for h in heads:
        nxt = next(b for b in boundaries if b > h.line)
        end = nxt - 1
        while end > h.line and not lines[end - 1].strip():
            end -= 1
        while stack and stack[-1].level >= h.level:
            stack.pop()
        parent = stack[-1] if stack else None
        sec = Section(
            id=f"{game}:{h.line}", game=game, title=h.title, level=h.level,
            line_start=h.line, line_end=end, parent=parent.id if parent else None,
            path=tuple(s.title for s in stack if s.level > 0), kind=h.kind,
        )
        if parent:
            parent.children.append(sec.id)
        sections.append(sec)
        stack.append(sec)

    # Tables as entries of their own, inside their section.
    min_rows = ov.get("table_min_rows", 4)
    extra: list[Section] = []
    for sec in sections:
        for a, b in _tables(lines, sec.line_start + 1, sec.line_end, min_rows):
            caption = strip_markup(lines[a - 1].replace("\t", " ")).strip()
            first_is_caption = "\t" in lines[a - 1] and len(lines[a - 1].strip("\t ").split("\t")) == 1 \
                and 3 <= len(caption) <= 60
            title = f"{caption}" if first_is_caption else f"{sec.title}: таблица"
            tab = Section(id=f"{game}:{a}t", game=game, title=title, level=sec.level + 1, line_start=a,
                          line_end=b, parent=sec.id, path=sec.path + (sec.title,), kind="table")
            sec.children.append(tab.id)
            extra.append(tab)
    for t in ov.get("table", []):
        parent = next(s for s in sections if s.line_start <= t["start"] <= s.line_end)
        tab = Section(id=f"{game}:{t['start']}t", game=game, title=t["title"], level=parent.level + 1,
                      line_start=t["start"], line_end=t["end"], parent=parent.id,
                      path=parent.path + (parent.title,), kind="table")
        if tab.id not in {e.id for e in extra}:
            parent.children.append(tab.id)
            extra.append(tab)
    out = sections + extra
    for a, b in ov.get("demote", []):
        for sec in out:
            if a <= sec.line_start <= b:
                sec.demoted = True
    out.sort(key=lambda s: (s.line_start, s.kind == "table"))
    return out
