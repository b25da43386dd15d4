"""Open tables: a game created with open seats (`{"kind": "open"}`) waits in the lobby for players.

It is listed at `GET /api/tables` (game, options, free seats, host, clock) until it starts or expires. Anyone takes a
free seat with a name (`POST /api/tables/{id}/seats/{seat}`, answered with the seat's token); the host (with the host
token) starts it once every seat is taken, or fills the free seats with bots (`POST /api/tables/{id}/start`). Until
then the game's status is `open`: nobody moves, no clock runs, no bot thinks. A table that has not started
`Settings.table_hours` after it was opened expires (status `expired`), and is listed no more.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import Engine, update

import meeple

from . import accounts
from . import clock as clocks
from .db import games, seats
from .lobby import ERRORS, NAME, ApiError, Bearer, _base, _bearer, _level, clean_name, client_of, summary
from .schemas import GameSummary, Strict
from .store import GameRecord
from .tokens import new_token, token_hash

if TYPE_CHECKING:
    from .hub import Hub

router = APIRouter(prefix="/api", tags=["tables"])
NOT_FREE = "this seat is not free at an open table (taken already, or the table started or closed)"


class TableOut(BaseModel):
    game: GameSummary
    free: list[int] = Field(description="the seats anyone may take")
    host: str | None = Field(description="the name of the host's seat (the first human seat with a name)")
    expires: float = Field(description="when the table closes if it has not started (Unix time)")


class TakeIn(Strict):
    name: str = Field(min_length=1, max_length=40, pattern=NAME)


class Taken(BaseModel):
    game_id: str
    seat: int
    name: str
    token: str = Field(description="the seat's secret token: keep it, it is the seat")
    invite: str
    token_expires: float


class StartIn(Strict):
    fill: str | None = Field(None, max_length=32, description="a bot level for the seats still free (none: every "
                                                              "seat must be taken)")


def free_seats(rec: GameRecord) -> list[int]:
    return [s.seat for s in rec.seats if s.kind == "open"]


def _host_name(rec: GameRecord) -> str | None:
    return next((s.name for s in rec.seats if s.kind == "human" and s.name), None)


# -- storage -----------------------------------------------------------------------------------------------------
def take(engine: Engine, game_id: str, seat: int, name: str, hashed: str, expires: float) -> bool:
    """Give a free seat of an open table to a person (atomically: of two asking at once, one gets it)."""
    with engine.begin() as conn:
        if conn.execute(update(games).where(games.c.id == game_id, games.c.status == "open")
                        .values(updated_at=time.time())).rowcount != 1:
            return False
        done = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                seats.c.kind == "open")
                            .values(kind="human", name=name, token_hash=hashed, token_expires=expires))
        return bool(done.rowcount)


def start(engine: Engine, rec: GameRecord, host_hash: str, level: str | None, values: dict[str, Any]) -> bool:
    """Start an open table (its free seats become bots of `level`), if `host_hash` is its host's."""
    with engine.begin() as conn:
        done = conn.execute(update(games).where(games.c.id == rec.id, games.c.status == "open",
                                                games.c.host_hash == host_hash).values(**values))
        if done.rowcount != 1:
            return False
        if level is not None:
            conn.execute(update(seats).where(seats.c.game_id == rec.id, seats.c.kind == "open")
                         .values(kind="bot", level=level))
        return True


def expire(engine: Engine, before: float) -> int:
    """Close the open tables opened before `before` (nobody came); returns how many."""
    with engine.begin() as conn:
        return int(conn.execute(update(games).where(games.c.status == "open", games.c.created_at < before)
                                .values(status="expired", updated_at=time.time())).rowcount)


# -- HTTP --------------------------------------------------------------------------------------------------------
@router.get("/tables", response_model=list[TableOut], responses=ERRORS)
async def list_tables(request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 50) -> list[TableOut]:
    """The open tables, newest first: each with its free seats, host and clock."""
    hub: Hub = request.app.state.hub
    recs = await hub.store.run(hub.store.store.recent, limit, "open")
    hours = hub.settings.table_hours * 3600
    return [TableOut(game=summary(r), free=free_seats(r), host=_host_name(r), expires=r.created_at + hours)
            for r in recs if r.created_at + hours > time.time()]


