"""Positions described in words (a mapping; `meeple.scenario` reads it from a YAML file), for the worked examples
and for tests.

Fields (all optional but `players`): `seed`, `options`, `round`, `chapter`, `sheriff` (a seat or `shade`),
`supply` (gold_supply, gold_cart, horses, outlaws, hotels, bridges {A: 1}, barrel_spaces [oats, ...],
barrel_pile [...]), `seats` (one mapping per seat: vp, bucks, gold, dudes, tents, horses, reserve_dudes,
reserve_tents, gunmen, graveyard, hand [C01, ...], deck [...], tableau [...], hotels [cards covered], rivers
{1: river, 3: B}, wagon, fresh [barrels], used [...]), `lands` {L11: seat}, `shade` (Shade's pieces),
`buster` {shown: [2, 5], site: 3}, then what happens at once: `event: true` (the Barker's Event of this
chapter) or `dials: [..]` (every dial set and revealed; the turns begin).
Missing reserves, decks and supplies are filled so that every piece is accounted for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine.errors import ScenarioError
from meeple.kit import ScenarioReader, description

from .rules import flow
from .state import EVENT, NO_RIVER, SELECT, SHADE, State

if TYPE_CHECKING:
    from .rules import Coloma

READ = ScenarioReader()
SEAT_NUMBERS = ("vp", "bucks", "gold", "dudes", "tents", "horses", "gunmen", "graveyard")


def build(rules: Coloma, given: Mapping[str, Any]) -> State:
    desc = description(given)
    ctx = rules.ctx
    players = _int(desc, "players", 1, 5)
    options = rules.spec.normalise_options(desc.get("options"))
    s = rules.setup(players, options, int(desc.get("seed", 0)))
    s.returns = [0] * players
    s.round = _int(desc, "round", 1, ctx.p["rounds"], 1)
    s.chapter = _int(desc, "chapter", 1, ctx.p["chapters_per_round"], 1)
    if "sheriff" in desc:
        s.sheriff = SHADE if desc["sheriff"] == "shade" else _int(desc, "sheriff", 0, players - 1)
    seats = desc.get("seats", [])
    if not isinstance(seats, list) or len(seats) > players:
        raise ScenarioError(f"'seats' must be a list of at most {players} mappings")
    for p, fields in enumerate(seats):
        _seat(rules, s, p, fields or {})
    for land_id, owner in (desc.get("lands") or {}).items():
        s.lands[_land(rules, land_id)] = SHADE if owner == "shade" else int(owner)
    for seat in range(players):
        camps = sum(1 for o in s.lands if o == seat)
        if "reserve_tents" not in (seats[seat] if seat < len(seats) else {}):
            s.reserve_tents[seat] = ctx.p["tents_per_colour"] - s.tents[seat] - camps
    _shade(s, desc.get("shade") or {}, rules)
    _supply(rules, s, desc.get("supply") or {})
    s.phase = SELECT
    flow.begin_select(ctx, s, None)
    buster = desc.get("buster")
    if buster:
        s.buster_shown = sorted(int(x) for x in buster.get("shown", []))
        s.buster_site = int(buster.get("site", 0))
    if desc.get("event"):
        s.phase = EVENT
        flow.apply_event(ctx, s, None)
        if not s.event_queue:
            flow.begin_select(ctx, s, None)
            if buster:
                s.buster_shown = sorted(int(x) for x in buster.get("shown", []))
                s.buster_site = int(buster.get("site", 0))
    if "dials" in desc:
        dials = desc["dials"]
        if not isinstance(dials, list) or len(dials) != players or any(d not in (1, 2, 3, 4, 5) for d in dials):
            raise ScenarioError(f"'dials' must list one Site 1-5 per seat ({players})")
        if s.solo and "shade_site" in desc:
            s.buster_shown = [int(desc["shade_site"])] * 2
        for p, d in enumerate(dials):
            s.dials[p] = d
        flow.reveal_dials(ctx, s, None)
    return s


def _int(desc: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    return READ.whole(desc.get(key, default), key, low, high)


def _card(rules: Coloma, card_id: Any) -> int:
    return READ.one_of(card_id, "card", [c.id for c in rules.ctx.comp.cards], "card")


def _land(rules: Coloma, land_id: Any) -> int:
    return READ.one_of(land_id, "land", [land.id for land in rules.ctx.comp.lands], "Land")


def _space(rules: Coloma, space_id: Any) -> int:
    return READ.one_of(space_id, "space", [sp.id for sp in rules.ctx.comp.spaces], "space")


def _barrel(rules: Coloma, barrel_id: Any) -> int:
    return READ.one_of(barrel_id, "barrel", [b.id for b in rules.ctx.comp.barrels], "Barrel")


def _seat(rules: Coloma, s: State, p: int, fields: Mapping[str, Any]) -> None:
    ctx = rules.ctx
    READ.fields(fields, (*SEAT_NUMBERS, "reserve_dudes", "reserve_tents", "hand", "deck", "tableau", "hotels",
                         "rivers", "wagon", "fresh", "used"), f"seats[{p}]")
    for key in SEAT_NUMBERS:
        if key in fields:
            getattr(s, key)[p] = _int(fields, key, 0, 10_000)
    s.vp_cat[p][-1] = s.vp[p]  # VP the scenario starts with count as "other"
    if "horses" in fields:
        s.horse_supply = ctx.p["horses_total"] - sum(s.horses) - s.shade_horses
    s.reserve_dudes[p] = fields.get("reserve_dudes", ctx.p["dudes_per_colour"] - s.dudes[p] - s.gunmen[p]
                                    - s.graveyard[p])
    if "reserve_tents" in fields:
        s.reserve_tents[p] = int(fields["reserve_tents"])
    if any(k in fields for k in ("hand", "deck", "tableau")):
        tableau = [_card(rules, c) for c in fields.get("tableau", [])]
        hand = [_card(rules, c) for c in fields["hand"]] if "hand" in fields else [
            c for c in s.hands[p] if c not in tableau]
        used = set(hand) | set(tableau)
        deck = [_card(rules, c) for c in fields["deck"]] if "deck" in fields else [
            c for c in s.decks[p] + s.hands[p] if c not in used]
        s.hands[p], s.tableau[p], s.decks[p] = hand, tableau, deck
        s.known[p] = [0] * len(deck)
    for c in fields.get("hotels", []):
        s.covered[p] |= 1 << _card(rules, c)
    rivers = fields.get("rivers") or {}
    s.rivers[p] = [NO_RIVER] * 4
    for col, what in rivers.items():
        if int(col) not in (1, 2, 3, 4):
            raise ScenarioError(f"seat {p}: river columns are 1-4, not {col!r}")
        bridges = {b.id: b.index for b in ctx.comp.bridges}
        if what != "river" and what not in bridges:
            raise ScenarioError(f"seat {p}: a river column holds 'river' or a Bridge type, not {what!r}")
        s.rivers[p][int(col) - 1] = 0 if what == "river" else bridges[what] + 1
    if "wagon" in fields:
        s.wagons[p] = _space(rules, fields["wagon"])
    s.fresh[p] = [_barrel(rules, b) for b in fields.get("fresh", [])]
    s.used[p] = [_barrel(rules, b) for b in fields.get("used", [])]


def _shade(s: State, fields: Mapping[str, Any], rules: Coloma) -> None:
    for key, value in fields.items():
        if key == "wagon":
            s.shade_wagon = _space(rules, value)
        elif key == "destination":
            s.shade_dest = _space(rules, value)
        elif f"shade_{key}" in State.__slots__:
            setattr(s, f"shade_{key}", int(value))
        else:
            raise ScenarioError(f"shade: unknown field {key!r}")


def _supply(rules: Coloma, s: State, fields: Mapping[str, Any]) -> None:
    ctx = rules.ctx
    count = 2 if s.solo else s.players
    known = ("gold_supply", "gold_cart", "horses", "outlaws", "hotels", "bridges", "barrel_spaces", "barrel_pile")
    READ.fields(fields, known, "supply")
    s.gold_supply = int(fields.get("gold_supply", s.gold_supply))
    s.gold_cart = int(fields.get("gold_cart", ctx.p["gold_total"] - s.gold_supply - sum(s.gold) - s.shade_gold))
    s.horse_supply = int(fields.get("horses", ctx.p["horses_total"] - sum(s.horses) - s.shade_horses))
    s.outlaws = int(fields.get("outlaws", s.outlaws))
    built_hotels = sum(bin(c).count("1") for c in s.covered) + s.shade_hotels
    s.hotels = int(fields.get("hotels", ctx.p["hotels_per_player"] * count - built_hotels))
    for b in ctx.comp.bridges:
        built = sum(1 for q in range(s.players) for r in s.rivers[q] if r == b.index + 1)
        s.bridge_stock[b.index] = int((fields.get("bridges") or {}).get(b.id, ctx.p["bridge_copies"][count] - built))
    if "barrel_spaces" in fields:
        s.barrel_spaces = [_barrel(rules, b) if b else -1 for b in fields["barrel_spaces"]]
    owned = [k for q in range(s.players) for k in s.fresh[q] + s.used[q]]
    pool = [b.index for b in ctx.comp.barrels for _ in range(b.copies)]
    for k in [*owned, *(k for k in s.barrel_spaces if k >= 0)]:
        if k in pool:
            pool.remove(k)
    if "barrel_pile" in fields:
        s.barrel_pile = [_barrel(rules, b) for b in fields["barrel_pile"]]
    else:
        s.barrel_pile = _keep_counts(s.barrel_pile, pool)


def _keep_counts(pile: list[int], pool: list[int]) -> list[int]:
    """The pile in its drawn order, keeping as many of each kind as the pool has left."""
    left = list(pool)
    out = []
    for k in pile:
        if k in left:
            left.remove(k)
            out.append(k)
    return out + left
