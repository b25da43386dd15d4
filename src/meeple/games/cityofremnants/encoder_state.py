"""City of Remnants observation encoder, read from the state: `CityOfRemnantsEncoder.encode_state`.

The RL faces call `encode_state(rules, state, seat)` when an encoder offers it: the same vector as
`encode(rules.view(state, seat))` (a test compares both over many random positions, and on samples that redraw what
the seat cannot see), without building the view. It reads only what `view` shows the seat: the public state, the
seat's own hand, Reset discard and known coordinate cards, and the battle, card effect and casualty choices through
the same helpers the view uses, which hide what the view hides.

A step changes few fields, so the vector is written over the last one: per viewer (seat, player count and board
side, `_Seen`) the encoder keeps the last vector it gave and, per group of neighbouring fields, a copy of everything
the group read. A group whose reading is unchanged keeps its values; another is cleared and written again. Seat
blocks and the board's space blocks are also kept by all they read, for any viewer.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any

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
BLOCKS = 4096  # blocks kept at most per kind (the store starts afresh when full)


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
        # Blocks already encoded, by everything of the state they read (a step changes few of them): seat blocks
        # and the board's space blocks (the latter as the viewer's seat sees them).
        self.seat_blocks: dict[tuple[Any, ...], np.ndarray] = {}
        self.space_blocks: dict[tuple[Any, ...], np.ndarray] = {}
        # The last board read and each seat's last space blocks (`_space_blocks`), with copies of what they read:
        # consecutive positions mostly share them, and comparing rows is cheaper than building and hashing a key.
        self.board = views.BoardReading()
        self.last_spaces: dict[int, tuple[Any, ...]] = {}
        # the drafted field (`_drafted`), by the types drafted, the discount and the types built
        self.drafted: dict[tuple[Any, ...], np.ndarray] = {}
        self.ycu_values: dict[tuple[int, ...], tuple[float, float, float]] = {}  # `_ycu_values`, by the tokens
        self.seen: dict[tuple[int | None, int, str], _Seen] = {}  # per viewer, player count and board side
        # (start, end) of each group of neighbouring fields that `_encode_state` clears and writes together
        off, layout = enc.off, enc.layout

        def span(first: str, last: str) -> tuple[int, int]:
            return off[first], off[last] + layout.field(last).size

        self.head = span("players", "deciders")
        self.turn = span("action", "mods")
        self.piles = span("market", "bag")
        self.private = span("reset", "lose_from")
        self.spans = {name: span(name, name) for name in ("coords", "auction", "battle", "effect", "revealed", "end")}


class _Seen:
    """The last vector given to one viewer (seat, player count, board side) and, per group of fields, a copy of what
    the group read (None: the group is all zeros, as at the start)."""

    __slots__ = ("v", "head", "turn", "supply", "piles", "coords", "drafted", "auction", "battle", "effect",
                 "revealed", "private", "over", "seats", "spaces")

    def __init__(self, size: int, players: int) -> None:
        self.v = np.zeros(size, dtype=np.float32)
        self.head: tuple[Any, ...] | None = None
        self.turn: tuple[Any, ...] | None = None
        self.supply: tuple[int, ...] | None = None
        self.piles: tuple[list[int], ...] | None = None
        self.coords: tuple[list[int], ...] | None = None
        self.drafted: tuple[Any, ...] | None = None
        self.auction: tuple[Any, ...] | None = None
        self.battle: dict[str, Any] | None = None
        self.effect: dict[str, Any] | None = None
        self.revealed: dict[str, Any] | None = None
        self.private: tuple[Any, ...] | None = None
        self.over = False
        self.seats: list[tuple[Any, ...] | None] = [None] * players
        self.spaces: np.ndarray | None = None


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
        seen = t.seen[seat, players, s.side] = _Seen(enc.size, players)
    _public(enc, t, eng, s, seat, seen)
    _own(enc, t, eng, s, seat, seen)
    _board(enc, t, eng, s, seat, seen)
    return seen.v.copy()


def _rel(base: int, players: int) -> Any:
    """Relative seat of an absolute one, as seen from `base`."""

    def rel(q: int) -> int:
        return (int(q) - base) % players

    return rel


def _public(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen) -> None:
    """The fields from the player count to the card effect: what every seat sees alike, but the coordinate cards
    the viewer knows and its discount on developments."""
    v, off, card = seen.v, enc.off, t.card
    players: int = s.players
    rel = _rel(0 if seat is None else int(seat), players)
    head = (s.phase, s.round, s.first, s.active, tuple(eng.deciders(s)))
    if head != seen.head:
        seen.head = head
        start, end = t.head
        v[start:end] = 0.0
        v[off["players"] + _index(PLAYER_COUNTS, players, "player count")] = 1.0
        v[off["side"] + _index(SIDES, s.side, "board side")] = 1.0
        v[off["phase"] + _index(t.phase, s.phase, "phase")] = 1.0
        v[off["round"]] = _fast(t, s.round, "round")
        v[off["first"] + rel(s.first)] = 1.0
        if s.active is not None and int(s.active) >= 0:
            v[off["active"] + rel(s.active)] = 1.0
        for q in head[4]:
            v[off["deciders"] + rel(q)] = 1.0
    a = s.action
    # what `views._action_view` and the mods read
    turn = (a.kind, a.count, a.sold, len(a.used), len(a.chosen), s.active >= 0, s.mods)
    if turn != seen.turn:
        seen.turn = (*turn[:6], s.mods.copy())
        start, end = t.turn
        v[start:end] = 0.0
        enc._action(t.views._action_view(s), v)
        for name, amount in s.mods.items():
            v[off["mods"] + _index(MODS, name, "turn modifier")] = _scaled(amount, name)
    supply = (len(s.gm_deck), len(s.bm_deck), len(s.coord_deck), len(s.bag), s.renown_supply, eng.product_supply(s),
              len(s.removed))
    if supply != seen.supply:
        seen.supply = supply
        o = off["supply"]
        for i, (value, (scale, _)) in enumerate(zip(supply, SUPPLY, strict=True)):
            v[o + i] = _fast(t, value, scale)
    piles = (s.gm_row, s.bm_row, s.gm_discard, s.bm_discard, s.removed, s.bag)
    if piles != seen.piles:
        seen.piles = tuple(pile[:] for pile in piles)
        start, end = t.piles
        v[start:end] = 0.0
        o = off["market"]
        ones = [o + card[c] for c in s.gm_row]
        ones += [o + card[c] for c in s.bm_row]
        o = off["market_discard"]
        ones += [o + card[c] for c in s.gm_discard]
        ones += [o + card[c] for c in s.bm_discard]
        o = off["removed"]
        ones += [o + card[c] for c in s.removed]
        o, token = off["bag"], t.token
        ones += [o + token[x] for x in s.bag]
        v.put(ones, 1.0)
    known = [] if seat is None else s.coord_deck[:s.coord_known[seat]]
    if known or s.coord_shown or s.coord_discard or seen.coords is not None:
        coords = (s.coord_shown, s.coord_discard, known)
        if coords != seen.coords:
            seen.coords = (s.coord_shown[:], s.coord_discard[:], known)
            start, end = t.spans["coords"]
            v[start:end] = 0.0
            coord = t.coord
            for c in s.coord_shown:
                v[start + 4 * coord[c]] = 1.0
            for c in s.coord_discard:
                v[start + 4 * coord[c] + 1] = 1.0
            for depth, c in enumerate(known):
                i = start + 4 * coord[c]
                v[i + 2] = 1.0
                v[i + 3] = _scaled(depth + 1, "depth")
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
        v[o:o + len(field)] = field
    a = s.auction
    auction = None if a is None else (a.card, a.high, a.bidder, tuple(a.out), a.turn, a.declarer)
    if auction != seen.auction:
        seen.auction = auction
        start, end = t.spans["auction"]
        v[start:end] = 0.0
        if a is not None:
            enc._auction({"card": eng.cards[a.card].id, "high": a.high, "bidder": a.bidder, "out": a.out,
                          "turn": a.turn, "declarer": a.declarer}, v, rel)
    battle = t.views._battle_view(eng, s, seat) if s.battle is not None else None
    if battle != seen.battle:
        seen.battle = battle  # the view's own lists and dicts, made for this call
        start, end = t.spans["battle"]
        v[start:end] = 0.0
        if battle is not None:
            enc._battle(battle, v, rel)
    effect = None
    if seat is not None and s.effect is not None and seat == s.active:
        effect = t.views._effect_view(eng, s, seat)
    if effect != seen.effect:
        seen.effect = effect
        start, end = t.spans["effect"]
        v[start:end] = 0.0
        if effect is not None:
            enc._effect(effect, v, rel)


def _own(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen) -> None:
    """The fields from the revealed cards to the viewer's casualty choices."""
    v, off, card = seen.v, enc.off, t.card
    players: int = s.players
    rel = _rel(0 if seat is None else int(seat), players)
    shown = s.shown
    revealed = None
    if shown.reset is not None or shown.battle is not None or shown.cards is not None:
        revealed = shown.to_data()
    if revealed != seen.revealed:
        seen.revealed = revealed
        start, end = t.spans["revealed"]
        v[start:end] = 0.0
        if revealed is not None:
            enc._revealed(revealed, v, rel)
    in_reset = s.phase == "reset"
    done = s.reset_done if in_reset else None
    hand = chosen = lose = None
    if seat is not None:
        hand = s.hand[seat]
        if in_reset:
            chosen = s.reset_pending[seat]
        if s.phase == "lose" and s.battle is not None and s.battle.who == seat:
            lose = set(eng.lose_options(s, seat))
    private = (done, hand, chosen, lose)
    if private != seen.private:
        seen.private = tuple(None if x is None else x.copy() for x in private)
        start, end = t.private
        v[start:end] = 0.0
        ones = []
        if done is not None:
            o = off["reset"]
            ones += [o + rel(q) for q, d in enumerate(done) if d]
        if hand is not None:
            o = off["hand"]
            ones += [o + card[c] for c in hand]
        if chosen is not None:
            o = off["reset_chosen"]
            ones += [o + card[c] for c in chosen]
        if lose is not None:
            o = off["lose_from"]
            ones += [o + card[c] for c in lose]
        v.put(ones, 1.0)


