"""Limits per client: 429 with Retry-After over HTTP, `rate_limited` on the WebSocket, counts that survive
reconnection, games of bots only refused by default, caps of connections per address."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app
from meeple.server.config import Settings, set_limit

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _app(sqlite_url: str, **limits: object) -> TestClient:
    return TestClient(create_app(fast_settings(sqlite_url, **limits)))


def test_http_requests_over_the_rate_get_429_with_retry_after(sqlite_url: str) -> None:
    with _app(sqlite_url, http_rate="5/minute") as client:
        codes = [client.get("/api/games").status_code for _ in range(7)]
        assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
        r = client.get("/api/games")
        assert r.json()["code"] == "rate_limited"
        assert 1 <= int(r.headers["retry-after"]) <= 60
        assert client.get("/healthz").status_code == 200  # only the API is counted


def test_http_moves_are_limited_per_seat(sqlite_url: str) -> None:
    with _app(sqlite_url, action_rate="3/minute") as client:
        created = create(client, humans(2))
        gid, token = created["id"], created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        codes = []
        for _ in range(5):
            r = client.post(f"/api/games/{gid}/actions", json={"action": "nonsense", "version": 0}, headers=auth)
            codes.append(r.status_code)
        assert codes == [400, 400, 400, 429, 429]
        assert "retry-after" in {k.lower() for k in r.headers}


def test_websocket_moves_share_the_seat_limit_with_http_and_survive_reconnects(sqlite_url: str) -> None:
    with _app(sqlite_url, action_rate="3/minute") as client:
        created = create(client, humans(2))
        gid, token = created["id"], created["seats"][0]["token"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": "nonsense", "version": 0},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 400
        codes = []
        for _ in range(2):  # a fresh connection each time: the count is the seat's, not the connection's
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                viewer = Viewer(ws, 0)
                viewer.hello(token)
                for _ in range(2):
                    viewer.act("nonsense", 0)
                    codes.append(viewer.next("rejected", "error").get("code"))
        assert "rate_limited" not in codes[:2] and codes[2:] == ["rate_limited", "rate_limited"]


def test_websocket_messages_over_the_rate_answer_rate_limited_then_close(sqlite_url: str) -> None:
    with _app(sqlite_url, message_rate="5/minute") as client:
        created = create(client, humans(2))
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
            viewer = Viewer(ws, 0)
            viewer.hello(created["seats"][0]["token"])
            for _ in range(5):
                ws.send_json({"type": "ping"})
                viewer.next("pong")
            ws.send_json({"type": "ping"})
            err = viewer.next("error")
            assert err["code"] == "rate_limited" and err["retry_after"] >= 1


def test_a_reconnection_flood_is_refused_before_the_upgrade(sqlite_url: str) -> None:
    with _app(sqlite_url, connect_rate="3/minute") as client:
        gid = create(client, humans(2))["id"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                Viewer(ws, None).hello(None)
        with pytest.raises(WebSocketDenialResponse) as info, client.websocket_connect(f"/ws/games/{gid}"):
            pass
        assert info.value.status_code == 429
        assert int(info.value.headers["retry-after"]) >= 1
        assert info.value.json()["code"] == "rate_limited"


def test_open_websockets_per_address_are_capped(sqlite_url: str) -> None:
    with _app(sqlite_url, max_connections_per_ip=2) as client:
        gid = create(client, humans(2))["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
            Viewer(a, None).hello(None)
            Viewer(b, None).hello(None)
            with pytest.raises(WebSocketDenialResponse) as info, client.websocket_connect(f"/ws/games/{gid}"):
                pass
            assert info.value.status_code == 429
        with client.websocket_connect(f"/ws/games/{gid}") as c:  # closed connections no longer count
            assert Viewer(c, None).hello(None)["type"] == "state"


def test_whole_state_requests_are_rate_limited_on_http_and_websocket(sqlite_url: str) -> None:
    with _app(sqlite_url, state_rate="3/minute") as client:
        gid = create(client, humans(2))["id"]
        assert [client.get(f"/api/games/{gid}/state").status_code for _ in range(2)] == [200, 200]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            viewer = Viewer(ws, None)
            viewer.hello(None)  # the third
            ws.send_json({"type": "sync"})
            assert viewer.next("error")["code"] == "rate_limited"
        assert client.get(f"/api/games/{gid}/state").status_code == 429


def test_a_game_needs_a_human_seat_unless_the_bot_only_allowance_is_on(sqlite_url: str) -> None:
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
    with _app(sqlite_url, bot_only_rate=None) as client:
        r = client.post("/api/games", json={"game": "bluemooncity", "seats": bots})
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert "without a human seat" in r.json()["detail"]
        assert client.post("/api/games", json={"game": "bluemooncity", "seats": [*bots, *humans(1)]}).status_code == 201
    assert Settings().bot_only_rate is None  # off by default
    with _app(sqlite_url, bot_only_rate="1/hour") as client:
        assert client.post("/api/games", json={"game": "bluemooncity", "seats": bots}).status_code == 201
        assert client.post("/api/games", json={"game": "bluemooncity", "seats": bots}).status_code == 429


def test_games_created_per_address_are_capped(sqlite_url: str) -> None:
    with _app(sqlite_url, create_rate="2/hour") as client:
        seats = humans(2)
        codes = [client.post("/api/games", json={"game": "bluemooncity", "seats": seats}).status_code
                 for _ in range(3)]
        assert codes == [201, 201, 429]


def test_a_seat_renaming_itself_is_rate_limited(sqlite_url: str) -> None:
    with _app(sqlite_url, rename_rate="2/minute") as client:
        created = create(client, humans(2))
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        codes = [client.post(f"/api/games/{created['id']}/join", json={"name": f"N{i}"}, headers=auth).status_code
                 for i in range(3)]
        assert codes == [200, 200, 429]


def test_limits_are_set_by_name_and_checked() -> None:
    s = Settings()
    set_limit(s, "action_rate=5/second")
    set_limit(s, "max-connections-per-ip=4")
    assert s.action_rate == "5/second" and s.max_connections_per_ip == 4
    with pytest.raises(ValueError, match="NAME=VALUE"):
        set_limit(s, "speed=3")
    with pytest.raises(ValueError):
        set_limit(s, "action_rate=often")


def test_spectators_of_one_game_are_capped(sqlite_url: str) -> None:
    with _app(sqlite_url, max_spectators=2) as client:
        created = create(client, humans(2))
        gid = created["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
            Viewer(a, None).hello(None)
            Viewer(b, None).hello(None)
            with client.websocket_connect(f"/ws/games/{gid}") as c, pytest.raises(WebSocketDisconnect) as info:
                c.send_json({"type": "hello"})
                c.receive_json()
            assert info.value.code == 1013
            with client.websocket_connect(f"/ws/games/{gid}") as seat:  # the players are never kept out
                assert Viewer(seat, 0).hello(created["seats"][0]["token"])["seat"] == 0


def test_websockets_opening_at_once_are_capped_server_wide(sqlite_url: str) -> None:
    with _app(sqlite_url, max_handshakes=1) as client:
        gid = create(client, humans(2))["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as first:  # upgraded, no hello yet: still opening
            with pytest.raises(WebSocketDenialResponse) as info, client.websocket_connect(f"/ws/games/{gid}"):
                pass
            assert info.value.status_code == 503
            assert info.value.headers["retry-after"] == "1"
            assert info.value.json()["code"] == "busy"
            Viewer(first, None).hello(None)  # answered: no longer opening
            with client.websocket_connect(f"/ws/games/{gid}") as second:
                assert Viewer(second, None).hello(None)["type"] == "state"


def test_a_crowd_beyond_the_spectator_places_is_refused_before_the_upgrade(sqlite_url: str) -> None:
    with _app(sqlite_url, max_spectators=1) as client:
        created = create(client, humans(2))
        gid = created["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as watcher:
            Viewer(watcher, None).hello(None)  # the one spectator place is taken
            # As many on their way in as the game has seats: one of them may be a player.
            with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}"):
                with pytest.raises(WebSocketDenialResponse) as info, client.websocket_connect(f"/ws/games/{gid}"):
                    pass
                assert info.value.status_code == 503 and info.value.json()["code"] == "busy"
                assert int(info.value.headers["retry-after"]) >= 1
                assert Viewer(a, 0).hello(created["seats"][0]["token"])["seat"] == 0


def test_counting_starts_no_thread_and_the_server_drops_expired_counts() -> None:
    """The memory storage of `limits` starts a timer thread again on a count after each quiet moment, and the event
    loop waits for that thread to start; the guard's storage starts none, and the server drops expired counts."""
    import threading
    import time

    from meeple.server.guard import Client, Guard

    guard = Guard(Settings(http_rate="100/second"))
    time.sleep(0.05)  # the storage's constructor starts a timer, cancelled at once: let it end
    before = threading.active_count()
    for i in range(4):
        guard.hit("requests", Client(f"10.0.0.{i}"))
        assert threading.active_count() == before
        time.sleep(0.03)  # longer than the storage's timer lives: it would start a fresh one on the next count
    assert len(guard.counters.storage) == 4
    time.sleep(2.1)  # a count of a 1-second window is kept two windows
    guard.expire()
    assert len(guard.counters.storage) == 0


