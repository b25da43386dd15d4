"""`meeple bench engine`: random full games on the fast path, side by side with the Catanatron engine.

Both engines play whole games with uniformly random legal actions and no checks beyond their own:
Meeple through `rules.legal` / `rules.apply` on its state (the path bots and RL use), Catanatron through
`Game.play_tick()` with its `RandomPlayer`s (the loop of `Game.play`, counted tick by tick). The two
alternate in rounds within one run, so that both see the same machine load; figures are medians over the
rounds. The copy time is the median time of one `rules.copy(state)` (Meeple) or `game.copy()` (Catanatron)
of a mid-game position.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import click
from tqdm import tqdm

from meeple.cli import the_game
from meeple.engine import get_rules
from meeple.engine.rng import Stream

COPY_SAMPLES = 300  # timed samples of the copy of one mid-game state
COPIES_PER_SAMPLE = 20
SNAPSHOT_EVERY = 25  # actions between kept positions when looking for a mid-game one

Figures = dict[str, float]


# ---------------------------------------------------------------- Meeple
def meeple_game(game_id: str, players: int, seed: int, keep: list[Any] | None = None) -> int:
    """Play one random game on the fast path; return the number of actions."""
    rules = get_rules(game_id)
    state = rules.setup(players, rules.spec.defaults(), seed)
    pick = Stream(seed, 1)
    actions = 0
    while not rules.is_over(state):
        deciders = rules.deciders(state)
        seat = deciders[pick.below(len(deciders))]
        legal = rules.legal(state, seat)
        rules.apply(state, seat, legal[pick.below(len(legal))])
        actions += 1
        if keep is not None and actions % SNAPSHOT_EVERY == 0:
            keep.append(rules.copy(state))
    return actions


def meeple_copy_us(game_id: str, players: int, seed: int) -> float:
    rules = get_rules(game_id)
    kept: list[Any] = []
    meeple_game(game_id, players, seed, kept)
    state = kept[len(kept) // 2]
    return median_call_us(lambda: rules.copy(state))


# ---------------------------------------------------------------- Catanatron
def catanatron_available() -> bool:
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return False
    return True


def catan_game(players: int, seed: int, keep: list[Any] | None = None) -> int:
    """Play one Catanatron game with its RandomPlayers, tick by tick as `Game.play` does; return the ticks."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    game = Game([RandomPlayer(c) for c in list(Color)[:players]], seed=seed)
    ticks = 0
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        game.play_tick()
        ticks += 1
        if keep is not None and ticks % SNAPSHOT_EVERY == 0:
            keep.append(game.copy())
    return ticks


def catan_copy_us(players: int, seed: int) -> float:
    kept: list[Any] = []
    catan_game(players, seed, kept)
    game = kept[len(kept) // 2]
    return median_call_us(game.copy)


# ---------------------------------------------------------------- measuring
def median_call_us(call: Callable[[], Any]) -> float:
    samples = []
    for _ in range(COPY_SAMPLES):
        start = time.perf_counter()
        for _ in range(COPIES_PER_SAMPLE):
            call()
        samples.append((time.perf_counter() - start) / COPIES_PER_SAMPLE)
    return statistics.median(samples) * 1e6


def timed_batch(play: Callable[[int], int], seeds: range, bar: tqdm) -> tuple[float, float]:
    """(actions/s, games/s) of one batch of games."""
    start = time.perf_counter()
    actions = 0
    for seed in seeds:
        actions += play(seed)
        bar.update(1)
    elapsed = time.perf_counter() - start
    return actions / elapsed, len(seeds) / elapsed


def run(game_id: str, games: int, players: int, seed: int, rounds: int, with_catan: bool) -> dict[str, Figures | None]:
    per_round = max(1, games // rounds)
    engines: dict[str, Callable[[int], int]] = {"meeple": lambda s: meeple_game(game_id, players, s)}
    if with_catan:
        engines["catanatron"] = lambda s: catan_game(players, s)
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for play in engines.values():
        play(seed - 1)  # warm-up: imports and the engines' caches, not measured
    with tqdm(total=per_round * rounds * len(engines), desc="random games", unit="game", file=sys.stderr) as bar:
        for r in range(rounds):
            seeds = range(seed + r * per_round, seed + (r + 1) * per_round)
            for name, play in engines.items():
                rates[name].append(timed_batch(play, seeds, bar))
    out: dict[str, Figures | None] = {"meeple": None, "catanatron": None}
    copies = {"meeple": lambda: meeple_copy_us(game_id, players, seed),
              "catanatron": lambda: catan_copy_us(players, seed)}
    for name, pairs in rates.items():
        out[name] = {
            "actions_per_s": statistics.median(a for a, _ in pairs),
            "games_per_s": statistics.median(g for _, g in pairs),
            "copy_us": copies[name](),
        }
    return out


def profile_text(game_id: str, players: int, seed: int, games: int, top: int) -> str:
    """The top functions by own time over some random Meeple games not played before (cold game caches)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for s in range(seed, seed + games):
        meeple_game(game_id, players, s)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def report(figures: dict[str, Figures | None], game_id: str, players: int, games: int, rounds: int) -> None:
    click.echo(f"{games} random {players}-player games per engine in {rounds} alternating rounds (medians)")
    click.echo(f"{'engine':24} {'actions/s':>12} {'games/s':>10} {'copy µs':>10}")
    for name, label in (("meeple", f"meeple {game_id}"), ("catanatron", "catanatron 3.2.1 (Catan)")):
        f = figures[name]
        if f is not None:
            click.echo(f"{label:24} {f['actions_per_s']:12,.0f} {f['games_per_s']:10.2f} {f['copy_us']:10.1f}")
    m, c = figures["meeple"], figures["catanatron"]
    if m is not None and c is not None:
        click.echo(f"{'meeple / catanatron':24} {m['actions_per_s'] / c['actions_per_s']:11.2f}x "
                   f"{m['games_per_s'] / c['games_per_s']:9.2f}x {m['copy_us'] / c['copy_us']:9.2f}x")


@click.command()
@click.option("--games", default=40, show_default=True, help="Random games per engine (split into rounds).")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 4))
@click.option("--seed", default=1, show_default=True, help="First seed; each game uses the next one.")
@click.option("--rounds", default=5, show_default=True, help="Alternating rounds; figures are medians over them.")
@click.option("--game", "game_id", default=None, help="Meeple game to play (default: the only game installed).")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@click.option("--profile", "profile_top", default=0, help="Also print the N top functions of a cProfile run.")
def engine(games: int, players: int, seed: int, rounds: int, game_id: str | None, as_json: bool,
           profile_top: int) -> None:
    """Engine speed: random full games (actions/s, games/s) and the copy of a mid-game state, beside Catanatron."""
    game_id = the_game(game_id)
    rounds = max(1, min(rounds, games))
    with_catan = catanatron_available()
    if not with_catan:
        click.echo("catanatron is not installed (pip install -e '.[bench]'): showing Meeple's figures only",
                   err=True)
    figures = run(game_id, games, players, seed, rounds, with_catan)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        report(figures, game_id, players, games, rounds)
    if profile_top:
        fresh = seed + games + 1000  # seeds the measured rounds did not use
        click.echo(profile_text(game_id, players, fresh, max(1, games // rounds), profile_top), err=as_json)
