"""The contract a game implements: hooks called by the engine facade, never by faces directly.

A new game writes six hooks (`setup`, `deciders`, `legal`, `apply`, `result`, `view`) and, when some of it is
hidden, `sample`; every other hook has a default. The facade (`meeple.engine.game.Game`) owns legality: it checks
the seat, whether the game is over and, through `check`, whether the action is accepted.
"""

from __future__ import annotations

import copy as _copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from .errors import IllegalAction, ScenarioError
from .spec import GameSpec

if TYPE_CHECKING:
    from .messages import Catalogue, Message

S = TypeVar("S")

# The message id of the engine's own reveal event (see `reveal`); the facade consumes it, no face shows it.
REVEAL = "reveal"


@dataclass(frozen=True)
class Event:
    """Something that happened, as data: a message id of the game's catalogue and its parameters.

    Faces render it in the reader's language (`meeple.engine.messages`). Parameters are plain JSON values:
    seat numbers under a key `seat`/`seats` or ending in `_seat`/`_seats` (shown as the seats' names), message
    ids of game terms as strings starting with `@` (`"@tile.courtyard"`), numbers, lists of these. `seats` limits
    who may read the event (None: everyone).
    """

    msg: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seats: frozenset[int] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.seats is None or (viewer is not None and viewer in self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {"msg": self.msg, "params": dict(self.params)}


def reveal(seats: Iterable[int] | None = None, kinds: Iterable[str] | None = None) -> Event:
    """The event a game appends when a rule reveals pending secret choices: those of `seats` (None: of every seat)
    and of `kinds` (the names `Rules.secret` gives them; None: of every kind).

    Until then the facade shows other seats a secret choice only as "a choice was made". Name the kinds whenever
    a seat may hold secrets of several kinds: a battle reveals the cards committed to it, not the order in which
    the same seat put cards back on a deck earlier."""
    params: dict[str, Any] = {}
    if seats is not None:
        params["seats"] = tuple(sorted(seats))
    if kinds is not None:
        params["kinds"] = tuple(sorted(kinds))
    return Event(REVEAL, params)


NOT_LEGAL = Event("engine.not_legal")


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game."""

    ranking: list[list[int]]  # places, best first; seats sharing a place stand together
    winners: list[int]
    draw: bool
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""  # a message id of the game's catalogue (why the game ended / how the winner was decided)
    params: Mapping[str, Any] = field(default_factory=dict)  # the parameters of `reason`
    # The final figures a player reads at the end, each labelled by a message id of the game's catalogue, with
    # its value per seat; the score first. `tiebreak`: the figures that order seats with the same score, in order.
    figures: Mapping[str, Mapping[int, float]] = field(default_factory=dict)
    tiebreak: Sequence[str] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "ranking": [list(p) for p in self.ranking],
            "winners": list(self.winners),
            "draw": self.draw,
            "scores": {str(k): v for k, v in self.scores.items()},
            "reason": self.reason,
            "params": dict(self.params),
            "figures": {label: {str(k): v for k, v in values.items()} for label, values in self.figures.items()},
            "tiebreak": list(self.tiebreak),
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
            raise IllegalAction(f"{text!r} is not an action of this game", msg="engine.unknown_action",
                                params={"action": repr(text)})
        return idx


class Rules(ABC, Generic[S]):
    """A game's rules. State objects are plain data; all behaviour lives here.

    Required: `setup`, `deciders`, `legal`, `apply`, `result`, `view`, and `sample` for a game with hidden
    information. The rest have defaults a game overrides when it needs to (speed, hidden information, bots,
    faces).
    """

    spec: GameSpec
    actions: ActionTable

    # -- the six hooks every game writes ---------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> S:
        """Return the initial state; every random draw comes from the seed."""

    @abstractmethod
    def deciders(self, state: S) -> list[int]:
        """Seats that must act now, ascending; empty when the game is over. Several seats deciding at once is
        a simultaneous decision: each acts in any order (make their choices `secret` if others must not see)."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[int]:
        """Indices of the actions listed for a seat now, ascending (empty when the seat does not decide)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: int, events: list[Event] | None = None) -> None:
        """Apply an accepted action in place; append events when a list is given (bots pass None)."""

    @abstractmethod
    def result(self, state: S) -> Result: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What one seat (or a spectator, None) may see, as JSON-able data. By convention a view has a `phase`
        key (an id: the faces show the message `phase.<id>` and its help `help.<id>`)."""

    # -- legality --------------------------------------------------------------------------------
    def check(self, state: S, seat: int, action: int) -> Event | str | None:
        """Why an action is not accepted now (a message, as an Event without seats), or None when it is.

        The facade has already checked that the game is not over and that `seat` decides; by default an action
        is accepted when it is listed by `legal`. Override only to accept more than `legal` lists (an
        overpayment, say) or to explain a refusal. (A plain English text is still accepted as a reason.)"""
        return None if action in self.legal(state, seat) else NOT_LEGAL

    def is_over(self, state: S) -> bool:
        """Whether the game has ended (by default: when nobody decides)."""
        return not self.deciders(state)

    def secret(self, state: S, seat: int, action: int) -> str | bool:
        """Whether `action`, played now by `seat`, is a step of a secret choice (a dial, a bid, a committed card),
        and of which kind: a name such as "commit" or "discard" (True stands for the kind "secret").

        The steps of one seat's secret choice of one kind, up to the moment the seat has no more secret steps of
        that kind to take, are one choice. Until a rule reveals it, other seats and spectators see only that the
        seat made a choice, once the choice is complete: not what it was, nor how many steps it took, nor when
        each was taken. The game reveals a choice by appending `reveal(seats, kinds)` to the events of a later
        action; it keeps the choice out of other seats' views and events itself, and `sample` redraws it."""
        return False

    def timeout_action(self, state: S, seat: int) -> int | None:
        """The move a networked table makes for `seat` when its time runs out, if the game's rules name one (a
        pass, no cards, the end of the turn); None lets the server's policy decide (a bot plays the move)."""
        return None

    def undoable(self, before: S, after: S, seat: int, action: int, events: Sequence[Event]) -> bool:
        """Whether `seat` may take back `action`, which led from `before` to `after` with `events`, while its turn
        lasts: False when the action drew a card, rolled a die or showed anyone something hidden.

        The facade already refuses to take back a secret choice or an action whose events reveal one. By default
        a game with chance may take back nothing (only the game knows which actions draw from its stream), and a
        game without chance may take back an action whose events every seat may read."""
        if self.spec.chance != "none":
            return False
        return all(e.seats is None for e in events)

    # -- views and copies --------------------------------------------------------------------------
    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """The views of several seats of one position (a server sends one to each viewer after every action).

        Games may build the public part once and share it between the seats' views; views are read-only data.
        """
        return {seat: self.view(state, seat) for seat in seats}

    def copy(self, state: S) -> S:
        """A deep copy: no mutable part is shared with the original (games override it with a faster one)."""
        return _copy.deepcopy(state)

    def to_data(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (hidden parts included: for saves and tests, never for views)."""
        if isinstance(state, dict):
            return json.loads(json.dumps(state))  # type: ignore[no-any-return]
        raise NotImplementedError(f"{type(self).__name__} does not say how to write its state as data (to_data)")

    def from_data(self, data: Mapping[str, Any]) -> S:
        raise NotImplementedError(f"{type(self).__name__} does not say how to read its state from data (from_data)")

    def sample(self, state: S, seat: int, rng: int) -> S:
        """A full state consistent with `seat`'s view: what it cannot see (others' hands and pending secret
        choices, the deck order) is redrawn from stream `rng`. Only a game of perfect information may keep the
        default, which returns a copy."""
        if self.spec.information == "perfect":
            return self.copy(state)
        raise NotImplementedError(f"{type(self).__name__} has hidden information but no sample()")

    def scenario(self, description: Mapping[str, Any]) -> S:
        """Build a state from a human-readable description; raise ScenarioError naming a bad field."""
        raise ScenarioError(f"{self.spec.title} has no scenario descriptions")

    def render(self, state: S, seat: int | None, color: bool = True, catalogue: Catalogue | None = None) -> str:
        """A text picture of what a seat (or a spectator) sees (by default its view as indented JSON). A board with
        words takes them from `catalogue`, the game's messages in the reader's language (English when None)."""
        return json.dumps(self.view(state, seat), indent=1, sort_keys=True)

    def screens(self, state: S, seat: int | None, color: bool = True,
                catalogue: Catalogue | None = None) -> dict[str, str]:
        """The text board cut into the screens a player switches between in a small terminal, in order, each
        meant to fit about 16 lines of 80 columns: `board` first (the table), then the game's others (`hand`,
        `others`: the other players, ...). A screen's name is a command of the terminal, the same in every language
        like the action notation. By default one screen, the whole board."""
        return {"board": self.render(state, seat, color, catalogue)}

    # -- what the faces show ---------------------------------------------------------------------
    def messages(self) -> Mapping[str, Message]:
        """The game's message catalogue in English: message id -> template with `{param}` fields (or a `Plural`:
        one template per plural form and the parameter holding the count). Other languages are gettext
        catalogues in the game package's `locale/` folder (docs/i18n.md).

        Ids used by the faces: `phase.<id>` (a phase's name), `help.<id>` (one paragraph on what its actions do),
        `status.<id>` (the prompt line; fields are filled from the seat's view), `legend` (the text board's
        symbols), `option.<name>` and `option.<name>.<value>` (the options in words), terms such as
        `tile.<id>` referred to as `@tile.<id>` in event parameters, and every event and result `reason` id."""
        return {}

    def explain(self, state: S, seat: int | None, words: Sequence[str]) -> list[Event] | None:
        """The answer to a question a player asks about the table (`["tile", "c2"]`), as messages, showing only
        what `seat` may see; None when the game asks no such question. A game lists its questions as messages
        `question.<first word>` (one help line each: "tile SQ  what the building on a square is and pays")."""
        return None

    def reconstructions(self) -> list[str]:
        """The component values no source settles (`[design]` in the spec), one line each, for `meeple info`."""
        return []

    def tuned_values(self) -> list[str]:
        """The reconstructions a balance pass changed after self-play, one line each with the note of the tuning
        that the data file carries, for `meeple info` (docs/balance.md)."""
        return []

    def data_path(self) -> str | None:
        """The data file the rules were read from (a corrected copy is passed as the setting `data=PATH`)."""
        return None

    def client_data(self) -> dict[str, Any]:
        """Data the browser renderer needs from the game's data files (names, colours, letters of pieces)."""
        return {}

    def statistics(self, state: S) -> dict[str, Any]:
        """Figures of a finished game for the arena: `{name: [one number per seat]}` or `{name: number}`.
        The spec's `metrics` names those the arena shows in its summary."""
        return {}

    def history_statistics(self, state: S, events: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, Any]:
        """Figures of a finished game read from its history, what the final state no longer shows (when each
        building was completed, which cards were played): `events` holds, per applied action, the public events
        as `Game.events(None)` gives them (`{"msg": id, "params": {...}}`). Besides the shapes of `statistics`, a
        figure may be a tally `{key: number}` (the arena reports, per key, in how many games it appears and its
        mean). Default: none."""
        return {}

    # -- bots ---------------------------------------------------------------------------------------
    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic value of the state for a seat in [0, 1]; games override it for bots.

        By default: at the end, the share of the other seats the seat finished ahead of (a tie counts half);
        before the end, 0.5."""
        if not self.is_over(state):
            return 0.5
        ranking = self.result(state).ranking
        others = sum(map(len, ranking)) - 1
        if others <= 0:
            return 0.5
        behind = 0.0
        for place, seats in enumerate(ranking):
            if seat in seats:
                behind = sum(map(len, ranking[place + 1:])) + (len(seats) - 1) / 2
        return behind / others

    def evaluate_actions(self, state: S, seat: int, legal: Sequence[int]) -> list[float]:
        """`evaluate` for `seat` of the position each action of `legal` leads to, in the same order: what the greedy
        bot chooses by and the search orders its trials by. A game may override it to give the same values for
        less work (Blue Moon City scores the other players once where an action leaves them as they were)."""
        values = []
        for action in legal:
            after = self.copy(state)
            self.apply(after, seat, action)
            values.append(self.evaluate(after, seat))
        return values

    def hint_reason(self, before: S, after: S, seat: int, action: int) -> Event | None:
        """Why a hint suggests `action` for `seat`, in the game's words: an event whose message id and parameters
        the faces render in the reader's language ("Site 3: worth about 4 VP to you"). `before` and `after` are a
        position the seat could be in (sampled from its view) and the same after the action, so a reason never
        tells what the seat cannot see. Default: no reason."""
        return None

    # Hooks of the search bot (see `meeple.agents.ismcts`), which searches a seat's own decisions to an
    # evaluation cut-off, other seats' decisions on the way played by the rollout policy. The defaults make any
    # game searchable: the cut-off is the end of the game, the value there is `evaluate` (the seat's place), and
    # rollouts play uniformly random legal actions. A long game overrides them (Blue Moon City stops at the end
    # of the seat's turn and values the position with its heuristics).
    def plan_horizon(self, state: S, seat: int) -> bool:
        """Whether the search of `seat`'s decisions stops here (the evaluation cut-off)."""
        return self.is_over(state)

    def plan_value(self, states: Sequence[S], seat: int) -> float:
        """Value in [0, 1] for `seat` of one cut-off position seen in several samples of its hidden part."""
        return sum(self.evaluate(state, seat) for state in states) / len(states)

    def rollout_action(self, state: S, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
        """The action a search rollout plays for `seat` among `legal`; `below(n)` draws from the bot's stream."""
        return legal[below(len(legal))]

    # -- saves --------------------------------------------------------------------------------------
    def replay_difference(self, version: int, state: S, last: bool) -> str | None:
        """Why a log saved under the older rules `version` (one of `spec.replays`) may not have reached `state`.

        Loading such a save replays it under the current rules and asks this of every position, from the start to
        the one the log ends in (`last`). Return None while the older version would have played the same actions
        to the same position, or a reason in plain words, which refuses the save. A difference that changes no
        legal action and disappears later (cards that join the same hand at another moment of the turn) needs
        reporting only when `last`. The default: the versions play alike.
        """
        return None

    # -- tests --------------------------------------------------------------------------------------
    def invariants(self, state: S) -> list[str]:
        """Broken invariants, in words (empty when all hold); used by the conformance suite."""
        return []

    def hidden_values(self, state: S, viewer: int | None) -> list[Any]:
        """Values the viewer must never be shown (for leak tests): each is checked against views."""
        return []


class DataState(Protocol):
    """A state class that copies itself and writes itself as JSON-able data, and reads itself back."""

    def copy(self) -> Self:
        """A deep copy: no mutable part is shared with the original."""

    def to_data(self) -> dict[str, Any]:
        """The whole state as JSON-able data, hidden parts included."""

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Self:
        """The state `to_data` wrote."""


D = TypeVar("D", bound=DataState)


class StateRules(Rules[D]):
    """The rules of a game whose state class copies and writes itself (`DataState`): the copy and data hooks call
    the state class named by `state_type`, so the game writes none of them."""

    state_type: type[D]

    def copy(self, state: D) -> D:
        return state.copy()

    def to_data(self, state: D) -> dict[str, Any]:
        return state.to_data()

    def from_data(self, data: Mapping[str, Any]) -> D:
        return self.state_type.from_data(dict(data))
