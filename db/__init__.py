"""Per-channel game state: SQLite (embedded default, WAL; driven through the standard sqlite3
module whatever driver the URL names) or PostgreSQL (asyncpg), with SQLAlchemy 2 Core and
Alembic. The API is async. No discord here.

    store = await db.open_store("sqlite+aiosqlite:///data/referee.db")   # migrates first
    game = await store.channel_game(guild_id, channel_id)               # GameView | None
    result = await store.apply_changes(guild_id, channel_id, Actor(uid, "alice", False),
                                       procedure_result.changes, procedure_result.title)
    await store.close()

The modules, one job each: `store` (every operation, one transaction each), `transaction`
(running a transaction on SQLite or PostgreSQL and recording its event), `session` (who may do
what, turns, phases, sides — no database), `codec` (rows ⇄ views), `exchange` and
`export_model` (the export format), `schema` and `migrations/`. What each game tracks is in
`games/<id>/state.py`.
"""
from db.session import NeedsConsent, is_manager, may_edit_side, may_play
from db.store import StateStore, open_store
from db.views import (Actor, AppliedResult, EventView, GameView, PlayerView, UnitChange, UnitView,
                      fold)

__all__ = ["open_store", "StateStore", "NeedsConsent", "Actor", "AppliedResult", "EventView", "GameView", "PlayerView",
           "UnitChange", "UnitView", "fold", "is_manager", "may_edit_side", "may_play"]
