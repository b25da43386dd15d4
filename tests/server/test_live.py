"""Live play over the WebSocket: views per seat, accepted and rejected actions, reconnecting, spectators."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import meeple

from .helpers import Viewer, create, humans


def _table(client: TestClient) -> tuple[str, list[str]]:
    body = create(client, humans(2))
    return body["id"], [s["token"] for s in body["seats"]]


def test_each_seat_gets_its_own_view_and_the_spectator_the_public_one(client: TestClient) -> None:
    gid, tokens = _table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as w0, client.websocket_connect(f"/ws/games/{gid}") as ws:
        seat0, spectator = Viewer(w0, 0), Viewer(ws, None)
        state = seat0.hello(tokens[0])
        watch = spectator.hello(None)
    assert state["seat"] == 0 and "hand" in state["view"] and "crystals" in state["view"]
    assert watch["seat"] is None and "hand" not in watch["view"] and watch["legal"] == []
    assert [s["name"] for s in state["seats"]] == ["P1", "P2"]
    decider = state["deciders"][0]
    assert (state["legal"] != []) == (decider == 0)


def test_an_accepted_action_reaches_every_viewer_with_its_log_line(client: TestClient) -> None:
    gid, tokens = _table(client)
    with (client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b,
          client.websocket_connect(f"/ws/games/{gid}") as s):
        viewers = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
        spectator = Viewer(s, None)
        spectator.hello(None)
        mover = states[0]["deciders"][0]
        action = next(x for x in states[mover]["legal"] if x.startswith("step"))
        viewers[mover].act(action, 0, ref="m1")
        updates = [v.at(1) for v in viewers]
        seen = spectator.at(1)
    assert updates[mover]["ack"] == "m1" and "ack" not in updates[1 - mover]
    assert all(u["version"] == 1 for u in [*updates, seen])
    assert "steps to" in seen["log"][0][0]["text"] and seen["since"] == 0
    # The message id and its parameters come along, for a client that renders them in another language.
    assert seen["log"][0][0]["msg"] == "move.step" and seen["log"][0][0]["params"]["seat"] == mover


def test_stale_duplicate_and_out_of_turn_actions_are_rejected_clearly(client: TestClient) -> None:
    gid, tokens = _table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
        viewers = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
        mover = states[0]["deciders"][0]
        me, other = viewers[mover], viewers[1 - mover]
        me.act("end", 0, ref="x")
        me.at(1)
        me.act("end", 0, ref="x")
        dup = me.next("rejected")
        me.act("end", 0, ref="y")
        stale = me.next("rejected")
        other.act("end", 1)
        turn = other.next("rejected")
        me.act("fly to the moon", 1)
        illegal = me.next("rejected")
    assert dup["code"] == "duplicate" and "already accepted" in dup["message"]
    assert stale["code"] == "stale" and "position 0" in stale["message"] and stale["version"] == 1
    assert turn["code"] == "not_your_turn"
    assert illegal["code"] == "illegal" and "not an action" in illegal["message"]


def test_a_spectator_can_never_act(client: TestClient) -> None:
    gid, _ = _table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        spectator = Viewer(ws, None)
        spectator.hello(None)
        spectator.act("end", 0)
        rejected = spectator.next("rejected")
    assert rejected["code"] == "spectator"
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_reconnecting_resumes_exactly_where_the_client_was(client: TestClient) -> None:
    gid, tokens = _table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
        viewers = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
        last = states[0]
        for version in range(6):
            mover = last["deciders"][0]
            state = viewers[mover].at(version)
            viewers[mover].act(state["legal"][0], version)
            last = viewers[mover].at(version + 1)
        before = viewers[0].at(6)
        log_before = [line for m in viewers[0].messages if m["type"] in ("state", "update") for line in m["log"]]
    with client.websocket_connect(f"/ws/games/{gid}") as again:
        resumed = Viewer(again, 0).hello(tokens[0])
        with client.websocket_connect(f"/ws/games/{gid}") as partial:
            tail = Viewer(partial, 0).hello(tokens[0], since=4)
    assert resumed["version"] == 6 and resumed["view"] == before["view"] and resumed["legal"] == before["legal"]
    assert resumed["log"] == log_before
    assert tail["since"] == 4 and tail["log"] == log_before[4:]


def test_hello_problems_close_the_connection_with_a_code(client: TestClient) -> None:
    gid, tokens = _table(client)
    other, _ = _table(client)
    cases = [
        (f"/ws/games/{gid}", {"type": "act"}, 4400),
        (f"/ws/games/{gid}", {"type": "hello", "token": "forged"}, 4403),
        (f"/ws/games/{other}", {"type": "hello", "token": tokens[0]}, 4403),
        ("/ws/games/nope", {"type": "hello"}, 4404),
    ]
    for path, hello, code in cases:
        with client.websocket_connect(path) as ws:
            ws.send_json(hello)
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
        assert info.value.code == code, (hello, info.value)


def test_every_view_sent_equals_the_engine_view_of_that_seat(client: TestClient) -> None:
    """The server adds nothing to what the engine allows a seat to see (checked along a short game)."""
    gid, tokens = _table(client)
    with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
        viewers = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
        mover = states[0]["deciders"][0]
        played = []
        for version in range(20):
            state = viewers[mover].at(version)
            if state["status"] != "active":
                break
            mover = state["deciders"][0]
            state = viewers[mover].at(version)
            played.append((mover, state["legal"][-1]))
            viewers[mover].act(state["legal"][-1], version)
        finals = [v.at(len(played)) for v in viewers]
    rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
    replica = meeple.replay("bluemooncity", 2, rec.seed, rec.options, played)
    for seat, final in enumerate(finals):
        assert final["view"] == replica.view(seat)
        assert final["legal"] == (replica.legal_actions(seat) if seat in replica.deciders() else [])


def test_updates_carry_only_what_changed() -> None:
    """A list that kept its length is patched entry by entry when at most half of it changed; the rest whole."""
    from meeple.server.rooms import _diff

    tile = {"square": "c2", "figures": []}
    city = [tile, {"square": "c3", "figures": []}, {"square": "c4", "figures": [0]}]
    old = {"turn": 1, "city": city, "hand": ["aqua1"], "gone": True, "seats": [1, 2]}
    moved = [tile, {"square": "c3", "figures": [0]}, {"square": "c4", "figures": []}]
    new = {"turn": 1, "city": [tile, {"square": "c3", "figures": []}, {"square": "c4", "figures": []}],
           "hand": ["aqua1", "aqua2"], "seats": [3, 4]}
    patch, items, drop = _diff(old, new, {})
    assert patch == {"hand": ["aqua1", "aqua2"], "seats": [3, 4]}  # another length; every entry changed
    assert items == {"city": [[2, {"square": "c4", "figures": []}]]}
    assert drop == ["gone"]
    patch, items, drop = _diff(old, dict(old, city=moved), {})
    assert (patch, items, drop) == ({"city": moved}, {}, [])  # two of three tiles changed: the whole list
