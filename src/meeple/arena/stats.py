"""Arena statistics: Wilson score intervals, per-level tallies and Bradley-Terry ratings fitted on all games."""

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


def median_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float] | None:
    """A distribution-free interval of the median (order statistics): the k-th smallest and k-th largest values,
    for the largest k that the binomial law with p = 1/2 gives at least `level` coverage; None when the values are
    too few for any such interval (5 or fewer at 95 %)."""
    from scipy.stats import binom

    n = len(values)
    tail = (1.0 - level) / 2
    # The k-th smallest value X(k) lies above the median when at most k - 1 values lie below it, a chance of
    # binom.cdf(k - 1, n, 1/2); so X(k) .. X(n + 1 - k) covers it with 1 - 2 * that, for the largest k that keeps
    # it at least `level`.
    k = 0
    while k < n and binom.cdf(k, n, 0.5) <= tail:
        k += 1
    if k == 0:
        return None
    ordered = sorted(values)
    return float(ordered[k - 1]), float(ordered[n - k])


def describe(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 2), "median": float(statistics.median(values)),
            "min": float(min(values)), "max": float(max(values))}


ELO = 400 / math.log(10)  # Elo points per unit of log-strength
PRIOR_GAMES = 1.0  # virtual drawn games of every bot against a bot of rating 0, so that a bot that won every
# game still gets a finite rating (the prior of "Bayesian Elo"); it moves a rating fitted on 100 games by a few
# points only.


def pairwise(records: list[dict[str, Any]], levels: list[str]) -> list[list[float]]:
    """wins[a][b]: how often level a finished ahead of level b, over every pair of seats of every game; a shared
    place counts half a win each way. Copies of one level in a game are not compared with each other."""
    index = {lv: i for i, lv in enumerate(levels)}
    wins = [[0.0] * len(levels) for _ in levels]
    for record in records:
        place = ranks(record)
        seats = [index[lv] for lv in record["levels"]]
        for x, a in enumerate(seats):
            for y, b in enumerate(seats):
                if a != b and place[x] < place[y]:
                    wins[a][b] += 1.0
                elif a != b and place[x] == place[y] and x < y:
                    wins[a][b] += 0.5
                    wins[b][a] += 0.5
    return wins


def ratings(records: list[dict[str, Any]], levels: list[str]) -> dict[str, dict[str, float]]:
    """Bradley-Terry ratings per bot level fitted on all the games at once with `choix` (the order of the games
    does not matter), on the Elo scale (a 400-point lead means 10:1 odds of finishing ahead) around a mean of 0,
    with the 95% interval's half-width from the curvature of the likelihood at its maximum.

    Every pair of seats of a game is one comparison (a multi-player game counts as several; a shared place is
    half a win each way), and a Gaussian prior worth about PRIOR_GAMES drawn games against a rating of 0 keeps a
    bot that won every game finite.
    """
    import choix
    import numpy as np
    from choix.opt import PairwiseFcts

    wins = pairwise(records, levels)
    k = len(levels)
    # choix counts whole comparisons: every win is entered twice, so that a half win is one entry
    data = [(a, b) for a in range(k) for b in range(k) for _ in range(round(2 * wins[a][b]))]
    penalty = PRIOR_GAMES / 4  # PRIOR_GAMES draws against 0 curve like PRIOR_GAMES/8 * theta^2, doubled
    theta = np.asarray(choix.opt_pairwise(k, data, alpha=penalty), dtype=float) if data else np.zeros(k)
    hessian = PairwiseFcts(data, penalty).hessian(theta) / 2  # the doubled data's curvature, halved
    # Only differences of ratings mean something: report them around their mean, with the uncertainty of each
    # rating's distance from that mean (the prior alone pins the common level, loosely).
    centre = np.eye(k) - 1.0 / k
    sigma = np.sqrt(np.clip(np.diag(centre @ np.linalg.inv(hessian) @ centre.T), 0.0, None))
    theta = theta - theta.mean()
    return {lv: {"rating": round(float(theta[i] * ELO), 1), "pm95": round(float(Z95 * sigma[i] * ELO), 1)}
            for i, lv in enumerate(levels)}
