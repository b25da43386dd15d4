"""`meeple arena levels`: measure the named bot levels of every game (OpenSkill ratings over every game played,
and each level's win rate against the level below with its 95 % interval) and write the figures the package ships.

Each pair of neighbouring levels plays the same number of games in every turn order (two players, or the game's
fewest); OpenSkill then rates the levels over all those games (`openskill_ratings`).
"""

from __future__ import annotations

import datetime
import itertools
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from openskill.models import PlackettLuce

from meeple.agents import NAMED_LEVELS, level_setting
from meeple.agents.ratings import FOLDER, ratings_path

from .match import ArenaConfig
from .runner import run_arena
from .stats import ranks, wilson

MODEL = PlackettLuce()  # the ladder's model (meeple.server.ladder)


def neighbours(levels: list[str]) -> list[tuple[str, str]]:
    """(lower, upper) for every level and the one above it."""
    return list(itertools.pairwise(levels))


def seats_of(lower: str, upper: str, players: int) -> list[str]:
    """The bots of a game between two levels: the upper level and `players - 1` copies of the lower one."""
    return [upper, *[lower] * (players - 1)]


def measure(game_id: str, games: int, seed: int = 0, jobs: int = 1, progress: bool = True,
            levels: list[str] | None = None, on_pair: Callable[[dict[str, Any]], None] | None = None,
            commit: str | None = None) -> dict[str, Any]:
    """Play `games` games for every pair of neighbouring levels of a game and return the figures to ship;
    `on_pair` is told each pair's figures as soon as its games are played. `commit` is the code that plays (by
    default the checkout's now)."""
    import meeple

    spec = meeple.engine.get_rules(game_id).spec
    levels = levels or list(NAMED_LEVELS)
    players = max(2, spec.min_players)
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    commit = commit or checkout_commit()  # the code that plays: the commit when the measurement starts
    pairs = []
    for lower, upper in neighbours(levels):
        config = ArenaConfig(game_id, seats_of(lower, upper, players), games, seed)
        pairs.append(pair_figures(lower, upper, run_arena(config, jobs=jobs, progress=progress)))
        if on_pair is not None:
            on_pair(pairs[-1])
    return {
        "game": game_id,
        "players": players,
        "measured": started,
        "commit": commit,
        "command": f"meeple arena levels --game {game_id} --games {games} --seed {seed}",
        "games_per_pair": games,
        "games": sum(p["games"] for p in pairs),
        "levels": openskill_ratings(pairs, levels, spec),
        "pairs": pairs,
    }


