"""What each seat (or a spectator) sees, sampling of hidden parts, statistics and invariants.

Hidden (COR-4.4): every hand (sizes are public), the order and content of draw piles, the order of the gang member,
black market and coordinate decks, cards committed face down before the reveal, the Reset discards before the
reveal, and the state's random stream. The YCU bag has no order: it is kept sorted and drawn from at random.
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import compress
from operator import ne
from typing import Any

from meeple.engine import rng

from .data import NSPACE, space_name
from .rules.core import space_controller
from .rules.engine import Engine
from .state import State

SPACES = range(NSPACE)


def _ids(eng: Engine, cards: list[int]) -> list[str]:
    return [eng.cards[c].id for c in cards]


def hidden_commits(s: State) -> list[int]:
    """Sides whose committed battle cards are still face down."""
    b = s.battle
    if b is None or s.phase != "commit":
        return []
    if b.kind == "rival":
        return [0, 1] if b.side == 1 else [0]
    return [0]


def choosing_commit(s: State) -> tuple[int, int]:
    """(seat, cards) of the side still choosing its battle commit, or (-1, 0): until it is done, others see its hand
    and commit as they were before it began (the cards go face down all at once, COR-18.3, COR-18.6)."""
    b = s.battle
    if b is None or s.phase != "commit":
        return -1, 0
    return b.seats[b.side], len(b.cards[b.side])


class BoardReading:
    """Figures on the board per seat (`Engine.on_board`), the controller of each built development
    (`Engine.dev_controllers`) and each seat's award now (`Engine.awards`), kept for the last board read with
    copies of what they read (the board side, figures, tokens, developments and tableaux): consecutive positions of
    a game mostly share them, and a new board is read again only on the spaces whose rows changed."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Any, ...] | None = None

    def read(self, eng: Engine, s: State) -> tuple[list[int], list[int], list[int]]:
        last = self.last
        figures, ycu = s.figures, s.ycu
        if last is not None and last[0] == (s.side, s.players):
            seen_figures, seen_ycu = last[1], last[2]
            if seen_figures == figures and seen_ycu == ycu and last[3] == s.built and last[4] == s.tableau:
                return last[5]  # type: ignore[no-any-return]
            ctrl, on_board = last[6][:], last[5][0][:]
            for sp in {*compress(SPACES, map(ne, seen_figures, figures)), *compress(SPACES, map(ne, seen_ycu, ycu))}:
                row, old = figures[sp], seen_figures[sp]
                ctrl[sp] = space_controller(row, ycu[sp])
                for q, n in enumerate(row):
                    on_board[q] += n - old[q]
        else:
            ctrl = eng.controllers(s)
            on_board = [sum(col) for col in zip(*figures, strict=True)]
        dev_ctrl = eng.dev_controllers(s)
        reading = (on_board, dev_ctrl, eng.awards(s, ctrl, dev_ctrl))
        self.last = ((s.side, s.players), figures[:], ycu[:], s.built[:], [row[:] for row in s.tableau], reading, ctrl)
        return reading


