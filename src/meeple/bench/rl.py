"""`meeple bench rl`: environment steps per second of Meeple's PettingZoo env beside PettingZoo's classic envs.

Every environment is driven the same way in one process: reset with a seed, then at each step
`last()`, a uniformly random legal action from the action mask (NumPy generator), `step()`. A
step is one decision of one agent; the closing steps of finished agents are not counted. Each
round runs every environment in turn for a fixed time; the figure is the median over the rounds.
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import click

PEERS = ("connect_four_v3", "texas_holdem_v4")  # PettingZoo's classic environments, measured beside Meeple's


def default_envs() -> tuple[str, ...]:
    """Every installed game with its fewest and most players, then the peers."""
    from meeple.engine import game_ids, get_rules

    ours = []
    for gid in game_ids():
        spec = get_rules(gid).spec
        ours += [f"meeple:{gid}:{n}" for n in dict.fromkeys((spec.min_players, spec.max_players))]
    return (*ours, *PEERS)


@dataclass
class Figure:
    """Steps per second of one environment: the median and every round, by the wall clock and by the
    CPU time of this process (the second moves less when other work shares the machine)."""

    env: str
    steps_per_second: float
    rounds: list[float]
    cpu_steps_per_second: float
    games: int
    steps: int


def make_env(name: str) -> Any:
    """An AEC environment by name: `meeple:<game>:<players>`, or a PettingZoo classic module name."""
    if name.startswith("meeple:"):
        from meeple import rl

        _, game, players = name.split(":")
        return rl.env(game, players=int(players))
    import importlib

    try:
        module = importlib.import_module(f"pettingzoo.classic.{name}")
    except ImportError as exc:
        raise click.ClickException(f"cannot load PettingZoo's {name} ({exc}); install: pip install "
                                   "'pettingzoo[classic]'") from None
    return module.env()


def run_round(env: Any, seconds: float, seed: int) -> tuple[float, float, int, int]:
    """Play random legal actions for about `seconds`; return (steps per second, steps per CPU second,
    games finished, steps)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    steps = games = 0
    env.reset(seed=seed)
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            if steps % 64 == 0 and time.perf_counter() >= deadline:
                break
        else:
            games += 1
            if time.perf_counter() < deadline:
                env.reset(seed=int(rng.integers(1 << 30)))
                continue
        break
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return steps / (time.perf_counter() - start), steps / cpu, games, steps


def measure(names: tuple[str, ...], rounds: int, seconds: float,
            progress: Callable[[str], None] = lambda _: None) -> list[Figure]:
    """Measure every environment once per round, in turn, so that a change in the machine's load
    during the run falls on all of them alike."""
    envs = {name: make_env(name) for name in names}
    rates: dict[str, list[float]] = {name: [] for name in names}
    cpu_rates: dict[str, list[float]] = {name: [] for name in names}
    games = dict.fromkeys(names, 0)
    steps = dict.fromkeys(names, 0)
    for r in range(rounds):
        for name, env in envs.items():
            rate, cpu_rate, g, s = run_round(env, seconds, seed=r + 1)
            rates[name].append(rate)
            cpu_rates[name].append(cpu_rate)
            games[name] += g
            steps[name] += s
            progress(f"round {r + 1}/{rounds}: {name}: {rate:,.0f} steps/s")
    for env in envs.values():
        env.close()
    return [Figure(n, statistics.median(rates[n]), rates[n], statistics.median(cpu_rates[n]), games[n], steps[n])
            for n in names]


REFERENCE = "texas_holdem_v4"  # the peer the RL speed target is set against


def against(figures: list[Figure], reference: str = REFERENCE) -> dict[str, dict[str, Any]]:
    """Each of Meeple's environments over the reference's steps/s, per round, with the median and the 95 % interval
    of the per-round ratios; empty when the reference was not measured."""
    from .engine import comparison

    ref = next((f for f in figures if f.env == reference), None)
    if ref is None:
        return {}
    return {f.env: comparison(f.rounds, ref.rounds) for f in figures if f.env.startswith("meeple:")}


@click.command()
@click.option("--env", "envs", multiple=True, help="Environment to measure (repeatable): meeple:<game>:<players> "
              "or a PettingZoo classic name such as connect_four_v3. Default: every installed game with its "
                   "fewest and most players, then " + ", ".join(PEERS))
@click.option("--rounds", default=5, show_default=True, help="Rounds per environment (the median is reported).")
@click.option("--seconds", default=2.0, show_default=True, help="Length of one round.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def rl(envs: tuple[str, ...], rounds: int, seconds: float, as_json: bool) -> None:
    """Steps per second of Meeple's PettingZoo AEC environment beside PettingZoo's classic environments."""
    names = envs or default_envs()
    say = (lambda _: None) if as_json else (lambda line: click.echo(line, err=True))
    figures = measure(names, rounds, seconds, say)
    ratios = against(figures)
    if as_json:
        click.echo(json.dumps({"benchmark": "rl", "rounds": rounds, "seconds_per_round": seconds,
                               "python": platform.python_version(), "machine": platform.machine(),
                               "figures": [asdict(f) for f in figures],
                               f"vs_{REFERENCE}": ratios}, indent=2))
        return
    click.echo(f"{'environment':24} {'steps/s (median)':>17} {'per CPU second':>15} {'games':>7} {'steps':>9}")
    for f in figures:
        click.echo(f"{f.env:24} {f.steps_per_second:17,.0f} {f.cpu_steps_per_second:15,.0f} {f.games:7} {f.steps:9}")
    if ratios:
        click.echo(f"\nSteps/s over {REFERENCE}'s, round by round (each round's pair saw the same load):")
        for env, r in ratios.items():
            spread = ("no interval: it needs at least two rounds" if r["ci95"] is None
                      else f"mean {r['mean']:.2f}x, 95% interval {r['ci95'][0]:.2f}x to {r['ci95'][1]:.2f}x")
            click.echo(f"  {env:24} median {r['median']:.2f}x ({spread})")
