"""The fixed catalogue of City of Remnants actions: canonical text, structure and stable integer index.

Notation (one small decision per action; card ids as in the data file, spaces A1..G7):
  recruit | buy | produce | sell | refresh | move      declare the turn's action (COR-10)
  play HUM-02            play a card from hand            take GM-04     choose a card (recruit, buy, lose, ...)
  bid 1500 | pass        auction (COR-11)                 renown 2       buy renown (COR-12)
  use C3                 use the Produce ability of the development on C3     finish   end the Produce step
  build DEV-M3 B3 B4     build a development               nobuild        build nothing
  sell B3                sell a product token from the development on B3
  move B2 C2 | enter D3  move a figure (from the pool: enter)                 stop     end the movement
  discard HUM-02         discard (Reset, Refresh)          done           finish a choice of several items
  commit IGG-04          commit a card to a battle         reroll 2       reroll your die 2
  pay | decline          Hired Muscle                      bribe | fight   a YCU token's bribe, or fight it
  fight YCU-T05          fight this token next            remove YCU-T05 Bribe Ledger
  place B1               Safehouse Keys                    coord YCU-C03  put this coordinate card next
  pile draw | pile discard   Communication Device          seat 2         Data Spike's rival
  leader HUM             pick a gang leader (leader pick setup)            end            end the turn
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from meeple.engine.rules import ActionTable

from .data import NSPACE, SIZE, Components, load_components, placements, space_name

DECLARE = ("recruit", "buy", "produce", "sell", "refresh", "move")
WORDS = ("finish", "nobuild", "stop", "done", "pass", "pay", "decline", "bribe", "fight", "end")
MAX_RANGE = 4  # the longest move any effect allows (Jet Boots, Getaway Vehicle)


class Act(NamedTuple):
    """An action's structure: its kind and up to three numbers, read by the names below as the kind means them."""

    kind: str
    a: int = -1
    b: int = -1
    c: int = -1

    @property
    def card(self) -> int:
        """play, take, discard, commit: the card."""
        return self.a

    @property
    def amount(self) -> int:
        """bid: the ARC bid; renown: the renown bought."""
        return self.a

    @property
    def space(self) -> int:
        """use, sell, enter, place: the space; move: where the figure goes (`dest`)."""
        return self.a

    @property
    def start(self) -> int:
        """move: the space the figure leaves (-1, the pool, for enter)."""
        return self.a if self.kind == "move_fig" else -1

    @property
    def dest(self) -> int:
        """move, enter: the space the figure ends on."""
        return self.b if self.kind == "move_fig" else self.a

    @property
    def dev(self) -> int:
        """build: the development type."""
        return self.a

    @property
    def die(self) -> int:
        """reroll: the index of the die."""
        return self.a

    @property
    def token(self) -> int:
        """fight (a token), remove: the YCU token."""
        return self.a

    @property
    def coord(self) -> int:
        """coord: the coordinate card."""
        return self.a

    @property
    def pile(self) -> int:
        """pile: 0 the draw pile, 1 the discard pile."""
        return self.a

    @property
    def seat(self) -> int:
        """seat: the rival chosen."""
        return self.a

    @property
    def gang(self) -> int:
        """leader: the gang."""
        return self.a


def _catalogue(comp: Components) -> list[tuple[str, Act]]:
    out: list[tuple[str, Act]] = []
    out += [(f"leader {g.key}", Act("leader", g.index)) for g in comp.gangs]
    out += [(w, Act(w)) for w in DECLARE]
    out += [(w, Act(w)) for w in WORDS]
    for verb in ("play", "take", "discard", "commit"):
        out += [(f"{verb} {c.id}", Act(verb, c.index)) for c in comp.cards]
    step = comp.c("BID_STEP")
    out += [(f"bid {n}", Act("bid", n)) for n in range(step, comp.c("BID_MAX") + 1, step)]
    out += [(f"renown {n}", Act("renown", n)) for n in range(comp.c("INFLUENCE_MAX") + 1)]
    for verb in ("use", "sell", "enter", "place"):
        out += [(f"{verb} {space_name(s)}", Act(verb, s)) for s in range(NSPACE)]
    for a in range(NSPACE):
        for b in range(NSPACE):
            dist = abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)
            if 1 <= dist <= MAX_RANGE:
                out.append((f"move {space_name(a)} {space_name(b)}", Act("move_fig", a, b)))
    for dev in comp.devs:
        seen: set[tuple[int, ...]] = set()
        for board in comp.boards.values():
            for cells in placements(comp, board, dev):
                if cells not in seen:
                    seen.add(cells)
                    text = " ".join(space_name(s) for s in cells)
                    out.append((f"build {dev.id} {text}", Act("build", dev.index, cells[0], cells[-1])))
    out += [(f"reroll {i + 1}", Act("reroll", i)) for i in range(comp.c("MAX_DICE_PER_SIDE"))]
    out += [(f"fight {t.id}", Act("fight_token", t.index)) for t in comp.tokens]
    out += [(f"remove {t.id}", Act("remove", t.index)) for t in comp.tokens]
    out += [(f"coord {c.id}", Act("coord", c.index)) for c in comp.coords]
    out += [("pile draw", Act("pile", 0)), ("pile discard", Act("pile", 1))]
    out += [(f"seat {p}", Act("seat", p)) for p in range(4)]
    return out


class Catalogue:
    """The action table of one data file, with each index's structure."""

    def __init__(self, comp: Components) -> None:
        entries = _catalogue(comp)
        self.table = ActionTable([t for t, _ in entries])
        self.acts = [a for _, a in entries]
        self.index = {a: i for i, (_, a) in enumerate(entries)}

    def idx(self, kind: str, a: int = -1, b: int = -1, c: int = -1) -> int:
        return self.index[Act(kind, a, b, c)]


@functools.cache
def default_catalogue() -> Catalogue:
    return Catalogue(load_components())