def view(eng: Engine, s: State, seat: int | None) -> dict[str, Any]:
    comp = eng.comp
    players = []
    awards = eng.awards(s)
    chooser, laid = choosing_commit(s)
    for p in range(s.players):
        g = comp.gangs[s.gang[p]] if s.gang[p] >= 0 else None
        players.append({
            "gang": g.key if g else None, "colour": g.colour if g else None, "entry": space_name(s.entry[p]),
            "arc": s.arc[p], "influence": s.influence[p], "renown": s.renown[p], "overflow": s.overflow[p],
            "score": eng.score(s, p), "turns": s.tracker[p], "pool": s.pool[p], "reserve": s.reserve[p],
            "hand_size": len(s.hand[p]) + (laid if p == chooser and seat != p else 0),
            "draw_size": len(s.draw[p]), "discard": _ids(eng, s.discard[p]),
            "tableau": _ids(eng, s.tableau[p]), "on_board": eng.on_board(s, p),
            "award": awards[p],
        })
    figures = {space_name(sp): list(s.figures[sp]) for sp in range(NSPACE) if any(s.figures[sp])}
    ycu = {space_name(sp): [comp.tokens[t].id for t in s.ycu[sp]] for sp in range(NSPACE) if s.ycu[sp]}
    devs = []
    for i, b in enumerate(s.built):
        ctrl = [p for p in range(s.players) if eng.controls_dev(s, p, i)]
        devs.append({"id": comp.devs[b[0]].id, "spaces": [space_name(x) for x in b[1:]], "products": s.products[i],
                     "controller": ctrl[0] if ctrl else None})
    drafted = [{"id": comp.devs[t].id, "left": comp.devs[t].copies - sum(1 for b in s.built if b[0] == t),
                "cost": eng.dev_cost(s, seat, t) if seat is not None else comp.devs[t].cost} for t in s.drafted]
    out: dict[str, Any] = {
        "phase": s.phase, "round": s.round, "side": s.side, "first": s.first, "active": s.active,
        "deciders": eng.deciders(s), "players": players, "figures": figures, "ycu": ycu, "developments": devs,
        "drafted": drafted, "gm_row": _ids(eng, s.gm_row), "bm_row": _ids(eng, s.bm_row),
        "gm_deck": len(s.gm_deck), "bm_deck": len(s.bm_deck), "gm_discard": _ids(eng, s.gm_discard),
        "bm_discard": _ids(eng, s.bm_discard), "coord_deck": len(s.coord_deck),
        "coord_discard": [comp.coords[c].id for c in s.coord_discard],
        "coord_shown": [comp.coords[c].id for c in s.coord_shown], "bag": [comp.tokens[t].id for t in s.bag],
        "removed": _ids(eng, s.removed), "renown_supply": s.renown_supply, "product_supply": eng.product_supply(s),
        "enemy_space": space_name(s.enemy_space) if s.enemy_space >= 0 else None, "mods": dict(s.mods),
        "action": _action_view(s), "over": s.over, "you": seat, "last_rolls": [list(r) for r in s.last_rolls],
        "revealed": s.shown.to_data(),
    }
    if s.phase == "reset":
        out["reset_done"] = list(s.reset_done)
    if s.auction is not None:
        a = s.auction
        out["auction"] = {"card": eng.cards[a.card].id, "high": a.high, "bidder": a.bidder,
                          "out": list(a.out), "turn": a.turn, "declarer": a.declarer,
                          "minimum": eng.bid_min(s)}
    if s.battle is not None:
        out["battle"] = _battle_view(eng, s, seat)
    if seat is not None:
        out["hand"] = sorted(_ids(eng, s.hand[seat]))
        if s.phase == "reset":
            out["reset_chosen"] = sorted(_ids(eng, s.reset_pending[seat]))
        known = s.coord_known[seat]
        out["known_coords"] = [comp.coords[c].id for c in s.coord_deck[:known]]
        if s.effect is not None and seat == s.active:
            out["effect"] = _effect_view(eng, s, seat)
        if s.phase == "lose" and s.battle is not None and s.battle.who == seat:
            out["lose_from"] = sorted({eng.cards[c].id for c in eng.lose_options(s, seat)})
    return out


def _action_view(s: State) -> dict[str, Any]:
    a = s.action
    out: dict[str, Any] = {"kind": a.kind or None}
    # each declared action shows its own progress
    if a.kind == "move":
        out["count"] = a.count
    elif a.kind == "sell":
        out["sold"] = a.sold
    elif a.kind == "produce":
        out["used"] = [space_name(s.built[i][1]) for i in a.used]
    elif a.kind == "refresh" and s.active >= 0:
        out["chosen"] = len(a.chosen)
    return out


def _battle_view(eng: Engine, s: State, seat: int | None) -> dict[str, Any]:
    b = s.battle
    assert b is not None
    hidden = hidden_commits(s)
    cards: list[Any] = []
    for side in (0, 1):
        if side in hidden and seat != b.seats[side]:
            cards.append(None)
        else:
            cards.append(sorted(_ids(eng, (b.spent if b.spent is not None else b.cards)[side])))
    # A side still choosing its commit shows others no count yet: the cards appear face down all at once (COR-18.6)
    committed = [0 if s.phase == "commit" and b.side == side and seat != b.seats[side] else len(b.cards[side])
                 for side in (0, 1)]
    out = {"kind": b.kind, "space": space_name(b.space) if b.space >= 0 else None, "seats": list(b.seats),
           "roles": list(b.roles), "committed": committed, "cards": cards,
           "dice": [list(b.dice[0]), list(b.dice[1])], "paid": list(b.pay), "who": b.who,
           "token": eng.comp.tokens[b.token].id if b.token >= 0 else None,
           "result": {} if b.result is None else b.result.to_data()}
    if b.kind == "ycu" and b.token >= 0 and b.seats[0] >= 0:
        out["bribe"] = eng.bribe_cost(s, b.seats[0], b.token)
    return out


