"""What the rules derive once from a data file: the action catalogue, map lookups, Shade's routes, parameters."""

from __future__ import annotations

from collections import deque
from typing import Any

from .. import actions as kind
from ..actions import Act, build_table
from ..data import Components

Need = tuple[int, int, int, int]  # a cost as (Gold, Dudes, Horses, Bucks)


def need_of(cost: dict[str, int]) -> Need:
    return cost.get("G", 0), cost.get("D", 0), cost.get("H", 0), cost.get("$", 0)


class Ctx:
    """One data file's parameters and lookups, shared by every game played with it."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.p: dict[str, Any] = comp.params
        self.table, self.acts, self.index = build_table(comp)
        # The indices of the actions that legal actions list, found once (an Act built by name costs a microsecond).
        self.returns = tuple((self.act(kind.RETURN, slot=slot, bottom=0), self.act(kind.RETURN, slot=slot, bottom=1))
                             for slot in range(kind.HAND_SLOTS))
        self.moves = tuple(self.act(kind.MOVE, space=space) for space in range(len(comp.spaces)))
        ncards, sections = len(comp.cards), (0, 1)
        most = max(a.amount for a in self.acts if a.kind == kind.EXCHANGE)
        self.exchanges = tuple(self.act(kind.EXCHANGE, amount=n) for n in range(most + 1))
        self.dials = tuple(self.act(kind.DIAL, site=n) for n in range(1, 6))
        self.sutter = tuple(self.act(kind.SUTTER, section=sec) for sec in sections)
        self.survey = tuple(tuple(self.act(kind.SURVEY, column=col, section=sec) for col in range(4))
                            for sec in sections)
        self.bridge = tuple(tuple(tuple(self.act(kind.BRIDGE, bridge=b, column=col, section=sec) for col in range(4))
                                  for b in range(len(comp.bridges))) for sec in sections)
        self.build = tuple(tuple(self.act(kind.BUILD, card=c, section=sec) for c in range(ncards)) for sec in sections)
        self.hotel = tuple(tuple(self.act(kind.HOTEL, card=c, section=sec) for c in range(ncards)) for sec in sections)
        self.wagon = tuple(self.act(kind.WAGON, section=sec) for sec in sections)
        self.deputise = (-1, *(self.act(kind.DEPUTISE, amount=k) for k in range(1, self.p["deputise_max"] + 1)))
        self.camp = tuple(self.act(kind.CAMP, land=land.index) for land in comp.lands)
        self.buy = tuple(self.act(kind.BUY, price=pr.index) for pr in comp.prices)
        self.barrel = tuple(self.act(kind.BARREL, barrel_space=i) for i in range(max(self.p["barrel_spaces"].values())))
        self.ability = tuple(self.act(kind.ABILITY, card=c) for c in range(ncards))
        self.foundry_on = tuple(self.act(kind.FOUNDRY, card=c) for c in range(ncards))
        self.use = tuple(self.act(kind.USE, barrel=b.index) for b in comp.barrels)
        self.trade, self.done, self.end = self.act(kind.TRADE), self.act(kind.DONE), self.act(kind.END)
        self.stop, self.stop_alt = self.act(kind.STOP), self.act(kind.STOP_ALT)
        self.card_site = tuple(c.site for c in comp.cards)
        self.max_rivers, self.max_bridges = self.p["max_rivers"], self.p["max_bridges"]
        self.lands_of_site = tuple(tuple(land.index for land in comp.lands if land.site == site) for site in range(6))
        self.nspaces = len(comp.spaces)
        self.is_city = tuple(s.type == "city" for s in comp.spaces)
        self.is_horseshoe = tuple(s.type == "horseshoe" for s in comp.spaces)
        self.lands_at: tuple[tuple[int, ...], ...] = tuple(
            tuple(land.index for land in comp.lands if land.at == sp) for sp in range(self.nspaces))
        self.foundry = next((c.index for c in comp.cards if c.ability.foundry), -1)
        self.ncards = len(comp.cards)
        self.barrel_pile = tuple(b.index for b in comp.barrels for _ in range(b.copies))  # before the shuffle
        self.routes = {(a, b): self._route(a, b) for a in range(self.nspaces) for b in comp.shade["destinations"]}
        # The costs legal actions check, as (Gold, Dudes, Horses, Bucks) per section (effects.affords).
        self.survey_need = tuple(need_of(cost) for cost in comp.survey_cost)
        self.bridge_need = tuple(need_of(cost) for cost in comp.bridge_cost)
        self.hotel_need = tuple(need_of(comp.hotel[cost]) for cost in ("hammer", "saw"))
        self.build_need = (tuple(need_of(c.hammer) for c in comp.cards), tuple(need_of(c.saw) for c in comp.cards))
        self.price_need = tuple(need_of(pr.cost) for pr in comp.prices)

    def act(self, kind: int, **fields: int) -> int:
        """The index of the action of this kind with these named fields (`ctx.act(SURVEY, column=2, section=0)`)."""
        return self.index[Act(kind, **fields)]

    def _route(self, start: int, goal: int) -> tuple[int, ...]:
        """The shortest route from start to goal (spaces entered); among equals, the one whose first differing
        space comes first in the data's row order (COL-24.9)."""
        dist = [-1] * self.nspaces
        dist[goal] = 0
        todo = deque([goal])
        while todo:
            here = todo.popleft()
            for nxt in self.comp.neighbours[here]:
                if dist[nxt] < 0:
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        path: list[int] = []
        here = start
        while here != goal and dist[here] > 0:
            here = min(n for n in self.comp.neighbours[here] if dist[n] == dist[here] - 1)
            path.append(here)
        return tuple(path)
