"""The match authority of one server process: loads games, applies actions, runs bots and clocks, broadcasts."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

import meeple
from meeple.engine import get_rules
from meeple.engine.errors import IllegalAction, MeepleError, SaveError
from meeple.engine.game import SAVE_FORMAT

from . import clock as clocks
from .bots import BotJob, BotPool
from .config import Settings
from .guard import Client, Guard
from .rooms import Conn, Decisions, Rejected, Room, dumps, forfeit_result
from .store import ActionRecord, AsyncStore, Conflict, GameRecord, SeatRecord, Write
from .tokens import token_hash

log = logging.getLogger("meeple.server")
# The bot levels a table offers, weakest first (a resigned seat goes to the strongest one at its table).
# `learned` is offered only for the games that ship its network (`meeple.agents.learned.has_network`).
STRENGTH = ("random", "greedy", "learned", "ismcts:0.5s", "ismcts:2s")
Outcome = Literal["bot", "over"]  # what a resignation did: a bot took the seat, or the game ended


class Unplayable(Exception):
    """A stored game this server cannot go on with: it was played under rules that these rules cannot replay to
    the same position (`reason` says why, in words)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Behind(Rejected):
    """A versioned write lost to another process's: the room has caught up with storage since (code `stale`)."""


EXPIRED = "this seat token has expired; ask the game's host for a new invitation"
WRITE_ATTEMPTS = 3  # times an action is judged and written again after losing its write to another process


