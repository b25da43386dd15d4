"""A tiny test-only auction whose only hidden part is an order: the prizes to come are known, not their order.

The prize deck (values 1 to 8, one of each, and a second 5) is shuffled at the start; everybody knows which prizes
are left, but not which comes next. Each round the top prize is shown and the seats bid for it round the table,
starting with the round's first seat: raise the high bid (up to their coins) or pass, and a seat that passed is
out of the round. The last one in pays their bid and takes the prize; when everybody passes without a bid the
prize is put away. The most prize value wins, then the most coins left.

The deck is hidden as an order (`hides={"deck": "order"}`): the view lists the prizes left (sorted), and `sample`
shuffles them again, keeping them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.engine.rules import ActionTable, Event, Result, Rules
from meeple.engine.spec import GameSpec, OptionSpec
from meeple.kit import per_seat, places, say

PRIZES = (1, 2, 3, 4, 5, 5, 6, 7, 8)
MAX_BID = 12
PASS = 0
TABLE = ActionTable(["pass", *(f"bid {n}" for n in range(1, MAX_BID + 1))])
SPEC = GameSpec(id="auction", title="Auction", version=1, min_players=2, max_players=4,
                options=(OptionSpec("coins", 10, (8, 10, 12), "coins each seat starts with"),),
                information="imperfect", chance="seeded", max_game_length=len(PRIZES) * (MAX_BID + 4),
                num_distinct_actions=len(TABLE), hides={"deck": "order"})

MESSAGES = {
    "auction.prize": "Up for auction: a prize of {value}",
    "auction.bid": "{seat} bids {amount}",
    "auction.pass": "{seat} passes",
    "auction.won": "{seat} pays {amount} for the prize of {value}",
    "auction.unsold": "Nobody bids: the prize of {value} is put away",
    "auction.end": "Most prize value: {winner_seats}",
    "phase.bid": "Bidding",
    "help.bid": "Bid more than the high bid, up to your coins, or pass and leave this round's bidding.",
    "brief.bid": "Raise or pass.",
    "status.bid": "prize {prize}, high bid {high}",
    "legend": "prizes_left: the prizes still to come, in no particular order",
    "figure.value": "Prize value",
    "figure.coins": "Coins left",
}


class AuctionState:
    """The deck (drawn from the end), the seats' coins and prizes, and the round's bidding (plain data)."""

    __slots__ = ("coins", "deck", "first", "high", "high_seat", "in_round", "players", "prize", "turn", "won")

    def __init__(self, players: int, coins: int, deck: list[int]) -> None:
        self.players, self.deck = players, deck
        self.coins = [coins] * players
        self.won = [0] * players
        self.first = self.turn = 0
        self.prize = self.high = 0
        self.high_seat: int | None = None
        self.in_round = [True] * players

    def __repr__(self) -> str:
        return f"AuctionState(prize {self.prize}, high {self.high}, {len(self.deck)} prizes left)"


LISTS = ("coins", "deck", "in_round", "won")


class Auction(Rules[AuctionState]):
    spec = SPEC
    actions = TABLE

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> AuctionState:
        deck = list(PRIZES)
        rng.shuffle(rng.seed_stream(seed), deck)
        state = AuctionState(players, int(options["coins"]), deck)
        self._open(state, None)
        return state

    def _open(self, state: AuctionState, events: list[Event] | None) -> None:
        """Show the next prize, or end the game when none is left."""
        if not state.deck:
            state.prize = 0
            return
        state.prize = state.deck.pop()
        state.high, state.high_seat = 0, None
        state.in_round = [True] * state.players
        state.turn = state.first
        say(events, "auction.prize", value=state.prize)

    def deciders(self, state: AuctionState) -> list[int]:
        return [state.turn] if state.prize else []

    def legal(self, state: AuctionState, seat: int) -> list[int]:
        if seat not in self.deciders(state):
            return []
        return [PASS, *range(state.high + 1, min(state.coins[seat], MAX_BID) + 1)]

    def apply(self, state: AuctionState, seat: int, action: int, events: list[Event] | None = None) -> None:
        if action == PASS:
            state.in_round[seat] = False
            say(events, "auction.pass", seat=seat)
        else:
            state.high, state.high_seat = action, seat
            say(events, "auction.bid", seat=seat, amount=action)
        bidders = [p for p in range(state.players) if state.in_round[p]]
        if not bidders or bidders == [state.high_seat]:
            self._close(state, events)
            return
        nxt = (seat + 1) % state.players
        while not state.in_round[nxt]:
            nxt = (nxt + 1) % state.players
        state.turn = nxt

    def _close(self, state: AuctionState, events: list[Event] | None) -> None:
        if state.high_seat is None:
            say(events, "auction.unsold", value=state.prize)
        else:
            state.coins[state.high_seat] -= state.high
            state.won[state.high_seat] += state.prize
            say(events, "auction.won", seat=state.high_seat, amount=state.high, value=state.prize)
        state.first = (state.first + 1) % state.players
        self._open(state, events)

    def result(self, state: AuctionState) -> Result:
        n = state.players
        ranking = places(range(n), lambda p: (state.won[p], state.coins[p]))
        return Result(ranking, sorted(ranking[0]), False, per_seat(state.won, n), "auction.end",
                      {"winner_seats": sorted(ranking[0])},
                      figures={"figure.value": per_seat(state.won, n), "figure.coins": per_seat(state.coins, n)},
                      tiebreak=["figure.coins"])

    def view(self, state: AuctionState, seat: int | None) -> dict[str, Any]:
        return {"phase": "bid", "prize": state.prize, "high": state.high, "high_seat": state.high_seat,
                "turn": state.turn, "in_round": list(state.in_round), "coins": list(state.coins),
                "won": list(state.won), "prizes_left": sorted(state.deck)}

    def copy(self, state: AuctionState) -> AuctionState:
        out = AuctionState.__new__(AuctionState)
        for name in AuctionState.__slots__:
            value = getattr(state, name)
            setattr(out, name, list(value) if name in LISTS else value)
        return out

    def to_data(self, state: AuctionState) -> dict[str, Any]:
        return {name: (list(v) if name in LISTS else v) for name in AuctionState.__slots__
                for v in (getattr(state, name),)}

    def from_data(self, data: Mapping[str, Any]) -> AuctionState:
        out = AuctionState.__new__(AuctionState)
        for name in AuctionState.__slots__:
            setattr(out, name, list(data[name]) if name in LISTS else data[name])
        return out

    def sample(self, state: AuctionState, seat: int, stream: int) -> AuctionState:
        """The same prizes to come in another order (drawn from their sorted list, so never from the true one)."""
        out = self.copy(state)
        out.deck = sorted(state.deck)
        rng.shuffle(stream, out.deck)
        return out

    def hidden_values(self, state: AuctionState, viewer: int | None) -> list[Any]:
        return [("deck", list(state.deck))]

    def messages(self) -> dict[str, str]:
        return MESSAGES
