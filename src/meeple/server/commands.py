"""`meeple serve`: start the game server (SQLite next to you by default) and print the address to open."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import click

from .config import DEFAULT_SQLITE, Settings, database_url, set_limit, without_client_limits


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--database", "database", default=None, metavar="URL",
              help=f"sqlite:///PATH or postgresql://user@host/db (default: ./{DEFAULT_SQLITE}).")
@click.option("--bot-workers", default=1, show_default=True, type=click.IntRange(0, 64),
              help="Processes that run bots (0: a thread of the server).")
@click.option("--bot-delay", default=0.3, show_default=True, type=click.FloatRange(0, 60),
              help="Seconds a bot waits before each action, so people can follow.")
@click.option("--public-url", default=None, metavar="URL", help="Base of invite links (default: the request's).")
@click.option("--limit", "limits", multiple=True, metavar="NAME=VALUE",
              help="Change a limit per client, e.g. action_rate=5/second or max_connections_per_ip=8 (repeatable; "
                   "see docs/server.md).")
@click.option("--no-client-limits", is_flag=True,
              help="No rate limits or caps per client (load tests on a private address only).")
@click.option("--no-chat", is_flag=True, help="No chat at the tables.")
@click.option("--smtp", default=None, metavar="HOST:PORT", help="Send 'your move' e-mails of slow games through "
              "this SMTP server (to accounts that gave an address).")
@click.option("--trusted-proxy", "proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy whose X-Forwarded-For names the client (repeatable).")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, database: str | None, bot_workers: int, bot_delay: float, public_url: str | None,
          limits: tuple[str, ...], no_client_limits: bool, no_chat: bool, smtp: str | None, proxies: tuple[str, ...],
          log_level: str) -> None:
    """Start the game server: the lobby and games in the browser, live over WebSocket.

    \b
    Examples:
      meeple serve
      meeple serve --port 9000 --database postgresql://meeple@127.0.0.1/meeple
    """
    import uvicorn

    from .app import create_app
    from .sockets import uvicorn_options

    settings = Settings(database=database_url(database), bot_workers=bot_workers, bot_delay=bot_delay,
                        public_url=public_url.rstrip("/") if public_url else None, gc_freeze_every=1.0,
                        trusted_proxies=list(proxies), chat=not no_chat, smtp=smtp)
    if no_client_limits:
        without_client_limits(settings)
    for text in limits:
        try:
            set_limit(settings, text)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--limit") from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = create_app(settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan="on",
                            **uvicorn_options(settings, app.state.guard))
    click.echo(f"Meeple stores games in {_where(settings.database)}")

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and self.servers:
                bound = self.servers[0].sockets[0].getsockname()[1]
                click.echo(f"Open http://{shown}:{bound}/ in your browser (Ctrl+C stops the server).")

    Server(config).run()


def _where(url: str) -> str:
    if url.startswith("sqlite:///"):
        return str(Path(url[len("sqlite:///"):]).resolve())
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
