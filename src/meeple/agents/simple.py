"""The two simple bots: `random` (uniform among legal actions) and `greedy` (one step of lookahead)."""

from __future__ import annotations

from typing import Any

from meeple.engine.rules import Event
from meeple.engine.table import SeatTable

from .base import Agent


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    level = "random"

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        return legal[self.rng.below(len(legal))]


class GreedyAgent(Agent):
    """Plays the action whose result the game's evaluation likes best, on one state sampled from its view.

    With a `random_share`, that share of its moves (drawn from its stream) is a uniformly random legal action
    instead: the weakest named level.

    Every candidate is applied to a copy of the same sampled state, so two actions that draw cards are
    compared on the same deck order (common random numbers) rather than on different luck. Ties are broken
    at random from the bot's stream.
    """

    level = "greedy"

    def __init__(self, seed: int = 0, random_share: float = 0.0) -> None:
        super().__init__(seed)
        if not 0.0 <= random_share <= 1.0:
            raise ValueError(f"a greedy bot plays at random a share of its moves from 0 to 1, not {random_share!r}")
        self.random_share = random_share
        if random_share:
            self.level = f"greedy:{random_share * 100:g}%"

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        if self.random_share and self.rng.random() < self.random_share:
            return legal[self.rng.below(len(legal))]
        return self._best(table, table.sample(self.stream_value()), legal)

    def suggest(self, table: SeatTable) -> tuple[str, Event | None]:
        """A hint: the action this bot plays now and why (`Rules.hint_reason`, judged on the same sampled
        position its choice was made on), or no reason when the game gives none."""
        legal = table.legal_indices()
        if not legal:
            raise ValueError(f"seat {table.seat} has no legal action now (is it this seat's turn?)")
        rules = table.rules
        base = table.sample(self.stream_value())
        idx = self._best(table, base, legal) if len(legal) > 1 else legal[0]
        after = rules.copy(base)
        rules.apply(after, table.seat, idx)
        return table.action_text(idx), rules.hint_reason(base, after, table.seat, idx)

    def _best(self, table: SeatTable, base: Any, legal: list[int]) -> int:
        best: list[int] = []
        best_value = float("-inf")
        for idx, value in zip(legal, table.rules.evaluate_actions(base, table.seat, legal), strict=True):
            if value > best_value + 1e-12:
                best, best_value = [idx], value
            elif value >= best_value - 1e-12:
                best.append(idx)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]