def _effect_view(eng: Engine, s: State, seat: int) -> dict[str, Any]:
    eff = s.effect
    assert eff is not None
    out: dict[str, Any] = {"card": eng.cards[eff.card].id if eff.card >= 0 else None, "stage": eff.stage,
                           "done": eff.done}
    if eff.stage == "coord":
        out["look"] = [eng.comp.coords[c].id for c in eff.look]
        out["order"] = [eng.comp.coords[c].id for c in eff.order]
    if eff.stage == "search_pick":
        pile = s.draw[seat] if eff.pile == 0 else s.discard[seat]
        out["pile"] = sorted(_ids(eng, pile))
    if eff.stage == "strip_pick":
        out["rival"] = eff.rival
        out["rival_hand"] = sorted(_ids(eng, s.hand[eff.rival]))
    return out


def hidden_values(eng: Engine, s: State, viewer: int | None) -> list[Any]:
    """What the viewer must never find in a payload (COR-4.4)."""
    out: list[Any] = []
    if s.over:
        return out
    hidden = hidden_commits(s)
    strip = s.effect is not None and s.effect.stage == "strip_pick" and viewer == s.active
    for p in range(s.players):
        if p == viewer:
            continue
        if not (strip and s.effect is not None and p == s.effect.rival):
            out.append(("hand", p, sorted(s.hand[p])))
        out.append(("draw", p, list(s.draw[p])))
        out.append(("pending", p, sorted(s.reset_pending[p])))
        if s.battle is not None:
            for side in hidden:
                if s.battle.seats[side] == p:
                    out.append(("committed", p, sorted(s.battle.cards[side])))
    known = s.coord_known[viewer] if viewer is not None else 0
    out.append(("gm_deck", None, list(s.gm_deck)))
    out.append(("bm_deck", None, list(s.bm_deck)))
    out.append(("coord_deck", None, list(s.coord_deck[known:])))
    out.append(("rng", s.rng))
    return out


def sample(eng: Engine, s: State, seat: int, stream: int) -> State:
    """A full state consistent with `seat`'s view; the hidden parts are redealt from `stream`."""
    out = s.copy()
    st = rng.seed_stream(stream)
    hidden = hidden_commits(s)
    strip_rival = s.effect.rival if (s.effect is not None and s.effect.stage == "strip_pick"
                                        and seat == s.active) else -1
    for p in range(s.players):
        if p == seat:
            pile = sorted(out.draw[p])
            st = rng.shuffle(st, pile)
            out.draw[p] = pile
            continue
        sides = [i for i in hidden if s.battle is not None and s.battle.seats[i] == p]
        keep_hand = p == strip_rival
        pool = list(s.draw[p]) + ([] if keep_hand else list(s.hand[p]))
        for i in sides:
            assert s.battle is not None
            pool += s.battle.cards[i]
        pool.sort()
        st = rng.shuffle(st, pool)
        if not keep_hand:
            n = len(s.hand[p])
            out.hand[p], pool = pool[:n], pool[n:]
        for i in sides:
            assert out.battle is not None
            n = len(s.battle.cards[i]) if s.battle is not None else 0
            out.battle.cards[i], pool = pool[:n], pool[n:]
        out.draw[p] = pool
        out.reset_pending[p] = []
    for name in ("gm_deck", "bm_deck"):
        deck = sorted(getattr(out, name))
        st = rng.shuffle(st, deck)
        setattr(out, name, deck)
    known = s.coord_known[seat]
    rest = sorted(out.coord_deck[known:])
    st = rng.shuffle(st, rest)
    out.coord_deck = out.coord_deck[:known] + rest
    eff = out.effect
    if eff is not None and eff.stage == "coord" and seat != s.active:
        look = sorted(out.coord_deck[: len(eff.look)])  # the cards another player looks at, redealt
        eff.look, eff.order = look, look[: len(eff.order)]
    out.rng = rng.seed_stream(stream, 7)
    return out


