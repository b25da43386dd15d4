"""`meeple bench engine`: random full games on the fast path, side by side with the Catanatron engine.

Both engines play whole games with uniformly random legal actions and no checks beyond their own:
Meeple through `rules.legal` / `rules.apply` on its state (the path bots and RL use), Catanatron through
`Game.play_tick()` with its `RandomPlayer`s (the loop of `Game.play`, counted tick by tick). The two
alternate in rounds within one run, so that both see the same machine load; figures are medians over the
rounds. Each round also gives one ratio of the two engines' actions/s; the 95 % interval of that ratio is
Student's t over the rounds' ratios (a speed target is met only when its lower bound clears the target). The copy
time is the median time of one `rules.copy(state)` (Meeple) or `game.copy()` (Catanatron) of a mid-game position.

Meeple plays any number of players its game allows; Catanatron plays 2 to 4, so it runs at the count nearest to
the one asked for, and the report says which.
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
CATAN_PLAYERS = (2, 4)  # the fewest and most players Catanatron plays
DEFAULT_PLAYERS = 4  # or the count nearest to it that the game allows
CONFIDENCE = 0.95

# ---------------------------------------------------------------- Meeple
def meeple_game(game_id: str, players: int, seed: int, keep: list[Any] | None = None) -> int:
    """Play one random game on the fast path; return the number of actions."""
    rules = get_rules(game_id)
    state = rules.setup(players, rules.spec.defaults(), seed)
    pick = Stream(seed, 1)
    actions = 0
    while deciders := rules.deciders(state):  # nobody decides exactly when the game is over (`Rules.is_over`)
        seat = deciders[0] if len(deciders) == 1 else deciders[pick.below(len(deciders))]
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


def nearest(count: int, fewest: int, most: int) -> int:
    """The player count within [fewest, most] nearest to `count`."""
    return min(max(count, fewest), most)


def ratio_interval(ratios: list[float], confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """The `confidence` interval of the mean of per-round ratios (Student's t); None with fewer than two rounds."""
    if len(ratios) < 2:
        return None
    from scipy import stats

    mean = statistics.fmean(ratios)
    if len(set(ratios)) == 1:  # no spread: the t interval degenerates to the value itself
        return mean, mean
    low, high = stats.t.interval(confidence, len(ratios) - 1, loc=mean, scale=stats.sem(ratios))
    return float(low), float(high)


def comparison(meeple_rounds: list[float], catan_rounds: list[float]) -> dict[str, Any]:
    """Meeple's actions/s over Catanatron's, round by round: the ratios, their median and their 95 % interval."""
    ratios = [m / c for m, c in zip(meeple_rounds, catan_rounds, strict=True)]
    interval = ratio_interval(ratios)
    return {"ratios": ratios, "median": statistics.median(ratios), "mean": statistics.fmean(ratios),
            "ci95": None if interval is None else list(interval)}


def run(game_id: str, games: int, players: int, seed: int, rounds: int, with_catan: bool) -> dict[str, Any]:
    per_round = max(1, games // rounds)
    catan_players = nearest(players, *CATAN_PLAYERS)
    engines: dict[str, Callable[[int], int]] = {"meeple": lambda s: meeple_game(game_id, players, s)}
    if with_catan:
        engines["catanatron"] = lambda s: catan_game(catan_players, s)
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for play in engines.values():
        play(seed - 1)  # warm-up: imports and the engines' caches, not measured
    with tqdm(total=per_round * rounds * len(engines), desc="random games", unit="game", file=sys.stderr) as bar:
        for r in range(rounds):
            seeds = range(seed + r * per_round, seed + (r + 1) * per_round)
            for name, play in engines.items():
                rates[name].append(timed_batch(play, seeds, bar))
    out: dict[str, Any] = {"players": players, "catanatron_players": catan_players if with_catan else None,
                           "meeple": None, "catanatron": None, "ratio": None}
    copies = {"meeple": lambda: meeple_copy_us(game_id, players, seed),
              "catanatron": lambda: catan_copy_us(catan_players, seed)}
    for name, pairs in rates.items():
        out[name] = {
            "actions_per_s": statistics.median(a for a, _ in pairs),
            "games_per_s": statistics.median(g for _, g in pairs),
            "copy_us": copies[name](),
            "rounds_actions_per_s": [a for a, _ in pairs],
        }
    if with_catan:
        out["ratio"] = comparison([a for a, _ in rates["meeple"]], [a for a, _ in rates["catanatron"]])
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


def report(figures: dict[str, Any], game_id: str, games: int, rounds: int) -> None:
    players, catan_players = figures["players"], figures["catanatron_players"]
    click.echo(f"{games} random {players}-player games per engine in {rounds} alternating rounds (medians)")
    if catan_players is not None and catan_players != players:
        click.echo(f"catanatron plays {catan_players} players: the count nearest to {players} that it allows "
                   f"({CATAN_PLAYERS[0]} to {CATAN_PLAYERS[1]})")
    click.echo(f"{'engine':24} {'actions/s':>12} {'games/s':>10} {'copy µs':>10}")
    for name, label in (("meeple", f"meeple {game_id}"), ("catanatron", "catanatron 3.2.1 (Catan)")):
        f = figures[name]
        if f is not None:
            click.echo(f"{label:24} {f['actions_per_s']:12,.0f} {f['games_per_s']:10.2f} {f['copy_us']:10.1f}")
    m, c, ratio = figures["meeple"], figures["catanatron"], figures["ratio"]
    if m is not None and c is not None:
        click.echo(f"{'meeple / catanatron':24} {m['actions_per_s'] / c['actions_per_s']:11.2f}x "
                   f"{m['games_per_s'] / c['games_per_s']:9.2f}x {m['copy_us'] / c['copy_us']:9.2f}x")
    if ratio is not None:
        click.echo("actions/s ratio per round: " + " ".join(f"{r:.2f}x" for r in ratio["ratios"]))
        interval = ratio["ci95"]
        spread = ("no interval: it needs at least two rounds" if interval is None
                  else f"mean {ratio['mean']:.2f}x, {CONFIDENCE:.0%} interval {interval[0]:.2f}x to {interval[1]:.2f}x")
        click.echo(f"actions/s ratio: median {ratio['median']:.2f}x, {spread} (Student's t over the rounds)")


@click.command()
@click.option("--games", default=40, show_default=True, help="Random games per engine (split into rounds).")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help=f"Players (any count the game allows; default: {DEFAULT_PLAYERS}, or the nearest count it allows). "
                   f"Catanatron plays the count nearest to it from {CATAN_PLAYERS[0]} to {CATAN_PLAYERS[1]}.")
@click.option("--seed", default=1, show_default=True, help="First seed; each game uses the next one.")
@click.option("--rounds", default=5, show_default=True, help="Alternating rounds; figures are medians over them.")
@click.option("--game", "game_id", default=None, help="Meeple game to play (default: the only game installed).")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@click.option("--profile", "profile_top", default=0, help="Also print the N top functions of a cProfile run.")
def engine(games: int, players: int | None, seed: int, rounds: int, game_id: str | None, as_json: bool,
           profile_top: int) -> None:
    """Engine speed: random full games (actions/s, games/s) and the copy of a mid-game state, beside Catanatron."""
    game_id = the_game(game_id)
    spec = get_rules(game_id).spec
    if players is None:
        players = nearest(DEFAULT_PLAYERS, spec.min_players, spec.max_players)
    elif not spec.min_players <= players <= spec.max_players:
        raise click.BadParameter(f"{spec.title} is played by {spec.min_players} to {spec.max_players} players, "
                                 f"not {players}", param_hint="--players")
    rounds = max(1, min(rounds, games))
    with_catan = catanatron_available()
    if not with_catan:
        click.echo("catanatron is not installed (pip install -e '.[bench]'): showing Meeple's figures only",
                   err=True)
    figures = run(game_id, games, players, seed, rounds, with_catan)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        report(figures, game_id, games, rounds)
    if profile_top:
        fresh = seed + games + 1000  # seeds the measured rounds did not use
        click.echo(profile_text(game_id, players, fresh, max(1, games // rounds), profile_top), err=as_json)
