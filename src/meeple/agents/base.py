"""What every bot shares: the narrow view of a game it may use, its own seeded stream and level parsing helpers."""

from __future__ import annotations

from typing import Any, Protocol

from meeple.engine.rng import Stream

# Side-stream salt of bot streams, so that a bot seeded like a game does not replay the game's own draws.
BOT_SALT = 0xB07


class Table(Protocol):
    """The part of a game in play a bot may touch (see `meeple.engine.game.Game`)."""

    rules: Any

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def legal_actions(self, seat: int) -> list[str]: ...

    def legal_indices(self, seat: int) -> list[int]: ...

    def sample(self, seat: int, rng: int) -> Any: ...


class Agent:
    """A bot: given a game and its seat, it returns the text of one legal action.

    A bot sees only its seat's view, the legal actions and states sampled from its own point of view
    (`game.sample`): it never reads `game.state`. All its randomness comes from its own stream, so a game
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

    def choose(self, game: Table, seat: int) -> str:
        """The text of the action this bot plays now for `seat`."""
        legal = game.legal_indices(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action now (is it this seat's turn?)")
        if len(legal) == 1:
            return str(game.rules.actions.text(legal[0]))
        return str(game.rules.actions.text(self.pick(game, seat, legal)))

    def pick(self, game: Table, seat: int, legal: list[int]) -> int:
        """Choose among at least two legal action indices."""
        raise NotImplementedError

    def stream_value(self) -> int:
        """A fresh 62-bit number from the bot's stream (seeds for `game.sample`)."""
        return self.rng.below(1 << 31) << 31 | self.rng.below(1 << 31)

    def stats(self) -> dict[str, float]:
        """Counters of the bot's work so far (search iterations, time); empty for simple bots."""
        return {}
