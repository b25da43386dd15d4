"""The City of Remnants state: plain data, no behaviour: ints, strings, lists, dicts and slotted sub-states (the
declared action, a card effect, an auction, a battle, a patrol), which `to_data` writes as JSON-like dicts.

Cards, development types, YCU tokens and coordinate cards are stored by their index in the data file; spaces by
their index 0..48 (row-major, A1 = 0, G7 = 48). Draw piles and decks keep their top card at index 0.

Four slots are not data but read from it, and kept with it by whatever changes the board: `counts`, the figures
of each seat and the YCU tokens as numbers with a byte per space (`board_counts`), `bits`, the board's sets of
spaces with a bit per space (`board_bits`: where each seat has a figure, where a token is, where a seat has two
figures or more), `marks`, each seat's sets as the rules ask for them (`costs.Costs.masks`), read from `bits`
once per board, and `devs`, the developments each seat controls (`costs.Costs.controlled_devs`), read once per
board and developments built; the last two are empty whenever the board (or, for `devs`, what is built) changed
since.
"""

from __future__ import annotations

from typing import Any

from meeple.kit import Record

FIELDS = (
    "players", "side", "seed_leaders", "round", "phase", "over", "end_reason", "rng", "script",
    "gang", "entry", "arc", "influence", "renown", "overflow", "tracker", "pool", "reserve",
    "hand", "draw", "discard", "tableau", "removed", "figures", "ycu", "bag",
    "gm_deck", "gm_row", "gm_discard", "bm_deck", "bm_row", "bm_discard",
    "coord_deck", "coord_discard", "coord_shown", "coord_known", "drafted", "built", "products", "renown_supply",
    "first", "active", "resume", "mods", "enemy_space", "reset_pending", "reset_done", "action", "auction",
    "effect", "battle", "patrol", "exhausted", "pick_order", "last_rolls", "stats", "shown",
)

TUPLE_ROWS = ("figures", "ycu", "built", "last_rolls")  # lists of tuples: a copy shares the rows


class Auction:
    """A recruit auction under way (COR-11.5 .. 11.15): the card, the standing high bid and its bidder, the seats that
    passed, the bidding order round the table (the declarer last) and whose turn it is there."""

    __slots__ = ("card", "high", "bidder", "out", "order", "turn", "pos", "declarer")
    KEYS = __slots__

    def __init__(self, card: int, declarer: int, order: list[int]) -> None:
        self.card = card
        self.high = 0
        self.bidder = declarer  # the declarer stands at 0 until someone bids (COR-11.7)
        self.out: list[int] = []
        self.order = order
        self.pos = 0
        self.turn = order[0]
        self.declarer = declarer

    def copy(self) -> Auction:
        out = Auction.__new__(Auction)
        out.card, out.high, out.bidder, out.declarer = self.card, self.high, self.bidder, self.declarer
        out.out, out.order, out.pos, out.turn = self.out[:], self.order[:], self.pos, self.turn
        return out

    def to_data(self) -> dict[str, Any]:
        return {key: _dup(getattr(self, key)) for key in self.KEYS}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Auction:
        out = cls.__new__(cls)
        for key in cls.KEYS:
            setattr(out, key, _dup(data[key]))
        return out


class Patrol:
    """The fights of a patrol (COR-22.7 .. 22.9): the seats in turn order and how far along them it is."""

    __slots__ = ("order", "pos")

    def __init__(self, order: list[int]) -> None:
        self.order = order
        self.pos = 0

    def copy(self) -> Patrol:
        out = Patrol.__new__(Patrol)
        out.order, out.pos = self.order[:], self.pos
        return out

    def to_data(self) -> dict[str, Any]:
        return {"order": self.order[:], "i": self.pos}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Patrol:
        out = cls(list(data["order"]))
        out.pos = int(data["i"])
        return out


class Snapshot:
    """A side's passive battle bonuses, taken once as its battle starts (COR-17.6, 17.7): dice, attack, Defense."""

    __slots__ = ("dice", "atk", "defense")

    def __init__(self, dice: int = 0, atk: int = 0, defense: int = 0) -> None:
        self.dice, self.atk, self.defense = dice, atk, defense

    def to_data(self) -> dict[str, int]:
        return {"dice": self.dice, "atk": self.atk, "defense": self.defense}


