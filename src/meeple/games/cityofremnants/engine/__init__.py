"""The City of Remnants rules proper: setup, the round's phases, actions, cards, battles (spec COR-5 .. COR-24).

Everything here works on a `State` in place and appends `Event`s (message ids and parameters) when given a list.
The `Rules` hooks in `rules.py` dispatch to `legal_actions` and `apply_action`.

One module per section of the rules, each a class over `core.Core` (the data of one file and the small queries
every section asks); `Engine` joins them:

  setup.py     setup (COR-5)                          rounds.py    rounds, the Reset, award and end (COR-6, 7, 23, 24)
  costs.py     costs, availability, movement reach    cards.py     card effects (COR-9, COR-29.12)
  auctions.py  recruiting by auction (COR-11)         battles.py   battles and YCU tokens (COR-18 .. COR-20)
  patrols.py   the patrol (COR-22)                    turn.py      declare, buy, produce, build, sell, move
  dispatch.py  legal actions, dispatch by phase, timeouts (COR-27.3)
"""

from __future__ import annotations

from .auctions import Auctions
from .battles import Battles
from .cards import CardEffects
from .costs import Costs
from .dispatch import Dispatch
from .patrols import Patrols
from .rounds import Rounds
from .setup import Setup
from .turn import TurnActions


class Engine(Setup, Rounds, Costs, CardEffects, Auctions, Battles, Patrols, TurnActions, Dispatch):
    """The rules of one data file: the sections of the rules joined (each in its own module)."""


__all__ = ["Engine"]
