"""What every bot shares: the narrow view of a game it may use, its own seeded stream and level parsing helpers."""

from __future__ import annotations

from typing import Any

from meeple.engine.rng import Stream
from meeple.engine.table import SeatTable

# Side-stream salt of bot streams, so that a bot seeded like a game does not replay the game's own draws.
BOT_SALT = 0xB07


class Agent:
    """A bot: given one seat's table (`game.seat_table(seat)`), it returns the text of one legal action.

    A bot sees only its seat's view, the legal actions and states sampled from its own point of view
    (`table.sample`): it is never handed the game. All its randomness comes from its own stream, so a game
    between bots is reproducible from the game seed and the bot seeds.
    """

    level = "agent"

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a bot seed is a whole number, not {seed!r}")
        self.seed = seed
        self.rng = Stream(seed, BOT_SALT)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed})"

    def choose(self, table: SeatTable) -> str:
        """The text of the action this bot plays now for the table's seat."""
        if not isinstance(table, SeatTable):
            raise TypeError(f"a bot is given a seat's table (game.seat_table(seat)), not {type(table).__name__}")
        legal = table.legal_indices()
        if not legal:
            raise ValueError(f"seat {table.seat} has no legal action now (is it this seat's turn?)")
        if len(legal) == 1:
            return table.action_text(legal[0])
        return table.action_text(self.pick(table, legal))

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        """Choose among at least two legal action indices."""
        raise NotImplementedError

    def stream_value(self) -> int:
        """A fresh 62-bit number from the bot's stream (seeds for `table.sample`)."""
        return self.rng.below(1 << 31) << 31 | self.rng.below(1 << 31)

    def stats(self) -> dict[str, Any]:
        """What the bot's work so far was: counters (search iterations, time) and, for a search, what valued its
        cut-offs; empty for simple bots."""
        return {}
