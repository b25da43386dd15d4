"""A game is rated or not by its creator's choice (`rated`, true for earlier games: they were all rated when they
could be); `unrated` stays what happened during the game (an undo, a resignation).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
