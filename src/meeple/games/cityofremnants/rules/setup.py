"""Setup (COR-5): the board side, the decks, the first player, gang leaders dealt or picked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.kit import Events, say

from ..data import NSPACE, space_name
from ..state import NOTHING_SHOWN, State, TurnAction
from .core import Core

SIDE_ORDER = {"A": {2: "NS", 3: "NEW", 4: "NESW"}, "B": {3: "NEW"}}


class Setup(Core):
    """Setup."""

    def setup(self, players: int, options: Mapping[str, Any], seed: int, events: Events = None,
              script: Mapping[str, list[int]] | None = None) -> State:
        """COR-5; `script` gives chance outcomes to use first (scenarios and tests, COR-26.3)."""
        k = self.k
        s = State.__new__(State)
        s.players = players
        s.side = "B" if players == 3 else "A"
        s.rng = rng.seed_stream(seed)
        s.script = {key: list(values) for key, values in (script or {}).items()}
        s.round = 0
        s.phase = "setup"
        s.over = False
        s.end_reason = ""
        board = self.comp.boards[s.side]
        sides = SIDE_ORDER[s.side][players]
        s.entry = [board.entry[sides[p]] for p in range(players)]
        s.gang = [-1] * players
        s.arc = [k["START_ARC"]] * players
        s.influence = [k["START_INFLUENCE"]] * players
        s.renown = [0] * players
        s.overflow = [0] * players
        s.tracker = [0] * players
        s.pool = [k["START_POOL"]] * players
        s.reserve = [k["FIGURES_PER_COLOUR"] - k["START_POOL"]] * players
        s.hand = [[] for _ in range(players)]
        s.draw = [[] for _ in range(players)]
        s.discard = [[] for _ in range(players)]
        s.tableau = [[] for _ in range(players)]
        s.removed = []
        s.figures = [(0,) * players] * NSPACE
        s.ycu = [()] * NSPACE
        s.counts = [0] * (players + 1)  # `State.counts` of the empty board
        s.bits = [0] * (2 * players + 1)  # and its `State.bits`
        s.marks = s.devs = ()
        s.bag = [t.index for t in self.comp.tokens]
        s.gm_deck = [c.index for c in self.cards if c.deck == "GM"]
        self.shuffle(s, s.gm_deck)
        s.gm_row, s.gm_discard = [], []
        s.bm_deck = [c.index for c in self.cards if c.deck == "BM"]
        self.shuffle(s, s.bm_deck)
        s.bm_row, s.bm_discard = [], []
        self.fill_row(s, "gm")
        self.fill_row(s, "bm")
        s.drafted = []
        for level in ("Slums", "Midtown", "Heights"):
            types = [d.index for d in self.comp.devs if d.level == level]
            self.shuffle(s, types)
            s.drafted += sorted(types[: k["DRAFT_PER_LEVEL"]])
        s.built, s.products = [], []
        s.renown_supply = k["RENOWN_SUPPLY"]
        s.coord_deck = [c.index for c in self.comp.coords]
        self.shuffle(s, s.coord_deck)
        s.coord_discard, s.coord_shown = [], []
        s.coord_known = [0] * players
        s.resume, s.mods, s.enemy_space = [], {}, -1
        s.reset_pending = [[] for _ in range(players)]
        s.reset_done = [True] * players
        s.action, s.auction, s.effect, s.battle, s.patrol = TurnAction(), None, None, None, None
        s.exhausted = False
        s.last_rolls = []
        s.stats = {"battles_won": [0] * players, "battles_lost": [0] * players, "built": [0] * players,
                   "recruited": [0] * players, "bought": [0] * players}
        s.seed_leaders = []
        s.shown = NOTHING_SHOWN
        s.active = -1
        s.first = self.roll_off(s, list(range(players)), events, "first")
        say(events, "setup.first", seat=s.first)
        if options.get("leaders", "random") == "pick":
            start = self.roll_off(s, list(range(players)), events, "pick")
            s.pick_order = [(start + i) % players for i in range(players)]
            s.phase = "leaders"
        else:
            order = list(range(4))
            self.shuffle(s, order)
            s.pick_order = []
            for p in range(players):
                self.take_gang(s, p, order[p], events)
            self.start_round(s, events)
        return s

    def take_gang(self, s: State, p: int, g: int, events: Events) -> None:
        """A seat's gang: its starter deck shuffled, 4 cards drawn (COR-5.2, COR-5.5)."""
        s.gang[p] = g
        deck = [c.index for c in self.cards if c.deck == self.comp.gangs[g].key]
        self.shuffle(s, deck)
        s.draw[p] = deck
        say(events, "setup.gang", seat=p, gang=f"@gang.{self.comp.gangs[g].key}", entry=space_name(s.entry[p]))
        self.draw_cards(s, p, self.k["START_HAND"], events)
