"""The City of Remnants rules proper: setup, the round's phases, actions, cards, battles (spec COR-5 .. COR-24).

Everything here works on a `State` in place and appends `Event`s (message ids and parameters) when given a list.
The `Rules` hooks in `__init__.py` (`legal`, `apply`) look the phase up in the phase table (`phases.py`) and call
its step with the `Engine` themselves, without a layer between.

One module per section of the rules, each a class over `core.Core` (the data of one file and the small queries
every section asks); `Engine` joins them:

  setup.py     setup (COR-5)                          rounds.py    rounds, the Reset, award and end (COR-6, 7, 23, 24)
  costs.py     costs, availability, movement reach    cards.py     card effects (COR-9, COR-29.12)
  auctions.py  recruiting by auction (COR-11)         battles.py   battles and YCU tokens (COR-18 .. COR-20)
  patrols.py   the patrol (COR-22)                    turn.py      declare, buy, produce, build, sell, move
  phases.py    the phase table: what is legal in each phase and what an action does there
"""

from __future__ import annotations

from ..state import State
from .auctions import Auctions
from .battles import Battles
from .cards import CardEffects
from .costs import Costs
from .patrols import Patrols
from .rounds import Rounds
from .setup import Setup
from .turn import TurnActions

# COR-27.3: what a seat out of time plays in each phase, when it is legal
TIMEOUT_WORDS = {"bid": "pass", "commit": "done", "bribe": "fight", "reroll": "done", "reset": "done",
                 "refresh": "done", "pre": "refresh", "post": "end", "produce": "finish", "build": "nobuild",
                 "sell": "done", "move": "stop", "option": "decline"}


class Engine(Setup, Rounds, Costs, CardEffects, Auctions, Battles, Patrols, TurnActions):
    """The rules of one data file: the sections of the rules joined (each in its own module)."""

    def timeout_action(self, s: State, p: int, legal: list[int]) -> int:
        """The default a networked table plays for a seat that runs out of time (COR-27.3), given its legal
        actions: pass a bid, commit no cards, fight rather than bribe, reroll nothing, lose the weakest unit card,
        discard nothing, and on the seat's own turn refresh discarding nothing, then end the turn."""
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
