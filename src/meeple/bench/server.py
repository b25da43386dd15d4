"""`meeple bench server`: concurrent simulated players over WebSocket on loopback; prints actions/s and latency.

The server runs as its own process (`meeple serve`), the simulated clients in this one, so on a 2-core machine each
gets a core. Every client plays random legal moves of its seat and measures the time from sending an action to
receiving the new position that acknowledges it. The clients decode every message they receive (orjson) and run on
uvloop when it is installed, so that they take as little as they can of the CPU the server needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import orjson

from meeple.cli import the_game
from meeple.engine.rng import Stream


@dataclass
class Tally:
    accepted: int = 0
    rejected: int = 0
    finished: int = 0
    latencies: list[float] = field(default_factory=list)
    measuring: bool = False
    server_cpu: float = float("nan")  # CPU seconds the server process used while measuring
    client_cpu: float = float("nan")  # and this process (the simulated players)


@click.command()
@click.option("--games", default=200, show_default=True, help="Concurrent games (two simulated players each).")
@click.option("--seconds", default=20.0, show_default=True, help="Measured time, after a warm-up.")
@click.option("--warmup", default=10.0, show_default=True,
              help="Seconds played before measuring (connecting 2 x games players and their first moves).")
@click.option("--database", "databases", multiple=True, default=["sqlite"], show_default=True,
              help="`sqlite` (a fresh temporary file) or a postgresql:// address (a fresh schema in it); repeatable.")
@click.option("--game", default=None, help="The game (default: the only game installed).")
@click.option("--seed", default=1, show_default=True, help="Seed of the simulated players' choices.")
@click.option("--rate", default=1000.0, show_default=True,
              help="Offered load in actions/s over all games (each game makes an action every games/rate s on "
                   "average, 0.5 to 1.5 x, counted from its previous action); 0: act at once (closed loop, "
                   "measures the most the server does).")
def server(games: int, seconds: float, warmup: float, databases: tuple[str, ...], game: str | None, seed: int,
           rate: float) -> None:
    """Load-test the game server: N concurrent games of random legal moves over WebSocket on loopback.

    \b
    Examples:
      meeple bench server                                   200 games offering 1,000 actions/s, SQLite
      meeple bench server --rate 0 --games 50               the most the server accepts
      meeple bench server --database sqlite --database postgresql://postgres@127.0.0.1/test
    """
    game = the_game(game)
    think = games / rate if rate > 0 else 0.0
    for database in databases:
        with _database(database) as (url, label):
            with _server_process(url) as (base, pid), asyncio.Runner(loop_factory=_loop_factory()) as runner:
                tally = runner.run(_run(base, pid, game, games, seconds, warmup, seed, think))
            _report(label, games, seconds, tally, rate)


def _loop_factory() -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
        return None
    return uvloop.new_event_loop


def _report(label: str, games: int, seconds: float, t: Tally, rate: float) -> None:
    lat = sorted(t.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    offered = f"offered {rate:,.0f}/s" if rate > 0 else "closed loop"
    per = max(t.accepted, 1)
    click.echo(f"{label}: {games} games ({offered}), {t.accepted / seconds:,.0f} accepted actions/s, "
               f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms ({t.accepted} actions in {seconds:.0f} s, "
               f"{t.rejected} rejected, {t.finished} games finished)")
    click.echo(f"  CPU per accepted action: server {t.server_cpu / per * 1000:.2f} ms "
               f"({per / t.server_cpu:,.0f} actions per server CPU second), "
               f"simulated players {t.client_cpu / per * 1000:.2f} ms")


@contextlib.contextmanager
def _database(spec: str) -> Any:
    if spec == "sqlite":
        with tempfile.TemporaryDirectory(prefix="meeple-bench-") as tmp:
            yield f"sqlite:///{tmp}/bench.sqlite3", "SQLite"
        return
    if not spec.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        raise click.BadParameter(f"{spec!r}: use `sqlite` or a postgresql:// address", param_hint="--database")
    import psycopg

    plain = "postgresql://" + spec.split("://", 1)[1]
    schema = f"meeple_bench_{secrets.token_hex(4)}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in plain else "?"
    try:
        yield f"{plain}{sep}options=-csearch_path%3D{schema}", "PostgreSQL"
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@contextlib.contextmanager
def _server_process(url: str) -> Any:
    """`meeple serve` on a free loopback port; yields its base address (its output goes to a file)."""
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", "0", "--database", url, "--bot-workers", "0",
           "--no-client-limits"]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with tempfile.TemporaryDirectory(prefix="meeple-bench-log-") as tmp:
        log = Path(tmp) / "serve.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            yield _wait_for_address(proc, log), proc.pid
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _wait_for_address(proc: subprocess.Popen[bytes], log: Path) -> str:
    deadline = time.time() + 60
    while time.time() < deadline:
        found = re.search(r"(http://\S+:\d+)/", log.read_text())
        if found:
            return found.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    raise click.ClickException("the server did not start:\n" + log.read_text())


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


async def _run(base: str, pid: int, game: str, games: int, seconds: float, warmup: float, seed: int,
               think: float) -> Tally:
    tally = Tally()
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_table(base, game, i, seed, tally, stop, think)) for i in range(games)]
    await asyncio.sleep(warmup)
    cpu = (_cpu_seconds(pid), time.process_time())
    tally.measuring = True
    await asyncio.sleep(seconds)
    tally.measuring = False
    tally.server_cpu = _cpu_seconds(pid) - cpu[0]
    tally.client_cpu = time.process_time() - cpu[1]
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return tally


class Pace:
    """When a table's next action is due: `think` s (0.5 to 1.5 x) after its previous one was sent, so that a game
    offers 1/think actions per second whatever the latency (as long as answers come back before the next is due)."""

    def __init__(self, rng: Stream, think: float) -> None:
        self.rng, self.think = rng, think
        self.last = time.perf_counter()

    async def wait(self) -> None:
        if self.think > 0:
            due = self.last + self.think * (0.5 + self.rng.random())
            pause = due - time.perf_counter()
            if pause > 0:
                await asyncio.sleep(pause)
        self.last = time.perf_counter()


async def _table(base: str, game: str, index: int, seed: int, tally: Tally, stop: asyncio.Event,
                 think: float) -> None:
    """One table: create a 2-player game, connect both seats, play until the end, then start another."""
    rng = Stream(seed, index)
    while not stop.is_set():
        created = await asyncio.to_thread(_post, f"{base}/api/games", {
            "game": game, "seats": [{"kind": "human"}, {"kind": "human"}]})
        ws_base = base.replace("http://", "ws://")
        pace = Pace(rng, think)
        players = [_player(f"{ws_base}/ws/games/{created['id']}", s["token"], rng, tally, pace)
                   for s in created["seats"]]
        await asyncio.gather(*players)
        tally.finished += 1


async def _player(url: str, token: str, rng: Stream, tally: Tally, pace: Pace) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosedOK

    async with connect(url, compression=None, max_size=2**24, open_timeout=60) as ws:
        await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
        sent: dict[str, float] = {}
        n = 0
        while True:
            try:
                raw = await ws.recv(decode=False)  # bytes: orjson reads them without a str in between
            except ConnectionClosedOK:
                return
            msg = orjson.loads(raw)
            kind = msg["type"]
            if kind == "rejected":
                tally.rejected += tally.measuring
                if os.environ.get("BENCH_DEBUG"):
                    print(msg)
                continue
            if kind not in ("state", "update"):
                continue
            ref = msg.get("ack")
            if ref in sent:
                took = time.perf_counter() - sent.pop(ref)
                if tally.measuring:
                    tally.accepted += 1
                    tally.latencies.append(took)
            if msg["status"] != "active":
                return
            if msg["legal"]:
                await pace.wait()
                n += 1
                ref = f"{n}"
                sent[ref] = time.perf_counter()
                action = msg["legal"][rng.below(len(msg["legal"]))]
                await ws.send(orjson.dumps({"type": "act", "action": action, "version": msg["version"],
                                            "ref": ref}).decode())


if __name__ == "__main__":  # pragma: no cover
    server()
