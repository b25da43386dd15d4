"""Database tables (SQLAlchemy Core), engine creation and automatic Alembic migrations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)

metadata = MetaData()

# One row per game: what is needed to rebuild it (game id, players, options, seed) plus what the lobby and the
# clock sweeper read without replaying it. The seed is secret: it fixes every hidden card.
games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("deciders", JSON, nullable=False),
    Column("bot_turn", Boolean, nullable=False),
    Column("clock", JSON, nullable=True),
    Column("deadline", Float, nullable=True),
    Column("result", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # The version of the game's rules it is played under (`GameSpec.version`); rows from before it was kept: 1.
    Column("rules_version", Integer, nullable=False, server_default="1"),
    # The SHA-256 of the host token handed to whoever created the game: it re-invites a seat (a new seat token).
    Column("host_hash", String(64), nullable=True, unique=True),
    # "Play again": the id of the game that follows this one with the same seats, and of the one it follows.
    Column("rematch", String(32), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    # The public moments so far (`Game.moments`): the position number every viewer is shown. `version` counts the
    # stored actions, secret steps included, and never leaves the server; `updated_at` changes with `moves` only.
    Column("moves", Integer, nullable=False, server_default="0"),
    Index("ix_games_status_deadline", "status", "deadline"),
    Index("ix_games_status_bot_turn", "status", "bot_turn"),
    Index("ix_games_created_at", "created_at"),
)

# One row per seat. A human seat holds the SHA-256 of its token, never the token itself.
seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(32), nullable=True),
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("token_expires", Float, nullable=True),  # when the seat token stops being valid (Unix time)
)

# The action log, the truth of every game: (game, sequence number) is unique, so two writers can never both
# append action N.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("by", String(8), nullable=False),
    Column("ref", String(64), nullable=True),
    Column("at", Float, nullable=False),
)

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    """An engine for a database address; SQLite gets WAL mode and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=NORMAL: a commit is in the WAL file before it returns,
    # so it survives the process being killed (only a power cut may lose the last commits).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine, target: str = "head") -> None:
    """Bring the database to the newest schema with Alembic (creates it on first use); `target` names another
    revision (tests of a migration)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Servers starting together on one database migrate one after the other.
            connection.execute(text("SELECT pg_advisory_xact_lock(7036292)"))
        config.attributes["connection"] = connection
        command.upgrade(config, target)
