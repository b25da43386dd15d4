"""What each seat sees (COL-22, COL-25.4), sampling of what it cannot see for the bots, invariants for tests."""

from __future__ import annotations

from typing import Any

from meeple.engine import rng as rng_mod

from .rules.context import Ctx
from .rules.flow import barker, bridge_score, sections, signpost_active, signpost_site
from .state import CATEGORIES, SHADE, State


def _card(ctx: Ctx, c: int) -> str:
    return ctx.comp.cards[c].id


def _seat_view(ctx: Ctx, s: State, p: int) -> dict[str, Any]:
    comp = ctx.comp
    return {
        "seat": p,
        "vp": s.vp[p],
        "vp_by_category": dict(zip(CATEGORIES, s.vp_cat[p], strict=True)),
        "lodge": {"bucks": s.bucks[p], "gold": s.gold[p], "dudes": s.dudes[p], "tents": s.tents[p],
                  "horses": s.horses[p]},
        "reserve": {"dudes": s.reserve_dudes[p], "tents": s.reserve_tents[p]},
        "gunmen": s.gunmen[p],
        "graveyard": s.graveyard[p],
        "hand_size": len(s.hands[p]),
        "deck_size": len(s.decks[p]),
        "tableau": [{"card": _card(ctx, c), "hotel": bool(s.covered[p] >> c & 1)} for c in s.tableau[p]],
        "rivers": [None if r < 0 else (comp.bridges[r - 1].id if r > 0 else "river") for r in s.rivers[p]],
        "barrels": {"fresh": sorted(comp.barrels[k].id for k in s.fresh[p]),
                    "used": sorted(comp.barrels[k].id for k in s.used[p])},
        "wagon": comp.spaces[s.wagons[p]].id,
        "dialled": bool(s.dials[p]),
        "position": s.positions[p] or None,
        "to_return": s.returns[p],
    }


def public_view(ctx: Ctx, s: State) -> dict[str, Any]:
    comp = ctx.comp
    b = barker(s)
    out: dict[str, Any] = {
        "game": "coloma",
        "players": s.players,
        "solo": s.solo,
        "phase": s.phase,
        "sub": s.sub or None,
        "round": s.round,
        "year": comp.rounds[s.round - 1]["year"],
        "chapter": s.chapter,
        "active": s.active if s.active >= 0 else None,
        "sheriff": "shade" if s.sheriff == SHADE else s.sheriff,
        "wheel": {"barker": b, "signpost": signpost_site(s), "bust": s.bust or None,
                  "signpost_active": signpost_active(s),
                  "sections": {str(pos): list(sections(s, pos)) for pos in range(1, 6)}},
        "event": comp.events[s.event_site - 1].id if s.event_site else None,
        "event_waiting": s.event_queue[:],
        "buster": {"shown": s.buster_shown[:], "site": s.buster_site if s.revealed else None} if s.buster else None,
        "gold_supply": s.gold_supply,
        "gold_cart": s.gold_cart,
        "horse_supply": s.horse_supply,
        "outlaws": s.outlaws,
        "neutral_gunmen": s.neutral,
        "hotels": s.hotels,
        "bridges": {br.id: s.bridge_stock[br.index] for br in comp.bridges},
        "barrel_spaces": [comp.barrels[k].id if k >= 0 else None for k in s.barrel_spaces],
        "barrel_pile": len(s.barrel_pile),
        "lands": {land.id: ("shade" if s.lands[land.index] == SHADE else
                            s.lands[land.index] if s.lands[land.index] >= 0 else None) for land in comp.lands},
        "seats": [_seat_view(ctx, s, p) for p in range(s.players)],
        "turn": _turn_view(ctx, s),
        "over": s.over,
    }
    if s.revealed:
        out["positions"] = s.positions[:]
    if s.solo:
        out["shade"] = {"site": s.shade_site or None, "dudes": s.shade_dudes, "camps": s.shade_camps,
                        "horses": s.shade_horses, "gold": s.shade_gold, "rivers": s.shade_rivers,
                        "hotels": s.shade_hotels, "barrels": s.shade_barrels, "vp": s.shade_vp,
                        "gunmen": s.shade_gunmen, "wagon": comp.spaces[s.shade_wagon].id,
                        "destination": comp.spaces[s.shade_dest].id if s.shade_dest >= 0 else None,
                        "handicap": s.handicap}
    return out


