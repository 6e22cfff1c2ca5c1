"""Rule lookup misses: «Не то» / "Not it" presses on /rule replies.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lookup_misses",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("guild_id", sa.BigInteger, nullable=True),
        sa.Column("channel_id", sa.BigInteger, nullable=True),
        sa.Column("game", sa.String(32), nullable=True),
        sa.Column("query", sa.String(300), nullable=False),
        sa.Column("shown", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lookup_misses")
