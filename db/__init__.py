"""Per-channel game state: SQLite (embedded default, WAL; driven through the standard sqlite3
module whatever driver the URL names) or PostgreSQL (asyncpg), with SQLAlchemy 2 Core and
Alembic. The API is async. No discord here.

    store = await db.open_store("sqlite+aiosqlite:///data/referee.db")   # migrates first
    game = await store.channel_game(guild_id, channel_id)               # GameView | None
    result = await store.apply_changes(guild_id, channel_id, Actor(uid, "alice", False),
                                       procedure_result.changes, procedure_result.title)
    await store.close()

See `db/store.py` for every operation and `games/<id>/state.py` for what each game tracks.
"""
from db.store import NeedsConsent, StateStore, open_store, is_manager, may_edit_side, may_play
from db.views import (Actor, AppliedResult, EventView, GameView, PlayerView, UnitChange, UnitView,
                      fold)

__all__ = ["open_store", "StateStore", "NeedsConsent", "Actor", "AppliedResult", "EventView", "GameView", "PlayerView",
           "UnitChange", "UnitView", "fold", "is_manager", "may_edit_side", "may_play"]
