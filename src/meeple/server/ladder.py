"""A ladder per game: OpenSkill ratings (the Plackett-Luce model of the `openskill` library) of accounts and of each
bot level, updated when a rated game ends.

A game is rated when its creator asked for it (`rated` at creation, the default), every seat is held by an account
or played by a bot, and no seat took an action back or resigned (an undo or a seat handed to a bot marks the game
`unrated`). Each finished game is rated once, by whichever server process first marks it (`rated_at`).
`GET /api/ladder/{game}` lists the players by their displayed rating (mu - 3 sigma, the library's `ordinal`), each
with its number of rated games; fewer than `PROVISIONAL` games mark a rating provisional.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from openskill.models import PlackettLuce
from pydantic import BaseModel
from sqlalchemy import Engine, select, update

from meeple.engine import get_rules
from meeple.engine.errors import UnknownGame

from .db import accounts, games, ratings, seats
from .lobby import ERRORS, ApiError

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("meeple.server")
router = APIRouter(prefix="/api", tags=["ladder"])
MODEL = PlackettLuce()
PROVISIONAL = 5  # rated games before a rating is no longer provisional


class Rung(BaseModel):
    player: str
    name: str
    kind: str
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool


def mark_unrated(engine: Engine, game_id: str) -> None:
    """A seat took an action back: the game will not count on the ladder."""
    with engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game_id).values(unrated=True))


def rate(engine: Engine, game_id: str) -> bool:
    """Rate a finished game, once; returns whether this call rated it."""
    with engine.begin() as conn:
        row = conn.execute(select(games.c.game, games.c.result, games.c.rated, games.c.unrated, games.c.status)
                           .where(games.c.id == game_id)).first()
        if row is None or row.status != "over" or not row.rated or row.unrated or not row.result:
            return False
        held = conn.execute(select(seats.c.seat, seats.c.kind, seats.c.level, seats.c.account_id)
                            .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
        players = [f"account:{s.account_id}" if s.account_id is not None else f"bot:{s.level}" if s.kind == "bot"
                   else None for s in held]
        if any(p is None for p in players) or len(set(players)) != len(players):
            return False  # a seat of nobody's account, or one player at two seats: not rated
        if conn.execute(update(games).where(games.c.id == game_id, games.c.rated_at.is_(None))
                        .values(rated_at=time.time())).rowcount != 1:
            return False  # another process rated it
        stored = {r.player: r for r in conn.execute(select(ratings).where(ratings.c.game == row.game,
                                                                          ratings.c.player.in_(players)))}
        ranks = _ranks(row.result, len(players))
        teams = [[MODEL.rating(mu=stored[p].mu, sigma=stored[p].sigma) if p in stored else MODEL.rating()]
                 for p in players]
        new = MODEL.rate(teams, ranks=ranks)
        for player, [rating] in zip(players, new, strict=True):
            assert player is not None
            values = {"mu": rating.mu, "sigma": rating.sigma}
            if player in stored:
                conn.execute(update(ratings).where(ratings.c.game == row.game, ratings.c.player == player)
                             .values(**values, games=stored[player].games + 1))
            else:
                conn.execute(ratings.insert().values(game=row.game, player=player, games=1, **values))
        return True


def _ranks(result: dict[str, Any], players: int) -> list[float]:
    """Each seat's place from the result's ranking (groups of seats tied), 1 for the first."""
    ranks = [float(players)] * players
    for place, group in enumerate(result.get("ranking") or [], 1):
        for seat in group:
            ranks[seat] = float(place)
    return ranks


def ladder(engine: Engine, game: str) -> list[Rung]:
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.game == game)).all()
        ids = [int(r.player.split(":", 1)[1]) for r in rows if r.player.startswith("account:")]
        names = dict(conn.execute(select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(ids))).all())
    rungs = []
    for r in rows:
        kind, _, who = r.player.partition(":")
        name = names.get(int(who), "?") if kind == "account" else who
        rating = MODEL.rating(mu=r.mu, sigma=r.sigma).ordinal()
        rungs.append(Rung(player=r.player, name=name, kind=kind, rating=round(rating, 2), mu=round(r.mu, 3),
                          sigma=round(r.sigma, 3), games=r.games, provisional=r.games < PROVISIONAL))
    return sorted(rungs, key=lambda rung: -rung.rating)


async def game_over(hub: Hub, game_id: str) -> None:
    """Rate a game that just ended (in the background: nobody waits for it)."""
    try:
        await hub.store.run(rate, hub.store.store.engine, game_id)
    except Exception:
        log.exception("could not rate game %s", game_id)


@router.get("/ladder/{game}", response_model=list[Rung], responses=ERRORS)
async def get_ladder(game: str, request: Request) -> list[Rung]:
    """The ladder of a game: accounts and bot levels by rating (mu - 3 sigma), provisional below 5 rated games."""
    try:
        get_rules(game)
    except UnknownGame as exc:
        raise ApiError(404, str(exc), "unknown_game") from None
    hub: Hub = request.app.state.hub
    return await hub.store.run(ladder, hub.store.store.engine, game)
