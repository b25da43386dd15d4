"""A tiny test-only game proving the engine serves simultaneous secret decisions and chance.

Every seat secretly sets a dial to 1-3; when all have chosen, the dials are revealed together and a seeded
die (1-3) is rolled: the highest dial that nobody else chose wins, the die breaking ties in favour of the
dial nearest to it. Choices stay hidden from other seats until the reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.engine.rules import ActionTable, Event, Result, Rules, reveal
from meeple.engine.spec import GameSpec, OptionSpec

TABLE = ActionTable(["dial 1", "dial 2", "dial 3"])
SPEC = GameSpec(id="dials", title="Dials", version=1, min_players=2, max_players=3,
                options=(OptionSpec("rounds", 1, (1, 2), "rounds to play"),), simultaneous=True,
                max_game_length=6, num_distinct_actions=3,
                hides={"stream": "stream", "dice": "cards", "dial": "choice"}, turn_order=False)


MESSAGES = {
    "dials.set": "{seat} sets a dial",
    "dials.chosen": "You chose {dial}",
    "dials.revealed": "The dials are revealed: {dials}",
    "phase.dial": "Dial",
    "help.dial": "Choose a number from 1 to 3 in secret; the highest number nobody else chose wins the round.",
    "status.dial": "round {round}: set your dial",
    "legend": "revealed: the dials of each round; wins per player",
    "dials.end": "Most rounds won: {winner_seats}",
    "dials.draw": "Nobody won a round alone: a draw",
}


class DialsState(dict[str, Any]):
    """The state: plain data in a dict whose `repr` shows nothing a player may not see."""

    def __repr__(self) -> str:
        return f"Dials(round {self['round']} of {self['rounds']})"

    __str__ = __repr__


DICE_SHOWN = 4  # the next die rolls, hidden from everyone (for the leak checks)


class Dials(Rules[dict[str, Any]]):
    spec = SPEC
    actions = TABLE

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        return DialsState(players=players, rng=rng.seed_stream(seed), dials=[None] * players, die=None,
                          rounds=options["rounds"], round=1, wins=[0] * players, revealed=[])

    def deciders(self, state: dict[str, Any]) -> list[int]:
        if self.is_over(state):
            return []
        return [p for p in range(state["players"]) if state["dials"][p] is None]

    def legal(self, state: dict[str, Any], seat: int) -> list[int]:
        return [0, 1, 2] if seat in self.deciders(state) else []

    def secret(self, state: dict[str, Any], seat: int, action: int) -> bool:
        return True

    def apply(self, state: dict[str, Any], seat: int, action: int, events: list[Event] | None = None) -> None:
        state["dials"][seat] = action + 1
        if events is not None:
            events.append(Event("dials.set", {"seat": seat}))
            events.append(Event("dials.chosen", {"dial": action + 1}, frozenset([seat])))
        if all(d is not None for d in state["dials"]):
            if events is not None:
                events.append(reveal())
                events.append(Event("dials.revealed", {"dials": tuple(state["dials"])}))
            state["die"], state["rng"] = rng.below(state["rng"], 3)
            dials = state["dials"]
            unique = [d for d in dials if dials.count(d) == 1]
            if unique:
                best = max(unique, key=lambda d: (d, -abs(d - state["die"] - 1)))
                state["wins"][dials.index(best)] += 1
            state["revealed"].append(list(dials))
            if state["round"] < state["rounds"]:
                state["round"] += 1
                state["dials"] = [None] * state["players"]

    def is_over(self, state: dict[str, Any]) -> bool:
        return len(state["revealed"]) >= state["rounds"]

    def result(self, state: dict[str, Any]) -> Result:
        top = max(state["wins"])
        winners = [p for p in range(state["players"]) if state["wins"][p] == top] if top else []
        rest = [p for p in range(state["players"]) if p not in winners]
        ranking = [winners, rest] if winners and rest else [winners or rest]
        if not winners:
            return Result(ranking, winners, True, reason="dials.draw")
        return Result(ranking, winners, False, reason="dials.end", params={"winner_seats": winners})

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"phase": "dial", "round": state["round"], "revealed": [list(r) for r in state["revealed"]],
                "chosen": [d is not None for d in state["dials"]],
                "mine": state["dials"][seat] if seat is not None else None, "wins": list(state["wins"])}

    def copy(self, state: dict[str, Any]) -> dict[str, Any]:
        return DialsState({k: (list(v) if isinstance(v, list) else v) for k, v in state.items()} | {
            "revealed": [list(r) for r in state["revealed"]]})

    def to_data(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(self.copy(state))

    def from_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return self.copy(dict(data))

    def sample(self, state: dict[str, Any], seat: int, stream: int) -> dict[str, Any]:
        out = self.copy(state)
        for p in range(state["players"]):
            if p != seat and out["dials"][p] is not None:
                value, stream = rng.below(stream, 3)
                out["dials"][p] = value + 1
        out["rng"] = rng.seed_stream(stream)  # the die to come is unknown too
        return out

    def scenario(self, description: Mapping[str, Any]) -> dict[str, Any]:
        return self.setup(int(description.get("players", 2)), {"rounds": 1}, int(description.get("seed", 0)))

    def messages(self) -> dict[str, str]:
        return MESSAGES

    def statistics(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"wins": list(state["wins"])}

    def hidden_values(self, state: dict[str, Any], viewer: int | None) -> list[Any]:
        stream, dice = state["rng"], []
        for _ in range(DICE_SHOWN):
            value, stream = rng.below(stream, 3)
            dice.append(value + 1)
        out: list[Any] = [("stream", state["rng"]), ("dice", dice)]
        out += [("dial", p, d) for p, d in enumerate(state["dials"]) if p != viewer and d is not None]
        return out