class Hub:
    """Rooms of the games in play here. Every accepted action is committed before anyone hears of it."""

    def __init__(self, settings: Settings, store: AsyncStore, bots: BotPool, guard: Guard | None = None) -> None:
        self.settings = settings
        self.store = store
        self.bots = bots
        self.guard = guard or Guard(settings)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Task[Room | None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.unplayable: dict[str, str] = {}  # games that cannot be rebuilt here -> why
        self.arriving: Counter[str] = Counter()  # per game, WebSockets on their way in (see live.Arrival)
        # Per session (its hash), how to close the WebSockets whose seat it proves (logging out closes them).
        self.session_conns: dict[str, set[Callable[[], None]]] = {}

    # -- rooms ---------------------------------------------------------------------------
    async def room(self, game_id: str) -> Room | None:
        """The room of a game, loading it from storage on first use (None for an unknown game); raises Unplayable
        for a game played under older rules that cannot be replayed to the same position."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if game_id in self.unplayable:
            raise Unplayable(self.unplayable[game_id])
        task = self._loading.get(game_id)
        if task is None:
            task = asyncio.create_task(self._load(game_id))
            self._loading[game_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(game_id, None))
        return await asyncio.shield(task)

    async def _load(self, game_id: str) -> Room | None:
        rec = await self.store.run(self.store.store.get, game_id)
        if rec is None:
            return None
        acts = await self.store.run(self.store.store.actions_of, game_id, 0, rec.version)
        try:
            game, decisions = await asyncio.to_thread(_rebuild, rec, acts)
        except Unplayable as exc:
            log.warning("game %s cannot be played here: %s", game_id, exc.reason)
            self.unplayable[game_id] = exc.reason
            raise
        if rec.rules_version != game.spec.version:
            # Replayed to the same position under the current rules: the game goes on under them.
            await self.store.run(self.store.store.set_rules_version, game_id, rec.rules_version, game.spec.version)
            rec.rules_version = game.spec.version
        room = Room(rec, game, {(a.seat, a.ref): a.seq for a in acts if a.ref}, decisions=decisions)
        self.rooms[game_id] = room
        self._schedule_bots(room)
        return room

    async def _resync(self, room: Room, rebuild: bool = False) -> int:
        """Catch up with storage (another process or request wrote first); returns the version before.

        With `rebuild` the game is replayed from the stored log (after a failed commit left it one action ahead).
        """
        before = room.version
        rec = await self.store.run(self.store.store.get, room.id)
        if rec is None:
            return before
        # Actions only up to the version of the record just read: later ones come with their own notification.
        acts = [] if rebuild else await self.store.run(self.store.store.actions_of, room.id, room.game_len(),
                                                        rec.version)
        if rebuild or room.game_len() + len(acts) != rec.version:
            acts = await self.store.run(self.store.store.actions_of, room.id, 0, rec.version)
            room.game, room.decisions = await asyncio.to_thread(_rebuild, rec, acts)
        else:
            for a in acts:
                others = room.decisions.before(room.game, a.seat)
                room.game.apply(a.seat, a.action)
                room.decisions.after(room.game, a.seat, others)
        room.refs.update({(a.seat, a.ref): a.seq for a in acts if a.ref})
        room.rec = rec
        return before

    async def seat_of_token(self, game_id: str, token: Any) -> int:
        """The seat a token holds in this game, on HTTP and WebSocket alike; raises Rejected (`bad_token` for a
        token that is not, or no longer, one of this game's: revoked by a new invitation; `expired`)."""
        return (await self.token_of(game_id, token))[0]

    async def token_of(self, game_id: str, token: Any) -> tuple[int, float | None]:
        """The seat a token holds in this game and when the token expires (None: never); raises Rejected as
        `seat_of_token`."""
        if not isinstance(token, str) or not token.strip():
            raise Rejected("bad_token", "a seat token is a text")
        found = await self.store.run(self.store.store.seat_of_token, token_hash(token.strip()))
        if found is None or found[0] != game_id:
            raise Rejected("bad_token", "this token does not hold a seat in this game")
        if found[2] is not None and found[2] < time.time():
            raise Rejected("expired", EXPIRED)
        return found[1], found[2]

    def revoke(self, game_id: str, seat: int) -> None:
        """A seat was re-invited: its connections (holding the old token) are closed."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        for conn in list(room.conns):
            if conn.seat == seat and conn.on_revoke is not None:
                conn.on_revoke()

    def attach(self, room: Room, conn: Conn, since: int = 0) -> None:
        """Add a connection: its first message is the whole state, then everyone hears who is online."""
        conn.push(room.state_text(conn.seat, since))
        room.conns.add(conn)
        self._presence(room, conn)

    def detach(self, room: Room, conn: Conn) -> None:
        room.conns.discard(conn)
        self._presence(room, conn)
        self._maybe_unload(room)

    @staticmethod
    def _presence(room: Room, conn: Conn) -> None:
        if conn.seat is None:
            room.spectators_changed()  # a crowd of spectators makes one message a second, not one per spectator
        else:
            room.presence()

    def release(self, room: Room) -> None:
        """A request is done with a room: forget it if nobody watches it and no bot is thinking for it."""
        self._maybe_unload(room)

    def _maybe_unload(self, room: Room) -> None:
        if not room.conns and not room.bot_tasks and not room.lock.locked() and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            if room.presence_due is not None:
                room.presence_due.cancel()

    # -- the action pipeline ---------------------------------------------------------------------
    async def act(self, room: Room, seat: int | None, action: Any, version: Any, ref: str | None = None,
                  by: str = "human", client: Client | None = None) -> int:
        """One action's whole way through the server, in this order (raises Rejected with the reason):

        0. admit: the client's rate of actions, per address and per seat (raises guard.Limited; bots: none);
        1. check: may this seat act now, in this position, with this kind of action (nothing changes yet);
        2. apply: the room's game plays it (an illegal action is refused here and changes nothing);
        3. record: the row of the new position (status, deciders, clock, result) and the action;
        4. commit: stored before anyone hears of it (a failed commit rebuilds the game from storage; a write that
           lost to another process's goes back to step 1 in the stored position, at most `WRITE_ATTEMPTS` times);
        5. remember: when each seat's decision opened, and the client's ref against duplicates;
        6. broadcast: every connection gets the new position from its own point of view;
        7. bots: the bots that must decide now start thinking.

        Step 0 comes before the room's lock, so that a refused flood waits for nothing and touches no game."""
        if client is not None:
            self.guard.hit("actions", client)  # 0
        async with room.lock:
            attempt = 0
            while True:
                attempt += 1
                _check(room, seat, action, version, ref, by)  # 1
                assert seat is not None
                before = room.version
                others = room.decisions.before(room.game, seat, room.rec.deciders)
                text = _apply(room.game, seat, action)  # 2
                now = time.time()
                write = self._next_write(room, room.game, now, ActionRecord(before + 1, seat, text, by, ref, now))  # 3
                try:
                    await self._commit(room, write)  # 4
                except Behind:
                    # Another process stored an action first and the room has caught up with it: the action is
                    # judged again in the stored position (a simultaneous choice made in the same position still
                    # answers the same question there), not refused for a race its client could not see.
                    if attempt == WRITE_ATTEMPTS:
                        raise
                    continue
                break
            room.decisions.after(room.game, seat, others, write.deciders)  # 5
            if ref:
                room.refs[seat, ref] = write.version
            room.broadcast(before, (seat, ref) if ref else None)  # 6
        self._schedule_bots(room)  # 7
        return room.moves

    async def undo(self, room: Room, seat: int | None, version: Any, client: Client | None = None) -> int:
        """Take back the seat's last action (`Game.undo`: within its turn, nothing hidden revealed by it), as a
        change of the stored log: the action is deleted and the game rebuilt without it. `version` is the
        position the seat sees (an older one is stale). Everyone gets the whole state again, and a notice of what
        was taken back. Raises Rejected (`cannot_undo` with the game's reason as a message)."""
        if client is not None:
            self.guard.hit("actions", client)
        async with room.lock:
            if seat is None:
                raise Rejected("spectator", "spectators watch the game; they cannot act")
            if room.over:
                raise Rejected("over", "the game is over")
            if isinstance(version, bool) or not isinstance(version, int):
                raise Rejected("bad_version", "an undo must carry the version of the position it was asked in")
            if version != room.moves:
                raise Rejected("stale", f"this undo was asked in position {version}, but the game is at position "
                                        f"{room.moves}; look at the new position and choose again")
            if room.bot_level(seat) is not None:
                raise Rejected("timed_out", "your time ran out: a bot plays this move for you")
            refusal = room.game.undo_refusal(seat)
            if refusal is not None:
                english = room.game.catalogue().text(refusal.msg, refusal.params, room.english_names())
                raise Rejected("cannot_undo", f"cannot take back an action: {english}", refusal.msg,
                               dict(refusal.params))
            game = room.game.copy()
            secret = game.log_length() - 1 in game.pending_secrets()
            _, action = game.undo(seat)
            # A step of a secret choice that made no public moment is taken back as it was made: unseen by others.
            unseen = secret and game.moments() == room.moves
            write = self._next_write(room, game, time.time(), None)
            try:
                done = await self.store.run(self.store.store.take_back, write)
            except Exception:
                log.exception("could not store the undo in game %s", room.id)
                raise Rejected("storage", "the undo could not be saved; please try again") from None
            if not done:
                before = await self._resync(room)
                room.broadcast(before)
                raise Rejected("stale", "another move was made first; look at the new position and choose again")
            from . import ladder

            await self.store.run(ladder.mark_unrated, self.store.store.engine, room.id)  # an undo: not rated
            rec = room.rec
            rec.version, rec.status, rec.deciders, rec.bot_turn = write.version, write.status, write.deciders, \
                write.bot_turn
            rec.clock, rec.deadline, rec.result, rec.updated_at = write.clock, write.deadline, write.result, time.time()
            rec.moves = write.moves
            room.game = game
            room.decisions.reset(game)
            room.refs = {k: v for k, v in room.refs.items() if v <= rec.version}
            self._resend_states(room, seat if unseen else "all")
            names, catalogue = room.english_names(), game.catalogue()
            told = {"type": "notice", "msg": "engine.undo.done", "params": {"seat": seat, "action": action},
                    "message": catalogue.text("engine.undo.done", {"seat": seat, "action": action}, names),
                    "undone": True}
            if not secret:
                room.announce(told)
            else:  # what the choice was stays with its seat
                others = {"type": "notice", "msg": "engine.undo.secret", "params": {"seat": seat},
                          "message": catalogue.text("engine.undo.secret", {"seat": seat}, names), "undone": True}
                for conn in list(room.conns):
                    if conn.seat == seat:
                        conn.push(dumps(told))
                    elif not unseen:
                        conn.push(dumps(others))
        self._schedule_bots(room)
        return room.moves

    @staticmethod
    def _resend_states(room: Room, to: int | str = "all") -> None:
        """After the log went back: every connection (or only seat `to`'s) gets the whole state again (an update
        only goes forwards)."""
        room.spectator_state = None
        texts: dict[int | None, str] = {}
        for conn in list(room.conns):
            if to != "all" and conn.seat != to:
                continue
            room.shown.pop(conn.seat, None)
            if conn.seat not in texts:
                texts[conn.seat] = room.state_text(conn.seat)
            conn.push(texts[conn.seat])

    def _next_write(self, room: Room, game: meeple.Game, now: float, action: ActionRecord | None) -> Write:
        """The stored row for `game`, the room's game with one more action applied."""
        over = game.is_over()
        deciders = [] if over else game.deciders()
        clock = room.rec.clock
        if clock is not None:
            clock = clocks.advance(clock, room.humans(), deciders, now)
        result = game.result().to_dict() if over else None
        return self._write(room, game.log_length(), "over" if over else "active", deciders, clock, result, action,
                           game.moments())

    def _write(self, room: Room, version: int, status: str, deciders: list[int], clock: dict[str, Any] | None,
               result: dict[str, Any] | None, action: ActionRecord | None, moves: int | None = None) -> Write:
        bot_turn = status == "active" and any(
            room.rec.seats[s].kind == "bot" or (clock is not None and s in clock["auto"]) for s in deciders)
        moves = room.moves if moves is None else moves
        # A step of a secret choice that is no public moment yet leaves the game's time of change as it was.
        hidden_step = action is not None and moves == room.rec.moves and status == room.rec.status
        return Write(room.id, room.version, version, status, deciders, bot_turn, clock,
                     clocks.deadline(clock) if status == "active" else None, result, action, moves,
                     room.rec.updated_at if hidden_step else None)

    async def _commit(self, room: Room, w: Write) -> None:
        try:
            await self.store.write(w)
        except Conflict:
            before = await self._resync(room, rebuild=w.action is not None)
            room.broadcast(before)
            raise Behind("stale", "another move was made first; look at the new position and choose again") from None
        except Exception:
            log.exception("could not store game %s", room.id)
            await self._resync(room, rebuild=w.action is not None)
            raise Rejected("storage", "the move could not be saved; please try again") from None
        rec = room.rec
        rec.version, rec.status, rec.deciders, rec.bot_turn = w.version, w.status, w.deciders, w.bot_turn
        rec.clock, rec.deadline, rec.result = w.clock, w.deadline, w.result
        rec.moves, rec.updated_at = w.moves, time.time() if w.updated_at is None else w.updated_at
        if w.status == "over":
            from . import ladder  # which imports the lobby, which imports this module

            self._spawn(ladder.game_over(self, room.id))
        elif self.settings.smtp and w.action is not None and w.updated_at is None:
            from . import mail

            # "your move" for slow games, once per public move: a hidden step of a secret choice opens nothing
            self._spawn(mail.opened(self, room.id, w.moves, w.deciders))

    # -- leaving -----------------------------------------------------------------------------
    async def resign(self, room: Room, seat: int | None, client: Client | None = None) -> tuple[int, Outcome]:
        """The seat's player leaves the game. In a game of three or more players where another person still plays,
        a bot takes the seat (the table's strongest bot level, else `greedy`: `takeover_level`), the seat's token
        stops holding it and the game goes on, unrated; otherwise the game ends: the seat comes last, the others
        share first place (as a forfeit on time). Everyone gets the new position and a notice naming the seat.
        Returns the position (in moves) and what happened: `bot` or `over`. Raises Rejected."""
        if client is not None:
            self.guard.hit("actions", client)
        async with room.lock:
            if seat is None:
                raise Rejected("spectator", "spectators watch the game; they cannot resign")
            if room.over:
                raise Rejected("over", "the game is over")
            if room.rec.seats[seat].kind != "human":
                raise Rejected("not_human", "a bot plays this seat")
            names = room.english_names()
            if resign_outcome(room.rec.players, room.humans(), seat) == "bot":
                level = takeover_level(room.rec.seats)
                await self._hand_to_bot(room, seat, level)
                room.announce({"type": "notice", "msg": "web.resigned_bot_notice",
                               "params": {"seats": [seat], "level": level},
                               "message": f"{names[seat]} resigned; a bot plays on for them"})
                self.revoke(room.id, seat)
                self._resend_states(room)
                outcome: Outcome = "bot"
            else:
                result = dict(forfeit_result(room.rec.players, [seat]), reason="web.resigned")
                clock = room.rec.clock
                stopped = clocks.advance(clock, room.humans(), [], time.time()) if clock else None
                await self._commit(room, self._write(room, room.version, "over", [], stopped, result, None))
                room.announce({"type": "notice", "msg": "web.resigned_notice", "params": {"seats": [seat]},
                               "message": f"{names[seat]} resigned"})
                room.broadcast(room.version)
                outcome = "over"
        self._schedule_bots(room)
        return room.moves, outcome

    async def _hand_to_bot(self, room: Room, seat: int, level: str) -> None:
        """Store seat `seat` as a bot of `level` (see `Store.hand_to_bot`) and take the change into the room."""
        rec = room.rec
        seats = [replace(s, kind="bot", level=level, name=s.name, resigned=True) if s.seat == seat else s
                 for s in rec.seats]
        humans = [s.seat for s in seats if s.kind == "human"]
        clock = clocks.advance(rec.clock, humans, rec.deciders, time.time()) if rec.clock else None
        bot_turn = any(seats[s].kind == "bot" or (clock is not None and s in clock["auto"]) for s in rec.deciders)
        deadline = clocks.deadline(clock)
        done = await self.store.run(self.store.store.hand_to_bot, room.id, seat, room.version, level, bot_turn,
                                    clock, deadline)
        if not done:
            before = await self._resync(room)
            room.broadcast(before)
            raise Rejected("stale", "the game moved on meanwhile; look at the new position and try again")
        rec.seats, rec.clock, rec.deadline, rec.bot_turn = seats, clock, deadline, bot_turn

    # -- clocks ----------------------------------------------------------------------------
    async def check_clock(self, room: Room) -> None:
        """Apply the timeout policy to seats whose time has run out."""
        async with room.lock:
            clock = room.rec.clock
            if room.over or clock is None:
                return
            now = time.time()
            late = clocks.expired(clock, now)
            if not late:
                return
            english = room.english_names()
            names = ", ".join(english[s] for s in late)
            if clock["on_timeout"] == "forfeit":
                result = forfeit_result(room.rec.players, late)
                stopped = clocks.advance(clock, room.humans(), [], now)
                w = self._write(room, room.version, "over", [], stopped, result, None)
            else:
                taken = dict(clock, auto=sorted(set(clock["auto"]) | set(late)))
                w = self._write(room, room.version, "active", room.rec.deciders,
                                clocks.advance(taken, room.humans(), room.rec.deciders, now), None, None)
            try:
                await self._commit(room, w)
            except Rejected:
                return
            # Each client names the seats in its reader's language (`msg`, `params`); `message` is the English.
            room.announce({"type": "notice", "msg": "web.out_of_time", "params": {"seats": late},
                           "message": f"{names} ran out of time"})
            room.broadcast(room.version)
        self._schedule_bots(room)

    # -- bots ------------------------------------------------------------------------------
    def _schedule_bots(self, room: Room) -> None:
        for seat in room.bot_deciders():
            task = room.bot_tasks.get(seat)
            if task is None or task.done():
                room.bot_tasks[seat] = self._spawn(self._bot_move(room, seat, room.version))

    async def _bot_move(self, room: Room, seat: int, version: int) -> None:
        again = False  # whether to think again (the seat's decision changed while the bot waited or thought)
        try:
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            # Under the lock: an action being committed meanwhile (another seat's simultaneous choice) has already
            # been applied to the room's game, and the bot must not see it before it is stored.
            async with room.lock:
                level = room.bot_level(seat)
                if level is None or room.over or seat not in room.rec.deciders:
                    return
                if not room.decisions.current(seat, version, room.version):
                    again = True
                    return
                # The bot looks at the position as it is now (a worker rebuilds the game and hands the bot only this
                # seat's table, `Game.seat_table`).
                version, moves = room.version, room.moves
                # A seat out of time under the `default` policy gets the game's own move, when it names one.
                action = room.default_move(seat)
                job = None if action is not None else BotJob(
                    room.id, room.rec.game, room.rec.players, room.rec.seed, room.rec.options,
                    tuple(room.game.full_log()), seat, level, _bot_seed(room.rec.seed, version, seat))
            if job is not None:
                action = await self.bots.choose(job)
            assert action is not None
            if room.bot_tasks.get(seat) is asyncio.current_task():
                del room.bot_tasks[seat]  # so that the action below may schedule this seat's next move
            await self.act(room, seat, action, moves, by="bot")
        except Rejected as exc:
            again = exc.code == "stale"
            log.debug("bot move in %s not applied: %s", room.id, exc.message)
        except Exception:
            log.exception("bot for seat %s of game %s failed", seat, room.id)
        finally:
            if room.bot_tasks.get(seat) is asyncio.current_task():
                del room.bot_tasks[seat]
            if again:
                self._schedule_bots(room)
            self._maybe_unload(room)

    # -- other processes and the sweeper --------------------------------------------------------
    async def notified(self, game_id: str, version: int, status: str) -> None:
        """Another server process changed a game: catch up and tell our clients."""
        room = self.rooms.get(game_id)
        if status == "seats":  # a seat was handed to a bot there (its player resigned): read the seats again
            if room is not None:
                async with room.lock:
                    was = {s.seat for s in room.rec.seats if s.kind == "human"}
                    await self._resync(room)
                    for s in room.rec.seats:
                        if s.seat in was and s.kind != "human":
                            self.revoke(game_id, s.seat)
                    self._resend_states(room)
                self._schedule_bots(room)
            return
        if status == "undone":  # an action was taken back there: the game is rebuilt from its log
            if room is not None and version < room.version:
                async with room.lock:
                    if version < room.version:
                        await self._resync(room, rebuild=True)
                        room.decisions.reset(room.game)
                        self._resend_states(room)
            return
        if room is None or (version <= room.version and status == room.rec.status):
            return
        async with room.lock:
            if version <= room.version and status == room.rec.status:
                return
            before = await self._resync(room)
            room.broadcast(before)
        self._schedule_bots(room)

    async def catch_up(self) -> None:
        """Bring every loaded game up to date with storage (after missed notifications)."""
        ids = list(self.rooms)
        if not ids:
            return
        for game_id, version, status in await self.store.run(self.store.store.versions, ids):
            await self.notified(game_id, version, status)

    async def sweep(self, stall_before: float) -> None:
        """Expired clocks, and bot turns nobody is playing (after a restart, or a process that went away)."""
        now = time.time()
        for game_id in await self.store.run(self.store.store.due, now):
            room = await self._room_or_none(game_id)
            if room is not None:
                await self.check_clock(room)
                self.release(room)
        for game_id in await self.store.run(self.store.store.stalled, stall_before):
            room = await self._room_or_none(game_id)
            if room is not None:
                self._schedule_bots(room)
                self.release(room)

    async def _room_or_none(self, game_id: str) -> Room | None:
        try:
            return await self.room(game_id)
        except Unplayable:
            return None  # logged when it was loaded

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for room in self.rooms.values():
            for conn in room.conns:
                conn.close()


def _check(room: Room, seat: int | None, action: Any, version: Any, ref: str | None, by: str) -> None:
    """Step 1 of an action: whether this seat may act now, in this position (raises Rejected)."""
    if seat is None:
        raise Rejected("spectator", "spectators watch the game; they cannot act")
    if room.rec.status == "open":
        raise Rejected("not_started", "this table waits for its players: the host starts the game")
    if ref is not None and (seat, ref) in room.refs:
        raise Rejected("duplicate", "this action was already accepted; it is not applied twice")
    if room.over:
        raise Rejected("over", "the game is over")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Rejected("bad_version", "an action must carry the version of the position it was made in")
    if seat not in room.rec.deciders:
        raise Rejected("not_your_turn", f"it is not seat {seat + 1}'s turn to act")
    # The client counts positions in public moves; the last stored position at that move is the one it saw.
    moves = room.moves
    if not 0 <= version <= moves or not room.decisions.current(seat, room.game.moment_end(version), room.version):
        raise Rejected("stale", f"this action was made in position {version}, but the game is at position "
                                f"{moves}; look at the new position and choose again")
    if not isinstance(action, str | int) or isinstance(action, bool):
        raise Rejected("illegal", "an action is a text such as one of the legal actions sent to you")
    if by == "human" and room.bot_level(seat) is not None:
        raise Rejected("timed_out", "your time ran out: a bot plays this move for you")


def _apply(game: meeple.Game, seat: int, action: Any) -> str:
    """Step 2 of an action: the game plays it; returns its stored text. From here the room's game is one action
    ahead of storage until the commit (which rebuilds it from storage when it fails, so nobody ever sees it)."""
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        raise Rejected("illegal", str(exc), exc.msg, exc.params) from None
    except (MeepleError, ValueError) as exc:
        params = dict(getattr(exc, "params", None) or {})
        raise Rejected("illegal", str(exc), getattr(exc, "msg", None), params) from None
    return game.full_log(game.log_length() - 1)[0][1]


def _rebuild(rec: GameRecord, acts: list[ActionRecord]) -> tuple[meeple.Game, Decisions]:
    """The game replayed from its stored log, and when the decisions of its position opened.

    A game played under an older version of its rules goes through the check of saves of older versions
    (`meeple.load_game`: replayed under the current rules when the game can replay that version and every position
    is the same, refused with the reason otherwise): raises Unplayable then."""
    if rec.rules_version != get_rules(rec.game).spec.version:
        save = {"format": SAVE_FORMAT, "game": rec.game, "version": rec.rules_version, "players": rec.players,
                "seed": rec.seed, "options": rec.options, "actions": [[a.seat, a.action] for a in acts]}
        try:
            older = meeple.load_game(json.dumps(save))
        except SaveError as exc:
            raise Unplayable(f"this game cannot go on here: {exc}") from None
        decided = Decisions()
        decided.reset(older)
        return older, decided
    game = meeple.new_game(rec.game, rec.players, rec.seed, rec.options)
    decisions = Decisions()
    decisions.reset(game)
    for a in acts:
        before = decisions.before(game, a.seat)
        game.apply(a.seat, a.action)
        decisions.after(game, a.seat, before)
    return game, decisions


def resign_outcome(players: int, humans: list[int], seat: int) -> Outcome:
    """What a resignation of `seat` does: `bot` (a bot plays the seat on: three or more players, and another person
    still plays) or `over` (the game ends: two players, or nobody would be left but bots)."""
    return "bot" if players >= 3 and any(h != seat for h in humans) else "over"


def takeover_level(seats: list[SeatRecord]) -> str:
    """The level of the bot that takes a resigned seat: the strongest level playing at the table, else `greedy`."""
    levels = [s.level for s in seats if s.kind == "bot" and s.level in STRENGTH]
    return max(levels, key=STRENGTH.index) if levels else "greedy"


def _bot_seed(seed: int, version: int, seat: int) -> int:
    digest = hashlib.sha256(f"{seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2
