"""Rule lookup over the five rulebooks: sections, normalisation, the search cascade, the cache.

    from rules_index import load_index
    index = load_index()                       # cached in data/cache/, rebuilt when stale
    index.search("бластов", game="epic")       # → [Hit(score, game, section_id, path, title, …)]
    index.autocomplete("овер")                 # → [(label ≤ 100 chars, section_id)] (≤ 25)
    index.section("epic:120"); index.toc("epic")

Nothing here imports discord.
"""
from rules_index.build import build, load_index
from rules_index.engine import Hit, RuleIndex
from rules_index.outline import Section

__all__ = ["load_index", "build", "RuleIndex", "Hit", "Section"]