@router.post("/tables/{game_id}/seats/{seat}", response_model=Taken, responses=ERRORS)
async def take_seat(game_id: str, seat: int, body: TakeIn, request: Request) -> Taken:
    """Take a free seat of an open table with a name; answers the seat's token (and its invite link)."""
    hub: Hub = request.app.state.hub
    hub.guard.hit("renames", client_of(request))
    rec = await hub.store.run(hub.store.store.get, game_id)
    if rec is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    if rec.status != "open" or seat not in free_seats(rec):
        raise ApiError(409, NOT_FREE, "not_free")
    name = clean_name(body.name)
    if name is None:
        raise ApiError(400, "a name needs at least one visible character", "bad_name")
    token = new_token()
    expires = time.time() + hub.settings.token_days * 86_400
    if not await hub.store.run(take, hub.store.store.engine, game_id, seat, name, token_hash(token), expires):
        raise ApiError(409, NOT_FREE, "not_free")
    account = await accounts.account_of(request)
    if account is not None:  # the seat is the account's
        await hub.store.run(accounts.claim_seat, hub.store.store.engine, game_id, seat, account[0])
    await _refresh(hub, game_id)
    return Taken(game_id=game_id, seat=seat, name=name, token=token, token_expires=expires,
                 invite=f"{_base(request)}/play/{game_id}#token={token}")


@router.post("/tables/{game_id}/start", response_model=GameSummary, responses=ERRORS)
async def start_table(game_id: str, request: Request, body: StartIn | None = None,
                      authorization: Bearer = None) -> GameSummary:
    """With the host token: start the game, once every seat is taken, or with the free seats played by bots
    (`fill`: their level)."""
    hub: Hub = request.app.state.hub
    host = _bearer(authorization)
    rec = await hub.store.run(hub.store.store.get, game_id)
    if rec is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    if rec.status != "open":
        raise ApiError(409, "this table is not open (it started or closed)", "not_open")
    level = None if body is None or body.fill is None else _level(body.fill)
    if free_seats(rec) and level is None:
        raise ApiError(409, "some seats are still free: wait for players, or fill them with bots", "not_full")
    game = meeple.new_game(rec.game, rec.players, rec.seed, rec.options)
    kinds = ["bot" if s.kind == "open" else s.kind for s in rec.seats]
    deciders = game.deciders()
    now = time.time()
    clock = rec.clock
    if clock is not None:  # the clock starts with the game
        humans = [i for i, kind in enumerate(kinds) if kind == "human"]
        clock = clocks.advance(dict(clock, since=None, running=[]), humans, deciders, now)
    values = {"status": "active", "bot_turn": any(kinds[d] == "bot" for d in deciders), "clock": clock,
              "deadline": clocks.deadline(clock), "updated_at": now}
    if not await hub.store.run(start, hub.store.store.engine, rec, token_hash(host), level, values):
        raise ApiError(403, "this needs the table's host token", "bad_token")
    started = await _refresh(hub, game_id)
    if started is not None and started.bot_turn:
        await hub.room(game_id)  # loading the room starts the bot that moves first
    assert started is not None
    return summary(started)


async def _refresh(hub: Hub, game_id: str) -> GameRecord | None:
    """The stored record of a table that changed; a loaded room takes it and its clients hear of it."""
    rec = await hub.store.run(hub.store.store.get, game_id)
    room = hub.rooms.get(game_id)
    if rec is not None and room is not None:
        async with room.lock:
            room.rec = rec
            hub._resend_states(room)
        hub._schedule_bots(room)
    return rec


async def sweep(hub: Hub) -> None:
    """Close the tables nobody filled in time."""
    await hub.store.run(expire, hub.store.store.engine, time.time() - hub.settings.table_hours * 3600)
