"""Blue Moon City observation encoder: the documented vector of one seat's view (docs/rl.md).

The game declares it in its spec (`encoder="meeple.games.bluemooncity.encoder:make_encoder"`); the RL faces
import it only through that declaration.

Built only from `game.view(seat)`, so it cannot show what the seat may not see. Seats are
*relative*: slot 0 is always the viewer, slot 1 the next seat in turn order, and so on, so one
policy can play any seat. Every value lies in [0, 1]: counts are divided by the scale named in
the layout and clipped. A word the encoder does not know raises ValueError rather than being
silently dropped, so a change to the view is noticed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.kit import Layout, clipped, index_of, seat_order

MAX_SEATS = 4
SQUARES = 25  # a1..e5, index = (row - 1) * 5 + column
BOXES = 4
PEOPLES = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
COLOURS = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow")
TILE_COLOURS = (*COLOURS, "any", "mixed", "none")
BOX_COLOURS = (*COLOURS, "any")
PAY_COLOURS = (*COLOURS, "wild")
KINDS = ("courtyard", "start", "random", "expansion")
EXTRA_ACTIONS = ("none", "move", "draw", "offer")
PHASES = ("movement", "contribution", "payment", "extra action", "refill", "over")
EDITIONS = ("cmon2019", "kosmos2006")
LAYOUTS = ("standard", "open")
DRAGONS = ("red", "green", "blue")
REWARDS = ("majority", "construction", "neighbourhood")
REWARD_KINDS = ("c", "s", "k")
CARDS = 24  # people index * 3 + value - 1 (Khind has value 1 only: its other slots stay 0)

# Scales that bring counts into [0, 1]; larger values are clipped.
SCALE = {
    "steps": 8, "offered": 4, "turn": 400, "box": 6, "reward": 4, "scales": 20, "markers": 10,
    "hand": 12, "pending": 8, "offerings": 8, "pool": 30, "deck": 80, "discard": 12, "card": 6,
    "crystals": 60, "cost": 16, "to_win": 8, "spaces": 16, "lux": 4,
}


def _square_layout() -> Layout:
    sq = Layout()
    sq.add("tile", 1, "1 if a tile lies on the square")
    sq.add("rebuilt", 1, "1 if its building is rebuilt")
    sq.add("colour", len(TILE_COLOURS), "one-hot tile colour: " + ", ".join(TILE_COLOURS))
    sq.add("kind", len(KINDS), "one-hot tile kind: " + ", ".join(KINDS))
    sq.add("extra_action", len(EXTRA_ACTIONS), "one-hot extra action: " + ", ".join(EXTRA_ACTIONS))
    sq.add("rewards", 9, "crystals, scales, cards of the majority, construction and neighbourhood rewards, / 4")
    sq.add("figures", MAX_SEATS, "relative seats whose figure stands here")
    sq.add("dragons", len(DRAGONS), "the red, green, blue dragon stands here")
    sq.add("boxes", BOXES * 15, "per box slot 1-4: exists, number / 6, one-hot colour (" + ", ".join(BOX_COLOURS)
           + "), one-hot relative seat of its marker (4)")
    return sq


def _main_layout(square_size: int) -> Layout:
    lay = Layout()
    lay.add("players", 3, "one-hot player count 2, 3, 4")
    lay.add("edition", len(EDITIONS), "one-hot edition: " + ", ".join(EDITIONS))
    lay.add("expansion", 1, "1 with the expansion")
    lay.add("layout", len(LAYOUTS), "one-hot layout: " + ", ".join(LAYOUTS))
    lay.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
    lay.add("active", MAX_SEATS, "one-hot relative seat of the active player (0 = the viewer)")
    lay.add("turn", 4, "steps left / 8, contributed this turn, offerings this turn / 4, turn number / 400")
    lay.add("dragons_off", len(DRAGONS), "the red, green, blue dragon is outside the city")
    lay.add("obelisk", 4, "filled spaces / spaces, next cost / 16 (0 when full), offerings to win / 8, spaces / 16")
    lay.add("supply", 2, "scales in the pool / 30, cards in the deck / 80")
    lay.add("discard", CARDS, "cards in the discard pile by type (vulca1 .. pillar3), / 12")
    lay.add("seats", MAX_SEATS * 6, "per relative seat: present, scales / 20, markers left / 10, hand size / 12, "
            "pending cards / 8, offerings / 8")
    lay.add("hand", CARDS, "the viewer's own cards by type, / 6")
    lay.add("crystals", 1, "the viewer's own crystal total / 60")
    lay.add("payment", 55, "open payment: open, one-hot box slot (4), number / 6, one-hot colour ("
            + ", ".join(PAY_COLOURS) + "), cards put in by type (24) / 6, Lux 1 then Lux 2 powers per colour (16) / 4")
    lay.add("end", 6, "game over, relative seats of the winners (4), draw")
    lay.add("city", SQUARES * square_size, "25 squares a1, b1 .. e5 (row by row), each one square block")
    return lay


SQUARE_LAYOUT = _square_layout()
LAYOUT = _main_layout(SQUARE_LAYOUT.size)
_OFF = LAYOUT.offsets()
_SQ = SQUARE_LAYOUT.offsets()


def _index(vocab: Sequence[Any], word: Any, what: str) -> int:
    return index_of(vocab, word, what, "bluemooncity")


def card_index(card: str) -> int:
    """Type index of a card id such as `terrah3`."""
    idx = _CARD_INDEX.get(card)
    if idx is None:
        raise ValueError(f"bluemooncity encoder: unknown card {card!r} in the view")
    return idx


_CARD_INDEX = {f"{people}{value}": p * 3 + value - 1 for p, people in enumerate(PEOPLES) for value in (1, 2, 3)}


def square_index(name: str) -> int:
    idx = _SQUARE_INDEX.get(name)
    if idx is None:
        raise ValueError(f"bluemooncity encoder: unknown square {name!r} in the view")
    return idx


_SQUARE_INDEX = {f"{c}{r}": (r - 1) * 5 + i for i, c in enumerate("abcde") for r in range(1, 6)}


def _reward(text: str) -> list[float]:
    """Crystals, scales, cards of a reward text such as `1c+1s+1k` or `none`."""
    amounts = [0.0, 0.0, 0.0]
    if text == "none":
        return amounts
    for part in text.split("+"):
        kind = part[-1:]
        if kind not in REWARD_KINDS or not part[:-1].isdigit():
            raise ValueError(f"bluemooncity encoder: unknown reward {text!r} in the view")
        amounts[REWARD_KINDS.index(kind)] += int(part[:-1])
    return amounts


def _scaled(x: float, scale: str) -> float:
    return clipped(x, SCALE[scale])


class BlueMoonCityEncoder:
    """The Blue Moon City vector (see LAYOUT and docs/rl.md), seat-relative, values in [0, 1]."""

    low = 0.0
    high = 1.0
    size = LAYOUT.size
    layout = LAYOUT
    square_layout = SQUARE_LAYOUT

    def __init__(self) -> None:
        self._tiles: dict[str, list[tuple[int, float]]] = {}
        self._state_tables: _StateTables | None = None

    def encode_state(self, rules: Any, state: Any, seat: int | None) -> np.ndarray:
        """The vector of `encode(rules.view(state, seat))`, read straight from the state (several times faster:
        no view is built). It reads only what the view shows the seat."""
        return _encode_state(self, rules, state, seat)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v: dict[int, float] = {}  # sparse: most of the vector is zero
        players = int(view["players"])
        rel = seat_order(view.get("seat"), players)

        self._globals(view, v, players, rel)
        self._seats(view, v, rel)
        self._private(view, v)
        self._payment(view.get("payment"), v)
        self._end(view, v, rel)
        for tile in view["city"]:
            self._square(tile, v, rel)
        out = np.zeros(self.size, dtype=np.float32)
        out[np.fromiter(v.keys(), dtype=np.intp, count=len(v))] = np.fromiter(v.values(), dtype=np.float32,
                                                                            count=len(v))
        return out

    # -- blocks -----------------------------------------------------------------------
    def _globals(self, view: Mapping[str, Any], v: dict[int, float], players: int, rel: Any) -> None:
        v[_OFF["players"] + _index((2, 3, 4), players, "player count")] = 1.0
        v[_OFF["edition"] + _index(EDITIONS, view["edition"], "edition")] = 1.0
        v[_OFF["expansion"]] = 1.0 if view["expansion"] else 0.0
        v[_OFF["layout"] + _index(LAYOUTS, view["layout"], "layout")] = 1.0
        v[_OFF["phase"] + _index(PHASES, view["phase"], "phase")] = 1.0
        v[_OFF["active"] + rel(view["active"])] = 1.0
        t = _OFF["turn"]
        v[t] = _scaled(view["steps_left"], "steps")
        v[t + 1] = 1.0 if view["contributed"] else 0.0
        v[t + 2] = _scaled(view["offered"], "offered")
        v[t + 3] = _scaled(view["turn"], "turn")
        for d, name in enumerate(DRAGONS):
            if view["dragons"].get(name) is None:
                v[_OFF["dragons_off"] + d] = 1.0
        ob = view["obelisk"]
        o = _OFF["obelisk"]
        spaces = len(ob["spaces"])
        v[o] = len(ob["filled"]) / spaces if spaces else 0.0
        v[o + 1] = _scaled(ob["next_cost"] or 0, "cost")
        v[o + 2] = _scaled(ob["to_win"], "to_win")
        v[o + 3] = _scaled(spaces, "spaces")
        v[_OFF["supply"]] = _scaled(view["scales_pool"], "pool")
        v[_OFF["supply"] + 1] = _scaled(view["deck_size"], "deck")
        _card_counts(view["discard"], v, _OFF["discard"], "discard")

    def _seats(self, view: Mapping[str, Any], v: dict[int, float], rel: Any) -> None:
        for seat in view["seats"]:
            o = _OFF["seats"] + rel(seat["seat"]) * 6
            v[o] = 1.0
            v[o + 1] = _scaled(seat["scales"], "scales")
            v[o + 2] = _scaled(seat["markers"], "markers")
            v[o + 3] = _scaled(seat["hand_size"], "hand")
            v[o + 4] = _scaled(seat["pending_cards"], "pending")
            v[o + 5] = _scaled(seat["offerings"], "offerings")

    def _private(self, view: Mapping[str, Any], v: dict[int, float]) -> None:
        _card_counts(view.get("hand", ()), v, _OFF["hand"], "card")
        v[_OFF["crystals"]] = _scaled(view.get("crystals", 0), "crystals")

    def _payment(self, pay: Mapping[str, Any] | None, v: dict[int, float]) -> None:
        if not pay:
            return
        o = _OFF["payment"]
        v[o] = 1.0
        v[o + 1 + _index((1, 2, 3, 4), pay["box"], "box slot")] = 1.0
        v[o + 5] = _scaled(pay["number"], "box")
        v[o + 6 + _index(PAY_COLOURS, pay["colour"], "payment colour")] = 1.0
        _card_counts(pay["cards"], v, o + 15, "card")
        for lux in pay["lux"]:
            power = 0 if lux["card"] == "lux1" else 8
            i = o + 39 + power + _index(COLOURS, lux["colour"], "Lux colour")
            v[i] = min(v.get(i, 0.0) + 1.0 / SCALE["lux"], 1.0)

    def _end(self, view: Mapping[str, Any], v: dict[int, float], rel: Any) -> None:
        o = _OFF["end"]
        v[o] = 1.0 if view["over"] else 0.0
        for w in view["winners"]:
            v[o + 1 + rel(w)] = 1.0
        v[o + 5] = 1.0 if view["draw"] else 0.0

    def _square(self, tile: Mapping[str, Any], v: dict[int, float], rel: Any) -> None:
        o = _OFF["city"] + square_index(tile["square"]) * SQUARE_LAYOUT.size
        for i, x in self._tile_constants(tile):
            v[o + i] = x
        v[o + _SQ["rebuilt"]] = 1.0 if tile["rebuilt"] else 0.0
        for seat in tile["figures"]:
            v[o + _SQ["figures"] + rel(seat)] = 1.0
        for name in tile["dragons"]:
            v[o + _SQ["dragons"] + _index(DRAGONS, name, "dragon")] = 1.0
        for box in tile["boxes"]:
            if box["owner"] is not None:
                v[o + _SQ["boxes"] + (int(box["slot"]) - 1) * 15 + 11 + rel(box["owner"])] = 1.0

    def _tile_constants(self, tile: Mapping[str, Any]) -> list[tuple[int, float]]:
        # A tile's printed fields never change, and an encoder serves the games of one environment (one
        # data file), so they are encoded once per tile id.
        key = tile["tile"]
        cached = self._tiles.get(key)
        if cached is None:
            cached = _tile_entries(tile)
            self._tiles[key] = cached
        return cached


def _tile_entries(tile: Mapping[str, Any]) -> list[tuple[int, float]]:
    out = [
        (_SQ["tile"], 1.0),
        (_SQ["colour"] + _index(TILE_COLOURS, tile["colour"], "tile colour"), 1.0),
        (_SQ["kind"] + _index(KINDS, tile["kind"], "tile kind"), 1.0),
        (_SQ["extra_action"] + _index(EXTRA_ACTIONS, tile["extra_action"], "extra action"), 1.0),
    ]
    for k, name in enumerate(REWARDS):
        for j, amount in enumerate(_reward(tile[name])):
            if amount:
                out.append((_SQ["rewards"] + k * 3 + j, _scaled(amount, "reward")))
    for box in tile["boxes"]:
        b = _SQ["boxes"] + (_index((1, 2, 3, 4), box["slot"], "box slot")) * 15
        out.append((b, 1.0))
        out.append((b + 1, _scaled(box["number"], "box")))
        out.append((b + 2 + _index(BOX_COLOURS, box["colour"], "box colour"), 1.0))
    return out


def _card_counts(cards: Sequence[str], v: dict[int, float], offset: int, scale: str) -> None:
    step = 1.0 / SCALE[scale]
    for card in cards:
        i = offset + card_index(card)
        v[i] = min(v.get(i, 0.0) + step, 1.0)


def make_encoder(players: int, options: Mapping[str, Any]) -> BlueMoonCityEncoder:
    return BlueMoonCityEncoder()



# -- straight from the state ----------------------------------------------------------------------------------
# The RL faces call `encode_state(rules, state, seat)` when an encoder offers it: the same vector as
# `encode(rules.view(state, seat))` (a test compares both over many random positions), without building the
# view. It reads only what `view` shows the seat: the public state, the seat's own hand and crystals.


def _accumulated(step: float, count: int) -> float:
    """What `_card_counts` gives for `count` cards of one type: the same additions, clipped at 1."""
    value = 0.0
    for _ in range(count):
        value = min(value + step, 1.0)
    return value


class _StateTables:
    """Index maps from the game's own numbering to the encoder's, built once per rules (data file)."""

    def __init__(self, rules: Any) -> None:
        from .actions import COLOUR_IDS, DRAGON_NAMES, card_id
        from .payments import COLOUR_NAMES
        from .state import NCARD, NSQ, PHASE_NAMES, square_name

        self.ctx = rules.ctx
        self.ncard = NCARD
        self.card = [card_index(card_id(t)) for t in range(NCARD)]
        self.square = [square_index(square_name(sq)) for sq in range(NSQ)]
        self.phase = [_index(PHASES, name, "phase") for name in PHASE_NAMES]
        self.dragon = [_index(DRAGONS, name, "dragon") for name in DRAGON_NAMES]
        self.pay_colour = [_index(PAY_COLOURS, name, "payment colour") for name in COLOUR_NAMES]
        self.lux_colour = [_index(COLOURS, COLOUR_IDS[c], "Lux colour") for c in range(8)]
        self.tiles: dict[int, list[tuple[int, float]]] = {}
        self.games: dict[tuple[Any, ...], tuple[np.ndarray, list[tuple[int, int, int]]]] = {}

    def _game(self, s: Any) -> tuple[np.ndarray, list[tuple[int, int, int]]]:
        """The part of the vector fixed for a whole game (player count, edition, options, obelisk size, the
        printed tiles of the city), and the city's squares as (square, offset, boxes); kept for a few games."""
        key = (s.players, s.edition, s.expansion, s.layout, tuple(s.tile_at))
        found = self.games.get(key)
        if found is None:
            if len(self.games) >= 64:
                del self.games[next(iter(self.games))]
            out = np.zeros(LAYOUT.size, dtype=np.float32)
            out[_OFF["players"] + _index((2, 3, 4), s.players, "player count")] = 1.0
            out[_OFF["edition"] + _index(EDITIONS, s.edition, "edition")] = 1.0
            out[_OFF["expansion"]] = 1.0 if s.expansion else 0.0
            out[_OFF["layout"] + _index(LAYOUTS, s.layout, "layout")] = 1.0
            spaces = len(self.ctx.obelisk_spaces(s))
            out[_OFF["obelisk"] + 2] = _scaled(self.ctx.comp.offerings_to_win(s.players), "to_win")
            out[_OFF["obelisk"] + 3] = _scaled(spaces, "spaces")
            squares = []
            for sq, ti in enumerate(s.tile_at):
                if ti >= 0:
                    o = _OFF["city"] + self.square[sq] * SQUARE_LAYOUT.size
                    for i, x in self.tile(ti):
                        out[o + i] = x
                    squares.append((sq, o, len(self.ctx.tiles[ti].boxes)))
            found = self.games[key] = (out, squares)
        return found

    def constant(self, s: Any) -> np.ndarray:
        return self._game(s)[0]

    def squares(self, s: Any) -> list[tuple[int, int, int]]:
        return self._game(s)[1]

    def tile(self, ti: int) -> list[tuple[int, float]]:
        found = self.tiles.get(ti)
        if found is None:
            tile = self.ctx.tiles[ti]
            found = _tile_entries({
                "colour": tile.colour, "kind": tile.kind, "extra_action": tile.extra_action,
                "majority": tile.majority.text(), "construction": tile.construction.text(),
                "neighbourhood": tile.neighbourhood.text(),
                "boxes": [{"slot": i + 1, "number": n, "colour": "any" if c < 0 else COLOURS[c]}
                          for i, (n, c) in enumerate(zip(tile.boxes, tile.box_colours, strict=True))],
            })
            self.tiles[ti] = found
        return found


