"""Help for a player at the table: a bot's suggestion for the seat's move, and the game's how-to-play page.

The suggestion is what the server's greedy bot would play from the asking seat's table (its view, its legal
actions and samples of what it cannot see: `Game.seat_table`), so it knows nothing the seat does not. Asking is
counted against the `hint_rate` limit per address and per seat.

The how-to-play page is the `HOWTO.md` of the game's package (its pictures drawn in the reader's language by
`meeple.server.pictures`), a rules summary its `RULES.md` when it ships one
(each `<stem>.<lang>.md` first when the game has one in the reader's language), rendered to HTML with markdown-it;
raw HTML in the file is not passed through.
"""

from __future__ import annotations

import asyncio
import html
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple import i18n
from meeple.agents.simple import GreedyAgent
from meeple.engine import get_rules
from meeple.engine.errors import UnknownGame

from . import faces, pictures
from .lobby import ERRORS, ApiError, Bearer, _hub, _lang, _room, client_of, seat_of

PICTURE = "picture:"  # an image of a page written `![](picture:NAME)` is the game's picture NAME (`pictures`)
HINT_LEVEL = GreedyAgent.level  # the bot that answers: fast, and it plays a whole game sensibly

router = APIRouter(tags=["help"])


class Reason(BaseModel):
    """Why a move is suggested, as a message of the game's catalogue that the face renders in its language."""

    msg: str = Field(description="message id of the game's catalogue")
    params: dict[str, Any] = Field(default_factory=dict, description="the message's parameters")


class Hint(BaseModel):
    """A suggested move for the asking seat."""

    action: str = Field(description="the suggested action, one of the seat's legal actions")
    version: int = Field(description="the position (number of actions played) the suggestion is for")
    level: str = Field(description="the bot level that suggested it")
    reason: Reason | None = Field(default=None, description="why, in the game's words; null: the game gives none")


@router.post("/api/games/{game_id}/hint", response_model=Hint, responses=ERRORS)
async def hint(game_id: str, request: Request, authorization: Bearer = None) -> Hint:
    """What the server's greedy bot would play for this seat now, from what the seat sees only (its view and legal
    actions). 409 `not_your_move` when the seat does not decide now; 429 over the hint rate."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    assert seat is not None
    hub.guard.hit("hints", client_of(request, game_id, seat))
    room = await _room(hub, game_id)
    try:
        async with room.lock:
            if room.over:
                raise ApiError(409, "the game is over", "over")
            if seat not in room.game.deciders():
                raise ApiError(409, "it is not this seat's move", "not_your_move")
            table = room.game.seat_table(seat)  # the position it holds is never changed in place
            version, moves = room.version, room.moves
    finally:
        hub.release(room)
    action, why = await asyncio.to_thread(GreedyAgent(seed=version).suggest, table)
    reason = Reason(msg=why.msg, params=dict(why.params)) if why is not None else None
    return Hint(action=action, version=moves, level=HINT_LEVEL, reason=reason)


@router.get("/rules/{game}", include_in_schema=False)
def rules_page(game: str, lang: Annotated[str | None, Query(max_length=200)] = None,
               accept_language: Annotated[str | None, Header(max_length=500)] = None) -> HTMLResponse:
    """The game's rules summary as a page (its language: the one asked for, else the request's, else English)."""
    return _page(game, _lang(lang, accept_language), faces.RULES_FILE)


@router.get("/howto/{game}/{name}.svg", include_in_schema=False)
def howto_picture(game: str, name: str, lang: Annotated[str | None, Query(max_length=200)] = None,
                  accept_language: Annotated[str | None, Header(max_length=500)] = None) -> Response:
    """A picture of the how-to-play page (an action a player takes), its words in the reader's language."""
    try:
        drawn = pictures.picture(game, name, _lang(lang, accept_language))
    except UnknownGame:
        drawn = None
    if drawn is None:
        raise StarletteHTTPException(404, f"game {game!r} has no picture {name!r}")
    return Response(drawn, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


@router.get("/howto/{game}", include_in_schema=False)
def howto_page(game: str, lang: Annotated[str | None, Query(max_length=200)] = None,
               accept_language: Annotated[str | None, Header(max_length=500)] = None) -> HTMLResponse:
    """How to play the game, for players, as a page (`HOWTO.md` of its package, `HOWTO.<lang>.md` first)."""
    return _page(game, _lang(lang, accept_language), faces.HOWTO_FILE)


def _page(game: str, language: str, stem: str) -> HTMLResponse:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

    found = faces.rules_file(game, language, stem)
    if found is None:
        raise StarletteHTTPException(404, f"game {game!r} has no such page")
    text, written_in = found
    title = get_rules(game).spec.title
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(text)
    for token in tokens:
        for child in token.children or []:
            src = str(child.attrGet("src") or "") if child.type == "image" else ""
            if src.startswith(PICTURE):  # `![](picture:dial)`: the game's picture, drawn in the page's language
                name = src[len(PICTURE):]
                child.attrSet("src", f"/howto/{game}/{name}.svg?lang={written_in}")
                child.children = [Token("text", "", 0, content=pictures.caption(game, name, written_in) or name)]
    body = md.renderer.render(tokens, md.options, {})
    page = (f'<!doctype html><html lang="{html.escape(written_in)}" dir="{i18n.direction(written_in)}"><head>'
            '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><main class="rules-page">{body}</main></body></html>')
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


