"""Server settings: database address, limits and timings, with the defaults of `meeple serve`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
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
    hello_timeout: float = 5.0  # seconds a new WebSocket has to say who it is
    close_timeout: float = 1.0  # seconds a closed WebSocket's client has to answer the close before the socket goes
    send_queue: int = 256  # messages waiting for a slow client before it is disconnected
    public_url: str | None = None  # base of invite links; default: the address the request came to
    # Limits per client (meeple.server.guard), in the notation of the `limits` library ("10/second;300/minute"),
    # counted per address and, for a seat, per seat token too; over a limit: 429 with Retry-After.
    http_rate: str = "20/second;600/minute"  # HTTP API requests
    action_rate: str = "10/second;1200/minute"  # actions, over HTTP and WebSocket alike
    message_rate: str = "40/second;2400/minute"  # WebSocket messages, over every connection of the client
    connect_rate: str = "5/second;60/minute"  # new WebSocket connections (reconnection floods)
    state_rate: str = "2/second;60/minute"  # whole-position requests (HTTP state, WebSocket hello and sync)
    replay_rate: str = "4/second;120/minute"  # pages of a finished game's positions (each page is many steps)
    create_rate: str = "2/minute;30/hour"  # games created
    rename_rate: str = "3/minute;20/hour"  # a seat changing its name
    hint_rate: str = "1/second;30/minute"  # a seat asking the server's bot for a suggestion
    chat_rate: str = "1/second;20/minute"  # chat lines said at a table
    login_rate: str = "5/minute;30/hour"  # login attempts, per address and per account name
    bot_only_rate: str | None = None  # games with no human seat, server-wide and per address; None: refused
    max_connections_per_ip: int = 32  # open WebSockets per address
    max_spectators: int = 100  # spectators of one game at once (each action is sent to every one of them)
    max_handshakes: int = 64  # WebSockets opening at once on the server (upgrade to the hello's answer)
    max_sockets_per_ip: int = 64  # open TCP connections per address (not counted for trusted proxies)
    trusted_proxies: list[str] = field(default_factory=list)  # addresses whose X-Forwarded-For is believed
    header_timeout: float = 10.0  # seconds a client has to send a request's headers (then the socket is closed)
    keep_alive: float = 5.0  # seconds an idle HTTP connection stays open between requests
    max_queued_bytes: int = 4_194_304  # bytes waiting for a slow WebSocket reader before it is dropped
    token_days: float = 90.0  # a seat token expires this many days after it was issued
    chat: bool = True  # chat at each table (meeple serve --no-chat turns it off)
    chat_length: int = 500  # characters of a chat line at most
    table_hours: float = 24.0  # an open table nobody filled closes after this many hours
    smtp: str | None = None  # HOST:PORT of the SMTP server that sends "your move" e-mails (None: no e-mail)
    mail_delay: float = 600.0  # seconds a move waits before its e-mail goes (a quick game sends none)
    # Garbage collection (see meeple.server.memory); `meeple serve` turns it on, tests and embedders may leave it.
    gc_freeze_every: float | None = None  # seconds between freezes of the surviving objects; None: Python's defaults
    gc_full_every: float = 900.0  # seconds between full collections that also reclaim frozen cycles


RATES = ("http_rate", "action_rate", "message_rate", "connect_rate", "state_rate", "replay_rate", "create_rate",
         "rename_rate", "hint_rate", "chat_rate", "login_rate")
COUNTS = ("max_connections_per_ip", "max_sockets_per_ip", "max_spectators", "max_handshakes")
TIMES = ("header_timeout", "keep_alive", "hello_timeout", "close_timeout", "token_days", "table_hours")
# Sizes, not lifted for load tests.
SIZES = ("max_body_bytes", "max_message_bytes", "send_queue", "max_queued_bytes", "chat_length")


def without_client_limits(s: Settings) -> Settings:
    """The settings with no limit per client any test or load test on loopback reaches (bot-only games too)."""
    for name in RATES:
        setattr(s, name, "1000000/second")
    s.bot_only_rate = "1000000/second"
    for name in COUNTS:
        setattr(s, name, 1_000_000)
    return s


def set_limit(s: Settings, text: str) -> None:
    """Set one limit from `NAME=VALUE` (`--limit`); raises ValueError naming the limits when it is not one."""
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    names = (*RATES, "bot_only_rate", *COUNTS, *SIZES, *TIMES)
    if not sep or name not in names:
        raise ValueError(f"{text!r}: use NAME=VALUE with NAME one of {', '.join(names)}")
    if name in COUNTS or name in SIZES:
        setattr(s, name, int(value))
        return
    if name in TIMES:
        setattr(s, name, float(value))
        return
    from limits import parse_many

    parse_many(value)  # raises ValueError for a rate the limits library cannot read
    setattr(s, name, value.strip())


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
