"""`meeple bench bots`: bot strength (by default in 2-player games; `--players N` seats the tested bot against
N - 1 copies of its opponent), ISMCTS search speed and the median time of a decision. The tested search may be
the learned level (`--budget learned`), whose figures go under the same names."""

from __future__ import annotations

import json
import time
from typing import Any

import click

from meeple.agents import parse_level
from meeple.agents.learned import has_network
from meeple.arena import ArenaConfig, run_arena, summarise
from meeple.arena.stats import win_shares
from meeple.bench import cpus_text, load_average, loads_text, machine
from meeple.cli import the_game

# The lower bounds a matchup's 95 % interval must clear, unless the game declares its own (spec): the search bot at
# its default budget wins at least 80 % against greedy with the interval's lower bound above 75 %; with 200 games a
# lower bound over 75 % means a win rate of about 81 % or more.
TARGETS = {"greedy_vs_random": 0.90, "ismcts_vs_greedy": 0.75}
SPEED_TARGET = 2000.0  # ISMCTS iterations per second, unless the game declares its own targets
MEDIAN_TARGET = 0.2  # seconds a median decision of the search bot takes at most, unless the game declares its own
# What a game may declare in `GameSpec.bot_targets` besides the matchups' win rates: a speed of the search bot
# (iterations/s) or a median time of its decision (seconds, at most). A game that declares targets keeps only the
# speed target it names.
SPEED, MEDIAN = "ismcts_iterations_per_s", "median_decision_seconds"


def matchups(budget: str) -> dict[str, tuple[str, str]]:
    return {"greedy_vs_random": ("greedy", "random"), "ismcts_vs_greedy": (budget, "greedy")}


def run_matchup(game: str, first: str, second: str, games: int, jobs: int, seed: int,
                progress: bool, players: int = 2) -> dict[str, Any]:
    """Play `games` games of `first` against `players - 1` copies of `second`, every turn order in turn; return
    the first bot's figures, with its share of the win in each game in game order (`outcomes`: the same seed plays
    the same deals and opponents, so two budgets' runs can be compared game by game)."""
    config = ArenaConfig(game, [first] + [second] * (players - 1), games, seed)
    start = time.perf_counter()
    records = run_arena(config, jobs=jobs, progress=progress)
    summary = summarise(config, records)
    bot = summary["bots"][first]
    outcomes = [win_shares(r)[r["entries"].index(0)] for r in records]  # `run_arena` gives them in game order
    # What valued the search's cut-offs (`ISMCTSAgent.cut_offs`), in the games where the first bot searched.
    cut_offs = sorted({r["bot_stats"][r["entries"].index(0)].get("cut_offs") for r in records} - {None})
    return {"bots": [first, second], "games": summary["games"], "wins": bot["wins"], "win_rate": bot["win_rate"],
            "ci95": bot["ci95"], "draws": summary["draws"], "iterations_per_s": bot.get("iterations_per_s"),
            "seconds_per_decision": bot.get("seconds_per_decision"),
            "median_seconds_per_decision": bot.get("median_seconds_per_decision"),
            "mean_actions": summary["length"]["actions"].get("mean"), "seconds": round(time.perf_counter() - start, 1),
            "outcomes": outcomes, "cut_offs": cut_offs}


@click.command()
@click.option("--games", default=200, show_default=True, type=click.IntRange(min=2), help="Games per matchup.")
@click.option("--budget", default="ismcts", show_default=True,
              help="Search level to test (e.g. ismcts:300), or learned where the game ships a network; its figures "
                   "go under the ismcts names of the output.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Games in parallel.")
