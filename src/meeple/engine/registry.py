"""The registry of games: every face finds a game here by its id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import UnknownGame
from .rules import Rules

_FACTORIES: dict[str, Callable[..., Rules[Any]]] = {}
_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], Rules[Any]] = {}


def register(game_id: str, factory: Callable[..., Rules[Any]]) -> None:
    """Register a game: `factory(**settings)` returns its Rules (settings such as a data file path)."""
    _FACTORIES[game_id] = factory


def unregister(game_id: str) -> None:
    """Remove a game (and its cached rules) from the registry; unknown ids are ignored."""
    _FACTORIES.pop(game_id, None)
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def get_rules(game_id: str, **settings: str) -> Rules[Any]:
    """The Rules of a registered game; settings (for example `data=PATH`) select another data file."""
    _load_builtin()
    if game_id not in _FACTORIES:
        known = ", ".join(sorted(_FACTORIES)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; registered games: {known}")
    key = (game_id, tuple(sorted(settings.items())))
    rules = _CACHE.get(key)
    if rules is None:
        rules = _FACTORIES[game_id](**settings)
        _CACHE[key] = rules
    return rules


def _load_builtin() -> None:
    # Importing the games package registers the games shipped with Meeple.
    import meeple.games  # noqa: F401