_ACC = {scale: [_accumulated(1.0 / SCALE[scale], n) for n in range(100)] for scale in ("discard", "card")}
_LUX = [_accumulated(1.0 / SCALE["lux"], n) for n in range(40)]


def _encode_state(self: BlueMoonCityEncoder, rules: Any, s: Any, seat: int | None) -> np.ndarray:
    """The vector of `encode(rules.view(s, seat))`, read from the state (see above)."""
    t = self._state_tables
    if t is None or t.ctx is not rules.ctx:
        t = self._state_tables = _StateTables(rules)
    ctx = t.ctx
    players = s.players
    base = 0 if seat is None else seat
    out = t.constant(s).copy()  # what stays the same through a game: set-up, the printed tiles of the city
    idx: list[int] = []
    val: list[float] = []
    put = idx.append
    value = val.append
    put(_OFF["phase"] + t.phase[s.phase]), value(1.0)
    put(_OFF["active"] + (s.active - base) % players), value(1.0)
    o = _OFF["turn"]
    idx += (o, o + 1, o + 2, o + 3)
    val += (_scaled(s.steps, "steps"), 1.0 if s.contributed else 0.0, _scaled(s.offered, "offered"),
            _scaled(s.turn, "turn"))
    for d in range(3):
        if s.dragons[d] < 0:
            put(_OFF["dragons_off"] + t.dragon[d]), value(1.0)
    spaces = ctx.obelisk_spaces(s)
    filled = len(s.obelisk)
    o = _OFF["obelisk"]
    idx += (o, o + 1)
    val += (filled / len(spaces) if spaces else 0.0, _scaled(spaces[filled] if filled < len(spaces) else 0, "cost"))
    idx += (_OFF["supply"], _OFF["supply"] + 1)
    val += (_scaled(max(s.pool, 0), "pool"), _scaled(len(s.deck), "deck"))
    _counts_into(idx, val, _OFF["discard"], t.card, _type_counts(s.discard, t.ncard), _ACC["discard"])
    n = t.ncard
    for p in range(players):
        o = _OFF["seats"] + ((p - base) % players) * 6
        idx += (o, o + 1, o + 2, o + 3, o + 4, o + 5)
        val += (1.0, _scaled(s.scales[p], "scales"), _scaled(s.markers[p], "markers"),
                _scaled(sum(s.hands[p * n : p * n + n]), "hand"), _scaled(sum(s.pending[p * n : p * n + n]), "pending"),
                _scaled(s.offerings[p], "offerings"))
    if seat is not None:
        _counts_into(idx, val, _OFF["hand"], t.card, s.hands[seat * n : seat * n + n], _ACC["card"])
        put(_OFF["crystals"]), value(_scaled(s.crystals[seat], "crystals"))
    if s.pay_box >= 0:
        _payment_into(idx, val, t, s)
    o = _OFF["end"]
    if s.over:
        put(o), value(1.0)
    for w in s.winners:
        put(o + 1 + (w - base) % players), value(1.0)
    if s.draw:
        put(o + 5), value(1.0)
    _city_into(idx, val, t, s, base, players)
    out[idx] = val
    return out


