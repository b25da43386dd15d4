"""A player's turn (COL-8, COL-10-COL-16): section actions, Town Building abilities and Barrels, step by step."""

from __future__ import annotations

from meeple.kit import Events, say

from ..actions import (
    ABILITY,
    BARREL,
    BRIDGE,
    BUILD,
    BUY,
    CAMP,
    DEPUTISE,
    DONE,
    END,
    FOUNDRY,
    HOTEL,
    SURVEY,
    SUTTER,
    TRADE,
    USE,
    WAGON,
    Act,
)
from ..data import Card, Effect
from ..state import BOOM_DONE, COMMON_DONE, DISCARD, NO_SUB, State
from ..state import TRADE as SUB_TRADE
from . import wagon
from .context import Ctx
from .effects import add_vp, affords, gain, pay
from .flow import next_turn, own_boom, sections

FLAG = (COMMON_DONE, BOOM_DONE)


def section_site(s: State, sec: int) -> int:
    """The Site whose action the section offers the active pioneer (0: the Barker's), or -1 (none or used)."""
    if s.done & FLAG[sec]:
        return -1
    return sections(s, s.positions[s.active])[sec]


def legal_trade(ctx: Ctx, s: State, out: list[int]) -> None:
    """The Barker's Trade (COL-14): what can be bought now, and done."""
    if s.trade_left:
        out += [ctx.buy[pr] for pr in range(len(ctx.buy)) if _can_buy(ctx, s, pr)]
    out.append(ctx.done)