class BattleResult:
    """A battle's outcome (COR-18.10): both totals, the winning side (0 the attacker's) and the figures killed."""

    __slots__ = ("totals", "win", "killed")

    def __init__(self, totals: list[int], win: int, killed: int = 0) -> None:
        self.totals, self.win, self.killed = totals, win, killed

    def to_data(self) -> dict[str, Any]:
        return {"totals": self.totals[:], "win": self.win, "killed": self.killed}


class Battle:
    """A battle under way (COR-18 .. COR-20), side 0 the attacker (or the seat facing a YCU token), side 1 its
    rival (seat -1 for a token). `cards` are the committed cards until the totals, then `spent` holds them."""

    __slots__ = ("kind", "space", "seats", "token", "roles", "cards", "who", "side", "dice", "rerolled", "pay",
                 "asked", "resume", "result", "snap", "spent")

    def __init__(self, kind: str, space: int, seats: list[int], roles: list[str], resume: str,
                 snap: list[Snapshot]) -> None:
        self.kind = kind  # "rival" or "ycu"
        self.space = space
        self.seats = seats
        self.token = -1
        self.roles = roles  # "attacker", "defender" ("" for a token)
        self.cards: list[list[int]] = [[], []]
        self.who = seats[0]  # the seat deciding now
        self.side = 0  # the side deciding now
        self.dice: list[list[int]] = [[], []]
        self.rerolled: list[list[int]] = [[], []]
        self.pay = [0, 0]  # attack bought with Hired Muscle
        self.asked: list[int] = []  # the sides already asked in the current step
        self.resume = resume  # the phase to go back to
        self.result: BattleResult | None = None
        self.snap = snap
        self.spent: list[list[int]] | None = None

    def copy(self) -> Battle:
        out = Battle.__new__(Battle)
        out.kind, out.space, out.seats, out.token, out.roles = self.kind, self.space, self.seats[:], self.token, \
            self.roles[:]
        out.cards = [self.cards[0][:], self.cards[1][:]]
        out.who, out.side = self.who, self.side
        out.dice = [self.dice[0][:], self.dice[1][:]]
        out.rerolled = [self.rerolled[0][:], self.rerolled[1][:]]
        out.pay, out.asked, out.resume = self.pay[:], self.asked[:], self.resume
        r = self.result
        out.result = None if r is None else BattleResult(r.totals[:], r.win, r.killed)
        out.snap = [Snapshot(x.dice, x.atk, x.defense) for x in self.snap]
        out.spent = None if self.spent is None else [self.spent[0][:], self.spent[1][:]]
        return out

    def to_data(self) -> dict[str, Any]:
        out = {key: _dup(getattr(self, key)) for key in self.__slots__[:13]}
        out["result"] = {} if self.result is None else self.result.to_data()
        out["snap"] = [x.to_data() for x in self.snap]
        if self.spent is not None:
            out["spent"] = _dup(self.spent)
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Battle:
        out = cls.__new__(cls)
        for key in cls.__slots__[:13]:
            setattr(out, key, _dup(data[key]))
        r = data["result"]
        out.result = BattleResult(list(r["totals"]), r["win"], r["killed"]) if r else None
        out.snap = [Snapshot(x["dice"], x["atk"], x["defense"]) for x in data["snap"]]
        out.spent = _dup(data["spent"]) if "spent" in data else None
        return out


class TurnAction:
    """The action the active player declared this turn (COR-10), "" before one is: the Produce abilities used,
    the tokens sold, the cards chosen to discard in a Refresh, and a Move's figures moved per space and its count."""

    __slots__ = ("kind", "used", "sold", "chosen", "moved", "count")

    def __init__(self, kind: str = "") -> None:
        self.kind = kind
        self.used: list[int] = []  # developments whose Produce ability was used (COR-13.1)
        self.sold = 0
        self.chosen: list[int] = []
        self.moved: dict[str, int] = {}  # space (as text, like the data) -> figures moved there (COR-16.5)
        self.count = 0

    def copy(self) -> TurnAction:
        out = TurnAction.__new__(TurnAction)
        out.kind, out.used, out.sold, out.chosen = self.kind, self.used[:], self.sold, self.chosen[:]
        out.moved, out.count = self.moved.copy(), self.count
        return out

    def to_data(self) -> dict[str, Any]:
        return {key: _dup(getattr(self, key)) for key in self.__slots__}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TurnAction:
        out = cls()
        for key in cls.__slots__:
            if key in data:
                setattr(out, key, _dup(data[key]))
        return out


