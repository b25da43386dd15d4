"""WebSocket live play: one connection per viewer, hello first, then actions; the server pushes every change.

Client messages (JSON text):
  {"type": "hello", "token": "<seat token>", "since": 12}   first message; no token: spectator
  {"type": "act", "action": "step c2", "version": 12, "ref": "a1"}
  {"type": "undo", "version": 13}                           take back your last action (see Hub.undo)
  {"type": "sync", "since": 0}                              the whole position again
  {"type": "ping"}
Server messages: "state" (whole position; again after an undo), "update" (after every accepted action), "rejected"
(an action or undo refused, with a code and a reason), "error" (a message that made no sense), "presence",
"notice" (with `msg` and `params` for the client's language), "rematch" (the game is played again: `game_id`),
"pong".

Close codes: 4400 no hello, 4403 bad token (expired or revoked too), 4404 unknown game, 4409 a game played under
older rules that cannot be replayed (an "error" with code "unplayable" says why first), 1008 flood or too many bad
messages, 1009 message too big, 1011 the game could not be loaded, 1013 the game has as many spectators as it takes.
A client over its limit of connections is refused before the upgrade (429 with Retry-After), and so is (503 `busy`
with Retry-After) a WebSocket beyond the server's cap of WebSockets opening at once or a crowd beyond a game's places.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any

from starlette.types import Receive, Scope, Send

from . import memory
from .guard import OPENING, Client, Limited
from .hub import Hub, Unplayable
from .rooms import Conn, Rejected, Room, dumps

log = logging.getLogger("meeple.server")
MAX_BAD = 20  # bad messages in a row before the connection is closed
PATH = re.compile(r"^/ws/games/(?P<game_id>[^/]+)$")


class Closing(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


class Disconnected(Exception):
    """The client went away."""


class Socket:
    """One WebSocket seen through the plain ASGI calls.

    Live play is the server's hot path: every action is a message in and one out per viewer. The endpoint is
    reached before FastAPI's routing and middleware (see `app.MeepleApp`), which would otherwise add a score of
    frames to every message sent and every resumption of the connection's tasks."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive, self._send = receive, send
        self.open = False

    async def accept(self) -> None:
        message = await self._receive()
        if message["type"] != "websocket.connect":
            raise Disconnected
        await self._send({"type": "websocket.accept"})
        self.open = True

    async def receive(self, limit: int) -> str:
        """The next text message (binary data comes back as a marker); raises Closing past `limit` bytes."""
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            self.open = False
            raise Disconnected
        text = message.get("text")
        if text is None:
            if len(message.get("bytes") or b"") > limit:
                raise Closing(1009, f"messages are limited to {limit} bytes")
            return "\x00binary"
        if len(text) > limit:
            raise Closing(1009, f"messages are limited to {limit} bytes")
        return str(text)

    async def send(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int, reason: str) -> None:
        if self.open:
            self.open = False
            with contextlib.suppress(Exception):
                await self._send({"type": "websocket.close", "code": code, "reason": reason[:120]})


def game_of(path: str) -> str | None:
    """The game id of a live-play address, or None for any other path."""
    found = PATH.match(path)
    return found["game_id"] if found else None


async def serve(scope: Scope, receive: Receive, send: Send, game_id: str) -> None:
    """The ASGI application of `/ws/games/{game_id}`: a client over its limits of connections is refused before
    the upgrade (429 with Retry-After), and so is (503) a connection beyond the server's cap of WebSockets opening
    at once or beyond the places of the game's spectators. Under `meeple serve` the HTTP protocol has taken the
    connection's place among those opening before the switch (`OPENING` in the scope); otherwise it is taken here."""
    hub: Hub = scope["app"].state.hub
    client = Client(client_ip(scope))
    arrival: Arrival | None = scope.get(OPENING)
    try:
        if arrival is None:
            _has_room(hub, game_id)
            arrival = Arrival(hub, game_id)
        hub.guard.connect(client)
    except Limited as exc:
        if arrival is not None:
            arrival.done()
        await _refuse(scope, receive, send, exc)
        return
    ws = Socket(receive, send)
    try:
        await ws.accept()
        await _session(ws, hub, game_id, client, arrival)
    except Closing as exc:
        arrival.done()
        await ws.close(exc.code, exc.reason)
    except Disconnected:
        pass
    finally:
        arrival.done()
        hub.guard.disconnect(client)
        memory.Churn.closed += 1


