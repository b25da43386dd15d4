"""Gaining and paying (COL-9), drawing and milling (COL-17), Barrels from the supply: the bookkeeping of effects."""

from __future__ import annotations

from meeple.engine.rules import Event
from meeple.kit import Events

from ..data import Effect
from ..state import CAT, State
from .context import Ctx, Need, need_of


def add_vp(s: State, p: int, n: int, category: str) -> None:
    s.vp[p] += n
    s.vp_cat[p][CAT[category]] += n


def take_gold(ctx: Ctx, s: State, p: int, n: int) -> int:
    """Gold from the Gold Supply; 1 Buck (GOLD_FALLBACK_BUCKS) per missing Gold (COL-9.3). Returns the Gold taken."""
    got = min(n, s.gold_supply)
    s.gold_supply -= got
    s.gold[p] += got
    s.bucks[p] += (n - got) * ctx.p["gold_fallback_bucks"]
    return got


def gain(ctx: Ctx, s: State, p: int, effect: Effect, category: str, ev: Events, times: int = 1) -> None:
    """Apply a gain effect (`times` times) for seat p: pieces come from their sources, what is missing is lost
    (COL-9.1-9.2, COL-23.3-23.4)."""
    for unit, amount in effect.gain.items():
        n = amount * times
        if unit == "$":
            s.bucks[p] += n
        elif unit == "G":
            take_gold(ctx, s, p, n)
        elif unit == "Gc":
            got = min(n, s.gold_cart)
            s.gold_cart -= got
            s.gold[p] += got
            s.bucks[p] += (n - got) * effect.fallback_bucks
        elif unit == "D":
            got = min(n, s.reserve_dudes[p])
            s.reserve_dudes[p] -= got
            s.dudes[p] += got
        elif unit == "H":
            got = max(0, min(n, s.horse_supply, ctx.p["horse_limit"] - s.horses[p]))
            s.horse_supply -= got
            s.horses[p] += got
        elif unit == "T":
            got = min(n, s.reserve_tents[p])
            s.reserve_tents[p] -= got
            s.tents[p] += got
        elif unit == "VP":
            add_vp(s, p, n, category)
        elif unit == "K":
            draw(ctx, s, p, n, ev)
        elif unit == "X":
            s.returns[p] += min(n, len(s.hands[p]))
        elif unit == "S":
            got = min(n, s.reserve_dudes[p])
            s.reserve_dudes[p] -= got
            s.gunmen[p] += got
        elif unit == "W":
            s.depot = n  # the Stagecoach Depot's bonus does not stack with itself (COL-23.20)
        elif unit == "M":
            s.wagon_more += n
        elif unit == "B":
            for _ in range(n):
                if s.barrel_pile:
                    s.fresh[p].append(s.barrel_pile.pop(0))


def draw(ctx: Ctx, s: State, p: int, n: int, ev: Events) -> None:
    """Draw n cards from the top of the own deck; 1 VP per card that cannot be drawn (COL-17.3)."""
    got = min(n, len(s.decks[p]))
    drawn = s.decks[p][:got]
    del s.decks[p][:got]
    del s.known[p][:got]
    s.hands[p].extend(drawn)
    if ev is not None and got:
        ev.append(Event("cards.drawn", {"seat": p, "n": got}))
        ev.append(Event("cards.drawn_you", {"cards": tuple(f"@card.{ctx.comp.cards[c].id}" for c in drawn)},
                        frozenset([p])))
    if got < n:
        add_vp(s, p, (n - got) * ctx.p["mill_vp_per_card"], "milling")
        if ev is not None:
            ev.append(Event("cards.milled", {"seat": p, "n": n - got, "vp": (n - got) * ctx.p["mill_vp_per_card"]}))


def put_back(s: State, p: int, slot: int, bottom: bool) -> int:
    """A card of the hand goes face down on the top or the bottom of its owner's deck (COL-17.2)."""
    card = s.hands[p].pop(slot)
    if bottom:
        s.decks[p].append(card)
        s.known[p].append(1)
    else:
        s.decks[p].insert(0, card)
        s.known[p].insert(0, 1)
    s.returns[p] -= 1
    return card


def bucks_due(ctx: Ctx, s: State, cost: dict[str, int]) -> tuple[int, int]:
    """(Bucks part after a pending Timber discount, discount used) of a cost (COL-23.21)."""
    bucks = cost.get("$", 0)
    cut = min(s.timber, bucks)
    return bucks - cut, cut


def can_pay(ctx: Ctx, s: State, p: int, cost: dict[str, int]) -> bool:
    """Whether seat p can pay a cost from its Lodge, Gold standing in for Bucks (COL-9.6-9.8)."""
    return affords(ctx, s, p, need_of(cost))


def affords(ctx: Ctx, s: State, p: int, need: Need) -> bool:
    """`can_pay` of a cost given as (Gold, Dudes, Horses, Bucks) (`need_of`; the context holds those of the costs
    that legal actions check)."""
    gold_cost, dudes, horses, bucks = need
    gold = s.gold[p] - gold_cost
    if gold < 0 or s.dudes[p] < dudes or s.horses[p] < horses:
        return False
    short = bucks - min(s.timber, bucks) - s.bucks[p]  # the Bucks part after a pending Timber discount (bucks_due)
    return short <= 0 or (ctx.p["gold_as_buck"] and gold * ctx.p["gold_buck_value"] >= short)


def pay(ctx: Ctx, s: State, p: int, cost: dict[str, int]) -> None:
    """Pay a cost in full: Bucks first, then Gold as Bucks (COL-25.2); paid Gold goes to the Gold Cart (COL-9.5)."""
    bucks, cut = bucks_due(ctx, s, cost)
    if cut or (s.timber and cost.get("$", 0)):
        s.timber = 0
    from_bucks = min(bucks, s.bucks[p])
    short = bucks - from_bucks
    value = ctx.p["gold_buck_value"]
    gold = cost.get("G", 0) + (-(-short // value) if short > 0 else 0)
    s.bucks[p] -= from_bucks
    s.gold[p] -= gold
    s.gold_cart += gold
    s.dudes[p] -= cost.get("D", 0)
    s.reserve_dudes[p] += cost.get("D", 0)
    s.horses[p] -= cost.get("H", 0)
    s.horse_supply += cost.get("H", 0)


def cost_text(cost: dict[str, int]) -> str:
    return "+".join(f"{n}{u}" for u, n in cost.items() if n) or "0$"