def _board(enc: CityOfRemnantsEncoder, t: _StateTables, eng: Any, s: Any, seat: int | None, seen: _Seen) -> None:
    """The end of the game, the seat blocks and the space blocks: what the board read gives."""
    v, off = seen.v, enc.off
    players: int = s.players
    base = 0 if seat is None else int(seat)
    rel = _rel(base, players)
    on_board, dev_ctrl, awards = t.board.read(eng, s)
    if s.over or seen.over:
        seen.over = s.over
        start, end = t.spans["end"]
        v[start:end] = 0.0
        if s.over:
            v[start] = 1.0
            keys = [(eng.score(s, q), s.arc[q], s.influence[q], on_board[q]) for q in range(players)]
            top = max(keys)
            for q, key in enumerate(keys):
                if key == top:
                    v[start + 1 + rel(q)] = 1.0
    chooser, laid = t.views.choosing_commit(s)
    width = enc.seat_layout.size
    blocks, last = t.seat_blocks, seen.seats
    for q in range(players):
        numbers = (s.arc[q], s.influence[q], s.renown[q], s.overflow[q], eng.score(s, q), s.tracker[q], s.pool[q],
                   s.reserve[q], on_board[q], len(s.hand[q]) + (laid if q == chooser and seat != q else 0),
                   len(s.draw[q]), awards[q])
        gang, discard, tableau = s.gang[q], s.discard[q], s.tableau[q]
        was = last[q]
        if was is not None and was[1] == numbers and was[0] == gang and was[2] == discard and was[3] == tableau:
            continue
        last[q] = (gang, numbers, discard[:], tableau[:])
        seat_key = (gang, numbers, tuple(discard), tuple(tableau))
        seat_block = blocks.get(seat_key)
        if seat_block is None:
            if len(blocks) >= BLOCKS:
                blocks.clear()
            seat_block = blocks[seat_key] = _seat_block(enc, t, gang, numbers, discard, tableau)
        start = off["seats"] + rel(q) * width
        v[start:start + width] = seat_block
    spaces = _space_blocks(enc, t, s, base, rel, dev_ctrl)
    if spaces is not seen.spaces:
        seen.spaces = spaces  # never changed once made: the same object is the same values
        start = off["spaces"]
        v[start:start + len(spaces)] = spaces


