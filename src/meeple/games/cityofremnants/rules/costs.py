"""Costs and availability (COR-10.2): what an action costs the seat and which actions it can take now."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress

from ..data import NSPACE, SIZE
from ..state import State
from .core import Core, cells_mask, flags, spaces_mask

SPACES = range(NSPACE)
BITS = [1 << sp for sp in SPACES]  # each space alone as a set
SPACE_KEYS = [str(sp) for sp in SPACES]  # a space as `TurnAction.moved` names it
KEY_SPACES = {key: sp for sp, key in enumerate(SPACE_KEYS)}
# sets of spaces are ints with a bit per space (`core.spaces_mask`)
ALL = spaces_mask(SPACES)
NOT_FIRST_COLUMN = spaces_mask(sp for sp in SPACES if sp % SIZE != 0)  # a step east never lands there
NOT_LAST_COLUMN = spaces_mask(sp for sp in SPACES if sp % SIZE != SIZE - 1)  # nor a step west here
ROW_SHIFT = SIZE  # a step north or south
SPACE_SHIFT = 1  # a step east or west
NONE_HELD: list[int] = []  # `Costs.read_devs` of a seat holding no developed space (shared: never changed)


class Costs(Core):
    """Costs and availability."""

    @staticmethod
    def turn_mod(s: State, p: int, key: str) -> int:
        """A modifier of the current turn (a Turn card's discount, COR-8.7): it counts for the active player only."""
        return int(s.mods.get(key, 0)) if p == s.active else 0

    def bm_cost(self, s: State, p: int, c: int) -> int:
        return max(0, self.cards[c].cost - self.turn_mod(s, p, "bm_discount"))

    def dev_cost(self, s: State, p: int, t: int) -> int:
        cut = self.turn_mod(s, p, "dev_discount") + (self.perm(s, p, "dev_discount_perm") if s.tableau[p] else 0)
        return max(0, self.comp.devs[t].cost - cut)

    def renown_max(self, s: State, p: int) -> int:
        return int(min(s.influence[p], s.renown_supply, s.arc[p] // self.k["RENOWN_PRICE"]))

    def builds(self, s: State, p: int) -> list[int]:
        """Legal BUILD action indices (COR-13.5 .. COR-13.11); `can_build` tells whether there is one."""
        out: list[int] = []
        if s.arc[p] < 0:  # nothing is free of cost then: a cost is never below 0 (`dev_cost`)
            return out
        built = s.built
        memo = self.kept.built  # the kept answer of `built_summary` read here first
        covered, copies, _ = memo[1] if memo is not None and memo[0] == built else self.built_summary(built)
        budget = self.build_budget(s, p)
        dev_cost, dev_copies, free, side = self.dev_cost_of, self.dev_copies, self.free_spots, s.side
        for t in s.drafted:
            if dev_cost[t] > budget or (built and copies.get(t, 0) >= dev_copies[t]):
                continue
            out += free(side, t, covered)
        return out

    def build_budget(self, s: State, p: int) -> int:
        """As `dev_cost`: a type is affordable when its cost less the cut is within the ARC, so within the ARC plus
        the cut (the turn's discount and the tableau's)."""
        budget = s.arc[p] + (int(s.mods.get("dev_discount", 0)) if p == s.active else 0)  # `turn_mod`
        if s.tableau[p]:
            budget += self.perm(s, p, "dev_discount_perm")
        return budget

    def can_build(self, s: State, p: int) -> bool:
        """Whether the seat has a BUILD action (`builds` not empty): the cheapest development type drafted with a
        copy left and a free placement, within its budget. That cheapest cost is kept with copies of the rows of
        built and of the types drafted, and the board side: it changes only with what is built."""
        arc = s.arc[p]
        if arc < 0:  # nothing is free of cost then: a cost is never below 0 (`dev_cost`)
            return False
        built, drafted, side = s.built, s.drafted, s.side
        memo = self.kept.cheapest
        if memo is not None and memo[0] == built and memo[1] == drafted and memo[2] == side:
            cheapest = memo[3]
        else:
            covered, copies, _ = self.built_summary(built)
            cheapest = -1
            for t in sorted(drafted, key=self.dev_cost_of.__getitem__):  # the cheapest first: the first one found
                if (built and copies.get(t, 0) >= self.dev_copies[t]) or not self.free_spots(side, t, covered):
                    continue
                cheapest = self.dev_cost_of[t]
                break
            self.kept.cheapest = built[:], drafted[:], side, cheapest
        return cheapest >= 0 and cheapest <= self.build_budget(s, p)

    def built_summary(self, built: list[tuple[int, ...]]) -> tuple[int, dict[int, int], tuple[int, ...]]:
        """The spaces covered by the developments built (a set as in `masks`), the copies built of each type and
        the spaces of each development (not to be changed); the last answer is kept with a copy of `built`, which
        changes seldom."""
        kept = self.kept
        memo = kept.built
        if memo is not None and memo[0] == built:
            return memo[1]
        cells = tuple(map(cells_mask, built))
        covered = 0
        copies: dict[int, int] = {}
        for b, m in zip(built, cells, strict=True):
            covered |= m
            copies[b[0]] = copies.get(b[0], 0) + 1
        summary = covered, copies, cells
        kept.built = built[:], summary
        return summary

    def _free_spots(self, side: str, t: int, covered: int) -> tuple[int, ...]:
        """The build actions of type t on board side `side` whose spaces are all free of the set `covered` (kept
        by `free_spots`: the board's developments change seldom)."""
        return tuple(idx for cells, idx in self.build_spots[side][t] if not cells & covered)

    def producers(self, s: State, p: int) -> list[int]:
        """Controlled developments with an unused Produce ability that can be used now (COR-13.1, 28.32)."""
        used = s.action.used
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
        products = s.products
        out = []
        for i in self.controlled_devs(s, p):  # loops rather than comprehensions reading local names (cells)
            if products[i] > 0:
                out.append(i)
        return out

    def available(self, s: State, p: int, out: list[int]) -> None:
        """The actions the seat may declare (COR-10.2), appended to `out` in the order of `actions.DECLARE` (the
        order of their indices)."""
        recruit, buy, produce, sell, refresh, move = self.declare_ids
        if s.gm_row or s.gm_deck or s.gm_discard:
            out.append(recruit)
        arc = s.arc[p]
        if arc >= 0:  # as `bm_cost` (never below 0) and `renown_max`
            cut = int(s.mods.get("bm_discount", 0)) if p == s.active else 0  # `turn_mod`
            row = s.bm_row
            if (row and min(map(self.card_cost.__getitem__, row)) - cut <= arc) or (
                    arc >= self.k["RENOWN_PRICE"] and s.influence[p] >= 1 and s.renown_supply >= 1):
                out.append(buy)
        devs = (s.devs or self.read_devs(s))[p]  # `controlled_devs`
        if devs:  # loops rather than generators (a generator is a frame of its own)
            types, produces, products = s.built, self.dev_produces, s.products
            for i in devs:
                if produces[types[i][0]]:
                    out.append(produce)
                    break
            else:
                if self.can_build(s, p):
                    out.append(produce)
            for i in devs:
                if products[i] > 0:
                    out.append(sell)
                    break
        elif self.can_build(s, p):
            out.append(produce)
        out.append(refresh)
        # a first step from any figure is a move (as `any_move`, which answers the rest)
        enemy, full, own = (s.marks or self.read_marks(s))[p]  # `masks`
        fought = s.enemy_space
        if own and ((own >> ROW_SHIFT) | ((own << ROW_SHIFT) & ALL) | ((own << SPACE_SHIFT) & NOT_FIRST_COLUMN)
                    | ((own >> SPACE_SHIFT) & NOT_LAST_COLUMN)) & self.usable_mask[s.side] & ~full & (
                -1 if fought == -1 else ~enemy | BITS[fought]):
            out.append(move)
            return
        longer = s.mods.get("move_range", 0)  # as `move_range`
        if self.any_move(s, p, self.base_range if longer <= self.base_range else int(longer), pool=True):
            out.append(move)

    def product_supply(self, s: State) -> int:
        return int(self.k["PRODUCT_SUPPLY"]) - sum(s.products)

    def product_targets(self, s: State, p: int) -> list[int]:
        products = s.products
        if self.product_supply(s) <= 0:
            return []
        built, makes, cap = s.built, self.dev_makes_products, self.dev_cap  # as `makes_products`, `dev`
        out = []
        for i in self.controlled_devs(s, p):
            t = built[i][0]
            if makes[t] and products[i] < cap[t]:
                out.append(i)
        return out

    def makes_products(self, s: State, i: int) -> bool:
        eff = self.dev(s, i).produce
        return eff is not None and eff.name == "produce_products"

    def place_targets(self, s: State, p: int) -> Sequence[int]:
        """The Slums spaces the seat controls (`controls_space`) with room for one more of its figures."""
        enemy, full, own = self.masks(s, p)  # full: as many own figures as a space may hold (at least 1)
        return spaces_of(self.slums_mask[s.side] & own & ~enemy & ~full)

    def sell_limit(self, s: State, p: int) -> int:
        return s.influence[p] + (self.perm(s, p, "sell_limit") if s.tableau[p] else 0)

    def move_limit(self, s: State, p: int) -> int:
        return s.influence[p] + s.mods.get("extra_move", 0)

    def move_range(self, s: State) -> int:
        longer = s.mods.get("move_range", 0)  # a Turn card's range (COR-8.7)
        return self.base_range if longer <= self.base_range else int(longer)

    def back_alleys(self, s: State, p: int) -> list[int]:
        """The spaces of the developments with a side entry (Back Alley, COR-16.19) that the seat controls."""
        side_entry = self.side_entry
        out: list[int] = []
        if side_entry.isdisjoint(s.drafted):  # no Back Alley built (only the types drafted are ever built)
            return out
        built = s.built
        for i in (s.devs or self.read_devs(s))[p]:  # `controlled_devs`
            if built[i][0] in side_entry:
                out += built[i][1:]
        return out

    def masks(self, s: State, p: int) -> tuple[int, int, int]:
        """Sets of spaces (`core.spaces_mask`) for player p: the spaces holding an enemy (COR-0.2), those holding
        the most own figures a space may hold, and those holding an own figure. Read for every seat at once from
        `State.bits` (`read_marks`) and kept in `State.marks` until the board changes: the rules' hottest callers
        read `(s.marks or self.read_marks(s))[p]` themselves, without this call."""
        return (s.marks or self.read_marks(s))[p]

    def read_marks(self, s: State) -> tuple[tuple[int, int, int], ...]:
        """`masks` of every seat, read from `State.bits` and kept in `State.marks`."""
        bits, n = s.bits, s.players
        limit = self.k["MAX_OWN_FIGURES_PER_SPACE"]
        if n == 2 and limit == 2:  # each seat's enemies: the other's figures and the tokens
            first, second, tokens, two_first, two_second = bits
            marks: tuple[tuple[int, int, int], ...] = ((second | tokens, two_first, first),
                                                       (first | tokens, two_second, second))
        else:
            # a seat's enemies: the tokens, the spaces with figures but none of its own, and those with its own and
            # another seat's (`shared`)
            tokens, seen, shared = bits[n], 0, 0
            for p in range(n):
                shared |= seen & bits[p]
                seen |= bits[p]
            out = []
            for p in range(n):
                own = bits[p]
                # `State.bits` holds the spaces with two or more: the most a space may hold in the shipped data
                full = bits[n + 1 + p] if limit == 2 else own if limit <= 1 else full_of(s.figures, p, limit)
                out.append((tokens | (seen ^ own) | (shared & own), full, own))
            marks = tuple(out)
        s.marks = marks
        return marks

    def controlled_devs(self, s: State, p: int) -> list[int]:
        """The developments player p controls (COR-17.2: every space with its figure and no enemy); not to be
        changed. Read for every seat at once (`read_devs`) and kept in `State.devs` until the board or what is
        built changes: the rules' hottest callers read `(s.devs or self.read_devs(s))[p]` themselves."""
        return (s.devs or self.read_devs(s))[p]

    def read_devs(self, s: State) -> tuple[list[int], ...]:
        """`controlled_devs` of every seat, kept in `State.devs`. Each seat's last answer is also kept with the
        developed spaces it held (own figure, no enemy) and the spaces of each development: a change of the board
        elsewhere changes nothing there."""
        built = s.built
        summary = self.kept.built  # the kept answer of `built_summary` read here first
        covered, _, cells = summary[1] if summary is not None and summary[0] == built else self.built_summary(built)
        memos = self.kept.ctrl
        out = []
        for p, (enemy, _, own) in enumerate(s.marks or self.read_marks(s)):  # `masks` of each seat
            held = own & ~enemy & covered
            if not held:  # no developed space held
                out.append(NONE_HELD)
                continue
            memo = memos.get(p)
            if memo is not None and memo[0] == held and memo[1] == cells:
                devs = memo[2]
            else:
                devs = []
                for i, m in enumerate(cells):  # a loop: a comprehension reading `held` would make it a cell
                    if m & held == m:
                        devs.append(i)
                memos[p] = held, cells, devs
            out.append(devs)
        s.devs = marks = tuple(out)
        return marks

    def destinations(self, s: State, p: int, start: int, reach: int, masks: tuple[int, int, int]) -> int:
        """COR-16.19: the spaces (a bit mask) where a figure from `start` (-1: the pool) may end its move, given
        `masks(s, p)`: a breadth-first walk over the usable spaces, ring by ring, that stops at enemies."""
        enemy = masks[0]
        usable = self.usable_mask[s.side]
        if start >= 0:
            origin = 1 << start
            if not usable & origin:
                return 0
            # the figure leaves its space even when an enemy is there; it never ends where it started
            ends = walk(usable, origin, enemy & ~origin, 0, reach) & ~origin
        else:
            d = self.k["POOL_ENTRY_COST"]
            if d > reach:
                return 0
            origins = spaces_mask((s.entry[p], *self.back_alleys(s, p)))
            ends = walk(usable, origins & usable, enemy, d, reach)
        return ends & ~blocked_of(masks, s.enemy_space)

    def any_move(self, s: State, p: int, reach: int, pool: bool) -> bool:
        masks = (s.marks or self.read_marks(s))[p]  # `masks`
        enemy, full, own = masks
        fought = s.enemy_space
        allowed = self.usable_mask[s.side] & ~full & (-1 if fought == -1 else ~enemy | (1 << fought))
        # a first step from any figure, or an entry space from the pool, is a move (reach is at least 1); `step`
        # written out
        if own and ((own >> ROW_SHIFT) | ((own << ROW_SHIFT) & ALL) | ((own << SPACE_SHIFT) & NOT_FIRST_COLUMN)
                    | ((own >> SPACE_SHIFT) & NOT_LAST_COLUMN)) & allowed:
            return True
        blocked = blocked_of(masks, fought)
        if pool and s.pool[p] > 0:
            if self.k["POOL_ENTRY_COST"] <= reach and (1 << s.entry[p]) & allowed:
                return True
            if self.entries(s, p, reach, enemy, blocked):
                return True
        side, open_ = s.side, ~blocked
        usable, free, inner = self.usable_mask[side], self.open_ends(side, reach), rings(reach - 1)
        for sp in spaces_of(own):  # as `move_actions`
            ends = free[sp]
            if ends:
                local = enemy & inner[sp]
                if (walk(usable, BITS[sp], local, 0, reach) & ~BITS[sp] if local else ends) & open_:
                    return True
        return False

    def move_actions(self, s: State, p: int, reach: int, pool: bool, card_move: bool) -> list[int]:
        """The move actions of the seat (COR-16.19): from the pool (`pool`) and from the board, as a card moves
        figures (`card_move`: any figure) or as the Move action does (a figure moves once, COR-16.5); in
        ascending order, the entries first."""
        enemy, full, own = (s.marks or self.read_marks(s))[p]  # `masks`
        fought = s.enemy_space
        blocked = full if fought == -1 else full | (enemy & ~BITS[fought])  # as `blocked_of`
        out = list(self.entries(s, p, reach, enemy, blocked)) if pool and s.pool[p] > 0 else []
        side, listed, open_ = s.side, self.move_list, ~blocked
        usable, free, inner = self.usable_mask[side], self.open_ends(side, reach), rings(reach - 1)
        moved = s.action.moved
        for sp in spaces_of(own) if card_move or not moved else self.movable(s, p, own, card_move):
            ends = free[sp]
            if not ends:
                continue
            # only the enemies nearer than `reach` stop the walk (`walk`): with none there, every space in reach
            # is open to the figure (the figure leaves its space even when an enemy is there)
            local = enemy & inner[sp]
            if local:
                ends = walk(usable, BITS[sp], local, 0, reach) & ~BITS[sp]
            ends &= open_
            if ends:
                out += listed(sp, ends)
        return out

    def entries(self, s: State, p: int, reach: int, enemy: int, blocked: int) -> tuple[int, ...]:
        """The enter actions of a figure from the pool (as `destinations` from -1), given the enemy spaces and
        those where no move may end (`blocked_of`); kept by `entry_moves` for the board near the entry spaces."""
        d = self.k["POOL_ENTRY_COST"]
        if d > reach:
            return ()
        ball = near(reach - d)
        entry = s.entry[p]
        origins, area = BITS[entry], ball[entry]
        if not self.side_entry.isdisjoint(s.drafted):  # a Back Alley may be built (`back_alleys`)
            for sp in self.back_alleys(s, p):
                origins |= BITS[sp]
                area |= ball[sp]
        return self.entry_moves(s.side, origins, enemy & area, blocked & area, d, reach)

    def _entry_moves(self, side: str, origins: int, enemy: int, blocked: int, d: int, reach: int) -> tuple[int, ...]:
        """`entries` worked out: a function of these numbers alone (the sets cut to the spaces the walk from the
        entry spaces can reach), kept by `entry_moves`."""
        usable = self.usable_mask[side]
        return tuple(compress(self.cat.enter, flags(walk(usable, origins & usable, enemy, d, reach) & ~blocked)))

    def _open_ends(self, side: str, reach: int) -> tuple[int, ...]:
        """Per space, where a figure on it may end a move of at most `reach` steps over the usable spaces of board
        side `side` with no enemy near (as `destinations`, before the blocked spaces are taken out), 0 for an
        unusable space (kept by `open_ends`)."""
        usable = self.usable_mask[side]
        return tuple(walk(usable, BITS[sp], 0, 0, reach) & ~BITS[sp] if usable & BITS[sp] else 0 for sp in SPACES)

    def _move_list(self, start: int, ends: int) -> tuple[int, ...]:
        """The move actions from `start` to the spaces of the set `ends` (kept by `move_list`)."""
        return tuple(compress(self.move_ids[start], flags(ends)))

    def movable(self, s: State, p: int, own: int, card_move: bool) -> Sequence[int]:
        """The spaces of `own` (a bit mask) holding a figure of the player that may still move in this Move
        action (COR-16.5)."""
        spaces = spaces_of(own)
        moved = s.action.moved
        if card_move or not moved:
            return spaces
        # a space of `own` loses its figures only to those moved there (few: each figure moves once)
        figures, out = s.figures, None
        for key, n in moved.items():
            sp = KEY_SPACES[key]
            if figures[sp][p] - n <= 0 and own >> sp & 1:
                if out is None:
                    out = list(spaces)
                out.remove(sp)
        return spaces if out is None else out

    def turn_moves(self, s: State, p: int) -> list[int]:
        """The moves of the Move action now (`move_actions` from the pool and the board, a figure once), not to be
        changed. The last answer is kept with what it depends on: a move asks whether another may follow
        (`move_more`), and the listing that comes next asks for the same moves."""
        longer = s.mods.get("move_range", 0)  # `move_range`, written out
        reach = self.base_range if longer <= self.base_range else int(longer)
        key = (p, reach, s.enemy_space, s.pool[p] > 0, s.entry[p], s.side)
        kept = self.kept
        memo = kept.moves
        if (memo is not None and memo[0] == key and memo[1] == s.counts and memo[3] == s.action.moved
                and memo[2] == s.built):
            return memo[4]
        out = self.move_actions(s, p, reach, pool=True, card_move=False)
        kept.moves = key, s.counts[:], s.built[:], s.action.moved.copy(), out
        return out

    def move_more(self, s: State, p: int) -> bool:
        return s.action.count < s.influence[p] + s.mods.get("extra_move", 0) and bool(self.turn_moves(s, p))  # limit


@functools.lru_cache(maxsize=16)
def near(reach: int) -> tuple[int, ...]:
    """Per space, the set of the spaces at most `reach` orthogonal steps away (COR-3.5), itself included."""
    out = []
    for sp in SPACES:
        ball = BITS[sp]
        for _ in range(reach):
            ball |= step(ball)
        out.append(ball)
    return tuple(out)


@functools.lru_cache(maxsize=16)
def rings(reach: int) -> tuple[int, ...]:
    """Per space, the other spaces at most `reach` orthogonal steps away (`near` without the space itself)."""
    return tuple(ball & ~BITS[sp] for sp, ball in enumerate(near(reach)))


def full_of(figures: list[tuple[int, ...]], p: int, limit: int) -> int:
    """The spaces holding at least `limit` figures of seat p (`Costs.masks` for a limit other than 1 or 2)."""
    return spaces_mask(sp for sp, row in enumerate(figures) if row[p] >= limit)


def blocked_of(masks: tuple[int, int, int], fought: int) -> int:
    """The spaces where no move may end, given `Costs.masks` and the enemy space fought over this turn (-1: none
    yet): those full of own figures, and once a space is fought over, every other enemy space (COR-16.19)."""
    enemy, full, _ = masks
    return full if fought == -1 else full | (enemy & ~BITS[fought])


@functools.lru_cache(maxsize=1 << 14)
def walk(usable: int, origins: int, enemy: int, d: int, reach: int) -> int:
    """The spaces (a bit mask) reached from `origins` (reached at distance d, and where the walk is) in at most
    `reach` steps in all, ring by ring over the usable spaces, stopping at enemies: a pure function of the board's
    masks, kept (a turn walks from the same spaces over the same board again and again)."""
    ends = origins
    open_ = usable & ~origins  # the usable spaces not reached yet
    frontier = origins & ~enemy
    while frontier and d < reach:
        # `step`, written out (the usable spaces are all on the board: a step north needs no cut)
        ring = ((frontier >> ROW_SHIFT) | (frontier << ROW_SHIFT) | ((frontier << SPACE_SHIFT) & NOT_FIRST_COLUMN)
                | ((frontier >> SPACE_SHIFT) & NOT_LAST_COLUMN)) & open_
        open_ &= ~ring
        ends |= ring
        frontier = ring & ~enemy
        d += 1
    return ends


def step(mask: int) -> int:
    """The spaces one orthogonal step from a set of spaces (COR-3.5)."""
    return ((mask >> ROW_SHIFT) | ((mask << ROW_SHIFT) & ALL) | ((mask << SPACE_SHIFT) & NOT_FIRST_COLUMN)
            | ((mask >> SPACE_SHIFT) & NOT_LAST_COLUMN))


@functools.lru_cache(maxsize=1 << 12)
def spaces_of(mask: int) -> tuple[int, ...]:
    """The spaces of a set, in order (kept: a seat's spaces are asked for again and again)."""
    return tuple(compress(SPACES, flags(mask)))
