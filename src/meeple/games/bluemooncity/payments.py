"""Paying a box: what a set of cards is worth (BMC-5.2, 5.5-5.8) and the useful (minimal) ways to pay.

A payment is a multiset of card types used for their value (`cards`, 24 counts) plus the Lux cards
discarded for their power (`powers`: (card type, colour recoloured) pairs). Every card in `cards` must
count: in the box's colour, as a Khind wild 1, in a Mimix pair (wild 3), or recoloured by a Lux power.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, compress
from operator import itemgetter

from meeple.engine.rules import Event

from .state import NCARD

KHIND, MIMIX, LUX = 4, 5, 6
WILD = 8  # pseudo-colour: a Royal Palace box paid with wild cards only
PILLAR_PEOPLE = 7
LUX1, LUX2 = LUX * 3, LUX * 3 + 1  # card types of the Lux cards (recolour up to 4 cards / 1 card)
PILLAR1, PILLAR2 = PILLAR_PEOPLE * 3, PILLAR_PEOPLE * 3 + 1  # card types of the Pillar cards (extra offerings)
LUX_CAPACITY = {LUX1: 4, LUX2: 1}
PEOPLE_NAMES = ("Vulca", "Terrah", "Aqua", "Venti", "Khind", "Mimix", "Lux", "Pillar")
COLOUR_NAMES = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow", "wild")
CARD_TYPES = tuple(t for t in range(NCARD) if t // 3 != KHIND or t % 3 == 0)

Powers = tuple[tuple[int, int], ...]
Payment = tuple[tuple[int, ...], Powers]


def caps_of(powers: Sequence[tuple[int, int]]) -> list[int]:
    """Cards per colour that a set of Lux powers recolours."""
    caps = [0] * 8
    for card, colour in powers:
        caps[colour] += LUX_CAPACITY[card]
    return caps


def _people(p: int) -> str:
    """A people as a term of the game's messages, by its CMON 2019 name (the rules rename it for the edition)."""
    return f"@people.{PEOPLE_NAMES[p].lower()}"


