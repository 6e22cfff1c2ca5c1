"""Per-channel games, their units and their events (history and undo).

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger, nullable=False),
        sa.Column("channel_id", sa.BigInteger, nullable=False),
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
    op.create_index("uq_games_live_channel", "games", ["guild_id", "channel_id"], unique=True,
                    sqlite_where=sa.text("ended_at IS NULL"), postgresql_where=sa.text("ended_at IS NULL"))
    op.create_table(
        "units",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False),
        sa.Column("side", sa.String(100), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("per", sa.Integer, nullable=False),
        sa.Column("values", sa.JSON, nullable=False),
        sa.Column("statuses", sa.JSON, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.UniqueConstraint("game_id", "name_key", name="uq_units_game_name"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("actor_id", sa.BigInteger, nullable=False),
        sa.Column("actor_name", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("summary", sa.JSON, nullable=False),
        sa.Column("messages", sa.JSON, nullable=False),
        sa.Column("payload", sa.JSON, nullable=True),
        sa.Column("diff", sa.JSON, nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("undone_by", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_events_game_id", "events", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_events_game_id", table_name="events")
    op.drop_table("events")
    op.drop_table("units")
    op.drop_index("uq_games_live_channel", table_name="games")
    op.drop_table("games")
