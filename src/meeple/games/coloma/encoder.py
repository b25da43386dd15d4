"""Coloma observation encoder: the documented vector of one seat's view (docs/rl.md, "Coloma encoder").

Declared in the spec (`encoder="meeple.games.coloma.encoder:make_encoder"`); the RL faces import it only through
that declaration. Built from `game.view(seat)`, so it cannot show what the seat may not see: other hands,
deck orders and dials before the reveal are not in the view. `encode_state` gives the same vector read from the
state (faster; it reads only what the view shows, and the tests compare both).

Seats are relative: slot 0 is the viewer, slot 1 the next seat clockwise, and so on, so one policy can play any
seat (Shade, in the solo game, has a block of its own). Every value lies in [0, 1]: counts are divided by the
scale named in the layout and clipped. The names of cards, spaces, Lands, Barrels, Bridges and Events come from
the data file the encoder is made for; a word it does not know raises ValueError rather than being dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.kit import Layout, clipped, index_of, scaled_text, seat_order

from .data import Components, load_components
from .rules.flow import sections, signpost_active, signpost_site
from .state import CATEGORIES, SHADE

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

# The numbers of the supply field and of the turn field (after its two flags) in order, by their scale's name.
SUPPLY = (("supply_gold", "Gold Supply"), ("supply_gold", "Gold Cart"), ("supply_horses", "Horses"),
          ("outlaws", "Outlaws"), ("neutral", "neutral gunmen"), ("hotels", "Hotels"), ("pile", "face-down Barrels"))
TURN = (("trade", "purchases left"), ("steps", "Wagon steps left"), ("bonus", "Depot bonus"), ("bonus", "Timber"))


def _scaled(x: float, scale: str) -> float:
    return clipped(x, SCALE[scale])


def _index(vocab: Sequence[Any] | Mapping[Any, int], word: Any, what: str) -> int:
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
    main.add("supply", len(SUPPLY), scaled_text(SCALE, SUPPLY))
    main.add("bridge_stock", bridges, "Bridges left per type / 3")
    main.add("barrel_spaces", max(comp.params["barrel_spaces"].values()) * barrels,
             "per face-up Barrel space: one-hot Barrel type (all 0: empty)")
    main.add("lands", lands * (MAX_SEATS + 1), "per Land L01..: one-hot relative seat of its Camp, last slot "
             "Shade (all 0: free)")
    main.add("turn", 2 + len(TURN), "the turn's common used, Boom used, " + scaled_text(SCALE, TURN))
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
        self._tables: dict[int, _StateTables] = {}  # per data file of the games encoded from their state

    def encode_state(self, rules: Any, state: Any, seat: int | None) -> np.ndarray:
        """The vector of `encode(rules.view(state, seat))`, read straight from the state (no view is built). It
        reads only what the view shows the seat."""
        return _encode_state(self, rules, state, seat)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v = np.zeros(self.size, dtype=np.float32)
        off = self.off
        players = int(view["players"])
        rel = seat_order(view.get("seat"), players)

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


# The RL faces call `encode_state(rules, state, seat)` when an encoder offers it: the same vector as
# `encode(rules.view(state, seat))` (a test compares both over many random positions), without building the
# view. It reads only what `view` shows the seat: the public state, the seat's own hand, the cards of its deck it
# knows and its own dial; of the Barrel pile its size, of other seats' hands and decks their sizes, of their dials
# whether they are set, and Buster's card only once the dials are revealed.


SEAT_BLOCKS = 4096  # seat blocks kept at most (the store starts afresh when full)
_SUPPLY = [scale for scale, _ in SUPPLY]
_TURN = [scale for scale, _ in TURN]
_SHADE = ["dudes", "shade_camps", "horses", "gold", "rivers", "hotels", "barrels", "vp", "gunmen", "handicap"]


def _barrel_counts() -> list[float]:
    """What `_seat` gives for `count` Barrels of one type: the same float32 additions, clipped at 1."""
    v = np.zeros(1, dtype=np.float32)
    out = [0.0]
    for _ in range(16):
        v[0] += 1.0 / SCALE["barrels"]
        out.append(float(min(max(float(v[0]), 0.0), 1.0)))
    return out


class _StateTables:
    """The game's own numbering (cards, spaces, Barrels, Bridges, Lands, Events of its data file) mapped to the
    encoder's indices, built once per data file."""

    def __init__(self, enc: ColomaEncoder, comp: Components) -> None:
        self.card = [_index(enc.cards, c.id, "card") for c in comp.cards]
        self.space = [_index(enc.spaces, sp.id, "space") for sp in comp.spaces]
        self.barrel = [_index(enc.barrels, b.id, "Barrel") for b in comp.barrels]
        self.bridge = [_index(enc.bridges, b.id, "Bridge") for b in comp.bridges]
        self.bridge_stock = [(b.index, _index(enc.bridges, b.id, "Bridge")) for b in comp.bridges]
        self.bridge_at = [i for _, i in self.bridge_stock]
        self.bridge_scales = ["bridges"] * len(self.bridge_stock)
        self.phases = {name: i for i, name in enumerate(PHASES)}
        self.subs = {name: i for i, name in enumerate(SUBS)}
        self.wheels: dict[tuple[int, int, int], dict[int, float]] = {}
        self.land = [(land.index, _index(enc.lands, land.id, "Land")) for land in comp.lands]
        self.event = [_index(enc.events, e.id, "Event") for e in comp.events]
        self.barrel_counts = _barrel_counts()
        # `_scaled(x, name)` of every whole x from 0 to the scale, looked up instead of computed.
        self.scaled = {name: [_scaled(x, name) for x in range(scale + 1)] for name, scale in SCALE.items()}
        # The names of the scales of a seat block's numbers from `vp` to `cards`, which lie side by side.
        # Seat blocks already encoded, by everything of the state they read: a step changes one or two seats.
        self.seat_blocks: dict[tuple[Any, ...], np.ndarray] = {}
        self.seat_scales = ["vp", *["category"] * len(CATEGORIES), "bucks", "gold", "dudes", "tents", "horses",
                            "dudes", "tents", "gunmen", "gunmen", "cards", "cards"]


