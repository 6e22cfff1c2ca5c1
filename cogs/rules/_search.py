"""Rule searches off the event loop: a question also encodes its sentence (rules_index.meaning,
8–40 ms), and one /rule reply may search twice (the channel's book, then every book)."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from rules_index import Hit, RuleIndex

# One thread: searches run one at a time, as they did on the loop, and the loop stays free.
_searcher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rule-search")


async def search(rules: RuleIndex, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
    return await asyncio.get_running_loop().run_in_executor(_searcher, partial(rules.search, query, game=game, limit=limit))
