"""The movement phase: steps, Venti and the dragons (BMC-4)."""

from __future__ import annotations

from functools import cache

from meeple.engine.rules import Event
from meeple.kit import say

from ..actions import DRAGON1, DRAGON2, DRAGON_NAMES, INDEX, STEP, VENTI1, VENTI2, Act
from ..state import NCARD, NEIGHBOURS, NSQ, State, card_base, square_name
from .cards import discard_from_hand
from .context import Ctx, card, place, refuse

VENTI1_CARD, VENTI2_CARD = 9, 10

_STEP = [INDEX[Act(STEP, square=sq)] for sq in range(NSQ)]
_VENTI1 = [INDEX[Act(VENTI1, square=sq)] for sq in range(NSQ)]
_VENTI2 = INDEX[Act(VENTI2)]
_DRAGON1 = [[INDEX[Act(DRAGON1, dragon=d, square=sq)] for sq in range(NSQ)] for d in range(3)]
_DRAGON1_OFF = [INDEX[Act(DRAGON1, dragon=d)] for d in range(3)]
_DRAGON2 = [[INDEX[Act(DRAGON2, dragon=d, square=sq)] for sq in range(NSQ)] for d in range(3)]


def _city(expansion: bool) -> list[int]:
    corners = (0, 4, 20, 24)  # every square of the city holds a tile; the base city has no corners
    return [sq for sq in range(NSQ) if expansion or sq not in corners]


def _bfs(squares: set[int], start: int, limit: int) -> list[int]:
    seen = {start}
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for sq in frontier:
            for nb in NEIGHBOURS[sq]:
                if nb not in seen and nb in squares:
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    seen.discard(start)
    return sorted(seen)


# Precomputed per layout (base, expansion): the legal targets do not depend on anything else.
_SQUARES = {e: _city(e) for e in (False, True)}
# Steps per layout and square: to the neighbouring tiles, in the order of the action table.
_STEP_TO = {e: [sorted(_STEP[nb] for nb in NEIGHBOURS[sq] if nb in _SQUARES[e]) for sq in range(NSQ)]
            for e in (False, True)}
# Targets "any other tile" per layout and per square left out (index 25 stands for "outside the city").
_VENTI1_TO = {e: [[_VENTI1[sq] for sq in _SQUARES[e] if sq != x] for x in range(NSQ + 1)] for e in (False, True)}
_DRAGON1_TO = {
    e: [[[_DRAGON1[d][sq] for sq in _SQUARES[e] if sq != x] + ([_DRAGON1_OFF[d]] if x < NSQ else [])
         for x in range(NSQ + 1)] for d in range(3)]
    for e in (False, True)
}


def dragon_reach(s: State, start: int, limit: int) -> tuple[int, ...]:
    """Tiles a dragon can reach in 1..limit orthogonal steps over tiles (BMC-4.7)."""
    return _reach(s.expansion, start, limit)


@cache
def _reach(expansion: bool, start: int, limit: int) -> tuple[int, ...]:
    return tuple(_bfs(set(_SQUARES[expansion]), start, limit))


def legal_moves(ctx: Ctx, s: State, out: list[int]) -> None:
    active = s.active
    base = active * NCARD  # card_base
    hand = s.hands
    here = s.figures[active]
    expansion = s.expansion
    if s.steps > 0:
        out += _STEP_TO[expansion][here]
    venti1, venti2 = hand[base + VENTI1_CARD : base + VENTI2_CARD + 1]
    if venti1:
        out += _VENTI1_TO[expansion][here]
    if venti2:
        out.append(_VENTI2)
    # The dragon cards: Vulca, Terrah and Aqua 1 and 2 (their 3s move no dragon), written out per dragon.
    vulca1, vulca2, _, terrah1, terrah2, _, aqua1, aqua2, _ = hand[base : base + 9]
    if not (vulca1 or vulca2 or terrah1 or terrah2 or aqua1 or aqua2):
        return
    dragons = s.dragons
    to = _DRAGON1_TO[expansion]  # at == -1 picks the list for "outside the city"
    if vulca1:
        out += to[0][dragons[0]]
    if vulca2 and dragons[0] >= 0:
        out += _dragon2_to(expansion, 0, dragons[0], ctx.dragon_steps)
    if terrah1:
        out += to[1][dragons[1]]
    if terrah2 and dragons[1] >= 0:
        out += _dragon2_to(expansion, 1, dragons[1], ctx.dragon_steps)
    if aqua1:
        out += to[2][dragons[2]]
    if aqua2 and dragons[2] >= 0:
        out += _dragon2_to(expansion, 2, dragons[2], ctx.dragon_steps)