def _numbers(t: _StateTables, values: list[int], names: list[str], start: int, at: range | list[int],
             v: dict[int, float]) -> None:
    """Whole numbers scaled (`_scaled`) into the entries `at` from `start`."""
    tables = t.scaled
    for i, x, name in zip(at, values, names, strict=True):
        tab = tables[name]
        v[start + i] = tab[x] if 0 <= x < len(tab) else _scaled(x, name)


def _wheel_state(enc: ColomaEncoder, s: Any) -> dict[int, float]:
    """The wheel's entries, which follow from the chapter, the Bust and the Signpost's offset alone."""
    v: dict[int, float] = {}
    o = enc.off["wheel"]
    v[o + s.chapter - 1] = 1.0  # the Barker covers the Site of the chapter (COL-6.1)
    v[o + 5 + signpost_site(s) - 1] = 1.0
    if s.bust:
        v[o + 10 + s.bust - 1] = 1.0
    v[o + 15] = float(signpost_active(s))
    width = COMMON_ACTIONS + BOOM_ACTIONS
    for pos in range(1, 6):
        common, boom = sections(s, pos)
        if not 0 <= common < COMMON_ACTIONS or not -1 <= boom < BOOM_ACTIONS - 1:
            raise ValueError(f"coloma encoder: unknown sections {common!r}/{boom!r} in the state")
        start = enc.off["sections"] + (pos - 1) * width
        v[start + common] = 1.0
        v[start + COMMON_ACTIONS + boom + 1] = 1.0
    return v


