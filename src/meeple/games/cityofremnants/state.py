"""The City of Remnants state: plain JSON-like data (ints, strings, lists, dicts), no behaviour.

Cards, development types, YCU tokens and coordinate cards are stored by their index in the data file; spaces by
their index 0..48 (row-major, A1 = 0, G7 = 48). Draw piles and decks keep their top card at index 0.
"""

from __future__ import annotations

from typing import Any

FIELDS = (
    "players", "side", "seed_leaders", "round", "phase", "over", "end_reason", "rng", "script",
    "gang", "entry", "arc", "influence", "renown", "overflow", "tracker", "pool", "reserve",
    "hand", "draw", "discard", "tableau", "removed", "figures", "ycu", "bag",
    "gm_deck", "gm_row", "gm_discard", "bm_deck", "bm_row", "bm_discard",
    "coord_deck", "coord_discard", "coord_shown", "coord_known", "drafted", "built", "products", "renown_supply",
    "first", "active", "resume", "mods", "enemy_space", "reset_pending", "reset_done", "action", "auction",
    "effect", "battle", "patrol", "exhausted", "pick_order", "last_rolls", "stats", "shown",
)


FLAT = ("players", "side", "round", "phase", "over", "end_reason", "rng", "renown_supply", "first", "active",
        "enemy_space", "exhausted")
INT_LISTS = ("seed_leaders", "gang", "entry", "arc", "influence", "renown", "overflow", "tracker", "pool", "reserve",
             "removed", "bag", "gm_deck", "gm_row", "gm_discard", "bm_deck", "bm_row", "bm_discard", "coord_deck",
             "coord_discard", "coord_shown", "coord_known", "drafted", "products", "resume", "reset_done",
             "pick_order")
NESTED_LISTS = ("hand", "draw", "discard", "tableau", "figures", "ycu", "built", "reset_pending", "last_rolls")
LIST_DICTS = ("script", "stats")  # str -> list of ints
FLAT_DICTS = ("mods",)  # str -> int
OTHER = tuple(f for f in FIELDS if f not in FLAT + INT_LISTS + NESTED_LISTS + LIST_DICTS + FLAT_DICTS)
# `State.copy` spells out each field by these groups (the search bots copy states hundreds of thousands of times);
# tests/cityofremnants checks that it names every field in its group


class State:
    """Every field is JSON-like data; `copy` duplicates nested lists and dicts."""

    __slots__ = FIELDS

    players: int
    side: str  # "A" (2 and 4 players) or "B" (3 players)
    seed_leaders: list[int]
    round: int
    phase: str
    over: bool
    end_reason: str
    rng: int
    script: dict[str, list[int]]  # scripted chance outcomes (tests): die faces, d6 rolls, token draws
    gang: list[int]
    entry: list[int]
    arc: list[int]
    influence: list[int]
    renown: list[int]
    overflow: list[int]
    tracker: list[int]
    pool: list[int]
    reserve: list[int]
    hand: list[list[int]]
    draw: list[list[int]]
    discard: list[list[int]]
    tableau: list[list[int]]
    removed: list[int]  # starter cards out of the game (public)
    figures: list[list[int]]  # per space, per seat
    ycu: list[list[int]]  # per space, token indices in placement order
    bag: list[int]  # token indices (kept sorted: the bag has no order)
    gm_deck: list[int]
    gm_row: list[int]
    gm_discard: list[int]
    bm_deck: list[int]
    bm_row: list[int]
    bm_discard: list[int]
    coord_deck: list[int]
    coord_discard: list[int]
    coord_shown: list[int]
    coord_known: list[int]  # per seat: how many top coordinate cards it has looked at (Informer, Scanner Drone)
    drafted: list[int]
    built: list[list[int]]  # [type, *spaces]
    products: list[int]  # product tokens per built development
    renown_supply: int
    first: int
    active: int
    resume: list[str]  # phases to go back to after a card effect or battle
    mods: dict[str, int]  # the active player's turn modifiers
    enemy_space: int
    reset_pending: list[list[int]]
    reset_done: list[bool]
    action: dict[str, Any]  # the declared action in progress
    auction: dict[str, Any] | None
    effect: dict[str, Any] | None
    battle: dict[str, Any] | None
    patrol: dict[str, Any] | None
    exhausted: bool
    pick_order: list[int]
    last_rolls: list[list[int]]
    stats: dict[str, list[int]]
    shown: dict[str, Any]  # the last revealed secret choices: Reset discards, battle commits (public record)

    def copy(self) -> State:
        out = State.__new__(State)
        out.players = self.players
        out.side = self.side
        out.seed_leaders = self.seed_leaders[:]
        out.round = self.round
        out.phase = self.phase
        out.over = self.over
        out.end_reason = self.end_reason
        out.rng = self.rng
        out.script = {k: v[:] for k, v in self.script.items()}
        out.gang = self.gang[:]
        out.entry = self.entry[:]
        out.arc = self.arc[:]
        out.influence = self.influence[:]
        out.renown = self.renown[:]
        out.overflow = self.overflow[:]
        out.tracker = self.tracker[:]
        out.pool = self.pool[:]
        out.reserve = self.reserve[:]
        out.hand = [row[:] for row in self.hand]
        out.draw = [row[:] for row in self.draw]
        out.discard = [row[:] for row in self.discard]
        out.tableau = [row[:] for row in self.tableau]
        out.removed = self.removed[:]
        out.figures = [row[:] for row in self.figures]
        out.ycu = [row[:] for row in self.ycu]
        out.bag = self.bag[:]
        out.gm_deck = self.gm_deck[:]
        out.gm_row = self.gm_row[:]
        out.gm_discard = self.gm_discard[:]
        out.bm_deck = self.bm_deck[:]
        out.bm_row = self.bm_row[:]
        out.bm_discard = self.bm_discard[:]
        out.coord_deck = self.coord_deck[:]
        out.coord_discard = self.coord_discard[:]
        out.coord_shown = self.coord_shown[:]
        out.coord_known = self.coord_known[:]
        out.drafted = self.drafted[:]
        out.built = [row[:] for row in self.built]
        out.products = self.products[:]
        out.renown_supply = self.renown_supply
        out.first = self.first
        out.active = self.active
        out.resume = self.resume[:]
        out.mods = self.mods.copy()
        out.enemy_space = self.enemy_space
        out.reset_pending = [row[:] for row in self.reset_pending]
        out.reset_done = self.reset_done[:]
        out.action = _dup(self.action)
        out.auction = _dup(self.auction)
        out.effect = _dup(self.effect)
        out.battle = _dup(self.battle)
        out.patrol = _dup(self.patrol)
        out.exhausted = self.exhausted
        out.pick_order = self.pick_order[:]
        out.last_rolls = [row[:] for row in self.last_rolls]
        out.stats = {k: v[:] for k, v in self.stats.items()}
        out.shown = _dup(self.shown)
        return out

    def to_data(self) -> dict[str, Any]:
        return {name: _dup(getattr(self, name)) for name in FIELDS}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        out = cls.__new__(cls)
        missing = [n for n in FIELDS if n not in data]
        if missing:
            raise KeyError(f"state data lacks {', '.join(missing)}")
        for name in FIELDS:
            setattr(out, name, _dup(data[name]))
        return out

    def __repr__(self) -> str:
        return f"<City of Remnants state: round {self.round}, phase {self.phase}>"


def _dup(value: Any) -> Any:
    if isinstance(value, list):
        return [_dup(v) if isinstance(v, list | dict) else v for v in value]
    if isinstance(value, dict):
        return {k: _dup(v) if isinstance(v, list | dict) else v for k, v in value.items()}
    return value
