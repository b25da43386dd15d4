"""HTTP API: the catalogue of games, creating and joining games, listing them, and turn-based play over HTTP."""

from __future__ import annotations

import asyncio
import time
import unicodedata
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse

import meeple
from meeple import i18n
from meeple.agents import LEVEL_HELP, NAMED_LEVELS
from meeple.agents.learned import has_network
from meeple.agents.ratings import level_ratings
from meeple.engine import get_rules
from meeple.engine.errors import MeepleError, UnknownGame

from . import clock as clocks
from . import faces, replays
from .bots import check_level
from .guard import Client
from .hub import Hub, Unplayable
from .rooms import Rejected, Room
from .schemas import (
    Accepted,
    ActionIn,
    Catalog,
    Created,
    CreatedSeat,
    CreateGame,
    GameFace,
    GameInfo,
    GameSummary,
    Invited,
    Joined,
    JoinIn,
    LevelRating,
    LevelRatings,
    LevelStep,
    OptionOut,
    Problem,
    Rematch,
    RematchIn,
    Replay,
    ReplayPage,
    ReplayStep,
    Resigned,
    SeatOut,
    TokensIn,
    UndoIn,
)
from .store import ActionRecord, Conflict, GameRecord, SeatRecord
from .tokens import new_game_id, new_seed, new_token, token_hash

router = APIRouter(prefix="/api", tags=["lobby"])
# The lobby's choice (`learned` only for a game that ships its network); the settings behind the named levels
# (`greedy`, `ismcts:2s`) are valid too.
BOT_LEVELS = [*NAMED_LEVELS, "learned"]
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem}, 403: {"model": Problem}, 404: {"model": Problem}, 409: {"model": Problem},
    413: {"model": Problem}, 422: {"model": Problem}, 429: {"model": Problem},
}
Bearer = Annotated[str | None, Header(description="`Bearer <seat token>`; without it you are a spectator")]


class ApiError(Exception):
    """An HTTP error with a message for people and a code for programs."""

    def __init__(self, status: int, detail: str, code: str | None = None) -> None:
        super().__init__(detail)
        self.status, self.detail, self.code = status, detail, code


def problem(status: int, detail: str, code: str | None = None) -> JSONResponse:
    return JSONResponse({"detail": detail, "code": code}, status_code=status)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


Lang = Annotated[str | None, Query(max_length=200, description="the reader's languages in order of preference "
                                    "(`es`, `pt-BR`, `he,en`); default: the request's Accept-Language, else English")]


def _lang(lang: str | None, accept: str | None) -> str:
    """The language to answer in: the one asked for, else the first of Accept-Language the faces speak."""
    wanted = (lang or accept or "").split(",")  # a list in order of preference, as browsers give it
    wanted = [part.split(";")[0].strip() for part in wanted]
    return i18n.negotiate(wanted)


@router.get("/messages", responses=ERRORS)
def messages(lang: Lang = None, accept_language: Annotated[str | None, Header(max_length=500)] = None
             ) -> dict[str, Any]:
    """The faces' own words (lobby, game screen) in a language, and the languages a reader may choose from."""
    return faces.chrome(_lang(lang, accept_language))


def client_of(request: Request, game_id: str | None = None, seat: int | None = None) -> Client:
    """Who is asking, for the limits: the address (after trusted proxies) and the seat its token holds."""
    ip = request.client.host if request.client else "unknown"
    return Client(ip, None if game_id is None or seat is None else (game_id, seat))


@router.get("/catalog", response_model=Catalog, responses=ERRORS)
def catalog(lang: Lang = None, accept_language: Annotated[str | None, Header(max_length=500)] = None) -> Catalog:
    """The games this server plays, their options (in words of the language asked for), and the bot levels."""
    language = _lang(lang, accept_language)
    infos = []
    for gid in meeple.game_ids():
        spec = get_rules(gid).spec
        words = faces.messages_of(gid, language)
        described = words.get("description")  # the game's description in the reader's language
        infos.append(GameInfo(
            id=spec.id, title=spec.title, description=described if isinstance(described, str) else spec.description,
            min_players=spec.min_players, max_players=spec.max_players, howto=faces.howto_url(gid),
            options=[OptionOut(**o) for o in faces.option_words(spec, words)], levels=measured_levels(spec.id),
            bot_levels=levels_of(gid),
        ))
    return Catalog(games=infos, bot_levels=BOT_LEVELS, bot_help=LEVEL_HELP)


