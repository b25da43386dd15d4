"""City of Remnants observation encoder, read from the state: `CityOfRemnantsEncoder.encode_state`.

The RL faces call `encode_state(rules, state, seat)` when an encoder offers it: the same vector as
`encode(rules.view(state, seat))` (a test compares both over many random positions, and on samples that redraw what
the seat cannot see), without building the view. It reads only what `view` shows the seat: the public state, the
seat's own hand, Reset discard and known coordinate cards, and the battle, card effect and casualty choices through
the same helpers the view uses, which hide what the view hides.

A step changes few fields, so the vector is written over the last one: per viewer (seat, player count and board
side, `_Seen`) the encoder keeps the last vector it gave and, per field or group of neighbouring fields, a copy of
everything it read. What reads the same keeps its values; the rest is written again in place (through a memoryview,
`_floats`): the seat blocks number by number and pile by pile, the space blocks row by row and development by
development. A test compares the vectors with a fresh encoder's, in any order of positions.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any, cast

import numpy as np

from .data import NSPACE, space_name
from .encoder import (
    MAX_SEATS,
    MODS,
    PHASES,
    PLAYER_COUNTS,
    SCALE,
    SIDES,
    SUPPLY,
    CityOfRemnantsEncoder,
    _index,
    _scaled,
)

SPACES = range(NSPACE)
BLOCKS = 4096  # numbers and fields kept at most per kind (the store starts afresh when full)


def _floats(a: np.ndarray) -> Any:
    """A memoryview of a float32 array: the same memory, through which one number is written at half the cost of
    numpy's indexing, and a run of numbers copied from another float32 buffer at a third. (Typed Any: typeshed's
    memoryview takes whole numbers only.)"""
    return memoryview(cast(Any, a))


class _StateTables:
    """The game's own numbering of cards, gangs, tokens, coordinate cards and development types mapped to the
    encoder's indices (by id), built once per data file, and what the encoder keeps between calls."""

    def __init__(self, enc: CityOfRemnantsEncoder, eng: Any) -> None:
        from . import views  # the view's helpers (imported here: the encoder module needs no rules)

        comp = eng.comp
        self.eng = eng  # held, so that the engine's id keys these tables while they live
        self.views = views
        self.card = [_index(enc.cards, c.id, "card") for c in eng.cards]
        self.gang = {g.index: _index(enc.gangs, g.key, "gang") for g in comp.gangs}
        self.token = [_index(enc.tokens, t.id, "YCU token") for t in comp.tokens]
        self.coord = [_index(enc.coords, c.id, "coordinate card") for c in comp.coords]
        self.dev = [_index(enc.devs, d.id, "development") for d in comp.devs]
        self.phase = {name: i for i, name in enumerate(PHASES)}
        # `_scaled(x, name)` of the whole numbers x met so far, per scale: looked up instead of computed.
        self.scaled: dict[str, dict[int, float]] = {name: {} for name in SCALE}
        self.board = views.BoardReading()  # the last board read, with copies of what it read
        # the drafted field (`_drafted`), by the types drafted, the discount and the types built
        self.drafted: dict[tuple[Any, ...], np.ndarray] = {}
        self.ycu_values: dict[tuple[int, ...], tuple[float, float, float]] = {}  # `_ycu_values`, by the tokens
        self.seen: dict[tuple[int | None, int, str], _Seen] = {}  # per viewer, player count and board side
        # (start, zeros) of each span of fields cleared at once: a buffer of as many zeros, copied over it
        off, layout = enc.off, enc.layout

        def span(first: str, last: str) -> tuple[int, Any]:
            size = off[last] + layout.field(last).size - off[first]
            return off[first], _floats(np.zeros(size, dtype=np.float32))

        self.head = span("phase", "deciders")
        self.turn = span("action", "mods")
        self.spans = {name: span(name, name) for name in ("auction", "battle", "effect", "revealed", "end")}


