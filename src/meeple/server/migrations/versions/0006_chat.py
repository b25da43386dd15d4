"""Chat at each table: the lines said (`chat`, kept with the game) and the host's rules of the table's chat
(`games.chat`: spectators' lines apart or off, muted seats).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("chat", sa.JSON, nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_game_id", "chat", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_game_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("chat")
