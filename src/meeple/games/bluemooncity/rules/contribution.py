"""The contribution phase: paying boxes (BMC-5), completing buildings (BMC-6) and offerings (BMC-8)."""

from __future__ import annotations

from functools import lru_cache
from itertools import compress

from meeple.engine.rules import Event
from meeple.kit import say

from ..actions import CONTRIB, DONE, INDEX, LUX, OFFER, PAY, PAY_COLOURS, PILLAR, Act
from ..data import Tile
from ..payments import (
    CARD_TYPES,
    CODE_BYTES,
    COLOUR_NAMES,
    KHIND,
    LUX1,
    LUX2,
    LUX_CAPACITY,
    PAYMENTS_CACHE,
    PILLAR1,
    PILLAR2,
    WILD,
    Payment,
    can_complete,
    can_pay,
    evaluate,
    minimal_payments,
    payment_codes,
    relevant_hand,
    value_of,
)
from ..state import CONTRIB as PHASE_CONTRIB
from ..state import FREE, NCARD, NEIGHBOURS, State, card_base
from ..state import PAY as PHASE_PAY
from .cards import discard_from_hand, give_reward, give_scales, turn_order
from .context import COURTYARD_SQ, Ctx, place, refuse, tile_term
from .context import card as card_term
from .context import cards as card_terms
from .setup import clear_payment

_CONTRIB = [[INDEX.get(Act(CONTRIB, box=slot, colour=c), -1) for c in range(-1, 9)] for slot in range(4)]
_PAY = {t: INDEX[Act(PAY, card=t)] for t in CARD_TYPES}
_LUX = {(lux, c): INDEX[Act(LUX, card=lux, colour=c)] for lux in (LUX1, LUX2) for c in range(8) if c != KHIND}
_DONE = INDEX[Act(DONE)]
_OFFER = INDEX[Act(OFFER)]
_PILLAR = {card: INDEX[Act(PILLAR, card=card)] for card in (PILLAR1, PILLAR2)}


def box_need(tile: Tile, slot: int, colour: int) -> tuple[int, int]:
    """(colour to pay in, number) of a box; the Royal Palace takes the colour the player chose."""
    fixed = tile.box_colours[slot]
    return (colour if fixed < 0 else fixed), tile.boxes[slot]


def hand_of(s: State, seat: int) -> list[int]:
    base = seat * NCARD  # card_base
    return s.hands[base : base + NCARD]


# ---------------------------------------------------------------- listing
def legal_contrib(ctx: Ctx, s: State, out: list[int]) -> None:
    """Contributions and offerings available now (BMC-5.1, BMC-8.2-8.4)."""
    seat = s.active
    sq = s.figures[seat]
    if sq == COURTYARD_SQ:
        if can_offer(ctx, s, seat) and s.offered == 0:
            out.append(_OFFER)
        if s.offered:
            for card in (PILLAR1, PILLAR2):
                if s.hands[card_base(seat) + card] and can_offer(ctx, s, seat, ctx.surcharge[card]):
                    out.append(_PILLAR[card])
        return
    tile = s.tile_at[sq]
    if tile < 0 or s.rebuilt[sq] or s.markers[seat] <= 0:
        return
    hand: list[int] | None = None
    boxes = s.boxes
    base = sq * 4
    for slot, colour, need in ctx.box_needs[tile]:
        if boxes[base + slot] != FREE:
            continue
        if hand is None:
            hand = hand_of(s, seat)
        if colour >= 0:
            if can_pay(hand, colour, need):
                out.append(_CONTRIB[slot][0])
            continue
        for c in PAY_COLOURS:
            if _palace_colour_listed(hand, c, need):
                out.append(_CONTRIB[slot][c + 1])


def _palace_colour_listed(hand: list[int], colour: int, need: int) -> bool:
    """A Royal Palace colour is offered when the hand holds a card of it (or a Lux card) and can pay;
    payments of wild cards only are offered once, as `wild`."""
    first = colour * 3
    if colour != WILD and not (hand[first] or hand[first + 1] or hand[first + 2] or hand[LUX1] or hand[LUX2]):
        return False
    return can_pay(hand, colour, need)


def can_offer(ctx: Ctx, s: State, seat: int, surcharge: int = 0) -> bool:
    cost = ctx.next_cost(s)
    return cost is not None and s.markers[seat] > 0 and s.crystals[seat] >= cost + surcharge


