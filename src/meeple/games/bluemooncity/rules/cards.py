"""Drawing and discarding cards, and handing out rewards (BMC-6.7, BMC-7, BMC-9.2, BMC-9.3)."""

from __future__ import annotations

from meeple.engine import rng
from meeple.engine.rules import Event
from meeple.kit import say

from ..data import Reward, Tile
from ..state import NCARD, State, card_base
from .context import Ctx, cards, tile_term


def draw(s: State, n: int) -> list[int]:
    """Draw up to n cards; an empty deck is refilled by shuffling the discard pile (BMC-9.2, BMC-9.3)."""
    deck = s.deck
    if len(deck) >= n:  # no reshuffle: the top n cards, the top one first
        out = deck[: -n - 1 : -1]
        del deck[len(deck) - n :]
        return out
    out = []
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.deck = s.discard
            s.discard = []
            s.rng = rng.shuffle(s.rng, s.deck)
        out.append(s.deck.pop())
    return out


def discard_from_hand(s: State, seat: int, t: int, n: int = 1) -> None:
    s.hands[seat * NCARD + t] -= n  # card_base
    s.discard.extend([t] * n)


Why = tuple[str, Tile]  # the kind of bonus (a term: `@why.majority`) and the tile that pays it


def _why(why: Why) -> dict[str, str]:
    return {"why": why[0], "tile": tile_term(why[1])}


# Editions in which every receiver, not only the active player, keeps reward cards face down until the end of
# the turn (BMC-6.7, BMC-12); in the others a player rewarded in someone else's turn takes them at once.
FACE_DOWN_FOR_EVERY_RECEIVER = frozenset({"kosmos2006"})


def face_down(s: State, seat: int) -> bool:
    """Whether reward cards received now by `seat` wait face down until the end of the turn (BMC-6.7)."""
    return seat == s.active or s.edition in FACE_DOWN_FOR_EVERY_RECEIVER


def give_cards(ctx: Ctx, s: State, seat: int, n: int, why: Why, events: list[Event] | None) -> None:
    """Reward cards: those that wait face down until the end of the turn go to `pending` (BMC-6.7)."""
    drawn = draw(s, n)
    if not drawn:
        say(events, "reward.no_cards", seat=seat, n=n, **_why(why))
        return
    hidden = face_down(s, seat)
    target = s.pending if hidden else s.hands
    for t in drawn:
        target[card_base(seat) + t] += 1
    if seat == s.active:
        say(events, "reward.cards_pending", seat=seat, n=len(drawn), **_why(why))
    elif hidden:
        say(events, "reward.cards_pending_turn", seat=seat, n=len(drawn), **_why(why))
    else:
        say(events, "reward.cards", seat=seat, n=len(drawn), **_why(why))
        say(events, "cards.received", frozenset([seat]), cards=cards(ctx, s, drawn))


def give_scales(ctx: Ctx, s: State, seat: int, n: int, why: Why, events: list[Event] | None) -> None:
    """Credit n scales; when the pool runs out they are scored at once (BMC-7.2)."""
    if n <= 0:
        return
    s.scales[seat] += n
    s.pool -= n
    if s.pool < 0:
        say(events, "reward.scales_owed", seat=seat, n=n, owed=-s.pool, **_why(why))
    else:
        say(events, "reward.scales", seat=seat, n=n, **_why(why))
    if s.pool <= 0:
        score_scales(ctx, s, events)


def score_scales(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    """BMC-7.3: most scales 6 crystals (tied: 3 each), others with at least 3 get 3; payees return all."""
    sc = ctx.comp.scales
    top = max(s.scales)
    leaders = [p for p in range(s.players) if s.scales[p] == top]
    say(events, "scales.scored", scales=tuple(s.scales))
    paid = []
    for p in _turn_order(s):
        if p in leaders:
            amount = int(sc["majority_crystals"] if len(leaders) == 1 else sc["tied_majority_crystals"])
        elif s.scales[p] >= int(sc["minimum_to_score"]):
            amount = int(sc["other_crystals"])
        else:
            continue
        s.crystals[p] += amount
        paid.append(p)
        say(events, "scales.paid", seat=p, crystals=amount, scales=s.scales[p])
    for p in paid:
        s.scales[p] = 0
    s.pool = ctx.scale_total(s) - sum(s.scales)  # BMC-7.4: kept scales, owed ones included, come off the pool


def give_reward(ctx: Ctx, s: State, seat: int, reward: Reward, why: Why, events: list[Event] | None) -> None:
    if reward.crystals:
        s.crystals[seat] += reward.crystals
        say(events, "reward.crystals", seat=seat, n=reward.crystals, **_why(why))
    if reward.scales:
        give_scales(ctx, s, seat, reward.scales, why, events)
    if reward.cards:
        give_cards(ctx, s, seat, reward.cards, why, events)


def _turn_order(s: State) -> list[int]:
    return [(s.active + i) % s.players for i in range(s.players)]


turn_order = _turn_order