class _Seen:
    """The last vector given to one viewer (seat, player count, board side) and, per group of fields, a copy of what
    the group read; it starts all zeros, with readings that write nothing."""

    __slots__ = ("v", "mv", "head", "turn", "supply", "piles", "ones", "coords", "drafted", "auction", "battle",
                 "effect", "revealed", "over", "seats", "spaces")

    def __init__(self, enc: CityOfRemnantsEncoder, players: int, side: str) -> None:
        self.v = np.zeros(enc.size, dtype=np.float32)
        self.mv = _floats(self.v)
        off = enc.off
        self.v[off["players"] + _index(PLAYER_COUNTS, players, "player count")] = 1.0
        self.v[off["side"] + _index(SIDES, side, "board side")] = 1.0
        self.head: tuple[Any, ...] | None = None
        self.turn: tuple[Any, ...] | None = None
        self.supply = (0,) * len(SUPPLY)
        self.piles: tuple[list[int], ...] = ([],) * 6  # the card and token piles `_public` reads
        # the fields of ones only, by name: (what the field read, the positions set to 1)
        self.ones: dict[str, tuple[Any, list[int]]] = dict.fromkeys(("market", "market_discard", "removed", "bag",
                                                                     "hand", "private"), (None, []))
        self.coords: tuple[list[int], ...] | None = None
        self.drafted: tuple[Any, ...] | None = None
        self.auction: tuple[Any, ...] | None = None
        self.battle: dict[str, Any] | None = None
        self.effect: dict[str, Any] | None = None
        self.revealed: dict[str, Any] | None = None
        self.over = False
        self.seats: list[list[Any] | None] = [None] * players  # per seat: gang, numbers, discard, tableau
        self.spaces: tuple[Any, ...] | None = None


def _fast(t: _StateTables, x: Any, name: str) -> float:
    """`_scaled(x, name)`, looked up for whole numbers (kept once computed: the game's numbers are few)."""
    if type(x) is not int:
        return _scaled(x, name)
    tab = t.scaled[name]
    out = tab.get(x)
    if out is None:
        out = _scaled(x, name)
        if len(tab) < BLOCKS:
            tab[x] = out
    return out


def encode_state(enc: CityOfRemnantsEncoder, eng: Any, s: Any, seat: int | None) -> np.ndarray:
    """The vector of `enc.encode(view(s, seat))`, read from the state `s` of the engine `eng`."""
    t = enc._tables.get(id(eng))
    if t is None:
        t = enc._tables[id(eng)] = _StateTables(enc, eng)
    players: int = s.players
    seen = t.seen.get((seat, players, s.side))
    if seen is None:
        if s.side not in enc.boards:
            raise ValueError(f"cityofremnants encoder: unknown board side {s.side!r} in the state")
        seen = t.seen[seat, players, s.side] = _Seen(enc, players, s.side)
    base = 0 if seat is None else int(seat)

    def rel(q: int) -> int:
        return (int(q) - base) % players

    try:
        _public(enc, t, eng, s, seat, seen, rel)
        _own(enc, t, eng, s, seat, seen, rel)
        _board(enc, t, eng, s, seat, seen, rel)
    except BaseException:
        del t.seen[seat, players, s.side]  # part written, part not: the next call starts afresh
        raise
    return seen.v.copy()


def _ones(seen: _Seen, name: str, read: Any, ones: list[int]) -> None:
    """Set the positions `ones` of a field of ones only to 1, and those it had set before to 0; `read` (kept, a copy
    of what the field read) tells next time whether it changed."""
    mv = seen.mv
    for i in seen.ones[name][1]:
        mv[i] = 0.0
    for i in ones:
        mv[i] = 1.0
    seen.ones[name] = (read, ones)


