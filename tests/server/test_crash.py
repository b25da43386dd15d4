"""Kill the server (SIGKILL) in the middle of many games and restart it: no accepted action is lost.

Runs real `meeple serve` processes with real WebSocket clients, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from meeple.engine.rng import Stream
from meeple.server.config import database_url

from .procs import http as _http
from .procs import start_server

GAMES = 12


async def _play(base: str, gid: str, seat: int, token: str, acked: list[tuple[int, str]], until: int | None) -> int:
    """Play random legal moves for one seat until position `until`; record every acknowledged action."""
    rng = Stream(seat, int.from_bytes(gid.encode()[:4], "big"))
    made = 0
    async with connect(f"{base.replace('http', 'ws')}/ws/games/{gid}", compression=None, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: dict[str, tuple[int, str]] = {}
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] not in ("state", "update"):
                continue
            if msg.get("ack") in pending:
                acked.append(pending.pop(msg["ack"]))
                made += 1
            if msg["status"] != "active" or (until is not None and msg["version"] >= until):
                return msg["version"]
            if msg["legal"]:
                action = rng.choice(msg["legal"])
                ref = f"{seat}-{msg['version']}"
                pending[ref] = (msg["version"] + 1, action)
                await ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"], "ref": ref}))
    return made


async def _crowd(base: str, tables: list[dict[str, Any]], acked: dict[str, list[tuple[int, str]]],
                 until: dict[str, int] | None, seconds: float | None) -> list[Any]:
    tasks = [asyncio.create_task(_play(base, t["id"], s["seat"], s["token"], acked[t["id"]],
                                       until[t["id"]] if until else None))
             for t in tables for s in t["seats"] if s["kind"] == "human"]
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    for task in pending:
        task.cancel()
    return [t.result() for t in done if not t.exception()]


@pytest.mark.slow
def test_sigkill_loses_no_accepted_action_and_every_game_goes_on(database: str) -> None:
    url = database_url(database)
    proc, base = start_server(url)
    try:
        tables = [_http("POST", f"{base}/api/games", {"game": "bluemooncity", "seats": [
            {"kind": "human"}, {"kind": "human"}]}) for _ in range(GAMES)]
        tables += [_http("POST", f"{base}/api/games", {"game": "bluemooncity", "seats": [
            {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}) for _ in range(2)]
        acked: dict[str, list[tuple[int, str]]] = {t["id"]: [] for t in tables}

        async def until_killed() -> None:
            task = asyncio.create_task(_crowd(base, tables, acked, None, None))
            # Kill once the crowd is well under way (a loaded machine gets there later than an idle one).
            deadline = time.monotonic() + 30.0
            while sum(len(v) for v in acked.values()) <= 60 and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            os.kill(proc.pid, signal.SIGKILL)  # no chance to flush or shut down
            await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 20)

        asyncio.run(until_killed())
    finally:
        proc.kill()
        proc.wait()
    total = sum(len(v) for v in acked.values())
    assert total > 50, "the clients hardly played before the kill"
    engine = create_engine(url)
    with engine.connect() as conn:
        for gid, moves in acked.items():
            stored = dict(conn.execute(text("SELECT seq, action FROM actions WHERE game_id = :g"), {"g": gid}).all())
            for seq, action in moves:
                assert stored.get(seq) == action, f"game {gid}: accepted action {seq} {action!r} was lost"
    versions = {t["id"]: _stored_version(engine, t["id"]) for t in tables}
    engine.dispose()
    bot_versions = {t["id"]: versions[t["id"]] for t in tables[GAMES:]}

    proc, base = start_server(url)
    try:
        humans = tables[:GAMES]
        after: dict[str, list[tuple[int, str]]] = {t["id"]: [] for t in humans}
        until = {t["id"]: versions[t["id"]] + 6 for t in humans}
        asyncio.run(_crowd(base, humans, after, until, 60))
        for t in humans:
            summary = _http("GET", f"{base}/api/games/{t['id']}")
            assert summary["status"] == "over" or summary["version"] >= until[t["id"]], summary
            assert [seq for seq, _ in after[t["id"]]] == list(range(versions[t["id"]] + 1, summary["version"] + 1))
        deadline = time.time() + 20
        while time.time() < deadline:
            now = {gid: _http("GET", f"{base}/api/games/{gid}") for gid in bot_versions}
            if all(s["version"] > bot_versions[g] or s["status"] == "over" for g, s in now.items()):
                break
            time.sleep(0.2)
        assert all(s["version"] > bot_versions[g] or s["status"] == "over" for g, s in now.items())
    finally:
        proc.terminate()
        proc.wait(10)


def _stored_version(engine: Any, gid: str) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT version FROM games WHERE id = :g"), {"g": gid}).scalar_one())
