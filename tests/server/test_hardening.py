"""Security headers, seat tokens that expire and can be revoked by a new invitation, the same parsing rules on
HTTP and WebSocket, unreadable bodies answered 422, and the whole state as the first WebSocket message."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def test_pages_and_answers_carry_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/app.js", "/api/games/nope"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "object-src 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"


def test_an_expired_token_is_refused_on_http_and_websocket(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url, token_days=-1.0))) as client:
        created = create(client, humans(2))
        gid, token = created["id"], created["seats"][0]["token"]
        assert created["token_expires"] < time.time()
        r = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 403 and r.json()["code"] == "expired"
        with client.websocket_connect(f"/ws/games/{gid}") as ws, pytest.raises(WebSocketDisconnect) as info:
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
        assert info.value.code == 4403 and "expired" in info.value.reason


def test_a_seat_is_reinvited_by_the_host_and_the_old_token_is_revoked(client: TestClient) -> None:
    created = create(client, humans(2))
    gid, old = created["id"], created["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        viewer = Viewer(ws, 1)
        viewer.hello(old)
        wrong = client.post(f"/api/games/{gid}/seats/1/invite", headers={"Authorization": f"Bearer {old}"})
        assert wrong.status_code == 403  # a seat token is not the host token
        r = client.post(f"/api/games/{gid}/seats/1/invite",
                        headers={"Authorization": f"Bearer {created['host_token']}"})
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        assert new != old and r.json()["invite"].endswith(f"#token={new}")
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                viewer.next()
        assert info.value.code == 4403  # the old token's connection is closed
    old_state = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {old}"})
    assert old_state.status_code == 403 and old_state.json()["code"] == "bad_token"
    assert client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {new}"}).json()["seat"] == 1
    bot_game = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    r = client.post(f"/api/games/{bot_game['id']}/seats/1/invite",
                    headers={"Authorization": f"Bearer {bot_game['host_token']}"})
    assert r.status_code == 403  # a bot seat takes no invitation


def test_the_position_true_is_refused_on_http_and_websocket(client: TestClient) -> None:
    created = create(client, humans(2))
    gid = created["id"]
    state = client.get(f"/api/games/{gid}/state").json()
    seat = state["deciders"][0]
    token = created["seats"][seat]["token"]
    legal = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"}).json()["legal"]
    for bad in (True, False, "0"):
        r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0], "version": bad},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 422 and r.json()["code"] == "invalid", (bad, r.text)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        viewer = Viewer(ws, seat)
        viewer.hello(token)
        viewer.act(legal[0], True)  # type: ignore[arg-type]
        assert viewer.next("rejected")["code"] == "bad_version"
    assert client.get(f"/api/games/{gid}").json()["version"] == 0  # nothing was played


def test_unreadable_bodies_get_the_documented_422(client: TestClient) -> None:
    bodies = [b'{"game": "\xff\xfe", "seats": []}', b"[" * 30_000 + b"]" * 30_000, b'{"game": ']
    for body in bodies:
        r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "invalid" and r.json()["detail"]


def test_the_first_websocket_message_is_the_whole_state(client: TestClient) -> None:
    created = create(client, humans(2))
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.send_json({"type": "hello", "token": created["seats"][0]["token"]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["view"] and first["seat"] == 0
        second = ws.receive_json()
        assert second["type"] == "presence" and second["spectators"] == 0
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"  # a spectator too


def test_every_error_code_the_server_sends_is_in_the_docs() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    docs = (root / "docs" / "server.md").read_text()
    sent = set()
    for name in ("hub.py", "live.py", "lobby.py", "app.py", "guard.py"):
        source = (root / "src" / "meeple" / "server" / name).read_text()
        sent |= set(re.findall(r'(?:Rejected|_error|_Bad)\("([a-z_]+)"', source))
        sent |= set(re.findall(r'ApiError\(\d+, [^\n]*?"([a-z_]+)"\)', source))
        sent |= set(re.findall(r'"code": "([a-z_]+)"', source))
    assert {"stale", "rate_limited", "expired", "bad_version", "invalid"} <= sent  # the scan finds them
    missing = sorted(code for code in sent if f"`{code}`" not in docs)
    assert not missing, f"codes sent but not documented in docs/server.md: {missing}"


@pytest.mark.timeout(30)
def test_a_token_that_expires_while_its_socket_is_open_acts_no_more(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url, token_days=1.0 / 86_400))) as client:
        created = create(client, humans(2))
        gid = created["id"]
        seat = client.get(f"/api/games/{gid}").json()["deciders"][0]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            viewer = Viewer(ws, seat)
            legal = viewer.hello(created["seats"][seat]["token"])["legal"]
            time.sleep(max(0.0, created["token_expires"] - time.time()) + 0.1)
            viewer.act(legal[0], 0, ref="late")
            refused = viewer.next("rejected", "update")
            assert refused["type"] == "rejected" and refused["code"] == "expired" and refused["ref"] == "late"
            with pytest.raises(WebSocketDisconnect) as info:
                while True:
                    viewer.next()
        assert info.value.code == 4403 and "expired" in info.value.reason
        assert client.get(f"/api/games/{gid}").json()["version"] == 0  # nothing was played


@pytest.mark.timeout(30)
def test_an_act_on_the_old_socket_right_after_a_reinvitation_is_refused(client: TestClient) -> None:
    created = create(client, humans(2))
    gid = created["id"]
    seat = client.get(f"/api/games/{gid}").json()["deciders"][0]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        viewer = Viewer(ws, seat)
        legal = viewer.hello(created["seats"][seat]["token"])["legal"]
        r = client.post(f"/api/games/{gid}/seats/{seat}/invite",
                        headers={"Authorization": f"Bearer {created['host_token']}"})
        assert r.status_code == 200
        viewer.act(legal[0], 0, ref="after")  # sent before the client has read the close
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                viewer.next()
    assert info.value.code == 4403
    assert not [m for m in viewer.messages if m["type"] == "update"]
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_a_chunked_body_over_the_limit_gets_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "bluemooncity", "seats": [{"kind": "human"}], "options": {"x": "'
        for _ in range(20):
            yield b"y" * 8192
        yield b'"}}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    assert client.get("/api/games").json() == []  # nothing was created
