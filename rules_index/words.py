"""Word helpers the index and its stages share: a heading's name variants, sorted-vocabulary
lookups, plain text for matching."""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

import re
from dataclasses import dataclass

from rules_index.outline import strip_markup


@dataclass
class _Name:
    doc: int
    text: str
    terms: tuple[str, ...]
    weight: float          # 1.0 for the title, ALIAS_WEIGHT (or less) for aliases


_NUM_PREFIX = re.compile(r"^\s*\d+(?:\.\d+)*\.?\s+")
_PAREN = re.compile(r"\(([^()]*)\)")


def title_variants(title: str) -> list[str]:
    """«1.3 Бласты (Blast Markers)» → full title without number, «Бласты», "Blast Markers"."""
    base = _NUM_PREFIX.sub("", title).strip()
    base = re.sub(r"\.{3,}.*$", "", base).strip()          # «Имперский бункер.....85 очков»
    out = [base]
    outside = _PAREN.sub(" ", base).strip()
    if outside and outside != base:
        out.append(outside)
    for inner in _PAREN.findall(base):
        if inner.strip().upper() == "X" or not inner.strip():
            continue
        out.append(inner)
        for part in re.split(r"\s[-–]\s|,\s*", inner):
            if part.strip() and part.strip() != inner:
                out.append(part)
    if ":" in base:
        out.append(base.split(":", 1)[1])
    # «Марш-Бросок» is searched as one word (марш-бросок = маршбросок), and also by its parts.
    out += [re.sub(r"(?<=\w)-(?=\w)", " ", o) for o in list(out) if re.search(r"\w-\w", o)]
    return [v for v in dict.fromkeys(o.strip(" .") for o in out) if v]


@lru_cache(maxsize=200_000)
def _plain(raw: str) -> str:
    """A book line as text (markup stripped, tabs as cell separators); cached: a repeated
    book (the ten-fold benchmark) and every rebuild read the same lines."""
    return strip_markup(raw.replace("\t", " | ")).strip()


def _bisect(vocab: list[str], term: str) -> int:
    lo, hi = 0, len(vocab)
    while lo < hi:
        mid = (lo + hi) // 2
        if vocab[mid] < term:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _by_initial(vocab: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for v in vocab:
        out[v[0]].append(v)
    return dict(out)
