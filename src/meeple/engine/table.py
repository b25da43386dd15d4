"""What a bot is given at a decision: one seat's table, never the live game.

A `SeatTable` holds the seat's view, its legal actions, `sample()` of full states consistent with that view, and
the rules hooks a search calls on those samples (`SearchRules`). It has no way to the game's real state, its log
or the other seats' views: a bot that searches does so on states sampled from what its seat knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .rules import ActionTable, Event, Rules
from .spec import GameSpec


class SearchRules(Protocol):
    """The rules hooks a bot may call, on states it sampled (never on the game's own state)."""

    spec: GameSpec
    actions: ActionTable

    def deciders(self, state: Any) -> list[int]: ...

    def legal(self, state: Any, seat: int) -> list[int]: ...

    def apply(self, state: Any, seat: int, action: int, events: list[Event] | None = None) -> None: ...

    def is_over(self, state: Any) -> bool: ...

    def copy(self, state: Any) -> Any: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def evaluate(self, state: Any, seat: int) -> float: ...

    def evaluate_actions(self, state: Any, seat: int, legal: Sequence[int]) -> list[float]: ...

    def plan_horizon(self, state: Any, seat: int) -> bool: ...

    def plan_value(self, states: Sequence[Any], seat: int) -> float: ...

    def rollout_action(self, state: Any, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int: ...

    def hint_reason(self, before: Any, after: Any, seat: int, action: int) -> Event | None: ...


class SeatTable:
    """One seat's table at one decision (like TAG's `copy(playerId)`): what a bot may know and use.

    >>> import meeple
    >>> game = meeple.new_game("bluemooncity", 2, seed=1)
    >>> table = game.seat_table(game.deciders()[0])
    >>> table.legal_actions() == game.legal_actions(table.seat)
    True
    """

    __slots__ = ("_legal", "_sample", "_view", "_view_of", "players", "rules", "seat")

    def __init__(self, rules: Rules[Any], state: Any, seat: int, players: int) -> None:
        self.rules: SearchRules = rules
        self.seat = seat
        self.players = players
        self._legal = rules.legal(state, seat)
        self._view: dict[str, Any] | None = None
        # The closure keeps the position for sampling; the state object is never changed after this point
        # (the facade applies every action to a copy), and nothing else of the game is reachable from here.
        self._sample: Callable[[int], Any] = lambda rng: rules.sample(state, seat, rng)
        view = rules.view
        self._view_of: Callable[[], dict[str, Any]] = lambda: view(state, seat)

    def view(self) -> Mapping[str, Any]:
        """What the seat sees now (as `Game.view(seat)`; read-only)."""
        if self._view is None:
            self._view = self._view_of()
        return self._view

    def legal_indices(self) -> list[int]:
        return list(self._legal)

    def legal_actions(self) -> list[str]:
        text = self.rules.actions.text
        return sorted(text(i) for i in self._legal)

    def action_text(self, index: int) -> str:
        return self.rules.actions.text(index)

    def sample(self, rng: int) -> Any:
        """A full state consistent with the seat's view, hidden parts redrawn from stream `rng` (for search)."""
        return self._sample(rng)