_NATIVE, _WILD_CARD, _LOW, _OTHER = range(4)  # how a card counts in a box of some colour (`_ROLES`)
# Per box colour and card type: (how the card counts, its people, its value); None for types no card has.
_ROLES = tuple(
    tuple(
        None if t not in CARD_TYPES
        else (_WILD_CARD if t // 3 == KHIND else _NATIVE if t // 3 == colour
              else _LOW if t // 3 == MIMIX and t % 3 <= 1 and colour != MIMIX else _OTHER, t // 3, t % 3 + 1)
        for t in range(NCARD))
    for colour in range(9))


def evaluate(cards: Sequence[int], caps: Sequence[int], colour: int, partial: bool = False) -> tuple[int, Event | None]:
    """Value of `cards` paid into a box of `colour`, or (0, reason) if a card cannot count (a `refuse.*` message).

    With `partial`, an unpaired Mimix card is allowed (it counts 0 until its partner comes).
    """
    value = value_of(cards, caps, colour, partial)
    if value >= 0:
        return value, None
    fault, p = divmod(-1 - value, 8)
    if fault == _ONLY_WILD:
        return 0, Event("refuse.wild_only", {"people": _people(p)})
    if fault == _UNPAIRED:
        return 0, Event("refuse.mimix_pair", {"people": _people(MIMIX)})
    params = {"people": _people(p), "colour": f"@colour.{COLOUR_NAMES[p]}",
              "box_colour": f"@colour.{COLOUR_NAMES[colour]}", "lux": _people(LUX)}
    if caps[p] == 0:
        return 0, Event("refuse.wrong_colour", params)
    return 0, Event("refuse.wrong_colour_capped", {**params, "n": caps[p]})


_ONLY_WILD, _NOT_RECOLOURED, _UNPAIRED = range(3)  # why a card cannot count (`value_of`)


def value_of(cards: Sequence[int], caps: Sequence[int], colour: int, partial: bool = False) -> int:
    """The value of `evaluate` without its reason: -1 - 8 * fault - people when a card cannot count (the fault:
    `_ONLY_WILD`, `_NOT_RECOLOURED` or `_UNPAIRED`), so a value >= 0 means the cards count."""
    native = wild = rec_total = low1 = low2 = 0
    rec = [0] * 8
    roles = _ROLES[colour]
    for t in compress(range(NCARD), cards):
        role = roles[t]
        if role is None:
            continue
        how, p, v = role
        c = cards[t]
        if how == _WILD_CARD:
            wild += c
        elif how == _NATIVE:
            native += v * c
        elif how == _LOW:
            if v == 1:
                low1 += c
            else:
                low2 += c
        elif colour == WILD:
            return -1 - 8 * _ONLY_WILD - p
        else:
            rec[p] += c
            rec_total += v * c
    for p in range(8) if rec_total else ():
        if rec[p] > caps[p]:
            return -1 - 8 * _NOT_RECOLOURED - p
    best = 0
    if low1 or low2:
        best = _mimix_value(low2, low1, caps[MIMIX] - rec[MIMIX] if colour not in (MIMIX, WILD) else 0, partial)
        if best < 0:
            return -1 - 8 * _UNPAIRED - MIMIX
    if colour == MIMIX:  # on a brown box a pair of Mimix 1 is better as a wild 3 than as 1 + 1 (BMC-5.7)
        native += cards[MIMIX * 3] // 2
    return native + wild + rec_total + best


@lru_cache(maxsize=1024)
def _mimix_value(twos: int, ones: int, spare: int, partial: bool) -> int:
    """The most that low Mimix cards (`twos` Mimix 2, `ones` Mimix 1) count: the best `spare` of them recoloured
    by a brown Lux power at face value, the others in pairs worth 3; -1 when a card is left unpaired (unless
    `partial`)."""
    low = [2] * twos + [1] * ones
    best = -1
    for r in range(min(spare, len(low)) + 1):
        if (len(low) - r) % 2 and not partial:
            continue
        best = max(best, sum(low[:r]) + 3 * ((len(low) - r) // 2))
    return best


def can_reach(cards: Sequence[int], rest: Sequence[int], caps: Sequence[int], colour: int, need: int) -> bool:
    """Whether adding some of the `rest` cards (with the Lux powers already played) pays `need`."""
    sup = list(cards)
    rec_sel = [0] * 8
    for t in CARD_TYPES:
        if cards[t]:
            rec_sel[t // 3] += cards[t]
    recolourable: list[list[int]] = [[] for _ in range(8)]
    added_low: list[int] = []
    for t in CARD_TYPES:
        c = rest[t]
        if c <= 0:
            continue
        p, v = divmod(t, 3)
        if p in (KHIND, colour):
            sup[t] += c
        elif p == MIMIX and v <= 1 and colour != MIMIX:
            sup[t] += c
            added_low += [t] * c
        elif colour != WILD:
            recolourable[p] += [t] * c
    added_brown: list[int] = []
    for p in range(8):
        if p in (colour, KHIND):
            continue
        spare = caps[p] - (rec_sel[p] if p != MIMIX else cards[MIMIX * 3 + 2])
        for t in sorted(recolourable[p], reverse=True)[: max(spare, 0)]:
            sup[t] += 1
            if p == MIMIX:
                added_brown.append(t)
    # Mimix cards can count in several ways (pairs, recoloured by a brown Lux power): adding every card is
    # not always best, so also try leaving out one low Mimix card and the recoloured Mimix 3s.
    best = -1
    for drop_low in ([False, True] if added_low else [False]):
        for drop_brown in ([False, True] if added_brown else [False]):
            trial = list(sup)
            if drop_low:
                trial[min(added_low)] -= 1
            if drop_brown:
                for t in added_brown:
                    trial[t] -= 1
            best = max(best, value_of(trial, caps, colour))
    return best >= need


def can_complete(cards: Sequence[int], rest: Sequence[int], caps: Sequence[int], colour: int, need: int) -> bool:
    """Like `can_reach`, but Lux cards still in `rest` may also be played later for their power."""
    if can_reach(cards, rest, caps, colour, need):
        return True
    if colour == WILD:
        return False
    present = {t // 3 for t in CARD_TYPES if rest[t] or cards[t]}
    for lux in (LUX1, LUX2):
        if rest[lux] <= 0:
            continue
        fewer = list(rest)
        fewer[lux] -= 1
        for target in present:
            if target in (colour, KHIND):
                continue
            more = list(caps)
            more[target] += LUX_CAPACITY[lux]
            if can_complete(cards, fewer, more, colour, need):
                return True
    return False


# ---------------------------------------------------------------- minimal payments
_Unit = tuple[int, int, int, int]  # value, card type, second card type or -1, colour recoloured or -1
PAYMENTS_CACHE = 1 << 16  # hands remembered with their useful payments (and with whether they can pay a box)


# A payment as one number (its code), a byte per count: the card types' counts (byte t for type t), then its Lux
# powers counted as an open payment's `pay_lux` counts them (byte NCARD + i: i = c for a Lux 1 on colour c, 8 + c
# for a Lux 2). Sets of codes hash and compare faster than sets of tuples, and a payment step adds one byte.
CODE_BYTES = 2 * NCARD  # `pay_lux` is NCARD long; its slots from 16 on stay 0
POWER_CODE = {(lux, c): 1 << 8 * (NCARD + (0 if lux == LUX1 else 8) + c) for lux in (LUX1, LUX2) for c in range(8)}
_LOW_MIMIX_BYTES = 8 * MIMIX * 3  # the low Mimix cards' two bytes start here


def decode(code: int) -> Payment:
    """The payment (card counts, sorted Lux powers) of a code."""
    counts = code.to_bytes(CODE_BYTES, "little")
    powers: list[tuple[int, int]] = []
    for i in compress(range(16), counts[NCARD : NCARD + 16]):
        powers += [(LUX1 if i < 8 else LUX2, i % 8)] * counts[NCARD + i]
    return tuple(counts[:NCARD]), tuple(powers)


def minimal_payments(hand: Sequence[int], colour: int, need: int) -> tuple[Payment, ...]:
    """Every useful way to pay `need` into a box of `colour` from `hand`, each once.

    Useful means minimal: removing any card (or any Lux power) would no longer pay. Cards of the same
    people and value are interchangeable, so payments are multisets.
    """
    return relevant_payments(relevant_hand(hand, colour), colour, need)


@lru_cache(maxsize=PAYMENTS_CACHE)
def relevant_payments(relevant: tuple[int, ...], colour: int, need: int) -> tuple[Payment, ...]:
    """`minimal_payments` of the part of a hand that paying depends on (`relevant_hand`): hands that share it share
    their payments."""
    return tuple(map(decode, payment_codes(relevant, colour, need)))


@lru_cache(maxsize=PAYMENTS_CACHE)
def payment_codes(relevant: tuple[int, ...], colour: int, need: int) -> tuple[int, ...]:
    """The codes of `relevant_payments`, in no particular order."""
    return tuple(_enumerate(relevant, colour, need))


def relevant_hand(hand: Sequence[int], colour: int) -> tuple[int, ...]:
    """The part of a hand that can matter for paying `need` <= 5 in `colour`: without a Lux card only the
    box's colour, Khind and low Mimix cards count; no payment uses more than 5 cards of one type."""
    if hand[LUX1] or hand[LUX2]:
        return tuple(hand) if max(hand) < 5 else tuple(map(min, hand, _FIVES))
    keep = [0] * NCARD
    for t in _KEEP[colour]:
        c = hand[t]
        keep[t] = c if c < 5 else 5
    return tuple(keep)

_FIVES = (5,) * NCARD
_KEEP = {c: tuple(t for t in CARD_TYPES if t // 3 in (c, KHIND) or t in (MIMIX * 3, MIMIX * 3 + 1))
         for c in range(9)}


def _units(hand: Sequence[int], colour: int) -> list[_Unit]:
    lux = hand[LUX1] + hand[LUX2] > 0  # recoloured cards need a Lux card
    table = _UNIT_OF[colour][lux]
    units: list[_Unit] = list(filter(None, compress(table, hand)))  # the units of the types held (counts >= 0)
    if colour == MIMIX and hand[MIMIX * 3] >= 2:
        units.append((3, MIMIX * 3, MIMIX * 3, -1))  # 1 + 1 as a wild 3 beats their face value (BMC-5.7)
    elif colour != MIMIX:
        lows = [MIMIX * 3, MIMIX * 3 + 1]
        for i, a in enumerate(lows):
            for b in lows[i:]:
                if hand[a] and hand[b] and (a != b or hand[a] >= 2):
                    units.append((3, a, b, -1))
    return units


def _unit_of(t: int, colour: int, lux: bool) -> _Unit | None:
    """The unit of one card of type t in a box of `colour`: counted as it is, recoloured (with a Lux card), or none."""
    p, v = divmod(t, 3)
    if p in (KHIND, colour):
        return v + 1, t, -1, -1
    if colour != WILD and lux:
        return v + 1, t, -1, p
    return None


# Per box colour and whether the hand holds a Lux card: the unit of each card type (`_unit_of`).
_UNIT_OF = tuple(tuple(tuple(_unit_of(t, colour, lux) for t in range(NCARD)) for lux in (False, True))
                 for colour in range(9))


class _Search:
    """The depth-first search of `_enumerate` (an object rather than a recursive closure, which would hold itself
    in a reference cycle and outlive every call until the next garbage collection)."""

    __slots__ = ("hand", "max_cards", "max_colours", "need", "out", "recoloured", "rows", "units", "used")

    def __init__(self, hand: Sequence[int], colour: int, need: int) -> None:
        self.hand = hand
        self.need = need
        # The most valuable units first: a payment's last unit is then its smallest, so a payment that reaches
        # `need` falls short without it, and the search meets no payment that is not minimal by its units.
        units = self.units = sorted(_units(hand, colour), key=itemgetter(0), reverse=True)
        self.out: set[int] = set()
        self.used = [0] * NCARD
        self.recoloured = [0] * 8
        # Lux cards bound what can be recoloured: each covers one colour, Lux 1 four cards, Lux 2 one.
        self.max_colours = hand[LUX1] + hand[LUX2]
        self.max_cards = 4 * hand[LUX1] + hand[LUX2]
        # Per unit i, what `extend` reads of it: reach (more than units i.. can add, each as often as the hand allows,
        # Lux cards and shared Mimix cards aside: a payment short by at least that is not extended), the unit, the
        # code of its cards, the code of the colour it recolours (0 for none) and i.
        rows: list[tuple[int, int, int, int, int, int, int, int]] = []
        reach = 1
        for i in range(len(units) - 1, -1, -1):
            v, a, b, rc = units[i]
            times = hand[a] if b < 0 else (hand[a] // 2 if a == b else min(hand[a], hand[b]))
            reach += v * times
            rows.append((reach, v, a, b, rc, _CARD_CODE[a] + (_CARD_CODE[b] if b >= 0 else 0),
                         _COLOUR_CODE[rc] if rc >= 0 else 0, i))
        rows.reverse()
        self.rows = rows

    def extend(self, start: int, total: int, colours: int, cards: int, code: int, rkey: int) -> None:
        """Add units from `start` on (none worth more than the last one added) to a payment worth `total` that is
        still short, whose cards have the code `code` and whose recoloured cards per colour the code `rkey` (a byte
        per colour); a payment that reaches `need` is kept, and is not extended."""
        used, hand, recoloured, need, out = self.used, self.hand, self.recoloured, self.need, self.out
        max_colours, max_cards = self.max_colours, self.max_cards
        for reach, v, a, b, rc, unit_code, colour_code, i in self.rows[start:]:
            if total + reach <= need:  # units i.. cannot make up the rest
                return
            if used[a] >= hand[a]:
                continue
            if b >= 0:
                if used[b] + (a == b) >= hand[b]:
                    continue
                used[b] += 1
            if rc >= 0:
                c2 = colours if recoloured[rc] else colours + 1
                n2 = cards + 1
                if c2 > max_colours or n2 > max_cards:
                    if b >= 0:
                        used[b] -= 1
                    continue
                recoloured[rc] += 1
            else:
                c2, n2 = colours, cards
            used[a] += 1
            if total + v < need:
                self.extend(i, total + v, c2, n2, code + unit_code, rkey + colour_code)
            elif n2:
                paid = code + unit_code
                for powers in _power_codes(rkey + colour_code, hand[LUX1] - used[LUX1], hand[LUX2] - used[LUX2]):
                    out.add(paid + powers)
            else:  # nothing recoloured: the payment needs no Lux power
                out.add(code + unit_code)
            if rc >= 0:
                recoloured[rc] -= 1
            used[a] -= 1
            if b >= 0:
                used[b] -= 1


_CARD_CODE = tuple(1 << 8 * t for t in range(NCARD))
_COLOUR_CODE = tuple(1 << 8 * c for c in range(8))


def _enumerate(hand: Sequence[int], colour: int, need: int) -> set[int]:
    """The codes of the useful payments of `hand`."""
    search = _Search(hand, colour, need)
    if need <= 0:
        return {0}
    search.extend(0, 0, 0, 0, 0, 0)
    out = search.out
    # Only low Mimix cards can count in two ways (in a pair, or alone in a brown box or recoloured by a brown Lux
    # power), which the unit check above cannot see; every other candidate is already minimal. Without a brown Lux
    # power they count only in pairs outside a brown box, so there too the unit check suffices.
    if not (hand[MIMIX * 3] or hand[MIMIX * 3 + 1]):
        return out
    if colour == MIMIX:
        return {code for code in out if not (code >> _LOW_MIMIX_BYTES) & 0xFFFF or _minimal_code(code, colour, need)}
    return {code for code in out
            if not (code >> _LOW_MIMIX_BYTES) & 0xFFFF or not code & _BROWN_POWERS or _minimal_code(code, colour, need)}


_BROWN_POWERS = 0xFF * (POWER_CODE[(LUX1, MIMIX)] + POWER_CODE[(LUX2, MIMIX)])  # the bytes of brown Lux powers


@lru_cache(maxsize=PAYMENTS_CACHE)
def _minimal_code(code: int, colour: int, need: int) -> bool:
    """`is_minimal` of the payment of a code."""
    payment = decode(code)
    if colour in (MIMIX, WILD):
        return _is_minimal(payment, colour, need)
    return _is_minimal_off_brown(payment, colour, need)


def _is_minimal_off_brown(payment: Payment, colour: int, need: int) -> bool:
    """`is_minimal` for a box that is neither brown nor wild, where a payment's value (`value_of`) is the face value
    of its cards of other peoples than Mimix, 3 per Mimix 3 (recoloured by brown Lux powers) and what the low Mimix
    cards make with the brown powers left (`_mimix_value`): leaving out one Mimix card or one Lux power changes only
    the last two parts, or leaves the payment as it is when the power's colour keeps enough room."""
    cards, powers = payment
    caps = caps_of(powers)
    value = value_of(cards, caps, colour)
    if value < need:
        return False
    slack = value - need
    ones, twos, threes = cards[MIMIX * 3], cards[MIMIX * 3 + 1], cards[MIMIX * 3 + 2]
    brown = caps[MIMIX]
    rest = value - 3 * threes - _mimix_value(twos, ones, brown - threes, False)  # the other peoples' part
    recoloured = [0] * 8
    for t in CARD_TYPES:
        count = cards[t]
        if count:
            p = t // 3
            if p == MIMIX:
                continue
            if t % 3 < slack:  # leaving it out costs its face value, at most the slack
                return False
            if p not in (colour, KHIND):
                recoloured[p] += count
    def still_pays(twos: int, ones: int, threes: int, brown_left: int) -> bool:
        """Whether the payment with these Mimix cards and this brown capacity left still pays."""
        mimix = _mimix_value(twos, ones, brown_left, False)
        return mimix >= 0 and rest + 3 * threes + mimix >= need

    if ones and still_pays(twos, ones - 1, threes, brown - threes):
        return False
    if twos and still_pays(twos - 1, ones, threes, brown - threes):
        return False
    if threes and still_pays(twos, ones, threes - 1, brown - threes + 1):
        return False
    for lux, c in set(powers):
        left = caps[c] - LUX_CAPACITY[lux]
        if c != MIMIX:
            if recoloured[c] <= left:  # the cards it recolours still fit: the same value
                return False
        elif threes <= left and still_pays(twos, ones, threes, left - threes):
            return False
    return True


def _is_minimal(payment: Payment, colour: int, need: int) -> bool:
    """A payment is useful when it pays and no single card or Lux power can be left out."""
    cards, powers = payment
    caps = caps_of(powers)
    value = value_of(cards, caps, colour)
    if value < need:
        return False
    # A card of another people than Mimix counts alone (in its colour, as a wild 1 or recoloured): leaving it out
    # costs exactly its face value. Only Mimix cards (pairs, brown Lux powers) need the payment valued again.
    slack = value - need
    fewer = list(cards)
    for t in CARD_TYPES:
        if cards[t]:
            if t // 3 != MIMIX:
                if t % 3 < slack:  # its face value t % 3 + 1 is at most the slack
                    return False
                continue
            fewer[t] -= 1
            if value_of(fewer, caps, colour) >= need:
                return False
            fewer[t] += 1
    for i, (lux, c) in enumerate(powers):
        if i and powers[i - 1] == (lux, c):
            continue  # the same power left out again
        caps[c] -= LUX_CAPACITY[lux]
        if value_of(cards, caps, colour) >= need:
            return False
        caps[c] += LUX_CAPACITY[lux]
    return True


is_minimal = lru_cache(maxsize=PAYMENTS_CACHE)(_is_minimal)  # the same payments come out of many hands


def _covers(r: int) -> list[tuple[int, int]]:
    """Minimal (Lux 1, Lux 2) counts that recolour r cards of one colour."""
    return _COVERS[r] if r < len(_COVERS) else _compute_covers(r)


def _compute_covers(r: int) -> list[tuple[int, int]]:
    out = []
    for a in range(3):
        for b in range(6):
            cap = 4 * a + b
            if cap >= r and (a == 0 or cap - 4 < r) and (b == 0 or cap - 1 < r):
                out.append((a, b))
    return out


_COVERS = [_compute_covers(r) for r in range(9)]


def can_pay(hand: Sequence[int], colour: int, need: int) -> bool:
    """Whether the hand can pay the box at all: with the cards that count as they are (the box's colour, Khind,
    low Mimix cards), or else, with Lux cards, by recolouring some."""
    if colour in _PLAIN_PEOPLE:  # `plain_value` written out for the most common boxes
        first = colour * 3
        if (hand[first] + 2 * hand[first + 1] + 3 * hand[first + 2] + hand[KHIND * 3]
                + 3 * ((hand[MIMIX * 3] + hand[MIMIX * 3 + 1]) // 2)) >= need:
            return True
    elif plain_value(hand, colour) >= need:
        return True
    return bool(hand[LUX1] or hand[LUX2]) and colour != WILD and _pays_with_lux(tuple(hand), colour, need)


_PLAIN_PEOPLE = frozenset(range(8)) - {KHIND, MIMIX}  # box colours where plain_value takes its general form


def plain_value(hand: Sequence[int], colour: int) -> int:
    """The most the cards that count without a Lux power pay into a box of `colour`: its own colour, Khind wild 1s
    and low Mimix cards in pairs worth 3 (an odd one left out); on a brown box a pair of Mimix 1 counts 3 (BMC-5.7)."""
    wild = hand[KHIND * 3]
    if colour in (WILD, KHIND):  # a Khind card counts once, as the wild 1 it is
        return wild + 3 * ((hand[MIMIX * 3] + hand[MIMIX * 3 + 1]) // 2)
    base = colour * 3
    native = hand[base] + 2 * hand[base + 1] + 3 * hand[base + 2]
    if colour == MIMIX:
        return native + wild + hand[MIMIX * 3] // 2
    return native + wild + 3 * ((hand[MIMIX * 3] + hand[MIMIX * 3 + 1]) // 2)


@lru_cache(maxsize=PAYMENTS_CACHE)
def _pays_with_lux(hand: tuple[int, ...], colour: int, need: int) -> bool:
    """Whether a hand with Lux cards that cannot pay plainly pays by recolouring: a quick estimate settles most
    hands; only close calls are enumerated."""
    low, high = _lux_bounds(hand, colour)
    return low >= need or (high >= need and bool(payment_codes(relevant_hand(hand, colour), colour, need)))


def _lux_bounds(hand: Sequence[int], colour: int) -> tuple[int, int]:
    """(a value some payment surely reaches, a value no payment exceeds) for a hand with Lux cards."""
    first = colour * 3
    native = hand[first] + 2 * hand[first + 1] + 3 * hand[first + 2]
    lows = hand[MIMIX * 3] + hand[MIMIX * 3 + 1] if colour != MIMIX else 0
    base = native + hand[KHIND * 3] + 3 * (lows // 2)
    # Per other people holding cards: its cards of value 3, 2 and 1. A Mimix 1 or 2 counts in a pair, never
    # recoloured here: only Mimix 3s are, as are Lux 3s (a Lux 1 or 2 is played for its power).
    others = [(hand[t + 2], hand[t + 1], hand[t]) for t in _RECOLOURED_FIRST[colour]
              if hand[t] or hand[t + 1] or hand[t + 2]]
    for t in (MIMIX * 3 + 2, LUX * 3 + 2):
        if hand[t] and t // 3 != colour:
            others.append((hand[t], 0, 0))
    others.sort()  # the peoples recoloured are interchangeable: hands alike but for which ones share the bounds
    best, pooled = _recolour_bounds(tuple(others), hand[LUX1], hand[LUX2], colour == LUX)
    return base + best, base + pooled + (lows % 2) * 2 + 2 * max(0, lows - 1)


# Per box colour, the first card type of each people whose every card can only count recoloured (not the box's
# colour, Khind, Mimix or Lux).
_RECOLOURED_FIRST = tuple(tuple(p * 3 for p in range(8) if p not in (colour, KHIND, MIMIX, LUX)) for colour in range(9))


@lru_cache(maxsize=PAYMENTS_CACHE)
def _recolour_bounds(others: tuple[tuple[int, int, int], ...], lux1: int, lux2: int, on_lux: bool) -> tuple[int, int]:
    """(the best value `lux1` Lux 1 and `lux2` Lux 2 powers surely add, the most that recoloured cards and spare Lux
    cards can add) for the other peoples' cards `others` (per people: its cards of value 3, 2 and 1); `on_lux`: the
    box is white, so a Lux card played for its power is lost from its value."""
    values = [[3] * n3 + [2] * n2 + [1] * n1 for n3, n2, n1 in others]
    best = 0
    for k1 in range(lux1 + 1):
        for k2 in range(lux2 + 1):
            loss = (k1 + 2 * k2) if on_lux else 0
            best = max(best, _recolour_gain(values, k1, k2) - loss)
    spare_lux = [1] * lux1 + [2] * lux2 if not on_lux else []  # Lux cards recolour each other
    pooled = sorted([v for vals in values for v in vals] + spare_lux, reverse=True)
    return best, sum(pooled[: 4 * lux1 + lux2])


def _recolour_gain(others: list[list[int]], k1: int, k2: int) -> int:
    """Best value Lux powers add: each Lux 1 takes the next four cards of one colour, Lux 2 one card."""
    best = 0
    for pick in combinations_with_replacement(range(len(others)), k1) if others else [()]:
        taken = [0] * len(others)
        gain = 0
        for i in pick:
            vals = others[i][taken[i] : taken[i] + 4]
            gain += sum(vals)
            taken[i] += len(vals)
        rest = sorted((v for i, vals in enumerate(others) for v in vals[taken[i] :]), reverse=True)
        best = max(best, gain + sum(rest[:k2]))
    return best


@lru_cache(maxsize=4096)
def _power_codes(recoloured: int, lux1: int, lux2: int) -> tuple[int, ...]:
    """The codes of `_powers` of the recoloured cards per colour given as a code (a byte per colour)."""
    return tuple(sum(map(POWER_CODE.__getitem__, powers))
                 for powers in _powers(tuple(recoloured.to_bytes(8, "little")), lux1, lux2))


@lru_cache(maxsize=4096)
def _powers(recoloured: tuple[int, ...], lux1: int, lux2: int) -> tuple[Powers, ...]:
    """Every minimal set of Lux powers that recolours `recoloured[p]` cards of each colour p, with at most `lux1`
    Lux 1 and `lux2` Lux 2 cards left to play (each power sorted)."""
    options: list[list[tuple[int, int, int]]] = []  # per recoloured colour: (colour, lux1, lux2)
    for p in range(8):
        if recoloured[p]:
            options.append([(p, a, b) for a, b in _covers(recoloured[p])])
    out: list[Powers] = []
    for combo in _product(options):
        n1 = sum(a for _, a, _ in combo)
        n2 = sum(b for _, _, b in combo)
        if n1 > lux1 or n2 > lux2:
            continue
        powers: list[tuple[int, int]] = []
        for p, a, b in combo:
            powers += [(LUX1, p)] * a + [(LUX2, p)] * b
        out.append(tuple(sorted(powers)))
    return tuple(out)


def _product(options: list[list[tuple[int, int, int]]]) -> list[list[tuple[int, int, int]]]:
    result: list[list[tuple[int, int, int]]] = [[]]
    for opts in options:
        result = [[*r, o] for r in result for o in opts]
    return result


def pays(payment: Payment, colour: int, need: int) -> bool:
    cards, powers = payment
    return value_of(cards, caps_of(powers), colour) >= need
