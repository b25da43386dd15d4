"""Positions of a finished game for the replay viewer, rebuilt from its stored action log."""

from __future__ import annotations

from typing import Any

import meeple

from .store import ActionRecord, GameRecord


def turns(acts: list[ActionRecord]) -> list[int]:
    """The positions at which a turn starts: the start, and each action made by another seat than the one before."""
    starts = [0]
    for i in range(1, len(acts)):
        if acts[i].seat != acts[i - 1].seat:
            starts.append(i)
    return starts


def position(rec: GameRecord, acts: list[ActionRecord], at: int, seat: int | None) -> dict[str, Any]:
    """The game after its first `at` actions, as `seat` (None: a spectator) saw it then: the view, who decided,
    and the action that led there with its events."""
    game = meeple.new_game(rec.game, rec.players, rec.seed, rec.options)
    for a in acts[:at]:
        game.apply(a.seat, a.action)
    last = acts[at - 1] if at else None
    log = game.events(seat, at - 1)[0] if at else []
    starts = turns(acts)
    return {"game_id": rec.id, "game": rec.game, "at": at, "length": len(acts), "turns": starts,
            "turn_seats": [acts[i].seat for i in starts if i < len(acts)], "seat": seat,
            "view": game.view(seat), "deciders": [] if game.is_over() else list(game.deciders()),
            "actor": None if last is None else last.seat, "action": None if last is None else last.action,
            "log": list(log)}
