"""Resigning in a game of three or more players: a bot takes the seat and the game goes on, stored so that a
restarted server (and another process on the same database) sees the same seats; in two-player games, or when only
bots would be left, the game ends (see also test_table.py)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.hub import resign_outcome, takeover_level
from meeple.server.store import SeatRecord

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _moved_past(client: TestClient, gid: str, token: str, version: int, seconds: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state: dict[str, Any] = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()
        if state["version"] > version or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def test_a_bot_takes_the_seat_of_a_player_who_resigns_and_plays_it_at_once(database: str) -> None:
    with TestClient(create_app(fast_settings(database))) as client:
        body = create(client, humans(3))
        gid, tokens = body["id"], [s["token"] for s in body["seats"]]
        first = client.get(f"/api/games/{gid}/state", headers=_auth(tokens[0])).json()
        mover = first["deciders"][0]
        watcher = next(s for s in range(3) if s != mover)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            viewer = Viewer(ws, watcher)
            viewer.hello(tokens[watcher])
            r = client.post(f"/api/games/{gid}/resign", headers=_auth(tokens[mover]))
            assert r.status_code == 200, r.text
            assert r.json() == {"version": 0, "outcome": "bot"}
            notice = viewer.next("notice")
            assert notice["msg"] == "web.resigned_bot_notice"
            assert notice["params"] == {"seats": [mover], "level": "greedy"}
            state = viewer.next("state")
            assert state["seats"][mover]["kind"] == "bot" and state["seats"][mover]["resigned"] is True
            assert state["seats"][mover]["level"] == "greedy" and state["status"] == "active"
        # The bot plays the seat at once; the resigned player's token holds nothing any more.
        moved = _moved_past(client, gid, tokens[watcher], 0)
        assert moved["version"] > 0 and moved["status"] == "active"
        assert client.get(f"/api/games/{gid}/state", headers=_auth(tokens[mover])).status_code == 403
        r = client.post(f"/api/games/{gid}/resign", headers=_auth(tokens[mover]))
        assert r.status_code == 403 and r.json()["code"] == "bad_token"
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["status"] == "active"
    # A restarted server (or another process on the same database) sees the bot in the seat and lets it play on.
    with TestClient(create_app(fast_settings(database))) as again:
        state = again.get(f"/api/games/{gid}/state", headers=_auth(tokens[watcher])).json()
        assert state["seats"][mover]["kind"] == "bot" and state["seats"][mover]["resigned"] is True
        assert [s["kind"] for s in state["seats"]].count("human") == 2


def test_the_last_person_at_a_table_of_bots_who_resigns_ends_the_game(client: TestClient) -> None:
    body = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"},
                           {"kind": "bot", "level": "random"}])
    gid, token = body["id"], body["seats"][0]["token"]
    r = client.post(f"/api/games/{gid}/resign", headers=_auth(token))
    assert r.status_code == 200 and r.json()["outcome"] == "over"
    result = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()["result"]
    assert result["reason"] == "web.resigned" and result["ranking"][-1] == [0]


def test_bad_resignations_change_nothing(client: TestClient) -> None:
    body = create(client, humans(3))
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    assert client.post(f"/api/games/{gid}/resign").status_code == 403
    assert client.post(f"/api/games/{gid}/resign", headers=_auth("not-a-token")).status_code == 403
    assert client.post("/api/games/nosuchgame/resign", headers=_auth(tokens[0])).status_code in (403, 404)
    state = client.get(f"/api/games/{gid}/state", headers=_auth(tokens[0])).json()
    assert [s["kind"] for s in state["seats"]] == ["human"] * 3 and state["status"] == "active"


def test_the_bot_that_takes_a_seat_is_the_tables_strongest() -> None:
    assert takeover_level([SeatRecord(0, "human"), SeatRecord(1, "human")]) == "greedy"
    seats = [SeatRecord(0, "human"), SeatRecord(1, "bot", "random"), SeatRecord(2, "bot", "ismcts:0.5s")]
    assert takeover_level(seats) == "ismcts:0.5s"
    named = [SeatRecord(0, "human"), SeatRecord(1, "bot", "medium"), SeatRecord(2, "bot", "expert")]
    assert takeover_level(named) == "expert"
    assert resign_outcome(2, [0, 1], 0) == "over"
    assert resign_outcome(3, [0, 1, 2], 0) == "bot"
    assert resign_outcome(3, [0], 0) == "over"
