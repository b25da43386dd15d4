"""One arena game: who sits where, the seeds derived from the arena seed, and the record of what happened."""

from __future__ import annotations

import itertools
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.agents import make_agent, parse_level
from meeple.engine.rng import seed_stream

# Salts that split the arena seed into independent streams: one for each game, one for each bot of a game.
_GAME_SALT = 1
_BOT_SALT = 2
_SEED_BITS = 62


class UnknownLevel(ValueError):
    """A seat names no bot level this installation knows; the message lists the valid levels."""

    def __init__(self, level: Any, message: str) -> None:
        super().__init__(message)
        self.level = level


def check_levels(seats: list[Any]) -> None:
    """Raise UnknownLevel for the first seat that names no bot level (a run's or a saved report's seats)."""
    for level in seats:
        try:
            parse_level(level)
        except ValueError as exc:
            raise UnknownLevel(level, str(exc)) from None


@dataclass(frozen=True)
class ArenaConfig:
    """What to run: a game, the bots (one bot level per player), how many games and the seed.

    The arena sets the turn order: over every `players!` games each order of the bots is played once, and
    every block of `players` games has each bot once in each turn position (so each bot starts equally often).
    """

    game_id: str
    seats: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, str] = field(default_factory=dict)  # e.g. {"data": "my-components.toml"}
    first: int = 1  # number of the first game: a run in chunks plays games first .. first + games - 1 of its seed

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("name one bot level per seat, e.g. --seats ismcts,greedy")
        check_levels(self.seats)  # UnknownLevel (a ValueError) listing the valid levels
        if self.games < 1:
            raise ValueError(f"the arena needs at least one game, not {self.games}")
        if self.first < 1:
            raise ValueError(f"games are numbered from 1, so the first game cannot be {self.first}")

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def timed(self) -> list[str]:
        """The levels with a time budget per decision: their games depend on the machine and its load."""
        return [level for level in dict.fromkeys(self.seats) if parse_level(level).seconds is not None]

    @property
    def orders(self) -> int:
        """How many turn orders of the bots there are (players!): a run of a multiple of it is fully balanced."""
        return math.factorial(self.players)

    def jobs(self) -> list[GameJob]:
        folder = os.getcwd()  # where the run starts: a relative --data path names its file from here
        return [self.job(n, folder) for n in range(self.first - 1, self.first - 1 + self.games)]

    def job(self, number: int, folder: str = "") -> GameJob:
        """Game `number` (from 0): which bot (its index in `seats`) plays in which turn position; `folder` is the
        one the run started in, from which a relative path in the settings names its file."""
        n = self.players
        order = turn_order_of(number, n)
        bot_seeds = [derive(self.seed, _BOT_SALT, number, position) for position in range(n)]
        return GameJob(self.game_id, number + 1, derive(self.seed, _GAME_SALT, number),
                       [self.seats[e] for e in order], list(order), bot_seeds, dict(self.options),
                       dict(self.settings), folder)