def legal_pay(ctx: Ctx, s: State, out: list[int]) -> None:
    """Next steps of an open payment that lead to useful (minimal) payments; `done` once it pays."""
    colour, need, hand = _pay_context(ctx, s)
    plan = _plan(relevant_hand(hand, colour), colour, need)
    held = bytes(s.pay_cards) + bytes(s.pay_lux)
    key = held + bytes(s.pay_caps)
    found = plan.listed.get(key)
    if found is None:
        found = plan.listed[key] = plan.listing(colour, need, s.pay_cards, s.pay_caps, held)
    out += found if found else sorted(_fallback_steps(ctx, s, s.active, colour, need))


# An open payment has a code as a useful one has (`payment_codes`): its `pay_cards` bytes, then its `pay_lux` bytes.
# Counts stay far below 128, so the top bit of each byte is free: a useful payment's code with the top bit of every
# byte set, less the code of an open payment, keeps that bit in every byte exactly when the useful payment holds
# the open one (no byte borrows from the next), and the bytes below it are then what the useful payment adds.
_SLOTS = CODE_BYTES
_TOPS = int.from_bytes(b"\x80" * _SLOTS, "little")
_COUNTS = int.from_bytes(b"\x7f" * _SLOTS, "little")
# The step that adds to each byte of a code: a card type (-1 for types no card has), then a Lux power by `pay_lux`
# slot (-1 for slots no power has: none recolours to Khind, which is wild already, and slots from 16 on).
_SLOT_STEP = tuple([_PAY.get(t, -1) for t in range(NCARD)]
                   + [_LUX.get((LUX1 if i < 8 else LUX2, i % 8), -1) if i < 16 else -1 for i in range(NCARD)])
