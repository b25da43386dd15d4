"""The rules' core: the data of one file, terms, the seeded stream (COR-26), small queries and who decides."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from meeple.engine import rng
from meeple.kit import Events, say

from ..actions import DECLARE, Act, Catalogue
from ..data import NSPACE, Components, Effect
from ..state import NOTHING_SHOWN, Revealed, State


def spaces_mask(spaces: Iterable[int]) -> int:
    """A set of spaces as an int with one bit per space (bit i is set when space i is in the set): the board's
    steps are shifts of a number below 2**49, and `flags` of it pick the spaces out (`costs.spaces_of`)."""
    out = 0
    for sp in spaces:
        out |= 1 << sp
    return out


FLAGS = bytes.maketrans(b"01", b"\x00\x01")


def flags(mask: int) -> bytes:
    """A set of spaces as a byte per space, 1 where the set holds the space (what `itertools.compress` picks by)."""
    return f"{mask:0{NSPACE}b}".encode().translate(FLAGS)[::-1]


SPACES = range(NSPACE)

# the phases where a seat other than the active player decides (`Core.deciders`)
OTHER_DECIDERS = frozenset(("reset", "leaders", "bid", "commit", "option", "reroll", "lose", "bribe", "pick_token"))


@functools.lru_cache(maxsize=1024)
def cells_mask(row: tuple[int, ...]) -> int:
    """The spaces of a built development (a row of `State.built`: its type, then its spaces) as a set."""
    return spaces_mask(row[1:])


def battle_bonus(passive: Effect | None) -> tuple[int, int] | None:
    """The dice and attack a development's passive ability adds to its controller's battles (COR-17.6), or None."""
    if passive is None:
        return None
    if passive.name == "passive_dice":
        return passive.num(), 0
    if passive.name == "passive_atk":
        return 0, passive.num()
    return None


def perm_sum(effects: tuple[Effect, ...], name: str) -> int:
    """The sum of the primitive `name` over a card's effects (`Core.perm`; a function of its own, so that the
    generator reads no name of the caller's: such a name would become a cell, made on every call)."""
    return sum(e.num() for e in effects if e.name == name)


def space_controller(figures: tuple[int, ...], tokens: tuple[int, ...]) -> int:
    """The seat controlling a space with these figures (a row of `State.figures`) and YCU tokens, or -1 (COR-17.1:
    the only seat with figures there, no token); as `Core.controllers` reads every space."""
    n = sum(figures)
    return figures.index(n) if n and not tokens and n in figures else -1


class Kept:
    """What the rules keep between questions (one attribute of the engine: an instance with more than about 30
    attributes loses CPython's fast attribute reads)."""

    __slots__ = ("play_checks", "plays", "perm", "ctrl", "built", "cheapest", "moves")

    def __init__(self) -> None:
        self.play_checks: dict[str, list[tuple[Effect, ...] | None]] = {}  # phase -> per card (`play_checks`)
        self.plays: dict[str, dict[int, tuple[Effect, ...] | None]] = {}  # phase -> card -> check (`play_table`)
        self.perm: dict[tuple[int, str], int] = {}  # (card, primitive) -> its Permanent sum (effects are data)
        # per seat, the last `Costs.read_devs` worked out: the developed spaces it held, the spaces of each
        # development, and its answer
        self.ctrl: dict[int, tuple[int, tuple[int, ...], list[int]]] = {}
        # the last `Costs.built_summary`: a copy of the rows of built, and the answer
        self.built: tuple[list[tuple[int, ...]], tuple[int, dict[int, int], tuple[int, ...]]] | None = None
        # the last `Costs.can_build` worked out: copies of the rows of built and of the types drafted, the board
        # side, and the cheapest type with a copy left and a free placement (-1: none)
        self.cheapest: tuple[list[tuple[int, ...]], list[int], str, int] | None = None
        # the last `Costs.turn_moves`: what it depends on (seat, range, the space fought over, a figure in the
        # pool, entry space, side; copies of `State.counts`, the rows of built and the figures moved) and its answer
        self.moves: tuple[tuple[int, int, int, bool, int, str], list[int], list[tuple[int, ...]], dict[str, int],
                          list[int]] | None = None


