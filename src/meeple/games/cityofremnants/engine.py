"""The City of Remnants rules proper: setup, the round's phases, actions, cards, battles (spec COR-5 .. COR-24).

Everything here works on a `State` in place and appends `Event`s (message ids and parameters) when given a list.
The `Rules` hooks in `rules.py` dispatch to `legal_actions` and `apply_action`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.engine.rules import reveal
from meeple.kit import Events, say

from .actions import Act, Catalogue
from .data import NSPACE, Components, Effect, neighbours, parse_space, space_name
from .state import State

SIDE_ORDER = {"A": {2: "NS", 3: "NEW", 4: "NESW"}, "B": {3: "NEW"}}
CHOICE_PRIMS = ("recruit_fixed", "sell_extra", "add_products", "move_figures", "place_from_pool", "peek_coords",
                "search_card", "remove_ycu", "strip_card")
CARD_PHASES = ("pre", "post", "recruit", "bid", "produce", "build", "move")


class Engine:
    """The rules of one data file."""

    def __init__(self, comp: Components, cat: Catalogue) -> None:
        self.comp = comp
        self.cat = cat
        self.k = comp.constants
        self.cards = comp.cards
        self.faces = self.k["BATTLE_DIE_FACES"]
        # build action indices per development type, and the spaces of each
        self.build_index: dict[int, list[tuple[tuple[int, ...], int]]] = {d.index: [] for d in comp.devs}
        self.build_cells: dict[int, tuple[int, ...]] = {}
        self.enter_index = {act.a: i for i, act in enumerate(cat.acts) if act.kind == "enter"}
        self.move_index = {(act.a, act.b): i for i, act in enumerate(cat.acts) if act.kind == "move_fig"}
        for i, act in enumerate(cat.acts):
            if act.kind == "build":
                cells = tuple(parse_space(w) for w in cat.table.texts[i].split()[2:])
                self.build_index[act.a].append((cells, i))
                self.build_cells[i] = cells
        self._perm: dict[tuple[int, str], int] = {}  # (card, primitive) -> its Permanent sum (effects are data)
        # attack of each card for each gang colour (0 for a card without one): the bots sum these a lot
        self.attack = [[c.attack[g] if c.attack is not None else 0 for c in comp.cards]
                       for g in range(len(comp.gangs))]

    # ================================================================ terms
    def cterm(self, c: int) -> str:
        return f"@card.{self.cards[c].id}"

    def public(self, s: State, c: int) -> None:
        """Record a card whose identity this action made public (views show it; COR-4.5)."""
        s.shown.setdefault("cards", []).append(self.cards[c].id)

    def dterm(self, t: int) -> str:
        return f"@dev.{self.comp.devs[t].id}"

    def tterm(self, t: int) -> str:
        return f"@token.{self.comp.tokens[t].id}"

    # ================================================================ randomness (COR-26)
    def _draw(self, s: State, kind: str, n: int) -> int:
        """A uniform index below n, or the next scripted outcome of this kind (COR-26.3)."""
        value = self._draw_raw(s, kind, n)
        s.last_rolls.append([n, value])
        return value

    def _draw_raw(self, s: State, kind: str, n: int) -> int:
        script = s.script.get(kind)
        if script:
            value = script.pop(0)
            if kind == "die":
                return list(self.faces).index(value)
            if kind == "d6":
                return value - 1
            return int(value)
        value, s.rng = rng.below(s.rng, n)
        return value

    def d6(self, s: State) -> int:
        return self._draw(s, "d6", 6) + 1

    def die(self, s: State) -> int:
        return int(self.faces[self._draw(s, "die", len(self.faces))])

    def shuffle(self, s: State, items: list[int]) -> None:
        s.rng = rng.shuffle(s.rng, items)

    def roll_off(self, s: State, seats: list[int], events: Events, what: str) -> int:
        """Every seat rolls the d6; tied highest re-roll (COR-5.4, COR-5.19)."""
        rollers = list(seats)
        while True:
            rolls = [self.d6(s) for _ in rollers]
            say(events, "setup.rolls", what=f"@term.roll_{what}", seats=tuple(rollers), rolls=tuple(rolls))
            top = max(rolls)
            rollers = [p for p, r in zip(rollers, rolls, strict=True) if r == top]
            if len(rollers) == 1:
                return rollers[0]

    # ================================================================ setup (COR-5)
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
        s.figures = [[0] * players for _ in range(NSPACE)]
        s.ycu = [[] for _ in range(NSPACE)]
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
        s.action, s.auction, s.effect, s.battle, s.patrol = {}, None, None, None, None
        s.exhausted = False
        s.last_rolls = []
        s.stats = {"battles_won": [0] * players, "battles_lost": [0] * players, "built": [0] * players,
                   "recruited": [0] * players, "bought": [0] * players}
        s.seed_leaders = []
        s.shown = {}
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

    def fill_row(self, s: State, which: str) -> None:
        """Turn up cards until the row holds 4, rebuilding the deck from its discard pile (COR-7.10)."""
        deck, row, disc = (s.gm_deck, s.gm_row, s.gm_discard) if which == "gm" else (s.bm_deck, s.bm_row, s.bm_discard)
        size = self.k["GM_ROW_SIZE"] if which == "gm" else self.k["BM_ROW_SIZE"]
        while len(row) < size:
            card = self.deck_top(s, which)
            if card < 0:
                return
            row.append(card)
        del deck, disc

    def deck_top(self, s: State, which: str) -> int:
        """The top card of the gang member or black market deck, reshuffling its discard pile (COR-7.10, 11.3)."""
        deck = s.gm_deck if which == "gm" else s.bm_deck
        disc = s.gm_discard if which == "gm" else s.bm_discard
        if not deck and disc:
            deck += disc
            disc.clear()
            self.shuffle(s, deck)
        return deck.pop(0) if deck else -1

    # ================================================================ small queries
    def colour(self, s: State, p: int) -> int:
        return s.gang[p]

    def enemies_at(self, s: State, p: int, sp: int) -> bool:
        if s.ycu[sp]:
            return True
        f = s.figures[sp]
        return sum(f) > f[p]

    def controls_space(self, s: State, p: int, sp: int, ignore: tuple[int, int] = (-1, -1),
                       ignore_token: int = -1) -> bool:
        """COR-17.1: own figure, no enemy (ignoring the attacker's figures on one space, one token: COR-17.6)."""
        if s.figures[sp][p] <= 0:
            return False
        if any(t != ignore_token for t in s.ycu[sp]):
            return False
        return not any(n for q, n in enumerate(s.figures[sp]) if q != p and not (sp == ignore[0] and q == ignore[1]))

    def dev_at(self, s: State, sp: int) -> int:
        for i, b in enumerate(s.built):
            if sp in b[1:]:
                return i
        return -1

    def controls_dev(self, s: State, p: int, i: int, ignore: tuple[int, int] = (-1, -1),
                     ignore_token: int = -1) -> bool:
        """COR-17.2: every space of the development controlled."""
        return all(self.controls_space(s, p, sp, ignore, ignore_token) for sp in s.built[i][1:])

    def controlled_devs(self, s: State, p: int) -> list[int]:
        figures = s.figures
        return [i for i, b in enumerate(s.built) if figures[b[1]][p] > 0 and self.controls_dev(s, p, i)]

    @staticmethod
    def controllers(s: State) -> list[int]:
        """The seat controlling each space (COR-17.1: the only seat with figures there, no YCU token), or -1."""
        # figures are never negative: one seat holds them all exactly when the total is one of the counts
        return [f.index(n) if n and not tokens and n in f else -1
                for f, tokens, n in zip(s.figures, s.ycu, map(sum, s.figures), strict=True)]

    @staticmethod
    def dev_controllers(s: State, ctrl: list[int]) -> list[int]:
        """The seat controlling each built development (COR-17.2: all its spaces), or -1; `ctrl` from
        `controllers`."""
        out = []
        for b in s.built:
            owner = ctrl[b[1]]
            for sp in b[2:]:
                if ctrl[sp] != owner:
                    owner = -1
                    break
            out.append(owner)
        return out

    def dev(self, s: State, i: int) -> Any:
        return self.comp.devs[s.built[i][0]]

    def on_board(self, s: State, p: int) -> int:
        return sum(f[p] for f in s.figures)

    def perm(self, s: State, p: int, name: str) -> int:
        """The sum of a Permanent primitive over the player's tableau."""
        total = 0
        cache = self._perm
        for c in s.tableau[p]:
            n = cache.get((c, name))
            if n is None:
                n = cache[c, name] = sum(e.num() for e in self.cards[c].effects if e.name == name)
            total += n
        return total

    def draw_target(self, s: State, p: int) -> int:
        return s.influence[p] + self.perm(s, p, "hand_target")

    def change_influence(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.14: clamped to 1..7."""
        new = max(self.k["INFLUENCE_MIN"], min(self.k["INFLUENCE_MAX"], s.influence[p] + n))
        if new != s.influence[p]:
            s.influence[p] = new
        say(events, "influence.change", seat=p, change=n, influence=new)

    def gain_renown(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.9: from the supply, never overflow."""
        got = min(n, s.renown_supply)
        s.renown_supply -= got
        s.renown[p] += got
        say(events, "renown.gain", seat=p, amount=got)

    def lose_renown(self, s: State, p: int, n: int, events: Events) -> None:
        lost = min(n, s.renown[p])
        s.renown[p] -= lost
        s.renown_supply += lost
        say(events, "renown.lose", seat=p, amount=lost)

    def gain_arc(self, s: State, p: int, n: int, events: Events) -> None:
        if n >= 0:
            s.arc[p] += n
            say(events, "arc.gain", seat=p, amount=n)
        else:
            lost = min(-n, s.arc[p])
            s.arc[p] -= lost
            say(events, "arc.lose", seat=p, amount=lost)

    def draw_cards(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.11: draw from the own draw pile, never reshuffling."""
        got = s.draw[p][:n]
        del s.draw[p][:n]
        s.hand[p] += got
        say(events, "cards.draw", seat=p, count=len(got))
        if got:
            say(events, "cards.drawn", frozenset([p]), cards=tuple(self.cterm(c) for c in got))

    def recruit(self, s: State, p: int, card: int, events: Events) -> None:
        """COR-0.12, COR-0.13: card to hand, a figure from the reserve to the pool."""
        s.hand[p].append(card)
        if s.reserve[p] > 0:
            s.reserve[p] -= 1
            s.pool[p] += 1
        s.stats["recruited"][p] += 1
        self.public(s, card)
        say(events, "recruit.gain", seat=p, card=self.cterm(card))

    def refresh_cards(self, s: State, p: int, events: Events) -> None:
        """COR-7.2, COR-7.3, COR-15.1: the discard pile shuffled under the draw pile, then draw to the target."""
        pile = list(s.discard[p])
        s.discard[p] = []
        self.shuffle(s, pile)
        s.draw[p] += pile
        need = self.draw_target(s, p) - len(s.hand[p])
        if need > 0:
            self.draw_cards(s, p, need, events)

    # ================================================================ rounds (COR-6, COR-7)
    def start_round(self, s: State, events: Events) -> None:
        s.round += 1
        s.tracker = [0] * s.players
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
        s.shown = {"reset": [[self.cards[c].id for c in s.reset_pending[p]] for p in range(s.players)]}
        for p in range(s.players):
            chosen = s.reset_pending[p]
            for c in chosen:
                s.hand[p].remove(c)
                s.discard[p].append(c)
            say(events, "reset.discarded", seat=p, cards=tuple(self.cterm(c) for c in chosen))
            self.refresh_cards(s, p, events)
        s.reset_pending = [[] for _ in range(s.players)]
        s.first = (s.first + 1) % s.players
        say(events, "reset.first", seat=s.first)
        for p in range(s.players):
            s.arc[p] += self.k["RESET_ARC"]
        say(events, "reset.arc", amount=self.k["RESET_ARC"])
        s.bm_discard += s.bm_row
        s.bm_row = []
        self.fill_row(s, "bm")
        s.gm_discard += s.gm_row
        s.gm_row = []
        self.fill_row(s, "gm")
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
                s.action = {}
                say(events, "turn.start", seat=p, turn=s.tracker[p] + 1)
                return
        self.start_patrol(s, events)

    def end_turn(self, s: State, events: Events) -> None:
        p = s.active
        s.tracker[p] += 1
        s.mods = {}
        s.enemy_space = -1
        say(events, "turn.end", seat=p)
        self.next_turn(s, events, start=(p + 1) % s.players)

    # ================================================================ patrol (COR-22)
    def start_patrol(self, s: State, events: Events) -> None:
        for sp in range(NSPACE):
            s.bag += s.ycu[sp]
            s.ycu[sp] = []
        s.bag.sort()
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
                s.ycu[sp].append(t)
                say(events, "patrol.place", space=space_name(sp), token=self.tterm(t))
        s.patrol = {"order": [(s.first + i) % s.players for i in range(s.players)], "i": 0}
        s.active = -1
        self.patrol_next(s, events)

    def patrol_next(self, s: State, events: Events) -> None:
        """COR-22.7 .. COR-22.9: players in turn order fight every token on their spaces."""
        assert s.patrol is not None
        order = s.patrol["order"]
        while s.patrol["i"] < len(order):
            p = order[s.patrol["i"]]
            targets = self.token_targets(s, p)
            if targets:
                self.start_ycu(s, p, -1, "defender", "patrol", events)
                return
            s.patrol["i"] += 1
        s.coord_discard += s.coord_shown
        s.coord_shown = []
        s.patrol = None
        self.award(s, events)

    def token_targets(self, s: State, p: int, space: int = -1) -> list[int]:
        """Tokens sharing a space with the player's figures (on `space` only, if given)."""
        spaces = [space] if space >= 0 else range(NSPACE)
        return [t for sp in spaces if s.figures[sp][p] > 0 for t in s.ycu[sp]]

    # ================================================================ award and end (COR-23, COR-24)
    def awards(self, s: State, ctrl: list[int] | None = None, devs: list[int] | None = None) -> list[int]:
        """COR-23: the renown each seat's award would pay now: the award spaces it controls, the renown of the
        developments it controls and its Permanent `award_renown` cards (`ctrl`, `devs`: from `controllers` and
        `dev_controllers`, when the caller has them)."""
        if ctrl is None:
            ctrl = self.controllers(s)
        if devs is None:
            devs = self.dev_controllers(s, ctrl)
        out = [self.perm(s, p, "award_renown") for p in range(s.players)]
        for sp, value in enumerate(self.comp.boards[s.side].award):
            if value and ctrl[sp] >= 0:
                out[ctrl[sp]] += value
        all_devs = self.comp.devs
        for b, owner in zip(s.built, devs, strict=True):
            if owner >= 0:
                out[owner] += all_devs[b[0]].renown
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

    def score(self, s: State, p: int) -> int:
        return s.renown[p] + s.overflow[p]

    def rank_key(self, s: State, p: int) -> tuple[int, int, int, int]:
        """COR-24.4 .. COR-24.6: score, then ARC, influence, figures on the board."""
        return (self.score(s, p), s.arc[p], s.influence[p], self.on_board(s, p))

    # ================================================================ deciders
    def deciders(self, s: State) -> list[int]:
        if s.over:
            return []
        if s.phase == "reset":
            return [p for p in range(s.players) if not s.reset_done[p]]
        if s.phase == "leaders":
            return [s.pick_order[0]]
        if s.phase == "bid":
            assert s.auction is not None
            return [s.auction["turn"]]
        if s.phase in ("commit", "option", "reroll", "lose", "bribe", "pick_token"):
            assert s.battle is not None
            return [s.battle["who"]]
        return [s.active]

    # ================================================================ costs and availability (COR-10.2)
    @staticmethod
    def secret_kind(s: State) -> str:
        """The kind of secret choice the deciding seats make now ("" for none): Reset discards (COR-6.5), a battle
        commit (COR-18.3, 18.6), the order of coordinate cards put back (COR-4.6)."""
        if s.phase == "reset":
            return "discard"
        if s.phase == "commit":
            return "commit"
        if s.phase == "effect" and s.effect is not None and s.effect.get("stage") == "coord":
            return "coord"
        return ""

    @staticmethod
    def turn_mod(s: State, p: int, key: str) -> int:
        """A modifier of the current turn (a Turn card's discount, COR-8.7): it counts for the active player only."""
        return int(s.mods.get(key, 0)) if p == s.active else 0

    def bm_cost(self, s: State, p: int, c: int) -> int:
        return max(0, self.cards[c].cost - self.turn_mod(s, p, "bm_discount"))

    def dev_cost(self, s: State, p: int, t: int) -> int:
        cut = self.turn_mod(s, p, "dev_discount") + self.perm(s, p, "dev_discount_perm")
        return max(0, self.comp.devs[t].cost - cut)

    def renown_max(self, s: State, p: int) -> int:
        return int(min(s.influence[p], s.renown_supply, s.arc[p] // self.k["RENOWN_PRICE"]))

    def builds(self, s: State, p: int) -> list[int]:
        """Legal BUILD action indices (COR-13.5 .. COR-13.11)."""
        out = []
        board = self.comp.boards[s.side]
        covered = {sp for b in s.built for sp in b[1:]}
        for t in s.drafted:
            dev = self.comp.devs[t]
            if sum(1 for b in s.built if b[0] == t) >= dev.copies or self.dev_cost(s, p, t) > s.arc[p]:
                continue
            for key, idx in self.build_index[t]:
                if all(board.usable(sp) and board.level[sp] == dev.level and sp not in covered for sp in key):
                    out.append(idx)
        return out

    def producers(self, s: State, p: int) -> list[int]:
        """Controlled developments with an unused Produce ability that can be used now (COR-13.1, 28.32)."""
        used = s.action.get("used", [])
        out = []
        for i in self.controlled_devs(s, p):
            eff = self.dev(s, i).produce
            if eff is None or i in used:
                continue
            if eff.name == "produce_recruit_top" and (
                    s.arc[p] < eff.num() or not (s.gm_deck or s.gm_discard)):
                continue
            out.append(i)
        return out

    def sellable(self, s: State, p: int) -> list[int]:
        return [i for i in self.controlled_devs(s, p) if s.products[i] > 0]

    def available(self, s: State, p: int) -> list[str]:
        out = []
        if s.gm_row or s.gm_deck or s.gm_discard:
            out.append("recruit")
        if any(self.bm_cost(s, p, c) <= s.arc[p] for c in s.bm_row) or self.renown_max(s, p) >= 1:
            out.append("buy")
        if any(self.dev(s, i).produce is not None for i in self.controlled_devs(s, p)) or self.builds(s, p):
            out.append("produce")
        if self.sellable(s, p):
            out.append("sell")
        out.append("refresh")
        if self.any_move(s, p, self.move_range(s), pool=True):
            out.append("move")
        return out

    # ================================================================ movement (COR-16)
    def move_range(self, s: State) -> int:
        return int(max(self.k["MOVE_RANGE"], s.mods.get("move_range", 0)))

    def back_alleys(self, s: State, p: int) -> list[int]:
        out = []
        for i in self.controlled_devs(s, p):
            dev = self.dev(s, i)
            if dev.passive is not None and dev.passive.name == "side_entry":
                out += s.built[i][1:]
        return out

    def enemy_spaces(self, s: State, p: int) -> set[int]:
        """The spaces holding an enemy of player p (COR-0.2)."""
        ycu, figures = s.ycu, s.figures
        return {sp for sp in range(NSPACE) if ycu[sp] or sum(figures[sp]) > figures[sp][p]}

    def destinations(self, s: State, p: int, start: int, reach: int, enemy: set[int] | None = None) -> list[int]:
        """COR-16.19: where a figure from `start` (-1: the pool) may end its move (`enemy`: the enemy spaces, if
        already worked out)."""
        board = self.comp.boards[s.side]
        limit = self.k["MAX_OWN_FIGURES_PER_SPACE"]
        dist: dict[int, int] = {}
        queue: deque[int] = deque()
        ends: set[int] = set()
        cost = self.k["POOL_ENTRY_COST"]
        if enemy is None:
            enemy = self.enemy_spaces(s, p)
        origins = [(start, 0)] if start >= 0 else [(sp, cost) for sp in [s.entry[p], *self.back_alleys(s, p)]]
        for sp, d in origins:
            if sp in dist or not board.usable(sp) or d > reach:
                continue
            dist[sp] = d
            if start < 0:
                ends.add(sp)
            if start < 0 and sp in enemy:
                continue
            queue.append(sp)
        while queue:
            u = queue.popleft()
            if dist[u] >= reach:
                continue
            for v in neighbours(u):
                if v in dist or not board.usable(v):
                    continue
                dist[v] = dist[u] + 1
                ends.add(v)
                if v not in enemy:
                    queue.append(v)
        out = []
        for v in sorted(ends):
            if v == start or s.figures[v][p] >= limit:
                continue
            if v in enemy and s.enemy_space not in (-1, v):
                continue
            out.append(v)
        return out

    def movable_from(self, s: State, p: int, card_move: bool) -> list[int]:
        """Spaces holding a figure of the player that may still move in this Move action (COR-16.5)."""
        moved = s.action.get("moved", {}) if not card_move else {}
        return [sp for sp in range(NSPACE) if s.figures[sp][p] - moved.get(str(sp), 0) > 0]

    def any_move(self, s: State, p: int, reach: int, pool: bool) -> bool:
        enemy = self.enemy_spaces(s, p)
        if pool and s.pool[p] > 0 and self.destinations(s, p, -1, reach, enemy):
            return True
        return any(self.destinations(s, p, sp, reach, enemy) for sp in range(NSPACE) if s.figures[sp][p] > 0)

    def move_actions(self, s: State, p: int, reach: int, pool: bool, card_move: bool) -> list[int]:
        out = []
        enemy = self.enemy_spaces(s, p)
        if pool and s.pool[p] > 0:
            enter = self.enter_index
            out += [enter[v] for v in self.destinations(s, p, -1, reach, enemy)]
        move = self.move_index
        for sp in self.movable_from(s, p, card_move):
            out += [move[sp, v] for v in self.destinations(s, p, sp, reach, enemy)]
        return out

    def do_move(self, s: State, p: int, start: int, dest: int, events: Events) -> None:
        if start < 0:
            s.pool[p] -= 1
        else:
            s.figures[start][p] -= 1
        s.figures[dest][p] += 1
        if self.enemies_at(s, p, dest):
            s.enemy_space = dest
        say(events, "move.figure", seat=p, start=space_name(start) if start >= 0 else "@term.pool",
             dest=space_name(dest))

    # ================================================================ cards (COR-9, COR-29.12)
    def applicable(self, s: State, p: int, c: int, phase: str) -> bool:
        card = self.cards[c]
        if card.timing == "Permanent":
            return True
        if card.timing != "Turn":
            return False
        return any(self.prim_applicable(s, p, e, phase) for e in card.effects)

    def prim_applicable(self, s: State, p: int, e: Effect, phase: str) -> bool:
        n = e.name
        if n == "bm_discount":
            return phase == "pre"
        if n == "dev_discount":
            return phase in ("pre", "produce", "build")
        if n in ("extra_move_figures", "move_range"):
            return phase in ("pre", "move")
        if n == "min_first_bid":
            return phase in ("pre", "recruit")
        if n == "gain_arc" or n == "gamble":
            return True
        if n == "draw":
            return bool(s.draw[p])
        if n == "gain_influence":
            return bool(s.influence[p] < self.k["INFLUENCE_MAX"])
        if n == "recruit_fixed":
            return bool(s.gm_row) and s.arc[p] >= e.num(0)
        if n == "reveal_gm_to_row":
            return bool(s.gm_deck or s.gm_discard)
        if n == "refresh_bm_row":
            return bool(s.bm_deck or s.bm_discard)
        if n == "sell_extra":
            return bool(self.sellable(s, p))
        if n == "add_products":
            return bool(self.product_targets(s, p))
        if n == "move_figures":
            return self.any_move(s, p, e.num(1), pool=e.args[2] == "board_or_pool")
        if n == "place_from_pool":
            return s.pool[p] > 0 and bool(self.place_targets(s, p))
        if n == "reserve_to_pool":
            return s.reserve[p] > 0
        if n == "peek_coords":
            return bool(s.coord_deck)
        if n == "search_card":
            return bool(s.draw[p] or s.discard[p])
        if n == "remove_ycu":
            return any(s.ycu)
        if n == "strip_card":
            return any(s.hand[q] for q in range(s.players) if q != p)
        return False

    def product_supply(self, s: State) -> int:
        return int(self.k["PRODUCT_SUPPLY"]) - sum(s.products)

    def product_targets(self, s: State, p: int) -> list[int]:
        if self.product_supply(s) <= 0:
            return []
        return [i for i in self.controlled_devs(s, p)
                if self.makes_products(s, i) and s.products[i] < self.dev(s, i).cap]

    def makes_products(self, s: State, i: int) -> bool:
        eff = self.dev(s, i).produce
        return eff is not None and eff.name == "produce_products"

    def place_targets(self, s: State, p: int) -> list[int]:
        board = self.comp.boards[s.side]
        return [sp for sp in range(NSPACE) if board.level[sp] == "Slums" and self.controls_space(s, p, sp)
                and s.figures[sp][p] < self.k["MAX_OWN_FIGURES_PER_SPACE"]]

    def add_products(self, s: State, i: int, n: int, events: Events) -> None:
        """COR-13.3: up to n, within the capacity and the supply."""
        room = min(n, self.dev(s, i).cap - s.products[i], self.product_supply(s))
        if room > 0:
            s.products[i] += room
        say(events, "dev.products", dev=self.dterm(s.built[i][0]), space=space_name(s.built[i][1]),
             added=max(room, 0), total=s.products[i])

    def play_card(self, s: State, p: int, c: int, events: Events) -> None:
        card = self.cards[c]
        s.hand[p].remove(c)
        if card.timing == "Permanent":
            s.tableau[p].append(c)  # COR-9.10
        else:
            s.discard[p].append(c)  # COR-9.6
        say(events, "card.play", seat=p, card=self.cterm(c))
        self.public(s, c)
        s.resume.append(s.phase)
        s.effect = {"card": c, "i": 0, "n": 0, "stage": ""}
        s.phase = "effect"
        self.run_effects(s, p, events)

    def run_effects(self, s: State, p: int, events: Events) -> None:
        """Resolve the card's primitives in order; stop at one that needs a choice (COR-9.11)."""
        assert s.effect is not None
        card = self.cards[s.effect["card"]]
        if card.timing == "Permanent":
            self.end_effect(s, events)
            return
        while s.effect["i"] < len(card.effects):
            e = card.effects[s.effect["i"]]
            if e.name in CHOICE_PRIMS and self.start_choice(s, p, e, events):
                return
            if e.name not in CHOICE_PRIMS:
                self.auto_effect(s, p, e, events)
            s.effect["i"] += 1
            s.effect["n"] = 0
            s.effect["stage"] = ""
        self.end_effect(s, events)

    def end_effect(self, s: State, events: Events) -> None:
        """COR-16.18: a space made contested by the card's movement is fought over once the card has resolved."""
        moved = s.effect is not None and bool(s.effect.get("moved"))
        s.effect = None
        s.phase = s.resume.pop()
        p = s.active
        if s.phase == "recruit" and not s.gm_row:
            self.recruit_declare(s, p, events)  # COR-11.2: the card emptied the row
            return
        if moved and s.enemy_space >= 0 and self.contested(s, s.enemy_space, p):
            self.start_battles(s, p, s.enemy_space, s.phase, events)

    def auto_effect(self, s: State, p: int, e: Effect, events: Events) -> None:
        n = e.name
        devs = len(self.controlled_devs(s, p))
        if n == "gain_arc":
            self.gain_arc(s, p, e.num(0, devs), events)
        elif n == "draw":
            self.draw_cards(s, p, e.num(), events)
        elif n == "gain_influence":
            self.change_influence(s, p, e.num(), events)
        elif n in ("dev_discount", "bm_discount", "extra_move_figures"):
            key = "extra_move" if n == "extra_move_figures" else n
            s.mods[key] = s.mods.get(key, 0) + e.num()
            say(events, "mod.set", seat=p, mod=f"@term.{key}", amount=s.mods[key])
        elif n in ("move_range", "min_first_bid"):
            s.mods[n] = max(s.mods.get(n, 0), e.num())
            say(events, "mod.set", seat=p, mod=f"@term.{n}", amount=s.mods[n])
        elif n == "reveal_gm_to_row":
            for _ in range(e.num()):
                card = self.deck_top(s, "gm")
                if card >= 0:
                    s.gm_row.append(card)
                    say(events, "row.reveal", card=self.cterm(card))
        elif n == "refresh_bm_row":
            s.bm_discard += s.bm_row
            s.bm_row = []
            self.fill_row(s, "bm")
            say(events, "row.bm", cards=tuple(self.cterm(c) for c in s.bm_row))
        elif n == "reserve_to_pool":
            moved = min(e.num(), s.reserve[p])
            s.reserve[p] -= moved
            s.pool[p] += moved
            say(events, "figures.to_pool", seat=p, count=moved)
        elif n == "gamble":
            roll = self.d6(s)
            say(events, "roll.d6", seat=p, roll=roll)
            self.gain_arc(s, p, self.comp.d6_tables["gamble"][roll - 1], events)

    def start_choice(self, s: State, p: int, e: Effect, events: Events) -> bool:
        """Set up the choice a primitive needs; False when it cannot be applied (skipped, COR-9.11)."""
        assert s.effect is not None
        n = e.name
        if n == "add_products" and e.args[1] == "each_producer":
            for i in self.product_targets(s, p):
                self.add_products(s, i, e.num(), events)
            return False
        if n == "peek_coords":
            k = min(e.num(), len(s.coord_deck))
            if k == 0:
                return False
            s.effect["stage"] = "coord"
            s.effect["look"] = sorted(s.coord_deck[:k])
            s.effect["order"] = []
            s.coord_known[p] = max(s.coord_known[p], k)
            say(events, "coords.peek", seat=p, count=k)
            say(events, "coords.seen", frozenset([p]),
                 cards=tuple(f"@coord.{self.comp.coords[c].id}" for c in sorted(s.coord_deck[:k])))
            return True
        if not self.prim_applicable(s, p, e, "effect"):
            return False
        s.effect["stage"] = n
        return True

    def effect_actions(self, s: State, p: int) -> list[int]:
        assert s.effect is not None
        eff = s.effect
        if eff["stage"] == "trash":
            return [self.cat.idx("take", c) for c in sorted(set(s.hand[p]))] + [self.cat.idx("done")]
        card = self.cards[eff["card"]]
        e = card.effects[eff["i"]]
        st = eff["stage"]
        cat = self.cat
        if st == "recruit_fixed":
            return [cat.idx("take", c) for c in s.gm_row]
        if st == "sell_extra":
            out = [cat.idx("sell", s.built[i][1]) for i in self.sellable(s, p)]
            return out + ([cat.idx("done")] if eff["n"] >= 1 else [])
        if st == "add_products":
            return [cat.idx("use", s.built[i][1]) for i in self.product_targets(s, p)]
        if st == "move_figures":
            out = self.move_actions(s, p, e.num(1), pool=e.args[2] == "board_or_pool", card_move=True)
            return out + ([cat.idx("stop")] if eff["n"] >= 1 else [])
        if st == "place_from_pool":
            out = [cat.idx("place", sp) for sp in self.place_targets(s, p)] if s.pool[p] else []
            return out + ([cat.idx("done")] if eff["n"] >= 1 else [])
        if st == "coord":
            return [cat.idx("coord", c) for c in eff["look"] if c not in eff["order"]]
        if st == "search_card":
            return [cat.idx("pile", i) for i, pile in enumerate((s.draw[p], s.discard[p])) if pile]
        if st == "search_pick":
            pile = s.draw[p] if eff["pile"] == 0 else s.discard[p]
            return [cat.idx("take", c) for c in sorted(set(pile))]
        if st == "remove_ycu":
            return [cat.idx("remove", t) for t in sorted({t for sp in s.ycu for t in sp})]
        if st == "strip_card":
            return [cat.idx("seat", q) for q in range(s.players) if q != p and s.hand[q]]
        if st == "strip_pick":
            return [cat.idx("take", c) for c in sorted(set(s.hand[eff["rival"]]))]
        return []

    def effect_apply(self, s: State, p: int, act: Act, events: Events) -> None:
        assert s.effect is not None
        eff = s.effect
        if eff["stage"] == "trash":
            self.trash_done(s, p, act, events)
            return
        card = self.cards[eff["card"]]
        e = card.effects[eff["i"]]
        st = eff["stage"]
        more = False
        if st == "recruit_fixed":
            s.gm_row.remove(act.a)
            self.gain_arc(s, p, -e.num(0), events)
            self.recruit(s, p, act.a, events)
        elif st == "sell_extra":
            if act.kind == "sell":
                self.sell_one(s, p, self.dev_at(s, act.a), events)
                eff["n"] += 1
                more = eff["n"] < e.num() and bool(self.sellable(s, p))
        elif st == "add_products":
            self.add_products(s, self.dev_at(s, act.a), e.num(), events)
        elif st == "move_figures":
            if act.kind != "stop":
                self.do_move(s, p, act.a if act.kind == "move_fig" else -1, act.b if act.kind == "move_fig" else act.a,
                             events)
                eff["n"] += 1
                eff["moved"] = True
                reach = e.num(1)
                more = eff["n"] < e.num(0) and bool(self.move_actions(
                    s, p, reach, pool=e.args[2] == "board_or_pool", card_move=True))
        elif st == "place_from_pool":
            if act.kind == "place":
                s.pool[p] -= 1
                s.figures[act.a][p] += 1
                say(events, "figures.place", seat=p, space=space_name(act.a))
                eff["n"] += 1
                more = eff["n"] < e.num() and s.pool[p] > 0 and bool(self.place_targets(s, p))
        elif st == "coord":
            eff["order"].append(act.a)
            more = len(eff["order"]) < len(eff["look"]) - 1
            if not more:
                order = eff["order"] + [c for c in eff["look"] if c not in eff["order"]]
                s.coord_deck[: len(order)] = order
                # the others no longer know the order of these cards (COR-4.6)
                s.coord_known = [max(n, len(order)) if q == p else 0 for q, n in enumerate(s.coord_known)]
                say(events, "coords.back", seat=p)
        elif st == "search_card":
            eff["pile"] = act.a
            eff["stage"] = "search_pick"
            more = True
        elif st == "search_pick":
            pile = s.draw[p] if eff["pile"] == 0 else s.discard[p]
            pile.remove(act.a)
            s.hand[p].append(act.a)
            if eff["pile"] == 0:
                self.shuffle(s, s.draw[p])
            self.public(s, act.a)  # COR-4.6: which card changed zone is public
            say(events, "card.search", seat=p, pile="@term.draw" if eff["pile"] == 0 else "@term.discard",
                 card=self.cterm(act.a))
        elif st == "remove_ycu":
            for sp in range(NSPACE):
                if act.a in s.ycu[sp]:
                    s.ycu[sp].remove(act.a)
                    say(events, "ycu.removed", token=self.tterm(act.a), space=space_name(sp))
            s.bag = sorted([*s.bag, act.a])
            eff["n"] += 1
            more = eff["n"] < e.num() and any(s.ycu)
        elif st == "strip_card":
            eff["rival"] = act.a
            eff["stage"] = "strip_pick"
            say(events, "card.look", seat=p, rival_seat=act.a)
            more = True
        elif st == "strip_pick":
            q = eff["rival"]
            s.hand[q].remove(act.a)
            s.discard[q].append(act.a)
            self.public(s, act.a)
            say(events, "card.stripped", seat=p, rival_seat=q, card=self.cterm(act.a))
        if more:
            return
        eff["i"] += 1
        eff["n"] = 0
        eff["stage"] = ""
        self.run_effects(s, p, events)

    def contested(self, s: State, sp: int, p: int) -> bool:
        return s.figures[sp][p] > 0 and self.enemies_at(s, p, sp)

    # ================================================================ actions of a turn
    def sell_one(self, s: State, p: int, i: int, events: Events) -> None:
        """COR-14.1: a token back to the supply, paying the development's price."""
        s.products[i] -= 1
        price = self.dev(s, i).price
        s.arc[p] += price
        say(events, "sell.one", seat=p, dev=self.dterm(s.built[i][0]), space=space_name(s.built[i][1]), arc=price)

    def sell_limit(self, s: State, p: int) -> int:
        return s.influence[p] + self.perm(s, p, "sell_limit")

    def move_limit(self, s: State, p: int) -> int:
        return s.influence[p] + s.mods.get("extra_move", 0)

    def declare(self, s: State, p: int, what: str, events: Events) -> None:
        say(events, "action.declare", seat=p, action=f"@action.{what}")
        s.action = {"kind": what}
        if what == "recruit":
            self.recruit_declare(s, p, events)
        elif what == "buy":
            s.phase = "buy"
        elif what == "produce":
            s.action["used"] = []
            s.phase = "produce"
            self.maybe_build(s, p)
        elif what == "sell":
            s.action["sold"] = 0
            s.phase = "sell"
        elif what == "refresh":
            s.action["chosen"] = []
            s.phase = "refresh"
        elif what == "move":
            s.action["moved"] = {}
            s.action["count"] = 0
            s.phase = "move"

    def maybe_build(self, s: State, p: int) -> None:
        if s.phase == "produce" and not self.producers(s, p):
            s.phase = "build"

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
        say(events, "recruit.deck", seat=p, card=self.cterm(card))
        self.start_auction(s, p, card, events)

    def start_auction(self, s: State, p: int, card: int, events: Events) -> None:
        """COR-11.5 .. 11.7: eligible bidders from the left, the declarer last with a standing 0."""
        say(events, "auction.start", seat=p, card=self.cterm(card))
        others = [(p + i) % s.players for i in range(1, s.players)]
        eligible = [q for q in others if s.tracker[q] < self.k["TURNS_PER_ROUND"]]
        if not eligible:
            say(events, "auction.free", seat=p, card=self.cterm(card))
            self.recruit(s, p, card, events)
            s.phase = "post"
            return
        s.auction = {"card": card, "high": 0, "bidder": p, "out": [], "order": [*eligible, p], "turn": eligible[0],
                     "pos": 0, "declarer": p}
        s.phase = "bid"

    def bid_min(self, s: State) -> int:
        assert s.auction is not None
        a = s.auction
        step = self.k["BID_STEP"]
        if a["high"] == 0 and a["bidder"] == a["declarer"]:
            return int(max(step, self.k["MIN_FIRST_BID"], s.mods.get("min_first_bid", 0)))
        return int(a["high"] + step)

    def bid_actions(self, s: State, q: int) -> list[int]:
        low = self.bid_min(s)
        top = min(s.arc[q], self.k["BID_MAX"])
        step = self.k["BID_STEP"]
        out = [self.cat.idx("bid", n) for n in range(low, top + 1, step)]
        return [*out, self.cat.idx("pass")]

    def auction_act(self, s: State, q: int, act: Act, events: Events) -> None:
        assert s.auction is not None
        a = s.auction
        if act.kind == "bid":
            a["high"] = act.a
            a["bidder"] = q
            say(events, "auction.bid", seat=q, amount=act.a)
        else:
            a["out"].append(q)
            say(events, "auction.pass", seat=q)
        live = [x for x in a["order"] if x not in a["out"]]
        if len(live) == 1:
            self.auction_end(s, live[0], events)
            return
        n = len(a["order"])
        pos = a["pos"]
        for i in range(1, n + 1):
            cand = a["order"][(pos + i) % n]
            if cand in a["out"] or cand == a["bidder"]:
                continue
            a["pos"] = (pos + i) % n
            a["turn"] = cand
            return

    def auction_end(self, s: State, winner: int, events: Events) -> None:
        """COR-11.11 .. 11.15."""
        assert s.auction is not None
        a = s.auction
        s.auction = None
        price = a["high"] if a["bidder"] == winner else 0
        s.arc[winner] -= price
        say(events, "auction.won", seat=winner, card=self.cterm(a["card"]), amount=price)
        self.recruit(s, winner, a["card"], events)
        if winner != a["declarer"]:
            s.tracker[winner] += 1  # COR-11.14
            say(events, "turn.out_of_turn", seat=winner, turns=s.tracker[winner])
            self.recruit_declare(s, a["declarer"], events)  # COR-11.15
        else:
            s.phase = "post"

    def produce_use(self, s: State, p: int, i: int, events: Events) -> None:
        """COR-13.1: one Produce ability of a controlled development."""
        s.action["used"].append(i)
        eff = self.dev(s, i).produce
        assert eff is not None
        t = s.built[i][0]
        say(events, "produce.use", seat=p, dev=self.dterm(t), space=space_name(s.built[i][1]))
        n = eff.name
        if n == "produce_products":
            self.add_products(s, i, eff.num(), events)
        elif n == "produce_arc":
            self.gain_arc(s, p, eff.num(), events)
        elif n == "produce_draw":
            self.draw_cards(s, p, eff.num(), events)
        elif n == "produce_influence":
            self.change_influence(s, p, eff.num(), events)
        elif n in ("produce_casino", "produce_counterfeit"):
            roll = self.d6(s)
            say(events, "roll.d6", seat=p, roll=roll)
            table = self.comp.d6_tables["casino" if n == "produce_casino" else "counterfeit"]
            self.gain_arc(s, p, table[roll - 1], events)
        elif n == "produce_recruit_top":
            self.gain_arc(s, p, -eff.num(), events)
            card = self.deck_top(s, "gm")
            if card >= 0:
                say(events, "row.reveal", card=self.cterm(card))
                self.recruit(s, p, card, events)
        elif n == "produce_trash_for_arc" and s.hand[p]:
            s.resume.append("produce")
            s.effect = {"card": -1, "i": 0, "n": 0, "stage": "trash", "amount": eff.num()}
            s.phase = "effect"
            return
        self.maybe_build(s, p)

    def trash_done(self, s: State, p: int, act: Act, events: Events) -> None:
        """Slave Trader: remove a card from the hand for ARC (COR-29.12 produce_trash_for_arc)."""
        assert s.effect is not None
        amount = s.effect["amount"]
        if act.kind == "take":
            s.hand[p].remove(act.a)
            self.lose_card_to(s, act.a)
            self.public(s, act.a)
            say(events, "card.trashed", seat=p, card=self.cterm(act.a))
            self.gain_arc(s, p, amount, events)
        s.effect = None
        s.phase = s.resume.pop()
        self.maybe_build(s, p)

    def lose_card_to(self, s: State, c: int) -> None:
        """Where a card removed from a player goes (COR-20.5, COR-29.12)."""
        deck = self.cards[c].deck
        if deck == "GM":
            s.gm_discard.append(c)
        elif deck == "BM":
            s.bm_discard.append(c)
        else:
            s.removed.append(c)

    def build(self, s: State, p: int, act: Act, events: Events) -> None:
        t = act.a
        cells = self.build_cells[self.cat.index[act]]
        cost = self.dev_cost(s, p, t)
        s.arc[p] -= cost
        s.built.append([t, *cells])
        s.products.append(0)
        s.stats["built"][p] += 1
        say(events, "build.done", seat=p, dev=self.dterm(t), spaces=tuple(space_name(x) for x in cells), arc=cost)
        if self.comp.devs[t].level == "Heights":
            self.change_influence(s, p, self.k["INFLUENCE_HEIGHTS_BUILD"], events)  # COR-13.13
        s.phase = "post"

    # ================================================================ battles (COR-18, COR-19, COR-20)
    def start_battles(self, s: State, p: int, sp: int, resume: str, events: Events) -> None:
        """COR-16.17: a battle on the contested space; rivals first (there is never both, COR-18.2)."""
        rivals = [q for q in range(s.players) if q != p and s.figures[sp][q] > 0]
        if rivals:
            self.start_rival(s, p, rivals[0], sp, resume, events)
        elif s.ycu[sp]:
            self.start_ycu(s, p, sp, "attacker", resume, events)
        else:
            s.phase = resume

    def snapshot(self, s: State, p: int, sp: int, ignore: tuple[int, int], token: int) -> dict[str, int]:
        """COR-17.6, 17.7: passive bonuses and Defense, once, at the start of the battle."""
        dice = atk = 0
        seen: set[int] = set()
        for i in range(len(s.built)):
            if not self.controls_dev(s, p, i, ignore, token):
                continue
            dev = self.dev(s, i)
            if dev.passive is not None and dev.index not in seen:
                seen.add(dev.index)
                if dev.passive.name == "passive_dice":
                    dice += dev.passive.num()
                elif dev.passive.name == "passive_atk":
                    atk += dev.passive.num()
        di = self.dev_at(s, sp)
        defense = self.dev(s, di).defense if di >= 0 and self.controls_dev(s, p, di, ignore, token) else 0
        return {"dice": dice, "atk": atk, "defense": defense}

    def start_rival(self, s: State, att: int, dfn: int, sp: int, resume: str, events: Events) -> None:
        say(events, "battle.start", seat=att, defender_seat=dfn, space=space_name(sp))
        s.battle = {"kind": "rival", "space": sp, "seats": [att, dfn], "token": -1, "roles": ["attacker", "defender"],
                    "cards": [[], []], "who": att, "side": 0, "dice": [[], []], "rerolled": [[], []], "pay": [0, 0],
                    "asked": [], "resume": resume, "result": {},
                    "snap": [self.snapshot(s, att, sp, (sp, att), -1), self.snapshot(s, dfn, sp, (sp, att), -1)]}
        s.phase = "commit"

    def start_ycu(self, s: State, p: int, sp: int, role: str, resume: str, events: Events) -> None:
        """COR-19.1, 19.3: the player picks the next token when several could be fought."""
        targets = self.token_targets(s, p, sp)
        s.battle = {"kind": "ycu", "space": sp, "seats": [p, -1], "token": -1, "roles": [role, ""], "cards": [[], []],
                    "who": p, "side": 0, "dice": [[], []], "rerolled": [[], []], "pay": [0, 0], "asked": [],
                    "resume": resume, "result": {}, "snap": []}
        if len(targets) == 1:
            self.ycu_token_chosen(s, p, targets[0], events)
        else:
            s.phase = "pick_token"

    def token_space(self, s: State, t: int) -> int:
        for sp in range(NSPACE):
            if t in s.ycu[sp]:
                return sp
        return -1

    def ycu_token_chosen(self, s: State, p: int, t: int, events: Events) -> None:
        b = s.battle
        assert b is not None
        sp = self.token_space(s, t)
        b["token"] = t
        b["space"] = sp
        role = b["roles"][0]
        ignore = (sp, p) if role == "attacker" else (-1, -1)
        b["snap"] = [self.snapshot(s, p, sp, ignore, t), {"dice": 0, "atk": 0, "defense": 0}]
        say(events, "ycu.battle", seat=p, token=self.tterm(t), space=space_name(sp), role=f"@term.{role}")
        if s.arc[p] >= self.bribe_cost(s, p, t):
            s.phase = "bribe"
        else:
            s.phase = "commit"

    def bribe_cost(self, s: State, p: int, t: int) -> int:
        """COR-19.6: halved (rounded up to 100) by the Liaison Office, then the Uniform's cut, floored at 0."""
        cost = self.comp.tokens[t].bribe
        if any(self.dev(s, i).passive is not None and self.dev(s, i).passive.name == "passive_bribe_half"
               for i in self.controlled_devs(s, p)):
            half = -(-cost // 2)
            cost = -(-half // 100) * 100
        return max(0, cost - self.perm(s, p, "bribe_minus"))

    def bribe(self, s: State, p: int, events: Events) -> None:
        b = s.battle
        assert b is not None
        t = b["token"]
        cost = self.bribe_cost(s, p, t)
        s.arc[p] -= cost
        s.ycu[b["space"]].remove(t)
        s.bag = sorted([*s.bag, t])
        say(events, "ycu.bribe", seat=p, token=self.tterm(t), arc=cost)
        self.after_ycu(s, p, events)

    def battle_card_effects(self, b: dict[str, Any], side: int) -> list[Effect]:
        cards = b["spent"][side] if "spent" in b else b["cards"][side]
        return [e for c in cards if self.cards[c].timing == "Battle" for e in self.cards[c].effects]

    def commit(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b["side"]
        if act.kind == "commit":
            s.hand[p].remove(act.a)
            b["cards"][side].append(act.a)
            say(events, "battle.commit", frozenset([p]), seat=p, count=len(b["cards"][side]))
            return
        say(events, "battle.committed", seat=p, count=len(b["cards"][side]))
        if b["kind"] == "rival" and side == 0:
            b["side"] = 1
            b["who"] = b["seats"][1]
            return
        if events is not None:
            events.append(reveal([x for x in b["seats"] if x >= 0], ["commit"]))
        s.shown = {"battle": [[self.cards[c].id for c in cards] for cards in b["cards"]]}
        for i, x in enumerate(b["seats"]):
            if x >= 0:
                say(events, "battle.reveal", seat=x, cards=tuple(self.cterm(c) for c in b["cards"][i]))
        b["asked"] = []
        self.next_option(s, events)

    def next_option(self, s: State, events: Events) -> None:
        """COR-18.11 step 1: Hired Muscle payments, the attacker's first."""
        b = s.battle
        assert b is not None
        for side in (0, 1):
            x = b["seats"][side]
            if x < 0 or side in b["asked"]:
                continue
            costs = [e.num(0) for e in self.battle_card_effects(b, side) if e.name == "pay_for_atk"]
            if costs and s.arc[x] >= costs[0]:
                b["who"] = x
                b["side"] = side
                s.phase = "option"
                return
        self.roll(s, events)

    def option(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b["side"]
        b["asked"].append(side)
        if act.kind == "pay":
            eff = next(e for e in self.battle_card_effects(b, side) if e.name == "pay_for_atk")
            s.arc[p] -= eff.num(0)
            b["pay"][side] = eff.num(1)
            say(events, "battle.pay", seat=p, arc=eff.num(0), bonus=eff.num(1))
        self.next_option(s, events)

    def dice_count(self, s: State, b: dict[str, Any], side: int) -> int:
        x = b["seats"][side]
        figs = s.figures[b["space"]][x]
        n = figs + b["snap"][side]["dice"]
        for e in self.battle_card_effects(b, side):
            if e.name == "dice":
                n += e.num()
            elif e.name == "dice_per_figure":
                n += e.num() * figs
        return int(min(n, self.k["MAX_DICE_PER_SIDE"]))

    def roll(self, s: State, events: Events) -> None:
        """COR-18.8, 18.11 step 4: the attacker's dice first."""
        b = s.battle
        assert b is not None
        for side in (0, 1):
            if b["seats"][side] < 0:
                continue
            b["dice"][side] = [self.die(s) for _ in range(self.dice_count(s, b, side))]
            say(events, "battle.roll", seat=b["seats"][side], dice=tuple(b["dice"][side]))
        b["asked"] = []
        self.next_reroll(s, events)

    def reroll_allowance(self, b: dict[str, Any], side: int) -> int:
        total = 0
        for e in self.battle_card_effects(b, side):
            if e.name == "reroll":
                total += 99 if e.args[0] == "all" else e.num()
        return total

    def next_reroll(self, s: State, events: Events) -> None:
        b = s.battle
        assert b is not None
        for side in (0, 1):
            if b["seats"][side] < 0 or side in b["asked"]:
                continue
            if self.reroll_allowance(b, side) > 0 and b["dice"][side]:
                b["who"] = b["seats"][side]
                b["side"] = side
                s.phase = "reroll"
                return
        self.resolve(s, events)

    def reroll_actions(self, s: State) -> list[int]:
        b = s.battle
        assert b is not None
        side = b["side"]
        out = []
        if len(b["rerolled"][side]) < self.reroll_allowance(b, side):
            out = [self.cat.idx("reroll", i) for i in range(len(b["dice"][side])) if i not in b["rerolled"][side]]
        return [*out, self.cat.idx("done")]

    def reroll(self, s: State, p: int, act: Act, events: Events) -> None:
        b = s.battle
        assert b is not None
        side = b["side"]
        if act.kind == "reroll":
            b["rerolled"][side].append(act.a)
            old = b["dice"][side][act.a]
            b["dice"][side][act.a] = self.die(s)
            say(events, "battle.reroll", seat=p, die=act.a + 1, old=old, new=b["dice"][side][act.a])
            if len(self.reroll_actions(s)) > 1:
                return
        b["asked"].append(side)
        self.next_reroll(s, events)

    def negated(self, s: State, b: dict[str, Any], side: int) -> int:
        """Sniper Rifle (COR-29.12 negate_top_unit): the opponent's highest unit card counts 0 (rival battles)."""
        other = 1 - side
        if b["kind"] != "rival" or not any(e.name == "negate_top_unit" for e in self.battle_card_effects(b, other)):
            return -1
        colour = s.gang[b["seats"][side]]
        units = [c for c in b["cards"][side] if self.cards[c].unit]
        if not units:
            return -1
        return int(max(units, key=lambda c: (self.cards[c].attack[colour], -c)))  # type: ignore[index]

    def total(self, s: State, b: dict[str, Any], side: int) -> int:
        """COR-18.9."""
        x = b["seats"][side]
        colour = s.gang[x]
        neg = self.negated(s, b, side)
        figs = s.figures[b["space"]][x]
        role = b["roles"][side]
        t = 0
        for c in b["cards"][side]:
            card = self.cards[c]
            if card.unit and c != neg:
                t += card.attack[colour]
        for e in self.battle_card_effects(b, side):
            if e.name == "atk" or (e.name == "atk_if_attacker" and role == "attacker") or (
                    e.name == "atk_if_defender" and role == "defender"):
                t += e.num()
            elif e.name == "atk_per_figure":
                t += e.num() * figs
        t += b["pay"][side] + self.perm(s, x, "atk_all") + b["snap"][side]["atk"]
        if role == "defender":
            t += b["snap"][side]["defense"]
        return int(t + sum(b["dice"][side]))

    def resolve(self, s: State, events: Events) -> None:
        """COR-18.10, 18.12, COR-19.9: totals, discards, casualties."""
        b = s.battle
        assert b is not None
        totals = [self.total(s, b, 0), self.total(s, b, 1) if b["kind"] == "rival" else 0]
        if b["kind"] == "ycu":
            minus = sum(e.num() for e in self.battle_card_effects(b, 0) if e.name == "ycu_minus")
            totals[1] = max(0, self.comp.tokens[b["token"]].attack - minus)
        win_side = 0 if totals[0] > totals[1] else 1
        b["result"] = {"totals": totals, "win": win_side, "killed": 0}
        say(events, "battle.totals", seat=b["seats"][0], total=totals[0], other=totals[1])
        for i, x in enumerate(b["seats"]):
            if x >= 0:
                s.discard[x] += b["cards"][i]
        b["spent"] = b["cards"]
        b["cards"] = [[], []]
        lose_side = 1 - win_side
        loser = b["seats"][lose_side]
        if loser < 0:
            self.battle_end(s, events)
            return
        sp = b["space"]
        effs = self.battle_card_effects(b, lose_side)
        figs = s.figures[sp][loser]
        s.figures[sp][loser] = 0
        if any(e.name == "no_casualty" for e in effs):
            s.pool[loser] += figs
            say(events, "battle.retreat", seat=loser, count=figs, space=space_name(sp))
            self.battle_end(s, events)
            return
        killed = 1 if figs else 0
        s.reserve[loser] += killed
        s.pool[loser] += figs - killed
        b["result"]["killed"] = killed
        say(events, "battle.casualties", seat=loser, killed=killed, retreated=figs - killed, space=space_name(sp))
        if killed and not any(e.name == "no_card_loss" for e in effs) and self.lose_options(s, loser):
            b["who"] = loser
            s.phase = "lose"
            return
        self.battle_end(s, events)

    def lose_options(self, s: State, p: int) -> list[int]:
        """COR-20.4, 20.6: a unit card from hand or discard pile, else from the draw pile."""
        near = sorted({c for c in s.hand[p] + s.discard[p] if self.cards[c].unit})
        if near:
            return near
        return sorted({c for c in s.draw[p] if self.cards[c].unit})

    def lose_card(self, s: State, p: int, c: int, events: Events) -> None:
        if c in s.hand[p] or c in s.discard[p]:
            (s.discard[p] if c in s.discard[p] else s.hand[p]).remove(c)
        else:
            s.draw[p].remove(c)
            self.shuffle(s, s.draw[p])
        self.lose_card_to(s, c)
        self.public(s, c)
        say(events, "battle.card_lost", seat=p, card=self.cterm(c))
        self.battle_end(s, events)

    def battle_end(self, s: State, events: Events) -> None:
        """COR-18.12 steps 3 and 4, COR-19.10, 19.13: influence, triggers, the Alert roll."""
        b = s.battle
        assert b is not None
        res = b["result"]
        win, lose = b["seats"][res["win"]], b["seats"][1 - res["win"]]
        for x in (win, lose):
            if x >= 0:
                self.change_influence(s, x, self.k["INFLUENCE_WIN"] if x == win else self.k["INFLUENCE_LOSS"], events)
                s.stats["battles_won" if x == win else "battles_lost"][x] += 1
        if b["kind"] == "ycu" and win >= 0:
            s.ycu[b["space"]].remove(b["token"])
            s.bag = sorted([*s.bag, b["token"]])
            say(events, "ycu.defeated", seat=win, token=self.tterm(b["token"]))
        if win >= 0:
            say(events, "battle.won", seat=win)
            for e in self.battle_card_effects(b, res["win"]):
                if e.name == "on_win":
                    inner = Effect(e.args[0].split("(")[0], (e.args[0].split("(")[1].rstrip(")"),))
                    self.auto_effect(s, win, inner, events)
            if self.perm(s, win, "win_renown"):
                self.gain_renown(s, win, self.perm(s, win, "win_renown"), events)
        if b["kind"] == "ycu":
            p = b["seats"][0]
            roll = self.d6(s)
            row = self.comp.alert[roll - 1]
            won = win == p
            say(events, "alert.roll", seat=p, roll=roll, result="@alert.won" if won else "@alert.lost",
                 text=f"@alert.{roll}.{'won' if won else 'lost'}")
            for e in row.won if won else row.lost:
                if e.name == "gain_arc":
                    self.gain_arc(s, p, e.num(), events)
                elif e.name == "lose_arc":
                    self.gain_arc(s, p, -e.num(), events)
                elif e.name == "gain_renown":
                    self.gain_renown(s, p, e.num(), events)
                elif e.name == "lose_renown":
                    self.lose_renown(s, p, e.num(), events)
                elif e.name == "slipped_away" and res["killed"] and s.reserve[p] > 0:
                    s.reserve[p] -= 1
                    s.pool[p] += 1
                    say(events, "alert.slipped", seat=p)
            self.after_ycu(s, p, events)
            return
        resume = b["resume"]
        s.battle = None
        s.phase = resume
        self.after_battle(s, events)

    def after_ycu(self, s: State, p: int, events: Events) -> None:
        """COR-19.3: the next token on the same space while the player still has figures there."""
        b = s.battle
        assert b is not None
        resume, sp = b["resume"], b["space"]
        s.battle = None
        if resume == "patrol":
            s.phase = "patrol"
            self.patrol_next(s, events)
            return
        if self.token_targets(s, p, sp):
            self.start_ycu(s, p, sp, "attacker", resume, events)
            return
        s.phase = resume
        self.after_battle(s, events)

    def after_battle(self, s: State, events: Events) -> None:
        if s.phase == "move_end" or (s.phase == "move" and not self.move_more(s, s.active)):
            s.phase = "post"

    def move_more(self, s: State, p: int) -> bool:
        if s.action.get("count", 0) >= self.move_limit(s, p):
            return False
        reach = self.move_range(s)
        enemy = self.enemy_spaces(s, p)
        if s.pool[p] > 0 and self.destinations(s, p, -1, reach, enemy):
            return True
        return any(self.destinations(s, p, sp, reach, enemy) for sp in self.movable_from(s, p, False))

    def end_move(self, s: State, p: int, events: Events) -> None:
        say(events, "move.end", seat=p)
        sp = s.enemy_space
        if sp >= 0 and self.contested(s, sp, p):
            self.start_battles(s, p, sp, "move_end", events)
        else:
            s.phase = "post"

    # ================================================================ legal actions and dispatch
    def card_plays(self, s: State, p: int) -> list[int]:
        """COR-8.7, COR-9.8: applicable Turn and Permanent cards at the active player's own decisions."""
        if p != s.active or s.phase not in CARD_PHASES:
            return []
        return [self.cat.idx("play", c) for c in sorted(set(s.hand[p])) if self.applicable(s, p, c, s.phase)]

    def legal_actions(self, s: State, p: int) -> list[int]:
        if s.over or p not in self.deciders(s):
            return []
        cat, ph = self.cat, s.phase
        out: list[int] = []
        if ph == "leaders":
            taken = set(s.gang)
            out = [cat.idx("leader", g.index) for g in self.comp.gangs if g.index not in taken]
        elif ph == "reset":
            pend = list(s.reset_pending[p])
            rest = list(s.hand[p])
            for c in pend:
                rest.remove(c)
            out = [cat.idx("discard", c) for c in sorted(set(rest))] + [cat.idx("done")]
        elif ph == "pre":
            out = self.card_plays(s, p) + [cat.idx(w) for w in self.available(s, p)]
        elif ph == "post":
            out = [*self.card_plays(s, p), cat.idx("end")]
        elif ph == "recruit":
            out = self.card_plays(s, p) + [cat.idx("take", c) for c in s.gm_row]
        elif ph == "bid":
            out = self.bid_actions(s, p) + self.card_plays(s, p)
        elif ph == "buy":
            out = [cat.idx("take", c) for c in s.bm_row if self.bm_cost(s, p, c) <= s.arc[p]]
            out += [cat.idx("renown", n) for n in range(1, self.renown_max(s, p) + 1)]
        elif ph == "buy_renown":
            out = [cat.idx("renown", n) for n in range(0, self.renown_max(s, p) + 1)]
        elif ph == "produce":
            out = self.card_plays(s, p) + [cat.idx("use", s.built[i][1]) for i in self.producers(s, p)]
            out.append(cat.idx("finish"))
        elif ph == "build":
            out = self.card_plays(s, p) + self.builds(s, p) + [cat.idx("nobuild")]
        elif ph == "sell":
            out = [cat.idx("sell", s.built[i][1]) for i in self.sellable(s, p)]
            if s.action["sold"] >= 1:
                out.append(cat.idx("done"))
        elif ph == "refresh":
            out = [cat.idx("discard", c) for c in sorted(set(s.hand[p]))] + [cat.idx("done")]
        elif ph == "move":
            moves = []
            if s.action["count"] < self.move_limit(s, p):
                moves = self.move_actions(s, p, self.move_range(s), pool=True, card_move=False)
            out = self.card_plays(s, p) + moves
            if s.action["count"] >= 1 or not moves:
                out.append(cat.idx("stop"))
        elif ph == "effect":
            out = self.effect_actions(s, p)
        elif ph == "commit":
            assert s.battle is not None
            out = [cat.idx("commit", c) for c in sorted(set(s.hand[p]))] + [cat.idx("done")]
        elif ph == "option":
            out = [cat.idx("pay"), cat.idx("decline")]
        elif ph == "reroll":
            out = self.reroll_actions(s)
        elif ph == "lose":
            out = [cat.idx("take", c) for c in self.lose_options(s, p)]
        elif ph == "bribe":
            out = [cat.idx("bribe"), cat.idx("fight")]
        elif ph == "pick_token":
            assert s.battle is not None
            sp = s.battle["space"]
            out = [cat.idx("fight_token", t) for t in sorted(self.token_targets(s, p, sp))]
        return sorted(set(out))

    def apply_action(self, s: State, p: int, idx: int, events: Events) -> None:
        act = self.cat.acts[idx]
        if not self.secret_kind(s):
            # What the last public action rolled and revealed stays in view until the next one: a step of a secret
            # choice changes nothing anyone else sees.
            s.last_rolls = []  # the chance outcomes of this action, shown to everyone (COR-0.15)
            s.shown = {}
        ph = s.phase
        if act.kind == "play":
            self.play_card(s, p, act.a, events)
            return
        if ph == "leaders":
            s.pick_order.pop(0)
            self.take_gang(s, p, act.a, events)
            if not s.pick_order:
                self.start_round(s, events)
        elif ph == "reset":
            if act.kind == "discard":
                s.reset_pending[p].append(act.a)
                say(events, "reset.choose", frozenset([p]), card=self.cterm(act.a))
            else:
                s.reset_done[p] = True
                say(events, "reset.ready", seat=p)
                if all(s.reset_done):
                    self.apply_reset(s, events)
        elif ph == "pre":
            self.declare(s, p, act.kind, events)
        elif ph == "post":
            self.end_turn(s, events)
        elif ph == "recruit":
            s.gm_row.remove(act.a)
            self.start_auction(s, p, act.a, events)
        elif ph == "bid":
            self.auction_act(s, p, act, events)
        elif ph in ("buy", "buy_renown"):
            self.buy(s, p, act, events)
        elif ph == "produce":
            if act.kind == "finish":
                s.phase = "build"
            else:
                self.produce_use(s, p, self.dev_at(s, act.a), events)
        elif ph == "build":
            if act.kind == "nobuild":
                say(events, "build.none", seat=p)
                s.phase = "post"
            else:
                self.build(s, p, act, events)
        elif ph == "sell":
            if act.kind == "done":
                s.phase = "post"
            else:
                self.sell_one(s, p, self.dev_at(s, act.a), events)
                s.action["sold"] += 1
                if s.action["sold"] >= self.sell_limit(s, p) or not self.sellable(s, p):
                    s.phase = "post"
        elif ph == "refresh":
            if act.kind == "discard":
                s.action["chosen"].append(act.a)
                s.hand[p].remove(act.a)
                s.discard[p].append(act.a)
                say(events, "refresh.discard", seat=p, card=self.cterm(act.a))
            else:
                say(events, "refresh.discarded", seat=p, cards=tuple(self.cterm(c) for c in s.action["chosen"]))
                self.refresh_cards(s, p, events)
                s.phase = "post"
        elif ph == "move":
            if act.kind == "stop":
                self.end_move(s, p, events)
            else:
                start, dest = (act.a, act.b) if act.kind == "move_fig" else (-1, act.a)
                self.do_move(s, p, start, dest, events)
                moved = s.action["moved"]
                moved[str(dest)] = moved.get(str(dest), 0) + 1
                s.action["count"] += 1
                if not self.move_more(s, p):
                    self.end_move(s, p, events)
        elif ph == "effect":
            self.effect_apply(s, p, act, events)
        elif ph == "commit":
            self.commit(s, p, act, events)
        elif ph == "option":
            self.option(s, p, act, events)
        elif ph == "reroll":
            self.reroll(s, p, act, events)
        elif ph == "lose":
            self.lose_card(s, p, act.a, events)
        elif ph == "bribe":
            if act.kind == "bribe":
                self.bribe(s, p, events)
            else:
                say(events, "ycu.fight", seat=p)
                s.phase = "commit"
        elif ph == "pick_token":
            self.ycu_token_chosen(s, p, act.a, events)

    def buy(self, s: State, p: int, act: Act, events: Events) -> None:
        """COR-12: a row card first, then renown at 3000 ARC each, up to the influence."""
        if act.kind == "take":
            cost = self.bm_cost(s, p, act.a)
            s.arc[p] -= cost
            s.bm_row.remove(act.a)
            s.hand[p].append(act.a)
            s.stats["bought"][p] += 1
            say(events, "buy.card", seat=p, card=self.cterm(act.a), arc=cost)
            s.phase = "buy_renown"
            if self.renown_max(s, p) == 0:
                s.phase = "post"
            return
        n = act.a
        if n:
            s.arc[p] -= n * self.k["RENOWN_PRICE"]
            s.renown_supply -= n
            s.renown[p] += n
            say(events, "buy.renown", seat=p, count=n, arc=n * self.k["RENOWN_PRICE"])
        s.phase = "post"

    # ================================================================ timeouts (COR-27.3)
    def timeout_action(self, s: State, p: int) -> int:
        """The default a networked table plays for a seat that runs out of time (COR-27.3)."""
        legal = self.legal_actions(s, p)
        cat, ph = self.cat, s.phase
        wanted = {"bid": "pass", "commit": "done", "bribe": "fight", "reroll": "done", "reset": "done",
                  "refresh": "done", "pre": "refresh", "post": "end", "produce": "finish", "build": "nobuild",
                  "sell": "done", "move": "stop", "option": "decline", "buy_renown": "renown"}
        if ph == "lose":
            colour = s.gang[p]
            for pile in (s.discard[p], s.hand[p], s.draw[p]):
                units = [c for c in pile if self.cards[c].unit]
                if units:
                    best = min(units, key=lambda c: (self.cards[c].attack[colour], self.cards[c].id))  # type: ignore[index]
                    return cat.idx("take", best)
        word = wanted.get(ph)
        if word == "renown":
            return cat.idx("renown", 0)
        if word is not None and word in cat.table.index and cat.table.index[word] in legal:
            return cat.table.index[word]
        return legal[0]
