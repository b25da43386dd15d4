"""What each seat may see (BMC-13), sampling of hidden cards for bots, and invariants for tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import add, sub
from typing import Any

from meeple.engine import rng as rng_mod

from .actions import COLOUR_IDS, DRAGON_NAMES, card_id
from .payments import CARD_TYPES, COLOUR_NAMES, LUX1, LUX2, evaluate
from .rules.context import Ctx
from .state import FREE, NCARD, NSQ, PHASE_NAMES, State, card_base, seat_cards, square_name

_CARD_IDS = tuple(card_id(t) for t in range(NCARD))


def _cards(counts: list[int]) -> list[str]:
    out: list[str] = []
    for t in CARD_TYPES:
        if counts[t]:
            out += [_CARD_IDS[t]] * counts[t]
    return out


def _static_tile(ctx: Ctx, ti: int, sq: int) -> dict[str, Any]:
    """The parts of a tile's view that never change during a game (built once per data file and square)."""
    key = (ti, sq)
    found = ctx.view_static.get(key)
    if found is None:
        tile = ctx.tiles[ti]
        found = {
            "square": square_name(sq),
            "tile": tile.id,
            "name": tile.name,
            "letter": tile.letter,
            "kind": tile.kind,
            "colour": tile.colour,
            "majority": tile.majority.text(),
            "construction": tile.construction.text(),
            "neighbourhood": tile.neighbourhood.text(),
            "extra_action": tile.extra_action,
            "box_colours": ["any" if c < 0 else COLOUR_IDS[c] for c in tile.box_colours],
            "design_values": sorted(f for f, src in tile.provenance.items() if src == "design"),
        }
        ctx.view_static[key] = found
    return found


def _public_tile(ctx: Ctx, ti: int, sq: int, static: dict[str, Any]) -> dict[str, Any]:
    """The static parts a view shows (all but the box colours, which the boxes carry); copied by the caller."""
    key = (ti, sq)
    found = ctx.view_public.get(key)
    if found is None:
        found = {k: v for k, v in static.items() if k != "box_colours"}
        ctx.view_public[key] = found
    return found


# Views of tiles and cities seen recently, so that consecutive positions of a game share what did not change (the
# server then sends only the tiles that did). Sized for a few hundred games in play; the oldest entries go first.
# Kept small on purpose: every cached view is a handful of objects the garbage collector walks through.
TILE_CACHE = 8_192
CITY_CACHE = 1_024


def _make_room(cache: dict[Any, Any], size: int) -> None:
    """Drop the oldest entry of a full cache (dicts keep insertion order)."""
    if len(cache) >= size:
        del cache[next(iter(cache))]


def _city_view(ctx: Ctx, s: State) -> list[dict[str, Any]]:
    """The city's tiles; every seat of a position gets the same (read-only) list."""
    cities = ctx.view_cities
    key = (tuple(s.tile_at), tuple(s.rebuilt), tuple(s.boxes), tuple(s.figures), tuple(s.dragons))
    found = cities.get(key)
    if found is None:
        _make_room(cities, CITY_CACHE)
        figures: dict[int, list[int]] = {}
        for p in range(s.players):
            figures.setdefault(s.figures[p], []).append(p)
        dragons: dict[int, list[int]] = {}
        for d in range(3):
            dragons.setdefault(s.dragons[d], []).append(d)
        found = [_tile_view(ctx, s, sq, figures.get(sq, ()), dragons.get(sq, ()))
                 for sq in range(NSQ) if s.tile_at[sq] >= 0]
        cities[key] = found
    return found


def _tile_view(ctx: Ctx, s: State, sq: int, figures: Iterable[int], dragons: Iterable[int]) -> dict[str, Any]:
    """A tile's view, shared between calls while the tile looks the same (views are read-only data)."""
    ti = s.tile_at[sq]
    n = len(ctx.tiles[ti].boxes)
    tiles = ctx.view_tiles
    key = (ti, sq, s.rebuilt[sq], tuple(s.boxes[sq * 4 : sq * 4 + n]), tuple(figures), tuple(dragons))
    found = tiles.get(key)
    if found is None:
        _make_room(tiles, TILE_CACHE)
        found = _build_tile_view(ctx, s, sq)
        tiles[key] = found
    return found