def _turn_view(ctx: Ctx, s: State) -> dict[str, Any] | None:
    if s.active < 0:
        return None
    return {"seat": s.active, "common_done": bool(s.done & 1), "boom_done": bool(s.done & 2),
            "trade_left": s.trade_left, "wagon_left": s.wagon_left, "depot": s.depot, "timber": s.timber,
            "visited": [ctx.comp.spaces[v].id for v in s.visited],
            "activated": [ctx.comp.cards[c].id for c in range(ctx.ncards) if s.activated >> c & 1],
            "built": [ctx.comp.cards[c].id for c in range(ctx.ncards) if s.built_now >> c & 1]}


def view(ctx: Ctx, s: State, seat: int | None) -> dict[str, Any]:
    """The public state (COL-22.3), plus the seat's hand, known deck cards and own dial (COL-25.4)."""
    out = public_view(ctx, s)
    out["seat"] = seat
    if seat is not None:
        deck = s.decks[seat]
        out["hand"] = [_card(ctx, c) for c in s.hands[seat]]
        out["known_deck"] = [[i, _card(ctx, c)] for i, c in enumerate(deck) if s.known[seat][i]]
        out["dial"] = s.dials[seat] or None
    return out


def sample(ctx: Ctx, s: State, seat: int, stream: int) -> State:
    """A full state consistent with seat's view: other hands and decks, the unknown part of its own deck, the
    face-down Barrels, pending dials and Buster's card redrawn; the random stream replaced."""
    out = s.copy()
    r = rng_mod.seed_stream(stream, 7)
    for p in range(s.players):
        if p == seat:
            unknown = sorted(c for c, k in zip(s.decks[p], s.known[p], strict=True) if not k)
            r = rng_mod.shuffle(r, unknown)
            deck = out.decks[p]
            it = iter(unknown)
            for i, k in enumerate(s.known[p]):
                if not k:
                    deck[i] = next(it)
            continue
        pool = sorted(s.hands[p] + s.decks[p])
        r = rng_mod.shuffle(r, pool)
        h = len(s.hands[p])
        out.hands[p] = pool[:h]
        out.decks[p] = pool[h:]
        if s.dials[p] and not s.revealed:
            value, r = rng_mod.below(r, 5)
            out.dials[p] = value + 1
    pile = sorted(s.barrel_pile)
    r = rng_mod.shuffle(r, pile)
    out.barrel_pile = pile
    if s.buster_site and not s.revealed:
        options = [x for x in range(1, 6) if x not in s.buster_shown]
        pick, r = rng_mod.below(r, len(options))
        out.buster_site = options[pick]
    out.rng = r
    return out


def hidden_values(ctx: Ctx, s: State, viewer: int | None) -> list[Any]:
    """What the viewer must never be shown: others' hands and deck orders, the unknown part of its own deck,
    the face-down Barrels, others' pending dials and Buster's face-down card."""
    out: list[Any] = []
    for p in range(s.players):
        if p != viewer:
            out.append(("hand", p, sorted(s.hands[p])))
            out.append(("deck", p, s.decks[p][:]))
            if s.dials[p] and not s.revealed:
                out.append(("dial", p, s.dials[p]))
        elif not all(s.known[p]):
            out.append(("deck", p, [c for c, k in zip(s.decks[p], s.known[p], strict=True) if not k]))
    out.append(("barrels", None, s.barrel_pile[:]))
    out.append(("rng", None, s.rng))  # the stream decides every later refill, Buster card and coin
    if s.buster_site and not s.revealed:
        out.append(("buster", None, s.buster_site))
    return out


