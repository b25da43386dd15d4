"""One arena game: who sits where, the seeds derived from the arena seed, and the record of what happened."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.agents import make_agent, parse_level
from meeple.engine.rng import seed_stream

# Salts that split the arena seed into independent streams: one for each game, one for each bot of a game.
_GAME_SALT = 1
_BOT_SALT = 2
_SEED_BITS = 62


@dataclass(frozen=True)
class ArenaConfig:
    """What to run: a game, one bot level per seat (rotated from game to game), how many games and the seed."""

    game_id: str
    seats: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("name one bot level per seat, e.g. --seats ismcts,greedy")
        for level in self.seats:
            parse_level(level)  # raises ValueError listing the valid levels
        if self.games < 1:
            raise ValueError(f"the arena needs at least one game, not {self.games}")

    @property
    def players(self) -> int:
        return len(self.seats)

    def jobs(self) -> list[GameJob]:
        return [self.job(n) for n in range(self.games)]

    def job(self, number: int) -> GameJob:
        """Game `number`: the levels rotate one seat per game, so every level plays every seat equally often."""
        n = self.players
        levels = [self.seats[(seat + number) % n] for seat in range(n)]
        entries = [(seat + number) % n for seat in range(n)]
        bot_seeds = [derive(self.seed, _BOT_SALT, number, seat) for seat in range(n)]
        return GameJob(self.game_id, number, derive(self.seed, _GAME_SALT, number), levels, entries, bot_seeds,
                       dict(self.options))


def derive(seed: int, *parts: int) -> int:
    """A seed for one part of the arena (a game, a bot) from the arena seed: the same on every backend."""
    value = seed
    for part in parts:
        value = seed_stream(value, part)
    return value >> (64 - _SEED_BITS)


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one game, and nothing that depends on where it runs."""

    game_id: str
    number: int
    seed: int
    levels: list[str]  # bot level per seat
    entries: list[int]  # position in the arena's seat list of the bot sitting at each seat
    bot_seeds: list[int]
    options: dict[str, Any]


def play_job(job: GameJob) -> dict[str, Any]:
    """Play one game between bots and return its record (JSON-able)."""
    start = time.perf_counter()
    game = meeple.new_game(job.game_id, len(job.levels), job.seed, job.options)
    bots = [make_agent(level, seed=s) for level, s in zip(job.levels, job.bot_seeds, strict=True)]
    while not game.is_over():
        seat = game.deciders()[0]
        game.apply(seat, bots[seat].choose(game.seat_table(seat)))
    result = game.result()
    log = game.full_log()
    per_seat, per_game = split_statistics(game.rules.statistics(game.state), len(job.levels))
    return {
        "game": job.number,
        "seed": job.seed,
        "options": game.options,
        "levels": list(job.levels),
        "entries": list(job.entries),
        "bot_seeds": list(job.bot_seeds),
        "winners": list(result.winners),
        "draw": result.draw,
        "ranking": [list(p) for p in result.ranking],
        "scores": [result.scores.get(p, 0.0) for p in range(len(job.levels))],
        "reason": result.reason,
        "actions": len(log),
        "first": log[0][0] if log else None,
        "metrics": per_seat,
        "figures": per_game,
        "bot_stats": [bot.stats() for bot in bots],
        "seconds": round(time.perf_counter() - start, 3),
        "save": game.to_json(),
    }


def split_statistics(figures: dict[str, Any], players: int) -> tuple[dict[str, list[float]], dict[str, float]]:
    """The game's `Rules.statistics` of a finished game as numbers per seat (lists of one number per seat) and
    numbers of the whole game; anything else is left out."""
    per_seat: dict[str, list[float]] = {}
    per_game: dict[str, float] = {}
    for name, value in figures.items():
        if isinstance(value, list | tuple) and len(value) == players and all(_number(v) for v in value):
            per_seat[name] = [float(v) for v in value]
        elif _number(value):
            per_game[name] = float(value)
    return per_seat, per_game


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
