"""Evaluation and rollout policy of Coloma positions for the bots (greedy, ismcts).

A seat's worth is its VP, what the final scoring would add now (Hotels, Bridges, Camps), a rough VP value of what it
holds, and the value of the sections still open to it this chapter (or of the Site it has dialled).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from meeple.engine.rules import Event

from .actions import DIAL, END
from .rules.context import Ctx
from .rules.effects import can_pay
from .rules.flow import bridge_score, bust_position, sections
from .state import EVENT, KEEP, SELECT, TURN, State

# VP worth of one piece held (money, pieces, cards, Barrels)
WORTH = {"bucks": 0.35, "gold": 0.55, "dudes": 0.45, "tents": 0.5, "horses": 0.7, "gunmen": 1.2, "card": 0.7,
         "barrel": 1.0}
OPEN_SECTION = 0.8  # share of a section's value counted while it is still to be used
DIALLED = 0.6  # share of the dialled Site's value counted before the reveal (it may Bust)
SAFE_BUST = 25  # a hint calls a Site's Bust unlikely up to this many times in 100


def end_score(ctx: Ctx, s: State, p: int) -> float:
    """What the final scoring would add now."""
    hotels = sum(1 for c in s.tableau[p] if s.covered[p] >> c & 1) * min(s.dudes[p], ctx.p["hotel_lodge_cap"])
    bridges = sum(bridge_score(ctx, s, p, r - 1) for r in s.rivers[p] if r > 0)
    camps = sum(land.vp for land in ctx.comp.lands if s.lands[land.index] == p)
    return float(hotels + bridges + camps)


def holdings(s: State, p: int) -> float:
    w = WORTH
    return (w["bucks"] * s.bucks[p] + w["gold"] * s.gold[p] + w["dudes"] * s.dudes[p] + w["tents"] * s.tents[p]
            + w["horses"] * s.horses[p] + w["gunmen"] * s.gunmen[p] + w["card"] * len(s.hands[p])
            + w["barrel"] * len(s.fresh[p]))


def section_value(ctx: Ctx, s: State, p: int, site: int, sec: int) -> float:
    """A rough VP value of using one section now."""
    comp = ctx.comp
    if site < 0:
        return 0.0
    if site == 0:
        return (1.0 if s.bucks[p] + s.gold[p] >= 2 else 0.0) if sec == 0 else (
            1.5 if any(k >= 0 for k in s.barrel_spaces) else 0.0)
    if site == 1:
        return 1.5
    if site == 2:
        free = sum(1 for r in s.rivers[p] if r < 0)
        if free and can_pay(ctx, s, p, comp.survey_cost[sec]):
            return 3.5
        if any(r == 0 for r in s.rivers[p]) and can_pay(ctx, s, p, comp.bridge_cost[sec]):
            return 3.0
        return 0.0
    if site == 3:
        cost = "hammer" if sec == 0 else "saw"
        best = max((comp.cards[c].vp + 1.0 for c in s.hands[p] if can_pay(ctx, s, p, getattr(comp.cards[c], cost))),
                   default=0.0)
        return best
    if site == 4:
        return 0.9 * min(s.horses[p], 4)
    if sec == 0:
        return 0.6 * min(2, s.dudes[p])
    return 3.0 if s.tents[p] and any(s.lands[x] == -1 for x in ctx.lands_at[s.wagons[p]]) else 0.0


def open_value(ctx: Ctx, s: State, p: int) -> float:
    """The sections still open to seat p this chapter (or its dialled Site before the reveal)."""
    if s.phase == SELECT and s.dials[p]:
        common, boom = (s.dials[p], s.dials[p]) if s.dials[p] != s.chapter else (0, 0)
        return DIALLED * (section_value(ctx, s, p, common, 0) + section_value(ctx, s, p, boom, 1))
    if s.phase != TURN or not s.positions[p] or (s.active != p and p not in s.queue):
        return 0.0
    common, boom = sections(s, s.positions[p])
    done = s.done if s.active == p else 0
    total = 0.0
    if not done & 1:
        total += section_value(ctx, s, p, common, 0)
    if not done & 2:
        total += section_value(ctx, s, p, boom, 1)
    return OPEN_SECTION * total


def potential(ctx: Ctx, s: State, p: int) -> float:
    return s.vp[p] + end_score(ctx, s, p) + holdings(s, p) + open_value(ctx, s, p)


def evaluate(ctx: Ctx, s: State, seat: int) -> float:
    """In [0, 1]: the seat's potential against the best other one (against Shade's VP in the solo game)."""
    mine = potential(ctx, s, seat)
    if s.solo:
        shade = ctx.comp.shade["score"]
        other = (s.shade_vp + s.handicap + shade["gold"] * s.shade_gold + shade["river"] * s.shade_rivers
                 + shade["hotel"] * s.shade_hotels + shade["barrel"] * s.shade_barrels + 2 * s.shade_gunmen)
        return max(0.0, min(1.0, 0.5 + (mine - float(other)) / 200.0))
    best = max(potential(ctx, s, q) for q in range(s.players) if q != seat)
    return max(0.0, min(1.0, 0.5 + (mine - best) / 100.0))


def plan_horizon(s: State, seat: int) -> bool:
    """The search's cut-off for `seat` (never asked of the decision at hand itself): the end of the game, its
    cards kept, an Event answered or a new chapter begun, or its turn of the chapter over."""
    if s.over:
        return True
    if s.phase == KEEP:
        return not s.returns[seat]
    if s.phase == EVENT:
        return True
    if s.phase == SELECT:
        return not s.dials[seat]  # a new chapter (the decision at hand set the dial)
    return s.active != seat and seat not in s.queue


def rollout_action(ctx: Ctx, s: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
    """Random, but `end` only one time in four while something else can be done; dials at random."""
    if len(legal) > 1 and ctx.acts[legal[0]].kind != DIAL:
        others = [a for a in legal if ctx.acts[a].kind != END]
        if others and below(4):
            return others[below(len(others))]
    return legal[below(len(legal))]


def bust_chance(ctx: Ctx, s: State, seat: int, site: int) -> float:
    """The chance that `site` Busts if `seat` dials it, from what the seat knows: every other pioneer's dial
    unknown (each Site as likely), Buster on one of the Sites it was not shown on, Shade on one of those shown."""
    others = [q for q in range(s.players) if q != seat]
    busters = [x for x in range(1, 6) if x not in s.buster_shown] if s.buster else [0]
    shades = list(s.buster_shown) if s.solo else [0]
    busts = total = 0
    for dials in itertools.product(range(1, 6), repeat=len(others)):
        for buster in busters:
            for shade in shades:
                counts = [0] * 6
                counts[site] += 1
                for pos in (*dials, buster, shade):
                    counts[pos] += 1
                busts += bust_position(ctx, counts) == site
                total += 1
    return busts / total


def hint_reason(ctx: Ctx, before: State, after: State, seat: int, action: int) -> Event:
    """Why the greedy hint plays `action` (judged as `evaluate` judges it): a dial by what its Site's two
    sections are worth to the seat and how likely it Busts; another move by what it gains the seat most, VP now, VP
    at the final scoring or holdings; ending the turn when nothing left is worth more."""
    act = ctx.acts[action]
    if act.kind == DIAL:
        worth = open_value(ctx, after, seat) / DIALLED
        if worth < 0.5:
            return Event("hint.dial_any", {"site": act.site})
        bust = round(100 * bust_chance(ctx, before, seat, act.site))
        return Event("hint.dial_safe" if bust <= SAFE_BUST else "hint.dial_risky",
                     {"site": act.site, "vp": round(worth), "bust": bust})
    if act.kind == END:
        return Event("hint.end_turn")
    vp = after.vp[seat] - before.vp[seat]
    final = end_score(ctx, after, seat) - end_score(ctx, before, seat)
    held = holdings(after, seat) - holdings(before, seat)
    if vp > 0 and vp >= final:
        return Event("hint.vp", {"vp": vp})
    if final > 0:
        return Event("hint.final", {"vp": round(final)})
    if held > 0.25:
        return Event("hint.holdings", {"vp": max(1, round(held))})
    return Event("hint.best")
