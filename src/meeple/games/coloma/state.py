"""The state of a Coloma game: plain data (lists of numbers), copied and written as JSON quickly."""

from __future__ import annotations

from typing import Any

from meeple.kit import Record

SHADE = -2  # the solo opponent, wherever an actor (a seat) is expected
BUSTER = -3  # Buster's pioneer, in position counts

KEEP, EVENT, SELECT, TURN, OVER = "keep", "event", "select", "turn", "over"
NO_SUB, TRADE, WAGON, DISCARD = "", "trade", "wagon", "discard"
CATEGORIES = ("buildings", "hotels_built", "hotels_end", "rivers", "bridges", "camps", "shootouts", "events",
              "milling", "other")
CAT = {name: i for i, name in enumerate(CATEGORIES)}
COMMON_DONE, BOOM_DONE = 1, 2
NO_RIVER = -1  # river columns hold NO_RIVER, 0 (a river without a bridge) or the bridge type + 1

# Per-seat lists of whole numbers.
SEAT_INTS = ("vp", "bucks", "gold", "dudes", "tents", "horses", "reserve_dudes", "reserve_tents", "gunmen",
             "graveyard", "dials", "positions", "returns", "covered", "wagons")
# Per-seat lists of lists.
SEAT_LISTS = ("hands", "decks", "known", "tableau", "rivers", "fresh", "used", "vp_cat")
SCALARS = ("players", "solo", "buster", "handicap", "signpost_offset", "rng", "phase", "round", "chapter", "sheriff",
           "gold_supply", "gold_cart", "horse_supply", "outlaws", "neutral", "hotels", "buster_site", "shade_site",
           "bust", "revealed", "active", "sub", "done", "activated", "built_now", "depot", "timber", "trade_left",
           "wagon_left", "wagon_city", "wagon_skipping", "wagon_moved", "wagon_more", "event_site",
           "shade_dudes", "shade_camps", "shade_horses", "shade_gold", "shade_rivers", "shade_hotels", "shade_barrels",
           "shade_vp", "shade_gunmen", "shade_removed", "shade_wagon", "shade_dest", "over")
LISTS = ("bridge_stock", "barrel_spaces", "barrel_pile", "buster_shown", "queue", "lands", "visited",
         "event_queue")


class State(Record):
    """Everything about a position. Rules live in `rules/`; this class only holds and writes data (`copy` is made
    from the fields' types by `Record`)."""

    __slots__ = SCALARS + LISTS + SEAT_INTS + SEAT_LISTS

    players: int
    solo: bool
    buster: bool
    handicap: int
    signpost_offset: int
    rng: int
    phase: str
    round: int
    chapter: int
    sheriff: int
    gold_supply: int
    gold_cart: int
    horse_supply: int
    outlaws: int
    neutral: int
    hotels: int
    buster_site: int
    shade_site: int
    bust: int
    revealed: bool
    active: int
    sub: str
    done: int
    activated: int
    built_now: int
    depot: int
    timber: int
    trade_left: int
    wagon_left: int
    wagon_city: int  # 0: no City reward waiting; 1: the City's rewards wait for pass or stop; 2: it gives nothing
    wagon_skipping: bool
    wagon_moved: int
    wagon_more: int
    event_site: int
    shade_dudes: int
    shade_camps: int
    shade_horses: int
    shade_gold: int
    shade_rivers: int
    shade_hotels: int
    shade_barrels: int
    shade_vp: int
    shade_gunmen: int
    shade_removed: int
    shade_wagon: int
    shade_dest: int
    over: bool
    bridge_stock: list[int]
    barrel_spaces: list[int]
    barrel_pile: list[int]
    buster_shown: list[int]
    queue: list[int]
    lands: list[int]
    visited: list[int]
    event_queue: list[int]
    vp: list[int]
    bucks: list[int]
    gold: list[int]
    dudes: list[int]
    tents: list[int]
    horses: list[int]
    reserve_dudes: list[int]
    reserve_tents: list[int]
    gunmen: list[int]
    graveyard: list[int]
    dials: list[int]  # the Site each seat dialled this chapter, 0 until it chooses
    positions: list[int]  # the wheel position each seat plays from once the dials are revealed, 0 before
    returns: list[int]  # cards each seat must still put back from its hand on its deck (top or bottom)
    covered: list[int]  # bit c set: the seat's Town Building c is covered by a Hotel
    wagons: list[int]  # the space each seat's Wagon stands on
    hands: list[list[int]]  # card indices
    decks: list[list[int]]  # card indices, the top card first
    known: list[list[int]]  # beside `decks`: 1 where the seat knows the card at that depth
    tableau: list[list[int]]  # the Town Buildings built, card indices
    rivers: list[list[int]]  # per river column 1-4: NO_RIVER, 0 (a river) or the Bridge type + 1
    fresh: list[list[int]]  # Barrel types on their fresh side
    used: list[list[int]]  # Barrel types turned to their used side
    vp_cat: list[list[int]]  # VP per category, in the order of CATEGORIES

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in SCALARS}
        for name in LISTS + SEAT_INTS:
            out[name] = getattr(self, name)[:]
        for name in SEAT_LISTS:
            out[name] = [x[:] for x in getattr(self, name)]
        return out

    @staticmethod
    def from_data(data: dict[str, Any]) -> State:
        out = State.__new__(State)
        for name in SCALARS:
            setattr(out, name, data[name])
        for name in LISTS + SEAT_INTS:
            setattr(out, name, [int(x) for x in data[name]])
        for name in SEAT_LISTS:
            setattr(out, name, [[int(v) for v in x] for x in data[name]])
        return out

    def __repr__(self) -> str:
        return (f"<Coloma state: {self.players} players, round {self.round} chapter {self.chapter}, "
                f"phase {self.phase}>")


def player_order(s: State) -> list[int]:
    """The Sheriff first, then clockwise round the table (Shade, in solo games, holds the badge: COL-24.2)."""
    if s.sheriff == SHADE:
        return [SHADE, *range(s.players)]
    return [(s.sheriff + i) % s.players for i in range(s.players)]
