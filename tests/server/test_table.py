"""The table's requests beyond playing: undo as a log operation, playing a finished game again with the same seats,
replaying a finished game position by position, and seats without a name left to each client to name."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .helpers import Viewer, create, humans


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _first_step(state: dict[str, Any]) -> str:
    return next(a for a in state["legal"] if a.startswith("step"))


def test_an_undo_takes_the_action_out_of_the_log_and_everyone_sees_it(any_client: TestClient) -> None:
    client = any_client
    body = create(client, humans(2))
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
        viewers = [Viewer(a, 0), Viewer(b, 1)]
        states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
        mover = states[0]["deciders"][0]
        me, other = viewers[mover], viewers[1 - mover]
        assert states[mover]["undo"] is False  # nothing played yet
        me.act(_first_step(states[mover]), 0, ref="s1")
        moved = me.at(1)
        assert moved["undo"] is True and moved["actors"] == [mover]
        other.at(1)
        me.ws.send_json({"type": "undo", "version": 1})
        back = me.next("state")
        seen = other.next("state")
        notice = other.next("notice")
    assert back["version"] == 0 and seen["version"] == 0 and back["undo"] is False
    assert back["view"] == states[mover]["view"] and back["legal"] == states[mover]["legal"]
    assert notice["msg"] == "engine.undo.done" and notice["params"]["seat"] == mover
    # The log is the truth: the action is gone from storage, and a fresh viewer sees the position before it.
    fresh = client.get(f"/api/games/{gid}/state", headers=_auth(tokens[mover])).json()
    assert fresh["version"] == 0 and fresh["log"] == []
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_undo_over_http_keeps_the_same_checks(client: TestClient) -> None:
    body = create(client, humans(2))
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    state = client.get(f"/api/games/{gid}/state", headers=_auth(tokens[0])).json()
    mover = state["deciders"][0]
    mine, theirs = _auth(tokens[mover]), _auth(tokens[1 - mover])
    legal = client.get(f"/api/games/{gid}/state", headers=mine).json()["legal"]
    r = client.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=mine)
    assert r.status_code == 400 and r.json()["code"] == "cannot_undo"  # nothing played yet
    step = next(a for a in legal if a.startswith("step"))
    assert client.post(f"/api/games/{gid}/actions", json={"action": step, "version": 0},
                       headers=mine).status_code == 200
    r = client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=theirs)
    assert r.status_code == 400 and r.json()["code"] == "cannot_undo"  # not their action
    r = client.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=mine)
    assert r.status_code == 409 and r.json()["code"] == "stale"
    r = client.post(f"/api/games/{gid}/undo", json={"version": True}, headers=mine)
    assert r.status_code == 422  # the position `true` is no number, as for an action
    assert client.post(f"/api/games/{gid}/undo", json={"version": 1}).status_code == 403
    assert client.get(f"/api/games/{gid}").json()["version"] == 1  # refusals changed nothing
    r = client.post(f"/api/games/{gid}/undo", json={"version": 1}, headers=mine)
    assert r.status_code == 200 and r.json() == {"version": 0}
    # The same action again is accepted (its ref, if any, was taken back with it).
    assert client.post(f"/api/games/{gid}/actions", json={"action": step, "version": 0},
                       headers=mine).status_code == 200


def _finished(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A game of two steps that ends when the first seat to move runs out of its 1.5 s bank and forfeits."""
    body = create(client, seats, clock={"mode": "game", "seconds": 1.5, "on_timeout": "forfeit"})
    gid = body["id"]
    token = next(s["token"] for s in body["seats"] if s["token"])
    state = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()
    if state["legal"]:
        for version in (0, 1):
            legal = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()["legal"]
            step = next(a for a in legal if a.startswith("step"))
            client.post(f"/api/games/{gid}/actions", json={"action": step, "version": version}, headers=_auth(token))
    deadline = time.time() + 15
    while client.get(f"/api/games/{gid}").json()["status"] != "over":
        assert time.time() < deadline, "the clock did not end the game"
        time.sleep(0.1)
    return body


