"""The patrol (COR-22): the coordinate cards place YCU tokens, and players fight those on their spaces."""

from __future__ import annotations

from meeple.kit import Events, say

from ..data import NSPACE, space_name
from ..state import Patrol, State
from .core import Core


class Patrols(Core):
    """The patrol."""

    def start_patrol(self, s: State, events: Events) -> None:
        if s.counts[-1]:  # a token on the board (`State.counts`)
            s.bag += [t for tokens in s.ycu if tokens for t in tokens]
            s.ycu = [()] * NSPACE
            s.counts[-1] = 0
            s.bits[s.players] = 0
            s.marks = s.devs = ()
        s.bag.sort()
        if events is not None:
            say(events, "patrol.start")
        shown = []
        for _ in range(self.k["COORD_CARDS_PER_PATROL"]):
            if not s.coord_deck and s.coord_discard:
                s.coord_deck = list(s.coord_discard)
                s.coord_discard = []
                self.shuffle(s, s.coord_deck)
                s.coord_known = [0] * s.players
            if s.coord_deck:
                shown.append(s.coord_deck.pop(0))
                s.coord_known = [max(0, n - 1) for n in s.coord_known]
        s.coord_shown = shown
        if events is not None:
            say(events, "patrol.coords", seat=s.first, cards=tuple(f"@coord.{self.comp.coords[c].id}" for c in shown))
        for c in shown:
            for sp in self.comp.coords[c].coords(s.side):
                if not s.bag:
                    break
                if s.script.get("token"):  # a scripted draw names the token (COR-26.3)
                    t = s.script["token"].pop(0)
                    s.bag.remove(t)
                else:
                    t = s.bag.pop(self._draw(s, "token", len(s.bag)))
                self.put_token(s, sp, t)
                if events is not None:
                    say(events, "patrol.place", space=space_name(sp), token=self.tterm(t))
        s.patrol = Patrol([(s.first + i) % s.players for i in range(s.players)])
        s.active = -1
        self.patrol_next(s, events)

    def patrol_next(self, s: State, events: Events) -> None:
        """COR-22.7 .. COR-22.9: players in turn order fight every token on their spaces."""
        assert s.patrol is not None
        order = s.patrol.order
        while s.patrol.pos < len(order):
            p = order[s.patrol.pos]
            # a token where the seat has a figure (`token_targets`), read from `State.bits`
            if s.bits[p] & s.bits[s.players]:
                self.start_ycu(s, p, -1, "defender", "patrol", events)
                return
            s.patrol.pos += 1
        s.coord_discard += s.coord_shown
        s.coord_shown = []
        s.patrol = None
        self.award(s, events)
