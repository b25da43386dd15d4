"""The two simple bots: `random` (uniform among legal actions) and `greedy` (one step of lookahead)."""

from __future__ import annotations

from meeple.engine.table import SeatTable

from .base import Agent


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    level = "random"

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        return legal[self.rng.below(len(legal))]


class GreedyAgent(Agent):
    """Plays the action whose result the game's evaluation likes best, on one state sampled from its view.

    Every candidate is applied to a copy of the same sampled state, so two actions that draw cards are
    compared on the same deck order (common random numbers) rather than on different luck. Ties are broken
    at random from the bot's stream.
    """

    level = "greedy"

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        rules = table.rules
        seat = table.seat
        base = table.sample(self.stream_value())
        best: list[int] = []
        best_value = float("-inf")
        for idx in legal:
            state = rules.copy(base)
            rules.apply(state, seat, idx)
            value = rules.evaluate(state, seat)
            if value > best_value + 1e-12:
                best, best_value = [idx], value
            elif value >= best_value - 1e-12:
                best.append(idx)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]
