"""The City of Remnants rules proper: setup, the round's phases, actions, cards, battles (spec COR-5 .. COR-24).

Everything here works on a `State` in place and appends `Event`s (message ids and parameters) when given a list.
The `Rules` hooks in `__init__.py` ask `Engine.legal_actions` and `Engine.apply_action`, which look the phase up
in the phase table (`phases.py`).

One module per section of the rules, each a class over `core.Core` (the data of one file and the small queries
every section asks); `Engine` joins them:

  setup.py     setup (COR-5)                          rounds.py    rounds, the Reset, award and end (COR-6, 7, 23, 24)
  costs.py     costs, availability, movement reach    cards.py     card effects (COR-9, COR-29.12)
  auctions.py  recruiting by auction (COR-11)         battles.py   battles and YCU tokens (COR-18 .. COR-20)
  patrols.py   the patrol (COR-22)                    turn.py      declare, buy, produce, build, sell, move
  phases.py    the phase table: what is legal in each phase and what an action does there
"""

from __future__ import annotations

from meeple.kit import Events

from ..state import Revealed, State
from .auctions import Auctions
from .battles import Battles
from .cards import CardEffects
from .core import OTHER_DECIDERS
from .costs import Costs
from .patrols import Patrols
from .phases import PHASES
from .rounds import Rounds
from .setup import Setup
from .turn import TurnActions

# COR-27.3: what a seat out of time plays in each phase, when it is legal
TIMEOUT_WORDS = {"bid": "pass", "commit": "done", "bribe": "fight", "reroll": "done", "reset": "done",
                 "refresh": "done", "pre": "refresh", "post": "end", "produce": "finish", "build": "nobuild",
                 "sell": "done", "move": "stop", "option": "decline"}


class Engine(Setup, Rounds, Costs, CardEffects, Auctions, Battles, Patrols, TurnActions):
    """The rules of one data file: the sections of the rules joined (each in its own module)."""

    def legal_actions(self, s: State, p: int) -> list[int]:
        """The legal actions of seat p, in ascending order (each phase lists its own so, `phases.py`)."""
        phase = s.phase
        step = PHASES.get(phase)
        if step is None or s.over:
            return []
        if phase in OTHER_DECIDERS:
            if p not in self.deciders(s):
                return []
        elif p != s.active:
            return []
        out: list[int] = []
        step.legal(self, s, p, out)
        return out

    def apply_action(self, s: State, p: int, idx: int, events: Events) -> None:
        act = self.cat.acts[idx]
        shown = s.shown
        if (s.last_rolls or shown.reset is not None or shown.battle is not None or shown.cards is not None) and (
                not self.secret_kind(s)):
            # What the last public action rolled and revealed stays in view until the next one: a step of a secret
            # choice changes nothing anyone else sees.
            if s.last_rolls:
                s.last_rolls = []  # the chance outcomes of this action, shown to everyone (COR-0.15)
            if shown.reset is not None or shown.battle is not None or shown.cards is not None:
                s.shown = Revealed()
        if act.kind == "play":
            self.play_card(s, p, act.card, events)
        else:
            PHASES[s.phase].apply(self, s, p, act, events)

    def timeout_action(self, s: State, p: int) -> int:
        """The default a networked table plays for a seat that runs out of time (COR-27.3): pass a bid, commit
        no cards, fight rather than bribe, reroll nothing, lose the weakest unit card, discard nothing, and on
        the seat's own turn refresh discarding nothing, then end the turn."""
        legal = self.legal_actions(s, p)
        cat, ph = self.cat, s.phase
        if ph == "lose":
            colour = s.gang[p]
            for pile in (s.discard[p], s.hand[p], s.draw[p]):
                units = [c for c in pile if self.cards[c].unit]
                if units:
                    best = min(units, key=lambda c: (self.cards[c].attack[colour], self.cards[c].id))  # type: ignore[index]
                    return cat.take[best]
        if ph == "buy_renown":
            return cat.renown[0]
        word = TIMEOUT_WORDS.get(ph)
        if word is not None and cat.word[word] in legal:
            return cat.word[word]
        return legal[0]


__all__ = ["Engine"]
