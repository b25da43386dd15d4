"""Chat at each table: lines said over the game's WebSocket, kept with the game, and the host's rules of the chat.

A seat or a spectator says `{"type": "chat", "text": "..."}`; everyone at the table receives `{"type": "chat",
"line": {...}}` (a spectator's line is marked `spectator`, and clients show those apart). Text is plain: control
characters are dropped and nothing is interpreted, at most `Settings.chat_length` characters, at most
`Settings.chat_rate` lines per address and seat. The host (with the host token) turns spectators' lines off or back
on and mutes or unmutes a seat (`POST /api/games/{id}/chat`). A refusal is an `error` whose `code` the client
words in its reader's language (`web.chat.<code>`): `chat_off`, `muted`, `bad_chat`, `too_long`, `rate_limited`.
Lines are kept with the game (table `chat`) with the position they were said in, so the replay shows them there.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import Engine, insert, select, update

from .db import chat as chat_lines
from .db import games
from .guard import Client
from .lobby import ERRORS, ApiError, Bearer, _bearer
from .rooms import Conn, Room, dumps
from .schemas import Strict
from .store import notice, notify
from .tokens import token_hash

if TYPE_CHECKING:
    from .hub import Hub

router = APIRouter(prefix="/api", tags=["chat"])
HISTORY = 100  # lines sent to a client as it opens the table (the latest)
DEFAULTS: dict[str, Any] = {"spectators": "apart", "muted": []}


class ChatRulesIn(Strict):
    spectators: Literal["apart", "off"] | None = Field(None, description="spectators' lines shown apart, or off")
    muted: list[Annotated[int, Field(ge=0, le=15)]] | None = Field(None, max_length=16,
                                                                   description="the seats that may not chat")


class ChatRules(BaseModel):
    game_id: str
    spectators: str
    muted: list[int]


def rules_of(room_or_rules: Room | dict[str, Any] | None) -> dict[str, Any]:
    """The chat rules of a game (the defaults where the host changed nothing)."""
    found = room_or_rules.rec.chat if isinstance(room_or_rules, Room) else room_or_rules
    return {**DEFAULTS, **(found or {})}


def clean(text_in: str) -> str:
    """Plain text: control characters (line breaks too) dropped, blanks around removed."""
    return "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text_in).strip()


def line_of(row: Any) -> dict[str, Any]:
    """A stored line as clients receive it (the speaker by seat number; `spectator` when it was none)."""
    return {"id": row["id"], "seat": row["seat"], "spectator": row["seat"] is None, "text": row["text"],
            "version": row["version"], "at": row["at"]}


# -- storage -----------------------------------------------------------------------------------------------------
def add_line(engine: Engine, game_id: str, seat: int | None, said: str, version: int,
             origin: str) -> dict[str, Any]:
    """Store a line; on PostgreSQL the other server processes hear of it (`NOTIFY`, status `chat`; `origin` names
    this process, see `store.notice`)."""
    with engine.begin() as conn:
        row = conn.execute(insert(chat_lines).values(game_id=game_id, seat=seat, text=said, version=version,
                                                     at=time.time()).returning(*chat_lines.c)).mappings().one()
        if engine.dialect.name == "postgresql":
            notify(conn, notice(game_id, row["id"], "chat", origin))
    return line_of(row)


def lines(engine: Engine, game_id: str, upto: int | None = None, after: int = 0) -> list[dict[str, Any]]:
    """The latest `HISTORY` lines of a game (said up to position `upto` when given; with an id above `after`)."""
    query = select(chat_lines).where(chat_lines.c.game_id == game_id, chat_lines.c.id > after)
    if upto is not None:
        query = query.where(chat_lines.c.version <= upto)
    with engine.connect() as conn:
        rows = conn.execute(query.order_by(chat_lines.c.id.desc()).limit(HISTORY)).mappings().all()
    return [line_of(r) for r in reversed(rows)]


def set_rules(engine: Engine, game_id: str, host_hash: str, rules: dict[str, Any]) -> bool:
    """Store the host's chat rules, if `host_hash` is the game's host token."""
    with engine.begin() as conn:
        done = conn.execute(update(games).where(games.c.id == game_id, games.c.host_hash == host_hash)
                            .values(chat=rules))
        return bool(done.rowcount)


# -- live ----------------------------------------------------------------------------------------------------------
def history(room: Room, said: list[dict[str, Any]]) -> str:
    """The message a client gets after the state when it opens the table: the latest lines and the rules."""
    return dumps({"type": "chat_log", "lines": said, **rules_of(room)})


async def say(hub: Hub, room: Room, conn: Conn, client: Client, msg: dict[str, Any]) -> dict[str, Any] | None:
    """A line said at the table: stored, then sent to everyone there; returns the refusal (an `error`), if any."""
    settings = hub.settings
    said = msg.get("text")
    if not settings.chat:
        return _refused("chat_off", "this server has no chat")
    if not isinstance(said, str) or not clean(said):
        return _refused("bad_chat", "a chat line is {\"type\": \"chat\", \"text\": \"...\"} with some visible text")
    said = clean(said)
    if len(said) > settings.chat_length:
        return _refused("too_long", f"a chat line is at most {settings.chat_length} characters")
    rules = rules_of(room)
    if conn.seat is None and rules["spectators"] == "off":
        return _refused("chat_off", "the host has turned the spectators' chat off")
    if conn.seat is not None and conn.seat in rules["muted"]:
        return _refused("muted", "the host has muted your seat in the chat")
    hub.guard.hit("chat lines", client)
    line = await hub.store.run(add_line, hub.store.store.engine, room.id, conn.seat, said, room.moves,
                               hub.store.store.origin)
    tell(room, line)
    return None


def tell(room: Room, line: dict[str, Any]) -> None:
    """Send one line to every client of the room (once: a line this process has told already is not repeated)."""
    if line["id"] <= room.chat_heard:
        return
    room.chat_heard = line["id"]
    room.announce({"type": "chat", "line": line})


async def notified(hub: Hub, game_id: str, line_id: int) -> None:
    """Another process stored a line: its clients there have heard it, ours hear it now."""
    room = hub.rooms.get(game_id)
    if room is None or line_id <= room.chat_heard:
        return
    for line in await hub.store.run(lines, hub.store.store.engine, game_id, None, room.chat_heard):
        tell(room, line)


def _refused(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


# -- HTTP: the host's rules ----------------------------------------------------------------------------------------
@router.post("/games/{game_id}/chat", response_model=ChatRules, responses=ERRORS)
async def set_chat_rules(game_id: str, body: ChatRulesIn, request: Request, authorization: Bearer = None) -> ChatRules:
    """With the host token: turn the spectators' chat off (`"spectators": "off"`) or back on (`"apart"`), and set
    the seats that may not chat (`muted`). Everyone at the table hears the new rules (`chat_rules`)."""
    hub: Hub = request.app.state.hub
    host = _bearer(authorization)
    rec = await hub.store.run(hub.store.store.get, game_id)
    if rec is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    rules = rules_of(rec.chat)
    if body.spectators is not None:
        rules["spectators"] = body.spectators
    if body.muted is not None:
        if any(s >= rec.players for s in body.muted):
            raise ApiError(400, f"the game has {rec.players} seats (0 to {rec.players - 1})", "bad_seat")
        rules["muted"] = sorted(set(body.muted))
    if not await hub.store.run(set_rules, hub.store.store.engine, game_id, token_hash(host), rules):
        raise ApiError(403, "this needs the game's host token", "bad_token")
    room = hub.rooms.get(game_id)
    if room is not None:
        room.rec.chat = rules
        room.announce({"type": "chat_rules", **rules})
    return ChatRules(game_id=game_id, **rules)