def _encode_state(enc: ColomaEncoder, rules: Any, s: Any, seat: int | None) -> np.ndarray:
    comp = rules.ctx.comp
    t = enc._tables.get(id(comp))
    if t is None:
        t = enc._tables[id(comp)] = _StateTables(enc, comp)
    off = enc.off
    v: dict[int, float] = {}  # sparse: most of the vector is zero
    players: int = s.players
    base = 0 if seat is None else int(seat)

    def rel(p: int) -> int:
        return (p - base) % players

    v[off["players"] + players - 1] = 1.0
    v[off["mode"]] = float(bool(s.solo))
    v[off["mode"] + 1] = float(bool(s.buster))
    v[off["phase"] + _index(t.phases, s.phase, "phase")] = 1.0
    v[off["sub"] + _index(t.subs, s.sub or None, "step")] = 1.0
    v[off["round"] + s.round - 1] = 1.0
    v[off["chapter"] + s.chapter - 1] = 1.0
    if s.active >= 0:
        v[off["active"] + rel(s.active)] = 1.0
    v[off["sheriff"] + (MAX_SEATS if s.sheriff == SHADE else rel(s.sheriff))] = 1.0
    wheel = (s.chapter, s.bust, s.signpost_offset)
    entries = t.wheels.get(wheel)
    if entries is None:
        entries = t.wheels[wheel] = _wheel_state(enc, s)
    v.update(entries)
    if s.event_site:
        v[off["event"] + t.event[s.event_site - 1]] = 1.0
    for p in s.event_queue:
        v[off["event"] + 5 + rel(p)] = 1.0
    if s.buster:
        for site in s.buster_shown:
            v[off["buster"] + site - 1] = 1.0
        if s.revealed and s.buster_site:
            v[off["buster"] + 5 + s.buster_site - 1] = 1.0
    _numbers(t, [s.gold_supply, s.gold_cart, s.horse_supply, s.outlaws, s.neutral, s.hotels, len(s.barrel_pile)],
             _SUPPLY, off["supply"], range(len(_SUPPLY)), v)
    _numbers(t, [s.bridge_stock[k] for k, _ in t.bridge_stock], t.bridge_scales, off["bridge_stock"], t.bridge_at, v)
    nb = len(enc.barrels)
    for i, k in enumerate(s.barrel_spaces):
        if k >= 0:
            v[off["barrel_spaces"] + i * nb + t.barrel[k]] = 1.0
    for k, i in t.land:
        owner = s.lands[k]
        if owner == SHADE:
            v[off["lands"] + i * (MAX_SEATS + 1) + MAX_SEATS] = 1.0
        elif owner >= 0:
            v[off["lands"] + i * (MAX_SEATS + 1) + rel(owner)] = 1.0
    if s.active >= 0:
        _turn_state(enc, t, s, v)
    if s.solo:
        _shade_state(enc, t, s, v)
    if seat is not None:
        _private_state(enc, t, s, seat, v)
    if s.over:
        v[off["end"]] = 1.0
        best = max(s.vp[:players])
        for p in range(players):
            if s.vp[p] == best:
                v[off["end"] + 1 + rel(p)] = 1.0
    out = np.zeros(enc.size, dtype=np.float32)
    out[np.fromiter(v.keys(), dtype=np.intp, count=len(v))] = np.fromiter(v.values(), dtype=np.float32, count=len(v))
    width = enc.seat_layout.size
    blocks = t.seat_blocks
    for p in range(players):
        key = (s.vp[p], *s.vp_cat[p], s.bucks[p], s.gold[p], s.dudes[p], s.tents[p], s.horses[p], s.reserve_dudes[p],
               s.reserve_tents[p], s.gunmen[p], s.graveyard[p], len(s.hands[p]), len(s.decks[p]), tuple(s.tableau[p]),
               s.covered[p], tuple(s.rivers[p]), tuple(s.fresh[p]), tuple(s.used[p]), s.wagons[p], bool(s.dials[p]),
               s.positions[p], s.returns[p])
        block = blocks.get(key)
        if block is None:
            if len(blocks) >= SEAT_BLOCKS:
                blocks.clear()
            block = blocks[key] = _seat_block(enc, t, s, p)
        start = off["seats"] + rel(p) * width
        out[start:start + width] = block
    return out


def _seat_block(enc: ColomaEncoder, t: _StateTables, s: Any, p: int) -> np.ndarray:
    v: dict[int, float] = {}
    _seat_state(enc, t, s, p, v, 0)
    block = np.zeros(enc.seat_layout.size, dtype=np.float32)
    block[np.fromiter(v.keys(), dtype=np.intp, count=len(v))] = np.fromiter(v.values(), dtype=np.float32,
                                                                            count=len(v))
    return block