@cache
def _dragon2_to(expansion: bool, d: int, at: int, limit: int) -> tuple[int, ...]:
    """The Dragon 2 actions of dragon d from `at` (BMC-4.7)."""
    return tuple(_DRAGON2[d][sq] for sq in _reach(expansion, at, limit))


def check_move(ctx: Ctx, s: State, act: Act) -> Event | None:
    seat = s.active
    hand = s.hands
    base = card_base(seat)
    kind, sq, d = act.kind, act.square, act.dragon
    if kind == STEP:
        if s.steps <= 0:
            return refuse("refuse.no_step", card=card(ctx, s, VENTI2_CARD))
        if sq not in NEIGHBOURS[s.figures[seat]]:
            return refuse("refuse.not_next", square=square_name(sq), figure=square_name(s.figures[seat]))
        if s.tile_at[sq] < 0:
            return refuse("refuse.no_tile", square=square_name(sq))
        return None
    if kind == VENTI1:
        if not hand[base + VENTI1_CARD]:
            return refuse("refuse.no_card", card=card(ctx, s, VENTI1_CARD))
        if s.tile_at[sq] < 0 or sq == s.figures[seat]:
            return refuse("refuse.not_another_tile", square=square_name(sq))
        return None
    if kind == VENTI2:
        return None if hand[base + VENTI2_CARD] else refuse("refuse.no_card", card=card(ctx, s, VENTI2_CARD))
    played = d * 3 + (0 if kind == DRAGON1 else 1)
    if not hand[base + played]:
        return refuse("refuse.no_card", card=card(ctx, s, played))
    at = s.dragons[d]
    dragon = f"@dragon.{DRAGON_NAMES[d]}"
    if kind == DRAGON1:
        if sq == -1:
            return None if at >= 0 else refuse("refuse.dragon_outside", dragon=dragon)
        if s.tile_at[sq] < 0 or sq == at:
            return refuse("refuse.not_another_tile", square=square_name(sq))
        return None
    if at < 0:
        return refuse("refuse.dragon_off_city", dragon=dragon)
    if sq not in dragon_reach(s, at, ctx.dragon_steps):
        return refuse("refuse.dragon_reach", square=square_name(sq), steps=ctx.dragon_steps, dragon=dragon)
    return None


def apply_move(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    seat = s.active
    kind, sq, d = act.kind, act.square, act.dragon
    if kind == STEP:
        s.steps -= 1
        s.figures[seat] = sq
        if events is not None:
            say(events, "move.step", seat=seat, **place(ctx, s, sq))
    elif kind == VENTI1:
        discard_from_hand(s, seat, VENTI1_CARD)
        s.figures[seat] = sq
        if events is not None:
            say(events, "move.venti1", seat=seat, card=card(ctx, s, VENTI1_CARD), **place(ctx, s, sq))
    elif kind == VENTI2:
        discard_from_hand(s, seat, VENTI2_CARD)
        s.steps += ctx.venti_steps
        say(events, "move.venti2", seat=seat, card=card(ctx, s, VENTI2_CARD), steps=ctx.venti_steps)
    else:
        value = 1 if kind == DRAGON1 else 2
        discard_from_hand(s, seat, d * 3 + value - 1)
        s.dragons[d] = sq
        if events is not None:
            played = card(ctx, s, d * 3 + value - 1)
            dragon = f"@dragon.{DRAGON_NAMES[d]}"
            if sq < 0:
                say(events, "move.dragon_off", seat=seat, card=played, dragon=dragon)
            else:
                say(events, "move.dragon", seat=seat, card=played, dragon=dragon, **place(ctx, s, sq))