class Core:
    """The data of one file and what every section of the rules asks (the engine reads its own attributes very
    often: keep them fewer than 30, `Kept`)."""

    def __init__(self, comp: Components, cat: Catalogue) -> None:
        self.comp = comp
        self.cat = cat
        self.k = comp.constants
        self.cards = comp.cards
        self.card_cost = [c.cost for c in comp.cards]
        self.dev_cost_of = [d.cost for d in comp.devs]
        self.dev_copies = [d.copies for d in comp.devs]
        self.dev_produces = [d.produce is not None for d in comp.devs]  # a Produce ability (COR-13.1)
        self.dev_makes_products = [d.produce is not None and d.produce.name == "produce_products" for d in comp.devs]
        self.dev_cap = [d.cap for d in comp.devs]
        self.card_unit = [c.unit for c in comp.cards]
        self.battle_effects = [c.effects if c.timing == "Battle" else () for c in comp.cards]  # COR-18.9
        # per development type: the dice and attack its passive ability adds to a battle (COR-17.6), None for none
        self.battle_bonus = [battle_bonus(d.passive) for d in comp.devs]
        self.base_range = int(self.k["MOVE_RANGE"])
        self.declare_ids = tuple(cat.word[w] for w in DECLARE)
        # build action indices per development type, with the spaces of each
        build_index: dict[int, list[tuple[tuple[int, ...], int]]] = {d.index: [] for d in comp.devs}
        for i, act in enumerate(cat.acts):
            if act.kind == "build":
                build_index[act.dev].append((act.cells, i))
        # per board side: each type's placements on usable spaces of its level
        self.build_spots = {side: {t: [(spaces_mask(cells), i) for cells, i in spots
                                       if all(board.level[sp] == comp.devs[t].level for sp in cells)]
                                   for t, spots in build_index.items()}
                            for side, board in comp.boards.items()}
        self.usable_mask = {side: spaces_mask(sp for sp in range(NSPACE) if board.usable(sp))
                            for side, board in comp.boards.items()}
        # per board side: the spaces whose control pays renown at the award, with it (COR-23)
        self.award_spaces = {side: tuple((sp, v) for sp, v in enumerate(board.award) if v)
                             for side, board in comp.boards.items()}
        self.slums_mask = {side: spaces_mask(sp for sp in range(NSPACE) if board.level[sp] == "Slums")
                           for side, board in comp.boards.items()}
        # the move action from each space to each space (-1 where none goes)
        self.move_ids = [tuple(cat.move.get((a, sp), -1) for sp in range(NSPACE)) for a in range(NSPACE)]
        # the development types whose passive ability is a side entry (Back Alley, COR-16.19)
        self.side_entry = frozenset(d.index for d in comp.devs if d.passive is not None
                                    and d.passive.name == "side_entry")
        self.kept = Kept()
        self.free_spots = functools.lru_cache(maxsize=4096)(self._free_spots)  # see `Costs._free_spots`
        self.open_ends = functools.lru_cache(maxsize=64)(self._open_ends)  # see `Costs._open_ends`
        self.move_list = functools.lru_cache(maxsize=1 << 14)(self._move_list)  # see `Costs._move_list`
        self.entry_moves = functools.lru_cache(maxsize=1 << 12)(self._entry_moves)  # see `Costs._entry_moves`
        # attack of each card for each gang colour (0 for a card without one): the bots sum these a lot
        self.attack = [[c.attack[g] if c.attack is not None else 0 for c in comp.cards]
                       for g in range(len(comp.gangs))]

    def cterm(self, c: int) -> str:
        return f"@card.{self.cards[c].id}"

    def public(self, s: State, c: int) -> None:
        """Record a card whose identity this action made public (views show it; COR-4.5)."""
        shown = s.shown
        if shown.cards is None:
            if shown is NOTHING_SHOWN:  # shared: never changed in place
                s.shown = shown = Revealed()
            shown.cards = []
        shown.cards.append(self.cards[c].id)

    def dterm(self, t: int) -> str:
        return f"@dev.{self.comp.devs[t].id}"

    def tterm(self, t: int) -> str:
        return f"@token.{self.comp.tokens[t].id}"

    def _draw(self, s: State, kind: str, n: int) -> int:
        """A uniform index below n, or the next scripted outcome of this kind (COR-26.3)."""
        if s.script:
            value = self._draw_raw(s, kind, n)
        else:  # no scripted outcomes (`_draw_raw` written out)
            value, s.rng = rng.below(s.rng, n)
        s.last_rolls.append((n, value))
        return value

    def _draw_raw(self, s: State, kind: str, n: int) -> int:
        script = s.script.get(kind)
        if script:
            value = script.pop(0)
            if kind == "die":
                return list(self.k["BATTLE_DIE_FACES"]).index(value)
            if kind == "d6":
                return value - 1
            return int(value)
        value, s.rng = rng.below(s.rng, n)
        return value

    def d6(self, s: State) -> int:
        return self._draw(s, "d6", 6) + 1

    def die(self, s: State) -> int:
        faces = self.k["BATTLE_DIE_FACES"]
        return int(faces[self._draw(s, "die", len(faces))])

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
        row = s.figures[sp]
        if row[p] <= 0:
            return False
        for t in s.ycu[sp]:  # loops rather than generators (a generator is a frame of its own)
            if t != ignore_token:
                return False
        skip = ignore[1] if sp == ignore[0] else p
        for q, n in enumerate(row):
            if n and q != p and q != skip:
                return False
        return True

    @staticmethod
    def set_figures(s: State, sp: int, p: int, n: int) -> None:
        """Seat p's figures on a space (the rows of `figures` are tuples: a copy of the state shares them), with
        `State.counts` and `State.bits`."""
        row = list(s.figures[sp])
        s.counts[p] += (n - row[p]) << (8 * sp)
        row[p] = n
        s.figures[sp] = tuple(row)
        bits, bit, two = s.bits, 1 << sp, s.players + 1 + p
        bits[p] = bits[p] | bit if n > 0 else bits[p] & ~bit
        bits[two] = bits[two] | bit if n >= 2 else bits[two] & ~bit
        s.marks = s.devs = ()

    @staticmethod
    def put_token(s: State, sp: int, t: int) -> None:
        """A YCU token onto a space (the rows of `ycu` are tuples, like those of `figures`), with `State.counts`
        and `State.bits`."""
        s.ycu[sp] += (t,)
        s.counts[-1] += 1 << (8 * sp)
        s.bits[s.players] |= 1 << sp
        s.marks = s.devs = ()

    @staticmethod
    def take_token(s: State, sp: int, t: int) -> None:
        """A YCU token off its space, with `State.counts` and `State.bits`."""
        row = list(s.ycu[sp])
        row.remove(t)
        s.ycu[sp] = tuple(row)
        s.counts[-1] -= 1 << (8 * sp)
        if not row:
            s.bits[s.players] &= ~(1 << sp)
            s.marks = s.devs = ()

    def dev_at(self, s: State, sp: int) -> int:
        for i, b in enumerate(s.built):
            if sp in b and sp in b[1:]:  # the row's type first, then its spaces: sliced only when it may hold sp
                return i
        return -1

    def controls_dev(self, s: State, p: int, i: int, ignore: tuple[int, int] = (-1, -1),
                     ignore_token: int = -1) -> bool:
        """COR-17.2: every space of the development controlled."""
        control = self.controls_space
        for sp in s.built[i][1:]:
            if not control(s, p, sp, ignore, ignore_token):
                return False
        return True

    def controllers(self, s: State) -> list[int]:
        """The seat controlling each space (COR-17.1: the only seat with figures there, no YCU token), or -1; each
        as `space_controller`. Read from the seats' sets of spaces (`masks`): the spaces a seat controls are those
        with its figures and no enemy."""
        out = [-1] * len(s.figures)
        for p, (enemy, _, own) in enumerate(s.marks or self.read_marks(s)):
            held = own & ~enemy
            while held:
                low = held & -held
                out[low.bit_length() - 1] = p
                held ^= low
        return out

    def dev_controllers(self, s: State) -> list[int]:
        """The seat controlling each built development (COR-17.2: all its spaces), or -1: read from the developments
        each seat controls, kept with the state (`read_devs`)."""
        out = [-1] * len(s.built)
        for p, held in enumerate(s.devs or self.read_devs(s)):
            for i in held:
                out[i] = p
        return out

    @staticmethod
    def on_board_all(s: State) -> list[int]:
        """Each seat's figures on the board: the sum of the bytes of its `State.counts`."""
        size = len(s.figures)
        return [sum(n.to_bytes(size, "little")) for n in s.counts[:s.players]]

    def dev(self, s: State, i: int) -> Any:
        return self.comp.devs[s.built[i][0]]

    def on_board(self, s: State, p: int) -> int:
        return sum(f[p] for f in s.figures)

    def perm(self, s: State, p: int, name: str) -> int:
        """The sum of a Permanent primitive over the player's tableau."""
        total = 0
        cache = self.kept.perm
        for c in s.tableau[p]:
            n = cache.get((c, name))
            if n is None:
                n = cache[c, name] = perm_sum(self.cards[c].effects, name)
            total += n
        return total

    def draw_target(self, s: State, p: int) -> int:
        return s.influence[p] + (self.perm(s, p, "hand_target") if s.tableau[p] else 0)

    def change_influence(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.14: clamped to 1..7."""
        new = max(self.k["INFLUENCE_MIN"], min(self.k["INFLUENCE_MAX"], s.influence[p] + n))
        if new != s.influence[p]:
            s.influence[p] = new
        if events is not None:
            say(events, "influence.change", seat=p, change=n, influence=new)

    def gain_renown(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.9: from the supply, never overflow."""
        got = min(n, s.renown_supply)
        s.renown_supply -= got
        s.renown[p] += got
        if events is not None:
            say(events, "renown.gain", seat=p, amount=got)

    def lose_renown(self, s: State, p: int, n: int, events: Events) -> None:
        lost = min(n, s.renown[p])
        s.renown[p] -= lost
        s.renown_supply += lost
        if events is not None:
            say(events, "renown.lose", seat=p, amount=lost)

    def gain_arc(self, s: State, p: int, n: int, events: Events) -> None:
        if n >= 0:
            s.arc[p] += n
            if events is not None:
                say(events, "arc.gain", seat=p, amount=n)
        else:
            lost = min(-n, s.arc[p])
            s.arc[p] -= lost
            if events is not None:
                say(events, "arc.lose", seat=p, amount=lost)

    def draw_cards(self, s: State, p: int, n: int, events: Events) -> None:
        """COR-0.11: draw from the own draw pile, never reshuffling."""
        got = s.draw[p][:n]
        del s.draw[p][:n]
        s.hand[p] += got
        if events is not None:
            say(events, "cards.draw", seat=p, count=len(got))
        if got and events is not None:
            say(events, "cards.drawn", frozenset([p]), cards=tuple(map(self.cterm, got)))

    def recruit(self, s: State, p: int, card: int, events: Events) -> None:
        """COR-0.12, COR-0.13: card to hand, a figure from the reserve to the pool."""
        s.hand[p].append(card)
        if s.reserve[p] > 0:
            s.reserve[p] -= 1
            s.pool[p] += 1
        s.stats["recruited"][p] += 1
        self.public(s, card)
        if events is not None:
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

    def deck_top(self, s: State, which: str) -> int:
        """The top card of the gang member or black market deck, reshuffling its discard pile (COR-7.10, 11.3)."""
        deck = s.gm_deck if which == "gm" else s.bm_deck
        disc = s.gm_discard if which == "gm" else s.bm_discard
        if not deck and disc:
            deck += disc
            disc.clear()
            self.shuffle(s, deck)
        return deck.pop(0) if deck else -1

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

    def lose_card_to(self, s: State, c: int) -> None:
        """Where a card removed from a player goes (COR-20.5, COR-29.12)."""
        deck = self.cards[c].deck
        if deck == "GM":
            s.gm_discard.append(c)
        elif deck == "BM":
            s.bm_discard.append(c)
        else:
            s.removed.append(c)

    def contested(self, s: State, sp: int, p: int) -> bool:
        return s.figures[sp][p] > 0 and self.enemies_at(s, p, sp)

    def deciders(self, s: State) -> list[int]:
        if s.over:
            return []
        if s.phase not in OTHER_DECIDERS:
            return [s.active]
        if s.phase == "reset":
            return [p for p, done in enumerate(s.reset_done) if not done]
        if s.phase == "leaders":
            return [s.pick_order[0]]
        if s.phase == "bid":
            assert s.auction is not None
            return [s.auction.turn]
        assert s.battle is not None  # the battle's phases
        return [s.battle.who]

    @staticmethod
    def secret_kind(s: State) -> str:
        """The kind of secret choice the deciding seats make now ("" for none): Reset discards (COR-6.5), a battle
        commit (COR-18.3, 18.6), the order of coordinate cards put back (COR-4.6)."""
        if s.phase == "reset":
            return "discard"
        if s.phase == "commit":
            return "commit"
        if s.phase == "effect" and s.effect is not None and s.effect.stage == "coord":
            return "coord"
        return ""

    def token_targets(self, s: State, p: int, space: int = -1) -> list[int]:
        """Tokens sharing a space with the player's figures (on `space` only, if given)."""
        if space >= 0:
            return list(s.ycu[space]) if s.figures[space][p] > 0 else []
        both = s.bits[p] & s.bits[s.players]  # the spaces with both (`State.bits`)
        if not both:
            return []
        ycu = s.ycu
        return [t for sp in compress(SPACES, flags(both)) for t in ycu[sp]]

    def token_space(self, s: State, t: int) -> int:
        ycu = s.ycu
        for sp in compress(SPACES, flags(s.bits[s.players])):
            if t in ycu[sp]:  # the spaces with a token (`State.bits`), in order
                return sp
        return -1

    def score(self, s: State, p: int) -> int:
        return s.renown[p] + s.overflow[p]

    def rank_key(self, s: State, p: int) -> tuple[int, int, int, int]:
        """COR-24.4 .. COR-24.6: score, then ARC, influence, figures on the board."""
        return (self.score(s, p), s.arc[p], s.influence[p], self.on_board(s, p))

    if TYPE_CHECKING:
        # The sections (one module each, joined in `Engine`) call one another; these are their signatures.

        def take_gang(self, s: State, p: int, g: int, events: Events) -> None: ...
        def start_round(self, s: State, events: Events) -> None: ...
        def apply_reset(self, s: State, events: Events) -> None: ...
        def end_turn(self, s: State, events: Events) -> None: ...
        def start_patrol(self, s: State, events: Events) -> None: ...
        def patrol_next(self, s: State, events: Events) -> None: ...
        def award(self, s: State, events: Events) -> None: ...
        def bm_cost(self, s: State, p: int, c: int) -> int: ...
        def dev_cost(self, s: State, p: int, t: int) -> int: ...
        def renown_max(self, s: State, p: int) -> int: ...
        def controlled_devs(self, s: State, p: int) -> list[int]: ...
        def masks(self, s: State, p: int) -> tuple[int, int, int]: ...
        def read_marks(self, s: State) -> tuple[tuple[int, int, int], ...]: ...
        def read_devs(self, s: State) -> tuple[list[int], ...]: ...
        def builds(self, s: State, p: int) -> list[int]: ...
        def _free_spots(self, side: str, t: int, covered: int) -> tuple[int, ...]: ...
        def _open_ends(self, side: str, reach: int) -> tuple[int, ...]: ...
        def _move_list(self, start: int, ends: int) -> tuple[int, ...]: ...
        def _entry_moves(self, side: str, origins: int, enemy: int, blocked: int, d: int,
                         reach: int) -> tuple[int, ...]: ...
        def producers(self, s: State, p: int) -> list[int]: ...
        def sellable(self, s: State, p: int) -> list[int]: ...
        def available(self, s: State, p: int, out: list[int]) -> None: ...
        def move_range(self, s: State) -> int: ...
        def any_move(self, s: State, p: int, reach: int, pool: bool) -> bool: ...
        def move_actions(self, s: State, p: int, reach: int, pool: bool, card_move: bool) -> list[int]: ...
        def do_move(self, s: State, p: int, start: int, dest: int, events: Events) -> None: ...
        def applicable(self, s: State, p: int, c: int, phase: str) -> bool: ...
        def product_supply(self, s: State) -> int: ...
        def product_targets(self, s: State, p: int) -> list[int]: ...
        def place_targets(self, s: State, p: int) -> Sequence[int]: ...
        def add_products(self, s: State, i: int, n: int, events: Events) -> None: ...
        def play_card(self, s: State, p: int, c: int, events: Events) -> None: ...
        def auto_effect(self, s: State, p: int, e: Effect, events: Events) -> None: ...
        def effect_actions(self, s: State, p: int) -> list[int]: ...
        def effect_apply(self, s: State, p: int, act: Act, events: Events) -> None: ...
        def sell_one(self, s: State, p: int, i: int, events: Events) -> None: ...
        def sell_limit(self, s: State, p: int) -> int: ...
        def move_limit(self, s: State, p: int) -> int: ...
        def declare(self, s: State, p: int, what: str, events: Events) -> None: ...
        def maybe_build(self, s: State, p: int) -> None: ...
        def recruit_declare(self, s: State, p: int, events: Events) -> None: ...
        def start_auction(self, s: State, p: int, card: int, events: Events) -> None: ...
        def bid_actions(self, s: State, q: int) -> list[int]: ...
        def auction_act(self, s: State, q: int, act: Act, events: Events) -> None: ...
        def produce_use(self, s: State, p: int, i: int, events: Events) -> None: ...
        def build(self, s: State, p: int, act: Act, events: Events) -> None: ...
        def start_battles(self, s: State, p: int, sp: int, resume: str, events: Events) -> None: ...
        def start_ycu(self, s: State, p: int, sp: int, role: str, resume: str, events: Events) -> None: ...
        def ycu_token_chosen(self, s: State, p: int, t: int, events: Events) -> None: ...
        def bribe(self, s: State, p: int, events: Events) -> None: ...
        def commit(self, s: State, p: int, act: Act, events: Events) -> None: ...
        def option(self, s: State, p: int, act: Act, events: Events) -> None: ...
        def reroll_actions(self, s: State) -> list[int]: ...
        def reroll(self, s: State, p: int, act: Act, events: Events) -> None: ...
        def lose_options(self, s: State, p: int) -> list[int]: ...
        def lose_card(self, s: State, p: int, c: int, events: Events) -> None: ...
        def move_more(self, s: State, p: int) -> bool: ...
        def turn_moves(self, s: State, p: int) -> list[int]: ...
        def end_move(self, s: State, p: int, events: Events) -> None: ...
        def buy(self, s: State, p: int, act: Act, events: Events) -> None: ...
