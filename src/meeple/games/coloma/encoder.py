"""Coloma observation encoder: the documented vector of one seat's view (docs/rl.md, "Coloma encoder").

Declared in the spec (`encoder="meeple.games.coloma.encoder:make_encoder"`); the RL faces import it only through
that declaration. Built only from `game.view(seat)`, so it cannot show what the seat may not see: other hands,
deck orders and dials before the reveal are not in the view.

Seats are relative: slot 0 is the viewer, slot 1 the next seat clockwise, and so on, so one policy can play any
seat (Shade, in the solo game, has a block of its own). Every value lies in [0, 1]: counts are divided by the
scale named in the layout and clipped. The names of cards, spaces, Lands, Barrels, Bridges and Events come from
the data file the encoder is made for; a word it does not know raises ValueError rather than being dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.kit import Layout, clipped, index_of, relative

from .data import Components, load_components
from .state import CATEGORIES

MAX_SEATS = 5
PHASES = ("keep", "event", "select", "turn", "over")
SUBS = (None, "trade", "wagon", "discard")
COMMON_ACTIONS = 6  # 0 Barker Trade, 1-5 the Sites' common actions
BOOM_ACTIONS = 7  # -1 none, 0 Barker Barrel, 1-5 the Sites' Booms
RIVER_STATES = ("none", "river")  # then one per Bridge type
SCALE = {
    "vp": 120, "category": 40, "bucks": 20, "gold": 12, "dudes": 12, "tents": 8, "horses": 5, "gunmen": 12,
    "cards": 16, "barrels": 3, "supply_gold": 30, "supply_horses": 20, "outlaws": 10, "neutral": 3, "hotels": 10,
    "bridges": 3, "pile": 24, "trade": 3, "steps": 8, "bonus": 4, "shade_camps": 5, "rivers": 4, "handicap": 20,
    "return": 4,
}


def _scaled(x: float, scale: str) -> float:
    return clipped(x, SCALE[scale])


def _index(vocab: Sequence[Any], word: Any, what: str) -> int:
    return index_of(vocab, word, what, "coloma")


def build_layouts(comp: Components) -> tuple[Layout, Layout]:
    """The main layout and the per-seat block, for the component names of one data file."""
    cards, spaces, lands = len(comp.cards), len(comp.spaces), len(comp.lands)
    barrels, bridges = len(comp.barrels), len(comp.bridges)
    seat = Layout()
    seat.add("present", 1, "1 if this relative seat is in the game")
    seat.add("vp", 1, f"VP / {SCALE['vp']}")
    seat.add("vp_by_category", len(CATEGORIES), f"VP per category ({', '.join(CATEGORIES)}) / {SCALE['category']}")
    seat.add("lodge", 5, "Lodge: Bucks / 20, Gold / 12, Dudes / 12, Tents / 8, Horses / 5")
    seat.add("reserve", 2, "personal reserve: Dudes / 12, Tents / 8")
    seat.add("shootout", 2, "gunmen at the Shootout / 12, Graveyard / 12")
    seat.add("cards", 2, "hand size / 16, deck size / 16")
    seat.add("tableau", 2 * cards, "per card of the deck (C01..): built, covered by a Hotel")
    seat.add("rivers", 4 * (2 + bridges), "per river column 1-4, one-hot: no river, river, Bridge "
             + ", ".join(b.id for b in comp.bridges))
    seat.add("barrels", 2 * barrels, "per Barrel type (" + ", ".join(b.id for b in comp.barrels)
             + "): fresh / 3, then used / 3")
    seat.add("wagon", spaces, "one-hot space of the Wagon (" + " ".join(s.id for s in comp.spaces) + ")")
    seat.add("dial", 3, "dial set, position after the reveal / 5, cards still to put back / 4")
    main = Layout()
    main.add("players", MAX_SEATS, "one-hot player count 1-5")
    main.add("mode", 2, "solo game against Shade, Buster in play")
    main.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
    main.add("sub", len(SUBS), "one-hot step under way: none, trade, wagon, discard")
    main.add("round", 3, "one-hot round 1-3")
    main.add("chapter", 5, "one-hot chapter 1-5")
    main.add("active", MAX_SEATS, "one-hot relative seat whose turn it is (all 0 outside turns)")
    main.add("sheriff", MAX_SEATS + 1, "one-hot relative seat holding the Sheriff Badge, last slot Shade")
    main.add("wheel", 16, "one-hot Barker position (5), Signpost Site (5), Bust position (5, all 0: none), "
             "Signpost active")
    main.add("sections", 5 * (COMMON_ACTIONS + BOOM_ACTIONS), "per position 1-5: one-hot common action (Trade, "
             "Site 1-5), one-hot Boom action (none, Barrel, Site 1-5)")
    main.add("event", 5 + MAX_SEATS, "one-hot Barker Event by Site (5), relative seats still to answer it (5)")
    main.add("buster", 10, "Buster's two shown Sites (5, multi-hot), Buster's Site after the reveal (5)")
    main.add("supply", 7, "Gold Supply / 30, Gold Cart / 30, Horses / 20, Outlaws / 10, neutral gunmen / 3, "
             "Hotels / 10, face-down Barrels / 24")
    main.add("bridge_stock", bridges, "Bridges left per type / 3")
    main.add("barrel_spaces", max(comp.params["barrel_spaces"].values()) * barrels,
             "per face-up Barrel space: one-hot Barrel type (all 0: empty)")
    main.add("lands", lands * (MAX_SEATS + 1), "per Land L01..: one-hot relative seat of its Camp, last slot "
             "Shade (all 0: free)")
    main.add("turn", 6, "the turn's common used, Boom used, purchases left / 3, Wagon steps left / 8, Depot "
             "bonus / 4, Timber / 4")
    main.add("visited", spaces, "spaces the Wagon entered this turn")
    main.add("activated", cards, "Town Buildings activated this turn")
    main.add("built", cards, "Town Buildings built this turn")
    main.add("shade", 11 + 5 + 2 * spaces, "solo: Shade's Dudes / 12, Camps in hand / 5, Horses / 5, Gold / 12, "
             "River tiles / 4, Hotels / 10, Barrels / 3, VP / 120, gunmen / 12, handicap / 20, present; Site "
             "one-hot (5); Wagon one-hot; destination one-hot")
    main.add("hand", cards, "the viewer's own hand, per card")
    main.add("known_deck", 2 * cards, "per card: known to lie in the viewer's deck, its depth (index / 16)")
    main.add("dial", 5, "one-hot the viewer's own dial (all 0: not set)")
    main.add("end", 1 + MAX_SEATS, "game over; the relative seats with the most VP then")
    main.add("seats", MAX_SEATS * seat.size, "per relative seat 0-4 (0 = the viewer), the seat block")
    return main, seat


class ColomaEncoder:
    """The Coloma vector (see `layout`, `seat_layout` and docs/rl.md), seat-relative, values in [0, 1]."""

    low = 0.0
    high = 1.0

    def __init__(self, comp: Components | None = None) -> None:
        comp = comp or load_components(None)
        self.layout, self.seat_layout = build_layouts(comp)
        self.size = self.layout.size
        self.off = self.layout.offsets()
        self.soff = self.seat_layout.offsets()
        self.cards = [c.id for c in comp.cards]
        self.spaces = [s.id for s in comp.spaces]
        self.lands = [land.id for land in comp.lands]
        self.barrels = [b.id for b in comp.barrels]
        self.bridges = [b.id for b in comp.bridges]
        self.events = [e.id for e in comp.events]

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v = np.zeros(self.size, dtype=np.float32)
        off = self.off
        players = int(view["players"])
        viewer = view.get("seat")
        base = 0 if viewer is None else int(viewer)

        def rel(seat: int) -> int:
            return relative(seat, base, players)

        v[off["players"] + players - 1] = 1.0
        v[off["mode"]] = float(bool(view["solo"]))
        v[off["mode"] + 1] = float(view["buster"] is not None)
        v[off["phase"] + _index(PHASES, view["phase"], "phase")] = 1.0
        v[off["sub"] + _index(SUBS, view["sub"], "step")] = 1.0
        v[off["round"] + int(view["round"]) - 1] = 1.0
        v[off["chapter"] + int(view["chapter"]) - 1] = 1.0
        if view["active"] is not None:
            v[off["active"] + rel(view["active"])] = 1.0
        sheriff = view["sheriff"]
        v[off["sheriff"] + (MAX_SEATS if sheriff == "shade" else rel(sheriff))] = 1.0
        self._wheel(view, v)
        if view["event"] is not None:
            v[off["event"] + _index(self.events, view["event"], "Event")] = 1.0
        for seat in view["event_waiting"]:
            v[off["event"] + 5 + rel(seat)] = 1.0
        buster = view["buster"]
        if buster is not None:
            for site in buster["shown"]:
                v[off["buster"] + int(site) - 1] = 1.0
            if buster["site"]:
                v[off["buster"] + 5 + int(buster["site"]) - 1] = 1.0
        o = off["supply"]
        for i, (key, scale) in enumerate((("gold_supply", "supply_gold"), ("gold_cart", "supply_gold"),
                                          ("horse_supply", "supply_horses"), ("outlaws", "outlaws"),
                                          ("neutral_gunmen", "neutral"), ("hotels", "hotels"),
                                          ("barrel_pile", "pile"))):
            v[o + i] = _scaled(view[key], scale)
        for b, count in view["bridges"].items():
            v[off["bridge_stock"] + _index(self.bridges, b, "Bridge")] = _scaled(count, "bridges")
        for i, barrel in enumerate(view["barrel_spaces"]):
            if barrel is not None:
                v[off["barrel_spaces"] + i * len(self.barrels) + _index(self.barrels, barrel, "Barrel")] = 1.0
        for land, owner in view["lands"].items():
            if owner is not None:
                slot = MAX_SEATS if owner == "shade" else rel(owner)
                v[off["lands"] + _index(self.lands, land, "Land") * (MAX_SEATS + 1) + slot] = 1.0
        self._turn(view.get("turn"), v)
        self._shade(view.get("shade"), v)
        self._private(view, v)
        if view["over"]:
            v[off["end"]] = 1.0
            best = max(s["vp"] for s in view["seats"])
            for s in view["seats"]:
                if s["vp"] == best:
                    v[off["end"] + 1 + rel(s["seat"])] = 1.0
        for s in view["seats"]:
            self._seat(s, v, off["seats"] + rel(s["seat"]) * self.seat_layout.size)
        return v

    # -- blocks -----------------------------------------------------------------------
    def _wheel(self, view: Mapping[str, Any], v: np.ndarray) -> None:
        wheel = view["wheel"]
        o = self.off["wheel"]
        v[o + int(wheel["barker"]) - 1] = 1.0
        v[o + 5 + int(wheel["signpost"]) - 1] = 1.0
        if wheel["bust"]:
            v[o + 10 + int(wheel["bust"]) - 1] = 1.0
        v[o + 15] = float(bool(wheel["signpost_active"]))
        width = COMMON_ACTIONS + BOOM_ACTIONS
        for pos, (common, boom) in wheel["sections"].items():
            start = self.off["sections"] + (int(pos) - 1) * width
            if not 0 <= int(common) < COMMON_ACTIONS or not -1 <= int(boom) < BOOM_ACTIONS - 1:
                raise ValueError(f"coloma encoder: unknown sections {common!r}/{boom!r} in the view")
            v[start + int(common)] = 1.0
            v[start + COMMON_ACTIONS + int(boom) + 1] = 1.0

    def _turn(self, turn: Mapping[str, Any] | None, v: np.ndarray) -> None:
        if turn is None:
            return
        o = self.off["turn"]
        v[o] = float(turn["common_done"])
        v[o + 1] = float(turn["boom_done"])
        v[o + 2] = _scaled(turn["trade_left"], "trade")
        v[o + 3] = _scaled(turn["wagon_left"], "steps")
        v[o + 4] = _scaled(turn["depot"], "bonus")
        v[o + 5] = _scaled(turn["timber"], "bonus")
        for name, vocab, key in (("visited", self.spaces, "visited"), ("activated", self.cards, "activated"),
                                 ("built", self.cards, "built")):
            for word in turn[key]:
                v[self.off[name] + _index(vocab, word, name)] = 1.0

    def _shade(self, shade: Mapping[str, Any] | None, v: np.ndarray) -> None:
        if shade is None:
            return
        o = self.off["shade"]
        for i, (key, scale) in enumerate((("dudes", "dudes"), ("camps", "shade_camps"), ("horses", "horses"),
                                          ("gold", "gold"), ("rivers", "rivers"), ("hotels", "hotels"),
                                          ("barrels", "barrels"), ("vp", "vp"), ("gunmen", "gunmen"),
                                          ("handicap", "handicap"))):
            v[o + i] = _scaled(shade[key], scale)
        v[o + 10] = 1.0
        if shade["site"]:
            v[o + 11 + int(shade["site"]) - 1] = 1.0
        n = len(self.spaces)
        v[o + 16 + _index(self.spaces, shade["wagon"], "space")] = 1.0
        if shade["destination"] is not None:
            v[o + 16 + n + _index(self.spaces, shade["destination"], "space")] = 1.0

    def _private(self, view: Mapping[str, Any], v: np.ndarray) -> None:
        for card in view.get("hand", ()):
            v[self.off["hand"] + _index(self.cards, card, "card")] = 1.0
        n = len(self.cards)
        for depth, card in view.get("known_deck", ()):
            i = _index(self.cards, card, "card")
            v[self.off["known_deck"] + i] = 1.0
            v[self.off["known_deck"] + n + i] = _scaled(depth, "cards")
        if view.get("dial"):
            v[self.off["dial"] + int(view["dial"]) - 1] = 1.0

    def _seat(self, s: Mapping[str, Any], v: np.ndarray, start: int) -> None:
        so = {k: start + x for k, x in self.soff.items()}
        v[so["present"]] = 1.0
        v[so["vp"]] = _scaled(s["vp"], "vp")
        for i, cat in enumerate(CATEGORIES):
            v[so["vp_by_category"] + i] = _scaled(s["vp_by_category"][cat], "category")
        lodge = s["lodge"]
        for i, key in enumerate(("bucks", "gold", "dudes", "tents", "horses")):
            v[so["lodge"] + i] = _scaled(lodge[key], key)
        v[so["reserve"]] = _scaled(s["reserve"]["dudes"], "dudes")
        v[so["reserve"] + 1] = _scaled(s["reserve"]["tents"], "tents")
        v[so["shootout"]] = _scaled(s["gunmen"], "gunmen")
        v[so["shootout"] + 1] = _scaled(s["graveyard"], "gunmen")
        v[so["cards"]] = _scaled(s["hand_size"], "cards")
        v[so["cards"] + 1] = _scaled(s["deck_size"], "cards")
        for t in s["tableau"]:
            i = _index(self.cards, t["card"], "card")
            v[so["tableau"] + 2 * i] = 1.0
            v[so["tableau"] + 2 * i + 1] = float(bool(t["hotel"]))
        width = 2 + len(self.bridges)
        for col, river in enumerate(s["rivers"]):
            state = 0 if river is None else 1 if river == "river" else 2 + _index(self.bridges, river, "Bridge")
            v[so["rivers"] + col * width + state] = 1.0
        nb = len(self.barrels)
        for kind, shift in (("fresh", 0), ("used", nb)):
            for barrel in s["barrels"][kind]:
                v[so["barrels"] + shift + _index(self.barrels, barrel, "Barrel")] += 1.0 / SCALE["barrels"]
        v[so["wagon"] + _index(self.spaces, s["wagon"], "space")] = 1.0
        v[so["dial"]] = float(bool(s["dialled"]))
        v[so["dial"] + 1] = (s["position"] or 0) / 5.0
        v[so["dial"] + 2] = _scaled(s["to_return"], "return")
        np.clip(v[start:start + self.seat_layout.size], 0.0, 1.0, out=v[start:start + self.seat_layout.size])


def make_encoder(players: int, options: Mapping[str, Any]) -> ColomaEncoder:
    """The encoder for a Coloma game (the same vector for every player count and option: absent seats are 0)."""
    return ColomaEncoder()
