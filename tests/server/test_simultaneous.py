"""Simultaneous secret decisions on the server, with the `dials` test game: every seat's choice is accepted in any
order (staleness is judged per decision), and no payload shows a choice to another seat or a spectator before the
game reveals it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.dials import Dials
from meeple.engine import registry
from meeple.engine.table import SeatTable
from meeple.server import bots
from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def _dials(client: TestClient, rounds: int = 1, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return create(client, seats or humans(2), game="dials", options={"rounds": rounds})


def _secret_of(seat: int, dial: int, messages: list[dict[str, Any]]) -> list[str]:
    """Where `messages` (all received by someone other than `seat`) show that `seat` set its dial to `dial`."""
    found = []
    for msg in messages:
        view = msg.get("view") or {}
        if view.get("mine") == dial:
            found.append(f"view of version {msg.get('version')}: {view}")
        if any(r for r in view.get("revealed", [])):
            found.append(f"a reveal in version {msg.get('version')}")
        text = json.dumps(msg.get("log", []))
        if "dials.chosen" in text or "You chose" in text or "revealed" in text:
            found.append(f"log of version {msg.get('version')}: {text}")
    return found


@pytest.mark.parametrize("first", [0, 1])
def test_both_seats_choose_at_once_in_either_order_and_see_nothing_before_the_reveal(
        client: TestClient, first: int) -> None:
    body = _dials(client)
    tokens = [s["token"] for s in body["seats"]]
    gid = body["id"]
    dial = {0: 3, 1: 1}
    second = 1 - first
    with (client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b,
          client.websocket_connect(f"/ws/games/{gid}") as w):
        seats = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(seats, tokens, strict=True)]
        watcher = Viewer(w, None)
        watcher.hello(None)
        assert all(s["deciders"] == [0, 1] and s["legal"] == ["dial 1", "dial 2", "dial 3"] for s in states)
        # Both choose in position 0: the second seat's choice, made before the first one came in, is accepted.
        seats[first].act(f"dial {dial[first]}", 0, ref="f")
        mid = seats[second].at(1)
        assert mid["deciders"] == [second] and mid["view"]["chosen"][first] is True
        seen_mid = watcher.at(1)
        http = client.get(f"/api/games/{gid}/state", headers={"authorization": f"Bearer {tokens[second]}"}).json()
        spectator_http = client.get(f"/api/games/{gid}/state").json()
        seats[second].act(f"dial {dial[second]}", 0, ref="s")
        ends = [v.at(2) for v in seats]
        end_watch = watcher.at(2)
    assert not any(m["type"] == "rejected" for v in seats for m in v.messages)
    assert all(e["version"] == 2 and e["status"] == "over" for e in [*ends, end_watch])
    # Before the reveal, neither the other seat nor the spectator had any trace of the first choice.
    before = [m for m in seats[second].messages if m.get("version", 0) < 2] + [http]
    assert _secret_of(first, dial[first], before) == []
    assert _secret_of(first, dial[first], [m for m in watcher.messages if m.get("version", 0) < 2]
                      + [spectator_http]) == []
    assert seen_mid["view"]["mine"] is None and "set" in json.dumps(seen_mid["log"])
    # The chooser reads its own choice at once; after the reveal everyone reads both.
    own = [m for m in seats[first].messages if m.get("version") == 1]
    assert own and f"You chose {dial[first]}" in json.dumps(own[-1]["log"])
    for end in [*ends, end_watch]:
        assert end["view"]["revealed"] == [[3, 1]]
    assert "The dials are revealed: 3, 1" in json.dumps(end_watch["log"])


def test_a_choice_made_before_the_next_decision_opened_is_stale(client: TestClient) -> None:
    body = _dials(client, rounds=2)
    tokens = [s["token"] for s in body["seats"]]
    with client.websocket_connect(f"/ws/games/{body['id']}") as a, \
            client.websocket_connect(f"/ws/games/{body['id']}") as b:
        seats = [Viewer(a, 0), Viewer(b, 1)]
        for v, t in zip(seats, tokens, strict=True):
            v.hello(t)
        seats[0].act("dial 2", 0)
        seats[1].act("dial 2", 0)
        seats[0].at(2)
        seats[0].act("dial 1", 1)  # chosen in round 1's position 1, sent after round 2 opened
        stale = seats[0].next("rejected")
        seats[0].act("dial 1", 2)
        seats[0].act("dial 3", 2)  # this seat has chosen: it no longer decides
        turn = seats[0].next("rejected")
        later = seats[1].at(3)
    assert stale["code"] == "stale" and "position 1" in stale["message"]
    assert turn["code"] == "not_your_turn"
    assert later["version"] == 3 and later["deciders"] == [1]


def test_over_http_both_choices_made_in_the_same_position_are_accepted(client: TestClient) -> None:
    body = _dials(client)
    tokens = [s["token"] for s in body["seats"]]
    for seat in (1, 0):
        r = client.post(f"/api/games/{body['id']}/actions", json={"action": "dial 2", "version": 0},
                        headers={"authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
    assert client.get(f"/api/games/{body['id']}").json()["status"] == "over"


def test_a_bot_chooses_alongside_a_person_from_its_seat_table_only(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The server hands a bot the seat's table (`Game.seat_table`), never the game, and never the other seat's
    pending choice: the bot's view of the position shows none."""
    given: list[Any] = []
    make = bots.make_agent

    def spy(level: str, seed: int) -> Any:
        agent = make(level, seed=seed)

        class Spy:
            def choose(self, table: Any) -> str:
                given.append((type(table), table.view()))
                return str(agent.choose(table))

        return Spy()

    monkeypatch.setattr(bots, "make_agent", spy)
    body = _dials(client, rounds=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    token = body["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{body['id']}") as ws:
        me = Viewer(ws, 0)
        state = me.hello(token)
        while state["status"] == "active":
            if 0 in state["deciders"] and state["legal"]:
                me.act("dial 3", state["version"])
            state = me.next("update")
    assert state["view"]["revealed"][0][0] == 3 and len(state["view"]["revealed"]) == 2
    assert len(given) == 2 and all(kind is SeatTable for kind, _ in given)
    # Whenever the bot chose, it saw only the rounds revealed before, and no dial but its own (none yet).
    assert [len(view["revealed"]) for _, view in given] == [0, 1]
    assert all(view["mine"] is None for _, view in given)


def test_the_sweeper_leaves_no_bot_waiting_in_a_simultaneous_decision(client: TestClient) -> None:
    body = _dials(client, seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"},
                                 {"kind": "bot", "level": "random"}])
    deadline = time.time() + 20
    while client.get(f"/api/games/{body['id']}").json()["status"] != "over":
        assert time.time() < deadline, "the bots did not finish their simultaneous choices"
        time.sleep(0.05)


