"""Observation encoders: a fixed-size numeric vector built only from one seat's view, keyed by game id.

A game may register its own encoder with `register_encoder`; any other game gets the generic
`HashingEncoder`, so a newly registered game works with the RL interfaces from the first day.

>>> import meeple
>>> enc = make_encoder("bluemooncity", players=2, options={})
>>> game = meeple.new_game("bluemooncity", 2, seed=1)
>>> enc.encode(game.view(0)).shape == (enc.size,)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import numpy as np

from meeple.engine import get_rules

from .generic import HashingEncoder


class Encoder(Protocol):
    """Turns the view of one seat (never the full state) into a vector of `size` floats in [low, high]."""

    size: int
    low: float
    high: float

    def encode(self, view: Mapping[str, Any]) -> np.ndarray: ...


EncoderFactory = Callable[[int, Mapping[str, Any]], Encoder]

_ENCODERS: dict[str, EncoderFactory] = {}


def register_encoder(game_id: str, factory: EncoderFactory) -> None:
    """Register `factory(players, options) -> Encoder` as the observation encoder of a game."""
    _ENCODERS[game_id] = factory


def has_encoder(game_id: str) -> bool:
    """Whether a game has an encoder of its own (otherwise the generic hashing encoder is used)."""
    _load_builtin()
    return game_id in _ENCODERS


def make_encoder(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of a game for a player count and options (the generic one when the game has none)."""
    _load_builtin()
    rules = get_rules(game_id)  # raises UnknownGame with the list of games
    opts = rules.spec.normalise_options(options)
    factory = _ENCODERS.get(game_id)
    if factory is None:
        return HashingEncoder()
    return factory(players, opts)


def _load_builtin() -> None:
    # Importing the module registers the encoders shipped with Meeple.
    from . import bluemooncity  # noqa: F401


__all__ = ["Encoder", "EncoderFactory", "HashingEncoder", "has_encoder", "make_encoder", "register_encoder"]
