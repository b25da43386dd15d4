"""Observation encoders: a fixed-size numeric vector built only from one seat's view.

A game declares its own encoder in its spec (`GameSpec.encoder = "module:factory"`, imported only here, when an
RL face asks for it); a script may also `register_encoder` one. Any other game gets the generic
`HashingEncoder`, so a newly registered game works with the RL interfaces from the first day.

>>> import meeple
>>> enc = make_encoder("bluemooncity", players=2, options={})   # the encoder Blue Moon City declares
>>> game = meeple.new_game("bluemooncity", 2, seed=1)
>>> enc.encode(game.view(0)).shape == (enc.size,)
True
"""

from __future__ import annotations

import importlib
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
    return game_id in _ENCODERS or bool(get_rules(game_id).spec.encoder)


def make_encoder(game_id: str, players: int, options: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of a game for a player count and options (the generic one when the game has none)."""
    rules = get_rules(game_id)  # raises UnknownGame with the list of games
    opts = rules.spec.normalise_options(options)
    factory = _ENCODERS.get(game_id) or declared_encoder(rules.spec.encoder)
    if factory is None:
        return HashingEncoder()
    return factory(players, opts)


def declared_encoder(target: str) -> EncoderFactory | None:
    """The factory a spec names as "module:factory" (None for no name); a wrong name is an error that says so."""
    if not target:
        return None
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"a game's encoder is named as 'module:factory', not {target!r}")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"the encoder {target!r} declared by the game cannot be loaded: {exc}") from None
    if not callable(factory):
        raise ValueError(f"the encoder {target!r} declared by the game is not callable")
    return factory  # type: ignore[no-any-return]


__all__ = ["Encoder", "EncoderFactory", "HashingEncoder", "declared_encoder", "has_encoder", "make_encoder",
           "register_encoder"]
