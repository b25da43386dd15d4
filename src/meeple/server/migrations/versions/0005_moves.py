"""Games count their public moments apart from their stored actions: `games.moves` is the position number every
viewer is shown, so that the steps of a secret choice cannot be counted from it (`games.version` stays internal).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("moves", sa.Integer, nullable=False, server_default="0"))
    # Games stored before: the count of their stored actions, until their next write counts their moments.
    op.execute("UPDATE games SET moves = version")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("moves")
