"""Blue Moon City state: plain data in flat lists so that a deep copy is a handful of list copies."""

from __future__ import annotations

from typing import Any

from meeple.kit import Record

NCARD = 24  # card type = people * 3 + value - 1 (khind has only value 1)
NSQ = 25  # squares a1..e5, index = row * 5 + column

# phases
MOVE, CONTRIB, PAY, EXTRA, REFILL, OVER = range(6)
PHASE_NAMES = ("movement", "contribution", "payment", "extra action", "refill", "over")

FREE = -1  # a box with no marker


def card_base(seat: int) -> int:
    """Where a seat's counts start in a flat per-seat list of card counts (`hands`, `pending`): the count of
    card type t of the seat is at `card_base(seat) + t`."""
    return seat * NCARD


def seat_cards(counts: list[int], seat: int) -> list[int]:
    """A seat's card counts (NCARD of them) out of a flat per-seat list (`hands`, `pending`)."""
    base = seat * NCARD
    return counts[base : base + NCARD]


class State(Record, shared=("tile_at",)):
    """Everything about one game of Blue Moon City. Behaviour lives in the rules modules; `copy` is made from the
    fields' types (`Record`), sharing `tile_at`, which never changes after the set-up."""

    __slots__ = (
        "players", "edition", "expansion", "layout", "rng",
        "tile_at", "rebuilt", "boxes", "figures", "dragons",
        "hands", "pending", "deck", "discard",
        "scales", "pool", "crystals", "markers", "obelisk", "offerings",
        "active", "phase", "turn", "steps", "contributed", "offered",
        "pay_box", "pay_colour", "pay_cards", "pay_caps", "pay_lux",
        "over", "winners", "draw", "end_reason",
    )

    players: int
    edition: str
    expansion: bool
    layout: str
    rng: int
    tile_at: list[int]  # tile index per square, -1 where the square is not part of the city
    rebuilt: list[bool]
    boxes: list[int]  # square * 4 + box slot -> seat of the marker, FREE
    figures: list[int]  # square per seat
    dragons: list[int]  # square of the red, green, blue dragon; -1 outside the city
    hands: list[int]  # seat * NCARD + card type -> count
    pending: list[int]  # reward cards waiting face down until the end of the turn (same layout, BMC-6.7)
    deck: list[int]  # card types, top of the deck last
    discard: list[int]  # card types, face up, oldest first
    scales: list[int]
    pool: int
    crystals: list[int]
    markers: list[int]  # markers left per seat
    obelisk: list[int]  # seat per filled offering space, bottom first
    offerings: list[int]
    active: int
    phase: int
    turn: int  # turns started so far (1 for the first)
    steps: int  # movement steps left this turn
    contributed: bool  # a contribution was made this turn (dragons pay only for the first)
    offered: int  # offerings made this turn in the contribution phase
    pay_box: int  # slot of the box being paid (PAY phase)
    pay_colour: int  # colour index the box is paid in; 8 = wild cards only (Royal Palace)
    pay_cards: list[int]  # card type -> count put into the payment so far
    pay_caps: list[int]  # colour -> cards of that colour that Lux cards recolour for this payment
    pay_lux: list[int]  # Lux powers played in this payment: [colour] Lux 1, [8 + colour] Lux 2
    over: bool
    winners: list[int]
    draw: bool
    end_reason: str

    def to_data(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in State.__slots__}

    @staticmethod
    def from_data(data: dict[str, Any]) -> State:
        s = State.__new__(State)
        for name in State.__slots__:
            value = data[name]
            setattr(s, name, list(value) if isinstance(value, list) else value)
        return s

    def hand(self, seat: int) -> list[int]:
        return seat_cards(self.hands, seat)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def square_name(sq: int) -> str:
    return "abcde"[sq % 5] + str(sq // 5 + 1)


def parse_square(text: str) -> int:
    if len(text) != 2 or text[0] not in "abcde" or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a square (a1..e5)")
    return (int(text[1]) - 1) * 5 + "abcde".index(text[0])


def neighbours(sq: int) -> list[int]:
    r, c = divmod(sq, 5)
    out = []
    if r > 0:
        out.append(sq - 5)
    if r < 4:
        out.append(sq + 5)
    if c > 0:
        out.append(sq - 1)
    if c < 4:
        out.append(sq + 1)
    return out


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(neighbours(sq)) for sq in range(NSQ))