def test_a_rate_limited_act_is_rejected_with_its_ref(sqlite_url: str) -> None:
    with _app(sqlite_url, action_rate="2/minute") as client:
        created = create(client, humans(2))
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
            viewer = Viewer(ws, 0)
            viewer.hello(created["seats"][0]["token"])
            answers = []
            for i in range(3):
                viewer.act("nonsense", 0, ref=f"r{i}")
                answers.append(viewer.next("rejected", "error"))
    assert [a["type"] for a in answers] == ["rejected"] * 3
    assert answers[2]["code"] == "rate_limited" and answers[2]["ref"] == "r2" and answers[2]["retry_after"] >= 1
    assert answers[2]["action"] == "nonsense"


@pytest.mark.timeout(30)
def test_twenty_refused_actions_in_a_row_close_the_connection(client: TestClient) -> None:
    created = create(client, humans(2))
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        viewer = Viewer(ws, 0)
        viewer.hello(created["seats"][0]["token"])
        for i in range(20):
            viewer.act("nonsense", 0, ref=f"r{i}")
        ws.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as info:
            viewer.next("pong")  # the connection closes before the ping is answered
    assert info.value.code == 1008
    assert len([m for m in viewer.messages if m["type"] == "rejected"]) == 20
    assert not [m for m in viewer.messages if m["type"] == "pong"]


def test_every_limit_the_docs_list_is_accepted_by_name() -> None:
    import re
    from dataclasses import fields
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    table = docs.split("| setting | default | what it limits |", 1)[1].split("\n\n", 1)[0]
    names = [n for line in table.splitlines()[2:] for n in re.findall(r"`([a-z_]+)`", line.split("|")[1])]
    assert {"token_days", "max_body_bytes", "max_message_bytes", "send_queue", "max_queued_bytes"} <= set(names)
    kinds = {f.name: f.type for f in fields(Settings)}
    for name in names:
        s = Settings()
        kind = kinds[name]
        value = {"int": "7", "float": "2.5"}.get(str(kind), "3/second")
        set_limit(s, f"{name}={value}")
        assert str(getattr(s, name)) == value, name
