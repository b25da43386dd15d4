"""Clocks: time per move or per game, a bot playing for a seat out of time, or a forfeit."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from meeple.server import clock as clocks
from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import create, humans


def _spec(mode: str, seconds: float = 60.0, on_timeout: str = "bot") -> clocks.ClockSpec:
    return clocks.ClockSpec(mode, seconds, on_timeout)


def test_a_move_lasts_while_the_seat_decides_and_restarts_each_time() -> None:
    c = clocks.advance(clocks.new_clock(_spec("move"), 2), [0, 1], [0], now=100.0)
    assert c["running"] == [0] and clocks.deadline(c) == 160.0
    c = clocks.advance(c, [0, 1], [0], now=130.0)  # another small action of the same turn
    assert c["left"][0] == 30.0 and clocks.deadline(c) == 160.0
    c = clocks.advance(c, [0, 1], [1], now=140.0)
    assert c["running"] == [1] and c["left"] == [20.0, 60.0]
    c = clocks.advance(c, [0, 1], [0], now=150.0)
    assert c["left"][0] == 60.0 and clocks.deadline(c) == 210.0


def test_a_game_clock_is_a_bank_that_carries_over() -> None:
    c = clocks.advance(clocks.new_clock(_spec("game", 100.0), 2), [0, 1], [0], now=0.0)
    c = clocks.advance(c, [0, 1], [1], now=30.0)
    c = clocks.advance(c, [0, 1], [0], now=35.0)
    assert c["left"] == [70.0, 95.0] and clocks.deadline(c) == 105.0
    assert clocks.expired(c, 104.0) == [] and clocks.expired(c, 105.0) == [0]


def test_bots_and_finished_games_stop_the_clock() -> None:
    c = clocks.advance(clocks.new_clock(_spec("move"), 2), [0], [1], now=0.0)
    assert c["running"] == [] and clocks.deadline(c) is None
    assert clocks.public(c, 5.0) == {"mode": "move", "seconds": 60.0, "on_timeout": "bot", "left": [60.0, 60.0],
                                     "running": [], "auto": []}


def _wait(client: TestClient, gid: str, done: object, limit: float = 10.0) -> dict:
    deadline = time.time() + limit
    while time.time() < deadline:
        summary = client.get(f"/api/games/{gid}").json()
        if done(summary):  # type: ignore[operator]
            return summary  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting: {summary}")


def test_out_of_time_a_bot_plays_the_move(client: TestClient) -> None:
    body = create(client, humans(2), clock={"mode": "move", "seconds": 0.3, "on_timeout": "bot", "bot": "random"})
    summary = _wait(client, body["id"], lambda s: s["version"] >= 3)
    assert summary["status"] == "active"
    assert summary["clock"]["mode"] == "move"


def test_out_of_time_the_seat_forfeits(client: TestClient) -> None:
    body = create(client, humans(2), clock={"mode": "game", "seconds": 0.3, "on_timeout": "forfeit"})
    first = client.get(f"/api/games/{body['id']}").json()["deciders"][0]
    summary = _wait(client, body["id"], lambda s: s["status"] == "over")
    result = summary["result"]
    assert result["winners"] == [1 - first] and result["ranking"] == [[1 - first], [first]]
    # The reason is a message of the faces naming the seat: each client says it in its reader's language.
    assert result["reason"] == "web.forfeited" and result["params"] == {"seats": [first]}
    headers = {"Authorization": f"Bearer {body['seats'][first]['token']}"}
    r = client.post(f"/api/games/{body['id']}/actions", json={"action": "end", "version": 0}, headers=headers)
    assert r.status_code == 409 and r.json()["code"] == "over"


def test_a_clock_survives_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        body = create(client, humans(2), clock={"mode": "game", "seconds": 1.0, "on_timeout": "forfeit"})
    time.sleep(1.2)  # the time runs out while no server is up
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        summary = _wait(client, body["id"], lambda s: s["status"] == "over")
    assert summary["result"]["reason"] == "web.forfeited"
