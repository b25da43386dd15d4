"""The final ranking and figures of a game, from sort keys: seats with equal keys share a place."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any


def places(seats: Iterable[int], key: Callable[[int], Any]) -> list[list[int]]:
    """Seats by `key`, highest first, those with equal keys together in seat order (a tie no tie-break splits).

    >>> places(range(4), lambda p: (3, 1, 3, 0)[p])
    [[0, 2], [1], [3]]
    """
    keys = {p: key(p) for p in sorted(seats)}
    ranking: list[list[int]] = []
    for p in sorted(keys, key=keys.__getitem__, reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[p]:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    return ranking


def per_seat(values: Sequence[float] | Callable[[int], float], players: int) -> dict[int, float]:
    """One figure per seat, as `Result.scores` and `Result.figures` hold them.

    >>> per_seat([3, 5], 2)
    {0: 3.0, 1: 5.0}
    """
    get = values if callable(values) else values.__getitem__
    return {p: float(get(p)) for p in range(players)}