@click.option("--seed", default=0, show_default=True, type=int, help="Arena seed of both matchups.")
@click.option("--only", type=click.Choice(sorted(TARGETS)), default=None, help="Run one matchup only.")
@click.option("--game", default=None, help="The game (default: the only game installed).")
@click.option("--players", default=2, show_default=True, type=click.IntRange(min=2),
              help="Players per game: the tested bot against this many minus one of its opponent.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bots(games: int, budget: str, jobs: int, seed: int, only: str | None, game: str | None, players: int,
         as_json: bool) -> None:
    """Win rates with 95% intervals (a target is met only when the interval's lower bound clears it), every turn
    order in turn, ISMCTS iterations per second and the median time of a decision (of the learned level instead
    with --budget learned)."""
    game = the_game(game)
    load_before = load_average()
    try:
        kind = parse_level(budget).kind
        if kind not in ("ismcts", "learned"):
            raise ValueError(f"--budget names an ISMCTS level such as ismcts:300 or ismcts:1s, or learned (the "
                             f"search with the game's network), not {budget!r}")
        if kind == "learned" and not has_network(game):
            raise ValueError(f"--budget learned: the game {game!r} ships no learned network")
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    from meeple.engine import get_rules

    spec = get_rules(game).spec
    if not spec.min_players <= players <= spec.max_players:
        raise click.ClickException(f"{game} is played by {spec.min_players} to {spec.max_players} players, "
                                   f"not {players}")
    unknown = sorted(set(spec.bot_targets) - {*TARGETS, SPEED, MEDIAN})
    if unknown:
        raise click.ClickException(f"{game} declares bot targets the bench does not know: {', '.join(unknown)}")
    declared = dict(spec.bot_targets) or {SPEED: SPEED_TARGET, MEDIAN: MEDIAN_TARGET}
    targets = {**TARGETS, **declared}
    results: dict[str, Any] = {}
    for name, (first, second) in matchups(budget).items():
        if only and name != only:
            continue
        results[name] = run_matchup(game, first, second, games, jobs, seed, progress=not as_json, players=players)
        results[name]["verdict"] = verdict(results[name]["ci95"], targets[name])
        if not as_json:
            click.echo(_line(name, results[name], targets[name], players))
    if parse_level(budget).seconds is not None:
        click.echo(f"warning: {budget} is a time budget: its games depend on the machine's speed and load and are "
                   f"not reproducible from the seed (an iteration budget such as ismcts:500 is)", err=True)
    speed = [r["iterations_per_s"] for r in results.values() if r.get("iterations_per_s")]
    per_decision = [r["seconds_per_decision"] for r in results.values() if r.get("seconds_per_decision")]
    median = [r["median_seconds_per_decision"] for r in results.values() if r.get("median_seconds_per_decision")]
    load_after = load_average()
    ran_on = machine(load_before, load_after)
    out = {
        "game": game, "players": players, "games": games, "budget": budget, "jobs": jobs, "seed": seed,
        "win_rate": {name: r["win_rate"] for name, r in results.items()},
        "ci95": {name: r["ci95"] for name, r in results.items()},
        "targets": {name: targets[name] for name in results},
        "speed_targets": {k: targets[k] for k in (SPEED, MEDIAN) if k in targets},
        "verdicts": {name: r["verdict"] for name, r in results.items()},
        "reproducible": parse_level(budget).seconds is None,
        "ismcts_iterations_per_s": speed[0] if speed else None,
        "ismcts_seconds_per_decision": per_decision[0] if per_decision else None,
        "ismcts_median_seconds_per_decision": median[0] if median else None,
        "matchups": results,
        "machine": ran_on,
    }
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    click.echo(f"Measured on {cpus_text(ran_on['cpus'])}, load average (1/5/15 min) {loads_text(load_before)} before "
               f"and {loads_text(load_after)} after the run (its own games included)")
    if speed:
        label = "Search" if kind == "learned" else "ISMCTS"
        line = f"{label} ({budget}): {speed[0]:.0f} iterations per second"
        if SPEED in targets:
            line += f" (target {targets[SPEED]:.0f})"
        if per_decision:
            line += f", {per_decision[0]:.2f} s per decision on average"
        if median:
            line += f", median {median[0]:.3f} s"
            if MEDIAN in targets:
                line += f" (target at most {targets[MEDIAN]:g} s)"
        valued = sorted({c for r in results.values() for c in r.get("cut_offs", [])})
        if valued:
            line += f"; its cut-offs valued by {' and '.join(valued)}"
        click.echo(line)


def verdict(ci95: list[float] | tuple[float, float], target: float) -> str:
    """Whether a win rate meets its target: only when the whole 95% interval clears it."""
    low, high = ci95
    if low >= target:
        return "met"
    if high < target:
        return "not met"
    return "undecided"  # the interval straddles the target: more games are needed to tell


def _line(name: str, r: dict[str, Any], target: float, players: int = 2) -> str:
    low, high = r["ci95"]
    text = {"met": "meets the {t} target (the interval's lower bound clears it)",
            "not met": "below the {t} target (the whole interval lies under it)",
            "undecided": "the interval straddles the {t} target: play more games to tell"}[r["verdict"]]
    against = r["bots"][1] if players == 2 else f"{players - 1}x {r['bots'][1]}"
    chance = "" if players == 2 else f"; interval {'above' if low > 1 / players else 'not above'} chance 1/{players}"
    return (f"{r['bots'][0]} vs {against}: {r['win_rate']:.1%} of {r['games']} games "
            f"(95% CI {low:.1%}-{high:.1%}; {text.format(t=f'{target:.0%}')}{chance}; draws {r['draws']}; "
            f"{r['seconds']:.0f}s)")
