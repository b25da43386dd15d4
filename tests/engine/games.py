"""The test-only games, registered for the tests that play them (never installed as plug-ins)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from meeple.engine import Rules, registry

from .auction import Auction
from .dials import Dials
from .dicerace import DiceRace
from .skirmish import Skirmish

TEST_GAMES: dict[str, Callable[..., Rules[Any]]] = {"dials": Dials, "skirmish": Skirmish, "dicerace": DiceRace,
                                                    "auction": Auction}


@contextmanager
def registered(*game_ids: str) -> Iterator[None]:
    """Register the test games (all of them, or those named) for the time of a `with` block."""
    ids = game_ids or tuple(TEST_GAMES)
    for gid in ids:
        registry.register(gid, TEST_GAMES[gid])
    try:
        yield
    finally:
        for gid in ids:
            registry.unregister(gid)
