"""Server settings: database address, limits and timings, with the defaults of `meeple serve`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SQLITE = "meeple.sqlite3"


@dataclass
class Settings:
    """Everything the server can be tuned with; the defaults need no configuration at all."""

    database: str = f"sqlite:///{DEFAULT_SQLITE}"
    bot_workers: int = 1  # processes that run bots; 0 runs them in a thread of the server (tests)
    bot_delay: float = 0.3  # seconds a bot waits before it moves, so people can follow
    sweep_interval: float = 1.0  # seconds between scans for expired clocks and stalled bot turns
    stall_grace: float = 10.0  # a bot turn untouched this long is taken over by this process
    max_message_bytes: int = 16_384  # larger WebSocket messages close the connection (1009)
    max_body_bytes: int = 65_536  # larger HTTP bodies are refused (413)
    messages_per_second: float = 40.0  # sustained WebSocket rate per connection
    message_burst: int = 200  # messages allowed in a burst before the rate applies
    hello_timeout: float = 10.0  # seconds a new WebSocket has to say who it is
    send_queue: int = 256  # messages waiting for a slow client before it is disconnected
    public_url: str | None = None  # base of invite links; default: the address the request came to
    # Garbage collection (see meeple.server.memory); `meeple serve` turns it on, tests and embedders may leave it.
    gc_freeze_every: float | None = None  # seconds between freezes of the surviving objects; None: Python's defaults
    gc_full_every: float = 900.0  # seconds between full collections that also reclaim frozen cycles


def database_url(text: str | None) -> str:
    """Normalise a database address: a bare path means SQLite, `postgresql://` means psycopg 3."""
    if not text:
        return f"sqlite:///{DEFAULT_SQLITE}"
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser()}"
    return text


def env_settings() -> Settings:
    """Settings from MEEPLE_* environment variables (used when uvicorn imports the app itself)."""
    s = Settings()
    s.database = database_url(os.environ.get("MEEPLE_DATABASE", s.database))
    if "MEEPLE_BOT_WORKERS" in os.environ:
        s.bot_workers = int(os.environ["MEEPLE_BOT_WORKERS"])
    if "MEEPLE_BOT_DELAY" in os.environ:
        s.bot_delay = float(os.environ["MEEPLE_BOT_DELAY"])
    return s