def invariants(ctx: Ctx, s: State) -> list[str]:
    """Resources never negative, every limited supply conserved (COL-3), the map's occupancy rules (COL-13.6)."""
    p = ctx.p
    bad: list[str] = []
    n = s.players
    for name in ("vp", "bucks", "gold", "dudes", "tents", "horses", "reserve_dudes", "reserve_tents", "gunmen",
                 "graveyard"):
        values = getattr(s, name)
        if any(v < 0 for v in values):
            bad.append(f"{name} negative: {values}")
    for name in ("gold_supply", "gold_cart", "horse_supply", "outlaws", "hotels", "shade_dudes", "shade_camps"):
        if getattr(s, name) < 0:
            bad.append(f"{name} negative")
    if s.gold_supply + s.gold_cart + sum(s.gold) + s.shade_gold != p["gold_total"]:
        bad.append("gold is not conserved")
    if s.horse_supply + sum(s.horses) + s.shade_horses != p["horses_total"]:
        bad.append("horses are not conserved")
    if any(h > p["horse_limit"] for h in s.horses):
        bad.append("a player holds more horses than the limit")
    barrels = len(s.barrel_pile) + sum(1 for k in s.barrel_spaces if k >= 0) + s.shade_barrels + sum(
        len(s.fresh[q]) + len(s.used[q]) for q in range(n))
    if barrels != p["barrels_total"]:
        bad.append(f"barrels are not conserved ({barrels})")
    for q in range(n):
        if s.dudes[q] + s.reserve_dudes[q] + s.gunmen[q] + s.graveyard[q] != p["dudes_per_colour"]:
            bad.append(f"seat {q}: dudes are not conserved")
        camps = sum(1 for o in s.lands if o == q)
        if s.tents[q] + s.reserve_tents[q] + camps != p["tents_per_colour"]:
            bad.append(f"seat {q}: tents are not conserved")
        cards = s.hands[q] + s.decks[q] + s.tableau[q]
        if sorted(cards) != list(range(ctx.ncards)):
            bad.append(f"seat {q}: cards are not conserved")
        if len(s.known[q]) != len(s.decks[q]):
            bad.append(f"seat {q}: deck knowledge out of step")
        rivers = s.rivers[q]
        bridges = [r for r in rivers if r > 0]
        if len(set(bridges)) != len(bridges):
            bad.append(f"seat {q}: two bridges of one type")
    count = 2 if s.solo else n
    built = sum(1 for q in range(n) for r in s.rivers[q] if r > 0)
    if sum(s.bridge_stock) + built != len(ctx.comp.bridges) * p["bridge_copies"][count]:
        bad.append("bridges are not conserved")
    hotels = sum(bin(c).count("1") for c in s.covered) + s.shade_hotels
    if s.hotels + hotels != p["hotels_per_player"] * count:
        bad.append("hotels are not conserved")
    if s.solo and s.shade_dudes + s.shade_gunmen + s.shade_removed != ctx.comp.shade["dudes"]:
        bad.append("Shade's dudes are not conserved")
    held: dict[int, int] = {}
    for q in range(n):
        if q == s.active and s.wagon_skipping:
            continue  # a Wagon passing an occupied space for a moment
        held[s.wagons[q]] = held.get(s.wagons[q], 0) + 1
    if s.solo:
        held[s.shade_wagon] = held.get(s.shade_wagon, 0) + 1
    for space, k in held.items():
        if k > 1 and not ctx.is_city[space]:
            bad.append(f"{ctx.comp.spaces[space].id} holds {k} wagons")
    return bad


def client_data(ctx: Ctx) -> dict[str, Any]:
    """Names and map of the data file for a browser renderer."""
    comp = ctx.comp
    return {
        "cards": {c.id: {"name": c.name, "site": c.site, "trigger": c.trigger, "vp": c.vp,
                         "hammer": c.hammer, "saw": c.saw, "ability": c.ability.text} for c in comp.cards},
        "spaces": {sp.id: {"name": sp.name, "type": sp.type, "neighbours": [comp.spaces[n].id
                                                                             for n in comp.neighbours[sp.index]]}
                   for sp in comp.spaces},
        "lands": {land.id: {"at": comp.spaces[land.at].id, "site": land.site, "vp": land.vp} for land in comp.lands},
        "barrels": {b.id: b.name for b in comp.barrels},
        "bridges": {b.id: b.name for b in comp.bridges},
        "events": {e.id: {"name": e.name, "site": e.site} for e in comp.events},
    }


def statistics(ctx: Ctx, s: State) -> dict[str, Any]:
    n = s.players
    extra: dict[str, Any] = {"shade_vp": s.shade_vp} if s.solo else {}
    return extra | {
        "vp": s.vp[:],
        "buildings": [len(s.tableau[q]) for q in range(n)],
        "gunmen_lost": s.graveyard[:],
        "camps": [sum(1 for o in s.lands if o == q) for q in range(n)],
        "rivers": [sum(1 for r in s.rivers[q] if r >= 0) for q in range(n)],
        "bridge_vp": [sum(bridge_score(ctx, s, q, r - 1) for r in s.rivers[q] if r > 0) for q in range(n)],
    }
