"""The contract a game implements: hooks called by the engine facade, never by faces directly."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import IllegalAction
from .spec import GameSpec

S = TypeVar("S")


@dataclass(frozen=True)
class Event:
    """Something that happened, in plain words; `seats` limits who may read it (None: everyone)."""

    text: str
    seats: frozenset[int] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.seats is None or (viewer is not None and viewer in self.seats)


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game."""

    ranking: list[list[int]]  # places, best first; seats sharing a place stand together
    winners: list[int]
    draw: bool
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "ranking": [list(p) for p in self.ranking],
            "winners": list(self.winners),
            "draw": self.draw,
            "scores": {str(k): v for k, v in self.scores.items()},
            "reason": self.reason,
        }


class ActionTable:
    """A game's fixed catalogue of actions: a stable integer index and a canonical text for each."""

    def __init__(self, texts: list[str]) -> None:
        if len(set(texts)) != len(texts):
            raise ValueError("action texts must be unique")
        self.texts = texts
        self.index = {t: i for i, t in enumerate(texts)}

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, idx: int) -> str:
        return self.texts[idx]

    def parse(self, text: str) -> int:
        """Return the index of an action text; surrounding and repeated blanks are ignored."""
        key = " ".join(str(text).split())
        idx = self.index.get(key)
        if idx is None:
            raise IllegalAction(f"{text!r} is not an action of this game")
        return idx


class Rules(ABC, Generic[S]):
    """A game's rules. State objects are plain data; all behaviour lives here."""

    spec: GameSpec
    actions: ActionTable

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> S:
        """Return the initial state; every random draw comes from the seed."""

    @abstractmethod
    def deciders(self, state: S) -> list[int]:
        """Seats that must act now; empty when the game is over."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[int]:
        """Indices of the actions listed for a seat now, ascending."""

    @abstractmethod
    def check(self, state: S, seat: int, action: int) -> str | None:
        """Why an action is not accepted now, or None when it is (may accept more than `legal` lists)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: int, events: list[Event] | None = None) -> None:
        """Apply an action already accepted by `check`, in place; append events when a list is given."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What one seat (or a spectator, None) may see, as JSON-able data."""

    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """The views of several seats of one position (a server sends one to each viewer after every action).

        Games may build the public part once and share it between the seats' views; views are read-only data.
        """
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def copy(self, state: S) -> S:
        """A deep copy: no mutable part is shared with the original."""

    @abstractmethod
    def to_data(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (hidden parts included: for saves only, never for views)."""

    @abstractmethod
    def from_data(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def sample(self, state: S, seat: int, rng: int) -> S:
        """A full state consistent with `seat`'s view: what it cannot see is redealt from stream `rng`."""

    @abstractmethod
    def scenario(self, description: Mapping[str, Any]) -> S:
        """Build a state from a human-readable description; raise ScenarioError naming a bad field."""

    @abstractmethod
    def render(self, state: S, seat: int | None, color: bool = True) -> str:
        """A text picture of what a seat (or a spectator) sees."""

    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic value of the state for a seat in [0, 1]; games override it for bots."""
        return 0.5

    # Hooks of the search bot (see `meeple.agents.ismcts`), which searches a seat's own turn to an evaluation
    # cut-off. The defaults make any game searchable: the cut-off comes when another seat decides, the value there
    # is `evaluate`, and rollouts play uniformly random legal actions.
    def plan_horizon(self, state: S, seat: int) -> bool:
        """Whether the search of `seat`'s turn stops here (the evaluation cut-off)."""
        return self.is_over(state) or self.deciders(state)[:1] != [seat]

    def plan_value(self, states: Sequence[S], seat: int) -> float:
        """Value in [0, 1] for `seat` of one cut-off position seen in several samples of its hidden part."""
        return sum(self.evaluate(state, seat) for state in states) / len(states)

    def rollout_action(self, state: S, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
        """The action a search rollout plays for `seat` among `legal`; `below(n)` draws from the bot's stream."""
        return legal[below(len(legal))]

    def replay_difference(self, version: int, state: S, last: bool) -> str | None:
        """Why a log saved under the older rules `version` (one of `spec.replays`) may not have reached `state`.

        Loading such a save replays it under the current rules and asks this of every position, from the start to
        the one the log ends in (`last`). Return None while the older version would have played the same actions
        to the same position, or a reason in plain words, which refuses the save. A difference that changes no
        legal action and disappears later (cards that join the same hand at another moment of the turn) needs
        reporting only when `last`. The default: the versions play alike.
        """
        return None

    def invariants(self, state: S) -> list[str]:
        """Broken invariants, in words (empty when all hold); used by the conformance suite."""
        return []

    def hidden_values(self, state: S, viewer: int | None) -> list[Any]:
        """Values the viewer must never be shown (for leak tests): each is checked against views."""
        return []

    def apply_checked(self, state: S, seat: int, action: int, events: list[Event] | None = None) -> None:
        reason = self.check(state, seat, action)
        if reason is not None:
            raise IllegalAction(f"{self.actions.text(action)!r}: {reason}")
        self.apply(state, seat, action, events)