def legal_turn(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    """The actions of the active pioneer's turn (`seat`, as the rules' steps take it)."""
    p = s.active
    pos = s.positions[p]
    done = s.done
    if done != COMMON_DONE | BOOM_DONE:
        sites = sections(s, pos)
        for sec in (0, 1):
            if not done & FLAG[sec] and sites[sec] >= 0:  # the section's Site is offered (section_site)
                _section_actions(ctx, s, p, sec, sites[sec], out)
    # Only a card printed with the pioneer's Site, never the Barker's, can be enabled (enabled, COL-16.1).
    tableau = s.tableau[p]
    if tableau and pos != s.chapter:
        site = ctx.card_site
        for card in tableau:
            if site[card] == pos and _can_activate(ctx, s, p, card):
                if card == ctx.foundry:
                    out += [ctx.foundry_on[t] for t in tableau if _foundry_target(ctx, s, p, t)]
                elif _effect_possible(s, p, ctx.comp.cards[card].ability):
                    out.append(ctx.ability[card])
    if s.fresh[p]:
        out += [ctx.use[kind] for kind in set(s.fresh[p])]
    out.append(ctx.end)


def _section_actions(ctx: Ctx, s: State, p: int, sec: int, site: int, out: list[int]) -> None:
    comp = ctx.comp
    if site == 1:
        out.append(ctx.sutter[sec])
    elif site == 2:
        rivers = s.rivers[p]
        if sum(1 for r in rivers if r >= 0) < ctx.max_rivers and affords(ctx, s, p, ctx.survey_need[sec]):
            survey = ctx.survey[sec]
            out += [survey[col] for col in range(4) if rivers[col] < 0]
        if sum(1 for r in rivers if r > 0) < ctx.max_bridges and affords(ctx, s, p, ctx.bridge_need[sec]):
            owned = {r - 1 for r in rivers if r > 0}
            for b in range(len(comp.bridges)):
                if s.bridge_stock[b] and b not in owned:
                    bridge = ctx.bridge[sec][b]
                    out += [bridge[col] for col in range(4) if rivers[col] == 0]
    elif site == 3:
        build, need = ctx.build[sec], ctx.build_need[sec]  # the hammer (common) or saw (Boom) costs
        out += [build[card] for card in s.hands[p] if affords(ctx, s, p, need[card])]
        if s.hotels and affords(ctx, s, p, ctx.hotel_need[sec]):
            hotel, covered = ctx.hotel[sec], s.covered[p]
            out += [hotel[c] for c in s.tableau[p] if not covered >> c & 1]
    elif site == 4:
        out.append(ctx.wagon[sec])
    elif site == 5 and sec == 0:
        out += ctx.deputise[1:min(ctx.p["deputise_max"], s.dudes[p]) + 1]
    elif site == 5:
        if s.tents[p] and s.wagons[p] != 0:
            out += [ctx.camp[land] for land in ctx.lands_at[s.wagons[p]] if s.lands[land] == -1]
    elif site == 0 and sec == 0:
        out.append(ctx.trade)
    elif site == 0:  # the Barker's Barrel section: the spaces holding a Barrel
        out += [ctx.barrel[i] for i, k in enumerate(s.barrel_spaces) if k >= 0]


def _can_buy(ctx: Ctx, s: State, price: int) -> bool:
    """D3: a purchase is legal when it can be paid and gives something (COL-23.2, COL-23.4)."""
    p = s.active
    if not affords(ctx, s, p, ctx.price_need[price]):
        return False
    pr = ctx.comp.prices[price]
    g = pr.effect.gain
    if g.get("H") and (s.horses[p] >= ctx.p["horse_limit"] or not s.horse_supply):
        return False
    if g.get("Gc") and not s.gold_cart and not pr.effect.fallback_bucks:
        return False
    if g.get("D") and not s.reserve_dudes[p]:
        return False
    return not (g.get("T") and not s.reserve_tents[p])


def enabled(ctx: Ctx, s: State, p: int, card: Card) -> bool:
    """COL-16.1-16.5: the pioneer stands on the card's printed Site (never on the Barker) with the section the card
    needs, or that Site Busted for a Bust-keyed card."""
    pos = s.positions[p]
    if pos != card.site or pos == s.chapter:
        return False
    if card.trigger == "common":
        return True
    if card.trigger == "boom":
        return own_boom(s, pos)
    return s.bust == pos


def _usable(s: State, p: int, card: int) -> bool:
    """COL-16.8-16.9: not covered by a Hotel, not built this turn."""
    return not (s.covered[p] >> card & 1) and not (s.built_now >> card & 1)


def _can_activate(ctx: Ctx, s: State, p: int, card: int) -> bool:
    return _usable(s, p, card) and not (s.activated >> card & 1) and enabled(ctx, s, p, ctx.comp.cards[card])


def _foundry_target(ctx: Ctx, s: State, p: int, target: int) -> bool:
    """COL-16.11: another uncovered Town Building not built this turn; its Site and icon do not matter."""
    return target != ctx.foundry and _usable(s, p, target) and _effect_possible(s, p, ctx.comp.cards[target].ability)


def _effect_possible(s: State, p: int, effect: Effect) -> bool:
    """An ability with a payment is offered only when it can be paid (COL-16.12: unpaid, it does nothing)."""
    return not effect.exchange or s.gold[p] >= effect.exchange[0]


def apply_wagon(ctx: Ctx, s: State, act: Act, ev: Events) -> None:
    """A step of a Wagon action (COL-13), then the sub-decision an effect of it asks for."""
    wagon.apply(ctx, s, act, ev)
    after_effects(s, s.active)


def apply_turn(ctx: Ctx, s: State, seat: int, act: Act, ev: Events) -> None:
    """An action of the active pioneer's turn or of its Trade (`seat`, as the rules' steps take it)."""
    p = s.active
    kind = act.kind
    if kind == BUY:
        pr = ctx.comp.prices[act.price]
        pay(ctx, s, p, pr.cost)
        gain(ctx, s, p, pr.effect, "other", ev)
        s.trade_left -= 1
        say(ev, "trade.buy", seat=p, item=f"@price.{pr.id}")
    elif kind == DONE:
        s.sub = NO_SUB
    elif kind == END:
        say(ev, "turn.end", seat=p)
        s.active = -1
        next_turn(ctx, s, ev)
        return
    elif kind == ABILITY:
        s.activated |= 1 << act.card
        _ability(ctx, s, p, act.card, ev)
    elif kind == FOUNDRY:
        s.activated |= 1 << ctx.foundry
        say(ev, "foundry", seat=p, card=f"@card.{ctx.comp.cards[act.card].id}")
        _ability(ctx, s, p, act.card, ev)
    elif kind == USE:
        _use_barrel(ctx, s, p, act.barrel, ev)
    else:
        _section(ctx, s, p, act, ev)
    after_effects(s, p)


def after_effects(s: State, p: int) -> None:
    """Open the sub-decision an effect asked for: a discard (COL-17.4) or a Wagon action (river column 4)."""
    if s.sub:
        return
    if s.returns[p] and s.hands[p]:
        s.sub = DISCARD
    elif s.returns[p]:
        s.returns[p] = 0
    elif s.wagon_more:
        s.wagon_more -= 1
        wagon.start(s)


def _ability(ctx: Ctx, s: State, p: int, card: int, ev: Events) -> None:
    c = ctx.comp.cards[card]
    say(ev, "ability", seat=p, card=f"@card.{c.id}")
    if c.ability.exchange:
        gold, vp = c.ability.exchange
        s.gold[p] -= gold
        s.gold_cart += gold
        add_vp(s, p, gold * vp, "other")
    else:
        gain(ctx, s, p, c.ability, "other", ev)


def _use_barrel(ctx: Ctx, s: State, p: int, kind: int, ev: Events) -> None:
    """COL-15.5: apply a fresh Barrel's effect and turn it to its used side."""
    s.fresh[p].remove(kind)
    s.used[p].append(kind)
    b = ctx.comp.barrels[kind]
    say(ev, "barrel.used", seat=p, barrel=f"@barrel.{b.id}")
    if b.effect.timber:
        s.timber = b.effect.timber
    else:
        gain(ctx, s, p, b.effect, "other", ev)


def _section(ctx: Ctx, s: State, p: int, act: Act, ev: Events) -> None:
    comp = ctx.comp
    kind = act.kind
    sec = 1 if kind in (CAMP, BARREL) else 0 if act.section < 0 else act.section
    s.done |= FLAG[sec]
    cost_name = "hammer" if sec == 0 else "saw"
    if kind == SUTTER:
        gain(ctx, s, p, comp.sutters_mill, "other", ev)
        say(ev, "sutter", seat=p)
    elif kind == SURVEY:
        pay(ctx, s, p, comp.survey_cost[sec])
        s.rivers[p][act.column] = 0
        say(ev, "survey", seat=p, column=act.column + 1)
        gain(ctx, s, p, comp.columns[act.column], "rivers", ev)
    elif kind == BRIDGE:
        pay(ctx, s, p, comp.bridge_cost[sec])
        s.rivers[p][act.column] = act.bridge + 1
        s.bridge_stock[act.bridge] -= 1
        say(ev, "bridge", seat=p, bridge=f"@bridge.{comp.bridges[act.bridge].id}", column=act.column + 1)
    elif kind == BUILD:
        card = comp.cards[act.card]
        pay(ctx, s, p, getattr(card, cost_name))
        s.hands[p].remove(act.card)
        s.tableau[p].append(act.card)
        s.built_now |= 1 << act.card
        add_vp(s, p, card.vp, "buildings")
        say(ev, "build", seat=p, card=f"@card.{card.id}", vp=card.vp)
    elif kind == HOTEL:
        pay(ctx, s, p, comp.hotel[cost_name])
        s.hotels -= 1
        s.covered[p] |= 1 << act.card
        add_vp(s, p, comp.hotel["vp"], "hotels_built")
        say(ev, "hotel", seat=p, card=f"@card.{comp.cards[act.card].id}", vp=comp.hotel["vp"])
    elif kind == WAGON:
        wagon.start(s)
    elif kind == DEPUTISE:
        s.dudes[p] -= act.amount
        s.gunmen[p] += act.amount
        say(ev, "deputise", seat=p, n=act.amount)
    elif kind == CAMP:
        s.tents[p] -= 1
        s.lands[act.land] = p
        say(ev, "camp", seat=p, land=f"@land.{comp.lands[act.land].id}")
    elif kind == TRADE:
        s.sub = SUB_TRADE
        s.trade_left = ctx.p["trade_max"]
    elif kind == BARREL:
        taken = s.barrel_spaces[act.barrel_space]
        s.fresh[p].append(taken)
        s.barrel_spaces[act.barrel_space] = s.barrel_pile.pop(0) if s.barrel_pile else -1
        say(ev, "barrel.taken", seat=p, barrel=f"@barrel.{comp.barrels[taken].id}", space=act.barrel_space + 1)
