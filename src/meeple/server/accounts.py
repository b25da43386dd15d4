"""Accounts, optional: a name and a password (Argon2, through argon2-cffi), sessions kept server-side in a cookie.

The server works without them as before (seat tokens). With an account a player logs in (`POST /api/sessions`: a
cookie `meeple_session`, HttpOnly, SameSite=Lax, Secure when the request came over TLS), and the seats they create
or take at an open table are theirs: their games are listed and their rated games count on the ladder. A session is
a random value whose SHA-256 is stored with its account and expiry, so logging out (`DELETE /api/sessions`) revokes
it at once. Login attempts are counted per address and per account name (`login_rate`): a wrong password is 401
`bad_login`, and past the rate every attempt is 429 whatever the password. A state-changing request that carries the
session cookie must come from this server's own pages (`Origin`, else `Sec-Fetch-Site`): a cross-site form post is
refused 403 `bad_origin`. Passwords and session values are never logged.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.types import ASGIApp, Receive, Scope, Send

from .db import accounts, seats, sessions
from .guard import Client
from .lobby import ERRORS, NAME, ApiError, clean_name, client_of, summary
from .schemas import GameSummary, Strict
from .store import notice, notify

if TYPE_CHECKING:
    from .hub import Hub

router = APIRouter(prefix="/api", tags=["accounts"])
COOKIE = "meeple_session"
SESSION_DAYS = 30
HASHER = PasswordHasher()  # argon2id with the library's current recommended parameters
_DUMMY = HASHER.hash("a password nobody has")  # verified for unknown names, so both take the same time


class AccountIn(Strict):
    name: str = Field(min_length=1, max_length=40, pattern=NAME)
    password: str = Field(min_length=8, max_length=200)


class LoginIn(Strict):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class Me(BaseModel):
    name: str


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


# -- storage ---------------------------------------------------------------------------------------------------------
def add_account(engine: Engine, name: str, password_hash: str) -> bool:
    try:
        with engine.begin() as conn:
            conn.execute(insert(accounts).values(name=name, name_key=_key(name), password_hash=password_hash,
                                                 created_at=time.time()))
    except IntegrityError:
        return False
    return True


def find_account(engine: Engine, name: str) -> tuple[int, str, str] | None:
    with engine.connect() as conn:
        row = conn.execute(select(accounts.c.id, accounts.c.name, accounts.c.password_hash)
                           .where(accounts.c.name_key == _key(name))).first()
    return None if row is None else (row[0], row[1], row[2])


def set_hash(engine: Engine, account_id: int, password_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))


def add_session(engine: Engine, account_id: int, id_hash: str, expires: float) -> None:
    with engine.begin() as conn:
        conn.execute(insert(sessions).values(id_hash=id_hash, account_id=account_id, created_at=time.time(),
                                             expires_at=expires))


def session_account(engine: Engine, id_hash: str) -> tuple[int, str] | None:
    """The account of a live session (None: unknown, revoked or expired)."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts.c.id, accounts.c.name).join(sessions, sessions.c.account_id == accounts.c.id)
                           .where(sessions.c.id_hash == id_hash, sessions.c.expires_at > time.time())).first()
    return None if row is None else (row[0], row[1])


def session_of(engine: Engine, id_hash: str) -> tuple[int, float] | None:
    """The account of a live session and when the session expires."""
    with engine.connect() as conn:
        row = conn.execute(select(sessions.c.account_id, sessions.c.expires_at)
                           .where(sessions.c.id_hash == id_hash, sessions.c.expires_at > time.time())).first()
    return None if row is None else (row[0], row[1])


def seat_holder(engine: Engine, game_id: str, seat: int) -> int | None:
    """The account that holds a seat (None: no account, or its player resigned and a bot plays it)."""
    with engine.connect() as conn:
        found = conn.execute(select(seats.c.account_id).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                              seats.c.resigned_at.is_(None)))
        return found.scalar_one_or_none()


def account_seats(engine: Engine, account_id: int) -> list[tuple[str, int]]:
    with engine.connect() as conn:
        return [(r[0], r[1]) for r in conn.execute(select(seats.c.game_id, seats.c.seat)
                                                   .where(seats.c.account_id == account_id).limit(200))]


def drop_session(engine: Engine, id_hash: str, origin: str) -> None:
    """Revoke a session; on PostgreSQL every other server process hears of it (`NOTIFY`, status `logout`) and closes
    the sockets whose seat the session proved there (`closed_session`)."""
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.id_hash == id_hash))
        if engine.dialect.name == "postgresql":
            notify(conn, notice(id_hash, 0, "logout", origin))


def closed_session(hub: Hub, id_hash: str) -> None:
    """A session was revoked: the WebSockets of this process whose seat it proved are closed (4403)."""
    for close in list(hub.session_conns.pop(id_hash, ())):
        close()


def claim_seat(engine: Engine, game_id: str, seat: int, account_id: int) -> None:
    """The seat is the account's (its games, the ladder)."""
    with engine.begin() as conn:
        conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                     .values(account_id=account_id))


# -- who is asking ---------------------------------------------------------------------------------------------------
async def account_of(request: Request) -> tuple[int, str] | None:
    """The account whose live session cookie the request carries (None: no session, or one no longer valid)."""
    value = request.cookies.get(COOKIE)
    if not value or len(value) > 200:
        return None
    hub: Hub = request.app.state.hub
    return await hub.store.run(session_account, hub.store.store.engine, _digest(value))


