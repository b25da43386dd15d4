"""A game in play on this server process: the engine game, its connections, and the messages each viewer gets."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

import meeple

from . import clock as clocks
from .store import GameRecord


class Rejected(Exception):
    """An action or request that is refused; `code` is for programs, the message for people."""

    def __init__(self, code: str, message: str, msg: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg = msg  # the reason as a message id of the game's catalogue (with `params`), when there is one
        self.params = params or {}


class Conn:
    """One live client of a room: its seat (None for a spectator) and the queue of messages to send to it.

    A client that reads slower than the game moves fills its queue (`limit` messages or `max_bytes` bytes); it is
    then told once through `on_overflow` (the live endpoint closes its connection, and the client resumes on
    reconnect) and nothing more is queued for it."""

    def __init__(self, seat: int | None, limit: int, on_overflow: Callable[[], None] | None = None,
                 max_bytes: int = 1 << 62) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=limit)
        self.overflowed = False
        self.on_overflow = on_overflow
        self.queued = 0  # bytes (characters) waiting to be sent
        self.on_revoke: Callable[[], None] | None = None  # the seat's token was revoked: close the connection
        self.max_bytes = max_bytes

    def push(self, text: str) -> None:
        if self.overflowed:
            return
        if self.queued + len(text) > self.max_bytes:
            self._overflow()
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self._overflow()
            return
        self.queued += len(text)

    def sent(self, text: str) -> None:
        """The send loop handed `text` to the socket."""
        self.queued -= len(text)

    def close(self) -> None:
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self._overflow()

    def _overflow(self) -> None:
        if not self.overflowed:
            self.overflowed = True
            if self.on_overflow is not None:
                self.on_overflow()


PRESENCE_EVERY = 1.0  # seconds: spectators coming and going are told at most this often


@dataclass
class Room:
    """The authority over one game in this process; every change happens under `lock`."""

    rec: GameRecord
    game: meeple.Game
    refs: dict[tuple[int, str], int] = field(default_factory=dict)  # (seat, client action id) -> action number
    conns: set[Conn] = field(default_factory=set)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shown: dict[int | None, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # last view sent per viewer
    # Per seat that must decide now, the position its current decision opened in (see `Decisions`).
    decisions: Decisions = field(default_factory=lambda: Decisions())
    presence_due: asyncio.TimerHandle | None = None
    spectator_state: tuple[Any, float, str] | None = None  # (position, when, text) of the last spectators' state
    chat_heard: int = 0  # the id of the last chat line told to its clients (see chat.py)

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        """The number of stored actions, secret steps included: internal, never shown to a viewer."""
        return self.rec.version

    @property
    def moves(self) -> int:
        """The position number viewers are shown: the game's public moments (`Game.moments`), so that nobody can
        count the steps of another seat's secret choice."""
        return self.game.moments()

    @property
    def over(self) -> bool:
        return self.rec.status != "active"

    def game_len(self) -> int:
        return self.game.log_length()

    def humans(self) -> list[int]:
        return [s.seat for s in self.rec.seats if s.kind == "human"]

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat` now (a bot seat, or a human seat taken over on timeout)."""
        info = self.rec.seats[seat]
        if info.kind == "bot":
            return info.level or "random"
        clock = self.rec.clock
        if clock and seat in clock["auto"]:
            return str(clock["bot"])
        return None

    def default_move(self, seat: int) -> str | None:
        """The game's default move for a human seat out of time under the `default` policy (None: a bot plays)."""
        clock = self.rec.clock
        if self.rec.seats[seat].kind != "human" or not clock or seat not in clock["auto"]:
            return None
        if clock["on_timeout"] != "default":
            return None
        return self.game.timeout_action(seat)

    def bot_deciders(self) -> list[int]:
        if self.over:
            return []
        return [s for s in self.rec.deciders if self.bot_level(s) is not None]

    def can_act(self, seat: int | None) -> bool:
        return seat is not None and not self.over and seat in self.rec.deciders and self.bot_level(seat) is None

    def connected(self) -> set[int]:
        return {c.seat for c in self.conns if c.seat is not None}

    # -- messages ------------------------------------------------------------------------
    def seats_info(self) -> list[dict[str, Any]]:
        online = self.connected()
        # A seat without a name has none here: each client names it in its reader's language (seat number, level).
        return [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
             "connected": s.kind == "bot" or s.seat in online, "resigned": s.resigned}
            for s in self.rec.seats
        ]

    def english_names(self) -> list[str]:
        """The seats' names for the server's English texts (log lines): a seat without a name by its number."""
        return [s.name or _default_name(s.seat, s.kind, s.level) for s in self.rec.seats]

    def state_message(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """Everything a viewer needs to draw the game from scratch (first message and after a reconnect)."""
        spec = self.game.spec
        msg = self._common("state", seat, since)
        msg.update(
            game_id=self.id, game=self.rec.game, title=spec.title, players=self.rec.players,
            options=self.rec.options, seats=self.seats_info(), view=self._view(seat),
            rematch=self.rec.rematch, rematch_of=self.rec.rematch_of,
        )
        return msg

    def state_text(self, seat: int | None, since: int = 0) -> str:
        """`state_message` encoded; for spectators the same text serves every one who comes within a second in
        the same position (a crowd arriving costs one encoding of the whole game, not one each)."""
        if seat is not None:
            return dumps(self.state_message(seat, since))
        key = (self.moves, since, self.rec.status)
        cached = self.spectator_state
        if cached is not None and cached[0] == key and time.monotonic() - cached[1] < 1.0:
            return cached[2]
        text = dumps(self.state_message(None, since))
        self.spectator_state = (key, time.monotonic(), text)
        return text

    def update_message(self, seat: int | None, since: int, ack: str | None = None,
                       view: dict[str, Any] | None = None, memo: dict[Any, Any] | None = None,
                       start: int | None = None) -> dict[str, Any]:
        """The new position for one viewer, since the position `since` it saw (in moves). When the viewer's previous
        view is known, only the parts of the view that changed are sent (`patch`: top-level keys replaced, `items`:
        for a list of the same length of which at most half changed, [index, new entry] pairs, `drop`: keys
        removed). `view` is the viewer's view of the current position when the caller already built it; `memo`
        shares comparisons between viewers; `start`: the stored action from which the log is told (by default the
        first after move `since`)."""
        msg = self._common("update", seat, since, start)
        before = self.shown.get(seat)
        if view is None:
            view = self.game.view(seat)
        self.shown[seat] = (self.moves, view)
        if before is not None and before[0] == msg["since"]:
            patch, items, drop = _diff(before[1], view, {} if memo is None else memo)
            msg["patch"] = patch
            if items:
                msg["items"] = items
            if drop:
                msg["drop"] = drop
        else:
            msg["view"] = view
        if ack is not None:
            msg["ack"] = ack
        return msg

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = self.game.view(seat)
        self.shown[seat] = (self.moves, view)
        return view

    def _common(self, kind: str, seat: int | None, since: int, start: int | None = None) -> dict[str, Any]:
        moves = self.moves
        since = max(0, min(since, moves))
        if start is None:
            start = self.game.moment_start(since)
        history = self.game.history(seat, start)
        return {
            "type": kind,
            "version": moves,
            "seat": seat,
            "status": self.rec.status,
            "deciders": list(self.rec.deciders),
            "legal": self.game.legal_actions(seat) if self.can_act(seat) and seat is not None else [],
            # whether the seat may take back its last action now (within its turn, nothing hidden revealed)
            "undo": self.can_act(seat) and seat is not None and self.game.can_undo(seat),
            "since": since,
            "log": self.log_entries(history),
            # who made each of those entries (never what a secret choice was): clients highlight others' moves
            "actors": [s for s, _, _ in history],
            "clock": clocks.public(self.rec.clock, time.time()),
            "result": self.rec.result,
        }

    def log_entries(self, history: list[tuple[int, str | None, list[dict[str, Any]]]]) -> list[list[dict[str, Any]]]:
        """A viewer's entries of the game's history (`Game.history`): per entry, its events as `{"msg": id,
        "params": {...}, "text": "..."}`, the message id and parameters (so that a client may render them in
        another language) with the English text of the game's catalogue, the seats named."""
        names = self.english_names()
        catalogue = self.game.catalogue()
        out = []
        for _, _, events in history:
            for event in events:
                event["text"] = catalogue.event_text(event, names)
            out.append(events)
        return out

    def broadcast(self, before: int, ack: tuple[int, str] | None = None) -> None:
        """Send every connection the new position from its own seat's point of view (one encoding per seat), after
        the stored actions from `before` on. A viewer for whom nothing changed hears nothing: another seat's step
        of a secret choice that is not complete yet is not even a moment for it."""
        conns = list(self.conns)
        if not conns:
            return
        since = self.game.moments_at(before)
        # Stored actions that made no public moment (steps of a secret choice): only who sees a change hears.
        quiet = before < self.game.log_length() and since == self.moves
        # One call for all seats watching: the game builds the public part of the position once.
        views = self.game.views({conn.seat for conn in conns})
        texts: dict[int | None, str | None] = {}
        memo: dict[Any, Any] = {}  # the seats' views share their public parts: compare each part once
        for conn in conns:
            if conn.seat not in texts:
                ref = ack[1] if ack is not None and ack[0] == conn.seat else None
                msg = self.update_message(conn.seat, since, ref, views[conn.seat], memo, before)
                texts[conn.seat] = None if quiet and _unchanged(msg) else dumps(msg)
            text = texts[conn.seat]
            if text is not None:
                conn.push(text)

    def announce(self, message: dict[str, Any]) -> None:
        text = dumps(message)
        for conn in list(self.conns):
            conn.push(text)

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def presence(self) -> None:
        """Tell everyone who is online: the seats, and how many spectators (a count, sent at most once a second
        when only spectators come and go, see `spectators_changed`)."""
        self.presence_due = None
        self.announce({"type": "presence", "seats": self.seats_info(), "spectators": self.spectators()})

    def spectators_changed(self) -> None:
        """A spectator came or went: one presence message within a second, however many do."""
        if self.presence_due is None:
            self.presence_due = asyncio.get_running_loop().call_later(PRESENCE_EVERY, self.presence)


class Decisions:
    """When each seat's current decision opened, so that staleness is checked per decision.

    An action made in position `v` is current when the seat's decision has not changed since `v`: the seat has not
    acted since, has been deciding all along, and its legal actions are the same. So the simultaneous choices of
    several seats are all accepted, in any order, while an action chosen before the seat's own options changed is
    refused as stale. A seat missing from `opened` is judged by the current position alone (after a rebuild)."""

    def __init__(self) -> None:
        self.opened: dict[int, int] = {}

    @staticmethod
    def before(game: meeple.Game, seat: int, deciders: list[int] | None = None) -> dict[int, list[int]]:
        """The legal actions of the other seats deciding now (none when the seat decides alone): call before
        `game.apply(seat, ...)` and pass the answer to `after`. `deciders`: the seats deciding, when known."""
        if deciders is None:
            deciders = game.deciders()
        if len(deciders) < 2:
            return {}
        return {s: game.legal_indices(s) for s in deciders if s != seat}

    def after(self, game: meeple.Game, seat: int, before: dict[int, list[int]],
              deciders: list[int] | None = None) -> None:
        """Record the decisions of the position reached by one action of `seat` (see `before`); `deciders`: the
        seats deciding there, when known."""
        now = game.log_length()
        opened = {}
        for s in game.deciders() if deciders is None else deciders:
            kept = self.opened.get(s)
            if s != seat and kept is not None and s in before and game.legal_indices(s) == before[s]:
                opened[s] = kept
            else:
                opened[s] = now
        self.opened = opened

    def reset(self, game: meeple.Game) -> None:
        """Every decision of the current position counts from it (after a rebuild, nothing older is known)."""
        now = game.log_length()
        self.opened = {s: now for s in game.deciders()}

    def current(self, seat: int, version: int, now: int) -> bool:
        """Whether an action of `seat` made in position `version` still answers its decision in position `now`."""
        return self.opened.get(seat, now) <= version <= now


def _unchanged(msg: dict[str, Any]) -> bool:
    """Whether an update tells its viewer nothing new (no move, no log entry, no change of view, no answer)."""
    return (msg["version"] == msg["since"] and not msg["log"] and "view" not in msg and "ack" not in msg
            and not msg.get("patch") and not msg.get("items") and not msg.get("drop"))


def _diff(old: dict[str, Any], new: dict[str, Any],
          memo: dict[Any, Any]) -> tuple[dict[str, Any], dict[str, list[list[Any]]], list[str]]:
    """What changed from one view to the next: top-level keys to replace, list entries to replace, keys to drop.

    Games keep unchanged parts of a view as the same objects between positions (a city's tiles), so most
    comparisons end at an identity check; `memo` remembers which entries changed between two lists (the public
    parts that several viewers' views share) and keeps both lists alive, so that their ids stay theirs."""
    patch: dict[str, Any] = {}
    items: dict[str, list[list[Any]]] = {}
    for key, value in new.items():
        was = old.get(key, _MISSING)
        if was is value:
            continue
        if type(value) is list and type(was) is list and len(value) == len(was) and value:
            pair = (key, id(was), id(value))
            found = memo.get(pair)
            if found is None:
                found = memo[pair] = (was, value, _changed(was, value))
            changed = found[2]
            if not changed:
                continue
            if 2 * len(changed) <= len(value):
                items[key] = changed
                continue
            patch[key] = value
        elif was is _MISSING or was != value:
            patch[key] = value
    drop = [key for key in old if key not in new]
    return patch, items, drop


def _changed(was: list[Any], value: list[Any]) -> list[list[Any]]:
    """The [index, entry] pairs of `value` that differ from `was` (a list of the same length)."""
    return [[i, v] for i, (w, v) in enumerate(zip(was, value, strict=True)) if w is not v and w != v]


_MISSING: Any = object()


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


def _default_name(seat: int, kind: str, level: str | None) -> str:
    return f"Bot {seat + 1} ({level})" if kind == "bot" else f"Player {seat + 1}"


def forfeit_result(players: int, losers: list[int]) -> dict[str, Any]:
    """The outcome when seats forfeit on time: the others share first place, the forfeiting seats come last. The
    reason is the faces' message `web.forfeited` naming the seats (each client names them in its language)."""
    others = [s for s in range(players) if s not in losers]
    ranking = [others, list(losers)] if others else [list(losers)]
    return {"ranking": ranking, "winners": others, "draw": not others, "scores": {}, "reason": "web.forfeited",
            "params": {"seats": list(losers)}}
