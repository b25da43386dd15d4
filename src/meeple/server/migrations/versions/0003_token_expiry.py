"""Seat tokens expire (`seats.token_expires`; tokens issued before: 90 days after their game was created), and a
game has a host token that re-invites a seat (`games.host_hash`; none for games created before).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

DAYS_90 = 90 * 86_400


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("token_expires", sa.Float, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_games_host_hash", ["host_hash"])
    op.execute(f"UPDATE seats SET token_expires = (SELECT created_at FROM games WHERE games.id = seats.game_id) "
               f"+ {DAYS_90} WHERE token_hash IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("uq_games_host_hash", type_="unique")
        batch.drop_column("host_hash")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("token_expires")