def _public(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen,
            rel: Any) -> None:
    """The fields from the phase to the card effect: what every seat sees alike, but the coordinate cards the
    viewer knows and its discount on developments."""
    v, mv, off, card = seen.v, seen.mv, enc.off, t.card
    head = (s.phase, s.round, s.first, s.active, tuple(eng.deciders(s)))
    if head != seen.head:
        seen.head = head
        start, zeros = t.head
        mv[start:start + len(zeros)] = zeros
        mv[off["phase"] + _index(t.phase, s.phase, "phase")] = 1.0
        mv[off["round"]] = _fast(t, s.round, "round")
        mv[off["first"] + rel(s.first)] = 1.0
        if s.active is not None and int(s.active) >= 0:
            mv[off["active"] + rel(s.active)] = 1.0
        o = off["deciders"]
        for q in head[4]:
            mv[o + rel(q)] = 1.0
    a = s.action
    # what `views._action_view` and the mods read
    turn = (a.kind, a.count, a.sold, len(a.used), len(a.chosen), s.active >= 0, s.mods)
    if turn != seen.turn:
        seen.turn = (*turn[:6], s.mods.copy())
        start, zeros = t.turn
        mv[start:start + len(zeros)] = zeros
        enc._action(t.views._action_view(s), v)
        for name, amount in s.mods.items():
            mv[off["mods"] + _index(MODS, name, "turn modifier")] = _scaled(amount, name)
    supply = (len(s.gm_deck), len(s.bm_deck), len(s.coord_deck), len(s.bag), s.renown_supply, eng.product_supply(s),
              len(s.removed))
    was = seen.supply
    if supply != was:
        seen.supply = supply
        o = off["supply"]
        for i, (value, before, (scale, _)) in enumerate(zip(supply, was, SUPPLY, strict=True)):
            if value != before:
                mv[o + i] = _fast(t, value, scale)
    # the fields of cards and tokens (ones only), each written again when what it reads changed
    piles = (s.gm_row, s.bm_row, s.gm_discard, s.bm_discard, s.removed, s.bag)
    was_piles = seen.piles
    if piles != was_piles:
        for name, first, last in _PILES:
            if piles[first:last] != was_piles[first:last]:
                o, index = off[name], t.token if name == "bag" else card
                _ones(seen, name, None, [o + index[x] for pile in piles[first:last] for x in pile])
        seen.piles = tuple(pile[:] for pile in piles)
    known = [] if seat is None else s.coord_deck[:s.coord_known[seat]]
    if known or s.coord_shown or s.coord_discard or seen.coords is not None:
        coords = (s.coord_shown, s.coord_discard, known)
        if coords != seen.coords:
            o, coord = off["coords"], t.coord
            for c in {*s.coord_shown, *s.coord_discard, *known,
                      *(() if seen.coords is None else (c for pile in seen.coords for c in pile))}:
                i = o + 4 * coord[c]
                mv[i:i + 4] = _NO_COORD
            seen.coords = (s.coord_shown[:], s.coord_discard[:], known)
            for c in s.coord_shown:
                mv[o + 4 * coord[c]] = 1.0
            for c in s.coord_discard:
                mv[o + 4 * coord[c] + 1] = 1.0
            for depth, c in enumerate(known):
                i = o + 4 * coord[c]
                mv[i + 2] = 1.0
                mv[i + 3] = _scaled(depth + 1, "depth")
    # `eng.dev_cost(s, seat, kind)` of every type: the seat's discount worked out once
    cut = None if seat is None else eng.turn_mod(s, seat, "dev_discount") + eng.perm(s, seat, "dev_discount_perm")
    drafted = (s.drafted, cut, s.built)
    if drafted != seen.drafted:
        seen.drafted = (s.drafted[:], cut, s.built[:])
        key = (tuple(s.drafted), cut, tuple(b[0] for b in s.built))
        field = t.drafted.get(key)
        if field is None:
            if len(t.drafted) >= BLOCKS:
                t.drafted.clear()
            field = t.drafted[key] = _drafted(enc, t, eng, s, cut)
        o = off["drafted"]
        mv[o:o + len(field)] = field
    a = s.auction
    auction = None if a is None else (a.card, a.high, a.bidder, tuple(a.out), a.turn, a.declarer)
    if auction != seen.auction:
        seen.auction = auction
        start, zeros = t.spans["auction"]
        mv[start:start + len(zeros)] = zeros
        if a is not None:
            enc._auction({"card": eng.cards[a.card].id, "high": a.high, "bidder": a.bidder, "out": a.out,
                          "turn": a.turn, "declarer": a.declarer}, v, rel)
    battle = t.views._battle_view(eng, s, seat) if s.battle is not None else None
    if battle != seen.battle:
        seen.battle = battle  # the view's own lists and dicts, made for this call
        start, zeros = t.spans["battle"]
        mv[start:start + len(zeros)] = zeros
        if battle is not None:
            enc._battle(battle, v, rel)
    effect = None
    if seat is not None and s.effect is not None and seat == s.active:
        effect = t.views._effect_view(eng, s, seat)
    if effect != seen.effect:
        seen.effect = effect
        start, zeros = t.spans["effect"]
        mv[start:start + len(zeros)] = zeros
        if effect is not None:
            enc._effect(effect, v, rel)


