"""Storage of games, seats and action logs; every write is committed before the caller hears it succeeded."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from sqlalchemy import Engine, func, insert, select, text, update
from sqlalchemy.engine import make_url

from .db import actions, games, mail, make_engine, migrate, seats

T = TypeVar("T")
NOTIFY_CHANNEL = "meeple_games"
BATCH = 256  # writes committed together at most (group commit)


def notice(subject: str, number: int, status: str, origin: str) -> str:
    """The payload of a notification on `NOTIFY_CHANNEL`: what changed (a game id, or a session's hash for
    `logout`), a number (the game's version, a chat line's id), the status (a game's, or `seats`, `undone`, `chat`,
    `logout`) and the process that sent it (`Store.origin`), which ignores its own notices: it told its clients
    already."""
    return f"{subject}:{number}:{status}:{origin}"


def notify(conn: Any, payload: str) -> None:
    """Send a notification with the transaction of `conn` (heard only if it commits)."""
    conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": NOTIFY_CHANNEL, "payload": payload})


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" or "bot"
    level: str | None = None
    name: str | None = None
    resigned: bool = False  # its player resigned and a bot plays the seat on (see Store.hand_to_bot)


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
    moves: int = 0  # public moments (`Game.moments`): what viewers are told of the position; `version` is internal
    rules_version: int = 1  # the version of the game's rules the game is played under
    rematch: str | None = None  # the game played next with the same seats ("play again")
    rematch_of: str | None = None  # the game this one plays again
    chat: dict[str, Any] | None = None  # the host's rules of the table's chat (see chat.py); None: the defaults
    rated: bool = True  # the creator's choice: the game counts on the ladder when it can (see ladder.py)


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
    moves: int = 0  # the public moments after the write (see GameRecord.moves)
    updated_at: float | None = None  # when the game last changed for its viewers (None: now)


class _NotHuman(Exception):
    """The seat handed to a bot is not a human's (any more)."""


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
        # Names this process in its notifications (`notice`), so that it ignores its own when it hears them.
        self.origin = secrets.token_hex(8)

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
    def create(self, rec: GameRecord, token_hashes: dict[int, str], expires: float | None = None,
               host_hash: str | None = None) -> None:
        """Store a new game; its seat tokens (by their hashes) are valid until `expires`."""
        with self.engine.begin() as conn:
            conn.execute(insert(games).values({**_game_values(rec), "host_hash": host_hash}))
            if not rec.seats:
                return
            conn.execute(insert(seats), [
                {"game_id": rec.id, "seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "token_hash": token_hashes.get(s.seat), "token_expires": expires if s.seat in token_hashes else None}
                for s in rec.seats
            ])

    def reinvite(self, game_id: str, seat: int, host_hash: str, token_hash: str, expires: float) -> bool:
        """Give a human seat a new token (the old one is revoked), if `host_hash` is the game's host token."""
        with self.engine.begin() as conn:
            host = conn.execute(select(games.c.host_hash).where(games.c.id == game_id)).scalar()
            if host is None or host != host_hash:
                return False
            done = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                    seats.c.kind == "human")
                                .values(token_hash=token_hash, token_expires=expires))
            return bool(done.rowcount)

    def create_rematch(self, old_id: str, rec: GameRecord) -> str | None:
        """Store `rec` as the game that plays `old_id` again (its human seats without tokens until claimed), unless
        the old game already has one; returns the id of the rematch (the one stored before, if any), None for an
        unknown or unfinished old game."""
        with self.engine.begin() as conn:
            row = conn.execute(select(games.c.status, games.c.rematch).where(games.c.id == old_id)).first()
            if row is None or row[0] == "active":
                return None
            if row[1] is not None:
                return str(row[1])
            conn.execute(insert(games).values({**_game_values(rec), "rematch_of": old_id}))
            conn.execute(insert(seats), [{"game_id": rec.id, "seat": s.seat, "kind": s.kind, "level": s.level,
                                          "name": s.name} for s in rec.seats])
            done = conn.execute(update(games).where(games.c.id == old_id, games.c.rematch.is_(None))
                                .values(rematch=rec.id))
            if not done.rowcount:
                raise Conflict(f"game {old_id} was played again meanwhile")
            return rec.id

    def claim(self, game_id: str, seat: int, token_hash: str, expires: float) -> bool:
        """Give a human seat that has no token yet (a seat of a rematch) its first token."""
        with self.engine.begin() as conn:
            done = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                    seats.c.kind == "human", seats.c.token_hash.is_(None))
                                .values(token_hash=token_hash, token_expires=expires))
            return bool(done.rowcount)

    def claim_host(self, game_id: str, host_hash: str) -> bool:
        """Give a game that has no host token yet (a rematch) one."""
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(games.c.id == game_id, games.c.host_hash.is_(None))
                                .values(host_hash=host_hash))
            return bool(done.rowcount)

    def is_host(self, game_id: str, host_hash: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.host_hash).where(games.c.id == game_id)).scalar()
            return found is not None and found == host_hash

    def take_back(self, w: Write) -> bool:
        """Undo: the game goes back from `w.expect_version` to `w.version` (one less), its last action deleted, if
        it is still at `w.expect_version` and active (False otherwise, nothing changed). Other server processes on
        PostgreSQL hear of it with the status `undone` (they rebuild the game from its log)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(games.c.id == w.game_id, games.c.version == w.expect_version,
                                                    games.c.status == "active")
                                .values(dict(zip(_SET, _new_values(w), strict=True)) | {
                                    "deciders": w.deciders, "clock": w.clock, "result": w.result}))
            if not done.rowcount:
                return False
            conn.execute(actions.delete().where(actions.c.game_id == w.game_id, actions.c.seq > w.version))
            if self.is_postgres:
                notify(conn, notice(w.game_id, w.version, "undone", self.origin))
            return True

    def hand_to_bot(self, game_id: str, seat: int, version: int, level: str, bot_turn: bool,
                    clock: dict[str, Any] | None, deadline: float | None) -> bool:
        """A human seat's player resigned: a bot of `level` plays the seat on, its token stops holding it, and the
        game is no longer rated, if the game is still active at `version` and the seat a human's (False otherwise,
        nothing changed). The seat's queued "your move" mails are dropped. Other server processes on PostgreSQL hear
        of it with the status `seats` (they read the seats again)."""
        now = time.time()
        try:
            return self._hand_to_bot(game_id, seat, version, level, now,
                                     {"bot_turn": bot_turn, "clock": clock, "deadline": deadline, "unrated": True})
        except _NotHuman:
            return False

    def _hand_to_bot(self, game_id: str, seat: int, version: int, level: str, now: float,
                     values: dict[str, Any]) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(games.c.id == game_id, games.c.version == version,
                                                    games.c.status == "active")
                                .values(values))
            if not done.rowcount:
                return False
            moved = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                     seats.c.kind == "human")
                                 .values(kind="bot", level=level, token_hash=None, token_expires=None,
                                         resigned_at=now))
            if not moved.rowcount:
                raise _NotHuman  # the transaction is rolled back: the game row stays as it was
            # "Your move" mails queued for the seat's player go no more: the seat is not theirs now.
            conn.execute(update(mail).where(mail.c.game_id == game_id, mail.c.seat == seat,
                                            mail.c.state == "queued").values(state="dropped"))
            if self.is_postgres:
                notify(conn, notice(game_id, version, "seats", self.origin))
            return True

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

    def seat_of_token(self, token_hash: str) -> tuple[str, int, float | None] | None:
        """The game, the seat and the expiry of a seat token (None for a token that is not, or no longer, one)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats.c.game_id, seats.c.seat, seats.c.token_expires).where(seats.c.token_hash == token_hash)
            ).first()
            return (row[0], row[1], row[2]) if row else None

    def set_name(self, game_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(name=name))

    def set_rules_version(self, game_id: str, was: int, now: int) -> None:
        """Record that a game of an older rules version replayed to the same position and goes on under `now`."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id, games.c.rules_version == was)
                         .values(rules_version=now))

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
        seats_of: dict[str, list[int]] = {}
        for g, s in pairs:  # a browser may hold several seats of one game: one answer per seat
            seats_of.setdefault(g, []).append(s)
        recs = self._records(select(games).where(games.c.id.in_(list(seats_of))).order_by(games.c.updated_at.desc()))
        return [(r, s) for r in recs for s in sorted(seats_of[r.id])]

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
            select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.level, seats.c.name, seats.c.resigned_at)
            .where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)
        )
        for g, s, kind, level, name, resigned_at in rows:
            out[g].append(SeatRecord(s, kind, level, name, resigned_at is not None))
        return out

    # -- writing ---------------------------------------------------------------------------
    def write_batch(self, batch: Sequence[Write]) -> list[bool]:
        """Commit several writes in one transaction; returns per write whether it was applied (False: conflict).

        Writes are applied in order, as if one after the other. They keep one connection of the pool for
        themselves and go straight to the driver, a few statements per batch whatever its size (see `_rounds`).
        After any error the connection is rolled back and given back, and the next batch takes a fresh one."""
        with self._write_lock:
            conn = self._write_conn
            if conn is None:
                conn = self._write_conn = self.engine.raw_connection()
                if self.is_postgres:
                    dbapi: Any = conn.dbapi_connection
                    dbapi.autocommit = True  # a one-statement batch commits by itself
            try:
                rounds = _rounds(batch)
                if self.is_postgres:
                    applied = _write_pg(conn.dbapi_connection, rounds, self.origin)
                else:
                    applied = set().union(*(_write_sqlite(conn.dbapi_connection, part) for part in rounds))
                    conn.commit()
                return [id(w) in applied for w in batch]
            except BaseException:
                # Rolled back (SQLite) or never committed (PostgreSQL); the connection is dropped, not pooled.
                self._write_conn = None
                with contextlib.suppress(Exception):
                    conn.rollback()
                conn.invalidate()
                raise


def _rounds(batch: Sequence[Write]) -> list[list[Write]]:
    """The batch cut into rounds in which no game appears twice, each written with one set of statements.

    Statements go to the database from the writer thread, and each one gives up Python's global lock while the
    database works; taking it back can wait for the busy event loop. A few statements per batch instead of two
    per write keep a group commit at a few such waits. The server never has two writes of one game waiting (a
    game's writes happen under its room's lock), so a batch is normally one round."""
    rounds: list[list[Write]] = []
    earlier: dict[str, int] = {}
    for w in batch:  # a game's n-th write goes to round n, so its writes keep their order
        n = earlier.get(w.game_id, 0)
        earlier[w.game_id] = n + 1
        if n == len(rounds):
            rounds.append([])
        rounds[n].append(w)
    return rounds


def _write_sqlite(dbapi: Any, part: list[Write]) -> set[int]:
    """SQLite: one version-guarded UPDATE ... FROM (VALUES ...) RETURNING for the round, one INSERT of the actions
    of the writes it applied; the ids (`id(write)`) of the applied writes."""
    cursor = dbapi.cursor()
    try:
        if not SQLITE_BATCH:
            return {id(w) for w in part if _write_sqlite_one(cursor, w)}
        params = [value for w in part for value in (w.game_id, w.expect_version, *_new_values(w))]
        cursor.execute(_SQLITE_UPDATE.format(rows=", ".join([_SQLITE_ROW] * len(part))), params)
        updated = {row[0] for row in cursor.fetchall()}
        done = [w for w in part if w.game_id in updated]
        acts = [w.action for w in done if w.action is not None]
        if acts:
            cursor.execute(_SQLITE_INSERT.format(rows=", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(acts))),
                           [v for w in done if w.action is not None for v in _action_values(w)])
        return {id(w) for w in done}
    finally:
        cursor.close()


def _write_sqlite_one(cursor: Any, w: Write) -> bool:
    cursor.execute(_SQLITE_UPDATE_ONE, (*_new_values(w), w.game_id, w.expect_version))
    if cursor.rowcount != 1:
        return False
    if w.action is not None:
        cursor.execute(_SQLITE_INSERT.format(rows="(?, ?, ?, ?, ?, ?, ?)"), _action_values(w))
    return True


def _write_pg(dbapi: Any, rounds: list[list[Write]], origin: str) -> set[int]:
    """PostgreSQL: each round as one statement over arrays (update, append, notify), which answers the ids of the
    games it changed. A batch of one round is a single statement in autocommit, one round trip to the database;
    several rounds go in one transaction. A notification reaches every listening server process when, and only if,
    the transaction commits."""
    if len(rounds) == 1:
        return _write_pg_round(dbapi, rounds[0], origin)
    with dbapi.transaction():
        return set().union(*(_write_pg_round(dbapi, part, origin) for part in rounds))


def _write_pg_round(dbapi: Any, part: list[Write], origin: str) -> set[int]:
    with dbapi.cursor() as cursor:
        cursor.execute(_PG_WRITE, _pg_params(part, origin))
        return _applied(part, cursor.fetchall())


def _pg_params(part: list[Write], origin: str) -> list[Any]:
    """The parameters of `_PG_WRITE`: a column array per value of the rows, then of the actions, then the channel
    and the writing process (see `notice`)."""
    columns = zip(*[(w.game_id, w.expect_version, *_new_values(w)) for w in part], strict=True)
    acts = [_action_values(w) for w in part if w.action is not None]
    act_columns: Iterable[Sequence[Any]] = zip(*acts, strict=True) if acts else [[] for _ in range(7)]
    return [*(list(c) for c in columns), *(list(c) for c in act_columns), NOTIFY_CHANNEL, origin]


def _applied(part: list[Write], rows: list[Any]) -> set[int]:
    """The writes (by `id`) whose games the statement changed (it answers their ids)."""
    updated = {row[0] for row in rows}
    return {id(w) for w in part if w.game_id in updated}


def _new_values(w: Write) -> tuple[Any, ...]:
    """The new values of a games row, in the order of `_SET`."""
    return (w.version, w.moves, w.status, _json(w.deciders), w.bot_turn, _json(w.clock), w.deadline,
            _json(w.result), time.time() if w.updated_at is None else w.updated_at)


def _action_values(w: Write) -> tuple[Any, ...]:
    a = w.action
    assert a is not None
    return (w.game_id, a.seq, a.seat, a.action, a.by, a.ref, a.at)


def _json(value: Any) -> str:
    # As SQLAlchemy's JSON type stores it (None as the JSON null), so rows read back the same either way.
    return orjson.dumps(value).decode()


_SET = ("version", "moves", "status", "deciders", "bot_turn", "clock", "deadline", "result", "updated_at")
_GUARD = "AND games.status = 'active'"  # a finished game takes no more writes

# SQLite 3.35 (2021) brought RETURNING, which the batched update needs; older libraries write one by one.
SQLITE_BATCH = sqlite3.sqlite_version_info >= (3, 35, 0)
_SQLITE_ROW = "(" + ", ".join(["?"] * (2 + len(_SET))) + ")"
_SQLITE_UPDATE = ("UPDATE games SET " + ", ".join(f"{c} = v.column{i + 3}" for i, c in enumerate(_SET))
                  + " FROM (VALUES {rows}) AS v WHERE games.id = v.column1 AND games.version = v.column2 "
                  + _GUARD + " RETURNING games.id")
_SQLITE_UPDATE_ONE = ("UPDATE games SET " + ", ".join(f"{c} = ?" for c in _SET)
                      + " WHERE games.id = ? AND games.version = ? " + _GUARD)
_SQLITE_INSERT = 'INSERT INTO actions (game_id, seq, seat, action, "by", ref, at) VALUES {rows}'

_PG_TYPES = ("text", "int", "int", "int", "text", "text", "bool", "text", "float8", "text", "float8")
_PG_CASTS = {"deciders": "::json", "clock": "::json", "result": "::json"}
_PG_WRITE = (
    "WITH w AS (SELECT * FROM unnest(" + ", ".join(f"%s::{t}[]" for t in _PG_TYPES) + ") AS w(id, expect, "
    + ", ".join(_SET) + ")), "
    "u AS (UPDATE games SET " + ", ".join(f"{c} = w.{c}{_PG_CASTS.get(c, '')}" for c in _SET)
    + " FROM w WHERE games.id = w.id AND games.version = w.expect " + _GUARD
    + " RETURNING games.id, games.version, games.status), "
    'a AS (INSERT INTO actions (game_id, seq, seat, action, "by", ref, at) '
    "SELECT x.game_id, x.seq, x.seat, x.action, x.by, x.ref, x.at FROM unnest(%s::text[], %s::int[], %s::int[], "
    "%s::text[], %s::text[], %s::text[], %s::float8[]) AS x(game_id, seq, seat, action, by, ref, at) "
    "JOIN u ON u.id = x.game_id) "
    "SELECT u.id, pg_notify(%s, u.id || ':' || u.version || ':' || u.status || ':' || %s) FROM u"
)


def _game_values(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "game": rec.game, "players": rec.players, "seed": rec.seed, "options": rec.options,
        "version": rec.version, "status": rec.status, "deciders": rec.deciders, "bot_turn": rec.bot_turn,
        "clock": rec.clock, "deadline": rec.deadline, "result": rec.result, "created_at": rec.created_at,
        "updated_at": rec.updated_at, "rules_version": rec.rules_version, "moves": rec.moves, "rated": rec.rated,
    }


def _record(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"], game=row["game"], players=row["players"], seed=row["seed"], options=row["options"],
        version=row["version"], status=row["status"], deciders=list(row["deciders"]), bot_turn=bool(row["bot_turn"]),
        clock=row["clock"], deadline=row["deadline"], result=row["result"], created_at=row["created_at"],
        updated_at=row["updated_at"], rules_version=row["rules_version"], rematch=row["rematch"],
        rematch_of=row["rematch_of"], moves=row["moves"], chat=row["chat"], rated=bool(row["rated"]),
    )


class AsyncStore:
    """The store seen from the event loop: reads in threads; writes group-committed, each batch in one transaction.

    SQLite is written by a thread of its own. PostgreSQL is written on the event loop itself through psycopg's
    asynchronous connection: a writer thread would have to win Python's global lock back from the busy event loop
    after every round trip to the database, which can take a few milliseconds each time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._writer: _ThreadWriter | _LoopWriter = _LoopWriter(store) if store.is_postgres else _ThreadWriter(store)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)

    async def write(self, w: Write) -> None:
        """Commit one write; raises Conflict when the game had moved on."""
        if not await self._writer.write(w):
            raise Conflict(f"game {w.game_id} is no longer at version {w.expect_version}")

    async def close(self) -> None:
        await self._writer.close()
        await asyncio.to_thread(self.store.close)


