"""Costs and availability (COR-10.2): what an action costs the seat and which actions it can take now."""

from __future__ import annotations

from collections import deque

from ..data import NSPACE, neighbours
from ..state import State
from .core import Core


class Costs(Core):
    """Costs and availability."""

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

    def sell_limit(self, s: State, p: int) -> int:
        return s.influence[p] + self.perm(s, p, "sell_limit")

    def move_limit(self, s: State, p: int) -> int:
        return s.influence[p] + s.mods.get("extra_move", 0)

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
        moved = s.action.moved if not card_move else {}
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
            enter = self.cat.enter
            out += [enter[v] for v in self.destinations(s, p, -1, reach, enemy)]
        move = self.cat.move
        for sp in self.movable_from(s, p, card_move):
            out += [move[sp, v] for v in self.destinations(s, p, sp, reach, enemy)]
        return out

    def move_more(self, s: State, p: int) -> bool:
        if s.action.count >= self.move_limit(s, p):
            return False
        reach = self.move_range(s)
        enemy = self.enemy_spaces(s, p)
        if s.pool[p] > 0 and self.destinations(s, p, -1, reach, enemy):
            return True
        return any(self.destinations(s, p, sp, reach, enemy) for sp in self.movable_from(s, p, False))