def _turn_state(enc: ColomaEncoder, t: _StateTables, s: Any, v: dict[int, float]) -> None:
    o = enc.off["turn"]
    v[o] = float(bool(s.done & 1))
    v[o + 1] = float(bool(s.done & 2))
    _numbers(t, [s.trade_left, s.wagon_left, s.depot, s.timber], _TURN, o + 2, range(len(_TURN)), v)
    for sp in s.visited:
        v[enc.off["visited"] + t.space[sp]] = 1.0
    for name, bits in (("activated", s.activated), ("built", s.built_now)):
        start = enc.off[name]
        while bits:  # the cards whose bit is set, lowest first (the view lists the cards of the data file only)
            low = bits & -bits
            c = low.bit_length() - 1
            if c < len(t.card):
                v[start + t.card[c]] = 1.0
            bits ^= low


def _shade_state(enc: ColomaEncoder, t: _StateTables, s: Any, v: dict[int, float]) -> None:
    o = enc.off["shade"]
    _numbers(t, [s.shade_dudes, s.shade_camps, s.shade_horses, s.shade_gold, s.shade_rivers, s.shade_hotels,
                 s.shade_barrels, s.shade_vp, s.shade_gunmen, s.handicap], _SHADE, o, range(len(_SHADE)), v)
    v[o + 10] = 1.0
    if s.shade_site:
        v[o + 11 + s.shade_site - 1] = 1.0
    v[o + 16 + t.space[s.shade_wagon]] = 1.0
    if s.shade_dest >= 0:
        v[o + 16 + len(enc.spaces) + t.space[s.shade_dest]] = 1.0


def _private_state(enc: ColomaEncoder, t: _StateTables, s: Any, seat: int, v: dict[int, float]) -> None:
    """The seat's own hand, the cards of its deck it knows (with their depth) and its own dial."""
    hand = enc.off["hand"]
    for c in s.hands[seat]:
        v[hand + t.card[c]] = 1.0
    known, n = enc.off["known_deck"], len(enc.cards)
    for depth, (c, k) in enumerate(zip(s.decks[seat], s.known[seat], strict=True)):
        if k:
            i = t.card[c]
            v[known + i] = 1.0
            v[known + n + i] = _scaled(depth, "cards")
    if s.dials[seat]:
        v[enc.off["dial"] + s.dials[seat] - 1] = 1.0


def _seat_state(enc: ColomaEncoder, t: _StateTables, s: Any, p: int, v: dict[int, float], start: int) -> None:
    so = enc.soff
    v[start + so["present"]] = 1.0
    _numbers(t, [s.vp[p], *s.vp_cat[p], s.bucks[p], s.gold[p], s.dudes[p], s.tents[p], s.horses[p], s.reserve_dudes[p],
                 s.reserve_tents[p], s.gunmen[p], s.graveyard[p], len(s.hands[p]), len(s.decks[p])], t.seat_scales,
             start + so["vp"], range(len(t.seat_scales)), v)
    o, covered = start + so["tableau"], s.covered[p]
    for c in s.tableau[p]:
        i = t.card[c]
        v[o + 2 * i] = 1.0
        v[o + 2 * i + 1] = float(bool(covered >> c & 1))
    o, width = start + so["rivers"], 2 + len(enc.bridges)
    for col, r in enumerate(s.rivers[p]):
        v[o + col * width + (0 if r < 0 else 1 if r == 0 else 2 + t.bridge[r - 1])] = 1.0
    o, nb, counts = start + so["barrels"], len(enc.barrels), t.barrel_counts
    for kinds, shift in ((s.fresh[p], 0), (s.used[p], nb)):
        for k in set(kinds):
            v[o + shift + t.barrel[k]] = counts[min(kinds.count(k), len(counts) - 1)]
    v[start + so["wagon"] + t.space[s.wagons[p]]] = 1.0
    v[start + so["dial"]] = float(bool(s.dials[p]))
    v[start + so["dial"] + 1] = min(max((s.positions[p] or 0) / 5.0, 0.0), 1.0)
    v[start + so["dial"] + 2] = _scaled(s.returns[p], "return")
