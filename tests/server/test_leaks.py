"""No payload to a seat or a spectator holds a card or total hidden from it (random games through the server)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.engine.rng import Stream

from .helpers import Viewer, create, humans

GAMES = [  # (players, options, action cap): every edition and size, two played to the very end
    (2, {}, None),
    (3, {"edition": "kosmos2006"}, 500),
    (4, {"expansion": True}, 500),
    (2, {"layout": "open", "edition": "kosmos2006"}, None),
    (3, {}, 400),
    (4, {"edition": "kosmos2006"}, 400),
]


def _check(msg: dict[str, Any], viewer: int | None, game: meeple.Game, secrets: list[str]) -> None:
    text = json.dumps(msg)
    for secret in secrets:
        assert secret not in text, f"a secret reached {viewer}: {msg['type']}"
    if msg["type"] not in ("state", "update"):
        return
    assert msg["seat"] == viewer
    assert msg["view"] == game.view(viewer)
    names = [f"P{i + 1}" for i in range(game.players)]
    catalogue = game.catalogue()
    log = [[{**e, "text": catalogue.event_text(e, names)} for e in evs] for evs in game.events(viewer, msg["since"])]
    assert msg["log"] == json.loads(json.dumps(log))
    own_turn = viewer is not None and viewer in game.deciders()
    assert msg["legal"] == (game.legal_actions(viewer) if own_turn else [])
    # the viewer's own hand, from what is hidden from a spectator (every hand): another seat's hand may hold the same
    # cards by chance (the decks hold several copies of a card), and then the viewer's hand is rightly equal to it
    own = next((v for k, s, v in game.rules.hidden_values(game.state, None) if k == "hand" and s == viewer), None)
    for kind, seat, value in game.rules.hidden_values(game.state, viewer):
        if kind == "hand" and value and value != own:
            assert msg["view"].get("hand") != value, f"seat {seat}'s hand reached {viewer}"


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_random_games_leak_nothing_to_seats_or_spectators(client: TestClient, index: int) -> None:
    players, options, cap = GAMES[index]
    body = create(client, humans(players), options=options)
    gid = body["id"]
    tokens = [s["token"] for s in body["seats"]]
    rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
    secrets = [*tokens, str(rec.seed)]
    replica = meeple.new_game("bluemooncity", players, rec.seed, options)
    rng = Stream(index, 99)
    sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(players + 1)]
    try:
        viewers = [Viewer(ws.__enter__(), seat) for seat, ws in enumerate(sockets[:-1])]
        viewers.append(Viewer(sockets[-1].__enter__(), None))
        for v, token in zip(viewers, [*tokens, None], strict=True):
            v.hello(token)
        version = 0
        kinds: set[str] = set()  # the types of message scanned
        while not replica.is_over() and (cap is None or version < cap):
            for v in viewers:
                v.at(version)
                while v.messages:
                    msg = v.messages.pop(0)
                    kinds.add(msg["type"])
                    _check(msg, v.seat, replica, secrets)
            seat = replica.deciders()[0]
            action = rng.choice(replica.legal_actions(seat))
            if version % 40 == 0:  # the chat's messages go through the same scan
                talker = viewers[version // 40 % len(viewers)]
                talker.ws.send_json({"type": "chat", "text": f"line {version} from {talker.seat}"})
            if version == 80:
                rules = client.post(f"/api/games/{gid}/chat", json={"muted": [1]},
                                    headers={"Authorization": f"Bearer {body['host_token']}"})
                assert rules.status_code == 200
                _check({"type": "chat_rules_answer", **rules.json()}, None, replica, secrets)
            viewers[seat].act(action, version, ref=f"a{version}")
            replica.apply(seat, action)
            version += 1
        for v in viewers:
            v.at(version)
            for msg in v.messages:
                _check(msg, v.seat, replica, secrets)
        assert viewers[-1].last is not None and viewers[-1].last["version"] == version
        kinds |= {m["type"] for v in viewers for m in v.messages}
        assert {"chat", "chat_log", "chat_rules"} <= kinds or version < 120
        if cap is None:
            assert viewers[-1].last["status"] == "over"
            assert viewers[-1].last["result"] == replica.result().to_dict()
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_a_seat_handed_to_a_bot_leaks_nothing_and_its_old_token_sees_nothing(sqlite_url: str) -> None:
    """A resignation in a three-player game: the answer, the notice and the new states hold no token, no seed and
    nothing hidden from each viewer; the old token then sees nothing (the bot waits here, so that the position
    stays the one checked)."""
    from starlette.websockets import WebSocketDisconnect

    from meeple.server.app import create_app

    from .conftest import fast_settings

    with TestClient(create_app(fast_settings(sqlite_url, bot_delay=30.0))) as client:
        body = create(client, humans(3))
        gid, tokens = body["id"], [s["token"] for s in body["seats"]]
        rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
        secrets = [*tokens, str(rec.seed), body["host_token"]]
        replica = meeple.new_game("bluemooncity", 3, rec.seed, {})
        rng = Stream(7, 99)
        sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(4)]
        try:
            viewers = [Viewer(ws.__enter__(), seat) for seat, ws in enumerate(sockets[:-1])]
            viewers.append(Viewer(sockets[-1].__enter__(), None))
            for v, token in zip(viewers, [*tokens, None], strict=True):
                v.hello(token)
            for version in range(30):
                for v in viewers:  # everyone has seen the position before the next move is sent
                    v.at(version)
                seat = replica.deciders()[0]
                action = rng.choice(replica.legal_actions(seat))
                viewers[seat].act(action, version, ref=f"a{version}")
                replica.apply(seat, action)
            for v in viewers:
                v.at(30)
            leaver = next(s for s in range(3) if s not in replica.deciders())
            for v in viewers:
                v.messages.clear()
            r = client.post(f"/api/games/{gid}/resign", headers={"Authorization": f"Bearer {tokens[leaver]}"})
            assert r.status_code == 200 and r.json() == {"version": replica.moments(), "outcome": "bot"}
            _check({"type": "resign_answer", **r.json()}, leaver, replica, secrets)
            for v in viewers:
                if v.seat == leaver:  # its socket is closed: the seat is the bot's
                    with pytest.raises(WebSocketDisconnect):
                        while True:
                            v.next()
                    continue
                notice = v.next("notice")
                assert notice["msg"] == "web.resigned_bot_notice" and notice["params"]["seats"] == [leaver]
                state = v.next("state")
                assert state["seats"][leaver]["kind"] == "bot" and state["seats"][leaver]["resigned"] is True
            for v in viewers:
                for msg in v.messages:
                    _check(msg, v.seat, replica, secrets)
            gone = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {tokens[leaver]}"})
            assert gone.status_code == 403 and not any(s in gone.text for s in secrets)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


def test_profiles_tell_nothing_of_a_game_in_play(client: TestClient) -> None:
    """An account's profile, read by the public, by another account and by its owner while its game is played: no
    token, no seed, no view (so no hand), and its game in play for its owner alone."""
    accounts = {}
    for name in ("Ann", "Bob"):
        assert client.post("/api/accounts", json={"name": name, "password": "correct horse"}).status_code == 201
        accounts[name] = client.post("/api/sessions", json={"name": name, "password": "correct horse"}
                                     ).cookies["meeple_session"]
        client.cookies.clear()
    ann = {"cookie": f"meeple_session={accounts['Ann']}"}
    body = client.post("/api/games", json={"game": "bluemooncity", "seats": humans(3)}, headers=ann).json()
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
    replica = meeple.new_game("bluemooncity", 3, rec.seed, {})
    rng = Stream(3, 99)
    for version in range(12):
        seat = replica.deciders()[0]
        action = rng.choice(replica.legal_actions(seat))
        r = client.post(f"/api/games/{gid}/actions", json={"action": action, "version": replica.moments()},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, (version, r.text)
        replica.apply(seat, action)
    secrets = [*tokens, str(rec.seed), body["host_token"], *accounts.values()]
    hands = [json.dumps(v) for _, _, v in replica.rules.hidden_values(replica.state, None) if v]
    for who, headers in (("public", {}), ("Bob", {"cookie": f"meeple_session={accounts['Bob']}"}), ("Ann", ann)):
        answer = client.get("/api/profiles/Ann", headers=headers)
        assert answer.status_code == 200
        _check({"type": "profile", **answer.json()}, None, replica, secrets)
        assert "view" not in answer.text and "legal" not in answer.text and "log" not in answer.text
        assert not any(hand in answer.text for hand in hands if len(hand) > 8), who
        listed = [g["id"] for g in answer.json()["games"]]
        assert listed == ([gid] if who == "Ann" else []), who


def test_an_unrated_game_and_logging_out_leak_nothing(client: TestClient) -> None:
    """The payloads of this round of work: a game's `rated` choice in every summary (the game, the lists, an open
    table, an account's games, the ladder, the profile), the catalogue with the bot levels' ratings, and the close
    of a session's socket when its player logs out hold no token, seed, session (or its hash, which the server
    processes pass each other) nor hidden card."""
    import hashlib

    from starlette.websockets import WebSocketDisconnect

    sessions = {}
    for name in ("Ann", "Bob"):
        assert client.post("/api/accounts", json={"name": name, "password": "correct horse"}).status_code == 201
        sessions[name] = client.post("/api/sessions", json={"name": name, "password": "correct horse"}
                                     ).cookies["meeple_session"]
        client.cookies.clear()
    ann, bob = ({"cookie": f"meeple_session={sessions[n]}"} for n in ("Ann", "Bob"))
    body = client.post("/api/games", json={"game": "bluemooncity", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "open"}], "rated": False}, headers=ann).json()
    gid = body["id"]
    rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
    secrets = [body["seats"][0]["token"], body["host_token"], str(rec.seed), *sessions.values(),
               *(hashlib.sha256(v.encode()).hexdigest() for v in sessions.values())]
    replica = meeple.new_game("bluemooncity", 2, rec.seed, {})  # nobody moves here: the position stays the first
    answers = [client.get("/api/tables")]
    taken = client.post(f"/api/tables/{gid}/seats/1", json={"name": "Bob"}, headers=bob)
    assert taken.status_code == 200, taken.text
    secrets.append(taken.json()["token"])
    answers.append(client.get("/api/tables"))
    start = client.post(f"/api/tables/{gid}/start", headers={"Authorization": f"Bearer {body['host_token']}"})
    assert start.status_code == 200, start.text
    answers += [client.get(f"/api/games/{gid}"), client.get("/api/games"), client.get("/api/ladder/bluemooncity"),
                client.get("/api/accounts/me/games", headers=ann), client.get("/api/accounts/me/games", headers=bob),
                client.get("/api/profiles/Ann", headers=ann), start,
                client.get("/api/catalog")]  # with the named levels' measured ratings of every game
    for answer in answers:
        assert answer.status_code == 200, answer.text
        _check({"type": "answer", "body": answer.json()}, None, replica, secrets)
    assert answers[2].json()["rated"] is False and answers[0].json()[0]["game"]["rated"] is False
    with client.websocket_connect(f"/ws/games/{gid}", headers=ann) as ws:
        viewer = Viewer(ws, 0)
        ws.send_json({"type": "hello", "seat": 0})
        viewer.next("state")
        out = client.delete("/api/sessions", headers=ann)
        assert out.status_code == 204 and not any(s in out.text for s in secrets)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                viewer.next()
    assert closed.value.code == 4403 and not any(s in (closed.value.reason or "") for s in secrets)
    for msg in viewer.messages:
        _check(msg, 0, replica, secrets)