def _build_tile_view(ctx: Ctx, s: State, sq: int) -> dict[str, Any]:
    ti = s.tile_at[sq]
    static = _static_tile(ctx, ti, sq)
    colours = static["box_colours"]
    base = sq * 4
    boxes = [
        {"slot": i + 1, "number": n, "colour": colours[i],
         "owner": None if s.boxes[base + i] == FREE else s.boxes[base + i]}
        for i, n in enumerate(ctx.tiles[ti].boxes)
    ]
    out = dict(_public_tile(ctx, ti, sq, static))
    out["design_values"] = list(static["design_values"])
    out["rebuilt"] = s.rebuilt[sq]
    out["boxes"] = boxes
    out["figures"] = [p for p in range(s.players) if s.figures[p] == sq]
    out["dragons"] = [DRAGON_NAMES[d] for d in range(3) if s.dragons[d] == sq]
    return out


def view(ctx: Ctx, s: State, seat: int | None) -> dict[str, Any]:
    """The public state, plus the seat's own hand and crystal total (BMC-13).

    The result is read-only data: parts that did not change (city tiles) may be the same objects as in an
    earlier view, so callers must copy before modifying.
    """
    return views(ctx, s, [seat])[seat]


def views(ctx: Ctx, s: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats of one position: the public part is built once and shared (read-only data),
    each seat's view adds only its own hand and crystal total."""
    public = _public_view(ctx, s)
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        mine = dict(public)
        mine["seat"] = seat
        if seat is not None:
            mine["hand"] = _cards(seat_cards(s.hands, seat))
            mine["crystals"] = s.crystals[seat]
        if s.over:
            mine["final_crystals"] = list(s.crystals)  # revealed at the end for the ranking (BMC-10.2)
        out[seat] = mine
    return out


def _people_names(ctx: Ctx, edition: str) -> dict[str, str]:
    found = ctx.view_people.get(edition)
    if found is None:
        found = ctx.view_people[edition] = {p.id: p.names[edition] for p in ctx.comp.peoples}
    return found


def _public_view(ctx: Ctx, s: State) -> dict[str, Any]:
    """What every seat sees; "seat" is filled in per viewer."""
    spaces = ctx.obelisk_spaces(s)
    return {
        "game": "bluemooncity",
        "edition": s.edition,
        "expansion": s.expansion,
        "layout": s.layout,
        "players": s.players,
        "seat": None,
        "turn": s.turn,
        "active": s.active,
        "phase": PHASE_NAMES[s.phase],
        "steps_left": s.steps,
        "contributed": s.contributed,
        "offered": s.offered,
        "city": _city_view(ctx, s),
        "dragons": {DRAGON_NAMES[d]: (square_name(s.dragons[d]) if s.dragons[d] >= 0 else None) for d in range(3)},
        "obelisk": {
            "spaces": spaces,
            "filled": list(s.obelisk),
            "next_cost": spaces[len(s.obelisk)] if len(s.obelisk) < len(spaces) else None,
            "to_win": ctx.comp.offerings_to_win(s.players),
        },
        "scales_pool": max(s.pool, 0),
        "deck_size": len(s.deck),
        "discard": [_CARD_IDS[t] for t in s.discard],
        "people_names": _people_names(ctx, s.edition),
        "seats": [
            {
                "seat": p,
                "figure": square_name(s.figures[p]),
                "scales": s.scales[p],
                "markers": s.markers[p],
                "hand_size": sum(seat_cards(s.hands, p)),
                "pending_cards": sum(seat_cards(s.pending, p)),
                "offerings": s.offerings[p],
            }
            for p in range(s.players)
        ],
        "payment": _payment_view(ctx, s),
        "over": s.over,
        "winners": list(s.winners),
        "draw": s.draw,
        "end_reason": s.end_reason,
    }


def _payment_view(ctx: Ctx, s: State) -> dict[str, Any] | None:
    if s.pay_box < 0:
        return None
    tile = ctx.tiles[s.tile_at[s.figures[s.active]]]
    fixed = tile.box_colours[s.pay_box]
    colour = s.pay_colour if fixed < 0 else fixed
    lux = []
    for c in range(8):
        lux += [{"card": "lux1", "colour": COLOUR_IDS[c]}] * s.pay_lux[c]
        lux += [{"card": "lux2", "colour": COLOUR_IDS[c]}] * s.pay_lux[8 + c]
    need = tile.boxes[s.pay_box]
    # What the cards in the payment are worth so far (an unpaired Mimix card counts 0 until its partner comes).
    worth = evaluate(s.pay_cards, s.pay_caps, colour, partial=True)[0]
    return {
        "box": s.pay_box + 1,
        "number": need,
        "colour": COLOUR_NAMES[colour],
        "cards": _cards(s.pay_cards),
        "lux": lux,
        "due": max(0, need - worth),
    }


def hidden_values(s: State, viewer: int | None) -> list[Any]:
    """Facts a viewer must not find in any payload: other hands, other crystal totals, deck order, pending."""
    secrets: list[Any] = []
    for p in range(s.players):
        if p != viewer:
            secrets.append(("hand", p, _cards(seat_cards(s.hands, p))))
            if not s.over:
                secrets.append(("crystals", p, s.crystals[p]))
        secrets.append(("pending", p, _cards(seat_cards(s.pending, p))))
    secrets.append(("deck", None, [card_id(t) for t in s.deck]))
    return secrets


def sample(s: State, seat: int, stream: int, keep: int | None = None) -> State:
    """Redeal what `seat` cannot see (deck order, other hands, all pending cards) from `stream`.

    The result depends only on what the seat sees and on `stream`: the unknown cards are pooled in a
    fixed order before the shuffle, and the state's own stream is reseeded so that the sample does not
    foretell the real game's future shuffles. Cards already put into an open payment (and Lux cards
    played for it) are public and stay in the active hand. `keep` names one more seat whose hand is
    kept (a last resort of `Rules.sample`). Other seats' crystal totals are kept: views hide them (BMC-13.2),
    but every crystal gained or paid is a public event, so a seat that remembers the log knows them.
    """
    out = s.copy()
    shown = committed_cards(s)
    redealt = [p for p in range(s.players) if p not in (seat, keep)]
    counts = [0] * NCARD  # per card type, the cards the seat cannot place
    for t in s.deck:
        counts[t] += 1
    for p in range(s.players):
        base = card_base(p)
        if p in redealt:
            kept = shown if p == s.active else _NO_CARDS
            counts = list(map(add, counts, map(sub, s.hands[base : base + NCARD], kept)))
            out.hands[base : base + NCARD] = kept
        counts = list(map(add, counts, s.pending[base : base + NCARD]))
    out.pending = [0] * len(s.pending)
    unknown = [t for t, n in enumerate(counts) for _ in range(n)]  # in a fixed order: by card type
    stream = rng_mod.shuffle(stream, unknown)
    for p in range(s.players):
        base = card_base(p)
        for _ in range(sum(s.pending[base : base + NCARD])):
            out.pending[base + unknown.pop()] += 1
        if p in redealt:
            for _ in range(sum(s.hands[base : base + NCARD]) - sum(out.hands[base : base + NCARD])):
                out.hands[base + unknown.pop()] += 1
    out.deck = unknown
    out.rng = rng_mod.seed_stream(stream, 1)
    return out


_NO_CARDS = [0] * NCARD


def committed_cards(s: State) -> list[int]:
    """Per card type, the active player's cards shown in the open payment (paid cards and Lux powers)."""
    shown = list(s.pay_cards)
    shown[LUX1] += sum(s.pay_lux[0:8])
    shown[LUX2] += sum(s.pay_lux[8:16])
    return shown


def invariants(ctx: Ctx, s: State) -> list[str]:
    """Broken invariants in words: 80 cards, markers, scales, crystals (for the conformance suite)."""
    errors: list[str] = []
    counts = [0] * NCARD
    for t in s.deck + s.discard:
        counts[t] += 1
    for i, n in enumerate(s.hands):
        counts[i % NCARD] += n
    for i, n in enumerate(s.pending):
        counts[i % NCARD] += n
    if counts != ctx.card_count:
        errors.append(f"cards not accounted for: {sum(counts)} in play, {sum(ctx.card_count)} in the game")
    if any(n < 0 for n in s.hands + s.pending):
        errors.append("a negative card count")
    for p in range(s.players):
        placed = s.boxes.count(p) + s.obelisk.count(p)
        if s.markers[p] < 0 or s.markers[p] + placed != ctx.markers:
            errors.append(f"Player {p + 1}: {s.markers[p]} markers left and {placed} placed")
        if s.crystals[p] < 0:
            errors.append(f"Player {p + 1} has {s.crystals[p]} crystals")
        if s.scales[p] < 0:
            errors.append(f"Player {p + 1} has {s.scales[p]} scales")
    if s.pool + sum(s.scales) != ctx.scale_total(s):
        errors.append(f"scales: pool {s.pool} + held {sum(s.scales)} != {ctx.scale_total(s)}")
    if s.pool < 0:
        errors.append(f"scale pool is {s.pool} outside a scoring")
    if len(s.obelisk) > len(ctx.obelisk_spaces(s)):
        errors.append("more offerings than obelisk spaces")
    return errors



def client_data(ctx: Ctx) -> dict[str, Any]:
    """What the browser renderer takes from the data file: each people's colour, letter and names per edition,
    and each tile's name and letter (so that a value corrected in the data file reaches the browser)."""
    return {
        "peoples": [{"id": p.id, "colour": p.colour, "letter": p.letter, "names": dict(p.names)}
                    for p in ctx.comp.peoples],
        "tiles": [{"id": t.id, "name": t.name, "letter": t.letter, "kind": t.kind} for t in ctx.tiles],
    }


def history_statistics(events: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, Any]:
    """Figures of a game read from its public events: when each building was completed (turn, by tile id), the
    cards played into buildings (by card id), the turn of the game's first, second ... offering, and how often
    the golden scales were scored."""
    turn = 1
    completed: dict[str, int] = {}
    cards: dict[str, int] = {}
    offerings: dict[str, int] = {}
    scorings = 0
    for action in events:
        for event in action:
            msg, params = event["msg"], event["params"]
            if msg == "turn":
                turn = int(params["turn"])
            elif msg == "building.complete":
                completed[str(params["tile"]).removeprefix("@tile.")] = turn
            elif msg == "pay.done":
                for card in params["cards"]:
                    name = str(card).removeprefix("@card.").replace(".", "")
                    cards[name] = cards.get(name, 0) + 1
            elif msg in ("offer", "offer.pillar"):
                offerings[str(len(offerings) + 1)] = turn
            elif msg == "scales.scored":
                scorings += 1
    return {"building_completed_turn": completed, "cards_played": cards, "offering_turn": offerings,
            "scale_scorings": scorings}


def statistics(ctx: Ctx, s: State) -> dict[str, Any]:
    """Figures of a game for the arena: per seat, then for the whole game."""
    return {
        "offerings": list(s.offerings),
        "crystals": list(s.crystals),
        "scales": list(s.scales),
        "markers": list(s.markers),
        "buildings_rebuilt": sum(1 for sq in range(NSQ) if s.rebuilt[sq] and ctx.is_building(s, sq)),
        "turns": s.turn,
    }
