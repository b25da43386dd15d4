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
    UniqueConstraint,
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
    # The host's rules of the table's chat: {"spectators": "apart" | "off", "muted": [seats]}; null: the defaults.
    Column("chat", JSON, nullable=True),
    # The ladder: whether the creator asked for a rated game; a game in which a seat took back an action, or resigned
    # to a bot, is not rated (`unrated`); when it was rated (once, by one process).
    Column("rated", Boolean, nullable=False, server_default="1"),
    Column("unrated", Boolean, nullable=False, server_default="0"),
    Column("rated_at", Float, nullable=True),
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
    Column("account_id", Integer, nullable=True),  # the account that holds the seat, if any (see accounts.py)
    Column("resigned_at", Float, nullable=True),  # when its player resigned and a bot took the seat (migration 0008)
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

# The lines said at each table, kept with the game (and shown in its replay at the position they were said in).
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),  # null: a spectator
    Column("text", Text, nullable=False),
    Column("version", Integer, nullable=False),  # the position of the game when it was said (in moves)
    Column("at", Float, nullable=False),
    Index("ix_chat_game_id", "game_id", "id"),
)

# Accounts are optional: a name and an Argon2 hash of the password (never the password); `name_key` is the name
# folded to compare names without regard to case.
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("email", String(254), nullable=True),  # where "your move" is told, if the player gave an address
    Column("lang", String(16), nullable=False, server_default="en"),  # the language of those e-mails
)

# The queue of "your move" e-mails (one per seat and position), sent by the server given `--smtp`; rows outlive a
# restart, and a mail whose move was made meanwhile is dropped rather than sent.
mail = Table(
    "mail",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("due", Float, nullable=False),
    Column("tries", Integer, nullable=False, server_default="0"),
    Column("state", String(8), nullable=False, server_default="queued"),  # queued, sending, sent, dropped
    UniqueConstraint("game_id", "seat", "version"),
    Index("ix_mail_state_due", "state", "due"),
)

# Sessions are kept server-side (revocable): the SHA-256 of the cookie's value, never the value.
sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

# The ladder: an OpenSkill rating per game and player ("account:<id>" or "bot:<level>").
ratings = Table(
    "ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
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
