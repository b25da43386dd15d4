"""The FastAPI application: lobby API, live WebSocket, web client files, health check and background tasks."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import meeple

from . import accounts, chat, faces, help, ladder, live, lobby, mail, memory, profiles, tables
from .bots import BotPool
from .config import Settings, database_url
from .guard import Client, Guard, Limited
from .hub import Hub
from .listen import listen
from .schemas import Health, Problem
from .store import AsyncStore, Store

log = logging.getLogger("meeple.server")
WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the server; storage is opened (and migrated) when the app starts."""
    settings = settings or Settings()
    settings.database = database_url(settings.database)
    guard = Guard(settings)  # shared with the sockets (meeple serve), so the limits hold before any request is read

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database)
        await asyncio.to_thread(store.migrate)
        astore = AsyncStore(store)
        bots = BotPool(settings.bot_workers)
        hub = Hub(settings, astore, bots, guard)
        app.state.hub = hub
        guard.reserve_upgrade = lambda path: live.reserve(hub, path)
        tasks = [asyncio.create_task(_sweeper(hub))]
        if settings.gc_freeze_every is not None:
            memory.tune()
            tasks.append(asyncio.create_task(memory.keeper(settings.gc_freeze_every, settings.gc_full_every)))
        if store.is_postgres:
            listening = asyncio.Event()
            tasks.append(asyncio.create_task(listen(settings.database, hub, listening)))
            await asyncio.wait_for(listening.wait(), 30)
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await hub.close()
            bots.close()
            await astore.close()

    app = MeepleApp(
        title="Meeple", version=meeple.__version__, lifespan=lifespan,
        description="Play board games in the browser: lobby over HTTP, live play over the WebSocket "
                    "`/ws/games/{id}` (see `meeple.server.live` for its messages).",
    )
    app.state.guard = guard
    app.add_middleware(accounts.OriginCheck)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(RequestRate)
    app.add_middleware(SecurityHeaders)
    app.include_router(lobby.router)
    app.include_router(help.router)
    app.include_router(chat.router)
    app.include_router(tables.router)
    app.include_router(accounts.router)
    app.include_router(ladder.router)
    app.include_router(profiles.router)
    app.include_router(mail.router)
    _add_errors(app)
    _add_pages(app)

    @app.get("/healthz", response_model=Health, responses={503: {"model": Health}}, tags=["health"])
    async def healthz(request: Request) -> Any:
        """200 when the database answers."""
        hub: Hub = request.app.state.hub
        name = hub.store.store.engine.dialect.name
        try:
            await asyncio.wait_for(hub.store.run(hub.store.store.ping), 5)
        except Exception:
            return JSONResponse({"ok": False, "database": name}, status_code=503)
        return Health(ok=True, database=name)

    return app


class MeepleApp(FastAPI):
    """The FastAPI application, with live play (`/ws/games/{id}`) answered ahead of its routing and middleware.

    Those layers do nothing for a WebSocket of live play, yet every message sent and every resumption of the
    connection's tasks would pass through all of them; the lobby, the pages and the API go through them as usual."""

    def build_middleware_stack(self) -> ASGIApp:
        stack = super().build_middleware_stack()

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "websocket":
                game_id = live.game_of(scope["path"])
                if game_id is not None:
                    await live.serve(scope, receive, send, game_id)
                    return
            await stack(scope, receive, send)

        return app


def _add_errors(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 400:
            # FastAPI's answer to a body it could not read (not UTF-8, JSON nested too deep): a malformed request.
            return JSONResponse({"detail": "the body is not JSON that can be read: it must be UTF-8 text, nested at "
                                           "most a few hundred levels deep", "code": "invalid"}, status_code=422)
        if exc.status_code == 405:
            # Starlette names only the first route of the path; list the methods of every route there.
            headers["Allow"] = ", ".join(_allowed(request))
        return JSONResponse({"detail": exc.detail, "code": None}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(lobby.ApiError)
    async def api_error(_request: Request, exc: lobby.ApiError) -> JSONResponse:
        return lobby.problem(exc.status, exc.detail, exc.code)

    @app.exception_handler(Limited)
    async def limited(_request: Request, exc: Limited) -> JSONResponse:
        return rate_limited(exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"detail": "; ".join(parts) or "invalid request", "code": "invalid"}, status_code=422)


def rate_limited(exc: Limited) -> JSONResponse:
    return JSONResponse({"detail": exc.message, "code": exc.code}, status_code=exc.status,
                        headers={"Retry-After": str(exc.retry_after)})


# The pages load only their own scripts, styles and renderer files, talk only to this server (HTTP and WebSocket),
# and may not be framed by another site. The API's own documentation pages (/docs, /redoc) load their viewer from
# a CDN and are left without a policy.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer")]


class SecurityHeaders:
    """Content-Security-Policy (with frame-ancestors), X-Frame-Options and nosniff on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(SECURITY_HEADERS)
        if scope["path"] not in ("/docs", "/redoc"):
            extra.append((b"content-security-policy", CSP.encode()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RequestRate:
    """The rate of HTTP API requests per address (`Settings.http_rate`), ahead of any other work."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            hub: Hub = scope["app"].state.hub
            try:
                hub.guard.hit("requests", Client(live.client_ip(scope)))
            except Limited as exc:
                await rate_limited(exc)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _allowed(request: Request) -> list[str]:
    methods: set[str] = set()
    for route in request.app.routes:
        regex = getattr(route, "path_regex", None)
        if regex is not None and regex.match(request.url.path) and getattr(route, "methods", None):
            methods |= set(route.methods)
    return sorted(methods)


def _add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/games/{game}/{name}", include_in_schema=False)
    async def game_file(game: str, name: str) -> Response:
        """A file of a game's browser renderer, from the `web/` folder of the game's package."""
        found = faces.web_file(game, name)
        if found is None:
            raise StarletteHTTPException(404, f"game {game!r} has no renderer file {name!r}")
        kind = faces.MEDIA_TYPES[name.rsplit(".", 1)[1]]
        return Response(found.read_bytes(), media_type=kind, headers={"Cache-Control": "no-cache"})

    @app.get("/profile/{name}", include_in_schema=False)
    async def profile(name: str) -> FileResponse:
        del name  # the page reads it from its own address
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        del game_id  # the page reads it from its own address
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def _sweeper(hub: Hub) -> None:
    """Expired clocks and bot turns left without a driver (the first pass resumes bots after a restart), and the
    rate limits' counts whose windows are over."""
    rounds = 0
    while True:
        try:
            grace = 0.0 if rounds == 0 else hub.settings.stall_grace
            await hub.sweep(time.time() - grace)
            hub.guard.expire()
            if rounds % 60 == 0:
                await tables.sweep(hub)  # open tables nobody filled in time close
            if rounds % 5 == 0:
                await mail.send_due(hub)  # "your move" e-mails (with --smtp)
            if rounds % 10 == 9:
                await hub.catch_up()  # a safety net under notifications (and the only sync between SQLite servers)
            rounds += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("sweep failed")
        await asyncio.sleep(hub.settings.sweep_interval)


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, whether or not they announce their length."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit():
                if int(value) > self.limit:
                    await _too_large(send, self.limit)
                    return
                await self.app(scope, receive, send)  # the HTTP parser holds the body to the length announced
                return
        # No length announced (chunked): the body is read here, up to the limit, before the application sees any of
        # it; an error raised while the application read it would be taken for a malformed body (422).
        parts: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                parts.append(message)
                break
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            parts.append(message)
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return parts.pop(0) if parts else await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    body = Problem(detail=f"request bodies are limited to {limit} bytes", code="too_large").model_dump_json()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body.encode()})