def test_play_again_with_the_same_seats(client: TestClient) -> None:
    body = _finished(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid = body["id"]
    tokens = [s["token"] for s in body["seats"]]
    r = client.post(f"/api/games/{gid}/rematch", json={"host_token": body["host_token"]}, headers=_auth(tokens[0]))
    assert r.status_code == 200, r.text
    first = r.json()
    new = first["game_id"]
    assert new != gid and first["seat"] == 0 and first["token"] and first["host_token"]
    # The other seat claims its own seat of the same new game; a second claim of a seat gets no token.
    second = client.post(f"/api/games/{gid}/rematch", headers=_auth(tokens[1])).json()
    assert second["game_id"] == new and second["seat"] == 1 and second["token"] and second["host_token"] is None
    again = client.post(f"/api/games/{gid}/rematch", headers=_auth(tokens[1])).json()
    assert again["game_id"] == new and again["token"] is None
    summary = client.get(f"/api/games/{new}").json()
    assert summary["status"] == "active" and summary["version"] == 0
    assert [(s["kind"], s["name"]) for s in summary["seats"]] == [("human", "Ann"), ("human", "Bob")]
    assert summary["clock"]["mode"] == "game" and summary["clock"]["on_timeout"] == "forfeit"
    mine = client.get(f"/api/games/{new}/state", headers=_auth(first["token"])).json()
    assert mine["seat"] == 0 and mine["rematch_of"] == gid
    assert client.get(f"/api/games/{gid}/state").json()["rematch"] == new
    # The new host re-invites a seat of the new game.
    r = client.post(f"/api/games/{new}/seats/1/invite", headers=_auth(first["host_token"]))
    assert r.status_code == 200
    # Not before the end, and not without a seat of the game.
    r = client.post(f"/api/games/{new}/rematch", headers=_auth(first["token"]))
    assert r.status_code == 409 and r.json()["code"] == "not_over"
    assert client.post(f"/api/games/{gid}/rematch").status_code == 403


def test_play_again_keeps_the_bots(client: TestClient) -> None:
    body = _finished(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    r = client.post(f"/api/games/{body['id']}/rematch", headers=_auth(body["seats"][0]["token"]))
    new = client.get(f"/api/games/{r.json()['game_id']}").json()
    assert [(s["kind"], s["level"]) for s in new["seats"]] == [("human", None), ("bot", "random")]


def test_a_finished_game_replays_position_by_position(client: TestClient) -> None:
    body = _finished(client, humans(2))
    gid = body["id"]
    end = client.get(f"/api/games/{gid}/replay").json()
    length = end["length"]
    assert end["at"] == length and length == client.get(f"/api/games/{gid}").json()["version"]
    start = client.get(f"/api/games/{gid}/replay", params={"at": 0}).json()
    assert start["actor"] is None and "action" not in start and start["log"] == [] and start["turns"][0] == 0
    live_start = None
    if length:
        one = client.get(f"/api/games/{gid}/replay", params={"at": 1}).json()
        assert "action" not in one and one["log"][0]["msg"] == "move.step"
        assert one["view"] != start["view"]
        assert one["turn_seats"][0] == one["actor"]
        live_start = start
    assert live_start is None or "hand" not in live_start["view"]  # a spectator's view without a token
    seat = client.get(f"/api/games/{gid}/replay", params={"at": 0}, headers=_auth(body["seats"][0]["token"])).json()
    assert seat["seat"] == 0 and "hand" in seat["view"]
    r = client.get(f"/api/games/{gid}/replay", params={"at": length + 1})
    assert r.status_code == 400 and r.json()["code"] == "bad_position"
    active = create(client, humans(2))
    r = client.get(f"/api/games/{active['id']}/replay")
    assert r.status_code == 409 and r.json()["code"] == "not_over"


def test_a_page_of_replay_positions_matches_the_positions_one_by_one(client: TestClient) -> None:
    body = _finished(client, humans(2))
    gid = body["id"]
    mine = _auth(body["seats"][0]["token"])
    page = client.get(f"/api/games/{gid}/replay/positions", params={"start": 0}, headers=mine).json()
    assert page["length"] == len(page["positions"]) - 1 and page["seat"] == 0
    for step in page["positions"]:
        one = client.get(f"/api/games/{gid}/replay", params={"at": step["at"]}, headers=mine).json()
        assert {k: one[k] for k in step} == step
    assert page["turns"] == one["turns"] and page["rounds"] == []  # Blue Moon City counts turns, not rounds
    r = client.get(f"/api/games/{gid}/replay/positions", params={"start": page["length"] + 1})
    assert r.status_code == 400 and r.json()["code"] == "bad_position"
    assert client.get(f"/api/games/{gid}/replay/positions", params={"count": 33}).status_code == 422
    active = create(client, humans(2))
    r = client.get(f"/api/games/{active['id']}/replay/positions")
    assert r.status_code == 409 and r.json()["code"] == "not_over"


def test_replay_rounds_start_where_the_public_round_changes() -> None:
    import meeple
    from meeple.agents import make_agent
    from meeple.server import replays
    from meeple.server.store import ActionRecord, GameRecord

    game = meeple.new_game("coloma", 2, 5, {})
    agents = [make_agent("random", seed=i) for i in range(2)]
    seen = [game.view(None)["round"]]
    while not game.is_over():
        seat = game.deciders()[0]
        game.apply(seat, agents[seat].choose(game.seat_table(seat)))
        seen.append(game.view(None)["round"])
    acts = [ActionRecord(i + 1, s, a, "human", None, 0.0) for i, (s, a) in enumerate(game.full_log())]
    rec = GameRecord(id="rounds", game="coloma", players=2, seed=5, options={}, version=len(acts), status="over",
                     deciders=[], bot_turn=False, clock=None, deadline=None, result=None, created_at=0.0,
                     updated_at=0.0)
    starts = replays.rounds(rec, acts)
    assert starts[0] == 0 and len(starts) == len(set(seen)) > 1
    assert all(seen[at] != seen[at - 1] for at in starts[1:])


def test_a_seat_resigns_and_the_game_ends_with_it_last(client: TestClient) -> None:
    body = create(client, humans(2))
    gid = body["id"]
    tokens = [s["token"] for s in body["seats"]]
    assert client.post(f"/api/games/{gid}/resign").status_code == 403  # a spectator cannot
    r = client.post(f"/api/games/{gid}/resign", headers=_auth(tokens[1]))
    assert r.status_code == 200, r.text
    assert r.json() == {"version": 0, "outcome": "over"}
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "over"
    result = client.get(f"/api/games/{gid}/state", headers=_auth(tokens[0])).json()["result"]
    assert result["reason"] == "web.resigned" and result["params"] == {"seats": [1]}
    assert result["ranking"] == [[0], [1]] and result["winners"] == [0]
    r = client.post(f"/api/games/{gid}/resign", headers=_auth(tokens[0]))
    assert r.status_code == 409 and r.json()["code"] == "over"


def test_a_seat_without_a_name_has_none_on_the_wire(client: TestClient) -> None:
    body = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    state = client.get(f"/api/games/{body['id']}/state").json()
    assert [s["name"] for s in state["seats"]] == [None, None]  # each client names them in its language


def test_replay_positions_from_kept_copies_match_a_straight_replay() -> None:
    import meeple
    from meeple.agents import make_agent
    from meeple.server import replays
    from meeple.server.store import ActionRecord, GameRecord

    game = meeple.new_game("bluemooncity", 2, 11, {})
    agents = [make_agent("random", seed=i) for i in range(2)]
    while game.log_length() < 3 * replays.EVERY + 5 and not game.is_over():
        seat = game.deciders()[0]
        game.apply(seat, agents[seat].choose(game.seat_table(seat)))
    acts = [ActionRecord(i + 1, s, a, "human", None, 0.0) for i, (s, a) in enumerate(game.full_log())]
    rec = GameRecord(id="replayed", game="bluemooncity", players=2, seed=11, options={}, version=len(acts),
                     status="over", deciders=[], bot_turn=False, clock=None, deadline=None, result=None,
                     created_at=0.0, updated_at=0.0)
    for at in (0, 1, replays.EVERY - 1, replays.EVERY, replays.EVERY + 1, 2 * replays.EVERY, len(acts), 3):
        straight = meeple.new_game("bluemooncity", 2, 11, {})
        for a in acts[:at]:
            straight.apply(a.seat, a.action)
        shown = replays.position(rec, acts, at, 0)
        assert shown["view"] == straight.view(0) and shown["at"] == at
        assert shown["log"] == (straight.events(0, at - 1)[0] if at else [])