def measured_levels(game_id: str) -> LevelRatings | None:
    """The named levels' ratings the arena measured for a game (shipped with the package), if any."""
    data = level_ratings(game_id)
    if data is None:
        return None
    rows = data.get("levels", {})
    return LevelRatings(
        measured=str(data.get("measured", "")), games=int(data.get("games", 0)), players=int(data.get("players", 0)),
        levels=[LevelRating(level=name, rating=rows[name]["rating"], mu=rows[name]["mu"], sigma=rows[name]["sigma"],
                            games=rows[name]["games"]) for name in NAMED_LEVELS if name in rows],
        steps=[LevelStep(upper=p["upper"], lower=p["lower"], games=p["games"], win_rate=p["win_rate"], low=p["low"],
                         high=p["high"]) for p in data.get("pairs", [])])


@router.get("/catalog/{game}", response_model=GameFace, responses=ERRORS)
def game_face(game: str, lang: Lang = None,
              accept_language: Annotated[str | None, Header(max_length=500)] = None) -> GameFace:
    """What the browser needs to show a game: its options and messages in words (in the language asked for,
    English where the game has no such catalogue), the data its renderer takes from the game's data files, and
    where its renderer is (none: the generic renderer shows the game)."""
    try:
        return GameFace(**faces.face(game, _lang(lang, accept_language)))
    except UnknownGame as exc:
        raise ApiError(404, str(exc), "unknown_game") from None


@router.post("/games", response_model=Created, status_code=201, responses=ERRORS)
async def create_game(body: CreateGame, request: Request) -> Created:
    """Create a game; each human seat gets a secret token and an invite link holding it. A game needs at least
    one human seat, unless the server has an allowance for games of bots only (off by default)."""
    hub = _hub(request)
    client = client_of(request)
    hub.guard.hit("games created", client)
    if all(s.kind == "bot" for s in body.seats):
        hub.guard.bot_only_game(client)
    game, seed = _new_game(body.game, len(body.seats), body.options)
    seats = [_seat(i, s.kind, s.level, s.name) for i, s in enumerate(body.seats)]
    spec = None
    if body.clock is not None:
        spec = clocks.ClockSpec(body.clock.mode, body.clock.seconds, body.clock.on_timeout, _level(body.clock.bot))
    if "learned" in [s.level for s in seats] + [spec.bot if spec else None] and not has_network(body.game):
        raise ApiError(400, f"the game {body.game!r} has no learned bot; its levels: "
                            f"{', '.join(levels_of(body.game))}", "bad_level")
    rec = _new_record(game, seed, seats, spec)
    rec.rated = body.rated
    if any(s.kind == "open" for s in seats):  # an open table: it waits for its players (see tables.py)
        rec.status, rec.bot_turn, rec.deadline = "open", False, None
        if rec.clock is not None:
            rec.clock = dict(rec.clock, running=[], since=None)
    now = rec.created_at
    humans = [s.seat for s in seats if s.kind == "human"]
    tokens = {s: new_token() for s in humans}
    host = new_token()
    expires = now + hub.settings.token_days * 86_400
    await hub.store.run(hub.store.store.create, rec, {s: token_hash(t) for s, t in tokens.items()}, expires,
                        token_hash(host))
    from . import accounts  # which imports this module

    account = await accounts.account_of(request)
    if account is not None and humans:  # the creator's seat is their account's
        await hub.store.run(accounts.claim_seat, hub.store.store.engine, rec.id, humans[0], account[0])
    base = _base(request)
    if rec.bot_turn:
        await hub.room(rec.id)  # loading the room starts the bot that moves first
    return Created(id=rec.id, watch=f"{base}/play/{rec.id}", host_token=host, token_expires=expires, seats=[
        CreatedSeat(seat=s.seat, kind=s.kind, level=s.level, name=s.name, token=tokens.get(s.seat),
                    invite=f"{base}/play/{rec.id}#token={tokens[s.seat]}" if s.seat in tokens else None)
        for s in seats
    ])


def _new_game(game_id: str, players: int, options: dict[str, Any]) -> tuple[meeple.Game, int]:
    """A new game with a fresh secret seed; raises ApiError for an unknown game or options it refuses."""
    try:
        seed = new_seed()
        return meeple.new_game(game_id, players, seed, options), seed
    except UnknownGame as exc:
        raise ApiError(404, str(exc), "unknown_game") from None
    except MeepleError as exc:
        raise ApiError(400, str(exc), "bad_options") from None


