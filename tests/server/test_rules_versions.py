"""Games stored by the server record the rules version they are played under. A game of an older version goes
through the check of saves of older versions when it is loaded again: replayed when it reaches the same position
(and then goes on under the current rules), refused with the reason otherwise, never silently different."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update
from starlette.websockets import WebSocketDisconnect

from engine.dials import SPEC, Dials
from meeple.engine import registry
from meeple.server.app import create_app
from meeple.server.db import games, make_engine, migrate

from .conftest import fast_settings
from .helpers import create, humans


class DialsV2(Dials):
    """Dials at rules version 2, which replays games of version 1: that version scored a 3 differently."""

    spec = dataclasses.replace(SPEC, version=2, replays=(1,))

    def replay_difference(self, version: int, state: dict[str, Any], last: bool) -> str | None:
        if any(3 in dials for dials in state["revealed"]):
            return "a 3 was revealed, and the scoring of a 3 has changed"
        return None


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: DialsV2())
    yield
    registry.unregister("dials")


def _stored_version(url: str, game_id: str, value: int | None = None) -> int:
    """The rules version stored for a game (after setting it to `value`, as an older server would have stored it)."""
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            if value is not None:
                conn.execute(update(games).where(games.c.id == game_id).values(rules_version=value))
            return int(conn.execute(select(games.c.rules_version).where(games.c.id == game_id)).scalar_one())
    finally:
        engine.dispose()


def _played(client: TestClient, dials: list[int]) -> tuple[str, list[dict[str, Any]]]:
    """A game of two rounds of which the first is played with these dials."""
    body = create(client, humans(2), game="dials", options={"rounds": 2})
    for seat, dial in enumerate(dials):
        r = client.post(f"/api/games/{body['id']}/actions", json={"action": f"dial {dial}", "version": 0},
                        headers={"authorization": f"Bearer {body['seats'][seat]['token']}"})
        assert r.status_code == 200, r.text
    return str(body["id"]), list(body["seats"])


def test_the_migration_gives_games_stored_before_it_rules_version_1(database: str) -> None:
    engine = make_engine(database)
    try:
        migrate(engine, "0001")
        now = time.time()
        with engine.begin() as conn:
            conn.execute(insert(games).values(
                id="old", game="dials", players=2, seed=1, options={"rounds": 1}, version=0, status="active",
                deciders=[0, 1], bot_turn=False, clock=None, deadline=None, result=None, created_at=now,
                updated_at=now))
    except Exception:
        engine.dispose()
        raise
    try:
        migrate(engine)
        with engine.connect() as conn:
            assert conn.execute(select(games.c.rules_version).where(games.c.id == "old")).scalar_one() == 1
    finally:
        engine.dispose()


def test_a_new_game_records_the_current_rules_version(any_client: TestClient, database: str) -> None:
    game_id, _ = _played(any_client, [1, 2])
    assert _stored_version(database, game_id) == 2


def test_a_game_of_an_older_version_that_replays_alike_goes_on_under_the_current_rules(database: str) -> None:
    with TestClient(create_app(fast_settings(database))) as client:
        game_id, seats = _played(client, [1, 2])
    _stored_version(database, game_id, 1)
    with TestClient(create_app(fast_settings(database))) as client:
        state = client.get(f"/api/games/{game_id}/state").json()
        assert state["version"] == 2 and state["view"]["revealed"] == [[1, 2]]
        assert _stored_version(database, game_id) == 2  # replayed alike: it goes on under version 2
        r = client.post(f"/api/games/{game_id}/actions", json={"action": "dial 3", "version": 2},
                        headers={"authorization": f"Bearer {seats[0]['token']}"})
        assert r.status_code == 200, r.text


def test_a_game_of_an_older_version_that_would_play_differently_is_refused_with_the_reason(database: str) -> None:
    with TestClient(create_app(fast_settings(database))) as client:
        game_id, seats = _played(client, [3, 1])
    _stored_version(database, game_id, 1)
    with TestClient(create_app(fast_settings(database))) as client:
        r = client.get(f"/api/games/{game_id}/state")
        assert r.status_code == 409 and r.json()["code"] == "unplayable"
        assert "version 1" in r.json()["detail"] and "a 3 was revealed" in r.json()["detail"]
        r = client.post(f"/api/games/{game_id}/actions", json={"action": "dial 3", "version": 2},
                        headers={"authorization": f"Bearer {seats[0]['token']}"})
        assert r.status_code == 409 and "a 3 was revealed" in r.json()["detail"]
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"type": "hello", "token": seats[0]["token"]})
            error = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert error["code"] == "unplayable" and "a 3 was revealed" in error["message"]
        assert closed.value.code == 4409
        assert client.get(f"/api/games/{game_id}").json()["version"] == 2  # still listed, unchanged
    assert _stored_version(database, game_id) == 1


def test_a_game_of_a_version_these_rules_cannot_replay_is_refused(client: TestClient, sqlite_url: str) -> None:
    game_id, _ = _played(client, [1, 2])
    _stored_version(sqlite_url, game_id, 7)
    client.app.state.hub.rooms.clear()  # type: ignore[attr-defined]
    r = client.get(f"/api/games/{game_id}/state")
    assert r.status_code == 409 and "version 7" in r.json()["detail"]
