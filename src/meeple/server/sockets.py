"""What `meeple serve` asks of uvicorn: a deadline for request headers, open sockets per address, idle timeouts, a
short wait for the answer to a WebSocket's close.

uvicorn closes an idle keep-alive connection (`timeout_keep_alive`) but waits for ever for the headers of a
request that arrive slowly, a byte at a time; the HTTP protocol here closes a connection whose request headers
are not complete within `Settings.header_timeout` (from its opening, or from the end of the previous response),
and refuses a connection from an address that already holds `Settings.max_sockets_per_ip` of them (except from a
trusted proxy, which speaks for many clients) or that is over its rate of requests or connections (`Guard.blocked`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, cast

import h11
import orjson
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from . import memory
from .config import Settings
from .guard import OPENING, Guard, Limited, Opening


def uvicorn_options(settings: Settings, guard: Guard | None = None) -> dict[str, Any]:
    """Keyword arguments of `uvicorn.Config` for these settings (and the app's guard: `app.state.guard`)."""
    proxies = settings.trusted_proxies
    return {
        "http": guarded_protocol(settings, guard),
        "ws": websocket_protocol(settings),
        "timeout_keep_alive": settings.keep_alive,
        "h11_max_incomplete_event_size": 16_384,  # request line and headers
        "ws_max_size": settings.max_message_bytes,
        "ws_ping_interval": 20.0,  # an idle WebSocket whose client went away is closed after 40 s
        "ws_ping_timeout": 20.0,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": ",".join(proxies) if proxies else "",
    }


def websocket_protocol(settings: Settings) -> type[asyncio.Protocol]:
    """uvicorn's WebSocket protocol (websockets, sans-I/O) that waits `Settings.close_timeout` rather than 10 s for
    the client to answer a close before it drops the socket: a client that never answers (one that never said
    hello) holds its socket `hello_timeout + close_timeout` seconds at most. It carries the place among the
    WebSockets opening that the HTTP protocol took for it (see `Guard.admit_upgrade`) to the endpoint, and gives the
    place back if the connection goes before the endpoint had it."""
    wait = settings.close_timeout

    class Closing(WebSocketsSansIOProtocol):
        opening: Opening | None = None

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.close_timeout = wait

        def hand_over(self, opening: Opening) -> None:
            """Called right after the upgrade request was read (the application has not started yet)."""
            self.opening = opening
            scope = getattr(self, "scope", None)
            if scope is None:  # the handshake was refused: no application will take the place
                opening.done()
                return
            scope[OPENING] = opening

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.opening is not None:
                self.opening.done()

    return Closing


def guarded_protocol(settings: Settings, guard: Guard | None = None) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a header deadline, a cap of open sockets per address, and the connections of an
    address that is over its rate of requests closed as they open (until its Retry-After), before the HTTP protocol
    is made for them (`Door`)."""
    deadline = settings.header_timeout
    cap = settings.max_sockets_per_ip
    trusted = set(settings.trusted_proxies)
    open_sockets: Counter[str] = Counter()

    busy = _answer(Limited("connections opening on this server at once", 1, 503, "busy"))

    class Guarded(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _counted: str | None = None
        _fresh = True  # no byte read yet

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)  # a connection the door let in (see `Door`)
            peer = self.client[0] if self.client else None
            if peer is not None and peer not in trusted:
                open_sockets[peer] += 1
                self._counted = peer
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            memory.Churn.sockets += 1
            if self._counted is not None:
                open_sockets[self._counted] -= 1
                if open_sockets[self._counted] <= 0:
                    del open_sockets[self._counted]
                self._counted = None
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.transport.get_protocol() is not self:
                self._disarm()  # upgraded to a WebSocket, which has its own timeouts (hello, pings)
            elif self.cycle is not None and not self.cycle.response_complete:
                self._disarm()  # the headers are in: the application has the request now

        def data_received(self, data: bytes) -> None:
            if self._fresh:
                self._fresh = False
                if guard is not None and guard.busy() and _websocket_upgrade(data):
                    # A crowd of WebSockets: answered without parsing, from bytes made once, while the server has as
                    # many opening as it takes (what the h11 parser and the response would cost, times a thousand).
                    self.transport.write(busy)
                    self.transport.close()
                    return
            super().data_received(data)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            """A WebSocket that the endpoint would refuse anyway (the server's cap of WebSockets opening at once, a
            full game) is answered here, before uvicorn makes a WebSocket of the connection and starts the app; one
            that it would take has its place among those opening taken here and handed to the endpoint."""
            opening = None
            if guard is not None:
                try:
                    opening = guard.admit_upgrade(event.target.split(b"?", 1)[0].decode("latin-1"))
                except Limited as exc:
                    self._refuse(exc)
                    return
            super().handle_websocket_upgrade(event)
            if opening is not None:
                upgraded = self.transport.get_protocol()
                if hasattr(upgraded, "hand_over"):
                    upgraded.hand_over(opening)
                else:  # another WebSocket protocol: the endpoint takes its place itself
                    opening.done()

        def _refuse(self, exc: Limited) -> None:
            self.transport.write(_answer(exc))
            self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers have the same deadline

        def _arm(self) -> None:
            self._disarm()
            self._timer = self.loop.call_later(deadline, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.transport.get_protocol() is self and (self.cycle is None or self.cycle.response_complete):
                self.transport.close()

    class Door(asyncio.Protocol):
        """What a new connection meets first. One that the server refuses (its address holds `cap` sockets already,
        or is over its rate of requests or connections) is closed here, before anything is made for it; any other
        is handed to the HTTP protocol. A flood from one address then costs the server its accepts and closes,
        without the HTTP protocol's making, greeting and farewell for each connection (some 40 % of the cost of a
        refused connection, measured on uvloop)."""

        __slots__ = ("_made",)
        refused = 0  # connections closed at the door (for tests and benchmarks)

        def __init__(self, **kwargs: Any) -> None:
            self._made = kwargs  # uvicorn's arguments of the HTTP protocol, used only for a connection let in

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            peer = transport.get_extra_info("peername")
            ip = peer[0] if isinstance(peer, tuple | list) and peer else None
            if ip is not None and ip not in trusted and (
                    open_sockets[ip] >= cap or (guard is not None and guard.is_blocked(ip))):
                Door.refused += 1
                cast(asyncio.Transport, transport).abort()  # uvloop's transports are no asyncio.Transport subclass
                return
            http = Guarded(**self._made)
            transport.set_protocol(http)
            http.connection_made(transport)  # type: ignore[arg-type]

    return Door


def _answer(exc: Limited) -> bytes:
    """The whole HTTP answer refusing a request for `exc` (status, Retry-After, a JSON problem), closing."""
    body = orjson.dumps({"detail": exc.message, "code": exc.code})
    reason = {429: b"Too Many Requests", 503: b"Service Unavailable"}.get(exc.status, b"Refused")
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\nretry-after: %d\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (exc.status, reason, exc.retry_after, len(body), body))


def _websocket_upgrade(data: bytes) -> bool:
    """Whether `data`, the first bytes of a connection, hold the whole head of a WebSocket upgrade to live play."""
    return data.startswith(b"GET /ws/") and b"\r\n\r\n" in data and b"websocket" in data.lower()
