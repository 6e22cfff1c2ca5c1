"""Names players type for a game's phases, statuses and unit types: the id, or the title in
either language as the autocomplete offers it, in any case, with «фаза»/"phase" around it or a
different Russian ending («фаза стрельбы» · «стрельба»). Lists in errors name them in the
reader's language."""
from __future__ import annotations

from typing import Mapping

from db.views import fold
from i18n import LOCALES, Renderable

_FILLER = {"фаза", "фазу", "фазы", "phase", "тип", "type"}


def _words(text: str) -> str:
    return " ".join(w for w in fold(text).replace("_", " ").split() if w not in _FILLER)


def _stem(text: str) -> str:
    """Russian endings aside: each long word without its last two letters."""
    return " ".join(w[:-2] if len(w) > 5 else w for w in text.split())


def resolve(typed: str, titles: Mapping[str, Renderable]) -> str | None:
    """The key `typed` names, or None; a stem match counts only when it names one key."""
    wanted = _words(typed or "")
    if not wanted:
        return None
    names = {key: {_words(key), *(_words(title.render(loc)) for loc in LOCALES)} for key, title in titles.items()}
    for key, forms in names.items():
        if wanted in forms:
            return key
    stemmed = [key for key, forms in names.items() if _stem(wanted) in {_stem(f) for f in forms}]
    return stemmed[0] if len(stemmed) == 1 else None


def resolve_or_start(typed: str, titles: Mapping[str, Renderable]) -> str | None:
    """As `resolve`, or the one key whose title, in either language, starts with what was typed:
    a long title («половина вниз, один «Бласт» снимается») is typed by its start."""
    key = resolve(typed, titles)
    wanted = _words(typed or "")
    if key is not None or not wanted:
        return key
    starts = {key for key, title in titles.items() for loc in LOCALES if _words(title.render(loc)).startswith(wanted)}
    return starts.pop() if len(starts) == 1 else None

