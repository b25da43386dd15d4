"""Positions of a finished game for the replay viewer, rebuilt from its stored action log.

A viewer steps through one game back and forth, so the first request of a game replays it once and keeps a copy
of the game every `EVERY` actions (for the last few games asked for): any position is then at most `EVERY`
actions away from a kept copy."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import meeple

from .store import ActionRecord, GameRecord

EVERY = 32  # actions between two kept copies of a game being replayed
GAMES = 8  # games whose copies are kept (the most recently replayed)

_kept: OrderedDict[tuple[str, int], list[meeple.Game]] = OrderedDict()
_lock = threading.Lock()


def turns(acts: list[ActionRecord]) -> list[int]:
    """The positions at which a turn starts: the start, and each action made by another seat than the one before."""
    starts = [0]
    for i in range(1, len(acts)):
        if acts[i].seat != acts[i - 1].seat:
            starts.append(i)
    return starts


def _copies(rec: GameRecord, acts: list[ActionRecord]) -> list[meeple.Game]:
    """The game after 0, EVERY, 2 * EVERY, ... actions (a finished game's log never changes)."""
    key = (rec.id, len(acts))
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    game = meeple.new_game(rec.game, rec.players, rec.seed, rec.options)
    copies = [game.copy()]
    for i, a in enumerate(acts, 1):
        game.apply(a.seat, a.action)
        if i % EVERY == 0:
            copies.append(game.copy())
    with _lock:
        _kept[key] = copies
        while len(_kept) > GAMES:
            _kept.popitem(last=False)
    return copies


def game_at(rec: GameRecord, acts: list[ActionRecord], at: int) -> meeple.Game:
    """The game after its first `at` actions."""
    game = _copies(rec, acts)[at // EVERY].copy()
    for a in acts[at - at % EVERY:at]:
        game.apply(a.seat, a.action)
    return game


def page(rec: GameRecord, acts: list[ActionRecord], start: int, count: int, seat: int | None) -> list[dict[str, Any]]:
    """The positions `start`, `start + 1`, ... (at most `count`, not past the end) as `seat` saw them: the view, who
    decided, who made the action that led there and its events as this viewer may read them (never the stored
    text of the action), and the moves made by then; the game is rebuilt once and stepped through."""
    game = game_at(rec, acts, start)
    out = []
    for at in range(start, min(len(acts), start + count - 1) + 1):
        if at > start:
            game.apply(acts[at - 1].seat, acts[at - 1].action)
        last = acts[at - 1] if at else None
        out.append({"at": at, "view": game.view(seat),
                    "deciders": [] if game.is_over() else list(game.deciders()),
                    "actor": None if last is None else last.seat, "moves": game.moments(),
                    "log": list(game.events(seat, at - 1)[0]) if at else []})
    return out


_rounds: OrderedDict[tuple[str, int], list[int]] = OrderedDict()


def rounds(rec: GameRecord, acts: list[ActionRecord]) -> list[int]:
    """The positions at which a new round starts, for games whose public view counts rounds (`round`): the
    first position with each new value (kept for the last few games asked for, like their copies)."""
    key = (rec.id, len(acts))
    with _lock:
        found = _rounds.get(key)
    if found is None:
        found = _round_starts(rec, acts)
        with _lock:
            _rounds[key] = found
            while len(_rounds) > GAMES:
                _rounds.popitem(last=False)
    return found


def _round_starts(rec: GameRecord, acts: list[ActionRecord]) -> list[int]:
    game = meeple.new_game(rec.game, rec.players, rec.seed, rec.options)
    starts, last = [], game.view(None).get("round")
    if not isinstance(last, int):
        return []
    for at, a in enumerate(acts, 1):
        game.apply(a.seat, a.action)
        now = game.view(None).get("round")
        if isinstance(now, int) and now != last:
            starts.append(at)
            last = now
    return [0, *starts]


def position(rec: GameRecord, acts: list[ActionRecord], at: int, seat: int | None) -> dict[str, Any]:
    """The game after its first `at` actions, as `seat` (None: a spectator) saw it then: the view, who decided,
    who made the action that led there and its events as this viewer may read them. The stored text of the action
    never leaves the server: it may be another seat's secret choice (a dial, committed cards). `moves`: the public
    moves made by then (the count chat lines are kept with)."""
    game = game_at(rec, acts, at)
    last = acts[at - 1] if at else None
    log = game.events(seat, at - 1)[0] if at else []
    starts = turns(acts)
    return {"game_id": rec.id, "game": rec.game, "at": at, "length": len(acts), "turns": starts,
            "turn_seats": [acts[i].seat for i in starts if i < len(acts)], "seat": seat,
            "view": game.view(seat), "deciders": [] if game.is_over() else list(game.deciders()),
            "actor": None if last is None else last.seat, "log": list(log), "moves": game.moments()}
