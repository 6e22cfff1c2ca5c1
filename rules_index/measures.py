"""The unit a distance is given in. Each book measures in one unit (Epic, Flames of War and
Warmaster in centimetres, Horus Heresy in inches, Hydrophilia in both); a player who writes
«в 5 дюймах» or "15cm" has told which books the question can be about. The shares are counted
in the books' own text at build time, so a new book brings its own; a book that lets the
players choose the unit says so in its game's package (`Book.measured_in`)."""
from __future__ import annotations

import re

CENTIMETRES = re.compile(r"\d\s*(?:см|cm)(?![a-zа-яё])|сантиметр", re.IGNORECASE)
INCHES = re.compile(r"\d\s*(?:\"|″)|дюйм|inch", re.IGNORECASE)
UNITS = {"cm": CENTIMETRES, "inch": INCHES}


def unit_shares(lines: list[str]) -> dict[str, float]:
    """How often a book gives a distance in each unit, as a share of all its distances."""
    counts = {unit: sum(len(pattern.findall(line)) for line in lines) for unit, pattern in UNITS.items()}
    total = sum(counts.values())
    return {unit: (n / total if total else 0.0) for unit, n in counts.items()}


def foreign_books(unit: str, shares: dict[str, dict[str, float]], declared: dict[str, list[str]],
                  min_share: float) -> set[str]:
    """The books a distance in `unit` is seldom about: under `min_share` of their distances are
    given in it, and they don't let the players choose it (Flames of War: «FoW использует и
    сантиметры и дюймы», L49, though its own distances are in centimetres)."""
    return {game for game, s in shares.items() if s[unit] < min_share and unit not in declared.get(game, ())}


def query_unit(query: str) -> str | None:
    """The one unit the query measures in; None for none or both."""
    found = [unit for unit, pattern in UNITS.items() if pattern.search(query)]
    return found[0] if len(found) == 1 else None
