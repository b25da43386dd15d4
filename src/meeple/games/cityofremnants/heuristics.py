"""Evaluation and rollout policy of City of Remnants for the greedy and search bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .engine import Engine
from .state import State


def evaluate(eng: Engine, s: State, seat: int) -> float:
    """A value in [0, 1]: renown lead, with ARC, influence, income and board presence as tie-breaks."""
    def worth(p: int) -> float:
        return (eng.score(s, p) + 0.6 * eng.award_of(s, p) + s.arc[p] / 3000 + 0.4 * s.influence[p]
                + 0.15 * eng.on_board(s, p) + 0.1 * (len(s.hand[p]) + len(s.draw[p]) + len(s.discard[p])))

    if s.over:
        best = max(eng.rank_key(s, p) for p in range(s.players))
        return 1.0 if eng.rank_key(s, seat) == best else 0.0
    mine = worth(seat)
    rival = max(worth(p) for p in range(s.players) if p != seat)
    return max(0.0, min(1.0, 0.5 + (mine - rival) / 60.0))


def rollout_action(eng: Engine, s: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
    """Random, but bids stay low and the turn is not padded with needless card plays."""
    cat = eng.cat
    plain = [i for i in legal if cat.acts[i].kind not in ("bid", "play")]
    bids = [i for i in legal if cat.acts[i].kind == "bid"]
    if bids and below(3) == 0:
        return bids[0]
    if plain and below(4) != 0:
        return plain[below(len(plain))]
    return legal[below(len(legal))]
