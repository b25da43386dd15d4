"""Bots that play any registered game from one seat's view: `random`, `greedy` and `ismcts`, and the named levels
players choose among (`easy`, `medium`, `hard`, `expert`).

>>> import meeple
>>> from meeple.agents import make_agent
>>> game = meeple.new_game("bluemooncity", 2, seed=1)
>>> bot = make_agent("greedy", seed=7)
>>> seat = game.deciders()[0]
>>> bot.choose(game.seat_table(seat)) in game.legal_actions(seat)
True
"""

from .base import Agent
from .levels import (
    LEVEL_HELP,
    NAMED_LEVELS,
    STRENGTH,
    is_bot_level,
    is_named_level,
    level_setting,
    make_agent,
    parse_level,
)

__all__ = ["LEVEL_HELP", "NAMED_LEVELS", "STRENGTH", "Agent", "is_bot_level", "is_named_level", "level_setting",
           "make_agent", "parse_level"]