_PILES = (("market", 0, 2), ("market_discard", 2, 4), ("removed", 4, 5), ("bag", 5, 6))  # fields of `piles`
_NO_COORD = _floats(np.zeros(4, dtype=np.float32))  # one coordinate card's four numbers, cleared


def _own(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen,
         rel: Any) -> None:
    """The fields from the revealed cards to the viewer's casualty choices."""
    mv, off, card, ones = seen.mv, enc.off, t.card, seen.ones
    shown = s.shown
    revealed = None
    if shown.reset is not None or shown.battle is not None or shown.cards is not None:
        revealed = shown.to_data()
    if revealed != seen.revealed:
        seen.revealed = revealed
        start, zeros = t.spans["revealed"]
        mv[start:start + len(zeros)] = zeros
        if revealed is not None:
            enc._revealed(revealed, seen.v, rel)
    if seat is not None and s.hand[seat] != ones["hand"][0]:
        o = off["hand"]
        _ones(seen, "hand", s.hand[seat][:], [o + card[c] for c in s.hand[seat]])
    in_reset = s.phase == "reset"
    done = s.reset_done if in_reset else None
    chosen = lose = None
    if seat is not None:
        if in_reset:
            chosen = s.reset_pending[seat]
        if s.phase == "lose" and s.battle is not None and s.battle.who == seat:
            lose = set(eng.lose_options(s, seat))
    private = (done, chosen, lose)
    if private != ones["private"][0]:
        out = []
        if done is not None:
            o = off["reset"]
            out += [o + rel(q) for q, d in enumerate(done) if d]
        if chosen is not None:
            o = off["reset_chosen"]
            out += [o + card[c] for c in chosen]
        if lose is not None:
            o = off["lose_from"]
            out += [o + card[c] for c in lose]
        _ones(seen, "private", tuple(None if x is None else x.copy() for x in private), out)


