"""Evaluation and rollout policy of City of Remnants for the greedy and search bots.

The value of a position for a seat is its renown score plus what its position is worth in renown: the award it
would collect now (weighted by the rounds likely left), ARC at the Buy price, influence, figures and cards; an open
auction counts the card for its high bidder at its price, and an open battle counts the stake times an estimate of
winning from the committed cards, figures and bonuses known to the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .data import NSPACE
from .engine import Engine
from .state import State

CARD_VALUE = 0.7  # a recruited gang member, in renown
BATTLE_STAKE = 2.5  # a figure, a card and influence swing on a battle's result, in renown
SPREAD = 60.0  # how much of a renown lead makes a position (nearly) won


def _rounds_left(s: State) -> float:
    return max(1.0, min(6.0, s.renown_supply / 25.0))


def _battle_edge(eng: Engine, s: State, b: dict[str, Any], seat: int) -> float:
    """A rough chance that `seat` wins the open battle, from what the seat can see."""
    side = b["seats"].index(seat)
    sp = b["space"]

    def strength(i: int) -> float:
        x = b["seats"][i]
        if x < 0:
            return float(eng.comp.tokens[b["token"]].attack) if b["token"] >= 0 else 4.0
        cards = b["spent"][i] if "spent" in b else b["cards"][i]
        known = x == seat or s.phase != "commit"
        att = 0.0
        dice = s.figures[sp][x] if sp >= 0 else 1
        for c in cards:
            card = eng.cards[c]
            if not known:
                att += 2.0
                continue
            if card.unit and card.attack is not None:
                att += card.attack[s.gang[x]]
            for e in card.effects if card.timing == "Battle" else ():
                if e.name in ("atk", "atk_if_attacker", "atk_if_defender"):
                    att += e.num()
                elif e.name == "dice":
                    dice += e.num()
        snap = b["snap"][i] if len(b["snap"]) > i else {"dice": 0, "atk": 0, "defense": 0}
        att += snap.get("atk", 0) + (snap.get("defense", 0) if b["roles"][i] == "defender" else 0)
        att += b["pay"][i] + eng.perm(s, x, "atk_all")
        if b["dice"][i]:
            return float(att + sum(b["dice"][i]))
        return float(att + 7 / 6 * min(dice + snap.get("dice", 0), eng.k["MAX_DICE_PER_SIDE"]))

    diff = strength(side) - strength(1 - side)
    if b["roles"][side] == "defender" or b["kind"] == "ycu":
        diff += 0.5 if b["roles"][side] == "defender" else -0.5
    return float(1.0 / (1.0 + 2.0 ** (-diff)))


def _attack(eng: Engine, c: int, colour: int) -> int:
    attack = eng.cards[c].attack
    return attack[colour] if attack is not None else 0


def worth(eng: Engine, s: State, p: int) -> float:
    value = eng.score(s, p) + eng.award_of(s, p) * _rounds_left(s)
    value += s.arc[p] / 3000 + 0.5 * s.influence[p] + 0.2 * eng.on_board(s, p) + 0.05 * s.pool[p]
    cards = s.hand[p] + s.draw[p] + s.discard[p]
    value += 0.15 * len(cards) + 0.03 * sum(_attack(eng, c, s.gang[p]) for c in cards)
    value += 0.4 * len(s.tableau[p])
    near = sum(1 for sp in range(NSPACE) if s.figures[sp][p] and eng.comp.boards[s.side].award[sp])
    value += 0.2 * near
    a = s.auction
    if a is not None and a["bidder"] == p:
        value += CARD_VALUE - a["high"] / 3000
    b = s.battle
    if b is not None and p in b["seats"]:
        value += BATTLE_STAKE * (_battle_edge(eng, s, b, p) - 0.5)
    return float(value)


def evaluate(eng: Engine, s: State, seat: int) -> float:
    """A value in [0, 1]: the seat's worth against its strongest rival's."""
    if s.over:
        best = max(eng.rank_key(s, p) for p in range(s.players))
        return 1.0 if eng.rank_key(s, seat) == best else 0.0
    mine = worth(eng, s, seat)
    rival = max(worth(eng, s, p) for p in range(s.players) if p != seat)
    return max(0.0, min(1.0, 0.5 + (mine - rival) / SPREAD))


def rollout_action(eng: Engine, s: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
    """Random play that bids low, usually passes late in an auction, and rarely pads a turn with card plays."""
    acts = eng.cat.acts
    kinds = [acts[i].kind for i in legal]
    if "bid" in kinds:
        bids = [i for i in legal if acts[i].kind == "bid"]
        a = s.auction
        if a is not None and a["high"] < 1500 and below(2) == 0:
            return bids[0]
        return next(i for i in legal if acts[i].kind == "pass")
    plain = [i for i in legal if acts[i].kind != "play"]
    if plain and below(4) != 0:
        return plain[below(len(plain))]
    return legal[below(len(legal))]
