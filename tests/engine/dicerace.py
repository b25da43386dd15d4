"""A tiny test-only game of public information with seeded dice: nothing is hidden but the dice to come.

On their turn a player rolls a die as often as they like (at most `MAX_ROLLS` times) and adds the rolls to the
turn's total; a 1 loses that total and ends the turn, stopping banks it and moves the runner on. The first runner
to reach the goal wins; after `ROUNDS` rounds the runner furthest ahead wins (those level share the place).

The game is of perfect information: every seat sees the whole table. Its random stream decides the rolls to come,
so it hides that stream (`hides={"stream": "stream"}`) and its `sample` draws another one, so that a bot cannot
foresee the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.engine.rules import ActionTable, Event, Result, Rules
from meeple.engine.spec import GameSpec, OptionSpec
from meeple.kit import per_seat, places, say

ROLL, STOP = 0, 1
TABLE = ActionTable(["roll", "stop"])
MAX_ROLLS = 5  # a turn ends after this many rolls
ROUNDS = 12
SPEC = GameSpec(id="dicerace", title="Dice Race", version=1, min_players=1, max_players=4,
                options=(OptionSpec("goal", 30, (20, 30), "the square the runners race to"),),
                information="perfect", chance="seeded", max_game_length=4 * ROUNDS * (MAX_ROLLS + 1),
                num_distinct_actions=len(TABLE), hides={"stream": "stream"})

MESSAGES = {
    "race.rolled": "{seat} rolls {value}",
    "race.bust": "{seat} rolls a 1 and loses this turn's {total}",
    "race.banked": "{seat} moves {total} squares to square {square}",
    "race.won": "{winner_seats} reached the goal first",
    "race.rounds": "After the last round {winner_seats} ran furthest",
    "phase.race": "Race",
    "help.race": "Roll the die to add to this turn's total, or stop to move your runner by it; a 1 loses the total.",
    "brief.race": "Roll or stop.",
    "status.race": "turn total {total}",
    "legend": "squares: how far each runner has come; total: this turn's rolls",
    "figure.square": "Square",
}


class RaceState:
    """The runners, the turn under way and the random stream (plain data)."""

    __slots__ = ("active", "goal", "players", "round", "rolls", "squares", "stream", "total", "winner")

    def __init__(self, players: int, goal: int, stream: int) -> None:
        self.players, self.goal, self.stream = players, goal, stream
        self.squares = [0] * players
        self.active = self.round = self.rolls = self.total = 0
        self.winner: int | None = None

    def __repr__(self) -> str:
        return f"RaceState(round {self.round + 1}, squares {self.squares}, total {self.total})"


class DiceRace(Rules[RaceState]):
    spec = SPEC
    actions = TABLE

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> RaceState:
        return RaceState(players, int(options["goal"]), rng.seed_stream(seed))

    def deciders(self, state: RaceState) -> list[int]:
        return [] if self.is_over(state) else [state.active]

    def is_over(self, state: RaceState) -> bool:
        return state.winner is not None or state.round >= ROUNDS

    def legal(self, state: RaceState, seat: int) -> list[int]:
        if seat not in self.deciders(state):
            return []
        return [ROLL] if state.rolls == 0 else [ROLL, STOP] if state.rolls < MAX_ROLLS else [STOP]

    def apply(self, state: RaceState, seat: int, action: int, events: list[Event] | None = None) -> None:
        if action == STOP:
            self._bank(state, seat, events)
            return
        face, state.stream = rng.below(state.stream, 6)
        value = face + 1
        state.rolls += 1
        say(events, "race.rolled", seat=seat, value=value)
        if value == 1:
            say(events, "race.bust", seat=seat, total=state.total)
            self._next(state)
        else:
            state.total += value

    def _bank(self, state: RaceState, seat: int, events: list[Event] | None) -> None:
        state.squares[seat] += state.total
        say(events, "race.banked", seat=seat, total=state.total, square=state.squares[seat])
        if state.squares[seat] >= state.goal:
            state.winner = seat
        self._next(state)

    def _next(self, state: RaceState) -> None:
        state.total = state.rolls = 0
        state.active = (state.active + 1) % state.players
        if state.active == 0:
            state.round += 1

    def result(self, state: RaceState) -> Result:
        squares = per_seat(state.squares, state.players)
        if state.winner is not None:
            rest = places([p for p in range(state.players) if p != state.winner], state.squares.__getitem__)
            return Result([[state.winner], *rest], [state.winner], False, squares, "race.won",
                          {"winner_seats": [state.winner]}, figures={"figure.square": squares})
        ranking = places(range(state.players), state.squares.__getitem__)
        return Result(ranking, sorted(ranking[0]), False, squares, "race.rounds", {"winner_seats": ranking[0]},
                      figures={"figure.square": squares})

    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return {"phase": "race", "round": state.round + 1, "active": state.active, "goal": state.goal,
                "squares": list(state.squares), "total": state.total, "rolls": state.rolls}

    def copy(self, state: RaceState) -> RaceState:
        out = RaceState.__new__(RaceState)
        for name in RaceState.__slots__:
            setattr(out, name, getattr(state, name))
        out.squares = list(state.squares)
        return out

    def to_data(self, state: RaceState) -> dict[str, Any]:
        return {name: (list(v) if isinstance(v := getattr(state, name), list) else v) for name in RaceState.__slots__}

    def from_data(self, data: Mapping[str, Any]) -> RaceState:
        out = RaceState.__new__(RaceState)
        for name in RaceState.__slots__:
            setattr(out, name, list(data[name]) if name == "squares" else data[name])
        return out

    def sample(self, state: RaceState, seat: int, stream: int) -> RaceState:
        """The table as it is with another stream: the dice to come are all a seat cannot know."""
        out = self.copy(state)
        out.stream = rng.seed_stream(stream)
        return out

    def hidden_values(self, state: RaceState, viewer: int | None) -> list[Any]:
        return [] if self.is_over(state) else [("stream", state.stream)]

    def messages(self) -> dict[str, str]:
        return MESSAGES
