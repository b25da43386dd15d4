"""PostgreSQL LISTEN/NOTIFY: server processes sharing one database hear each other's moves."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from . import chat
from .store import NOTIFY_CHANNEL, libpq_url

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("meeple.server")


async def listen(url: str, hub: Hub, ready: asyncio.Event) -> None:
    """Forward every notification to the hub; reconnect after a lost connection.

    `ready` is set once listening, so the server opens its doors only when it can hear the others. After a
    reconnection the hub catches up with whatever was missed meanwhile.
    """
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                if ready.is_set():
                    await hub.catch_up()
                ready.set()
                async for note in conn.notifies():
                    await _dispatch(hub, note.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("lost the PostgreSQL notification connection; reconnecting")
            await asyncio.sleep(1)


async def _dispatch(hub: Hub, payload: str) -> None:
    """Act on a notification (see `store.notice`), unless this process sent it: it told its clients already."""
    try:
        game_id, version, status, *sender = payload.split(":")  # a process of an earlier version names no sender
        if sender == [hub.store.store.origin]:
            return
        if status == "logout":  # a session was revoked there (the subject is its hash)
            from .accounts import closed_session  # which imports the lobby, which imports the hub

            closed_session(hub, game_id)
            return
        if status == "chat":  # a chat line said there (the number is the line's)
            await chat.notified(hub, game_id, int(version))
            return
        await hub.notified(game_id, int(version), status)
    except Exception:
        log.exception("bad notification %r", payload)