def _outcome(write_batch: Callable[[list[Write]], list[bool]], batch: list[Write]) -> list[bool | BaseException]:
    """Per write, whether it was applied or the error it met: the batch in one transaction, or if that fails, one
    by one (so that one bad write does not sink the others)."""
    try:
        return list(write_batch(batch))
    except Exception:
        outcome: list[bool | BaseException] = []
        for w in batch:
            try:
                outcome.append(write_batch([w])[0])
            except Exception as exc:  # reported to the waiting request, which answers with an error
                outcome.append(exc)
        return outcome


class _ThreadWriter:
    """One thread takes the writes waiting in its queue and commits them together."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # SimpleQueue: put and get are single C calls (queue.Queue runs a Python condition variable per put).
        self._queue: queue.SimpleQueue[tuple[Write, asyncio.Future[bool], asyncio.AbstractEventLoop] | None] = (
            queue.SimpleQueue())
        self._thread = threading.Thread(target=self._run, name="meeple-writer", daemon=True)
        self._thread.start()

    async def write(self, w: Write) -> bool:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        self._queue.put((w, fut, loop))
        return await fut

    async def close(self) -> None:
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join, 10)

    def _run(self) -> None:
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
            outcome = _outcome(self.store.write_batch, [w for w, _, _ in batch])
            # One wake-up of the event loop per batch (normally all writes come from the one loop of the server).
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[bool], bool | BaseException]]] = {}
            for (_, fut, loop), result in zip(batch, outcome, strict=True):
                by_loop.setdefault(loop, []).append((fut, result))
            for loop, settled in by_loop.items():
                loop.call_soon_threadsafe(_settle_all, settled)


class _LoopWriter:
    """PostgreSQL writes on the event loop: a task commits whatever waits, one statement per batch (see `_write_pg`),
    while the writes made meanwhile gather for the next one."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[Write, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._conn: Any = None

    async def write(self, w: Write) -> bool:
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((w, fut))
        self._wake.set()
        if self._task is None:
            self._task = asyncio.create_task(self._run())
        return await fut

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._conn is not None:
            await self._conn.close()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
                writes = [w for w, _ in batch]
                try:
                    outcome: list[bool | BaseException] = list(await self._write_batch(writes))
                except Exception:
                    outcome = []
                    for w in writes:
                        try:
                            outcome.append((await self._write_batch([w]))[0])
                        except Exception as exc:
                            outcome.append(exc)
                _settle_all([(fut, result) for (_, fut), result in zip(batch, outcome, strict=True)])

    async def _write_batch(self, batch: list[Write]) -> list[bool]:
        import psycopg

        if self._conn is None or self._conn.closed:
            self._conn = await psycopg.AsyncConnection.connect(libpq_url(self.store.url), autocommit=True)
        conn = self._conn
        try:
            rounds = _rounds(batch)
            if len(rounds) == 1:
                applied = await _write_pg_round_async(conn, rounds[0], self.store.origin)
            else:
                async with conn.transaction():
                    applied = set()
                    for part in rounds:
                        applied |= await _write_pg_round_async(conn, part, self.store.origin)
            return [id(w) in applied for w in batch]
        except BaseException:
            self._conn = None
            with contextlib.suppress(Exception):
                await conn.close()
            raise


async def _write_pg_round_async(conn: Any, part: list[Write], origin: str) -> set[int]:
    async with conn.cursor() as cursor:
        await cursor.execute(_PG_WRITE, _pg_params(part, origin))
        return _applied(part, await cursor.fetchall())


def libpq_url(url: str) -> str:
    """The SQLAlchemy address as a plain libpq one (psycopg does not know the `+psycopg` suffix)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


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
