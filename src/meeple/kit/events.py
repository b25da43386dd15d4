"""Appending events: a message id of the game's catalogue and its parameters, never a sentence."""

from __future__ import annotations

from typing import Any

from meeple.engine.rules import Event

# The list an action's events go to; None when nobody reads them (bots' look-ahead, replays without events).
Events = list[Event] | None


def say(events: Events, msg: str, seats: frozenset[int] | None = None, /, **params: Any) -> None:
    """Append the event `msg` with its parameters, for the `seats` named (everybody when None).

    >>> events: list[Event] = []
    >>> say(events, "bid.raise", seat=2, amount=3000)
    >>> events[0].msg, dict(events[0].params)
    ('bid.raise', {'seat': 2, 'amount': 3000})
    """
    if events is not None:
        events.append(Event(msg, params, seats))