def _new_record(game: meeple.Game, seed: int, seats: list[SeatRecord],
                clock_spec: clocks.ClockSpec | None) -> GameRecord:
    """The stored row of a new game before anyone moved."""
    now = time.time()
    deciders = game.deciders()
    clock = None
    if clock_spec is not None:
        humans = [s.seat for s in seats if s.kind == "human"]
        clock = clocks.advance(clocks.new_clock(clock_spec, len(seats)), humans, deciders, now)
    return GameRecord(
        id=new_game_id(), game=game.game_id, players=game.players, seed=seed, options=dict(game.options),
        version=0, status="active", deciders=deciders, bot_turn=any(seats[d].kind == "bot" for d in deciders),
        clock=clock, deadline=clocks.deadline(clock), result=None, created_at=now, updated_at=now, seats=seats,
        rules_version=game.spec.version,
    )


def _seat(index: int, kind: str, level: str | None, name: str | None) -> SeatRecord:
    if kind == "open":  # taken later by whoever comes (see tables.py)
        if level is not None or name is not None:
            raise ApiError(400, f"seat {index + 1} is an open seat: whoever takes it gives its name", "bad_seat")
        return SeatRecord(index, "open")
    if kind == "bot":
        return SeatRecord(index, "bot", _level(level or "greedy"), clean_name(name) if name else None)
    if level is not None:
        raise ApiError(400, f"seat {index + 1} is a human seat: it takes no bot level", "bad_seat")
    return SeatRecord(index, "human", None, clean_name(name) if name else None)


def levels_of(game_id: str) -> list[str]:
    """The bot levels offered for a game: all of them, `learned` only where the game ships its network."""
    return [level for level in BOT_LEVELS if level != "learned" or has_network(game_id)]


def _level(level: str) -> str:
    try:
        return check_level(level)
    except ValueError as exc:
        raise ApiError(400, str(exc), "bad_level") from None


# What a display name drops: control and format characters (the invisible ones, direction overrides among them)
# and lone surrogates. Other characters stay, unassigned code points too (they are shown as a box).
_DROPPED = frozenset({"Cc", "Cf", "Cs"})


def _dropped_ranges() -> str:
    """The control and format code points as a regular-expression class body, in ranges (surrogates cannot be
    written in a pattern; a JSON text of lone surrogates is not valid UTF-8 anyway)."""
    out: list[tuple[int, int]] = []
    for cp in range(0x110000):
        if unicodedata.category(chr(cp)) in ("Cc", "Cf"):
            if out and out[-1][1] == cp - 1:
                out[-1] = (out[-1][0], cp)
            else:
                out.append((cp, cp))
    return "".join(f"\\U{a:08x}" if a == b else f"\\U{a:08x}-\\U{b:08x}" for a, b in out)


# A display name as the API documents it: no control character, and at least one character that is neither blank
# nor a format character (the one `clean_name` keeps, so a name that matches is never refused as empty).
NAME = f"^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s{_dropped_ranges()}][^\\x00-\\x1f\\x7f-\\x9f]*$"


def clean_name(name: str) -> str | None:
    """A display name without control or format characters or surrounding blanks (None when nothing is left)."""
    text = "".join(ch for ch in name if unicodedata.category(ch) not in _DROPPED).strip()
    return text[:40] or None


def _base(request: Request) -> str:
    configured = _hub(request).settings.public_url
    return (configured or str(request.base_url)).rstrip("/")


@router.get("/games", response_model=list[GameSummary], responses=ERRORS)
async def list_games(request: Request, status: Annotated[str | None, Query(pattern="^(active|over)$")] = None,
                     limit: Annotated[int, Query(ge=1, le=100)] = 30) -> list[GameSummary]:
    """The most recent games, to watch."""
    hub = _hub(request)
    recs = await hub.store.run(hub.store.store.recent, limit, status)
    return [summary(r) for r in recs]


@router.post("/my-games", response_model=list[GameSummary], responses=ERRORS)
async def my_games(body: TokensIn, request: Request) -> list[GameSummary]:
    """The games of the seats whose tokens this browser holds (tokens go in the body, never in an address)."""
    hub = _hub(request)
    hashes = [token_hash(t) for t in body.tokens[:200]]
    pairs = await hub.store.run(hub.store.store.by_tokens, hashes)
    return [summary(r, seat) for r, seat in pairs]