def invariants(eng: Engine, s: State) -> list[str]:
    k = eng.k
    bad: list[str] = []
    board_counts = [sum(col) for col in zip(*s.figures, strict=True)]
    for p in range(s.players):
        total = board_counts[p] + s.pool[p] + s.reserve[p]
        if total != k["FIGURES_PER_COLOUR"] or s.pool[p] < 0 or s.reserve[p] < 0:
            bad.append(f"seat {p} has {total} figures (pool {s.pool[p]}, reserve {s.reserve[p]})")
        if s.arc[p] < 0:
            bad.append(f"seat {p} has negative ARC {s.arc[p]}")
        if not k["INFLUENCE_MIN"] <= s.influence[p] <= k["INFLUENCE_MAX"]:
            bad.append(f"seat {p} influence {s.influence[p]} out of range")
        if not 0 <= s.tracker[p] <= k["TURNS_PER_ROUND"]:
            bad.append(f"seat {p} turn tracker {s.tracker[p]}")
    if sum(s.renown) + s.renown_supply != k["RENOWN_SUPPLY"] or s.renown_supply < 0:
        bad.append(f"renown tokens {sum(s.renown)} + supply {s.renown_supply} != {k['RENOWN_SUPPLY']}")
    limit = k["MAX_OWN_FIGURES_PER_SPACE"]
    board = eng.comp.boards[s.side]
    for sp, row in enumerate(s.figures):
        if not any(row):
            continue
        if min(row) < 0 or max(row) > limit:
            bad.append(f"{space_name(sp)} holds {row} figures")
        if not board.usable(sp):
            bad.append(f"figures on hazard space {space_name(sp)}")
        present = sum(1 for n in row if n)
        if present > 2 or (present == 2 and s.ycu[sp]):
            bad.append(f"{space_name(sp)} holds three sides")
        if (present >= 2 or s.ycu[sp]) and s.patrol is None and s.battle is None and sp != s.enemy_space:
            bad.append(f"{space_name(sp)} is contested with no battle pending")
    tokens = sorted(s.bag + [t for sp in s.ycu for t in sp])
    if tokens != list(range(len(eng.comp.tokens))) or s.bag != sorted(s.bag):
        bad.append("YCU tokens are lost or doubled")
    if sum(s.products) > k["PRODUCT_SUPPLY"] or any(
            not 0 <= n <= eng.dev(s, i).cap for i, n in enumerate(s.products)):
        bad.append(f"product tokens {s.products}")
    covered = [sp for b in s.built for sp in b[1:]]
    if len(covered) != len(set(covered)):
        bad.append("two developments share a space")
    for t, n in Counter(b[0] for b in s.built).items():
        if n > eng.comp.devs[t].copies or t not in s.drafted:
            bad.append(f"too many {eng.comp.devs[t].id} built")
    zones: list[int] = list(s.removed) + s.gm_deck + s.gm_row + s.gm_discard + s.bm_deck + s.bm_row + s.bm_discard
    for p in range(s.players):
        zones += s.hand[p] + s.draw[p] + s.discard[p] + s.tableau[p]
    if s.battle is not None:
        zones += s.battle.cards[0] + s.battle.cards[1]
    if s.auction is not None:
        zones.append(s.auction.card)
    if sorted(zones) != _expected_cards(eng, tuple(s.gang)):
        bad.append("a card is lost or doubled")
    for p in range(s.players):
        if s.reset_pending[p] and Counter(s.reset_pending[p]) - Counter(s.hand[p]):
            bad.append(f"seat {p} discards cards it does not hold")
    return bad


@functools.lru_cache(maxsize=64)
def _expected_cards(eng: Engine, gangs: tuple[int, ...]) -> list[int]:
    """Every card a game with these gangs holds somewhere, sorted (read only: the list is shared)."""
    keys = {eng.comp.gangs[g].key for g in gangs if g >= 0}
    return sorted(c.index for c in eng.cards if c.deck in ("GM", "BM") or c.deck in keys)


def statistics(eng: Engine, s: State) -> dict[str, Any]:
    return {
        "renown": [eng.score(s, p) for p in range(s.players)],
        "arc": list(s.arc),
        "developments": list(s.stats["built"]),
        "battles_won": list(s.stats["battles_won"]),
        "battles_lost": list(s.stats["battles_lost"]),
        "recruited": list(s.stats["recruited"]),
        "rounds": s.round,
        "gang": [eng.comp.gangs[g].key if g >= 0 else "" for g in s.gang],  # each seat's role (`GameSpec.roles`)
    }


def client_data(eng: Engine) -> dict[str, Any]:
    comp = eng.comp
    return {
        "cards": {c.id: {"name": c.name, "type": c.type, "attack": list(c.attack) if c.attack else None,
                         "timing": c.timing, "text": c.text, "cost": c.cost} for c in comp.cards},
        "developments": {d.id: {"name": d.name, "level": d.level, "cost": d.cost, "renown": d.renown, "cap": d.cap,
                                "price": d.price, "defense": d.defense, "text": d.text, "shape": d.shape}
                         for d in comp.devs},
        "tokens": {t.id: {"attack": t.attack, "bribe": t.bribe} for t in comp.tokens},
        "gangs": [{"key": g.key, "species": g.species, "colour": g.colour} for g in comp.gangs],
        "boards": {side: {"levels": list(b.level), "awards": list(b.award),
                          "entries": {k: space_name(v) for k, v in b.entry.items()}}
                   for side, b in comp.boards.items()},
    }

