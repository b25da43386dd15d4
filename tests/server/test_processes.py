"""Several server processes on one PostgreSQL database hear each other's moves through LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import pytest
from websockets.asyncio.client import connect

from meeple.engine.rng import Stream

from .procs import http, start_server


async def _seat(url: str, token: str | None, seen: list[tuple[int, int, int]], rng: Stream | None,
                until: int) -> None:
    """A client on one server: plays its seat (when it has a token) and records every position it is shown."""
    async with connect(url, compression=None, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] not in ("state", "update"):
                continue
            seen.append((msg["since"], msg["version"], len(msg["log"])))
            if msg["version"] >= until or msg["status"] != "active":
                return
            if msg["legal"] and rng is not None:
                action = rng.choice(msg["legal"])
                await ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"]}))


@pytest.mark.postgres
def test_two_processes_share_one_game_live(pg_schema_url: str) -> None:
    with ThreadPoolExecutor(2) as pool:  # started together: they also race to migrate the fresh database
        (one, base_one), (two, base_two) = pool.map(start_server, [pg_schema_url, pg_schema_url])
    try:
        game: dict[str, Any] = http("POST", f"{base_one}/api/games", {
            "game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "human"}]})
        path = f"/ws/games/{game['id']}"
        tokens = [s["token"] for s in game["seats"]]
        until = 30
        seen: list[list[tuple[int, int, int]]] = [[], [], []]

        async def play() -> None:
            await asyncio.wait_for(asyncio.gather(
                _seat(base_one.replace("http", "ws") + path, tokens[0], seen[0], Stream(1, 1), until),
                _seat(base_two.replace("http", "ws") + path, tokens[1], seen[1], Stream(2, 2), until),
                _seat(base_two.replace("http", "ws") + path, None, seen[2], None, until),
            ), 60)

        asyncio.run(play())
        for messages in seen:
            # Each message carries the log lines of every action since the previous one: nothing is missed,
            # even when one message covers two actions made in quick succession on the other server.
            assert messages[0][0] == 0 and messages[-1][1] == until
            for (_, before, _), (since, version, lines) in pairwise(messages):
                assert since == before and lines == version - since
        assert http("GET", f"{base_two}/api/games/{game['id']}")["version"] == until
    finally:
        for proc in (one, two):
            proc.terminate()
            proc.wait(10)


@pytest.mark.postgres
def test_an_undo_on_one_process_reaches_the_clients_of_another(pg_schema_url: str) -> None:
    with ThreadPoolExecutor(2) as pool:
        (one, base_one), (two, base_two) = pool.map(start_server, [pg_schema_url, pg_schema_url])
    try:
        game: dict[str, Any] = http("POST", f"{base_one}/api/games", {
            "game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "human"}]})
        path = f"/ws/games/{game['id']}"
        first = http("GET", f"{base_one}/api/games/{game['id']}")["deciders"][0]
        token = game["seats"][first]["token"]

        async def next_of(ws: Any, kind: str) -> dict[str, Any]:
            while True:
                msg: dict[str, Any] = json.loads(await ws.recv())
                if msg["type"] == kind:
                    return msg

        async def play() -> tuple[dict[str, Any], dict[str, Any]]:
            async with connect(base_one.replace("http", "ws") + path) as mover, \
                    connect(base_two.replace("http", "ws") + path) as watcher:
                await mover.send(json.dumps({"type": "hello", "token": token}))
                await watcher.send(json.dumps({"type": "hello"}))
                state = await next_of(mover, "state")
                await next_of(watcher, "state")
                step = next(a for a in state["legal"] if a.startswith("step"))
                await mover.send(json.dumps({"type": "act", "action": step, "version": 0}))
                moved = await next_of(watcher, "update")
                await mover.send(json.dumps({"type": "undo", "version": 1}))
                back = await next_of(watcher, "state")
                return moved, back

        moved, back = asyncio.run(asyncio.wait_for(play(), 60))
        assert moved["version"] == 1 and back["version"] == 0 and back["log"] == []
        assert http("GET", f"{base_two}/api/games/{game['id']}")["version"] == 0
    finally:
        for proc in (one, two):
            proc.terminate()
            proc.wait(10)


@pytest.mark.postgres
def test_a_seat_handed_to_a_bot_on_one_process_is_a_bot_on_another(pg_schema_url: str) -> None:
    import urllib.request

    from websockets.exceptions import ConnectionClosed

    with ThreadPoolExecutor(2) as pool:
        (one, base_one), (two, base_two) = pool.map(start_server, [pg_schema_url, pg_schema_url])
    try:
        game: dict[str, Any] = http("POST", f"{base_one}/api/games", {
            "game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
        gid = game["id"]
        path = f"/ws/games/{gid}"
        leaver = http("GET", f"{base_one}/api/games/{gid}")["deciders"][0]  # the bot must move at once
        token = game["seats"][leaver]["token"]

        async def next_of(ws: Any, kind: str) -> dict[str, Any]:
            while True:
                msg: dict[str, Any] = json.loads(await ws.recv())
                if msg["type"] == kind:
                    return msg

        def resign() -> Any:
            req = urllib.request.Request(f"{base_one}/api/games/{gid}/resign", b"",
                                         {"authorization": f"Bearer {token}"}, method="POST")
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read())

        async def play() -> tuple[Any, dict[str, Any], dict[str, Any], int | None]:
            async with connect(base_two.replace("http", "ws") + path) as seat, \
                    connect(base_two.replace("http", "ws") + path) as watcher:
                await seat.send(json.dumps({"type": "hello", "token": token}))
                await watcher.send(json.dumps({"type": "hello"}))
                await next_of(seat, "state")
                await next_of(watcher, "state")
                answer = await asyncio.to_thread(resign)
                seats = await next_of(watcher, "state")  # process two read the seats again
                moved = await next_of(watcher, "update")  # and the bot played the seat
                code = None
                try:
                    while True:
                        await seat.recv()
                except ConnectionClosed as exc:
                    code = exc.rcvd.code if exc.rcvd else None
                return answer, seats, moved, code

        answer, seats, moved, code = asyncio.run(asyncio.wait_for(play(), 60))
        assert answer == {"version": 0, "outcome": "bot"}
        assert seats["seats"][leaver]["kind"] == "bot" and seats["seats"][leaver]["resigned"] is True
        assert moved["version"] >= 1 and code == 4403  # the old token's socket there is closed
        summary = http("GET", f"{base_two}/api/games/{gid}")
        assert summary["seats"][leaver]["kind"] == "bot" and summary["status"] == "active"
    finally:
        for proc in (one, two):
            proc.terminate()
            proc.wait(10)
