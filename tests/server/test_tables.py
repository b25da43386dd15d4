"""Open tables: a game with open seats is listed until it starts or expires; anyone takes a free seat; the host starts
it when it is full or fills the free seats with bots; nothing moves before it starts; no listing shows a secret."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app

from .conftest import fast_settings
from .helpers import Viewer, create


def _open_table(client: TestClient, opens: int = 1, **extra: Any) -> dict[str, Any]:
    return create(client, [{"kind": "human", "name": "Ann"}] + [{"kind": "open"}] * opens, **extra)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_an_open_table_is_listed_and_nothing_moves_before_it_starts(client: TestClient) -> None:
    created = _open_table(client, 2, clock={"mode": "game", "seconds": 600, "on_timeout": "forfeit"})
    gid = created["id"]
    assert [s["token"] is None for s in created["seats"]] == [False, True, True]
    tables = client.get("/api/tables").json()
    assert len(tables) == 1
    table = tables[0]
    assert table["game"]["id"] == gid and table["game"]["status"] == "open" and table["free"] == [1, 2]
    assert table["host"] == "Ann" and table["game"]["clock"]["left"] == [600, 600, 600]
    assert table["expires"] > time.time() + 23 * 3600
    rec = client.app.state.hub.store.store.get(gid)  # type: ignore[attr-defined]
    text = json.dumps(tables)
    assert created["seats"][0]["token"] not in text and created["host_token"] not in text and str(rec.seed) not in text
    state = client.get(f"/api/games/{gid}/state", headers=_auth(created["seats"][0]["token"])).json()
    assert state["status"] == "open" and state["legal"] == []
    if 0 in state["deciders"]:
        r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "version": 0},
                        headers=_auth(created["seats"][0]["token"]))
        assert r.status_code == 400 and r.json()["code"] == "not_started"
    assert client.get(f"/api/games/{gid}").json()["clock"]["running"] == []  # no clock runs


def test_players_take_free_seats_and_the_host_starts_the_full_table(client: TestClient) -> None:
    created = _open_table(client, 1)
    gid = created["id"]
    assert client.post(f"/api/tables/{gid}/seats/1", json={"name": "  "}).status_code == 422  # no visible character
    assert client.post("/api/tables/nope/seats/1", json={"name": "Bob"}).status_code == 404
    with client.websocket_connect(f"/ws/games/{gid}") as ws:  # the host waits at the table
        host = Viewer(ws, 0)
        assert host.hello(created["seats"][0]["token"])["status"] == "open"
        r = client.post(f"/api/tables/{gid}/seats/1", json={"name": "Bob"})
        assert r.status_code == 200, r.text
        bob = r.json()
        assert bob["seat"] == 1 and bob["invite"].endswith(f"#token={bob['token']}")
        again = client.post(f"/api/tables/{gid}/seats/1", json={"name": "Eve"})
        assert again.status_code == 409 and again.json()["code"] == "not_free"
        assert client.post(f"/api/tables/{gid}/seats/0", json={"name": "Eve"}).status_code == 409  # not open
        assert client.get("/api/tables").json()[0]["free"] == []
        refused = client.post(f"/api/tables/{gid}/start", headers=_auth(bob["token"]))
        assert refused.status_code == 403
        started = client.post(f"/api/tables/{gid}/start", headers=_auth(created["host_token"]))
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "active" and started.json()["seats"][1]["name"] == "Bob"
        joined = host.next("state")  # Bob took his seat: the table is told
        state = host.next("state")  # and it started
    assert joined["status"] == "open" and joined["seats"][1]["name"] == "Bob"
    assert state["status"] == "active" and state["seats"][1]["name"] == "Bob"
    assert client.get("/api/tables").json() == []
    mover = state["deciders"][0]
    token = created["seats"][0]["token"] if mover == 0 else bob["token"]
    legal = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()["legal"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": legal[0], "version": 0}, headers=_auth(token))
    assert r.status_code == 200, r.text
    again = client.post(f"/api/tables/{gid}/start", headers=_auth(created["host_token"]))
    assert again.status_code == 409 and again.json()["code"] == "not_open"


def test_the_host_fills_the_free_seats_with_bots(client: TestClient) -> None:
    created = _open_table(client, 1)
    gid = created["id"]
    r = client.post(f"/api/tables/{gid}/start", headers=_auth(created["host_token"]))
    assert r.status_code == 409 and r.json()["code"] == "not_full"
    bad = client.post(f"/api/tables/{gid}/start", json={"fill": "genius"}, headers=_auth(created["host_token"]))
    assert bad.status_code == 400 and bad.json()["code"] == "bad_level"
    r = client.post(f"/api/tables/{gid}/start", json={"fill": "random"}, headers=_auth(created["host_token"]))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["kind"] == "bot" and r.json()["seats"][1]["level"] == "random"
    token = created["seats"][0]["token"]
    deadline = time.time() + 20
    while True:  # the bot plays its turns; the person plays theirs
        state = client.get(f"/api/games/{gid}/state", headers=_auth(token)).json()
        if state["version"] >= 6 or state["status"] != "active":
            break
        if state["legal"]:
            client.post(f"/api/games/{gid}/actions", json={"action": state["legal"][0], "version": state["version"]},
                        headers=_auth(token))
        assert time.time() < deadline, "the game did not go on"
        time.sleep(0.05)
    assert state["version"] >= 6


@pytest.mark.timeout(60)
def test_a_table_nobody_fills_expires(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url, table_hours=0.5 / 3600))) as client:
        created = _open_table(client, 1)
        gid = created["id"]
        assert len(client.get("/api/tables").json()) == 1
        time.sleep(0.6)
        assert client.get("/api/tables").json() == []  # past its time it is listed no more
        from meeple.server import tables

        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.portal.call(tables.sweep, hub)  # type: ignore[union-attr]
        assert client.get(f"/api/games/{gid}").json()["status"] == "expired"
        r = client.post(f"/api/tables/{gid}/seats/1", json={"name": "Bob"})
        assert r.status_code == 409 and r.json()["code"] == "not_free"
