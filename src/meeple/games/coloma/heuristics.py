"""Evaluation and rollout policy of Coloma positions for the bots (greedy, ismcts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import END
from .rules.context import Ctx
from .state import State


def potential(ctx: Ctx, s: State, p: int) -> float:
    """VP so far plus a rough worth of what the seat holds (resources, cards, gunmen)."""
    money = s.bucks[p] + 1.5 * s.gold[p]
    pieces = 0.8 * s.dudes[p] + 0.6 * s.tents[p] + 1.0 * s.horses[p] + 1.5 * s.gunmen[p]
    cards = 0.8 * len(s.hands[p]) + 0.5 * len(s.fresh[p])
    return s.vp[p] + 0.35 * money + 0.5 * pieces + cards


def evaluate(ctx: Ctx, s: State, seat: int) -> float:
    """In [0, 1]: the seat's share of the table's potential (against Shade's VP in solo)."""
    mine = potential(ctx, s, seat)
    if s.solo:
        other = s.shade_vp + s.handicap + 2.0 * (s.shade_gold + s.shade_rivers + s.shade_hotels)
        return max(0.0, min(1.0, 0.5 + (mine - other) / 200.0))
    best = max(potential(ctx, s, q) for q in range(s.players) if q != seat)
    return max(0.0, min(1.0, 0.5 + (mine - best) / 100.0))


def rollout_action(ctx: Ctx, s: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
    """Random, but ending the turn only when nothing else is left one time in three."""
    if len(legal) > 1:
        others = [a for a in legal if ctx.acts[a].kind != END]
        if others and below(3):
            return others[below(len(others))]
    return legal[below(len(legal))]