@router.get("/games/{game_id}", response_model=GameSummary, responses=ERRORS)
async def get_game(game_id: str, request: Request) -> GameSummary:
    hub = _hub(request)
    rec = await hub.store.run(hub.store.store.get, game_id)
    if rec is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    return summary(rec)


@router.post("/games/{game_id}/join", response_model=Joined, responses=ERRORS)
async def join(game_id: str, body: JoinIn, request: Request, authorization: Bearer = None) -> Joined:
    """Take a seat with its token and tell the table your name."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    assert seat is not None
    hub.guard.hit("renames", client_of(request, game_id, seat))
    name = clean_name(body.name)
    if name is None:
        raise ApiError(400, "a name needs at least one visible character", "bad_name")
    await hub.store.run(hub.store.store.set_name, game_id, seat, name)
    room = hub.rooms.get(game_id)
    if room is not None:
        room.rec.seats[seat].name = name
        room.presence()
    return Joined(game_id=game_id, seat=seat, name=name)


@router.post("/games/{game_id}/seats/{seat}/invite", response_model=Invited, responses=ERRORS)
async def reinvite(game_id: str, seat: int, request: Request, authorization: Bearer = None) -> Invited:
    """Give a human seat a new token and invite link, with the game's host token (handed out at creation): the
    seat's old token is revoked at once (its live connections are closed), e.g. when it leaked or a new person
    takes the seat."""
    hub = _hub(request)
    host = _bearer(authorization)
    token = new_token()
    expires = time.time() + hub.settings.token_days * 86_400
    done = await hub.store.run(hub.store.store.reinvite, game_id, seat, token_hash(host), token_hash(token), expires)
    if not done:
        raise ApiError(403, "this needs the game's host token and a human seat of the game", "bad_token")
    hub.revoke(game_id, seat)
    return Invited(game_id=game_id, seat=seat, token=token, invite=f"{_base(request)}/play/{game_id}#token={token}",
                   token_expires=expires)


@router.post("/games/{game_id}/rematch", response_model=Rematch, responses=ERRORS)
async def rematch(game_id: str, request: Request, body: RematchIn | None = None,
                  authorization: Bearer = None) -> Rematch:
    """Play a finished game again with the same seats (people, bots and their levels, names), options and clock:
    the first seat to ask creates the new game, every seat that asks (with its token of the old game) gets its
    token of the new one, once; the old game's host (`host_token`) becomes the new game's host. The old game's
    live connections hear of it (`rematch`), and its state names the new game from then on."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    assert seat is not None
    client = client_of(request, game_id, seat)
    old = await hub.store.run(hub.store.store.get, game_id)
    if old is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    if old.status == "active":
        raise ApiError(409, "the game is not over yet", "not_over")
    new_id = old.rematch
    if new_id is None:
        hub.guard.hit("games created", client)
        clock = old.clock
        spec = None if clock is None else clocks.ClockSpec(clock["mode"], clock["seconds"], clock["on_timeout"],
                                                           clock["bot"])
        seats = [SeatRecord(s.seat, s.kind, s.level, s.name) for s in old.seats]
        game, seed = _new_game(old.game, old.players, old.options)
        rec = _new_record(game, seed, seats, spec)
        rec.rated = old.rated  # the creator's choice carries over (not what happened in the old game)
        try:
            new_id = await hub.store.run(hub.store.store.create_rematch, game_id, rec)
        except Conflict:
            new_id = (await hub.store.run(hub.store.store.get, game_id)).rematch  # type: ignore[union-attr]
        if new_id == rec.id and rec.bot_turn:
            await hub.room(rec.id)  # loading the room starts the bot that moves first
        room = hub.rooms.get(game_id)
        if room is not None and new_id is not None:
            room.rec.rematch = new_id
            room.spectator_state = None
            room.announce({"type": "rematch", "game_id": new_id})
    if new_id is None:
        raise ApiError(409, "the game is not over yet", "not_over")
    token = new_token()
    expires = time.time() + hub.settings.token_days * 86_400
    claimed = await hub.store.run(hub.store.store.claim, new_id, seat, token_hash(token), expires)
    host: str | None = None
    old_host = body.host_token if body is not None else None
    is_host = bool(old_host) and await hub.store.run(hub.store.store.is_host, game_id, token_hash(old_host or ""))
    if is_host:
        host = new_token()
        if not await hub.store.run(hub.store.store.claim_host, new_id, token_hash(host)):
            host = None
    return Rematch(game_id=new_id, seat=seat, token=token if claimed else None, host_token=host,
                   token_expires=expires)