def _space_blocks(enc: CityOfRemnantsEncoder, t: _StateTables, s: Any, base: int, rel: Any,
                  dev_ctrl: list[int]) -> np.ndarray:
    """The space blocks (`_spaces_state`) as the seat `base` sees them: its last ones, where figures moved or marks
    changed written again when nothing else did, or earlier ones kept by all they read."""
    if s.side not in enc.boards:
        raise ValueError(f"cityofremnants encoder: unknown board side {s.side!r} in the state")
    marks = (s.enemy_space, -1 if s.battle is None else s.battle.space)
    figures = s.figures
    last = t.last_spaces.get(base)
    if (last is not None and last[0] == (s.side, s.players) and last[3] == s.ycu and last[4] == s.built
            and last[5] == s.products and last[6] == s.entry and last[7] == dev_ctrl):
        if last[1] == marks and last[2] == figures:
            return last[8]  # type: ignore[no-any-return]
        blocks: np.ndarray = last[8].copy()
        width, po = enc.space_layout.size, enc.poff
        o = po["figures"]
        for sp in compress(SPACES, map(ne, last[2], figures)):
            i = sp * width + o
            blocks[i:i + MAX_SEATS] = 0.0
            for q, n in enumerate(figures[sp]):
                if n:
                    blocks[i + rel(q)] = _fast(t, n, "space_figures")
        o = po["marks"]
        for j, (before, now) in enumerate(zip(last[1], marks, strict=True)):
            if before >= 0:
                blocks[before * width + o + j] = 0.0
            if now >= 0:
                blocks[now * width + o + j] = 1.0
    else:
        board = (s.side, base, s.players, tuple(map(tuple, figures)), tuple(map(tuple, s.ycu)),
                 tuple(map(tuple, s.built)), tuple(s.products), tuple(s.entry), *marks)
        found = t.space_blocks.get(board)
        if found is None:
            if len(t.space_blocks) >= BLOCKS:
                t.space_blocks.clear()
            found = t.space_blocks[board] = _spaces_state(enc, t, s, rel, dev_ctrl)
        blocks = found
    t.last_spaces[base] = ((s.side, s.players), marks, figures[:], s.ycu[:], s.built[:], s.products[:], s.entry[:],
                           dev_ctrl, blocks)
    return blocks


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


_NUMBERS = ("arc", "influence", "renown", "renown", "renown", "turns", "figures", "figures", "figures", "hand", "draw",
            "award")


def _seat_block(enc: CityOfRemnantsEncoder, t: _StateTables, gang: int, numbers: tuple[int, ...], discard: list[int],
                tableau: list[int]) -> np.ndarray:
    """One seat's block (see `seat_layout`)."""
    so = enc.soff
    v = np.zeros(enc.seat_layout.size, dtype=np.float32)
    v[so["present"]] = 1.0
    if gang >= 0:
        v[so["gang"] + t.gang[gang]] = 1.0
    o = so["numbers"]
    for i, (value, scale) in enumerate(zip(numbers, _NUMBERS, strict=True)):
        v[o + i] = _fast(t, value, scale)
    for c in discard:
        v[so["discard"] + t.card[c]] = 1.0
    for c in tableau:
        v[so["tableau"] + t.card[c]] = 1.0
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