class Arrival:
    """A WebSocket on its way in, from its upgrade request to the answer to its hello: counted against the server's
    cap of connections opening at once (`Guard.arrive`, which raises Limited when it is reached) and, per game,
    against its places (`_has_room`)."""

    def __init__(self, hub: Hub, game_id: str) -> None:
        hub.guard.arrive()
        self.hub, self.game_id, self.open = hub, game_id, True
        hub.arriving[game_id] += 1

    def done(self) -> None:
        if self.open:
            self.open = False
            self.hub.guard.arrived()
            self.hub.arriving[self.game_id] -= 1
            if self.hub.arriving[self.game_id] <= 0:
                del self.hub.arriving[self.game_id]


def reserve(hub: Hub, path: str) -> Arrival | None:
    """The place of an upgrade to `path` among the WebSockets opening, taken before the switch (see
    `Guard.admit_upgrade`); raises Limited (503) when the server has as many opening as it takes or the game has no
    place (see `_has_room`). None for a path that is no game's (the application answers it)."""
    game_id = game_of(path)
    if game_id is None:
        hub.guard.check_arrival()
        return None
    _has_room(hub, game_id)
    return Arrival(hub, game_id)


def _has_room(hub: Hub, game_id: str) -> None:
    """Raises Limited (503) when the game has all the spectators it takes and as many connections on their way in as
    it has seats: a crowd beyond its places is refused before the upgrade, not after a hello each, while a player
    (whose token only the hello tells) still finds a place among those on their way."""
    room = hub.rooms.get(game_id)
    if room is None:
        return
    if room.spectators() + hub.arriving[game_id] >= hub.settings.max_spectators + room.rec.players:
        raise Limited(f"spectators for this game (it takes {hub.settings.max_spectators})", 5, 503, "busy")


def client_ip(scope: Scope) -> str:
    """The client's address (the ASGI server has already read X-Forwarded-For from trusted proxies)."""
    peer = scope.get("client")
    return str(peer[0]) if peer else "unknown"