@router.get("/games/{game_id}/replay", response_model=Replay, responses=ERRORS)
async def replay(game_id: str, request: Request, authorization: Bearer = None,
                 at: Annotated[int | None, Query(ge=0, description="the position; default: the end")] = None
                 ) -> Replay:
    """One position of a finished game as a seat (with its token) or a spectator saw it then, with the action
    that led there and the positions where turns start: the replay viewer steps and jumps through these."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization)
    hub.guard.hit("state requests", client_of(request, game_id, seat))
    rec, acts = await _finished(hub, game_id, at)
    position = len(acts) if at is None else at
    try:
        shown = await asyncio.to_thread(replays.position, rec, acts, position, seat)
    except MeepleError as exc:
        raise ApiError(409, f"this game cannot be replayed here: {exc}", "unplayable") from None
    from . import chat  # which imports this module

    # chat lines are kept with the move (public moments) they were said at, not the stored action
    said = await hub.store.run(chat.lines, hub.store.store.engine, game_id, shown["moves"])
    return Replay(**shown, seats=[SeatOut(seat=s.seat, kind=s.kind, level=s.level, name=s.name) for s in rec.seats],
                  result=rec.result, chat=said)


PAGE = 32  # positions of a page of the replay viewer at most


async def _finished(hub: Hub, game_id: str, position: int | None) -> tuple[GameRecord, list[ActionRecord]]:
    """A game's record and stored log for its replay: 404 for no such game, 409 while it is played, 400 for a
    position past its end."""
    rec = await hub.store.run(hub.store.store.get, game_id)
    if rec is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    if rec.status == "active":
        raise ApiError(409, "a game is replayed once it is over", "not_over")
    acts = await hub.store.run(hub.store.store.actions_of, game_id, 0, rec.version)
    if position is not None and position > len(acts):
        raise ApiError(400, f"the game has {len(acts)} actions; there is no position {position}", "bad_position")
    return rec, acts


@router.get("/games/{game_id}/replay/positions", response_model=ReplayPage, responses=ERRORS)
async def replay_page(game_id: str, request: Request, authorization: Bearer = None,
                      start: Annotated[int, Query(ge=0, description="the first position")] = 0,
                      count: Annotated[int, Query(ge=1, le=PAGE, description="how many positions")] = PAGE
                      ) -> ReplayPage:
    """Consecutive positions of a finished game as a seat (with its token) or a spectator saw them, with the turns
    and rounds to jump to: the replay viewer fetches a page and steps through it in the browser, as fast as the
    player presses (its own limit, `replay_rate`, counts pages, not steps)."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization)
    hub.guard.hit("replay pages", client_of(request, game_id, seat))
    rec, acts = await _finished(hub, game_id, start)

    def build() -> tuple[list[dict[str, Any]], list[int]]:
        return replays.page(rec, acts, start, count, seat), replays.rounds(rec, acts)

    try:
        steps, round_starts = await asyncio.to_thread(build)
    except MeepleError as exc:
        raise ApiError(409, f"this game cannot be replayed here: {exc}", "unplayable") from None
    starts = replays.turns(acts)
    from . import chat  # which imports this module

    said = await hub.store.run(chat.lines, hub.store.store.engine, game_id, steps[-1]["moves"] if steps else 0)
    return ReplayPage(game_id=rec.id, game=rec.game, length=len(acts), turns=starts,
                      turn_seats=[acts[i].seat for i in starts if i < len(acts)], rounds=round_starts, seat=seat,
                      positions=[ReplayStep(**step) for step in steps],
                      seats=[SeatOut(seat=s.seat, kind=s.kind, level=s.level, name=s.name) for s in rec.seats],
                      result=rec.result, chat=said)


