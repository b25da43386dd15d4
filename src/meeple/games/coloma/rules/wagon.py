"""Wagon actions on the Frontier Map (COL-13), one space at a time."""

from __future__ import annotations

from meeple.engine.rules import Event
from meeple.kit import Events

from ..actions import MOVE, STOP, STOP_ALT, Act

__all__ = ["STOP", "apply", "legal", "occupied", "start"]
from ..state import NO_SUB, WAGON, State
from .context import Ctx
from .effects import gain


def occupied(ctx: Ctx, s: State, space: int, mover: int) -> bool:
    """A Horseshoe or Town holding another Wagon (mover: a seat, or -2 for Shade) is skipped (COL-13.6)."""
    if ctx.is_city[space]:
        return False
    if mover != -2 and s.solo and s.shade_wagon == space:
        return True
    wagons = s.wagons
    own = 0 <= mover < len(wagons) and wagons[mover] == space  # the mover's own Wagon does not count
    return wagons.count(space) > own


def start(s: State) -> None:
    """COL-13.3: the allowance is fixed now: Horses in the Lodge plus a Stagecoach Depot bonus (COL-23.20)."""
    s.sub = WAGON
    s.wagon_left = s.horses[s.active] + s.depot
    s.depot = 0
    s.wagon_city = 0
    s.wagon_moved = 0
    s.wagon_skipping = False


def can_go_on(ctx: Ctx, s: State, here: int, left: int, seen: set[int]) -> bool:
    """From a skipped space: a way on, through further skipped spaces (free), to a space the Wagon can stop on
    within the allowance (COL-13.7)."""
    p = s.active
    for nxt in ctx.comp.neighbours[here]:
        if nxt in seen:
            continue
        if occupied(ctx, s, nxt, p):
            if can_go_on(ctx, s, nxt, left, seen | {nxt}):
                return True
        elif left >= 1:
            return True
    return False


def legal(ctx: Ctx, s: State, out: list[int]) -> None:
    p = s.active
    here = s.wagons[p]
    seen = set(s.visited)
    for nxt in ctx.comp.neighbours[here]:
        if nxt in seen:
            continue  # COL-13.12-13.13: never back onto a space of this turn
        if occupied(ctx, s, nxt, p):
            if can_go_on(ctx, s, nxt, s.wagon_left, seen | {nxt}):
                out.append(ctx.moves[nxt])
        elif s.wagon_left >= 1:
            out.append(ctx.moves[nxt])
    if not s.wagon_skipping:
        out.append(ctx.stop)
        if s.wagon_city == 1:
            out.append(ctx.stop_alt)
    out.sort()


def apply(ctx: Ctx, s: State, act: Act, ev: Events) -> None:
    p = s.active
    comp = ctx.comp
    if act.kind == MOVE:
        if s.wagon_city == 1:  # passing a City: its Dudes reward (COL-13.10)
            gain(ctx, s, p, comp.spaces[s.wagons[p]].reward, "other", ev)
        s.wagon_city = 0
        target = act.space
        skip = occupied(ctx, s, target, p)
        s.wagons[p] = target
        s.visited.append(target)
        s.wagon_skipping = skip
        space = comp.spaces[target]
        if ev is not None:
            ev.append(Event("wagon.skip" if skip else "wagon.move", {"seat": p, "space": f"@space.{space.id}"}))
        if skip:
            return
        s.wagon_left -= 1
        s.wagon_moved += 1
        if ctx.is_city[target]:
            others = any(w == target for q, w in enumerate(s.wagons) if q != p) or (
                s.solo and s.shade_wagon == target)
            s.wagon_city = 2 if others and not ctx.p["city_reward_if_occupied"] else 1
        elif not ctx.is_horseshoe[target]:
            gain(ctx, s, p, space.reward, "other", ev)  # COL-13.9, taken on entering (COL-13.16)
        return
    if s.wagon_city == 1:
        space = comp.spaces[s.wagons[p]]
        gain(ctx, s, p, space.alternative if act.kind == STOP_ALT else space.reward, "other", ev)
        if ev is not None:
            choice = "@reward.alternative" if act.kind == STOP_ALT else "@reward.dudes"
            ev.append(Event("wagon.city", {"seat": p, "space": f"@space.{space.id}", "choice": choice}))
    s.wagon_city = 0
    s.sub = NO_SUB
    if ev is not None:
        ev.append(Event("wagon.stop", {"seat": p, "space": f"@space.{comp.spaces[s.wagons[p]].id}"}))
