"""Shade, the solo opponent (COL-24): an automaton the rules run, never a bot. It never pays."""

from __future__ import annotations

from meeple.engine import rng
from meeple.engine.rules import Event
from meeple.kit import Events

from ..state import State
from .context import Ctx
from .wagon import occupied


def setup(ctx: Ctx, s: State) -> None:
    """COL-24.2: 12 Dudes, 5 Camps, 1 Horse, its Wagon on Coloma (nothing at all outside solo games)."""
    sh = ctx.comp.shade
    solo = s.players == 1
    s.shade_dudes = sh["dudes"] if solo else 0
    s.shade_camps = sh["camps"] if solo else 0
    s.shade_horses = min(sh["horses"], s.horse_supply) if solo else 0
    s.horse_supply -= s.shade_horses
    s.shade_gold = s.shade_rivers = s.shade_hotels = s.shade_barrels = 0
    s.shade_vp = s.shade_gunmen = s.shade_removed = 0
    s.shade_wagon = 0
    s.shade_dest = -1


def new_destination(ctx: Ctx, s: State, ev: Events) -> None:
    """COL-24.9: a random destination card other than the City Shade stands on."""
    cards = [d for d in ctx.comp.shade["destinations"] if d != s.shade_wagon]
    pick, s.rng = rng.below(s.rng, len(cards))
    s.shade_dest = cards[pick]
    if ev is not None:
        ev.append(Event("shade.destination", {"space": f"@space.{ctx.comp.spaces[s.shade_dest].id}"}))


def event(ctx: Ctx, s: State, site: int, ev: Events) -> None:
    """COL-24.3-24.4: Shade gains nothing from Events except 1 Camp on every Event 5."""
    if site == 5 and s.shade_camps + _camps(s) < ctx.p["tents_per_colour"]:
        s.shade_camps += 1
        if ev is not None:
            ev.append(Event("shade.camp_gained", {"camps": s.shade_camps}))


def _camps(s: State) -> int:
    return s.lands.count(-2)


def turn(ctx: Ctx, s: State, common: int, boom: int, ev: Events) -> None:
    """COL-24.7-24.8: Shade's common action, then its Boom (the forwarded Site's Shade rule on the Signpost); `common`
    and `boom` are the sections of its position (`flow.sections`)."""
    if ev is not None:
        ev.append(Event("shade.turn", {"position": s.shade_site}))
    _common(ctx, s, common, ev)
    if boom >= 0:
        _boom(ctx, s, boom, ev)


def _common(ctx: Ctx, s: State, site: int, ev: Events) -> None:
    sh = ctx.comp.shade
    if site == 1:
        _gold(s, ev)
    elif site == 2:
        _river(s, sh["river_max"], ev)
    elif site == 3:
        _hotel(s, ev)
    elif site == 4:
        move(ctx, s, ev)
    elif site == 5 and s.shade_dudes >= sh["row"]:
        s.shade_dudes -= sh["row"]
        s.shade_gunmen += sh["row"]
        if ev is not None:
            ev.append(Event("shade.gunmen", {"n": sh["row"]}))


def _boom(ctx: Ctx, s: State, site: int, ev: Events) -> None:
    sh = ctx.comp.shade
    if site == 0:
        for space, kind in enumerate(s.barrel_spaces):
            if kind >= 0:
                s.shade_barrels += 1
                s.barrel_spaces[space] = s.barrel_pile.pop(0) if s.barrel_pile else -1
                if ev is not None:
                    ev.append(Event("shade.barrel", {"barrel": f"@barrel.{ctx.comp.barrels[kind].id}"}))
                break
    elif site == 1:
        _gold(s, ev)
    elif site == 2:
        _river(s, sh["river_max"], ev)
    elif site == 3:
        _hotel(s, ev)
    elif site == 4:
        if s.shade_horses < sh["horse_max"] and s.horse_supply:
            s.shade_horses += 1
            s.horse_supply -= 1
            if ev is not None:
                ev.append(Event("shade.horse", {"horses": s.shade_horses}))
    elif site == 5 and s.shade_camps and s.shade_wagon != 0:
        free = [land for land in ctx.lands_at[s.shade_wagon] if s.lands[land] == -1]
        if free:
            s.lands[free[0]] = -2
            s.shade_camps -= 1
            if ev is not None:
                ev.append(Event("shade.camp", {"land": f"@land.{ctx.comp.lands[free[0]].id}"}))


def _gold(s: State, ev: Events) -> None:
    if s.gold_supply:
        s.gold_supply -= 1
        s.shade_gold += 1
        if ev is not None:
            ev.append(Event("shade.gold", {"gold": s.shade_gold}))


def _river(s: State, most: int, ev: Events) -> None:
    if s.shade_rivers < most:
        s.shade_rivers += 1
        if ev is not None:
            ev.append(Event("shade.river", {"rivers": s.shade_rivers}))


def _hotel(s: State, ev: Events) -> None:
    if s.hotels:
        s.hotels -= 1
        s.shade_hotels += 1
        if ev is not None:
            ev.append(Event("shade.hotel", {"hotels": s.shade_hotels}))


def move(ctx: Ctx, s: State, ev: Events) -> None:
    """COL-24.9: along the shortest route to the destination, up to its Horses, skipping occupied spaces, no
    rewards; a new destination when it arrives."""
    route = ctx.routes[(s.shade_wagon, s.shade_dest)]
    left = s.shade_horses
    stop = s.shade_wagon
    for i, space in enumerate(route):
        if occupied(ctx, s, space, -2):
            continue  # skipped: free, but no stop here
        if left == 0:
            break
        left -= 1
        stop = space
        if i == len(route) - 1:
            break
    if stop != s.shade_wagon:
        s.shade_wagon = stop
        if ev is not None:
            ev.append(Event("shade.moved", {"space": f"@space.{ctx.comp.spaces[stop].id}"}))
    if stop == s.shade_dest:
        new_destination(ctx, s, ev)


def final_score(ctx: Ctx, s: State, ev: Events) -> None:
    """COL-24.11: Shade's VP (added to its Shootout VP)."""
    score = ctx.comp.shade["score"]
    camps = sum(land.vp for land in ctx.comp.lands if s.lands[land.index] == -2)
    s.shade_vp += (camps + score["gold"] * s.shade_gold + score["river"] * s.shade_rivers
                   + score["hotel"] * s.shade_hotels + score["barrel"] * s.shade_barrels
                   + score["horse"] * s.shade_horses + s.handicap)
    if ev is not None:
        ev.append(Event("shade.final", {"vp": s.shade_vp}))
