"""Game-agnostic core: registry, rules contract, facade, seeded randomness. Standard library only."""

from .errors import (
    DataError,
    IllegalAction,
    InvalidOptions,
    MeepleError,
    SaveError,
    ScenarioError,
    UnknownGame,
)
from .game import Game, load_game, new_game, replay, scenario
from .registry import game_ids, get_rules, register
from .rules import ActionTable, Event, Result, Rules
from .spec import GameSpec, OptionSpec

__all__ = [
    "ActionTable", "DataError", "Event", "Game", "GameSpec", "IllegalAction", "InvalidOptions",
    "MeepleError", "OptionSpec", "Result", "Rules", "SaveError", "ScenarioError", "UnknownGame",
    "game_ids", "get_rules", "load_game", "new_game", "register", "replay", "scenario",
]
