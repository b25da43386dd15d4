"""Meeple: a table for modern board games (rules engines, bots, browser and terminal play, RL APIs)."""

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .engine import (
    Game,
    IllegalAction,
    InvalidOptions,
    MeepleError,
    SaveError,
    ScenarioError,
    UnknownGame,
    game_ids,
    load_game,
    new_game,
    replay,
)
from .engine import scenario as _scenario
from .files import load_description

__version__ = "0.1.0"


def scenario(game_id: str, description: Mapping[str, Any] | str | Path, **settings: str) -> Game:
    """Build a game from a description of a position: a dict, or the path of a YAML or JSON file.

    >>> game = scenario("bluemooncity", {"players": 2, "turn": {"active": 1}})
    >>> game.deciders()
    [1]
    """
    return _scenario(game_id, load_description(description), **settings)

__all__ = [
    "Game", "IllegalAction", "InvalidOptions", "MeepleError", "SaveError", "ScenarioError",
    "UnknownGame", "game_ids", "load_game", "new_game", "replay", "scenario", "__version__",
]