class CardEffect:
    """A card (or a development's Produce ability, card -1) being resolved (COR-9.11): which primitive `prim`, the
    choice it waits for (`stage`), how many items of it are done, and what its choices remember: the coordinate
    cards looked at and the order chosen (`look`, `order`), the pile searched, the rival stripped, the ARC a
    trashed card pays (`amount`) and whether a figure moved."""

    __slots__ = ("card", "prim", "done", "stage", "look", "order", "pile", "rival", "amount", "moved")

    def __init__(self, card: int, stage: str = "", amount: int = 0) -> None:
        self.card = card
        self.prim = 0
        self.done = 0
        self.stage = stage
        self.look: list[int] = []
        self.order: list[int] = []
        self.pile = -1
        self.rival = -1
        self.amount = amount
        self.moved = False

    def copy(self) -> CardEffect:
        out = CardEffect.__new__(CardEffect)
        out.card, out.prim, out.done, out.stage = self.card, self.prim, self.done, self.stage
        out.look, out.order, out.pile, out.rival = self.look[:], self.order[:], self.pile, self.rival
        out.amount, out.moved = self.amount, self.moved
        return out

    def to_data(self) -> dict[str, Any]:
        return {key: _dup(getattr(self, key)) for key in self.__slots__}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CardEffect:
        out = cls(-1)
        for key in cls.__slots__:
            setattr(out, key, _dup(data[key]))
        return out


class Revealed:
    """What the last public action revealed, by card id (a public record, COR-4.5): each seat's Reset discards,
    the cards both sides committed to a battle, and the cards it made public (played, recruited, lost...)."""

    __slots__ = ("reset", "battle", "cards")

    def __init__(self, reset: list[list[str]] | None = None, battle: list[list[str]] | None = None) -> None:
        self.reset = reset  # None: not revealed by this action
        self.battle = battle
        self.cards: list[str] | None = None

    def copy(self) -> Revealed:
        out = Revealed.__new__(Revealed)
        out.reset = None if self.reset is None else [row[:] for row in self.reset]
        out.battle = None if self.battle is None else [row[:] for row in self.battle]
        out.cards = None if self.cards is None else self.cards[:]
        return out

    def to_data(self) -> dict[str, Any]:
        return {key: _dup(getattr(self, key)) for key in self.__slots__ if getattr(self, key) is not None}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Revealed:
        out = cls()
        for key in cls.__slots__:
            setattr(out, key, _dup(data.get(key)))
        return out


# What an action that revealed nothing leaves in `State.shown`: one shared instance, never changed in place (the rules
# put a new Revealed in its stead before recording anything)
NOTHING_SHOWN = Revealed()


SUBSTATES: dict[str, type[Auction] | type[Patrol] | type[Battle] | type[TurnAction] | type[CardEffect]
                | type[Revealed]] = {
    "auction": Auction, "patrol": Patrol, "battle": Battle, "action": TurnAction, "effect": CardEffect,
    "shown": Revealed}
# sub-states kept as slotted classes; `to_data` writes each as a dict


