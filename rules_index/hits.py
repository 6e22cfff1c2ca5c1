"""What a search returns: one section, its score and the passage that answers."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Hit:
    score: float
    game: str
    section_id: str
    path: tuple[str, ...]
    title: str
    line_start: int
    line_end: int
    snippet: str
    via: str = "direct"     # "direct" | "layout" | "translit" | "english" | "glossary"
    passage: str = ""       # the paragraph that best answers the query (whole, markup stripped), a list it introduces a line each
    passage_lines: tuple[int, int] = (0, 0)   # its lines in the book; (0, 0) when none matched
    searched: str = ""      # the text searched when a retry found it (another layout, a glossary term…)

    def as_dict(self) -> dict:
        d = asdict(self)
        d["path"] = list(self.path)
        d["passage_lines"] = list(self.passage_lines)
        return d
