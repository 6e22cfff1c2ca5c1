"""The book's own Russian–English glossary (`# ГЛОССАРИЙ`, L4764 to the end): tab-separated
pairs, several to a line."""
from __future__ import annotations


def glossary(lines: list[str]) -> list[tuple[str, str]]:
    start = next(i for i, line in enumerate(lines) if line.strip() == "# ГЛОССАРИЙ")
    pairs: list[tuple[str, str]] = []
    for line in lines[start + 1:]:
        cells = [c.strip() for c in line.split("\t")]
        for k in range(0, len(cells) - 1, 2):
            if cells[k] and cells[k + 1]:
                pairs.append((cells[k], cells[k + 1]))
    return pairs
