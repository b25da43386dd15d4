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
from .messages import Catalogue, Plural, plural
from .registry import game_ids, get_rules, register
from .rules import REVEAL, ActionTable, DataState, Event, Result, Rules, StateRules, reveal
from .spec import HIDING, GameSpec, OptionSpec
from .table import SearchRules, SeatTable

__all__ = [
    "HIDING", "REVEAL", "ActionTable", "Catalogue", "DataError", "DataState", "Event", "Game", "GameSpec",
    "IllegalAction", "InvalidOptions", "MeepleError", "OptionSpec", "Plural", "Result", "Rules", "SaveError",
    "ScenarioError", "SearchRules", "SeatTable", "StateRules", "UnknownGame", "game_ids", "get_rules", "load_game",
    "new_game", "plural", "register", "replay", "reveal", "scenario",
]
