"""Units carry their profile (what the unit is, in its game's notation: games/profiles.py).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing units have no profile: an empty one, which every reader treats as "not given".
    # A plain ADD COLUMN: a batch (copy-and-move) on SQLite would lose the table's AUTOINCREMENT,
    # and a reused unit id breaks undo of an import.
    op.add_column("units", sa.Column("profile", sa.JSON, nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    op.drop_column("units", "profile")
