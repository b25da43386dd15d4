"""Setting up a game from options and a seed (BMC-2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import rng
from meeple.engine.errors import InvalidOptions

from ..state import MOVE, NCARD, NSQ, State, card_base, parse_square
from .context import COURTYARD_SQ, Ctx

CORNERS = (0, 4, 20, 24)  # a1 e1 a5 e5 are not squares of the base city (BMC-2.2)
START_SQUARES = (7, 11, 17, 13)  # c2 b3 c4 d3: around the Courtyard (BMC-2.3)


def check_options(options: Mapping[str, Any]) -> None:
    if options["edition"] == "kosmos2006" and options["expansion"]:
        raise InvalidOptions("the expansion exists only for the cmon2019 edition (BMC-12)")


def city_squares(expansion: bool) -> list[int]:
    return [sq for sq in range(NSQ) if expansion or sq not in CORNERS]


def lay_out_city(ctx: Ctx, options: Mapping[str, Any], stream: int) -> tuple[list[int], int]:
    """Place the tiles (BMC-2.2-2.4, BMC-11.1); return (tile index per square, next stream state)."""
    tiles = ctx.tiles
    expansion = bool(options["expansion"])
    tile_at = [-1] * NSQ
    tile_at[COURTYARD_SQ] = 0
    free = [sq for sq in city_squares(expansion) if sq != COURTYARD_SQ]
    starts = [t.index for t in tiles if t.kind == "start"]
    others = [t.index for t in tiles if t.kind == "random" or (expansion and t.kind == "expansion")]
    if options["layout"] == "open":
        pool = starts + others
        stream = rng.shuffle(stream, pool)
        for sq, ti in zip(free, pool, strict=True):
            tile_at[sq] = ti
        return tile_at, stream
    if options["edition"] == "kosmos2006":
        for ti in starts:
            tile_at[parse_square(tiles[ti].start_square)] = ti
    else:
        stream = rng.shuffle(stream, starts)
        for sq, ti in zip(START_SQUARES, starts, strict=True):
            tile_at[sq] = ti
    rest = [sq for sq in free if tile_at[sq] < 0]
    stream = rng.shuffle(stream, others)
    for sq, ti in zip(rest, others, strict=True):
        tile_at[sq] = ti
    return tile_at, stream


def new_state(ctx: Ctx, players: int, options: Mapping[str, Any], seed: int) -> State:
    check_options(options)
    stream = rng.seed_stream(seed)
    s = State.__new__(State)
    s.players = players
    s.edition = str(options["edition"])
    s.expansion = bool(options["expansion"])
    s.layout = str(options["layout"])
    s.tile_at, stream = lay_out_city(ctx, options, stream)
    s.rebuilt = [ti == 0 for ti in s.tile_at]  # the Courtyard starts complete (BMC-2.4)
    s.boxes = [-1] * (NSQ * 4)
    s.figures = [COURTYARD_SQ] * players
    s.dragons = [-1, -1, -1]
    s.deck = ctx.comp.deck()
    stream = rng.shuffle(stream, s.deck)
    s.discard = []
    s.hands = [0] * (players * NCARD)
    s.pending = [0] * (players * NCARD)
    for seat in range(players):
        for _ in range(ctx.hand_size):
            s.hands[card_base(seat) + s.deck.pop()] += 1
    s.scales = [0] * players
    s.pool = ctx.comp.scale_pool(s.edition, players)
    s.crystals = [0] * players
    s.markers = [ctx.markers] * players
    s.obelisk = []
    s.offerings = [0] * players
    s.active, stream = rng.below(stream, players)
    s.rng = stream
    reset_turn(ctx, s)
    s.turn = 1
    s.over = False
    s.winners = []
    s.draw = False
    s.end_reason = ""
    return s


def reset_turn(ctx: Ctx, s: State) -> None:
    s.phase = MOVE
    s.steps = ctx.steps
    s.contributed = False
    s.offered = 0
    clear_payment(s)


def clear_payment(s: State) -> None:
    s.pay_box = -1
    s.pay_colour = -1
    s.pay_cards = [0] * NCARD
    s.pay_caps = [0] * 8
    s.pay_lux = [0] * NCARD