async def _refuse(scope: Scope, receive: Receive, send: Send, exc: Limited) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 1008, "reason": exc.message[:120]})
        return
    body = dumps({"detail": exc.message, "code": exc.code}).encode()
    await send({"type": "websocket.http.response.start", "status": exc.status,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", str(exc.retry_after).encode()),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "websocket.http.response.body", "body": body})


async def _session(ws: Socket, hub: Hub, game_id: str, client: Client, arrival: Arrival) -> None:
    settings = hub.settings
    try:
        first = await asyncio.wait_for(ws.receive(settings.max_message_bytes), settings.hello_timeout)
    except TimeoutError:
        raise Closing(4400, "say hello first: {\"type\": \"hello\", \"token\": ...}") from None
    hello = _parse(first)
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        raise Closing(4400, "the first message must be {\"type\": \"hello\"} (with your seat token to play)")
    seat = await _seat(hub, game_id, hello.get("token"))
    client = Client(client.ip, None if seat is None else (game_id, seat))
    try:
        hub.guard.hit("state requests", client)
    except Limited as exc:
        raise Closing(1008, exc.message) from None
    try:
        room = await hub.room(game_id)
    except Unplayable as exc:
        await ws.send(_dump(_error("unplayable", exc.reason)))
        raise Closing(4409, "this game cannot go on here (see the error message)") from None
    except Exception:
        log.exception("game %s could not be loaded", game_id)
        raise Closing(1011, "this game could not be loaded on this server") from None
    if room is None:
        raise Closing(4404, f"there is no game {game_id!r}")
    closing: list[asyncio.Task[None]] = []

    def overflow() -> None:  # a client that reads slower than the game moves; it resumes on reconnect
        closing.append(asyncio.create_task(ws.close(1008, "you read messages slower than the game moves; "
                                                          "reconnect to resume")))

    conn = Conn(seat, settings.send_queue, overflow, settings.max_queued_bytes)
    conn.on_revoke = lambda: closing.append(asyncio.create_task(
        ws.close(4403, "this seat was given to someone else (a new invitation); your token is no longer valid")))
    async with room.lock:
        if seat is None and room.spectators() >= settings.max_spectators:  # checked and attached at once
            hub.release(room)
            raise Closing(1013, f"this game has {settings.max_spectators} spectators, as many as it takes; try later")
        hub.attach(room, conn, _since(hello))
    arrival.done()
    sender = asyncio.create_task(_send_loop(ws, conn))
    try:
        await _receive_loop(ws, hub, room, conn, client)
    finally:
        hub.detach(room, conn)
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 2)
        sender.cancel()
        for task in closing:
            with contextlib.suppress(Exception):
                await task


async def _seat(hub: Hub, game_id: str, token: Any) -> int | None:
    if token is None:
        return None
    try:
        return await hub.seat_of_token(game_id, token)
    except Rejected as exc:
        raise Closing(4403, exc.message) from None


async def _send_loop(ws: Socket, conn: Conn) -> None:
    while True:
        text = await conn.queue.get()
        if text is None or not ws.open:
            return
        conn.sent(text)
        await ws.send(text)


async def _receive_loop(ws: Socket, hub: Hub, room: Room, conn: Conn, client: Client) -> None:
    settings = hub.settings
    bad = 0
    while True:
        text = await ws.receive(settings.max_message_bytes)
        try:
            hub.guard.hit("messages", client)
            reply = await _handle(hub, room, conn, client, _parse(text))
        except Limited as exc:
            reply = _error("rate_limited", exc.message)
            reply["retry_after"] = exc.retry_after
        if reply is not None:
            bad = bad + 1 if reply["type"] == "error" else 0
            conn.push(_dump(reply))
            if bad >= MAX_BAD:
                raise Closing(1008, "too many messages that make no sense")


def _parse(text: str) -> Any:
    if text == "\x00binary":
        return _Bad("binary", "send JSON text, not binary data")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _Bad("bad_json", "that message is not valid JSON")


class _Bad:
    def __init__(self, code: str, message: str) -> None:
        self.code, self.message = code, message


async def _handle(hub: Hub, room: Room, conn: Conn, client: Client, msg: Any) -> dict[str, Any] | None:
    if isinstance(msg, _Bad):
        return _error(msg.code, msg.message)
    if not isinstance(msg, dict):
        return _error("bad_message", "a message is a JSON object with a \"type\"")
    kind = msg.get("type")
    if kind == "act":
        return await _act(hub, room, conn, client, msg)
    if kind == "undo":
        return await _undo(hub, room, conn, client, msg)
    if kind in ("sync", "hello"):
        hub.guard.hit("state requests", client)
        async with room.lock:
            conn.push(room.state_text(conn.seat, _since(msg)))
        return None
    if kind == "ping":
        return {"type": "pong", "version": room.moves}
    return _error("unknown_type", f"unknown message type {kind!r}; known: hello, act, undo, sync, ping")


async def _act(hub: Hub, room: Room, conn: Conn, client: Client, msg: dict[str, Any]) -> dict[str, Any] | None:
    ref = msg.get("ref")
    if ref is not None and (not isinstance(ref, str) or len(ref) > 64):
        return _error("bad_message", "ref must be a text of at most 64 characters")
    action = msg.get("action")
    if not isinstance(action, str) or len(action) > 200:
        return _error("bad_message", "act needs an \"action\" text (one of your legal actions)")
    try:
        await hub.act(room, conn.seat, action, msg.get("version"), ref, client=client)
    except Rejected as exc:
        return _rejected(exc, room, ref, action)
    return None


async def _undo(hub: Hub, room: Room, conn: Conn, client: Client, msg: dict[str, Any]) -> dict[str, Any] | None:
    try:
        await hub.undo(room, conn.seat, msg.get("version"), client=client)
    except Rejected as exc:
        return _rejected(exc, room, None, None) | {"undo": True}
    return None


def _rejected(exc: Rejected, room: Room, ref: str | None, action: str | None) -> dict[str, Any]:
    reply = {"type": "rejected", "code": exc.code, "message": exc.message, "version": room.moves, "ref": ref,
             "action": action}
    if exc.msg is not None:  # the reason as a message of the game's catalogue, for the reader's language
        reply["msg"], reply["params"] = exc.msg, exc.params
    return reply


def _since(msg: dict[str, Any]) -> int:
    since = msg.get("since", 0)
    return since if isinstance(since, int) and not isinstance(since, bool) and since >= 0 else 0


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def _dump(msg: dict[str, Any]) -> str:
    return dumps(msg)

