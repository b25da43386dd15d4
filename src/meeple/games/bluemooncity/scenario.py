"""Building a Blue Moon City position from a human-readable description (`meeple.scenario`; the format: docs/games/
bluemooncity/RULES.md).

Every field is optional but `players` (which may also be read off a per-seat list); whatever is left out
takes its start-of-game value, drawn from `seed` in the same order as a normal setup, so that a description
with only `players` and `seed` gives the very state `meeple.new_game` gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.engine import rng
from meeple.engine.errors import InvalidOptions, ScenarioError
from meeple.kit import ScenarioReader

from .actions import DRAGON_NAMES, card_id
from .payments import CARD_TYPES
from .rules.cards import face_down
from .rules.context import COURTYARD_SQ, Ctx
from .rules.setup import START_SQUARES, check_options, city_squares, clear_payment, lay_out_city
from .rules.turn import all_rebuilt, legal_extra, nobody_can_offer
from .spec import SPEC
from .state import (
    CONTRIB,
    EXTRA,
    FREE,
    MOVE,
    NCARD,
    NSQ,
    REFILL,
    State,
    card_base,
    parse_square,
    seat_cards,
    square_name,
)
from .views import invariants

FIELDS = (
    "players", "seed", "options", "city", "rebuilt", "boxes", "figures", "dragons", "hands", "pending",
    "crystals", "scales", "pool", "obelisk", "deck", "discard", "turn", "title", "notes",
)
TURN_FIELDS = ("active", "phase", "steps", "contributed", "offered", "number")
PER_SEAT = ("hands", "figures", "crystals", "scales", "pending")
PHASES = {"movement": MOVE, "contribution": CONTRIB, "extra action": EXTRA, "extra": EXTRA, "refill": REFILL}
CARD_IDS = {card_id(t): t for t in CARD_TYPES}


READ = ScenarioReader()


def build(ctx: Ctx, description: Mapping[str, Any]) -> State:
    """Return the state a description stands for; raise ScenarioError naming the first bad field."""
    desc = dict(description)
    READ.fields(desc, FIELDS)
    s = State.__new__(State)
    options = _options(desc.get("options"))
    s.players = _players(desc)
    s.edition, s.expansion, s.layout = str(options["edition"]), bool(options["expansion"]), str(options["layout"])
    stream = rng.seed_stream(READ.whole(desc.get("seed", 0), "seed"))
    s.tile_at, stream = _city(ctx, options, desc.get("city"), stream)
    s.rebuilt = _rebuilt(ctx, s, desc.get("rebuilt"))
    s.boxes = _boxes(ctx, s, desc.get("boxes"))
    s.figures = _figures(ctx, s, desc.get("figures"))
    s.dragons = _dragons(ctx, s, desc.get("dragons"))
    s.obelisk = _obelisk(ctx, s, desc.get("obelisk"))
    s.offerings = [s.obelisk.count(p) for p in range(s.players)]
    s.markers = _markers(ctx, s)
    stream = _cards(ctx, s, desc, stream)
    s.crystals = _per_seat_numbers(s, desc.get("crystals"), "crystals")
    s.scales, s.pool = _scales(ctx, s, desc.get("scales"), desc.get("pool"))
    stream = _turn(ctx, s, desc.get("turn"), stream)
    s.rng = stream
    _check_pending(s)
    broken = invariants(ctx, s)
    if broken:
        raise ScenarioError("the description gives an impossible position: " + "; ".join(broken))
    return s


# ---------------------------------------------------------------- small readers


def _options(value: Any) -> dict[str, Any]:
    try:
        options = SPEC.normalise_options(value)
        check_options(options)
    except InvalidOptions as exc:
        raise READ.fail("options", str(exc)) from None
    return options


def _players(desc: dict[str, Any]) -> int:
    if "players" in desc:
        n = READ.whole(desc["players"], "players")
    else:
        sized = [f for f in PER_SEAT if isinstance(desc.get(f), list | tuple)]
        if not sized:
            raise READ.fail("players", "missing (give the number of players, 2 to 4)")
        n = len(desc[sized[0]])
    if not 2 <= n <= 4:
        raise READ.fail("players", f"Blue Moon City is played by 2 to 4 players, not {n}")
    for f in PER_SEAT:
        if isinstance(desc.get(f), list | tuple) and len(desc[f]) != n:
            raise READ.fail(f, f"lists {len(desc[f])} seats for {n} players")
    return n


def _seat(value: Any, s: State, field: str) -> int:
    return READ.seat(value, field, s.players)


def _square(value: Any, field: str) -> int:
    try:
        return parse_square(str(value))
    except ValueError:
        raise READ.fail(field, f"{value!r} is not a square (a1..e5)") from None


def _location(ctx: Ctx, s: State, value: Any, field: str) -> int:
    """A square name, or the id of a tile of this city, that holds a tile."""
    for sq in range(NSQ):
        ti = s.tile_at[sq]
        if ti >= 0 and ctx.tiles[ti].id == value:
            return sq
    if isinstance(value, str) and value in {t.id for t in ctx.tiles}:
        raise READ.fail(field, f"the {value} is not part of this city")
    sq = _square(value, field)
    if s.tile_at[sq] < 0:
        raise READ.fail(field, f"{square_name(sq)} is not a square of this city")
    return sq


# ---------------------------------------------------------------- the city
def _city(ctx: Ctx, options: Mapping[str, Any], value: Any, stream: int) -> tuple[list[int], int]:
    """The tiles as described; squares left out are filled from the seed as in a normal setup (BMC-2)."""
    if value is None:
        return lay_out_city(ctx, options, stream)
    given = READ.mapping(value, "city")
    squares = city_squares(bool(options["expansion"]))
    by_id = {t.id: t.index for t in ctx.tiles}
    tile_at = [-1] * NSQ
    tile_at[COURTYARD_SQ] = 0
    placed = {0: COURTYARD_SQ}
    for key, tile_id in given.items():
        field = f"city.{key}"
        sq = _square(key, field)
        if sq not in squares:
            raise READ.fail(field, f"{square_name(sq)} is not a square of this city (the corners need the expansion)")
        if tile_id not in by_id:
            raise READ.fail(field, f"there is no tile {tile_id!r}; tiles are {', '.join(by_id)}")
        ti = by_id[tile_id]
        if ctx.tiles[ti].kind == "expansion" and not options["expansion"]:
            raise READ.fail(field, f"the {tile_id} belongs to the expansion (option expansion: true)")
        if ti == 0 and sq != COURTYARD_SQ:
            raise READ.fail(field, "the Courtyard is always at c3 (BMC-2.2)")
        if sq == COURTYARD_SQ and ti != 0:
            raise READ.fail(field, "c3 holds the Courtyard (BMC-2.2)")
        if ti in placed and placed[ti] != sq:
            raise READ.fail(field, f"the {tile_id} is already on {square_name(placed[ti])}")
        tile_at[sq] = ti
        placed[ti] = sq
    return _fill_city(ctx, options, tile_at, squares, stream)


def _fill_city(ctx: Ctx, options: Mapping[str, Any], tile_at: list[int], squares: list[int],
               stream: int) -> tuple[list[int], int]:
    in_game = [t for t in ctx.tiles if t.kind != "expansion" or options["expansion"]]
    starts = [t.index for t in in_game if t.kind == "start" and t.index not in tile_at]
    others = [t.index for t in in_game if t.kind in ("random", "expansion") and t.index not in tile_at]
    if options["layout"] == "open":
        others = starts + others
    elif options["edition"] == "kosmos2006":
        for ti in starts:
            sq = parse_square(ctx.tiles[ti].start_square)
            if tile_at[sq] < 0:
                tile_at[sq] = ti
    else:
        free_starts = [sq for sq in START_SQUARES if tile_at[sq] < 0]
        stream = rng.shuffle(stream, starts)
        for sq, ti in zip(free_starts, starts, strict=False):
            tile_at[sq] = ti
    rest = [ti for ti in ([] if options["layout"] == "open" else starts) if ti not in tile_at] + others
    free = [sq for sq in squares if tile_at[sq] < 0]
    stream = rng.shuffle(stream, rest)
    for sq, ti in zip(free, rest, strict=True):
        tile_at[sq] = ti
    return tile_at, stream


def _rebuilt(ctx: Ctx, s: State, value: Any) -> list[bool]:
    rebuilt = [ti == 0 for ti in s.tile_at]  # the Courtyard is complete from the start (BMC-2.4)
    for i, where in enumerate(READ.listing(value or [], "rebuilt")):
        rebuilt[_location(ctx, s, where, f"rebuilt[{i}]")] = True
    return rebuilt


def _boxes(ctx: Ctx, s: State, value: Any) -> list[int]:
    boxes = [FREE] * (NSQ * 4)
    seen: set[int] = set()
    for key, owners in READ.mapping(value or {}, "boxes").items():
        field = f"boxes.{key}"
        sq = _location(ctx, s, key, field)
        if sq in seen:
            raise READ.fail(field, f"{square_name(sq)} is already described")
        seen.add(sq)
        tile = ctx.tiles[s.tile_at[sq]]
        owners = READ.listing(owners, field)
        if len(owners) > len(tile.boxes):
            raise READ.fail(field, f"the {tile.name} has {len(tile.boxes)} box(es), {len(owners)} given")
        for i, owner in enumerate(owners):
            if owner is not None:
                boxes[sq * 4 + i] = _seat(owner, s, f"{field}[{i}]")
        filled = sum(1 for i in range(len(tile.boxes)) if boxes[sq * 4 + i] != FREE)
        if filled and s.rebuilt[sq]:
            raise READ.fail(field, f"the {tile.name} is rebuilt: its markers went back to their owners (BMC-6.6)")
        if filled == len(tile.boxes):
            raise READ.fail(field, f"every box of the {tile.name} is filled, but a building is scored as soon as it is "
                              "complete (BMC-6.1): list it under `rebuilt` instead")
    return boxes


def _figures(ctx: Ctx, s: State, value: Any) -> list[int]:
    if value is None:
        return [COURTYARD_SQ] * s.players
    return [_location(ctx, s, w, f"figures[{p}]") for p, w in enumerate(READ.listing(value, "figures"))]


def _dragons(ctx: Ctx, s: State, value: Any) -> list[int]:
    dragons = [-1, -1, -1]
    for name, where in READ.mapping(value or {}, "dragons").items():
        if name not in DRAGON_NAMES:
            raise READ.fail(f"dragons.{name}", f"no such dragon; the dragons are {', '.join(DRAGON_NAMES)}")
        if not (where is None or where is False or where == "off"):  # YAML 1.1 reads a bare off as false
            dragons[DRAGON_NAMES.index(name)] = _location(ctx, s, where, f"dragons.{name}")
    return dragons


def _obelisk(ctx: Ctx, s: State, value: Any) -> list[int]:
    owners = [_seat(o, s, f"obelisk[{i}]") for i, o in enumerate(READ.listing(value or [], "obelisk"))]
    spaces = ctx.obelisk_spaces(s)
    if len(owners) > len(spaces):
        raise READ.fail("obelisk", f"{len(owners)} offerings, but the obelisk has {len(spaces)} spaces for "
                              f"{s.players} players")
    target = ctx.comp.offerings_to_win(s.players)
    for p in range(s.players):
        if owners.count(p) >= target:
            raise READ.fail("obelisk", f"Player {p + 1} has {owners.count(p)} offerings and would already have won "
                                  f"({target} win, BMC-10.1)")
    return owners


def _markers(ctx: Ctx, s: State) -> list[int]:
    left = []
    for p in range(s.players):
        on_boxes = s.boxes.count(p)
        placed = on_boxes + s.obelisk.count(p)
        if placed > ctx.markers:
            field = "boxes" if on_boxes > ctx.markers else "obelisk"
            raise READ.fail(field, f"Player {p + 1} has {placed} markers placed on boxes and the obelisk; "
                              f"a player has {ctx.markers} (BMC-1.4)")
        left.append(ctx.markers - placed)
    if not any(left):
        raise READ.fail("boxes", "no player has a marker left: the game would already be over in a draw (BMC-10.3)")
    return left


# ---------------------------------------------------------------- cards
def _card_list(value: Any, field: str) -> list[int]:
    items = value.split() if isinstance(value, str) else READ.listing(value, field)
    cards = []
    for i, name in enumerate(items):
        if name not in CARD_IDS:
            raise READ.fail(f"{field}[{i}]", f"{name!r} is not a card; a card is a people and a value, e.g. terrah3 "
                                        "(Khind cards are all khind1)")
        cards.append(CARD_IDS[name])
    return cards


def _seat_lists(s: State, value: Any, field: str) -> list[list[int] | None]:
    if value is None:
        return [None] * s.players
    return [None if v is None else _card_list(v, f"{field}[{p}]") for p, v in enumerate(READ.listing(value, field))]


def _cards(ctx: Ctx, s: State, desc: dict[str, Any], stream: int) -> int:
    """Hands, pending rewards, discard pile and deck; unlisted cards are shuffled from the seed (BMC-2.7)."""
    hands = _seat_lists(s, desc.get("hands"), "hands")
    pending = _seat_lists(s, desc.get("pending"), "pending")
    discard = _card_list(desc.get("discard") or [], "discard")
    deck_top = _card_list(desc.get("deck") or [], "deck")
    groups = [(f"hands[{p}]", h or []) for p, h in enumerate(hands)]
    groups += [(f"pending[{p}]", c or []) for p, c in enumerate(pending)]
    groups += [("discard", discard), ("deck", deck_top)]
    unlisted = _unlisted(ctx, groups)
    stream = rng.shuffle(stream, unlisted)
    s.hands = [0] * (s.players * NCARD)
    s.pending = [0] * (s.players * NCARD)
    for p in range(s.players):
        hand = hands[p]
        if hand is None:
            if len(unlisted) < ctx.hand_size:
                raise READ.fail(f"hands[{p}]", f"only {len(unlisted)} unlisted cards are left to deal a hand of "
                                          f"{ctx.hand_size}")
            hand = [unlisted.pop() for _ in range(ctx.hand_size)]
        for t in hand:
            s.hands[card_base(p) + t] += 1
        for t in pending[p] or []:
            s.pending[card_base(p) + t] += 1
    s.discard = discard
    s.deck = unlisted + deck_top[::-1]  # the state keeps the top of the deck last
    return stream


def _unlisted(ctx: Ctx, groups: Sequence[tuple[str, list[int]]]) -> list[int]:
    total = sum(len(cards) for _, cards in groups)
    if total > sum(ctx.card_count):
        raise READ.fail("hands", f"{total} cards are listed in hands, pending, discard and deck; the game has "
                            f"{sum(ctx.card_count)} (BMC-1.1)")
    left = list(ctx.card_count)
    for field, cards in groups:
        for t in cards:
            left[t] -= 1
            if left[t] < 0:
                raise READ.fail(field, f"{card_id(t)} is listed more often than the {ctx.card_count[t]} such card(s) "
                                  "of the game (BMC-1.3)")
    return [t for t in ctx.comp.deck() if _take(left, t)]


def _take(left: list[int], t: int) -> bool:
    if left[t] <= 0:
        return False
    left[t] -= 1
    return True


def _check_pending(s: State) -> None:
    for p in range(s.players):
        if not any(seat_cards(s.pending, p)):
            continue
        if not face_down(s, p):
            raise READ.fail(f"pending[{p}]", f"in {s.edition} only the active player keeps reward cards face down; "
                                        "others take them into the hand at once (BMC-6.7)")
        if s.phase == MOVE:
            raise READ.fail(f"pending[{p}]", "reward cards come from scoring a building, which ends the movement phase")


# ---------------------------------------------------------------- scales, crystals
def _per_seat_numbers(s: State, value: Any, field: str) -> list[int]:
    if value is None:
        return [0] * s.players
    return [READ.whole(v, f"{field}[{p}]") for p, v in enumerate(READ.listing(value, field))]


def _scales(ctx: Ctx, s: State, value: Any, pool: Any) -> tuple[list[int], int]:
    scales = _per_seat_numbers(s, value, "scales")
    total = ctx.scale_total(s)
    held = sum(scales)
    where = f"a {s.players}-player {s.edition} game has {total} golden scales (BMC-12)"
    if pool is None:
        if held >= total:
            raise READ.fail("scales",
                            f"{held} scales are held but {where}, and the last one taken scores them (BMC-7.2)")
        return scales, total - held
    pool = READ.whole(pool, "pool")
    if pool + held != total:
        raise READ.fail("pool", f"{pool} in the pool and {held} held make {pool + held}, but {where}")
    if pool == 0:
        raise READ.fail("pool",
                        "the pool cannot be empty: the scales are scored as soon as the last one is taken (BMC-7.2)")
    return scales, pool


# ---------------------------------------------------------------- the turn
def _turn(ctx: Ctx, s: State, value: Any, stream: int) -> int:
    turn = READ.mapping(value or {}, "turn")
    for key in turn:
        if key not in TURN_FIELDS:
            raise READ.fail(f"turn.{key}", f"unknown field; the turn fields are {', '.join(TURN_FIELDS)}")
    if "active" in turn:
        s.active = _seat(turn["active"], s, "turn.active")
    else:
        s.active, stream = rng.below(stream, s.players)  # a random player starts (BMC-2.8)
    clear_payment(s)
    s.phase = _phase(turn.get("phase", "movement"))
    s.steps = READ.whole(turn.get("steps", ctx.steps), "turn.steps")
    s.contributed = _flag(turn.get("contributed", False), "turn.contributed")
    s.offered = READ.whole(turn.get("offered", 0), "turn.offered")
    s.turn = READ.whole(turn.get("number", 1), "turn.number", 1)
    if s.turn >= ctx.turn_limit:
        raise READ.fail("turn.number", f"the game ends after turn {ctx.turn_limit} (BMC-10.4)")
    s.over, s.winners, s.draw, s.end_reason = False, [], False, ""
    _check_turn(ctx, s)
    if all_rebuilt(s) and nobody_can_offer(ctx, s):
        raise READ.fail("crystals",
                        f"every building is rebuilt and no player can pay the {ctx.next_cost(s)} crystals of "
                        "the next offering: the game would already be over (BMC-10.2)")
    return stream


def _phase(value: Any) -> int:
    if value not in PHASES:
        hint = " (open a payment with `contribute N` after building the position)" if value == "payment" else ""
        raise READ.fail("turn.phase", f"{value!r} is not a phase to start from; use one of "
                                 f"{', '.join(PHASES)}{hint}")
    return PHASES[value]


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise READ.fail(field, f"must be true or false, not {value!r}")
    return value


def _check_turn(ctx: Ctx, s: State) -> None:
    here = s.figures[s.active]
    if s.offered > s.offerings[s.active]:
        raise READ.fail("turn.offered",
                        f"Player {s.active + 1} has only {s.offerings[s.active]} offerings on the obelisk")
    if s.phase == MOVE and (s.contributed or s.offered):
        raise READ.fail("turn.phase", "a contribution or an offering ends the movement phase (BMC-4.8)")
    if s.phase == CONTRIB and s.offered and here != COURTYARD_SQ:
        raise READ.fail("turn.offered", "offerings are made on the Courtyard (BMC-8.2)")
    if s.phase == CONTRIB and s.contributed and here == COURTYARD_SQ:
        raise READ.fail("turn.contributed", "nothing is contributed on the Courtyard (BMC-5.1)")
    if s.phase == EXTRA:
        options: list[int] = []
        legal_extra(ctx, s, options)
        if not options:
            raise READ.fail("turn.phase",
                            f"Player {s.active + 1} has no extra action on {square_name(here)} (BMC-11.2)")
