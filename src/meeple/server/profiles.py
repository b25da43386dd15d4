"""An account's profile, for everyone to read: its name, its finished games with each one's result for it, its
ratings on the ladder of each game. The account's owner (its session) also sees its games still in play, so as to
open them; nobody else does, and nothing of a game in play is told beyond that it goes on. No token, seed or stored
action ever leaves here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field
from sqlalchemy import Engine, select

from meeple.engine import get_rules
from meeple.engine.errors import UnknownGame

from .accounts import _key, account_of
from .db import accounts, games, ratings, seats
from .ladder import ladder
from .lobby import ERRORS, ApiError

if TYPE_CHECKING:
    from .hub import Hub

router = APIRouter(prefix="/api", tags=["accounts"])
GAMES_SHOWN = 100  # the latest games of a profile


class ProfileGame(BaseModel):
    id: str
    game: str
    title: str
    players: int
    seat: int = Field(description="the account's seat")
    status: str = Field(description="`over` (or another end), or `active`/`open`: shown to the owner only")
    place: int | None = Field(None, description="the account's place in the ranking (1: first), once over")
    won: bool | None = Field(None, description="whether the account's seat is among the winners, once over")
    draw: bool | None = None
    resigned: bool = Field(False, description="the account's player resigned and a bot played the seat on")
    updated_at: float


class ProfileRating(BaseModel):
    game: str
    title: str
    rating: float
    games: int
    provisional: bool
    rank: int = Field(description="the account's place on the game's ladder (1: first)")


class Profile(BaseModel):
    name: str
    since: float = Field(description="when the account was opened")
    own: bool = Field(description="the request's session is this account's")
    games: list[ProfileGame]
    ratings: list[ProfileRating]


def _title(game: str) -> str:
    try:
        return get_rules(game).spec.title
    except UnknownGame:
        return game


def find_profile(engine: Engine, name: str) -> tuple[int, str, float] | None:
    with engine.connect() as conn:
        row = conn.execute(select(accounts.c.id, accounts.c.name, accounts.c.created_at)
                           .where(accounts.c.name_key == _key(name))).first()
    return None if row is None else (row[0], row[1], row[2])


def profile_games(engine: Engine, account_id: int, own: bool) -> list[ProfileGame]:
    query = (select(games.c.id, games.c.game, games.c.players, games.c.status, games.c.result, games.c.updated_at,
                    seats.c.seat, seats.c.resigned_at)
             .join(seats, seats.c.game_id == games.c.id).where(seats.c.account_id == account_id))
    if not own:
        query = query.where(games.c.status.notin_(("active", "open")))
    query = query.order_by(games.c.updated_at.desc()).limit(GAMES_SHOWN)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    out = []
    for r in rows:
        result: dict[str, Any] | None = r.result if r.status not in ("active", "open") else None
        place = won = draw = None
        if result:
            place = next((i for i, group in enumerate(result.get("ranking") or [], 1) if r.seat in group), None)
            won, draw = r.seat in (result.get("winners") or []), bool(result.get("draw"))
        out.append(ProfileGame(id=r.id, game=r.game, title=_title(r.game), players=r.players, seat=r.seat,
                               status=r.status, place=place, won=won, draw=draw, resigned=r.resigned_at is not None,
                               updated_at=r.updated_at))
    return out


def profile_ratings(engine: Engine, account_id: int) -> list[ProfileRating]:
    player = f"account:{account_id}"
    with engine.connect() as conn:
        rated = [row[0] for row in conn.execute(select(ratings.c.game).where(ratings.c.player == player))]
    out = []
    for game in sorted(rated):
        rungs = ladder(engine, game)
        for rank, rung in enumerate(rungs, 1):
            if rung.player == player:
                out.append(ProfileRating(game=game, title=_title(game), rating=rung.rating, games=rung.games,
                                         provisional=rung.provisional, rank=rank))
    return out


@router.get("/profiles/{name}", response_model=Profile, responses=ERRORS)
async def get_profile(request: Request, name: str = Path(min_length=1, max_length=40)) -> Profile:
    """An account's profile: its name, its finished games with its result in each (its games still in play too,
    for its owner), and its ratings on each game's ladder. 404 `no_account` for a name nobody holds."""
    hub: Hub = request.app.state.hub
    engine = hub.store.store.engine
    found = await hub.store.run(find_profile, engine, name)
    if found is None:
        raise ApiError(404, "no account has this name", "no_account")
    account_id, shown, since = found
    me = await account_of(request)
    own = me is not None and me[0] == account_id
    played = await hub.store.run(profile_games, engine, account_id, own)
    rated = await hub.store.run(profile_ratings, engine, account_id)
    return Profile(name=shown, since=since, own=own, games=played, ratings=rated)
