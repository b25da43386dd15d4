"""Chat at each table: lines from seats and spectators reach everyone as plain text, limits and refusals, the host's
rules (spectators off, muted seats), lines kept with the game (after a restart, in the replay)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _table(client: TestClient, gid: str, tokens: list[str | None]) -> tuple[list[Any], list[Viewer]]:
    sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in tokens]
    viewers = []
    for i, (ws, token) in enumerate(zip(sockets, tokens, strict=True)):
        viewer = Viewer(ws.__enter__(), i if token else None)
        viewer.hello(token)
        viewer.next("chat_log")
        viewers.append(viewer)
    return sockets, viewers


def _close(sockets: list[Any]) -> None:
    for ws in sockets:
        ws.__exit__(None, None, None)


def _say(viewer: Viewer, text: Any) -> None:
    viewer.ws.send_json({"type": "chat", "text": text})


def test_seats_and_spectators_chat_and_everyone_reads_plain_text(any_client: TestClient) -> None:
    client = any_client
    created = create(client, humans(2))
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    sockets, (ann, bob, watcher) = _table(client, gid, [*tokens, None])
    try:
        markup = "<script>alert('x')</script> <b>hi</b>\x00\u202e"
        _say(ann, markup)
        lines = [v.next("chat")["line"] for v in (ann, bob, watcher)]
        _say(watcher, "go Bob")
        seen = [v.next("chat")["line"] for v in (ann, bob, watcher)]
    finally:
        _close(sockets)
    assert all(line == lines[0] for line in lines)
    assert lines[0]["seat"] == 0 and lines[0]["spectator"] is False and lines[0]["version"] == 0
    assert lines[0]["text"] == "<script>alert('x')</script> <b>hi</b>"  # as said, control characters dropped
    assert all(line["seat"] is None and line["spectator"] is True and line["text"] == "go Bob" for line in seen)
    assert all(token not in str(v.messages) for v in (ann, bob, watcher) for token in tokens[1:] if v.seat != 1)


def test_bad_lines_are_refused_and_nothing_is_kept(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url, chat_length=10, chat_rate="3/minute"))) as client:
        created = create(client, humans(2))
        gid, token = created["id"], created["seats"][0]["token"]
        sockets, (ann,) = _table(client, gid, [token])
        try:
            codes = []
            for text in ("x" * 11, "   ", 7, None, "\x01\x02"):
                _say(ann, text)
                codes.append(ann.next("error")["code"])
            for text in ("a", "b", "c", "d"):
                _say(ann, text)
            said = [ann.next("chat", "error") for _ in range(4)]
        finally:
            _close(sockets)
    assert codes == ["too_long", "bad_chat", "bad_chat", "bad_chat", "bad_chat"]
    assert [m.get("line", {}).get("text") for m in said[:3]] == ["a", "b", "c"]
    assert said[3]["type"] == "error" and said[3]["code"] == "rate_limited" and said[3]["retry_after"] >= 1


def test_the_host_mutes_a_seat_and_turns_the_spectators_off(client: TestClient) -> None:
    created = create(client, humans(2))
    gid, tokens, host = created["id"], [s["token"] for s in created["seats"]], created["host_token"]
    sockets, (ann, bob, watcher) = _table(client, gid, [*tokens, None])
    try:
        auth = {"Authorization": f"Bearer {host}"}
        assert client.post(f"/api/games/{gid}/chat", json={"muted": [1]},
                           headers={"Authorization": f"Bearer {tokens[0]}"}).status_code == 403
        assert client.post(f"/api/games/{gid}/chat", json={"muted": [5]}, headers=auth).status_code == 400
        assert client.post(f"/api/games/{gid}/chat", json={"loud": True}, headers=auth).status_code == 422
        r = client.post(f"/api/games/{gid}/chat", json={"muted": [1], "spectators": "off"}, headers=auth)
        assert r.status_code == 200 and r.json() == {"game_id": gid, "spectators": "off", "muted": [1]}
        rules = [v.next("chat_rules") for v in (ann, bob, watcher)]
        _say(bob, "let me speak")
        muted = bob.next("error")
        _say(watcher, "and me")
        off = watcher.next("error")
        _say(ann, "quiet now")
        heard = watcher.next("chat")
        assert ann.next("chat")["line"]["text"] == "quiet now"  # her own line comes back to her too
        client.post(f"/api/games/{gid}/chat", json={"muted": []}, headers=auth)
        bob.next("chat_rules")
        _say(bob, "thanks")
        back = ann.next("chat")
    finally:
        _close(sockets)
    assert all(r["muted"] == [1] and r["spectators"] == "off" for r in rules)
    assert muted["code"] == "muted" and off["code"] == "chat_off"
    assert heard["line"]["text"] == "quiet now" and back["line"]["text"] == "thanks"


def test_lines_are_kept_with_the_game_and_shown_in_the_replay(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        created = create(client, humans(2))
        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
        seat = client.get(f"/api/games/{gid}").json()["deciders"][0]
        sockets, viewers = _table(client, gid, tokens)
        try:
            _say(viewers[0], "good luck")
            assert [v.next("chat")["line"]["text"] for v in viewers] == ["good luck", "good luck"]
            legal = client.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
            viewers[seat].act(legal["legal"][0], 0)
            viewers[1].at(1)
            _say(viewers[1], "nice move")
            # told back to everyone once stored: only then may the server stop
            assert [v.next("chat")["line"]["text"] for v in viewers] == ["nice move", "nice move"]
        finally:
            _close(sockets)
    with TestClient(create_app(fast_settings(sqlite_url))) as client:  # a restart keeps them
        sockets, (watcher,) = _table(client, gid, [None])
        _close(sockets)
        log = next(m for m in watcher.messages if m["type"] == "chat_log")
        assert [line["text"] for line in log["lines"]] == ["good luck", "nice move"]
        assert log["spectators"] == "apart" and log["muted"] == []
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.store.store.engine.dispose()
        from sqlalchemy import update

        from meeple.server.db import games

        with hub.store.store.engine.begin() as conn:  # finish the game by hand: replays are of finished games
            conn.execute(update(games).where(games.c.id == gid).values(status="over"))
        at0 = client.get(f"/api/games/{gid}/replay?at=0").json()
        at1 = client.get(f"/api/games/{gid}/replay?at=1").json()
    assert [line["text"] for line in at0["chat"]] == ["good luck"]
    assert [line["text"] for line in at1["chat"]] == ["good luck", "nice move"]


def test_a_server_without_chat_refuses_lines_and_sends_no_log(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url, chat=False))) as client:
        created = create(client, humans(2))
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
            viewer = Viewer(ws, 0)
            viewer.hello(created["seats"][0]["token"])
            _say(viewer, "hello?")
            refused = viewer.next("error")
    assert refused["code"] == "chat_off"
    assert not [m for m in viewer.messages if m["type"].startswith("chat")]


def test_a_line_said_on_one_server_reaches_the_clients_of_another(pg_schema_url: str) -> None:
    with TestClient(create_app(fast_settings(pg_schema_url))) as one, \
            TestClient(create_app(fast_settings(pg_schema_url))) as two:
        created = create(one, humans(2))
        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
        here, (ann,) = _table(one, gid, [tokens[0]])
        there, (bob,) = _table(two, gid, [tokens[1]])
        try:
            _say(ann, "can you hear me?")
            heard = bob.next("chat")
        finally:
            _close(here + there)
    assert heard["line"]["text"] == "can you hear me?" and heard["line"]["seat"] == 0
