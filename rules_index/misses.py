"""`python -m rules_index misses`: the queries players marked «Не то» / "Not it" on /rule replies,
with the channel's game and what they were shown, so a maintainer can improve the index."""
from __future__ import annotations

import asyncio
import json


async def _read(url: str, limit: int) -> list[dict]:
    import db
    store = await db.open_store(url)
    try:
        return await store.lookup_misses(limit)
    finally:
        await store.close()


def format_misses(rows: list[dict]) -> str:
    if not rows:
        return "no misses recorded"
    out = []
    for r in rows:
        when = r["created_at"].strftime("%Y-%m-%d %H:%M") if r.get("created_at") else "?"
        shown = r["shown"] if isinstance(r["shown"], list) else json.loads(r["shown"] or "[]")
        out.append(f"{when}  [{r.get('game') or 'all books'}] {r['query']!r}\n"
                   f"    not it: {shown[0] if shown else '—'}" + (f"; also shown: {', '.join(shown[1:])}" if shown[1:] else ""))
    return "\n".join(out)


def print_misses(url: str | None, limit: int) -> int:
    if url is None:
        from app.config import Config
        url = Config.load().database_url
    print(format_misses(asyncio.run(_read(url, limit))))
    return 0
