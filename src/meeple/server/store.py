"""Storage of games, seats and action logs; every write is committed before the caller hears it succeeded."""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from sqlalchemy import Engine, func, insert, select, text, update

from .db import actions, games, make_engine, migrate, seats

T = TypeVar("T")
NOTIFY_CHANNEL = "meeple_games"
BATCH = 256  # writes committed together at most (group commit)


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None = None
    name: str | None = None


@dataclass
class GameRecord:
    """A games row: everything but the action log."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    version: int
    status: str
    deciders: list[int]
    bot_turn: bool
    clock: dict[str, Any] | None
    deadline: float | None
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: list[SeatRecord] = field(default_factory=list)


@dataclass
class ActionRecord:
    seq: int
    seat: int
    action: str
    by: str
    ref: str | None
    at: float


@dataclass
class Write:
    """A change to one game, accepted only if the game is still at `expect_version` and active."""

    game_id: str
    expect_version: int
    version: int
    status: str
    deciders: list[int]
    bot_turn: bool
    clock: dict[str, Any] | None
    deadline: float | None
    result: dict[str, Any] | None
    action: ActionRecord | None = None


class Conflict(Exception):
    """The game moved on (another process or request wrote first); nothing was written."""


class Store:
    """Synchronous storage on one SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self._write_lock = threading.Lock()
        self._write_conn: Any = None  # the pool connection kept for writes (see write_batch)

    def migrate(self) -> None:
        migrate(self.engine)

    def ping(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def close(self) -> None:
        with self._write_lock:
            if self._write_conn is not None:
                self._write_conn.close()
                self._write_conn = None
        self.engine.dispose()

    # -- creating and reading ------------------------------------------------------------
    def create(self, rec: GameRecord, token_hashes: dict[int, str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(_game_values(rec)))
            if not rec.seats:
                return
            conn.execute(insert(seats), [
                {"game_id": rec.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "token_hash": token_hashes.get(s.seat)}
                for s in rec.seats
            ])

    def get(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            rec = _record(row)
            rec.seats = self._seats(conn, [game_id])[game_id]
            return rec

    def actions_of(self, game_id: str, after: int = 0, upto: int | None = None) -> list[ActionRecord]:
        """The log of a game from action `after + 1` (up to action `upto`, to match a record read before)."""
        query = select(actions).where(actions.c.game_id == game_id, actions.c.seq > after)
        if upto is not None:
            query = query.where(actions.c.seq <= upto)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.seq)).mappings()
            return [ActionRecord(r["seq"], r["seat"], r["action"], r["by"], r["ref"], r["at"]) for r in rows]

    def seat_of_token(self, token_hash: str) -> tuple[str, int] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats.c.game_id, seats.c.seat).where(seats.c.token_hash == token_hash)
            ).first()
            return (row[0], row[1]) if row else None

    def set_name(self, game_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(name=name))

    def recent(self, limit: int, status: str | None = None) -> list[GameRecord]:
        query = select(games).order_by(games.c.created_at.desc()).limit(limit)
        if status:
            query = query.where(games.c.status == status)
        return self._records(query)

    def by_tokens(self, token_hashes: Sequence[str]) -> list[tuple[GameRecord, int]]:
        if not token_hashes:
            return []
        with self.engine.connect() as conn:
            pairs = conn.execute(
                select(seats.c.game_id, seats.c.seat).where(seats.c.token_hash.in_(list(token_hashes)))
            ).all()
        seat_of = {g: s for g, s in pairs}
        recs = self._records(select(games).where(games.c.id.in_(list(seat_of))).order_by(games.c.updated_at.desc()))
        return [(r, seat_of[r.id]) for r in recs]

    def versions(self, ids: Sequence[str]) -> list[tuple[str, int, str]]:
        """(id, version, status) of the given games."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.version, games.c.status).where(games.c.id.in_(list(ids))))
            return [(r[0], r[1], r[2]) for r in rows]

    def due(self, now: float) -> list[str]:
        """Active games whose clock ran out."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id).where(games.c.status == "active", games.c.deadline <= now).limit(500)
            )
            return [r[0] for r in rows]

    def stalled(self, before: float) -> list[str]:
        """Active games waiting for a bot that nobody has moved since `before`."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(
                games.c.status == "active", games.c.bot_turn.is_(True), games.c.updated_at <= before
            ).limit(500))
            return [r[0] for r in rows]

    def count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games)).scalar_one())

    def _records(self, query: Any) -> list[GameRecord]:
        with self.engine.connect() as conn:
            recs = [_record(r) for r in conn.execute(query).mappings()]
            by_game = self._seats(conn, [r.id for r in recs])
        for r in recs:
            r.seats = by_game[r.id]
        return recs

    def _seats(self, conn: Any, ids: list[str]) -> dict[str, list[SeatRecord]]:
        out: dict[str, list[SeatRecord]] = {i: [] for i in ids}
        if not ids:
            return out
        rows = conn.execute(
            select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.level, seats.c.name)
            .where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)
        )
        for g, s, kind, level, name in rows:
            out[g].append(SeatRecord(s, kind, level, name))
        return out

    # -- writing ---------------------------------------------------------------------------
    def write_batch(self, batch: Sequence[Write]) -> list[bool]:
        """Commit several writes in one transaction; returns per write whether it was applied (False: conflict).

        Writes keep one connection of the pool for themselves and go straight to the driver: a pool check-out (with
        its liveness ping) and SQLAlchemy's per-statement work cost more than the database's own work for a small
        group commit. After any error the connection is rolled back and given back, and the next batch takes a
        fresh one."""
        with self._write_lock:
            conn = self._write_conn
            if conn is None:
                conn = self._write_conn = self.engine.raw_connection()
            try:
                if self.is_postgres:
                    done = _write_pg(conn.dbapi_connection, batch)
                else:
                    cursor = conn.cursor()
                    try:
                        done = [self._write(cursor, w) for w in batch]
                    finally:
                        cursor.close()
                conn.commit()
                return done
            except BaseException:
                self._write_conn = None
                try:
                    conn.rollback()
                    conn.close()
                except Exception:
                    conn.invalidate()
                raise

    def _write(self, cursor: Any, w: Write) -> bool:
        cursor.execute(_SQLITE_SQL["update"], _update_params(w))
        if cursor.rowcount != 1:
            return False
        if w.action is not None:
            a = w.action
            cursor.execute(_SQLITE_SQL["insert"], (w.game_id, a.seq, a.seat, a.action, a.by, a.ref, a.at))
        return True


def _write_pg(dbapi: Any, batch: Sequence[Write]) -> list[bool]:
    """PostgreSQL: one statement per write (update, append, notify), all of a batch sent in one pipeline, so that
    a group commit takes a few round trips to the database whatever its size."""
    cursors = []
    with dbapi.pipeline():
        for w in batch:
            cursor = dbapi.cursor()
            note = (NOTIFY_CHANNEL, f"{w.game_id}:{w.version}:{w.status}")
            if w.action is None:
                cursor.execute(_PG_WRITE, (*_update_params(w), *note))
            else:
                a = w.action
                appended = (a.seq, a.seat, a.action, a.by, a.ref, a.at)
                cursor.execute(_PG_WRITE_ACTION, (*_update_params(w), *appended, *note))
            cursors.append(cursor)
    return [cursor.fetchone()[0] == 1 for cursor in cursors]


def _update_params(w: Write) -> tuple[Any, ...]:
    return (w.version, w.status, _json(w.deciders), w.bot_turn, _json(w.clock), w.deadline, _json(w.result),
            time.time(), w.game_id, w.expect_version)


def _json(value: Any) -> str:
    # As SQLAlchemy's JSON type stores it (None as the JSON null), so rows read back the same either way.
    return orjson.dumps(value).decode()


_UPDATE = ("UPDATE games SET version = {m}, status = {m}, deciders = {m}, bot_turn = {m}, clock = {m}, "
           "deadline = {m}, result = {m}, updated_at = {m} WHERE id = {m} AND version = {m} AND status = 'active'")

_SQLITE_SQL = {  # sqlite3's parameter style
    "update": _UPDATE.format(m="?"),
    "insert": 'INSERT INTO actions (game_id, seq, seat, action, "by", ref, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
}

# PostgreSQL (psycopg's style): the version-guarded update, the action appended only if the update matched, and the
# notification (delivered to every listening server process when, and only if, the transaction commits) in one
# statement, which answers 1 when applied and 0 when the game had moved on.
_PG_UPDATED = f"WITH u AS ({_UPDATE.format(m='%s')} RETURNING id)"
_PG_COUNT = "SELECT count(*) FROM u, LATERAL (SELECT pg_notify(%s, %s)) AS n"
_PG_WRITE = f"{_PG_UPDATED} {_PG_COUNT}"
_PG_WRITE_ACTION = (f'{_PG_UPDATED}, a AS (INSERT INTO actions (game_id, seq, seat, action, "by", ref, at) '
                    f"SELECT id, %s, %s, %s, %s, %s, %s FROM u) {_PG_COUNT}")


def _game_values(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "game": rec.game, "players": rec.players, "seed": rec.seed, "options": rec.options,
        "version": rec.version, "status": rec.status, "deciders": rec.deciders, "bot_turn": rec.bot_turn,
        "clock": rec.clock, "deadline": rec.deadline, "result": rec.result, "created_at": rec.created_at,
        "updated_at": rec.updated_at,
    }


def _record(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"], game=row["game"], players=row["players"], seed=row["seed"], options=row["options"],
        version=row["version"], status=row["status"], deciders=list(row["deciders"]), bot_turn=bool(row["bot_turn"]),
        clock=row["clock"], deadline=row["deadline"], result=row["result"], created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class AsyncStore:
    """The store seen from the event loop: reads in threads, writes through one group-committing writer thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # SimpleQueue: put and get are single C calls (queue.Queue runs a Python condition variable per put).
        self._queue: queue.SimpleQueue[tuple[Write, asyncio.Future[bool], asyncio.AbstractEventLoop] | None] = (
            queue.SimpleQueue())
        self._thread = threading.Thread(target=self._writer, name="meeple-writer", daemon=True)
        self._thread.start()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)

    async def write(self, w: Write) -> None:
        """Commit one write; raises Conflict when the game had moved on."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        self._queue.put((w, fut, loop))
        if not await fut:
            raise Conflict(f"game {w.game_id} is no longer at version {w.expect_version}")

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.store.close()

    def _writer(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Write, asyncio.Future[bool], asyncio.AbstractEventLoop]]) -> None:
        try:
            outcome: list[bool | BaseException] = list(self.store.write_batch([w for w, _, _ in batch]))
        except Exception:
            # One bad write must not sink the others: retry them one by one.
            outcome = [self._single(w) for w, _, _ in batch]
        # One wake-up of the event loop per batch (normally all writes come from the one loop of the server).
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[bool], bool | BaseException]]] = {}
        for (_, fut, loop), result in zip(batch, outcome, strict=True):
            by_loop.setdefault(loop, []).append((fut, result))
        for loop, settled in by_loop.items():
            loop.call_soon_threadsafe(_settle_all, settled)

    def _single(self, w: Write) -> bool | BaseException:
        try:
            return self.store.write_batch([w])[0]
        except Exception as exc:  # reported to the waiting request, which answers with an error
            return exc


def _settle_all(settled: list[tuple[asyncio.Future[bool], bool | BaseException]]) -> None:
    for fut, result in settled:
        _settle(fut, result)


def _settle(fut: asyncio.Future[bool], result: bool | BaseException) -> None:
    if fut.done():
        return
    if isinstance(result, BaseException):
        fut.set_exception(result)
    else:
        fut.set_result(result)
