"""Accounts (optional), their server-side sessions, seats held by an account, a ladder of ratings per game, and the
queue of "your move" e-mails.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("lang", sa.String(16), nullable=False, server_default="en"),
    )
    op.create_table(
        "mail",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False, server_default="0"),
        sa.Column("state", sa.String(8), nullable=False, server_default="queued"),
        sa.UniqueConstraint("game_id", "seat", "version"),
    )
    op.create_index("ix_mail_state_due", "mail", ["state", "due"])
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("unrated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rated_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("unrated")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_index("ix_mail_state_due", "mail")
    op.drop_table("mail")
    op.drop_table("ratings")
    op.drop_table("sessions")
    op.drop_table("accounts")
