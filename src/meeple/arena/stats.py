"""Arena statistics: Wilson score intervals, per-level tallies and OpenSkill ratings."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a win rate (95% by default); (0, 1) when there is no game."""
    if games <= 0:
        return 0.0, 1.0
    p = min(max(wins / games, 0.0), 1.0)
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def win_shares(record: dict[str, Any]) -> list[float]:
    """Each seat's share of the win: 1 alone, 1/k when k seats share it, 0 for a loss or a draw."""
    winners = record["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(record["levels"]))]


def ranks(record: dict[str, Any]) -> list[int]:
    """Place of every seat (1 = best) from the ranking; seats sharing a place share the number."""
    place = [0] * len(record["levels"])
    for i, group in enumerate(record["ranking"], start=1):
        for seat in group:
            place[seat] = i
    worst = max(place) + 1
    return [p or worst for p in place]


def describe(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 2), "median": float(statistics.median(values)),
            "min": float(min(values)), "max": float(max(values))}


def ratings(records: list[dict[str, Any]], levels: list[str]) -> dict[str, dict[str, float]]:
    """OpenSkill (Plackett-Luce) ratings per bot level, updated game by game in game order.

    When one level holds several seats of a game, its copies are rated as separate players of that game
    and the level keeps the mean of their updated ratings.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {level: model.rating(name=level) for level in levels}
    for record in records:
        seats = record["levels"]
        teams = [[model.rating(mu=current[lv].mu, sigma=current[lv].sigma, name=lv)] for lv in seats]
        rated = model.rate(teams, ranks=[float(r) for r in ranks(record)])
        for level in dict.fromkeys(seats):
            mine = [team[0] for team, lv in zip(rated, seats, strict=True) if lv == level]
            current[level] = model.rating(mu=statistics.fmean(r.mu for r in mine),
                                          sigma=statistics.fmean(r.sigma for r in mine), name=level)
    return {lv: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
            for lv, r in current.items()}
