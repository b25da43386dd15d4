"""Bots play their seats on the server, in worker processes, without holding up other games."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.server import bots
from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create


def test_a_bot_job_chooses_a_legal_action_and_reuses_its_game() -> None:
    game = meeple.new_game("bluemooncity", 2, 11)
    for _ in range(5):
        seat = game.deciders()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    job = bots.BotJob("g1", "bluemooncity", 2, 11, dict(game.options), tuple(game.full_log()), game.deciders()[0],
                      "greedy", 3)
    action = bots.choose(job)
    assert action in game.legal_actions(job.seat)
    assert bots.choose(job) == action  # same seed, same position: same choice
    cached = bots._GAMES["g1"]
    game.apply(job.seat, action)
    later = bots.BotJob(**{**job.__dict__, "actions": tuple(game.full_log()), "seat": game.deciders()[0]})
    bots.choose(later)
    assert bots._GAMES["g1"] is cached and cached.full_log() == game.full_log()


def test_levels_are_checked_and_bounded() -> None:
    assert bots.check_level(" Greedy ") == "greedy"
    for bad in ("genius", "ismcts:3600s", "ismcts:10000000"):
        with pytest.raises(ValueError):
            bots.check_level(bad)


def test_a_bot_answers_a_human_in_a_live_game(client: TestClient) -> None:
    body = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/games/{body['id']}") as ws:
        me = Viewer(ws, 0)
        state = me.hello(body["seats"][0]["token"])
        bot_moves = 0
        while bot_moves < 5:
            if state["deciders"] == [0]:
                me.act("end" if "end" in state["legal"] else state["legal"][0], state["version"])
            before, state = state, me.next("update")
            assert state["version"] == before["version"] + 1
            bot_moves += before["deciders"] == [1]
    assert state["seats"] if state["type"] == "state" else state["status"] == "active"


def test_bot_games_play_to_the_end_in_worker_processes(sqlite_url: str) -> None:
    app = create_app(fast_settings(sqlite_url, bot_workers=1))
    with TestClient(app) as client:
        body = create(client, [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}])
        deadline = time.time() + 120
        while time.time() < deadline:
            summary = client.get(f"/api/games/{body['id']}").json()
            if summary["status"] == "over":
                break
            time.sleep(0.2)
    assert summary["status"] == "over" and summary["result"]["reason"]
    assert summary["version"] > 50


def test_a_thinking_bot_does_not_hold_up_other_games(sqlite_url: str) -> None:
    app = create_app(fast_settings(sqlite_url, bot_workers=1))
    with TestClient(app) as client:
        slow = create(client, [{"kind": "bot", "level": "ismcts:1.5s"}, {"kind": "bot", "level": "ismcts:1.5s"}])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.time() + 30
        while not hub.rooms[slow["id"]].bot_tasks and time.time() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # the worker is now thinking
        fast = create(client, [{"kind": "human"}, {"kind": "human"}])
        tokens = [s["token"] for s in fast["seats"]]
        took = []
        for version in range(5):
            seat = client.get(f"/api/games/{fast['id']}/state").json()["deciders"][0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/games/{fast['id']}/state", headers=headers).json()["legal"]
            start = time.perf_counter()
            r = client.post(f"/api/games/{fast['id']}/actions", headers=headers,
                            json={"action": legal[0], "version": version})
            took.append(time.perf_counter() - start)
            assert r.status_code == 200, r.text
        still_thinking = bool(hub.rooms[slow["id"]].bot_tasks)
    assert still_thinking
    assert max(took) < 0.5, took
