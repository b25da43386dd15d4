"""Blue Moon City observation encoder: the documented vector of one seat's view (docs/rl.md).

The game declares it in its spec (`encoder="meeple.rl.encoders.bluemooncity:make_encoder"`); the RL faces
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

from .layout import Layout

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
_OFF = {f.name: f.offset for f in LAYOUT.fields}
_SQ = {f.name: f.offset for f in SQUARE_LAYOUT.fields}


def _index(vocab: Sequence[Any], word: Any, what: str) -> int:
    try:
        return vocab.index(word)
    except ValueError:
        known = ", ".join(map(str, vocab))
        raise ValueError(f"bluemooncity encoder: unknown {what} {word!r} in the view (known: {known})") from None


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
    return min(max(x / SCALE[scale], 0.0), 1.0)


class BlueMoonCityEncoder:
    """The Blue Moon City vector (see LAYOUT and docs/rl.md), seat-relative, values in [0, 1]."""

    low = 0.0
    high = 1.0
    size = LAYOUT.size
    layout = LAYOUT
    square_layout = SQUARE_LAYOUT

    def __init__(self) -> None:
        self._tiles: dict[str, list[tuple[int, float]]] = {}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v: dict[int, float] = {}  # sparse: most of the vector is zero
        players = int(view["players"])
        viewer = view.get("seat")
        base = 0 if viewer is None else int(viewer)

        def rel(seat: int) -> int:
            return (int(seat) - base) % players

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