# Per box colour, the bytes of the card types that may not count yet (all but the box's colour and Khind): a step
# adding one of them is listed only when the card can join the payment now (`_countable`).
_CHECKED = tuple(sum(0xFF << 8 * t for t in CARD_TYPES if t // 3 not in (KHIND, colour)) for colour in range(9))


class _Plan:
    """The codes of a hand's useful payments; for each open payment met so far (by its code) the codes among them
    that hold it and their added bytes or-ed together (`seen`), and its listed steps (`listed`, by its `pay_cards`,
    `pay_lux` and `pay_caps` bytes)."""

    __slots__ = ("codes", "last", "listed", "seen")

    def __init__(self, codes: tuple[int, ...]) -> None:
        self.codes = codes
        self.seen: dict[int, tuple[tuple[int, ...], int]] = {}
        self.listed: dict[bytes, tuple[int, ...]] = {}
        self.last = -1  # the open payment looked at last

    def holding(self, paid: int) -> tuple[tuple[int, ...], int]:
        """The codes holding the open payment `paid` and what they add. A payment the last one looked at is part of
        (in play, the one listed a step before) holds every one of them, so only its codes are looked through."""
        found = self.seen.get(paid)
        if found is not None:
            self.last = paid
            return found
        last = self.last
        codes = self.seen[last][0] if last >= 0 and (paid + _TOPS - last) & _TOPS == _TOPS else self.codes
        kept = []
        more = 0
        less = paid - _TOPS  # code - less is the code with the top bit of every byte set, less the open payment
        for code in codes:
            left = code - less
            if left & _TOPS == _TOPS:
                kept.append(code)
                more |= left
        found = self.seen[paid] = (tuple(kept), more & _COUNTS)
        self.last = paid
        return found

    def listing(self, colour: int, need: int, sel: list[int], caps: list[int], held: bytes) -> tuple[int, ...]:
        """`done` once the cards `sel` pay (with the Lux powers played, which give `caps`; `held`: the bytes of the
        open payment's code), then every step on the way to a useful payment that contains them; empty when no
        useful payment does (the caller then lists a fallback)."""
        sel_key, caps_key = tuple(sel), tuple(caps)
        done = _worth(sel_key, caps_key, colour) >= need
        more = self.holding(int.from_bytes(held, "little"))[1]
        checked = _CHECKED[colour]
        steps = list(compress(_SLOT_STEP, (more & ~checked).to_bytes(_SLOTS, "little")))
        maybe = more & checked
        if maybe:
            steps += [_PAY[t] for t in compress(_ALL_TYPES, maybe.to_bytes(NCARD, "little"))
                      if _countable(sel_key, caps_key, t, colour)]
            steps.sort()
        if not steps and not done:
            return ()
        return (_DONE, *steps) if done else tuple(steps)


_ALL_TYPES = range(NCARD)


@lru_cache(maxsize=PAYMENTS_CACHE)
def _plan(relevant: tuple[int, ...], colour: int, need: int) -> _Plan:
    return _Plan(payment_codes(relevant, colour, need))


def _listed_steps(relevant: tuple[int, ...], colour: int, need: int, sel: tuple[int, ...], caps: tuple[int, ...],
                  lux: tuple[int, ...]) -> tuple[int, ...]:
    """The steps `legal_pay` lists for the hand part `relevant` and the open payment of cards `sel`, Lux powers
    `lux` (as `pay_lux` counts them) and recoloured cards `caps`."""
    return _plan(relevant, colour, need).listing(colour, need, list(sel), list(caps), bytes(sel) + bytes(lux))


def _candidates(ctx: Ctx, s: State, hand: list[int], colour: int, need: int) -> tuple[Payment, ...]:
    return minimal_payments(hand, colour, need)


def _on_useful_path(ctx: Ctx, s: State, cards: list[int], powers: list[tuple[int, int]]) -> bool:
    """Whether some useful payment contains these cards and Lux powers (a listed path)."""
    colour, need, hand = _pay_context(ctx, s)
    for full, full_powers in _candidates(ctx, s, hand, colour, need):
        if all(full[t] >= cards[t] for t in CARD_TYPES) and _contains(full_powers, powers):
            return True
    return False


def _fallback_steps(ctx: Ctx, s: State, seat: int, colour: int, need: int) -> set[int]:
    """After an unlisted (overpaying or roundabout) step, list every card and Lux power that keeps the payment
    payable, so a payment that can still be finished always has a listed way on."""
    steps = {_PAY[t] for t in CARD_TYPES if check_pay_card(ctx, s, t) is None}
    steps |= {i for (lux, c), i in _LUX.items() if check_lux(ctx, s, lux, c) is None}
    return steps


def _used_powers(s: State) -> list[tuple[int, int]]:
    """Lux powers of the open payment as (card type, colour): pay_lux[c] Lux 1, pay_lux[8 + c] Lux 2."""
    out = []
    for c in range(8):
        out += [(LUX1, c)] * s.pay_lux[c]
        out += [(LUX2, c)] * s.pay_lux[8 + c]
    return out


def _contains(powers: tuple[tuple[int, int], ...], used: list[tuple[int, int]]) -> bool:
    return all(powers.count(u) >= used.count(u) for u in set(used))


PAY_STEPS_CACHE = 1 << 16  # selections remembered with their value and the cards that can join them


@lru_cache(maxsize=PAY_STEPS_CACHE)
def _worth(sel: tuple[int, ...], caps: tuple[int, ...], colour: int) -> int:
    """`value_of` the cards `sel` with the Lux powers that give `caps` (the same small selections come back in many
    hands' payments, so the values are remembered)."""
    return value_of(sel, caps, colour)


@lru_cache(maxsize=PAY_STEPS_CACHE)
def _countable(sel: tuple[int, ...], caps: tuple[int, ...], t: int, colour: int) -> bool:
    """Whether card t can join the payment `sel` now (with the Lux powers already played, which give `caps`);
    remembered like `_worth`."""
    if t // 3 in (KHIND, colour):
        return True
    more = list(sel)
    more[t] += 1
    return value_of(more, caps, colour, partial=True) >= 0


_NOTHING = (0,) * NCARD


def _pay_context(ctx: Ctx, s: State) -> tuple[int, int, list[int]]:
    tile = ctx.tile(s, s.figures[s.active])
    assert tile is not None
    colour, need = box_need(tile, s.pay_box, s.pay_colour)
    return colour, need, hand_of(s, s.active)


def _rest(s: State) -> list[int]:
    """Cards of the active hand not yet in the payment nor played for a Lux power."""
    hand = hand_of(s, s.active)
    lux_used = _lux_cards_used(s)
    return [hand[t] - s.pay_cards[t] - lux_used[t] for t in range(NCARD)]


def _lux_cards_used(s: State) -> list[int]:
    used = [0] * NCARD
    used[LUX1] = sum(s.pay_lux[0:8])
    used[LUX2] = sum(s.pay_lux[8:16])
    return used


# ---------------------------------------------------------------- checks
def check_contrib(ctx: Ctx, s: State, act: Act) -> Event | None:
    seat = s.active
    sq = s.figures[seat]
    tile = ctx.tile(s, sq)
    if tile is None or tile.kind == "courtyard":
        return refuse("refuse.on_courtyard")
    if s.rebuilt[sq]:
        return refuse("refuse.rebuilt", **place(ctx, s, sq))
    if s.markers[seat] <= 0:
        return refuse("refuse.no_marker")
    slot, colour = act.box, act.colour
    if slot >= len(tile.boxes):
        return refuse("refuse.few_boxes", tile=tile_term(tile), n=len(tile.boxes))
    if s.boxes[sq * 4 + slot] != FREE:
        return refuse("refuse.box_taken", box=slot + 1, tile=tile_term(tile))
    fixed = tile.box_colours[slot]
    if fixed >= 0 and colour != -1:
        return refuse("refuse.box_colour_fixed", box=slot + 1, tile=tile_term(tile),
                      colour=f"@colour.{COLOUR_NAMES[fixed]}")
    if fixed < 0 and colour == -1:
        return refuse("refuse.box_any_colour", tile=tile_term(tile))
    pay_colour, need = box_need(tile, slot, colour)
    rest = hand_of(s, seat)
    if not can_pay(rest, pay_colour, need):
        return refuse("refuse.cannot_pay", need=need, colour=f"@colour.{COLOUR_NAMES[pay_colour]}", box=slot + 1)
    return None


def check_pay_card(ctx: Ctx, s: State, t: int) -> Event | None:
    colour, need, _ = _pay_context(ctx, s)
    rest = _rest(s)
    if rest[t] <= 0:
        return refuse("refuse.no_other_card", card=card_term(ctx, s, t))
    sel = s.pay_cards[:]
    sel[t] += 1
    _, reason = evaluate(sel, s.pay_caps, colour, partial=True)
    if reason is not None:
        return reason
    rest[t] -= 1
    if not _on_useful_path(ctx, s, sel, _used_powers(s)) and not can_complete(sel, rest, s.pay_caps, colour, need):
        return refuse("refuse.card_overshoots", card=card_term(ctx, s, t), need=need)
    return None


def check_lux(ctx: Ctx, s: State, lux: int, target: int) -> Event | None:
    colour, need, _ = _pay_context(ctx, s)
    rest = _rest(s)
    if rest[lux] <= 0:
        return refuse("refuse.no_card_to_play", card=card_term(ctx, s, lux))
    if colour == WILD:
        return refuse("refuse.wild_no_recolour")
    if target == colour:
        return refuse("refuse.colour_pays_already", colour=f"@colour.{COLOUR_NAMES[target]}")
    caps = s.pay_caps[:]
    caps[target] += LUX_CAPACITY[lux]
    rest[lux] -= 1
    powers = [*_used_powers(s), (lux, target)]
    if not _on_useful_path(ctx, s, s.pay_cards, powers) and not can_complete(s.pay_cards, rest, caps, colour, need):
        return refuse("refuse.lux_useless", need=need, card=card_term(ctx, s, lux))
    return None


def check_done(ctx: Ctx, s: State) -> Event | None:
    colour, need, _ = _pay_context(ctx, s)
    total, reason = evaluate(s.pay_cards, s.pay_caps, colour)
    if reason is not None:
        return reason
    if total < need:
        return refuse("refuse.short", total=total, need=need)
    return None


def check_offer(ctx: Ctx, s: State, card: int | None) -> Event | None:
    seat = s.active
    if s.figures[seat] != COURTYARD_SQ:
        return refuse("refuse.offer_courtyard")
    if s.markers[seat] <= 0:
        return refuse("refuse.no_marker")
    cost = ctx.next_cost(s)
    if cost is None:
        return refuse("refuse.obelisk_full")
    if card is None:
        if s.offered:
            return refuse("refuse.one_offering")
    else:
        if not s.offered:
            return refuse("refuse.pillar_after")
        if not s.hands[card_base(seat) + card]:
            return refuse("refuse.no_card", card=card_term(ctx, s, card))
        cost += ctx.surcharge[card]
    if s.crystals[seat] < cost:
        return refuse("refuse.offer_cost", cost=cost, crystals=s.crystals[seat])
    return None


# ---------------------------------------------------------------- applying
def apply_contrib(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    s.phase = PHASE_PAY
    s.pay_box = act.box
    s.pay_colour = act.colour
    if events is None:  # what follows only tells the players
        return
    tile = ctx.tile(s, s.figures[s.active])
    assert tile is not None
    colour, need = box_need(tile, act.box, act.colour)
    say(events, "pay.start", seat=s.active, box=act.box + 1, need=need, colour=f"@colour.{COLOUR_NAMES[colour]}",
        **place(ctx, s, s.figures[s.active]))


def apply_pay_card(s: State, t: int) -> None:
    s.pay_cards[t] += 1


def apply_lux(ctx: Ctx, s: State, lux: int, target: int, events: list[Event] | None) -> None:
    s.pay_caps[target] += LUX_CAPACITY[lux]
    s.pay_lux[(0 if lux == LUX1 else 8) + target] += 1
    if events is not None:
        say(events, "pay.lux1" if lux == LUX1 else "pay.lux2", seat=s.active, card=card_term(ctx, s, lux),
            colour=f"@colour.{COLOUR_NAMES[target]}")


def apply_done(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    """Pay, place the marker, dragon scales, then score a completed building (BMC-5.11)."""
    seat = s.active
    sq = s.figures[seat]
    tile = ctx.tile(s, sq)
    assert tile is not None
    if events is not None:
        colour, need = box_need(tile, s.pay_box, s.pay_colour)
        paid = [t for t in CARD_TYPES for _ in range(s.pay_cards[t])]
        say(events, "pay.done", seat=seat, box=s.pay_box + 1, need=need, colour=f"@colour.{COLOUR_NAMES[colour]}",
            cards=card_terms(ctx, s, paid), **place(ctx, s, sq))
    for t in CARD_TYPES:
        if s.pay_cards[t]:
            discard_from_hand(s, seat, t, s.pay_cards[t])
    lux_used = _lux_cards_used(s)
    for t in (LUX1, LUX2):
        if lux_used[t]:
            discard_from_hand(s, seat, t, lux_used[t])
    s.boxes[sq * 4 + s.pay_box] = seat
    s.markers[seat] -= 1
    clear_payment(s)
    s.phase = PHASE_CONTRIB
    if not s.contributed:
        s.contributed = True
        dragons = sum(1 for d in s.dragons if d == sq)
        if dragons:
            give_scales(ctx, s, seat, dragons, ("@why.dragons", tile), events)
    if all(s.boxes[sq * 4 + i] != FREE for i in range(len(tile.boxes))):
        complete_building(ctx, s, sq, events)


def complete_building(ctx: Ctx, s: State, sq: int, events: list[Event] | None) -> None:
    """BMC-6: majority, construction and neighbourhood bonuses, then markers home and the tile turns."""
    tile = ctx.tile(s, sq)
    assert tile is not None
    owners = [s.boxes[sq * 4 + i] for i in range(len(tile.boxes))]
    count = [owners.count(p) for p in range(s.players)]
    best = max(count)
    tied = {p for p in range(s.players) if count[p] == best}
    winner = next(o for o in owners if o in tied)  # the leftmost marker breaks a tie (BMC-6.2)
    say(events, "building.complete", tile=tile_term(tile))
    give_reward(ctx, s, winner, tile.majority, ("@why.majority", tile), events)
    order = [p for p in turn_order(s) if count[p]]
    for p in order:
        give_reward(ctx, s, p, tile.construction, ("@why.construction", tile), events)
    for p in order:
        for nb in NEIGHBOURS[sq]:
            other = ctx.tile(s, nb)
            if other is not None and s.rebuilt[nb] and other.neighbourhood:
                give_reward(ctx, s, p, other.neighbourhood, ("@why.neighbourhood", other), events)
    for i, o in enumerate(owners):
        s.markers[o] += 1
        s.boxes[sq * 4 + i] = FREE
    s.rebuilt[sq] = True


def apply_offer(ctx: Ctx, s: State, card: int | None, events: list[Event] | None) -> None:
    seat = s.active
    cost = ctx.next_cost(s)
    assert cost is not None
    if card is not None:
        cost += ctx.surcharge[card]
        discard_from_hand(s, seat, card)
    s.crystals[seat] -= cost
    s.markers[seat] -= 1
    s.obelisk.append(seat)
    s.offerings[seat] += 1
    s.offered += 1
    if card is None:
        say(events, "offer", seat=seat, cost=cost, offerings=s.offerings[seat])
    else:
        say(events, "offer.pillar", seat=seat, cost=cost, offerings=s.offerings[seat], card=card_term(ctx, s, card))

