"""Bot levels by name: `random`, `greedy`, `learned`, `ismcts`, `ismcts:2s` (per decision), `ismcts:500` (visits)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import Agent
from .simple import GreedyAgent, RandomAgent

LEVEL_HELP = (
    "random, greedy, ismcts (default budget), ismcts:<seconds>s (e.g. ismcts:2s, ismcts:0.5s), "
    "ismcts:<milliseconds>ms (e.g. ismcts:300ms), ismcts:<iterations> (e.g. ismcts:500), "
    "learned (a trained network, where the game ships one)"
)
_BUDGET = re.compile(r"^(?P<number>\d+(\.\d+)?)(?P<unit>s|ms)?$")


@dataclass(frozen=True)
class Level:
    """A parsed bot level: the bot kind and, for search bots, a budget per decision."""

    kind: str
    iterations: int | None = None
    seconds: float | None = None


def parse_level(text: str) -> Level:
    """Parse a level name; an unknown one raises ValueError listing the valid levels."""
    if not isinstance(text, str):
        raise ValueError(f"a bot level is a name, not {text!r}; valid levels: {LEVEL_HELP}")
    name = text.strip().lower()
    kind, colon, budget = name.partition(":")
    if kind in ("random", "greedy", "learned") and not colon:
        return Level(kind)
    if kind == "ismcts":
        if not colon:
            return Level(kind)
        match = _BUDGET.match(budget)
        if match:
            number = float(match["number"])
            unit = match["unit"]
            if unit is None and "." not in match["number"] and number >= 1:
                return Level(kind, iterations=int(number))
            seconds = number / 1000 if unit == "ms" else number
            if unit is not None and seconds > 0:
                return Level(kind, seconds=seconds)
    raise ValueError(f"unknown bot level {text!r}; valid levels: {LEVEL_HELP}")


def is_bot_level(text: str) -> bool:
    try:
        parse_level(text)
    except ValueError:
        return False
    return True


def make_agent(level: str, seed: int = 0) -> Agent:
    """A bot of the given level with its own seeded stream."""
    parsed = parse_level(level)
    if parsed.kind == "random":
        return RandomAgent(seed)
    if parsed.kind == "greedy":
        return GreedyAgent(seed)
    if parsed.kind == "learned":
        from .learned import LearnedAgent

        return LearnedAgent(seed)
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(seed, iterations=parsed.iterations, seconds=parsed.seconds)
