"""Memory that stays bounded under churn: bytes queued per connection, spectators told as a count, closed
connections forgotten at once."""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient

from meeple.server import memory
from meeple.server.app import create_app
from meeple.server.rooms import Conn

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def test_a_slow_reader_is_dropped_once_its_queued_bytes_pass_the_cap() -> None:
    async def run() -> tuple[list[str], int]:
        dropped: list[str] = []
        conn = Conn(None, 1000, lambda: dropped.append("dropped"), max_bytes=100)
        for _ in range(3):
            conn.push("x" * 40)  # the third would make 120 bytes
        conn.push("y")  # nothing more is queued once dropped
        return dropped, conn.queue.qsize()

    dropped, queued = asyncio.run(run())
    assert dropped == ["dropped"] and queued == 2


def test_sent_messages_no_longer_count_against_the_cap() -> None:
    async def run() -> bool:
        conn = Conn(None, 1000, None, max_bytes=100)
        for _ in range(10):
            conn.push("x" * 40)
            text = await conn.queue.get()
            assert text is not None
            conn.sent(text)
        return conn.overflowed

    assert asyncio.run(run()) is False


def test_spectators_coming_and_going_are_told_as_a_count_once_a_second(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        created = create(client, humans(2))
        gid = created["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            player = Viewer(ws, 0)
            player.hello(created["seats"][0]["token"])
            for _ in range(30):
                with client.websocket_connect(f"/ws/games/{gid}") as spectator:
                    Viewer(spectator, None).hello(None)
            time.sleep(1.5)
            ws.send_json({"type": "ping"})
            seen = []
            while (msg := player.next())["type"] != "pong":
                seen.append(msg)
        presence = [m for m in seen if m["type"] == "presence"]
        assert 1 <= len(presence) <= 3, len(presence)  # not 60 (one per spectator coming and going)
        assert presence[-1]["spectators"] == 0
        assert [s["connected"] for s in presence[-1]["seats"]] == [True, False]


def test_closed_connections_are_forgotten_and_counted_for_the_collector(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        gid = create(client, humans(2))["id"]
        before = memory.Churn.closed
        for _ in range(5):
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                Viewer(ws, None).hello(None)
        time.sleep(0.2)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert memory.Churn.closed - before == 5
        assert gid not in hub.rooms  # nobody watches: the room and its connections are gone
        assert not hub.guard.open  # no open connection counted for any address