def turn_order_of(number: int, players: int) -> tuple[int, ...]:
    """The bots (indices) in turn order in game `number`: the rotations of one permutation, one per game, then
    the next permutation with bot 0 first; all `players!` orders come once in `players!` games."""
    rest = list(itertools.permutations(range(1, players)))
    base = (0, *rest[(number // players) % len(rest)])
    shift = number % players
    return base[shift:] + base[:shift]


def derive(seed: int, *parts: int) -> int:
    """A seed for one part of the arena (a game, a bot) from the arena seed: the same on every backend."""
    value = seed
    for part in parts:
        value = seed_stream(value, part)
    return value >> (64 - _SEED_BITS)


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one game, wherever it runs (a file the settings name is found from the
    folder the run started in, not from the worker's)."""

    game_id: str
    number: int  # from 1, as in the file names and the CSV
    seed: int
    levels: list[str]  # bot level per turn position (0 starts)
    entries: list[int]  # index in the arena's bot list of the bot in each turn position
    bot_seeds: list[int]  # per turn position
    options: dict[str, Any]
    settings: dict[str, str] = field(default_factory=dict)  # as recorded: a relative `data` path from `folder`
    folder: str = ""  # the folder the run started in ("": the worker's own)

    def opened_settings(self) -> dict[str, str]:
        """The settings with which the worker opens the game: a relative `data` path joined to the folder the run
        started in, so that a worker running elsewhere (a Ray worker, say) reads the same file."""
        if "data" not in self.settings or not self.folder:
            return dict(self.settings)
        # normpath: a recorded path that climbs out of the folder (`../x.toml`) must not need that folder to exist
        return {**self.settings, "data": os.path.normpath(os.path.join(self.folder, self.settings["data"]))}


def turn_order(game: meeple.Game) -> list[int]:
    """The seats in turn order in a new game: the seat that decides first, then the next seats by number.

    A game that draws its starting player (Blue Moon City) keeps doing so; the arena then seats the bots so that
    the bot meant to start sits where the game starts. Seats deciding together at the start count from the
    lowest of them.
    """
    first = min(game.deciders())
    return [(first + p) % game.players for p in range(game.players)]


# How the arena played a game, recorded with it so that games played otherwise are not pooled or paired with it:
# 2, seats deciding together chose on one table (`play_out`); 1, a game in which no seats decided together (played
# the same either way), or one saved before 2026-11-30, when such seats were served one after another.
PLAY = 2


def play_out(game: meeple.Game, bots: list[Any], watch: Callable[[int, int | str], bool] | None = None) -> bool:
    """Let the bots (one per seat) play the game to its end; whether any seats decided together. `watch`, if
    given, sees each (seat, action) before it is applied, and play stops before an action it returns False for
    (`meeple arena check` compares a game played again with its saved log so).

    Seats that decide together (a simultaneous choice: Coloma's dials, each step of City of Remnants' Reset) each
    choose on the table as it stands before any of them acts, then their choices are applied in seat order. Served
    one after another, the seat served last would choose with the others' choices made: a bot looking ahead would
    then see the decision complete (with the hidden choices drawn from its view) where the others saw it pending, an
    edge given by the seat number alone. A seat whose legal actions an earlier choice changed is asked again on the
    table of the moment; a seat no longer deciding (or a game over) has its choice dropped.
    """
    together = False
    while not game.is_over():
        deciders = game.deciders()
        if len(deciders) == 1:
            seat = deciders[0]
            action = bots[seat].choose(game.seat_table(seat))
            if watch is not None and not watch(seat, action):
                return together
            game.apply(seat, action)
            continue
        together = True
        choices = [(seat, game.legal_actions(seat), bots[seat].choose(game.seat_table(seat))) for seat in deciders]
        for seat, legal, action in choices:
            if game.is_over() or seat not in game.deciders():
                continue
            if game.legal_actions(seat) != legal:
                action = bots[seat].choose(game.seat_table(seat))
            if watch is not None and not watch(seat, action):
                return together
            game.apply(seat, action)
    return together


def play_job(job: GameJob) -> dict[str, Any]:
    """Play one game between bots and return its record (JSON-able); lists of the record are per seat."""
    start = time.perf_counter()
    n = len(job.levels)
    game = meeple.new_game(job.game_id, n, job.seed, job.options, **job.opened_settings())
    order = turn_order(game)
    position = [order.index(seat) for seat in range(n)]
    levels = [job.levels[p] for p in position]
    bots = [make_agent(levels[seat], seed=job.bot_seeds[position[seat]]) for seat in range(n)]
    together = play_out(game, bots)
    result = game.result()
    log = game.full_log()
    figures = {**game.rules.statistics(game.state), **game.rules.history_statistics(game.state, game.events(None))}
    per_seat, per_game = split_statistics(figures, n)
    return {
        "game": job.number,
        "seed": job.seed,
        "play": PLAY if together else 1,
        "options": game.options,
        "levels": levels,
        "entries": [job.entries[p] for p in position],
        "positions": position,
        "order": order,
        "bot_seeds": [job.bot_seeds[p] for p in position],
        "winners": list(result.winners),
        "draw": result.draw,
        "ranking": [list(p) for p in result.ranking],
        "scores": [result.scores.get(p, 0.0) for p in range(n)],
        "reason": result.reason,
        "roles": roles_of(game.spec.roles, figures, n),
        "actions": len(log),
        "first": order[0],
        "metrics": per_seat,
        "figures": per_game,
        "tallies": tallies(figures),
        "bot_stats": [bot.stats() for bot in bots],
        "seconds": round(time.perf_counter() - start, 3),
        "save": game.to_json(settings=job.settings),  # the data file by the path the run was given
    }


def roles_of(name: str, figures: dict[str, Any], players: int) -> list[str] | None:
    """Each seat's role in a finished game: the statistics entry the game names for them (`GameSpec.roles`), one
    name per seat; None when the game declares no roles."""
    value = figures.get(name) if name else None
    if not isinstance(value, list | tuple) or len(value) != players:
        return None
    return [str(v) for v in value]


def split_statistics(figures: dict[str, Any], players: int) -> tuple[dict[str, list[float]], dict[str, float]]:
    """The game's `Rules.statistics` of a finished game as numbers per seat (lists of one number per seat) and
    numbers of the whole game; anything else is left out."""
    per_seat: dict[str, list[float]] = {}
    per_game: dict[str, float] = {}
    for name, value in figures.items():
        if isinstance(value, list | tuple) and len(value) == players and all(is_number(v) for v in value):
            per_seat[name] = [float(v) for v in value]
        elif is_number(value):
            per_game[name] = float(value)
    return per_seat, per_game


def tallies(figures: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The figures of the game that are tallies: `{key: number}` (e.g. the turn each building was completed)."""
    return {name: {str(k): float(v) for k, v in value.items()} for name, value in figures.items()
            if isinstance(value, dict) and all(is_number(v) for v in value.values())}


def is_number(value: Any) -> bool:
    """Whether a value read from JSON is a number (an int or a float; JSON's true and false are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_whole(value: Any) -> bool:
    """Whether a value read from JSON is an int, of any sign (JSON's true and false are not); callers check the sign."""
    return isinstance(value, int) and not isinstance(value, bool)