def test_a_replay_shows_no_seat_another_seats_secret_choice(client: TestClient) -> None:
    """The replay answers each viewer with what it could read then (its view and its log lines), never the stored
    text of an action: in position 1 seat 0's dial is still secret to seat 1 and to a spectator."""
    body = _dials(client)
    tokens = [s["token"] for s in body["seats"]]
    gid = body["id"]
    for seat, dial in ((0, 3), (1, 1)):
        r = client.post(f"/api/games/{gid}/actions", json={"action": f"dial {dial}", "version": 0},
                        headers={"authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
    other = client.get(f"/api/games/{gid}/replay?at=1", headers={"authorization": f"Bearer {tokens[1]}"}).json()
    watcher = client.get(f"/api/games/{gid}/replay?at=1").json()
    own = client.get(f"/api/games/{gid}/replay?at=1", headers={"authorization": f"Bearer {tokens[0]}"}).json()
    for shown in (other, watcher):
        assert shown["actor"] == 0 and shown["log"]
        assert "dial 3" not in json.dumps(shown) and _secret_of(0, 3, [shown]) == []
    assert {"msg": "dials.chosen", "params": {"dial": 3}} in own["log"]  # the seat itself reads its own choice


def test_simultaneous_choices_through_two_servers_are_both_accepted(database: str) -> None:
    """Two server processes on one database, each with its own copy of the game: the second choice, checked
    against a copy that has not heard of the first, fails its versioned write; it is then checked again against the
    stored position (where it answers the same question) and accepted rather than refused as stale."""
    settings = {"sweep_interval": 3600.0}  # no catch-up between the two: the second server's copy stays behind
    with TestClient(create_app(fast_settings(database, **settings))) as one, \
            TestClient(create_app(fast_settings(database, **settings))) as two:
        body = _dials(one)
        tokens = [s["token"] for s in body["seats"]]
        gid = body["id"]
        assert two.get(f"/api/games/{gid}/state").json()["version"] == 0  # loaded there at position 0
        with two.websocket_connect(f"/ws/games/{gid}") as ws:
            seat1 = Viewer(ws, 1)
            seat1.hello(tokens[1])
            r = one.post(f"/api/games/{gid}/actions", json={"action": "dial 2", "version": 0, "ref": "x"},
                         headers={"authorization": f"Bearer {tokens[0]}"})
            assert r.status_code == 200, r.text
            seat1.act("dial 3", 0, ref="y")
            end = seat1.next("rejected", "update")
            while end["type"] == "update" and end["version"] < 2:
                end = seat1.next("rejected", "update")
        assert end["type"] == "update", end
        assert end["status"] == "over" and end["view"]["revealed"] == [[2, 3]]
        assert one.get(f"/api/games/{gid}").json()["version"] == 2