def pair_figures(lower: str, upper: str, records: list[dict[str, Any]]) -> dict[str, Any]:
    """How often the upper level finished ahead of every lower one (a shared place counts half), with the 95 %
    Wilson interval."""
    wins = 0.0
    draws = 0
    for record in records:
        place = ranks(record)
        mine = [place[s] for s, lv in enumerate(record["levels"]) if lv == upper]
        theirs = [place[s] for s, lv in enumerate(record["levels"]) if lv == lower]
        if all(mine[0] < p for p in theirs):
            wins += 1
        elif all(mine[0] <= p for p in theirs):
            wins += 0.5
            draws += 1
    low, high = wilson(wins, len(records))
    rate = wins / len(records) if records else 0.0
    return {"upper": upper, "lower": lower, "games": len(records), "wins": wins, "shared": draws,
            "win_rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4)}


def openskill_ratings(pairs: list[dict[str, Any]], levels: list[str], spec: Any) -> dict[str, dict[str, Any]]:
    """OpenSkill (Plackett-Luce, the ladder's model) ratings of the levels from the pairs' tallies, updated game by
    game as the ladder rates its games: the pairs from the weakest up (so that a level meets the one above with the
    rating its games below gave it), each pair's wins, shared places and losses spread evenly over its games (so that
    the ratings depend on the tallies only, not on the order in which parallel games happened to finish)."""
    current = {lv: MODEL.rating(name=lv) for lv in levels}
    played = dict.fromkeys(levels, 0)
    for pair in pairs:
        upper, lower = pair["upper"], pair["lower"]
        for outcome in spread(pair):
            ranks = {1.0: [1.0, 2.0], 0.5: [1.0, 1.0], 0.0: [2.0, 1.0]}[outcome]
            [[current[upper]], [current[lower]]] = MODEL.rate([[current[upper]], [current[lower]]], ranks=ranks)
            played[upper] += 1
            played[lower] += 1
    return {lv: {"setting": level_setting(lv, spec), "rating": round(current[lv].ordinal(), 2),
                 "mu": round(current[lv].mu, 3), "sigma": round(current[lv].sigma, 3), "games": played[lv]}
            for lv in levels}


def spread(pair: dict[str, Any]) -> list[float]:
    """A pair's games as the upper level's results (1 win, 0.5 shared place, 0 loss), each kind spread evenly."""
    shared = int(pair["shared"])
    wins = round(pair["wins"] - shared / 2)
    losses = int(pair["games"]) - wins - shared
    keyed = [((j + 0.5) / count, rank, value) for rank, (value, count) in enumerate(((1.0, wins), (0.5, shared),
                                                                                     (0.0, losses)))
             for j in range(count)]
    return [value for _, _, value in sorted(keyed)]


def write(figures: dict[str, Any], folder: Path | None = None) -> Path:
    path = ratings_path(figures["game"], folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def describe(figures: dict[str, Any]) -> list[str]:
    lines = [f"{figures['game']}: {figures['games']} games, {figures['games_per_pair']} per pair, "
             f"{figures['players']} players"]
    for name, row in figures["levels"].items():
        lines.append(f"  {name:<8} {row['setting']:<12} rating {row['rating']:6.2f} "
                     f"(mu {row['mu']:.2f}, sigma {row['sigma']:.2f}, {row['games']} games)")
    return lines + [f"  {step_line(pair)}" for pair in figures["pairs"]]


def step_line(pair: dict[str, Any]) -> str:
    return (f"{pair['upper']} vs {pair['lower']}: {100 * pair['win_rate']:.1f} % "
            f"(95 % CI {100 * pair['low']:.1f}-{100 * pair['high']:.1f}) over {pair['games']} games")


def _told(game_id: str) -> Callable[[dict[str, Any]], None]:
    """Prints a pair's figures as soon as its games are played (a long run interrupted keeps what it found)."""
    def tell(pair: dict[str, Any]) -> None:
        click.echo(f"{game_id}: {step_line(pair)}")

    return tell


def games_per_game(counts: tuple[str, ...], known: list[str]) -> dict[str, int]:
    """`--games` values (`N` for every game, `GAME=N` for one) as {game: N}, with "" for every other game."""
    out = {"": 40}
    for text in counts:
        game, equals, number = text.rpartition("=")
        if equals and game not in known:
            raise ValueError(f"no such game {game!r} in {text!r} (games: {', '.join(known)})")
        if not number.strip().isdigit() or int(number) < 1:
            raise ValueError(f"games per pair is a whole number from 1, not {text!r}")
        out[game if equals else ""] = int(number)
    return out


def checkout_commit(folder: Path | None = None) -> str:
    """The short commit of the git checkout that holds `folder` (by default this package's), with "-dirty" when a
    tracked file differs from it (a trial setting not yet committed, say); "unknown" outside a checkout."""
    where = folder or Path(__file__).resolve().parent

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], capture_output=True, text=True, timeout=30, cwd=where, check=False)

    try:
        head = git("rev-parse", "--short=7", "HEAD")
        if head.returncode or not head.stdout.strip():
            return "unknown"
        changed = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head.stdout.strip() + ("-dirty" if changed.returncode or changed.stdout.strip() else "")


@click.command("levels")
@click.option("--game", "game_ids", multiple=True, help="A game to measure (repeat for several); default: every game.")
@click.option("--games", "counts", multiple=True, default=("40",), show_default=True, metavar="N | GAME=N",
              help="Games per pair of neighbouring levels, for every game (N) or for one (GAME=N: fewer for a "
                   "game whose search games are slow); repeat to give several.")
@click.option("--seed", default=0, show_default=True, type=int, help="Arena seed: game and bot seeds derive from it.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Games played in parallel.")
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help=f"Folder of the ratings files (default: the package's own, {FOLDER}).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def levels(game_ids: tuple[str, ...], counts: tuple[str, ...], seed: int, jobs: int, out: str | None,
           quiet: bool) -> None:
    """Measure the named bot levels (easy, medium, hard, expert) of every game: OpenSkill ratings over every game
    played and each level's win rate against the level below, written to one ratings file per game that the
    lobby and the ladder show.

    \b
    Examples:
      meeple arena levels --games 40 --games cityofremnants=6
      meeple arena levels --game coloma --games 60 --jobs 2
    """
    import meeple
    from meeple.engine.errors import MeepleError

    chosen = list(game_ids) or meeple.game_ids()
    try:
        per_game = games_per_game(counts, meeple.game_ids())
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--games") from None
    commit = checkout_commit()  # before any ratings file is written, which would make the checkout look changed
    for game_id in chosen:
        try:
            figures = measure(game_id, per_game.get(game_id, per_game[""]), seed, jobs, progress=not quiet,
                              on_pair=_told(game_id), commit=commit)
        except (MeepleError, ValueError, RuntimeError) as exc:
            raise click.ClickException(str(exc)) from None
        path = write(figures, Path(out) if out else None)
        for line in describe(figures):
            click.echo(line)
        click.echo(f"wrote {path}")
