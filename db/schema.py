"""The tables, as SQLAlchemy Core metadata. The migrations in `db/migrations/versions/` create
exactly this; `tests/db/test_state_migrations.py` checks they agree.

One row per game (a channel's game; ended games are kept with `ended_at` set), its units, and its
events (history and undo). Players live in the game row as JSON so joining is undone like any
other change.
"""
from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("guild_id", sa.BigInteger, nullable=False),
    sa.Column("channel_id", sa.BigInteger, nullable=False),   # a thread is a channel of its own
    sa.Column("system", sa.String(32), nullable=False),
    sa.Column("name", sa.String(100), nullable=True),
    sa.Column("owner_id", sa.BigInteger, nullable=False),
    sa.Column("owner_name", sa.String(100), nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("phase", sa.String(32), nullable=True),
    sa.Column("active_side", sa.String(100), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
)
# One live game per channel; ended games stay for the record.
sa.Index("uq_games_live_channel", games.c.guild_id, games.c.channel_id, unique=True,
         sqlite_where=sa.text("ended_at IS NULL"), postgresql_where=sa.text("ended_at IS NULL"))

units = sa.Table(
    "units", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("name_key", sa.String(100), nullable=False),    # db.views.fold(name)
    sa.Column("side", sa.String(100), nullable=False),
    sa.Column("type", sa.String(32), nullable=False),
    sa.Column("size", sa.Integer, nullable=False),
    sa.Column("per", sa.Integer, nullable=False),
    sa.Column("values", sa.JSON, nullable=False),
    sa.Column("statuses", sa.JSON, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("profile", sa.JSON, nullable=False, server_default=sa.text("'{}'")),   # 0002
    sa.UniqueConstraint("game_id", "name_key", name="uq_units_game_name"),
    # Ids are never reused, so an event's before/after rows can't mix up two units (undo).
    sqlite_autoincrement=True,
)

events = sa.Table(
    "events", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("actor_id", sa.BigInteger, nullable=False),
    sa.Column("actor_name", sa.String(100), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("summary", sa.JSON, nullable=False),
    sa.Column("messages", sa.JSON, nullable=False),
    sa.Column("payload", sa.JSON, nullable=True),
    sa.Column("diff", sa.JSON, nullable=False),              # before/after of every touched row
    sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("undone_by", sa.BigInteger, nullable=True),
)
sa.Index("ix_events_game_id", events.c.game_id, events.c.id)

# «Не то» / "Not it" presses on /rule replies: what was asked, in which game, and what was shown,
# so a maintainer can improve the rule index from real use (`python -m rules_index misses`).
lookup_misses = sa.Table(
    "lookup_misses", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("guild_id", sa.BigInteger, nullable=True),
    sa.Column("channel_id", sa.BigInteger, nullable=True),
    sa.Column("game", sa.String(32), nullable=True),          # the channel's game, when it has one
    sa.Column("query", sa.String(300), nullable=False),
    sa.Column("shown", sa.JSON, nullable=False),             # section ids shown, first the one rejected
)