class State(Record):
    """Every field is JSON-like data or a slotted sub-state; `copy`, made from the fields' types by `Record`, duplicates
    every nested list, dict and sub-state (the rows of `figures`, `ycu`, `built` and `last_rolls` are tuples:
    shared)."""

    __slots__ = (*FIELDS, "counts", "bits", "marks", "devs")

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
    figures: list[tuple[int, ...]]  # per space, per seat (a row is replaced, never changed: copies share rows)
    ycu: list[tuple[int, ...]]  # per space, token indices in placement order (rows as in `figures`)
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
    built: list[tuple[int, ...]]  # (type, *spaces)
    products: list[int]  # product tokens per built development
    renown_supply: int
    first: int
    active: int
    resume: list[str]  # phases to go back to after a card effect or battle
    mods: dict[str, int]  # the active player's turn modifiers
    enemy_space: int
    reset_pending: list[list[int]]
    reset_done: list[bool]
    action: TurnAction  # the declared action in progress
    auction: Auction | None
    effect: CardEffect | None
    battle: Battle | None
    patrol: Patrol | None
    exhausted: bool
    pick_order: list[int]
    last_rolls: list[tuple[int, int]]  # (faces, outcome) of each chance draw of the last action
    stats: dict[str, list[int]]
    shown: Revealed  # the last revealed secret choices: Reset discards, battle commits (public record)
    counts: list[int]  # read from `figures` and `ycu` (`board_counts`): not written by `to_data`
    bits: list[int]  # read from `figures` and `ycu` (`board_bits`): not written by `to_data`
    marks: tuple[tuple[int, int, int], ...]  # read from `bits` (`Costs.read_marks`), () until then
    devs: tuple[list[int], ...]  # read from `marks` and `built` (`Costs.read_devs`), () until then

    def to_data(self) -> dict[str, Any]:
        out = {name: _dup(getattr(self, name)) for name in FIELDS if name not in SUBSTATES}
        for name in SUBSTATES:
            sub = getattr(self, name)
            out[name] = None if sub is None else sub.to_data()
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        out = cls.__new__(cls)
        missing = [n for n in FIELDS if n not in data]
        if missing:
            raise KeyError(f"state data lacks {', '.join(missing)}")
        for name in FIELDS:
            kind = SUBSTATES.get(name)
            value = data[name]
            setattr(out, name, _dup(value) if kind is None or value is None else kind.from_data(value))
        for name in TUPLE_ROWS:
            setattr(out, name, [tuple(row) for row in getattr(out, name)])
        out.counts = board_counts(out.figures, out.ycu, out.players)
        out.bits = board_bits(out.figures, out.ycu, out.players)
        out.marks = out.devs = ()
        return out

    def __repr__(self) -> str:
        return f"<City of Remnants state: round {self.round}, phase {self.phase}>"


def board_counts(figures: list[tuple[int, ...]], ycu: list[tuple[int, ...]], players: int) -> list[int]:
    """`State.counts` read from the board: per seat, its figures on every space as one number with a byte per space
    (byte i, bits 8i to 8i + 7, for space i), then the YCU tokens on every space the same way. Every count is below
    128 (a seat has 16 figures, the bag 15 tokens), so that sums of the bytes never carry from one byte into the
    next."""
    out = [int.from_bytes(bytes(row[q] for row in figures), "little") for q in range(players)]
    out.append(int.from_bytes(bytes(len(row) for row in ycu), "little"))
    return out


def board_bits(figures: list[tuple[int, ...]], ycu: list[tuple[int, ...]], players: int) -> list[int]:
    """`State.bits` read from the board: sets of spaces as numbers with a bit per space (bit i for space i): per
    seat the spaces with its figures, then the spaces with a YCU token, then per seat the spaces with two or more of
    its figures (the most a space may hold in the shipped data, `costs.Costs.masks`)."""
    own, two = [0] * players, [0] * players
    for sp, row in enumerate(figures):
        for q, n in enumerate(row):
            if n > 0:
                own[q] |= 1 << sp
            if n >= 2:
                two[q] |= 1 << sp
    tokens = 0
    for sp, row in enumerate(ycu):
        if row:
            tokens |= 1 << sp
    return [*own, tokens, *two]


def _dup(value: Any) -> Any:
    """A deep copy of JSON-like data, tuples (the rows of `figures` and `ycu`) written as lists."""
    if isinstance(value, list | tuple):
        return [_dup(v) if isinstance(v, list | tuple | dict) else v for v in value]
    if isinstance(value, dict):
        return {k: _dup(v) if isinstance(v, list | tuple | dict) else v for k, v in value.items()}
    return value
