"""Split a rulebook into a tree of sections: title, breadcrumb path, original line span.

The five books are formatted five ways (see ../shared/research/): Epic's markdown heading
levels are noise and its section numbers carry the hierarchy; Horus Heresy hides rules under
standalone bold lines; Flames of War, Warmaster and Гидрофилия are plain text whose headings
are recognised by length, case, blank lines and numbering. Each book has a detector here
(general heuristics) and a small override file `overrides/<game>.toml` for where the
heuristics fail: ranges to skip (junk, glossaries), headings to add or drop, levels and
titles to force.

A section's span runs from its heading line to the line before the next heading of any
level (trailing blank lines trimmed), so spans are short and never overlap except for table
entries, which sit inside their section. Line numbers are 1-based, as in the book files.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
OVERRIDES_DIR = HERE / "overrides"


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
    demoted: bool = False          # a repeat of rules stated elsewhere (HH's quick reference)

    @property
    def length(self) -> int:
        return self.line_end - self.line_start + 1


def load_overrides(game: str) -> dict:
    path = OVERRIDES_DIR / f"{game}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


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
# Detectors: lines (0-based list, index i = line i+1) → headings
# ---------------------------------------------------------------------------------------------

_MD_RE = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
_NUM_RE = re.compile(r"^(\d+(?:\.\d+)*)\s+(?!\.)(.+)$")


def detect_epic(lines: list[str]) -> list[Heading]:
    """Markdown headings; depth from the section number (1.12.7 → 3), not from the #s.

    Unnumbered headings become children of the latest numbered one; `3.0`/`4.0` are chapters.
    """
    out: list[Heading] = []
    last_depth = 0
    for i, raw in enumerate(lines):
        m = _MD_RE.match(raw)
        if not m:
            continue
        title = clean_title(m.group(2))
        if not title:
            continue
        num = _NUM_RE.match(title)
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


_BOLD_LINE_RE = re.compile(r"^\*\*([^*]{2,100})\*\*\s*$")


def detect_horus_heresy(lines: list[str]) -> list[Heading]:
    """`#`–`####` headings by level, plus standalone bold lines as children of the heading above."""
    out: list[Heading] = []
    current = 1
    for i, raw in enumerate(lines):
        m = _MD_RE.match(raw)
        if m and len(m.group(1)) <= 4:
            title = clean_title(m.group(2))
            if title:
                current = len(m.group(1))
                # The book's chapters are ALL CAPS; some carry `##` («## ФАЗА СТРЕЛЬБЫ» after
                # «# ФАЗА ДВИЖЕНИЯ»): caps make them chapters, so paths read right.
                if current == 2 and _upper_ratio(title) >= 0.9 and sum(c.isalpha() for c in title) >= 5:
                    current = 1
                out.append(Heading(i + 1, title, current))
            continue
        b = _BOLD_LINE_RE.match(raw.strip())
        if b:
            title = clean_title(b.group(1))
            if title and not title.endswith(":"):
                out.append(Heading(i + 1, title, current + 1))
    return out


_VERB_RE = re.compile(r"\w{2,}(ют|ят|ете|ает|яет|ует|ится|ется|ются|ятся)\b|\b(должны|должен|может|могут|нужно)\b", re.I)


def detect_flames_of_war(lines: list[str]) -> list[Heading]:
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


def _upper_ratio(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(c.isupper() for c in letters) / len(letters) if letters else 0.0


def _blank(lines: list[str], i: int) -> bool:
    return i < 0 or i >= len(lines) or not lines[i].strip()


_WM_TABLE_RE = re.compile(r"\t|\||^(D6|<=|\d+-\d+\s|\d+\+|\d+\s)")
_WM_ENTRY_RE = re.compile(r"^[a-iабвдсеф]\)\s+\*{0,2}(.+?)\*{0,2}$")
_WM_INLINE_RE = re.compile(r"^(?:- |\d+\.\s+)\*{0,2}([^*]{3,70}?)\.?\*\*")


def detect_warmaster(lines: list[str]) -> list[Heading]:
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
        if not (_blank(lines, i - 1) and _blank(lines, i + 1)) or len(line) > 60:
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
            if _upper_ratio(body) >= 0.8 or (len(text) <= 40 and body[0].isupper() and body[-1] not in ".!?;,"):
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
        if _upper_ratio(text) >= 0.9 and text[-1] not in ".,;":
            out.append(Heading(i + 1, clean_title(text), len(stack) + 1))
    return out


_HYD_SKIP_START = ("◆", "•", "⚠", "-")


def detect_hydrophilia(lines: list[str]) -> list[Heading]:
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
            if not run and line[2:3] == " " and not _blank(lines, i + 1):
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
        follows_text = not _blank(lines, i + 1)
        if _upper_ratio(line) >= 0.9 or (caps_run and not line[0].isupper()) or \
                (caps_run and re.search(r"[а-яё][А-ЯЁ]{2,}", line)) or line.startswith("свойства "):
            out.append(Heading(i + 1, clean_title(line), 2))
        elif line[0].isupper():
            out.append(Heading(i + 1, clean_title(line), 2 if follows_text else 3))
    return out


DETECTORS = {
    "epic": detect_epic,
    "horus_heresy": detect_horus_heresy,
    "flames_of_war": detect_flames_of_war,
    "warmaster": detect_warmaster,
    "hydrophilia": detect_hydrophilia,
}

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


def build_outline(game: str, lines: list[str]) -> list[Section]:
    ov = load_overrides(game)
    skips = [tuple(r) for r in ov.get("skip", [])]

    def skipped(line: int) -> bool:
        return any(a <= line <= b for a, b in skips)

    heads = [h for h in DETECTORS[game](lines) if not skipped(h.line)]
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
                if _MD_RE.match(lines[h.line - 1]):
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
