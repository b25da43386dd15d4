"""The registry of games: every face finds a game here by its id.

Games are plug-ins: an installed package declares its rules in the entry-point group `meeple.games`,

    [project.entry-points."meeple.games"]
    mygame = "mygame.rules:MyGame"

naming a callable `factory(**settings) -> Rules` (settings such as `data=PATH`, a corrected data file). The
engine imports a game only when it is first asked for, and imports no game by name. Tests and scripts may also
`register` a factory directly.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import metadata
from typing import Any

from .errors import UnknownGame
from .rules import Rules

ENTRY_POINT_GROUP = "meeple.games"

log = logging.getLogger("meeple.engine")

_FACTORIES: dict[str, Callable[..., Rules[Any]]] = {}
_ENTRY_POINTS: dict[str, metadata.EntryPoint] = {}
_CACHE: dict[tuple[str, tuple[tuple[str, str], ...]], Rules[Any]] = {}
_discovered = False


def register(game_id: str, factory: Callable[..., Rules[Any]]) -> None:
    """Register a game: `factory(**settings)` returns its Rules (settings such as a data file path)."""
    _FACTORIES[game_id] = factory
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def unregister(game_id: str) -> None:
    """Remove a game registered with `register` (and its cached rules); unknown ids are ignored."""
    _FACTORIES.pop(game_id, None)
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def game_ids() -> list[str]:
    """The ids of every registered game, sorted (installed plug-ins are listed without being imported)."""
    _discover()
    return sorted(set(_FACTORIES) | set(_ENTRY_POINTS))


def get_rules(game_id: str, **settings: str) -> Rules[Any]:
    """The Rules of a registered game; settings (for example `data=PATH`) select another data file."""
    factory = _factory(game_id)
    key = (game_id, tuple(sorted(settings.items())))
    rules = _CACHE.get(key)
    if rules is None:
        rules = factory(**settings)
        _CACHE[key] = rules
    return rules


def _factory(game_id: str) -> Callable[..., Rules[Any]]:
    factory = _FACTORIES.get(game_id)
    if factory is not None:
        return factory
    _discover()
    entry = _ENTRY_POINTS.get(game_id)
    if entry is None:
        known = ", ".join(game_ids()) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; registered games: {known}")
    loaded = entry.load()
    if not callable(loaded):
        raise UnknownGame(f"the plug-in of game {game_id!r} ({entry.value}) is not a rules factory")
    _FACTORIES[game_id] = loaded
    return loaded  # type: ignore[no-any-return]


def _discover() -> None:
    """Read the installed plug-ins once (their names only; a game's code is imported on first use)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _ENTRY_POINTS and _ENTRY_POINTS[entry.name].value != entry.value:
            log.warning("game %r is declared twice (%s and %s); using the first", entry.name,
                        _ENTRY_POINTS[entry.name].value, entry.value)
            continue
        _ENTRY_POINTS[entry.name] = entry
