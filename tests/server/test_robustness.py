"""Bad input over the WebSocket gets a clear error or close code and never brings the server down."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _seated(client: TestClient) -> tuple[str, str]:
    body = create(client, humans(2))
    return body["id"], body["seats"][0]["token"]


def test_nonsense_messages_get_errors_and_the_connection_stays_usable(client: TestClient) -> None:
    gid, token = _seated(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        me = Viewer(ws, 0)
        me.hello(token)
        answers = []
        for raw in ["{oops", "[1, 2]", '"act"', '{"type": "dance"}', '{"type": "act", "action": 5, "version": 0}',
                    '{"type": "act", "action": "end", "version": "zero"}', '{"type": "act", "action": "end", '
                    '"version": 0, "ref": ' + '"' + "r" * 100 + '"}']:
            ws.send_text(raw)
            answers.append(me.next("error", "rejected"))
        ws.send_bytes(b"\x00\x01")
        answers.append(me.next("error"))
        ws.send_json({"type": "ping"})
        pong = me.next("pong")
    codes = [a["code"] for a in answers]
    assert codes == ["bad_json", "bad_message", "bad_message", "unknown_type", "bad_message", "bad_version",
                     "bad_message", "binary"]
    assert all(a["message"] for a in answers)
    assert pong["version"] == 0
    assert client.get("/healthz").status_code == 200


def test_an_oversized_message_closes_with_1009(client: TestClient) -> None:
    gid, token = _seated(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        Viewer(ws, 0).hello(token)
        ws.send_text('{"type": "ping", "pad": "' + "x" * 20_000 + '"}')
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                ws.receive_json()
    assert info.value.code == 1009


def test_too_many_bad_messages_close_with_1008(client: TestClient) -> None:
    gid, token = _seated(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        Viewer(ws, 0).hello(token)
        with pytest.raises(WebSocketDisconnect) as info:
            for _ in range(100):
                ws.send_text("garbage")
            while True:
                ws.receive_json()
    assert info.value.code == 1008


def test_a_flood_closes_with_1008_and_other_games_go_on(sqlite_url: str) -> None:
    app = create_app(fast_settings(sqlite_url, message_rate="5/second"))
    with TestClient(app) as client:
        gid, token = _seated(client)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            Viewer(ws, 0).hello(token)
            with pytest.raises(WebSocketDisconnect) as info:
                for _ in range(200):
                    ws.send_json({"type": "ping"})
                while True:
                    ws.receive_json()
        assert info.value.code == 1008
        other, token2 = _seated(client)
        with client.websocket_connect(f"/ws/games/{other}") as ws:
            assert Viewer(ws, 0).hello(token2)["version"] == 0