# -- HTTP ------------------------------------------------------------------------------------------------------------
@router.post("/accounts", response_model=Me, status_code=201, responses=ERRORS)
async def create_account(body: AccountIn, request: Request) -> Me:
    """Open an account: a name (unique, whatever its case) and a password of at least 8 characters."""
    hub: Hub = request.app.state.hub
    hub.guard.hit("games created", client_of(request))  # the same allowance per address as new games
    name = clean_name(body.name)
    if name is None:
        raise ApiError(400, "a name needs at least one visible character", "bad_name")
    hashed = await asyncio.to_thread(HASHER.hash, body.password)
    if not await hub.store.run(add_account, hub.store.store.engine, name, hashed):
        raise ApiError(409, "this name is taken", "name_taken")
    return Me(name=name)


@router.post("/sessions", response_model=Me, responses={**ERRORS, 401: ERRORS[403]})
async def log_in(body: LoginIn, request: Request, response: Response) -> Me:
    """Log in: a session cookie (HttpOnly, SameSite=Lax, Secure over TLS). Attempts are limited per address and per
    account name: a wrong name or password is 401, and past the rate every attempt is 429."""
    hub: Hub = request.app.state.hub
    address = client_of(request)
    hub.guard.hit("logins", address)
    hub.guard.hit("logins", Client(f"account:{_key(body.name)}"))
    found = await hub.store.run(find_account, hub.store.store.engine, body.name)
    if not await asyncio.to_thread(_verify, found[2] if found else _DUMMY, body.password) or found is None:
        raise ApiError(401, "wrong name or password", "bad_login")
    account_id, name, stored = found
    if HASHER.check_needs_rehash(stored):
        await hub.store.run(set_hash, hub.store.store.engine, account_id, HASHER.hash(body.password))
    value = secrets.token_urlsafe(32)
    expires = time.time() + SESSION_DAYS * 86_400
    await hub.store.run(add_session, hub.store.store.engine, account_id, _digest(value), expires)
    response.set_cookie(COOKIE, value, max_age=max(1, int(SESSION_DAYS * 86_400)), httponly=True, samesite="lax",
                        path="/", secure=request.url.scheme == "https")
    return Me(name=name)


@router.get("/sessions", response_model=Me, responses={**ERRORS, 401: ERRORS[403]})
async def who_am_i(request: Request) -> Me:
    """The account logged in with this request's session (401 when none)."""
    found = await account_of(request)
    if found is None:
        raise ApiError(401, "not logged in", "no_session")
    return Me(name=found[1])


@router.delete("/sessions", status_code=204, responses=ERRORS)
async def log_out(request: Request) -> Response:
    """Log out: the session is revoked on the server at once, its open sockets are closed (on every server process),
    and the cookie cleared."""
    hub: Hub = request.app.state.hub
    value = request.cookies.get(COOKIE)
    if value:
        await hub.store.run(drop_session, hub.store.store.engine, _digest(value), hub.store.store.origin)
        closed_session(hub, _digest(value))  # its open sockets here close at once, the other processes' on notice
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    return response


@router.get("/accounts/me/games", response_model=list[GameSummary], responses={**ERRORS, 401: ERRORS[403]})
async def my_account_games(request: Request) -> list[GameSummary]:
    """With the session: the games whose seats the account holds (open one with `/play/{id}?seat=N`: the page
    says hello with the seat, and the session proves it, on any device)."""
    hub: Hub = request.app.state.hub
    found = await account_of(request)
    if found is None:
        raise ApiError(401, "not logged in", "no_session")
    out = []
    for game_id, seat in await hub.store.run(account_seats, hub.store.store.engine, found[0]):
        rec = await hub.store.run(hub.store.store.get, game_id)
        if rec is not None:
            out.append(summary(rec, seat))
    return sorted(out, key=lambda g: -g.updated_at)


async def seat_by_session(hub: Hub, cookie_header: str, game_id: str, seat: Any) -> tuple[int, float, str] | None:
    """The seat of a WebSocket's hello without a token, proven by the session cookie of its upgrade request: (seat,
    when the session expires, the session's hash), or None when the session does not hold that seat."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        return None
    value = next((part.split("=", 1)[1] for part in cookie_header.split(";")
                  if part.strip().startswith(f"{COOKIE}=")), None)
    if not value or len(value) > 200:
        return None
    engine = hub.store.store.engine
    found = await hub.store.run(session_of, engine, _digest(value.strip()))
    if found is None or await hub.store.run(seat_holder, engine, game_id, seat) != found[0]:
        return None
    return seat, found[1], _digest(value.strip())


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


# -- cross-site requests ---------------------------------------------------------------------------------------------
class OriginCheck:
    """A state-changing request carrying the session cookie must come from this server's pages: its `Origin` (else
    its `Sec-Fetch-Site`) says so. A form posted from another site is refused (403 `bad_origin`) before any work."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS") and cross_site(scope):
            from .lobby import problem

            await problem(403, "a request with your session must come from this server's pages",
                          "bad_origin")(scope, receive, send)
            return
        await self.app(scope, receive, send)


def cross_site(scope: Scope) -> bool:
    """Whether a request carrying the session cookie comes from another site (a WebSocket's too: its `Origin` is the
    page's, http or https, while its own scheme is ws or wss)."""
    headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
    if f"{COOKIE}=" not in headers.get("cookie", ""):
        return False  # without the session nothing of an account is at stake (seat tokens are never cookies)
    origin = headers.get("origin")
    if origin is not None:
        scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
        own = {f"{scheme}://{headers.get('host', '')}"}
        app = scope.get("app")
        public = getattr(getattr(getattr(app, "state", None), "hub", None), "settings", None)
        if public is not None and public.public_url:
            own.add(public.public_url.rstrip("/"))
        return origin.rstrip("/") not in own
    return headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")
