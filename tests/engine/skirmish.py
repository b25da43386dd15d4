"""A small test-only auction-and-battle game: what City of Remnants needs of the engine, in a few rules.

Each round:

1. Muster: every seat secretly discards one card of its hand at once (a simultaneous secret choice); the cards
   are revealed together and each seat gains as much gold as its card shows.
2. Auction: a prize of 1-6 points is rolled on the seeded die; bids go round the table from the round's first
   seat, each bid above the last or a pass (a seat that passes is out). The last bidder pays and attacks.
3. Battle: the attacker commits a card; the defender, the seat to its left, answers out of turn: it commits a
   card or yields. Both roll a die; the higher card plus die takes the prize (the defender wins ties). Yielding
   gives the prize to the attacker.

Everyone draws a card at the start of a round. Most points win; gold breaks ties.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple.engine import rng
from meeple.engine.rules import ActionTable, Event, Result, Rules, reveal
from meeple.engine.spec import GameSpec, OptionSpec

CARDS = range(1, 7)
COPIES = 5
MAX_BID = 30
HAND = 3
GOLD = 2

DISCARD = [f"discard {v}" for v in CARDS]
BID = [f"bid {k}" for k in range(1, MAX_BID + 1)]
COMMIT = [f"commit {v}" for v in CARDS]
TABLE = ActionTable([*DISCARD, *BID, "pass", *COMMIT, "yield"])
DISCARD_0 = 0
BID_0 = len(DISCARD)
PASS = BID_0 + MAX_BID
COMMIT_0 = PASS + 1
YIELD = COMMIT_0 + len(COMMIT)

SPEC = GameSpec(
    id="skirmish", title="Skirmish", version=1, min_players=2, max_players=4,
    options=(OptionSpec("rounds", 3, (1, 2, 3), "rounds to play"),),
    simultaneous=True, max_game_length=200, num_distinct_actions=len(TABLE),
    metrics=("points", "gold"), hides={"stream": "stream", "deck": "cards", "hand": "cards", "pending": "choice"},
    description="A test game: secret discards, an auction around the table, an out-of-turn defence, dice.",
)

MESSAGES = {
    "skirmish.round": "Round {round}: everyone draws a card",
    "skirmish.discarded": "{seat} discards a card face down",
    "skirmish.you_discard": "You discard {card}",
    "skirmish.revealed": "The discards are revealed: {cards}",
    "skirmish.prize": "The die shows {points}: the prize is worth {points} point(s)",
    "skirmish.bid": "{seat} bids {gold} gold",
    "skirmish.pass": "{seat} passes",
    "skirmish.unclaimed": "Nobody bids: the prize is lost",
    "skirmish.won": "{seat} wins the auction for {gold} gold and attacks {defender_seat}",
    "skirmish.attack": "{seat} commits a {card}",
    "skirmish.yield": "{seat} yields: {winner_seat} takes {points} point(s)",
    "skirmish.battle": "{attacker_seat} {attack} + die {attack_die} against {defender_seat} {defence} + die "
                       "{defence_die}: {winner_seat} takes {points} point(s)",
    "skirmish.end": "Most points: {winner_seats}",
    "skirmish.draw": "Everyone has the same points and gold: a draw",
    "phase.muster": "Muster",
    "phase.bid": "Auction",
    "phase.attack": "Attack",
    "phase.defend": "Defence",
    "phase.over": "Game over",
    "status.muster": "round {round}: discard a card in secret ({waiting} still choosing)",
    "status.bid": "round {round}: bidding for {prize} point(s), high bid {high}",
    "status.attack": "round {round}: commit a card to attack for {prize} point(s)",
    "status.defend": "round {round}: the attack shows {attack}; commit a card or yield",
    "status.over": "the game is over",
    "help.muster": "Muster: `discard N` puts a card of your hand face down; when everyone has chosen, the cards are "
                   "revealed and each player gains their value in gold.",
    "help.bid": "Auction: `bid N` offers N gold, more than the high bid; `pass` leaves the auction. The last bidder "
                "pays and attacks the player to the left.",
    "help.attack": "Attack: `commit N` puts a card into the battle; the card plus a die roll is your strength.",
    "help.defend": "Defence: `commit N` answers with a card (card plus die; ties go to you) or `yield` gives the "
                   "prize to the attacker.",
    "legend": "hand: your cards; gold and points per player; * marks the seat that decides",
    "option.rounds": "Rounds",
}


@dataclass
class State:
    """Plain data; all behaviour is in `Skirmish`. Hidden parts stay out of `repr`."""

    players: int
    rounds: int
    stream: int
    deck: list[int]
    hands: list[list[int]]
    gold: list[int]
    points: list[int]
    round: int = 1
    phase: str = "muster"
    first: int = 0
    pending: list[int | None] = field(default_factory=list)
    prize: int = 0
    bidder: int = 0
    high: int = 0
    high_seat: int | None = None
    out: list[bool] = field(default_factory=list)
    attacker: int | None = None
    defender: int | None = None
    attack: int | None = None
    revealed: list[list[int]] = field(default_factory=list)
    battles: int = 0
    spent: int = 0  # cards played in battles (and attacks that met a yield), out of the game
    last: list[int] | None = None  # the last battle: attack card, its die, defence card, its die

    def __repr__(self) -> str:
        return f"Skirmish(round {self.round} of {self.rounds}, {self.phase})"

    __str__ = __repr__


class Skirmish(Rules[State]):
    spec = SPEC
    actions = TABLE

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        deck = [v for v in CARDS for _ in range(COPIES)]
        stream = rng.shuffle(rng.seed_stream(seed), deck)
        hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(players)]
        state = State(players, int(options["rounds"]), stream, deck, hands, [GOLD] * players, [0] * players)
        self._start_round(state, None)
        return state

    # -- whose decision ------------------------------------------------------------------------
    def deciders(self, state: State) -> list[int]:
        if state.phase == "muster":
            return [p for p in range(state.players) if state.pending[p] is None]
        if state.phase == "bid":
            return [state.bidder]
        if state.phase == "attack":
            return [state.attacker] if state.attacker is not None else []
        if state.phase == "defend":
            return [state.defender] if state.defender is not None else []
        return []

    def legal(self, state: State, seat: int) -> list[int]:
        if seat not in self.deciders(state):
            return []
        hand = sorted(set(state.hands[seat]))
        if state.phase == "muster":
            return [DISCARD_0 + v - 1 for v in hand]
        if state.phase == "bid":
            return [BID_0 + k - 1 for k in range(state.high + 1, state.gold[seat] + 1)] + [PASS]
        if state.phase == "attack":
            return [COMMIT_0 + v - 1 for v in hand]
        return [COMMIT_0 + v - 1 for v in hand] + [YIELD]

    def secret(self, state: State, seat: int, action: int) -> bool:
        return state.phase == "muster"

    # -- playing ---------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: int, events: list[Event] | None = None) -> None:
        out: list[Event] = events if events is not None else []
        if state.phase == "muster":
            self._discard(state, seat, action - DISCARD_0 + 1, out)
        elif state.phase == "bid":
            self._bid(state, seat, action, out)
        elif state.phase == "attack":
            state.attack = self._take(state, seat, action - COMMIT_0 + 1)
            state.phase = "defend"
            out.append(Event("skirmish.attack", {"seat": seat, "card": state.attack}))
        else:
            self._defend(state, seat, action, out)

    def _discard(self, state: State, seat: int, card: int, events: list[Event]) -> None:
        state.pending[seat] = self._take(state, seat, card)
        events.append(Event("skirmish.discarded", {"seat": seat}))
        events.append(Event("skirmish.you_discard", {"card": card}, frozenset([seat])))
        if any(c is None for c in state.pending):
            return
        cards = [int(c or 0) for c in state.pending]
        events.append(reveal())
        events.append(Event("skirmish.revealed", {"cards": cards}))
        state.revealed.append(cards)
        state.gold = [g + c for g, c in zip(state.gold, cards, strict=True)]
        state.pending = [None] * state.players
        state.prize, state.stream = self._die(state.stream)
        events.append(Event("skirmish.prize", {"points": state.prize}))
        state.phase, state.bidder, state.high, state.high_seat = "bid", state.first, 0, None
        state.out = [False] * state.players

    def _bid(self, state: State, seat: int, action: int, events: list[Event]) -> None:
        if action == PASS:
            state.out[seat] = True
            events.append(Event("skirmish.pass", {"seat": seat}))
        else:
            state.high, state.high_seat = action - BID_0 + 1, seat
            events.append(Event("skirmish.bid", {"seat": seat, "gold": state.high}))
        active = [p for p in range(state.players) if not state.out[p]]
        if not active:
            events.append(Event("skirmish.unclaimed"))
            self._end_round(state, events)
        elif active == [state.high_seat]:
            winner = state.high_seat
            state.gold[winner] -= state.high
            state.attacker, state.defender = winner, (winner + 1) % state.players
            events.append(Event("skirmish.won", {"seat": winner, "gold": state.high,
                                                 "defender_seat": state.defender}))
            state.phase = "attack"
        else:
            nxt = (seat + 1) % state.players
            while state.out[nxt] or nxt == state.high_seat:
                nxt = (nxt + 1) % state.players
            state.bidder = nxt

    def _defend(self, state: State, seat: int, action: int, events: list[Event]) -> None:
        attacker = state.attacker if state.attacker is not None else seat
        state.spent += 1
        if action == YIELD:
            state.points[attacker] += state.prize
            events.append(Event("skirmish.yield", {"seat": seat, "winner_seat": attacker, "points": state.prize}))
        else:
            defence = self._take(state, seat, action - COMMIT_0 + 1)
            state.spent += 1
            attack = state.attack or 0
            attack_die, state.stream = self._die(state.stream)
            defence_die, state.stream = self._die(state.stream)
            winner = attacker if attack + attack_die > defence + defence_die else seat
            state.points[winner] += state.prize
            state.battles += 1
            state.last = [attack, attack_die, defence, defence_die]
            events.append(Event("skirmish.battle", {
                "attacker_seat": attacker, "attack": attack, "attack_die": attack_die, "defender_seat": seat,
                "defence": defence, "defence_die": defence_die, "winner_seat": winner, "points": state.prize}))
        self._end_round(state, events)

    def _end_round(self, state: State, events: list[Event]) -> None:
        state.attacker = state.defender = state.attack = None
        state.high, state.high_seat, state.prize = 0, None, 0
        if state.round >= state.rounds:
            state.phase = "over"
            return
        state.round += 1
        state.first = (state.first + 1) % state.players
        self._start_round(state, events)

    def _start_round(self, state: State, events: list[Event] | None) -> None:
        for hand in state.hands:
            hand.append(state.deck.pop())
            hand.sort()
        state.phase = "muster"
        state.pending = [None] * state.players
        if events is not None:
            events.append(Event("skirmish.round", {"round": state.round}))

    @staticmethod
    def _take(state: State, seat: int, card: int) -> int:
        state.hands[seat].remove(card)
        return card

    @staticmethod
    def _die(stream: int) -> tuple[int, int]:
        value, stream = rng.below(stream, 6)
        return value + 1, stream

    # -- the end -----------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        order = sorted(range(state.players), key=lambda p: (-state.points[p], -state.gold[p], p))
        ranking: list[list[int]] = []
        for p in order:
            if ranking and (state.points[p], state.gold[p]) == (state.points[ranking[-1][0]],
                                                              state.gold[ranking[-1][0]]):
                ranking[-1].append(p)
            else:
                ranking.append([p])
        scores = {p: float(state.points[p]) for p in range(state.players)}
        if len(ranking) == 1:
            return Result(ranking, [], True, scores, "skirmish.draw")
        return Result(ranking, list(ranking[0]), False, scores, "skirmish.end", {"winner_seats": list(ranking[0])})

    # -- what each seat sees --------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "phase": state.phase, "round": state.round, "rounds": state.rounds, "prize": state.prize,
            "gold": list(state.gold), "points": list(state.points), "cards": [len(h) for h in state.hands],
            "hand": list(state.hands[seat]) if seat is not None else None,
            "chosen": [c is not None for c in state.pending],
            "waiting": sum(c is None for c in state.pending) if state.phase == "muster" else 0,
            "mine": state.pending[seat] if seat is not None else None,
            "first": state.first, "bidder": state.bidder if state.phase == "bid" else None, "high": state.high,
            "high_seat": state.high_seat, "out": list(state.out), "attacker": state.attacker,
            "defender": state.defender, "attack": state.attack, "revealed": [list(r) for r in state.revealed],
            "deck": len(state.deck), "last_battle": state.last,
        }

    def copy(self, state: State) -> State:
        return State(
            state.players, state.rounds, state.stream, list(state.deck), [list(h) for h in state.hands],
            list(state.gold), list(state.points), state.round, state.phase, state.first, list(state.pending),
            state.prize, state.bidder, state.high, state.high_seat, list(state.out), state.attacker,
            state.defender, state.attack, [list(r) for r in state.revealed], state.battles, state.spent,
            None if state.last is None else list(state.last))

    def to_data(self, state: State) -> dict[str, Any]:
        return dict(vars(self.copy(state)))

    def from_data(self, data: Mapping[str, Any]) -> State:
        return self.copy(State(**data))

    def sample(self, state: State, seat: int, stream: int) -> State:
        """Other seats' hands and pending discards and the deck are redealt from the cards `seat` cannot see, and
        the dice stream is drawn anew: the result depends on the seat's view only."""
        out = self.copy(state)
        others = [p for p in range(state.players) if p != seat]
        unseen = sorted([*state.deck, *(c for p in others for c in state.hands[p]),
                         *(c for p in others if (c := state.pending[p]) is not None)])
        stream = rng.shuffle(stream, unseen)
        for p in others:
            out.hands[p] = sorted(unseen.pop() for _ in state.hands[p])
            if state.pending[p] is not None:
                out.pending[p] = unseen.pop()
        out.deck = unseen
        out.stream = rng.seed_stream(stream)
        return out

    def scenario(self, description: Mapping[str, Any]) -> State:
        players = int(description.get("players", 2))
        return self.setup(players, {"rounds": int(description.get("rounds", 3))}, int(description.get("seed", 0)))

    # -- faces and tests -------------------------------------------------------------------------------
    def messages(self) -> dict[str, str]:
        return MESSAGES

    def statistics(self, state: State) -> dict[str, Any]:
        return {"points": list(state.points), "gold": list(state.gold), "battles": state.battles}

    def invariants(self, state: State) -> list[str]:
        cards = len(state.deck) + sum(map(len, state.hands)) + sum(c is not None for c in state.pending)
        cards += sum(map(len, state.revealed)) + state.spent + (state.attack is not None)
        problems = []
        if cards != len(CARDS) * COPIES:
            problems.append(f"{cards} cards on the table")
        if min(state.gold) < 0:
            problems.append(f"negative gold {state.gold}")
        return problems

    def hidden_values(self, state: State, viewer: int | None) -> list[Any]:
        out: list[Any] = [("stream", state.stream), ("deck", list(state.deck))]
        for p in range(state.players):
            if p != viewer:
                out.append(("hand", p, list(state.hands[p])))
                if state.pending[p] is not None:
                    out.append(("pending", p, state.pending[p]))
        return out