def _board(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen,
           rel: Any) -> None:
    """The end of the game, the seat blocks and the space blocks: what the board read gives."""
    mv, off = seen.mv, enc.off
    players: int = s.players
    on_board, dev_ctrl, awards = t.board.read(eng, s)
    if s.over or seen.over:
        seen.over = s.over
        start, zeros = t.spans["end"]
        mv[start:start + len(zeros)] = zeros
        if s.over:
            mv[start] = 1.0
            keys = [(eng.score(s, q), s.arc[q], s.influence[q], on_board[q]) for q in range(players)]
            top = max(keys)
            for q, key in enumerate(keys):
                if key == top:
                    mv[start + 1 + rel(q)] = 1.0
    chooser, laid = t.views.choosing_commit(s)
    width, so, card = enc.seat_layout.size, enc.soff, t.card
    for q in range(players):
        numbers = (s.arc[q], s.influence[q], s.renown[q], s.overflow[q], eng.score(s, q), s.tracker[q], s.pool[q],
                   s.reserve[q], on_board[q], len(s.hand[q]) + (laid if q == chooser and seat != q else 0),
                   len(s.draw[q]), awards[q])
        gang, discard, tableau = s.gang[q], s.discard[q], s.tableau[q]
        was = seen.seats[q]
        start = off["seats"] + rel(q) * width
        if was is None:  # the block is all zeros: a reading that writes nothing
            mv[start + so["present"]] = 1.0
            was = seen.seats[q] = [-1, (0,) * len(_NUMBERS), [], []]
        if was[1] != numbers:
            o = start + so["numbers"]
            for i, (value, before, scale) in enumerate(zip(numbers, was[1], _NUMBERS, strict=True)):
                if value != before:
                    mv[o + i] = _fast(t, value, scale)
            was[1] = numbers
        if was[0] != gang:
            o = start + so["gang"]
            if was[0] >= 0:
                mv[o + t.gang[was[0]]] = 0.0
            if gang >= 0:
                mv[o + t.gang[gang]] = 1.0
            was[0] = gang
        for i, cards, name in ((2, discard, "discard"), (3, tableau, "tableau")):
            if was[i] != cards:
                o = start + so[name]
                for c in was[i]:
                    mv[o + card[c]] = 0.0
                for c in cards:
                    mv[o + card[c]] = 1.0
                was[i] = cards[:]
    _spaces(enc, t, s, seat, seen, rel, dev_ctrl)


_NUMBERS = ("arc", "influence", "renown", "renown", "renown", "turns", "figures", "figures", "figures", "hand", "draw",
            "award")


def _spaces(enc: CityOfRemnantsEncoder, t: _StateTables, s: Any, seat: int | None, seen: _Seen, rel: Any,
            dev_ctrl: list[int]) -> None:
    """The space blocks: the rows of figures and tokens that changed, the developments whose products or controller
    changed, those built since and the marks written in place, or all of them again (`_spaces_state`) when the
    developments built before changed."""
    mv = seen.mv
    start = enc.off["spaces"]
    marks = (s.enemy_space, -1 if s.battle is None else s.battle.space)
    figures, ycu, products = s.figures, s.ycu, s.products
    built, last = s.built, seen.spaces
    if last is None or last[4] != s.entry or (last[2] != built and built[:len(last[2])] != last[2]):
        mv[start:start + NSPACE * enc.space_layout.size] = _spaces_state(enc, t, s, rel, dev_ctrl)
    elif (last[0] != figures or last[1] != ycu or last[3] != products or last[5] != dev_ctrl or last[6] != marks
          or last[2] != built):
        width, po = enc.space_layout.size, enc.poff
        o = start + po["figures"]
        for sp in compress(SPACES, map(ne, last[0], figures)):
            i = o + sp * width
            for q, n in enumerate(figures[sp]):  # a count of 0 writes 0
                mv[i + rel(q)] = _fast(t, n, "space_figures")
        o = start + po["ycu"]
        for sp in compress(SPACES, map(ne, last[1], ycu)):
            i = o + sp * width
            mv[i], mv[i + 1], mv[i + 2] = _ycu_values(enc, t, ycu[sp]) if ycu[sp] else (0.0, 0.0, 0.0)
        # the developments whose products or controller changed, then those built since (on spaces not covered)
        o, n = start + po["tile"], len(last[2])
        changed = map(ne, zip(last[3], last[5], strict=True), zip(products[:n], dev_ctrl[:n], strict=True))
        for d in (*compress(range(n), changed), *range(n, len(built))):
            value, owner = _fast(t, products[d], "tile_products"), dev_ctrl[d]
            for sp in built[d][1:]:
                i = o + sp * width
                mv[i:i + 1 + MAX_SEATS] = _NO_TILE
                mv[i] = value
                if owner >= 0:
                    mv[i + 1 + rel(owner)] = 1.0
        o = start + po["development"]
        for d in range(n, len(built)):
            kind = t.dev[built[d][0]]
            for sp in built[d][1:]:
                mv[o + sp * width + kind] = 1.0
        o = start + po["marks"]
        for j, (before, now) in enumerate(zip(last[6], marks, strict=True)):
            if before >= 0:
                mv[o + before * width + j] = 0.0
            if now >= 0:
                mv[o + now * width + j] = 1.0
    else:
        return
    seen.spaces = (figures[:], ycu[:], s.built[:], products[:], s.entry[:], dev_ctrl, marks)


