"""Recruiting by auction (COR-11): the card named, bids round the table, the winner."""

from __future__ import annotations

from meeple.kit import Events, say

from ..actions import Act
from ..state import Auction, State
from .core import Core


class Auctions(Core):
    """Recruiting by auction."""

    def recruit_declare(self, s: State, p: int, events: Events) -> None:
        """COR-11.1, 11.2, 11.17: name a row card; an empty row forces the deck's top card."""
        s.phase = "recruit"
        if s.gm_row:
            return
        card = self.deck_top(s, "gm")
        if card < 0:
            say(events, "recruit.nothing", seat=p)
            s.phase = "post"
            return
        if events is not None:
            say(events, "recruit.deck", seat=p, card=self.cterm(card))
        self.start_auction(s, p, card, events)

    def start_auction(self, s: State, p: int, card: int, events: Events) -> None:
        """COR-11.5 .. 11.7: eligible bidders from the left, the declarer last with a standing 0."""
        if events is not None:
            say(events, "auction.start", seat=p, card=self.cterm(card))
        others = [(p + i) % s.players for i in range(1, s.players)]
        eligible = [q for q in others if s.tracker[q] < self.k["TURNS_PER_ROUND"]]
        if not eligible:
            if events is not None:
                say(events, "auction.free", seat=p, card=self.cterm(card))
            self.recruit(s, p, card, events)
            s.phase = "post"
            return
        s.auction = Auction(card, p, [*eligible, p])
        s.phase = "bid"

    def bid_min(self, s: State) -> int:
        assert s.auction is not None
        a = s.auction
        step = self.k["BID_STEP"]
        if a.high == 0 and a.bidder == a.declarer:
            return int(max(step, self.k["MIN_FIRST_BID"], s.mods.get("min_first_bid", 0)))
        return int(a.high + step)

    def bid_actions(self, s: State, q: int) -> list[int]:
        low = self.bid_min(s)
        top = min(s.arc[q], self.k["BID_MAX"])
        step = self.k["BID_STEP"]
        # the bids are numbered in a row in the catalogue, one per step (`actions.py`): those from `low` to `top`
        # are the indices from low's on
        n = len(range(low, top + 1, step))
        first = self.cat.bid[low] if n else 0
        return [*range(first, first + n), self.cat.word["pass"]]

    def auction_act(self, s: State, q: int, act: Act, events: Events) -> None:
        assert s.auction is not None
        a = s.auction
        if act.kind == "bid":
            a.high = act.amount
            a.bidder = q
            if events is not None:
                say(events, "auction.bid", seat=q, amount=act.amount)
        else:
            a.out.append(q)
            if events is not None:
                say(events, "auction.pass", seat=q)
        out = a.out
        live = []
        for x in a.order:  # a loop: a comprehension reading `a` would make it a cell
            if x not in out:
                live.append(x)
        if len(live) == 1:
            self.auction_end(s, live[0], events)
            return
        n = len(a.order)
        pos = a.pos
        for i in range(1, n + 1):
            cand = a.order[(pos + i) % n]
            if cand in a.out or cand == a.bidder:
                continue
            a.pos = (pos + i) % n
            a.turn = cand
            return

    def auction_end(self, s: State, winner: int, events: Events) -> None:
        """COR-11.11 .. 11.15."""
        assert s.auction is not None
        a = s.auction
        s.auction = None
        price = a.high if a.bidder == winner else 0
        s.arc[winner] -= price
        if events is not None:
            say(events, "auction.won", seat=winner, card=self.cterm(a.card), amount=price)
        self.recruit(s, winner, a.card, events)
        if winner != a.declarer:
            s.tracker[winner] += 1  # COR-11.14
            if events is not None:
                say(events, "turn.out_of_turn", seat=winner, turns=s.tracker[winner])
            self.recruit_declare(s, a.declarer, events)  # COR-11.15
        else:
            s.phase = "post"
