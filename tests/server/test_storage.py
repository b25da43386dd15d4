"""Storage on SQLite and PostgreSQL: migrations, the version guard, the log as the truth, restarts."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from meeple.server.app import create_app
from meeple.server.store import ActionRecord, AsyncStore, GameRecord, SeatRecord, Store, Write

from .conftest import fast_settings
from .helpers import Viewer, create, humans


def _record(game_id: str) -> GameRecord:
    now = time.time()
    return GameRecord(game_id, "bluemooncity", 2, 5, {}, 0, "active", [0], False, None, None, None, now, now,
                      [SeatRecord(0, "human", None, "Ann"), SeatRecord(1, "bot", "greedy")])


def _write(game_id: str, expect: int, action: str = "end") -> Write:
    return Write(game_id, expect, expect + 1, "active", [0], False, None, None, None,
                 ActionRecord(expect + 1, 0, action, "human", f"r{expect}", time.time()))


def test_migrations_create_the_schema_and_are_idempotent(database: str) -> None:
    store = Store(database)
    store.migrate()
    store.migrate()
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "seats", "actions", "alembic_version"} <= tables
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0009"
    columns = {c["name"] for c in inspect(store.engine).get_columns("games")}
    assert {"host_hash", "rematch", "rematch_of", "moves", "chat", "rated"} <= columns  # 0003-0006, 0009 (rated)
    assert {"chat", "accounts", "sessions", "ratings", "mail"} <= tables  # 0006 (chat), 0007 (accounts, ladder, mail)
    assert "resigned_at" in {c["name"] for c in inspect(store.engine).get_columns("seats")}  # 0008 (resigned seats)
    store.close()


def test_the_version_guard_lets_exactly_one_writer_append_each_action(database: str) -> None:
    store = Store(database)
    store.migrate()
    store.create(_record("g1"), {0: "h" * 64})
    assert store.write_batch([_write("g1", 0, "step c2"), _write("g1", 0, "end"), _write("g1", 1)]) == [
        True, False, True]
    assert [(a.seq, a.action) for a in store.actions_of("g1")] == [(1, "step c2"), (2, "end")]
    rec = store.get("g1")
    assert rec is not None and rec.version == 2 and [s.name for s in rec.seats] == ["Ann", None]
    assert store.seat_of_token("h" * 64) == ("g1", 0, None)
    store.close()


def test_a_failed_batch_is_rolled_back_whole_and_the_next_one_is_stored(database: str) -> None:
    store = Store(database)
    store.migrate()
    store.create(_record("g3"), {})
    clash = Write("g3", 1, 2, "active", [0], False, None, None, None, ActionRecord(1, 0, "end", "human", None, 0.0))
    with pytest.raises(Exception):  # noqa: B017 - the driver's own integrity error
        store.write_batch([_write("g3", 0, "step c2"), clash])  # action 1 a second time: the key refuses it
    assert store.actions_of("g3") == [] and store.get("g3").version == 0  # type: ignore[union-attr]
    assert store.write_batch([_write("g3", 0, "step c2"), _write("g3", 1)]) == [True, True]
    assert [a.seq for a in store.actions_of("g3")] == [1, 2]
    store.close()


def test_two_processes_racing_for_one_position_get_one_win_and_one_conflict(database: str) -> None:
    one, two = Store(database), Store(database)
    one.migrate()
    one.create(_record("g2"), {})

    async def race() -> list[object]:
        a, b = AsyncStore(one), AsyncStore(two)
        try:
            return await asyncio.gather(a.write(_write("g2", 0, "step c2")), b.write(_write("g2", 0, "end")),
                                        return_exceptions=True)
        finally:
            await a.close()
            await b.close()

    outcome = asyncio.run(race())
    assert sorted(type(x).__name__ for x in outcome) == ["Conflict", "NoneType"]
    assert len(Store(database).actions_of("g2")) == 1


def test_a_game_resumes_from_its_log_after_a_restart(database: str) -> None:
    with TestClient(create_app(fast_settings(database))) as client:
        body = create(client, humans(2))
        gid, tokens = body["id"], [s["token"] for s in body["seats"]]
        with client.websocket_connect(f"/ws/games/{gid}") as a, client.websocket_connect(f"/ws/games/{gid}") as b:
            viewers = [Viewer(a, 0), Viewer(b, 1)]
            states = [v.hello(t) for v, t in zip(viewers, tokens, strict=True)]
            state = states[0]
            for version in range(12):
                mover = state["deciders"][0]
                legal = viewers[mover].at(version)["legal"]
                viewers[mover].act(legal[len(legal) // 2], version)
                state = viewers[0].at(version + 1)
            before = [v.at(12) for v in viewers]
    with TestClient(create_app(fast_settings(database))) as client, client.websocket_connect(f"/ws/games/{gid}") as ws:
        after = Viewer(ws, 1).hello(tokens[1])
    assert after["version"] == 12
    assert after["view"] == before[1]["view"] and after["legal"] == before[1]["legal"]


def test_a_batch_of_many_games_is_applied_in_order_with_its_conflicts(database: str) -> None:
    store = Store(database)
    store.migrate()
    for game_id in ("m1", "m2", "m3"):
        store.create(_record(game_id), {})
    clock = {"mode": "move", "seconds": 60.0, "left": {"0": 59.5}, "auto": [], "on_timeout": "bot", "bot": "greedy"}
    timed = Write("m3", 0, 1, "active", [1], True, clock, 1234.5, None,
                  ActionRecord(1, 0, "step c2", "human", None, 5.0))
    batch = [_write("m1", 0, "step c2"), _write("m2", 4), timed, _write("m1", 1), _write("m1", 1), _write("m2", 0)]
    assert store.write_batch(batch) == [True, False, True, True, False, True]
    assert [(a.seq, a.action) for a in store.actions_of("m1")] == [(1, "step c2"), (2, "end")]
    assert [a.seq for a in store.actions_of("m2")] == [1]
    rec = store.get("m3")
    assert rec is not None and (rec.version, rec.deciders, rec.bot_turn, rec.clock, rec.deadline) == (
        1, [1], True, clock, 1234.5)
    finished = Write("m3", 1, 1, "over", [], False, None, None, {"winners": [0]}, None)
    assert store.write_batch([finished]) == [True]
    assert store.write_batch([_write("m3", 1)]) == [False]  # a finished game takes no more moves
    assert store.get("m3").result == {"winners": [0]}  # type: ignore[union-attr]
    store.close()


def test_rounds_keep_each_games_writes_in_order() -> None:
    from meeple.server.store import _rounds

    batch = [_write("a", 0), _write("b", 0), _write("a", 1), _write("c", 0), _write("a", 2), _write("b", 1)]
    rounds = _rounds(batch)
    assert [[(w.game_id, w.expect_version) for w in part] for part in rounds] == [
        [("a", 0), ("b", 0), ("c", 0)], [("a", 1), ("b", 1)], [("a", 2)]]