_NO_TILE = _floats(np.zeros(1 + MAX_SEATS, dtype=np.float32))  # a space's tile field, cleared


def _drafted(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, cut: int | None) -> np.ndarray:
    """The drafted field (see `layout`), given the viewer's development discount `cut` (None: no viewer)."""
    copies = eng.built_summary(s.built)[1]
    v = np.zeros(enc.layout.field("drafted").size, dtype=np.float32)
    devs, dev_index = eng.comp.devs, t.dev
    for kind in s.drafted:
        dev = devs[kind]
        i = 3 * dev_index[kind]
        v[i] = 1.0
        v[i + 1] = _fast(t, dev.copies - copies.get(kind, 0), "left")
        v[i + 2] = _fast(t, dev.cost if cut is None else max(0, dev.cost - cut), "cost")
    return v


def _ycu_values(enc: CityOfRemnantsEncoder, t: _StateTables, ids: tuple[int, ...]) -> tuple[float, float, float]:
    """The ycu field of a space with these tokens (see `space_layout`), kept by the tokens."""
    ids = tuple(ids)  # a row of `State.ycu` (a tuple already, but for a state built by hand)
    out = t.ycu_values.get(ids)
    if out is None:
        tokens = enc.comp.tokens
        here = [tokens[t.token[x]] for x in ids]
        out = (_scaled(len(here), "space_tokens"), _scaled(sum(x.attack for x in here), "space_attack"),
               _scaled(sum(x.bribe for x in here), "space_bribe"))
        if len(t.ycu_values) < BLOCKS:
            t.ycu_values[ids] = out
    return out


def _spaces_state(enc: CityOfRemnantsEncoder, t: _StateTables, s: Any, rel: Any, dev_ctrl: list[int]) -> np.ndarray:
    """The space blocks of the board (see `space_layout`), as the seat of `rel` sees them."""
    po = enc.poff
    width = enc.space_layout.size
    start = 0
    v = enc.boards[s.side].copy()
    for q in range(s.players):
        v[start + _index(enc.spaces, space_name(s.entry[q]), "space") * width + po["entry"] + rel(q)] = 1.0
    o = start + po["figures"]
    for sp, counts in enumerate(s.figures):
        if any(counts):
            for q, n in enumerate(counts):
                if n:
                    v[o + sp * width + rel(q)] = _fast(t, n, "space_figures")
    o = start + po["ycu"]
    for sp, ids in enumerate(s.ycu):
        if ids:
            i = o + sp * width
            v[i], v[i + 1], v[i + 2] = _ycu_values(enc, t, ids)
    for i, b in enumerate(s.built):
        kind = t.dev[b[0]]
        products = _fast(t, s.products[i], "tile_products")
        for sp in b[1:]:
            o = start + sp * width
            v[o + po["development"] + kind] = 1.0
            v[o + po["tile"]] = products
            if dev_ctrl[i] >= 0:
                v[o + po["tile"] + 1 + rel(dev_ctrl[i])] = 1.0
    if s.enemy_space >= 0:
        v[start + s.enemy_space * width + po["marks"]] = 1.0
    if s.battle is not None and s.battle.space >= 0:
        v[start + s.battle.space * width + po["marks"] + 1] = 1.0
    return v
