"""Which games, player counts and option combinations the conformance suite plays, read from the registry."""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from typing import Any

import meeple
from engine.games import TEST_GAMES, registered
from meeple.engine import GameSpec, InvalidOptions, game_ids, get_rules
from meeple.engine.rng import Stream

# Total number of random games over all configurations (about 0.4 CPU-seconds each with every check on);
# raise it, and shift the seeds, for a longer soak run over other games.
TOTAL_GAMES = int(os.environ.get("MEEPLE_CONFORMANCE_GAMES", "1500"))
SEED_BASE = int(os.environ.get("MEEPLE_CONFORMANCE_SEED", "0"))
# Each configuration is split into this many test items so that pytest-xdist can spread the work.
CHUNKS = int(os.environ.get("MEEPLE_CONFORMANCE_CHUNKS", "3"))
# Beyond this many option combinations a game is covered by a fixed sample of them.
MAX_COMBINATIONS = 48
# The test-only games are short: a fixed number of games per test item, outside the total above.
TEST_GAME_GAMES = int(os.environ.get("MEEPLE_CONFORMANCE_TEST_GAMES", "12"))
# Random games of some games are much longer than others (City of Remnants' random games run to its round cap,
# 2,000-3,000 actions): their share of the default run plays fewer, longer games. A soak run raises TOTAL_GAMES.
LONG_GAMES = {"cityofremnants": 0.3}


def all_game_ids() -> list[str]:
    """The installed games and the test-only games (registered around each conformance test)."""
    with registered():
        return game_ids()


@dataclass(frozen=True)
class Config:
    """One way to start a game: game id, player count and options."""

    game_id: str
    players: int
    options: tuple[tuple[str, Any], ...]

    @property
    def opts(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game_id}-p{self.players}-{opts}" if opts else f"{self.game_id}-p{self.players}"


def option_combinations(spec: GameSpec) -> list[dict[str, Any]]:
    """Every combination of option values (a fixed sample of them when there are too many)."""
    names = spec.option_names()
    combos = [dict(zip(names, values, strict=True)) for values in itertools.product(*(o.choices for o in spec.options))]
    if len(combos) <= MAX_COMBINATIONS:
        return combos
    # The defaults and every single-option change first, then a seeded sample of the rest.
    chosen = [spec.defaults()]
    for o in spec.options:
        chosen += [{**spec.defaults(), o.name: c} for c in o.choices if c != o.default]
    rest = [c for c in combos if c not in chosen]
    Stream(len(combos), 1).shuffle(rest)
    return (chosen + rest)[:MAX_COMBINATIONS]


def refusal(game_id: str, players: int, options: dict[str, Any]) -> str | None:
    """The message with which a game refuses a combination, or None when it starts."""
    try:
        meeple.new_game(game_id, players, 0, options)
    except InvalidOptions as exc:
        return str(exc)
    return None


def all_starts() -> list[tuple[Config, str | None]]:
    """Every (configuration, refusal message or None) for every registered game."""
    out = []
    with registered():
        for gid in game_ids():
            spec = get_rules(gid).spec
            for players in range(spec.min_players, spec.max_players + 1):
                for opts in option_combinations(spec):
                    cfg = Config(gid, players, tuple(sorted(opts.items())))
                    out.append((cfg, refusal(gid, players, opts)))
    return out


def configurations() -> list[Config]:
    """The configurations a game accepts."""
    return [cfg for cfg, refused in all_starts() if refused is None]


def games_per_chunk(cfg: Config) -> int:
    """Games per test item: the installed games share `TOTAL_GAMES`, a test game plays `TEST_GAME_GAMES`."""
    if cfg.game_id in TEST_GAMES:
        return TEST_GAME_GAMES
    installed = [c for c in configurations() if c.game_id not in TEST_GAMES]
    share = -(-TOTAL_GAMES // (len(installed) * CHUNKS))
    return max(1, round(share * LONG_GAMES.get(cfg.game_id, 1.0)))
