"""Server processes on one PostgreSQL database hear each other's notices (`NOTIFY`) and not their own: logging out
on one process closes the session's sockets on every process, and a process that hands a seat to a bot sends its
clients the new state once (two apps on one database here stand for two processes: each has its own store)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans

PASSWORD = "correct horse battery"


@pytest.fixture
def two_apps(pg_schema_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(fast_settings(pg_schema_url))) as one, \
            TestClient(create_app(fast_settings(pg_schema_url))) as two:
        yield one, two


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _until_pong(viewer: Viewer) -> list[dict[str, Any]]:
    """Every message the client receives before the answer to a ping it sends now (messages are sent in order)."""
    start = len(viewer.messages)
    viewer.ws.send_json({"type": "ping"})
    viewer.next("pong")
    return viewer.messages[start:-1]


@pytest.mark.postgres
def test_logging_out_on_one_process_closes_the_sessions_sockets_on_another(
        two_apps: tuple[TestClient, TestClient]) -> None:
    one, two = two_apps
    assert one.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    login = one.post("/api/sessions", json={"name": "Ann", "password": PASSWORD})
    assert login.status_code == 200, login.text
    cookie = {"cookie": f"meeple_session={login.cookies['meeple_session']}"}
    one.cookies.clear()
    created = one.post("/api/games", json={"game": "bluemooncity", "seats": humans(2)}, headers=cookie).json()
    gid = created["id"]
    with two.websocket_connect(f"/ws/games/{gid}", headers=cookie) as held, \
            two.websocket_connect(f"/ws/games/{gid}") as watcher:
        held.send_json({"type": "hello", "seat": 0})  # the seat is Ann's: her session proves it on process two
        assert held.receive_json()["seat"] == 0
        watching = Viewer(watcher, None)
        watching.hello(None)
        assert one.delete("/api/sessions", headers=cookie).status_code == 204  # logging out on process one
        time.sleep(1.0)  # the notice crosses the database
        held.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                msg = held.receive_json()
                assert msg["type"] != "pong", "the session's socket on process two stayed open after logging out"
        assert info.value.code == 4403
        _until_pong(watching)  # a socket without the session stays open
    assert two.get("/api/sessions", headers=cookie).status_code == 401


@pytest.mark.postgres
def test_a_process_that_hands_a_seat_to_a_bot_sends_the_new_state_once(
        two_apps: tuple[TestClient, TestClient]) -> None:
    one, two = two_apps
    body = create(one, humans(3))
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    mover = one.get(f"/api/games/{gid}/state", headers=_auth(tokens[0])).json()["deciders"][0]
    watcher = next(s for s in range(3) if s != mover)
    with one.websocket_connect(f"/ws/games/{gid}") as here, two.websocket_connect(f"/ws/games/{gid}") as there:
        near, far = Viewer(here, watcher), Viewer(there, None)
        near.hello(tokens[watcher])
        far.hello(None)
        r = one.post(f"/api/games/{gid}/resign", headers=_auth(tokens[mover]))
        assert r.status_code == 200 and r.json()["outcome"] == "bot", r.text
        time.sleep(1.0)  # the process's own notice has come back to it by now, and the other's has arrived
        states = [m for m in _until_pong(near) if m["type"] == "state"]
        assert len(states) == 1 and states[0]["seats"][mover]["kind"] == "bot"
        elsewhere = [m for m in _until_pong(far) if m["type"] == "state"]
        assert len(elsewhere) == 1 and elsewhere[0]["seats"][mover]["resigned"] is True  # heard by the other


def test_a_notice_is_acted_on_unless_this_process_sent_it() -> None:
    import asyncio
    from types import SimpleNamespace

    from meeple.server.listen import _dispatch
    from meeple.server.store import notice

    heard: list[tuple[str, int, str]] = []

    async def notified(game_id: str, version: int, status: str) -> None:
        heard.append((game_id, version, status))

    hub = SimpleNamespace(store=SimpleNamespace(store=SimpleNamespace(origin="here")), notified=notified,
                          session_conns={})

    async def run() -> None:
        await _dispatch(hub, notice("g1", 3, "active", "here"))  # type: ignore[arg-type]  # its own: ignored
        await _dispatch(hub, notice("g1", 4, "active", "there"))  # type: ignore[arg-type]
        await _dispatch(hub, "g1:5:seats")  # type: ignore[arg-type]  # from a process that names no sender

    asyncio.run(run())
    assert heard == [("g1", 4, "active"), ("g1", 5, "seats")]
