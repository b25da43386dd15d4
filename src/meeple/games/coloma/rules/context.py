"""What the rules derive once from a data file: the action catalogue, map lookups, Shade's routes, parameters."""

from __future__ import annotations

from collections import deque
from typing import Any

from ..actions import HAND_SLOTS, MOVE, RETURN, Act, build_table
from ..data import Components


class Ctx:
    """One data file's parameters and lookups, shared by every game played with it."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.p: dict[str, Any] = comp.params
        self.table, self.acts, self.index = build_table(comp)
        # The indices that legal actions list most often, found once (an Act built by name costs a microsecond).
        self.returns = tuple((self.act(RETURN, slot=slot, bottom=0), self.act(RETURN, slot=slot, bottom=1))
                             for slot in range(HAND_SLOTS))
        self.moves = tuple(self.act(MOVE, space=space) for space in range(len(comp.spaces)))
        self.nspaces = len(comp.spaces)
        self.is_city = tuple(s.type == "city" for s in comp.spaces)
        self.is_horseshoe = tuple(s.type == "horseshoe" for s in comp.spaces)
        self.lands_at: tuple[tuple[int, ...], ...] = tuple(
            tuple(land.index for land in comp.lands if land.at == sp) for sp in range(self.nspaces))
        self.foundry = next((c.index for c in comp.cards if c.ability.foundry), -1)
        self.ncards = len(comp.cards)
        self.routes = {(a, b): self._route(a, b) for a in range(self.nspaces) for b in comp.shade["destinations"]}

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
