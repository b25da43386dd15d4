"""Rounds (COR-6, COR-7): the Reset, turns in order, the award and the end of the game (COR-23, COR-24)."""

from __future__ import annotations

from meeple.engine.rules import reveal
from meeple.kit import Events, say

from ..state import Revealed, State, TurnAction
from .core import Core


class Rounds(Core):
    """Rounds."""

    def start_round(self, s: State, events: Events) -> None:
        s.round += 1
        s.tracker = [0] * s.players
        if events is not None:
            say(events, "round.start", round=s.round)
        if s.round == 1:
            self.start_turns(s, events)
        else:
            s.phase = "reset"
            s.reset_done = [False] * s.players
            s.reset_pending = [[] for _ in range(s.players)]

    def apply_reset(self, s: State, events: Events) -> None:
        """COR-7.1 .. COR-7.9, once every seat has chosen its discards."""
        if events is not None:
            events.append(reveal(kinds=["discard"]))
        s.shown = Revealed(reset=[[self.cards[c].id for c in s.reset_pending[p]] for p in range(s.players)])
        for p in range(s.players):
            chosen = s.reset_pending[p]
            for c in chosen:
                s.hand[p].remove(c)
                s.discard[p].append(c)
            if events is not None:
                say(events, "reset.discarded", seat=p, cards=tuple(self.cterm(c) for c in chosen))
            self.refresh_cards(s, p, events)
        s.reset_pending = [[] for _ in range(s.players)]
        s.first = (s.first + 1) % s.players
        if events is not None:
            say(events, "reset.first", seat=s.first)
        for p in range(s.players):
            s.arc[p] += self.k["RESET_ARC"]
        if events is not None:
            say(events, "reset.arc", amount=self.k["RESET_ARC"])
        s.bm_discard += s.bm_row
        s.bm_row = []
        self.fill_row(s, "bm")
        s.gm_discard += s.gm_row
        s.gm_row = []
        self.fill_row(s, "gm")
        if events is not None:
            say(events, "reset.rows", gm=tuple(self.cterm(c) for c in s.gm_row),
                 bm=tuple(self.cterm(c) for c in s.bm_row))
        self.start_turns(s, events)

    def start_turns(self, s: State, events: Events) -> None:
        s.active = -1
        self.next_turn(s, events, start=s.first)

    def next_turn(self, s: State, events: Events, start: int) -> None:
        """COR-8.1, COR-8.2: the next seat clockwise with turns left; none left ends the phase (COR-8.5)."""
        for i in range(s.players):
            p = (start + i) % s.players
            if s.tracker[p] < self.k["TURNS_PER_ROUND"]:
                s.active = p
                s.phase = "pre"
                s.mods = {}
                s.enemy_space = -1
                s.action = TurnAction()
                if events is not None:
                    say(events, "turn.start", seat=p, turn=s.tracker[p] + 1)
                return
        self.start_patrol(s, events)

    def end_turn(self, s: State, events: Events) -> None:
        p = s.active
        s.tracker[p] += 1
        s.mods = {}
        s.enemy_space = -1
        if events is not None:
            say(events, "turn.end", seat=p)
        self.next_turn(s, events, start=(p + 1) % s.players)

    def awards(self, s: State, ctrl: list[int] | None = None, devs: list[int] | None = None) -> list[int]:
        """COR-23: the renown each seat's award would pay now: the award spaces it controls, the renown of the
        developments it controls and its Permanent `award_renown` cards (`ctrl`, `devs`: from `controllers` and
        `dev_controllers`, when the caller has them)."""
        if ctrl is None and devs is None:
            return self.awards_now(s)
        if ctrl is None:
            ctrl = self.controllers(s)
        if devs is None:
            devs = self.dev_controllers(s)
        out = [self.perm(s, p, "award_renown") for p in range(s.players)]
        for sp, value in self.award_spaces[s.side]:
            if ctrl[sp] >= 0:
                out[ctrl[sp]] += value
        all_devs = self.comp.devs
        for b, owner in zip(s.built, devs, strict=True):
            if owner >= 0:
                out[owner] += all_devs[b[0]].renown
        return out

    def awards_now(self, s: State) -> list[int]:
        """`awards` read from the masks of the board (`masks`, `controlled_devs`): a seat controls a space where it
        has a figure and no enemy is (COR-17.1), and a development all of whose spaces it controls (COR-17.2)."""
        out = [self.perm(s, p, "award_renown") for p in range(s.players)]
        spaces, all_devs, built = self.award_spaces[s.side], self.comp.devs, s.built
        for p in range(s.players):
            enemy, _, own = self.masks(s, p)
            held = own & ~enemy  # the spaces the seat controls
            for sp, value in spaces:
                if held >> sp & 1:
                    out[p] += value
            for i in self.controlled_devs(s, p):
                out[p] += all_devs[built[i][0]].renown
        return out

    def award(self, s: State, events: Events) -> None:
        empty_at_start = s.renown_supply == 0
        owed = self.awards(s)
        shortfall = False
        for i in range(s.players):
            p = (s.first + i) % s.players
            paid = min(owed[p], s.renown_supply)
            s.renown_supply -= paid
            s.renown[p] += paid
            over = owed[p] - paid
            s.overflow[p] += over
            shortfall = shortfall or over > 0
            if events is not None:
                say(events, "award.paid", seat=p, award=owed[p], paid=paid, overflow=over)
        s.exhausted = shortfall
        if shortfall or empty_at_start:
            self.finish(s, "end.exhausted", events)
        elif s.round >= self.k["ROUND_CAP"]:
            self.finish(s, "end.round_cap", events)
        else:
            self.start_round(s, events)

    def finish(self, s: State, reason: str, events: Events) -> None:
        s.over = True
        s.phase = "over"
        s.end_reason = reason
        s.active = -1
        say(events, reason, round=s.round)
