"""Bot levels: the named levels players choose (`easy`, `medium`, `hard`, `expert`) and the settings behind them
(`random`, `greedy`, `greedy:30%`, `learned`, `ismcts`, `ismcts:2s`, `ismcts:500`, `ismcts:10%`), which stay valid
names of their own.

A named level is a row of `NAMED_LEVELS`: the setting it plays in every game, unless the game sets its own for that
level (`GameSpec.bot_levels`), so that each level beats the one below about 70 % of the time in every game. Settings
are iteration budgets, never time budgets, so that a game between named levels is reproducible from its seeds.
`meeple arena levels` measures the levels' ratings; the figures ship with the package (`meeple.agents.ratings`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeple.engine.table import SeatTable

from .base import Agent
from .simple import GreedyAgent, RandomAgent

# Named level -> its setting in a game that sets none of its own, weakest first.
NAMED_LEVELS: dict[str, str] = {
    "easy": "greedy:50%",
    "medium": "greedy",
    "hard": "ismcts:100",
    "expert": "ismcts",
}
# Every level a face offers by name, and the codes of earlier versions, weakest first (the bot that takes a
# resigned seat is the strongest at the table).
STRENGTH: tuple[str, ...] = (
    "random", "easy", "greedy", "medium", "hard", "learned", "ismcts:0.5s", "expert", "ismcts:2s",
)
LEVEL_HELP = (
    "easy, medium, hard, expert (named levels), or a setting: random, greedy, greedy:<percent>% (a random legal "
    "move that share of the time, e.g. greedy:30%), ismcts (default budget), ismcts:<seconds>s (e.g. ismcts:2s, "
    "ismcts:0.5s), ismcts:<milliseconds>ms (e.g. ismcts:300ms), ismcts:<iterations> (e.g. ismcts:500), "
    "each with a share of random legal moves (ismcts:10%, ismcts:500:10%), "
    "learned (the search guided by a trained network, where the game ships one)"
)
_BUDGET = re.compile(r"^(?P<number>\d+(\.\d+)?)(?P<unit>s|ms)?$")
_SHARE = re.compile(r"^(?P<percent>\d+(\.\d+)?)%$")


@dataclass(frozen=True)
class Level:
    """A parsed bot level: the bot kind and, for search bots, a budget per decision; for a named level its name
    (the setting is then the one it plays in the game asked for, or its default setting)."""

    kind: str
    iterations: int | None = None
    seconds: float | None = None
    random_share: float = 0.0  # greedy and ismcts: the share of moves played at random
    name: str | None = None


def level_setting(name: str, spec: Any | None = None) -> str:
    """The setting a named level plays in a game (its spec's `bot_levels`, else the table's default)."""
    key = name.strip().lower()
    if key not in NAMED_LEVELS:
        raise ValueError(f"unknown named level {name!r}; named levels: {', '.join(NAMED_LEVELS)}")
    own: Mapping[str, str] = getattr(spec, "bot_levels", None) or {}
    return own.get(key, NAMED_LEVELS[key])


def parse_level(text: str, spec: Any | None = None) -> Level:
    """Parse a level name (case-insensitive); an unknown one raises ValueError listing the valid levels.

    A named level parses as its setting in the game whose spec is given, else as its default setting."""
    if not isinstance(text, str):
        raise ValueError(f"a bot level is a name, not {text!r}; valid levels: {LEVEL_HELP}")
    name = text.strip().lower()
    if name in NAMED_LEVELS:
        setting = _parse_setting(level_setting(name, spec), name)
        return Level(setting.kind, setting.iterations, setting.seconds, setting.random_share, name)
    return _parse_setting(name, text)


def _parse_setting(name: str, text: str) -> Level:
    kind, colon, budget = name.partition(":")
    if kind in ("random", "learned") and not colon:
        return Level(kind)
    if kind == "greedy":
        if not colon:
            return Level(kind)
        share = _SHARE.match(budget)
        if share and 0 < float(share["percent"]) <= 100:
            return Level(kind, random_share=float(share["percent"]) / 100)
    if kind == "ismcts":
        if not colon:
            return Level(kind)
        budget, _, random_part = budget.rpartition(":") if budget.endswith("%") else (budget, "", "")
        random_share = 0.0
        if random_part:  # ismcts:10% (the default budget) or ismcts:500:10%
            share = _SHARE.match(random_part)
            if share and 0 < float(share["percent"]) < 100:
                random_share = float(share["percent"]) / 100
            if random_share and name.count(":") == 1:
                return Level(kind, random_share=random_share)
            if not random_share:
                budget = ""  # refused below
        match = _BUDGET.match(budget)
        if match:
            number = float(match["number"])
            unit = match["unit"]
            if unit is None and "." not in match["number"] and number >= 1:
                return Level(kind, iterations=int(number), random_share=random_share)
            seconds = number / 1000 if unit == "ms" else number
            if unit is not None and seconds > 0:
                return Level(kind, seconds=seconds, random_share=random_share)
    raise ValueError(f"unknown bot level {text!r}; valid levels: {LEVEL_HELP}")


def is_bot_level(text: str) -> bool:
    try:
        parse_level(text)
    except ValueError:
        return False
    return True


def is_named_level(text: str) -> bool:
    return isinstance(text, str) and text.strip().lower() in NAMED_LEVELS


def make_agent(level: str, seed: int = 0) -> Agent:
    """A bot of the given level with its own seeded stream."""
    parsed = parse_level(level)
    if parsed.name is not None:
        return NamedLevelAgent(parsed.name, seed)
    return _setting_agent(parsed, seed)


def _setting_agent(parsed: Level, seed: int) -> Agent:
    if parsed.kind == "random":
        return RandomAgent(seed)
    if parsed.kind == "greedy":
        return GreedyAgent(seed, random_share=parsed.random_share)
    if parsed.kind == "learned":
        from .learned import LearnedAgent

        return LearnedAgent(seed)
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(seed, iterations=parsed.iterations, seconds=parsed.seconds, random_share=parsed.random_share)


class NamedLevelAgent(Agent):
    """A named level's bot: at its first decision it becomes the setting the level plays in that game (the game's
    own `bot_levels`, else the default) and lets that bot play, with this bot's seed."""

    def __init__(self, name: str, seed: int = 0) -> None:
        super().__init__(seed)
        self.level = name
        self.inner: Agent | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed}, plays={self.inner!r})"

    def bot_for(self, table: SeatTable) -> Agent:
        if self.inner is None:
            self.inner = _setting_agent(parse_level(self.level, table.rules.spec), self.seed)
        return self.inner

    def choose(self, table: SeatTable) -> str:
        if not isinstance(table, SeatTable):
            raise TypeError(f"a bot is given a seat's table (game.seat_table(seat)), not {type(table).__name__}")
        return self.bot_for(table).choose(table)

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        return self.bot_for(table).pick(table, legal)

    def stats(self) -> dict[str, Any]:
        return self.inner.stats() if self.inner is not None else {}
