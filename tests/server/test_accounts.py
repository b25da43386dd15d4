"""Accounts (optional) and the ladder: Argon2 hashes, server-side sessions in an HttpOnly cookie that logging out
revokes, login limits (401, then 429), cross-site requests with the session refused, nothing secret in the logs, and
OpenSkill ratings of accounts and bot levels after rated games."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from engine.dials import Dials
from meeple.engine import registry
from meeple.server.app import create_app
from meeple.server.db import accounts, sessions

from .conftest import fast_settings

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def _account(client: TestClient, name: str) -> str:
    """Open an account and log in; the session cookie's value (the client keeps no cookie)."""
    assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    r = client.post("/api/sessions", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    value = r.cookies["meeple_session"]
    client.cookies.clear()
    return str(value)


def _with(value: str, **extra: str) -> dict[str, str]:
    return {"cookie": f"meeple_session={value}", **extra}


def test_a_session_is_an_httponly_cookie_kept_on_the_server_and_revoked_by_logging_out(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    assert client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    r = client.post("/api/sessions", json={"name": "ann", "password": PASSWORD})  # names compare without case
    assert r.status_code == 200 and r.json() == {"name": "Ann"}
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie and "Secure" not in cookie
    value = r.cookies["meeple_session"]
    client.cookies.clear()
    assert client.get("/api/sessions", headers=_with(value)).json() == {"name": "Ann"}
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.store.engine.connect() as conn:
        stored = conn.execute(select(accounts.c.password_hash)).scalar_one()
        ids = conn.execute(select(sessions.c.id_hash)).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert value not in ids  # only its hash is kept
    assert client.delete("/api/sessions", headers=_with(value)).status_code == 204
    r = client.get("/api/sessions", headers=_with(value))  # the same cookie, sent again after logging out
    assert r.status_code == 401 and r.json()["code"] == "no_session"
    assert PASSWORD not in caplog.text and value not in caplog.text


def test_an_expired_session_is_refused(client: TestClient) -> None:
    value = _account(client, "Ann")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.store.engine.begin() as conn:
        conn.execute(update(sessions).values(expires_at=time.time() - 1))
    assert client.get("/api/sessions", headers=_with(value)).status_code == 401


def test_bad_accounts_and_logins_are_refused_clearly(client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    taken = client.post("/api/accounts", json={"name": "ANN", "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    assert client.post("/api/accounts", json={"name": "Bob", "password": "short"}).status_code == 422
    wrong = client.post("/api/sessions", json={"name": "Ann", "password": "not it at all"})
    assert wrong.status_code == 401 and wrong.json()["code"] == "bad_login" and "set-cookie" not in wrong.headers
    nobody = client.post("/api/sessions", json={"name": "Nobody", "password": PASSWORD})
    assert nobody.status_code == 401 and nobody.json()["detail"] == wrong.json()["detail"]


def test_a_login_brute_force_meets_429(sqlite_url: str) -> None:
    # An hour's window: the limiter's sliding window weighs the last window's count by the time left of it, so
    # attempts that straddle a window's end could count as fewer than they are (a minute's window did, at random).
    with TestClient(create_app(fast_settings(sqlite_url, login_rate="3/hour"))) as client:
        assert client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        codes = [client.post("/api/sessions", json={"name": "Ann", "password": f"guess {i}..."}).status_code
                 for i in range(3)]
        right = client.post("/api/sessions", json={"name": "Ann", "password": PASSWORD})
    assert codes == [401, 401, 401]
    assert right.status_code == 429 and right.json()["code"] == "rate_limited" and "retry-after" in right.headers


def test_a_cross_site_request_with_the_session_is_refused(client: TestClient) -> None:
    value = _account(client, "Ann")
    body = {"game": "dials", "seats": [{"kind": "human"}, {"kind": "human"}]}
    forged = client.post("/api/games", json=body, headers=_with(value, origin="https://evil.example"))
    assert forged.status_code == 403 and forged.json()["code"] == "bad_origin"
    fetched = client.post("/api/games", json=body, headers=_with(value, **{"sec-fetch-site": "cross-site"}))
    assert fetched.status_code == 403
    out = client.delete("/api/sessions", headers=_with(value, origin="https://evil.example"))
    assert out.status_code == 403 and client.get("/api/sessions", headers=_with(value)).status_code == 200
    own = client.post("/api/games", json=body, headers=_with(value, origin="http://testserver"))
    assert own.status_code == 201
    anonymous = client.post("/api/games", json=body, headers={"origin": "https://evil.example"})
    assert anonymous.status_code == 201  # no session at stake: seat tokens are never cookies
    assert client.get("/api/games").json()[0]["id"] == anonymous.json()["id"]


def _dial_game(client: TestClient, host: str, seats: list[dict[str, Any]], guest: str | None = None,
               **extra: Any) -> str:
    created = client.post("/api/games", json={"game": "dials", "seats": seats, **extra}, headers=_with(host)).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    if guest is not None:
        taken = client.post(f"/api/tables/{gid}/seats/1", json={"name": "Bob"}, headers=_with(guest))
        assert taken.status_code == 200, taken.text
        tokens[1] = taken.json()["token"]
        started = client.post(f"/api/tables/{gid}/start", headers={"Authorization": f"Bearer {created['host_token']}"})
        assert started.status_code == 200, started.text
    for seat, token in enumerate(tokens):
        if token is not None:
            r = client.post(f"/api/games/{gid}/actions", json={"action": f"dial {3 - seat}", "version": 0},
                            headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, r.text
    deadline = time.time() + 10
    while client.get(f"/api/games/{gid}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.02)
    return gid


def _ladder(client: TestClient, entries: int) -> list[dict[str, Any]]:
    deadline = time.time() + 10
    while True:
        rungs: list[dict[str, Any]] = client.get("/api/ladder/dials").json()
        if len(rungs) >= entries and sum(r["games"] for r in rungs) >= 2 * (entries - 1):
            return rungs
        assert time.time() < deadline, rungs
        time.sleep(0.05)


def test_rated_games_put_accounts_and_bot_levels_on_the_ladder(client: TestClient) -> None:
    ann, bob = _account(client, "Ann"), _account(client, "Bob")
    assert client.get("/api/ladder/dials").json() == []
    assert client.get("/api/ladder/nope").status_code == 404
    _dial_game(client, ann, [{"kind": "human"}, {"kind": "human"}])  # seat 2 is nobody's account: not rated
    _dial_game(client, ann, [{"kind": "human", "name": "Ann"}, {"kind": "open"}], guest=bob)
    rungs = _ladder(client, 2)
    assert [r["name"] for r in rungs] == ["Ann", "Bob"]  # Ann dialled 3 against Bob's 2 and won
    assert all(r["games"] == 1 and r["provisional"] and r["kind"] == "account" for r in rungs)
    assert rungs[0]["rating"] > rungs[1]["rating"]
    _dial_game(client, bob, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    rungs = _ladder(client, 3)
    assert {r["player"] for r in rungs} == {"account:1", "account:2", "bot:random"}
    assert next(r for r in rungs if r["name"] == "Bob")["games"] == 2


def test_a_game_created_unrated_never_counts_on_the_ladder(database: str) -> None:
    with TestClient(create_app(fast_settings(database))) as client:
        ann, bob = _account(client, "Ann"), _account(client, "Bob")
        assert client.post("/api/games", json={"game": "dials", "seats": [{"kind": "human"}, {"kind": "human"}],
                                               "rated": "no"}).status_code == 422
        unrated = _dial_game(client, ann, [{"kind": "human"}, {"kind": "open"}], guest=bob, rated=False)
        summary = client.get(f"/api/games/{unrated}").json()
        assert summary["status"] == "over" and summary["rated"] is False
        # Finished, every seat an account: it would be rated but for the creator's choice, and stays off the ladder.
        time.sleep(0.3)
        assert client.get("/api/ladder/dials").json() == []
        rated = _dial_game(client, ann, [{"kind": "human"}, {"kind": "open"}], guest=bob)  # rated by default
        assert client.get(f"/api/games/{rated}").json()["rated"] is True
        assert [r["games"] for r in _ladder(client, 2)] == [1, 1]


def test_a_rematch_keeps_the_games_rated_choice(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "dials", "seats": [{"kind": "human"}, {"kind": "bot",
                                                                                           "level": "random"}],
                                              "rated": False}).json()
    gid, token = created["id"], created["seats"][0]["token"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": "dial 3", "version": 0},
                    headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    deadline = time.time() + 10
    while client.get(f"/api/games/{gid}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.02)
    again = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 200, again.text
    assert client.get(f"/api/games/{again.json()['game_id']}").json()["rated"] is False


def test_over_tls_the_session_cookie_is_secure(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url)), base_url="https://testserver") as client:
        client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        r = client.post("/api/sessions", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 200 and "Secure" in r.headers["set-cookie"] and "HttpOnly" in r.headers["set-cookie"]


def test_an_accounts_seat_opens_with_its_session_and_closes_when_it_ends(client: TestClient,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.websockets import WebSocketDisconnect

    from meeple.server import accounts as accounts_module

    from .helpers import Viewer

    ann, bob = _account(client, "Ann"), _account(client, "Bob")
    created = client.post("/api/games", json={"game": "dials", "seats": [{"kind": "human"}, {"kind": "human"}]},
                          headers=_with(ann)).json()
    gid = created["id"]
    mine = client.get("/api/accounts/me/games", headers=_with(ann)).json()
    assert [(g["id"], g["your_seat"]) for g in mine] == [(gid, 0)]
    assert client.get("/api/accounts/me/games", headers=_with(bob)).json() == []
    with client.websocket_connect(f"/ws/games/{gid}", headers=_with(bob)) as ws, \
            pytest.raises(WebSocketDisconnect) as info:
        ws.send_json({"type": "hello", "seat": 0})  # Bob's session does not hold Ann's seat
        ws.receive_json()
    assert info.value.code == 4403
    with client.websocket_connect(f"/ws/games/{gid}", headers=_with(ann)) as ws:
        assert Viewer(ws, None).hello(None)["seat"] is None  # without a seat in the hello: a spectator
    with client.websocket_connect(f"/ws/games/{gid}", headers=_with(ann)) as ws:
        ws.send_json({"type": "hello", "seat": 0})
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] == 0 and state["legal"]
        assert client.delete("/api/sessions", headers=_with(ann)).status_code == 204  # logging out elsewhere
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                ws.receive_json()
    assert info.value.code == 4403
    monkeypatch.setattr(accounts_module, "SESSION_DAYS", 1 / 86_400)  # a session of one second
    login = client.post("/api/sessions", json={"name": "Ann", "password": PASSWORD})
    assert login.status_code == 200, login.text
    short = login.headers["set-cookie"].split(";")[0].split("=", 1)[1]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/games/{gid}", headers=_with(str(short))) as ws:
        ws.send_json({"type": "hello", "seat": 0})
        assert ws.receive_json()["seat"] == 0
        time.sleep(1.2)
        ws.send_json({"type": "act", "action": "dial 1", "version": 0, "ref": "late"})
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                msg = ws.receive_json()
                if msg["type"] == "rejected":
                    assert msg["code"] == "expired" and msg["ref"] == "late"
    assert info.value.code == 4403
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_another_sites_page_cannot_open_an_accounts_seat(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    ann = _account(client, "Ann")
    created = client.post("/api/games", json={"game": "dials", "seats": [{"kind": "human"}, {"kind": "human"}]},
                          headers=_with(ann)).json()
    with client.websocket_connect(f"/ws/games/{created['id']}", headers=_with(ann, origin="https://evil.example")) \
            as ws, pytest.raises(WebSocketDisconnect) as info:
        ws.send_json({"type": "hello", "seat": 0})
        ws.receive_json()
    assert info.value.code == 4403
    with client.websocket_connect(f"/ws/games/{created['id']}", headers=_with(ann, origin="http://testserver")) as ws:
        ws.send_json({"type": "hello", "seat": 0})
        assert ws.receive_json()["seat"] == 0
