"""Limits per client: request and message rates per address and per seat token, open connections per address.

Rates are counted with the `limits` library (sliding-window counters in memory: two numbers per client and limit,
whatever the rate, in keys that expire by themselves), keyed by
the client's address and, where it has one, its seat (a game and a seat number), so reconnecting starts no fresh
count. A refused request is answered 429 with `Retry-After` over HTTP; on the WebSocket an `error` with code
`rate_limited` and `retry_after`, and a refused reconnection gets 429 with `Retry-After` before the upgrade.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from .config import Settings

# The scope key under which the HTTP protocol hands the live endpoint the place it took for a WebSocket among those
# opening (see `Guard.admit_upgrade`).
OPENING = "meeple.opening"


class Opening(Protocol):
    """A WebSocket's place among those opening on the server, held from its upgrade request to its hello's answer."""

    def done(self) -> None:
        """Give the place back (once; later calls do nothing)."""


class Counters(MemoryStorage):
    """The `limits` library's memory storage, whose expired counters the server drops itself (`expire`, once a
    second from the event loop) instead of the storage's own timer thread. That thread ends 10 ms after it starts
    and the storage starts a fresh one on the next count: each start makes the event loop wait until the new thread
    runs (milliseconds on a busy machine, on any request or message), and the thread then walks every counter while
    holding the interpreter."""

    def __init__(self) -> None:
        super().__init__()
        self.timer.cancel()  # the one the storage starts in its constructor

    def _MemoryStorage__schedule_expiry(self) -> None:  # the storage's (private) hook that starts its thread
        return

    def expire(self) -> None:
        """Drop the counters whose time is up (the storage's own expiry, run here rather than in its thread)."""
        self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


class Limited(Exception):
    """A client went over one of its limits; `retry_after` is the number of whole seconds to wait. `status` and
    `code` are those of the answer: 429 `rate_limited` for a limit of the client, 503 `busy` when the server (or
    a game) has no room for one more connection right now, whoever asks."""

    def __init__(self, what: str, retry_after: int, status: int = 429, code: str = "rate_limited") -> None:
        super().__init__(f"too many {what}; try again in {retry_after} s")
        self.what, self.retry_after, self.status, self.code = what, retry_after, status, code
        self.message = str(self)


@dataclass(frozen=True)
class Client:
    """Who is asking: the address (after trusted proxies) and, with a seat token, the seat it holds."""

    ip: str
    seat: tuple[str, int] | None = None  # (game id, seat)

    def limit_keys(self) -> list[str]:
        keys = [f"ip:{self.ip}"]
        if self.seat is not None:
            keys.append(f"seat:{self.seat[0]}:{self.seat[1]}")
        return keys


class Guard:
    """The limits of one server process (see `Settings` for each one and its default)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.counters = Counters()
        self.limiter = SlidingWindowCounterRateLimiter(self.counters)
        self.rates: dict[str, list[RateLimitItem]] = {
            "requests": parse_many(settings.http_rate),
            "actions": parse_many(settings.action_rate),
            "messages": parse_many(settings.message_rate),
            "connections": parse_many(settings.connect_rate),
            "state requests": parse_many(settings.state_rate),
            "replay pages": parse_many(settings.replay_rate),
            "games created": parse_many(settings.create_rate),
            "renames": parse_many(settings.rename_rate),
            "hints": parse_many(settings.hint_rate),
            "chat lines": parse_many(settings.chat_rate),
            "logins": parse_many(settings.login_rate),
        }
        self.bot_only = parse_many(settings.bot_only_rate) if settings.bot_only_rate else []
        self.open: Counter[str] = Counter()  # open WebSockets per address
        self.arriving = 0  # WebSockets between their upgrade request and their hello's answer, server-wide
        # Set by the app: takes the place of a WebSocket upgrade to this path among those opening (None for a path
        # that is no game's), or raises Limited when the endpoint would refuse it anyway (the cap, a full game), so
        # that the HTTP protocol answers it before it becomes a WebSocket (see sockets.py).
        self.reserve_upgrade: Callable[[str], Opening | None] | None = None
        # Addresses over their rate of requests or connections, until when (monotonic): their new connections are
        # closed as they open, before any request is read (see sockets.py), so a flood costs the server little.
        self.blocked: dict[str, float] = {}

    def expire(self) -> None:
        """Forget the counts whose windows are over (call about once a second)."""
        self.counters.expire()

    def is_blocked(self, ip: str) -> bool:
        until = self.blocked.get(ip)
        if until is None:
            return False
        if until > time.monotonic():
            return True
        del self.blocked[ip]
        return False

    def _block(self, ip: str, seconds: int) -> None:
        if len(self.blocked) > 10_000:  # forget the addresses whose time is up
            now = time.monotonic()
            self.blocked = {k: v for k, v in self.blocked.items() if v > now}
        self.blocked[ip] = time.monotonic() + seconds

    def hit(self, what: str, client: Client) -> None:
        """Count one `what` of `client` against its address and its seat; raises Limited when over a limit."""
        for key in client.limit_keys():
            for item in self.rates[what]:
                if not self.limiter.hit(item, what, key):
                    wait = self._wait(item, what, key)
                    if what in ("requests", "connections"):
                        self._block(client.ip, wait)
                    raise Limited(what, wait)

    def bot_only_game(self, client: Client) -> None:
        """A game with no human seat: allowed only through its own allowance (off by default), counted for the
        whole server and per address."""
        if not self.bot_only:
            raise Limited("games without a human seat (this server allows none)", 3600)
        for key in ("server", f"ip:{client.ip}"):
            for item in self.bot_only:
                if not self.limiter.hit(item, "bot-only games", key):
                    raise Limited("games without a human seat", self._wait(item, "bot-only games", key))

    def connect(self, client: Client) -> None:
        """A new WebSocket: counted against the connection rate and the cap of open connections per address;
        call `disconnect` when it closes."""
        if self.open[client.ip] >= self.settings.max_connections_per_ip:
            raise Limited("open connections from your address", 5)
        self.hit("connections", client)
        self.open[client.ip] += 1

    def arrive(self) -> None:
        """A WebSocket starts its opening (upgrade, hello, token, the whole state): at most
        `Settings.max_handshakes` at once on the server, whatever their addresses, so that a crowd connecting at
        once (from many addresses, where no limit per address applies) is let in a part at a time while the
        others are refused at once (503, Retry-After 1) instead of all holding memory and the event loop together;
        call `arrived` when it is done."""
        self.check_arrival()
        self.arriving += 1

    def check_arrival(self) -> None:
        """Raises Limited (503 `busy`) when `Settings.max_handshakes` WebSockets are opening already."""
        if self.arriving >= self.settings.max_handshakes:
            raise Limited("connections opening on this server at once", 1, 503, "busy")

    def busy(self) -> bool:
        """Whether `Settings.max_handshakes` WebSockets are opening already (a new one would be refused)."""
        return self.arriving >= self.settings.max_handshakes

    def admit_upgrade(self, path: str) -> Opening | None:
        """The place of a WebSocket upgrade to `path` among those opening, taken by the HTTP protocol before the
        switch (see sockets.py); raises Limited when the endpoint would refuse it anyway, so that a refused crowd
        costs no WebSocket each. Taking the place there, not when the endpoint starts, counts a crowd that arrives
        within one turn of the event loop exactly: none of it slips past the cap to be refused later, dearer."""
        if self.reserve_upgrade is None:
            self.check_arrival()
            return None
        return self.reserve_upgrade(path)

    def arrived(self) -> None:
        self.arriving -= 1

    def disconnect(self, client: Client) -> None:
        self.open[client.ip] -= 1
        if self.open[client.ip] <= 0:
            del self.open[client.ip]

    def _wait(self, item: RateLimitItem, what: str, key: str) -> int:
        reset, _remaining = self.limiter.get_window_stats(item, what, key)
        return max(1, math.ceil(reset - time.time()))