def _type_counts(cards: Sequence[int], ncard: int) -> list[int]:
    counts = [0] * ncard
    for c in cards:
        counts[c] += 1
    return counts


def _counts_into(idx: list[int], val: list[float], offset: int, index: list[int], counts: Sequence[int],
                 table: list[float]) -> None:
    for ty, count in enumerate(counts):
        if count:
            idx.append(offset + index[ty])
            val.append(table[count] if count < len(table) else 1.0)


def _payment_into(idx: list[int], val: list[float], t: _StateTables, s: Any) -> None:
    tile = t.ctx.tiles[s.tile_at[s.figures[s.active]]]
    fixed = tile.box_colours[s.pay_box]
    o = _OFF["payment"]
    idx += (o, o + 1 + s.pay_box, o + 5, o + 6 + t.pay_colour[s.pay_colour if fixed < 0 else fixed])
    val += (1.0, 1.0, _scaled(tile.boxes[s.pay_box], "box"), 1.0)
    _counts_into(idx, val, o + 15, t.card, s.pay_cards, _ACC["card"])
    for c in range(8):
        for power, count in ((0, s.pay_lux[c]), (8, s.pay_lux[8 + c])):
            if count:
                idx.append(o + 39 + power + t.lux_colour[c])
                val.append(_LUX[count] if count < len(_LUX) else 1.0)


def _city_into(idx: list[int], val: list[float], t: _StateTables, s: Any, base: int, players: int) -> None:
    for sq, o, nboxes in t.squares(s):
        if s.rebuilt[sq]:
            idx.append(o + _SQ["rebuilt"])
            val.append(1.0)
        for i in range(nboxes):
            owner = s.boxes[sq * 4 + i]
            if owner >= 0:
                idx.append(o + _SQ["boxes"] + i * 15 + 11 + (owner - base) % players)
                val.append(1.0)
    city, size = _OFF["city"], SQUARE_LAYOUT.size
    for p in range(players):
        idx.append(city + t.square[s.figures[p]] * size + _SQ["figures"] + (p - base) % players)
        val.append(1.0)
    for d in range(3):
        if s.dragons[d] >= 0:
            idx.append(city + t.square[s.dragons[d]] * size + _SQ["dragons"] + t.dragon[d])
            val.append(1.0)
