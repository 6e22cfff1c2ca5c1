"""English query words → the books' Russian words, learned from the books themselves.

Two sources pair English with Russian: the books' glossaries (Horus Heresy's RU→EN list,
Flames of War's terms) and headings that carry their English name in parentheses
(«1.7.5 Транспорты (Transport)», «ОТБРОС (DRIVE BACKS)»). A word is aligned to the Russian
stems it appears with, by the Dice coefficient over those pairs, so "transport" → «транспорт»
and "drive" → «отброс» without a hand-written dictionary. Per game: the books translate
the same English term differently.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from rules_index import normalize as nz

MIN_DICE = 0.5          # an English word and a Russian stem that meet in at least half their pairs
TRANSLATION_SIM = 0.8   # a translated word matches less surely than the word itself
MAX_PER_WORD = 4

_PAREN = re.compile(r"^(.*?)\(([^()]*)\)")


def _is_latin(stem: str) -> bool:
    return bool(stem) and "a" <= stem[0] <= "z"


def _is_cyrillic(stem: str) -> bool:
    return bool(stem) and "а" <= stem[0] <= "я"


def learn(pairs_by_game: dict[str, list[tuple[str, str]]]) -> dict[str, dict[str, tuple[tuple[str, float], ...]]]:
    """(English, Russian) phrase pairs per game → English stem → game → ((Russian stem, sim), …)."""
    out: dict[str, dict[str, tuple[tuple[str, float], ...]]] = defaultdict(dict)
    for game, pairs in pairs_by_game.items():
        for e, words in _align(tuple(pairs)).items():
            out[e][game] = words
    return dict(out)


@lru_cache(maxsize=64)
def _align(pairs: tuple[tuple[str, str], ...]) -> dict[str, tuple[tuple[str, float], ...]]:
    """One book's pairs aligned (cached: a corpus repeating a book aligns it once)."""
    out: dict[str, tuple[tuple[str, float], ...]] = {}
    c_en: dict[str, int] = defaultdict(int)
    c_ru: dict[str, int] = defaultdict(int)
    c_pair: dict[tuple[str, str], int] = defaultdict(int)
    for en, ru in pairs:
        ens = {t for t in nz.line_terms(en) if _is_latin(t) and len(t) >= 3}
        rus = {t for t in nz.line_terms(ru) if _is_cyrillic(t) and len(t) >= 3}
        if not ens or not rus or len(ens) > 4 or len(rus) > 5:
            continue
        for e in ens:
            c_en[e] += 1
            for r in rus:
                c_pair[(e, r)] += 1
        for r in rus:
            c_ru[r] += 1
    best: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for (e, r), n in c_pair.items():
        dice = 2 * n / (c_en[e] + c_ru[r])
        if dice >= MIN_DICE:
            best[e].append((dice, r))
    for e, cands in best.items():
        cands.sort(reverse=True)
        out[e] = tuple((r, round(TRANSLATION_SIM * d, 3)) for d, r in cands[:MAX_PER_WORD])
    return out


def heading_pairs(titles: list[str]) -> list[tuple[str, str]]:
    """(English, Russian) from headings like «Транспорты (Transport)» or "Advance (Продвижение)"."""
    out = []
    for t in titles:
        m = _PAREN.match(t)
        if not m:
            continue
        outside, inside = nz.clean(m.group(1)).strip(), nz.clean(m.group(2)).strip()
        lat_in, cyr_out = re.search(r"[a-z]", inside), re.search(r"[а-я]", outside)
        if lat_in and cyr_out and not re.search(r"[а-я]", inside):
            out.append((inside, outside))
        elif re.search(r"[а-я]", inside) and re.search(r"[a-z]", outside) and not cyr_out:
            out.append((outside, inside))
    return out
