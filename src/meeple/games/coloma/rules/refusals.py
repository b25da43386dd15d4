"""Why an action is refused now: a message naming what is wrong and the rule (COL-23.16), from the seat's own view."""

from __future__ import annotations

from meeple.engine.rules import Event

from ..actions import (
    ABILITY,
    BARREL,
    BRIDGE,
    BUILD,
    BUY,
    CAMP,
    DEPUTISE,
    DIAL,
    DONE,
    EXCHANGE,
    FOUNDRY,
    HOTEL,
    MOVE,
    RETURN,
    SECTIONS,
    STOP,
    STOP_ALT,
    SURVEY,
    SUTTER,
    TRADE,
    USE,
    WAGON,
    Act,
)
from ..state import DISCARD, EVENT, KEEP, SELECT, TURN, State
from ..state import TRADE as SUB_TRADE
from ..state import WAGON as SUB_WAGON
from .context import Ctx
from .effects import can_pay, cost_text

# The Site whose section an action needs (0: the Barker's); the section is fixed for some actions.
SITE = {SUTTER: 1, SURVEY: 2, BRIDGE: 2, BUILD: 3, HOTEL: 3, WAGON: 4, DEPUTISE: 5, CAMP: 5, TRADE: 0, BARREL: 0}
FIXED_SECTION = {DEPUTISE: 0, TRADE: 0, CAMP: 1, BARREL: 1}


def refusal(ctx: Ctx, s: State, seat: int, act: Act) -> Event:
    kind = act.kind
    if kind == DIAL:
        return _e("error.not_selecting")
    if kind == RETURN:
        if s.phase == KEEP or (s.phase == TURN and s.sub == DISCARD):
            return _e("error.no_such_card", slot=act.slot + 1, cards=len(s.hands[seat]))
        return _e("error.nothing_to_return")
    if kind == EXCHANGE:
        return _e("error.exchange", most=_limit(ctx, s, seat)) if s.phase == EVENT else _e("error.no_exchange")
    if s.phase != TURN:
        return _e("error.not_your_turn", phase=f"@phase.{s.phase}")
    if s.sub == DISCARD:
        return _e("error.discard_first")
    if s.sub == SUB_WAGON or kind in (MOVE, STOP, STOP_ALT):
        return _wagon(ctx, s, act)
    if s.sub == SUB_TRADE or kind in (BUY, DONE):
        return _trade(ctx, s, act)
    if kind in (ABILITY, FOUNDRY):
        return _ability(ctx, s, seat, act)
    if kind == USE:
        return _e("error.no_fresh_barrel", barrel=f"@barrel.{ctx.comp.barrels[act.barrel].id}")
    if kind in SITE:
        return _section(ctx, s, seat, act)
    return _e("error.not_now", action=ctx.table.text(ctx.index[act]), phase=f"@phase.{s.phase}")


def _e(msg: str, **params: object) -> Event:
    return Event(msg, params)


def _limit(ctx: Ctx, s: State, seat: int) -> int:
    from .flow import exchange_limit

    return exchange_limit(ctx, s, seat) if seat in s.event_queue else 0


def _wagon(ctx: Ctx, s: State, act: Act) -> Event:
    if s.sub != SUB_WAGON:
        return _e("error.no_wagon_action")
    if act.kind == MOVE:
        space = f"@space.{ctx.comp.spaces[act.space].id}"
        if act.space not in ctx.comp.neighbours[s.wagons[s.active]]:
            return _e("error.not_adjacent", space=space)
        if act.space in s.visited:
            return _e("error.backtrack", space=space)
        return _e("error.no_allowance", space=space, left=s.wagon_left)
    if act.kind == STOP and s.wagon_skipping:
        return _e("error.stop_skipped")
    if act.kind == STOP_ALT:
        return _e("error.no_alternative")
    return _e("error.finish_wagon")


def _trade(ctx: Ctx, s: State, act: Act) -> Event:
    if s.sub != SUB_TRADE:
        return _e("error.no_trade")
    if act.kind != BUY:
        return _e("error.finish_trade")
    if not s.trade_left:
        return _e("error.trade_max", most=ctx.p["trade_max"])
    price = ctx.comp.prices[act.price]
    return _e("error.cannot_buy", item=f"@price.{price.id}")


def _ability(ctx: Ctx, s: State, seat: int, act: Act) -> Event:
    from .turn import enabled

    card = act.card if act.kind == ABILITY else ctx.foundry
    name = f"@card.{ctx.comp.cards[card].id}" if card >= 0 else "@card.none"
    if card < 0 or card not in s.tableau[seat]:
        return _e("error.not_in_tableau", card=name)
    if s.covered[seat] >> card & 1:
        return _e("error.covered", card=name)
    if s.built_now >> card & 1:
        return _e("error.built_this_turn", card=name)
    if s.activated >> card & 1:
        return _e("error.activated", card=name)
    if not enabled(ctx, s, seat, ctx.comp.cards[card]):
        return _e("error.not_enabled", card=name)
    if act.kind == FOUNDRY:
        return _e("error.foundry_target", card=f"@card.{ctx.comp.cards[act.card].id}")
    return _e("error.cannot_pay_ability", card=name)


def _section(ctx: Ctx, s: State, seat: int, act: Act) -> Event:
    from .turn import section_site

    kind = act.kind
    sec = FIXED_SECTION.get(kind, act.section)
    if s.done & (1 << sec):
        return _e("error.section_used", section=f"@section.{SECTIONS[sec]}")
    if section_site(s, sec) != SITE[kind]:
        return _e("error.no_section", section=f"@section.{SECTIONS[sec]}")
    comp = ctx.comp
    cost_name = "hammer" if sec == 0 else "saw"
    if kind == BUILD:
        card = f"@card.{comp.cards[act.card].id}"
        if act.card not in s.hands[seat]:
            return _e("error.not_in_hand", card=card)
        return _e("error.cost", cost=cost_text(getattr(comp.cards[act.card], cost_name)))
    if kind == HOTEL:
        if not s.hotels:
            return _e("error.no_hotel")
        if act.card not in s.tableau[seat] or s.covered[seat] >> act.card & 1:
            return _e("error.hotel_target", card=f"@card.{comp.cards[act.card].id}")
        return _e("error.cost", cost=cost_text(comp.hotel[cost_name]))
    if kind == SURVEY:
        cost = comp.survey_cost[sec]
        if s.rivers[seat][act.column] >= 0:
            return _e("error.column_taken", column=act.column + 1)
        return _e("error.cost", cost=cost_text(cost)) if not can_pay(ctx, s, seat, cost) else _e("error.rivers_max")
    if kind == BRIDGE:
        cost = comp.bridge_cost[sec]
        if s.rivers[seat][act.column] != 0:
            return _e("error.no_river", column=act.column + 1)
        if not s.bridge_stock[act.bridge]:
            return _e("error.bridge_gone", bridge=f"@bridge.{comp.bridges[act.bridge].id}")
        if not can_pay(ctx, s, seat, cost):
            return _e("error.cost", cost=cost_text(cost))
        return _e("error.bridge_twice", bridge=f"@bridge.{comp.bridges[act.bridge].id}")
    if kind == DEPUTISE:
        return _e("error.dudes", n=act.amount)
    if kind == CAMP:
        return _e("error.camp", land=f"@land.{comp.lands[act.land].id}")
    if kind == BARREL:
        return _e("error.barrel_space", space=act.barrel_space + 1)
    return _e("error.not_now", action=ctx.table.text(ctx.index[act]), phase=f"@phase.{s.phase}")


__all__ = ["SELECT", "refusal"]