@router.post("/games/{game_id}/undo", response_model=Accepted, responses=ERRORS)
async def undo(game_id: str, body: UndoIn, request: Request, authorization: Bearer = None) -> Accepted:
    """Take back your last action (within your turn, while it revealed nothing hidden): the same as the
    WebSocket's `undo`. Answers the position after it."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    hub.guard.hit("actions", client_of(request, game_id, seat))  # before the game is loaded, as for an action
    room = await _room(hub, game_id)
    try:
        version = await hub.undo(room, seat, body.version)
    except Rejected as exc:
        status = 409 if exc.code in ("stale", "over") else 400
        raise ApiError(status, exc.message, exc.code) from None
    finally:
        hub.release(room)
    return Accepted(version=version)


@router.post("/games/{game_id}/resign", response_model=Resigned, responses=ERRORS)
async def resign(game_id: str, request: Request, authorization: Bearer = None) -> Resigned:
    """Leave the game, and everyone at the table is told. With three or more players, while another person still
    plays, a bot takes your seat (the table's strongest bot level, else `greedy`), your token stops holding it and
    the game goes on (unrated); otherwise the game ends with your seat last and the others sharing first place.
    Answers the position (in moves) and the outcome (`bot` or `over`)."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    room = await _room(hub, game_id)
    try:
        version, outcome = await hub.resign(room, seat, client=client_of(request, game_id, seat))
    except Rejected as exc:
        raise ApiError(409 if exc.code in ("over", "stale") else 400, exc.message, exc.code) from None
    finally:
        hub.release(room)
    return Resigned(version=version, outcome=outcome)


@router.get("/games/{game_id}/state", responses=ERRORS)
async def state(game_id: str, request: Request, authorization: Bearer = None,
                since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """The position as one seat (with its token) or a spectator sees it: the same message the WebSocket sends."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization)
    hub.guard.hit("state requests", client_of(request, game_id, seat))
    room = await _room(hub, game_id)
    async with room.lock:
        message = room.state_message(seat, since)
    hub.release(room)
    return message


@router.post("/games/{game_id}/actions", response_model=Accepted, responses=ERRORS)
async def act(game_id: str, body: ActionIn, request: Request, authorization: Bearer = None) -> Accepted:
    """Play one action over HTTP (turn-based play without a live connection)."""
    hub = _hub(request)
    seat = await seat_of(hub, game_id, authorization, required=True)
    hub.guard.hit("actions", client_of(request, game_id, seat))  # before the game is loaded, so a flood costs little
    room = await _room(hub, game_id)
    try:
        version = await hub.act(room, seat, body.action, body.version, body.ref)
    except Rejected as exc:
        status = 409 if exc.code in ("stale", "duplicate", "over") else 400
        raise ApiError(status, exc.message, exc.code) from None
    finally:
        hub.release(room)
    return Accepted(version=version)


async def _room(hub: Hub, game_id: str) -> Room:
    try:
        room = await hub.room(game_id)
    except Unplayable as exc:
        raise ApiError(409, exc.reason, "unplayable") from None
    if room is None:
        raise ApiError(404, f"no game {game_id!r}", "unknown_game")
    return room


async def seat_of(hub: Hub, game_id: str, authorization: str | None, required: bool = False) -> int | None:
    """The seat a bearer token holds in this game; None for a spectator (403 when `required` or wrong)."""
    if not authorization:
        if required:
            raise ApiError(403, "this needs a seat token (Authorization: Bearer <token>)", "no_token")
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "the Authorization header must be `Bearer <seat token>`", "bad_token")
    try:
        return await hub.seat_of_token(game_id, token)
    except Rejected as exc:
        raise ApiError(403, exc.message, exc.code) from None


def _bearer(authorization: str | None) -> str:
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "this needs the game's host token (Authorization: Bearer <host token>)", "no_token")
    return token.strip()


def summary(rec: GameRecord, your_seat: int | None = None) -> GameSummary:
    try:
        title = get_rules(rec.game).spec.title
    except UnknownGame:
        title = rec.game
    return GameSummary(
        id=rec.id, game=rec.game, title=title, players=rec.players, options=rec.options, version=rec.moves,
        status=rec.status, deciders=rec.deciders,
        seats=[SeatOut(seat=s.seat, kind=s.kind, level=s.level, name=s.name) for s in rec.seats],
        result=rec.result, clock=clocks.public(rec.clock, time.time()), created_at=rec.created_at,
        updated_at=rec.updated_at, rated=rec.rated, your_seat=your_seat,
    )
