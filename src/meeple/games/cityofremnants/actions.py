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
    """An action's structure: its kind and the fields that kind names (-1 where it names none)."""

    kind: str
    card: int = -1  # play, take, discard, commit: the card
    amount: int = -1  # bid: the ARC bid; renown: the renown bought
    space: int = -1  # use, sell, place: the space
    start: int = -1  # move: the space the figure leaves (-1, the pool, for enter)
    dest: int = -1  # move, enter: the space the figure ends on
    dev: int = -1  # build: the development type
    cells: tuple[int, ...] = ()  # build: the spaces the development covers
    die: int = -1  # reroll: the index of the die
    token: int = -1  # fight (a token), remove: the YCU token
    coord: int = -1  # coord: the coordinate card
    pile: int = -1  # pile: 0 the draw pile, 1 the discard pile
    seat: int = -1  # seat: the rival chosen
    gang: int = -1  # leader: the gang


def _catalogue(comp: Components) -> list[tuple[str, Act]]:
    out: list[tuple[str, Act]] = []
    out += [(f"leader {g.key}", Act("leader", gang=g.index)) for g in comp.gangs]
    out += [(w, Act(w)) for w in DECLARE]
    out += [(w, Act(w)) for w in WORDS]
    for verb in ("play", "take", "discard", "commit"):
        out += [(f"{verb} {c.id}", Act(verb, card=c.index)) for c in comp.cards]
    step = comp.c("BID_STEP")
    out += [(f"bid {n}", Act("bid", amount=n)) for n in range(step, comp.c("BID_MAX") + 1, step)]
    out += [(f"renown {n}", Act("renown", amount=n)) for n in range(comp.c("INFLUENCE_MAX") + 1)]
    for verb in ("use", "sell"):
        out += [(f"{verb} {space_name(s)}", Act(verb, space=s)) for s in range(NSPACE)]
    out += [(f"enter {space_name(s)}", Act("enter", dest=s)) for s in range(NSPACE)]
    out += [(f"place {space_name(s)}", Act("place", space=s)) for s in range(NSPACE)]
    for a in range(NSPACE):
        for b in range(NSPACE):
            dist = abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)
            if 1 <= dist <= MAX_RANGE:
                out.append((f"move {space_name(a)} {space_name(b)}", Act("move_fig", start=a, dest=b)))
    for dev in comp.devs:
        seen: set[tuple[int, ...]] = set()
        for board in comp.boards.values():
            for cells in placements(comp, board, dev):
                if cells not in seen:
                    seen.add(cells)
                    text = " ".join(space_name(s) for s in cells)
                    out.append((f"build {dev.id} {text}", Act("build", dev=dev.index, cells=cells)))
    out += [(f"reroll {i + 1}", Act("reroll", die=i)) for i in range(comp.c("MAX_DICE_PER_SIDE"))]
    out += [(f"fight {t.id}", Act("fight_token", token=t.index)) for t in comp.tokens]
    out += [(f"remove {t.id}", Act("remove", token=t.index)) for t in comp.tokens]
    out += [(f"coord {c.id}", Act("coord", coord=c.index)) for c in comp.coords]
    out += [("pile draw", Act("pile", pile=0)), ("pile discard", Act("pile", pile=1))]
    out += [(f"seat {p}", Act("seat", seat=p)) for p in range(4)]
    return out


class Catalogue:
    """The action table of one data file, with each index's structure, and the index of each action by what it
    names (looked up once here, so that listing the legal actions never builds an `Act`)."""

    def __init__(self, comp: Components) -> None:
        entries = _catalogue(comp)
        self.table = ActionTable([t for t, _ in entries])
        self.acts = tuple(a for _, a in entries)
        self.index = {a: i for i, (_, a) in enumerate(entries)}
        ncards, ntokens = len(comp.cards), len(comp.tokens)

        def ids(kind: str, field: str, n: int) -> tuple[int, ...]:
            found = {getattr(a, field): i for i, a in enumerate(self.acts) if a.kind == kind}
            return tuple(found.get(x, -1) for x in range(n))

        self.word = {w: self.index[Act(w)] for w in (*DECLARE, *WORDS)}
        self.leader = ids("leader", "gang", len(comp.gangs))
        self.play = ids("play", "card", ncards)
        self.take = ids("take", "card", ncards)
        self.discard = ids("discard", "card", ncards)
        self.commit = ids("commit", "card", ncards)
        self.bid = {a.amount: i for i, a in enumerate(self.acts) if a.kind == "bid"}
        self.renown = ids("renown", "amount", comp.c("INFLUENCE_MAX") + 1)
        self.use = ids("use", "space", NSPACE)
        self.sell = ids("sell", "space", NSPACE)
        self.enter = ids("enter", "dest", NSPACE)
        self.place = ids("place", "space", NSPACE)
        self.move = {(a.start, a.dest): i for i, a in enumerate(self.acts) if a.kind == "move_fig"}
        self.reroll = ids("reroll", "die", comp.c("MAX_DICE_PER_SIDE"))
        self.fight = ids("fight_token", "token", ntokens)
        self.remove = ids("remove", "token", ntokens)
        self.coord = ids("coord", "coord", len(comp.coords))
        self.pile = ids("pile", "pile", 2)
        self.seat = ids("seat", "seat", 4)


@functools.cache
def default_catalogue() -> Catalogue:
    return Catalogue(load_components())
