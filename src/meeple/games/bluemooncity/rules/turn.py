"""Ending phases, the expansion's extra actions (BMC-11), refill (BMC-9) and the end of the game (BMC-10)."""

from __future__ import annotations

from itertools import compress

from meeple.engine.rules import Event
from meeple.kit import say

from ..actions import GOLDEN, HOSPITAL, INDEX, MAINHALL, REFILL, SKIP, Act
from ..payments import CARD_TYPES
from ..state import CONTRIB, EXTRA, NCARD, NSQ, OVER, State, card_base, square_name
from ..state import REFILL as PHASE_REFILL
from .cards import discard_from_hand, draw
from .context import Ctx, card, cards, place, refuse
from .contribution import apply_offer, can_offer, legal_contrib
from .setup import reset_turn

_MAINHALL = [INDEX[Act(MAINHALL, square=sq)] for sq in range(NSQ)]
_HOSPITAL = INDEX[Act(HOSPITAL)]
_GOLDEN = INDEX[Act(GOLDEN)]
_SKIP = INDEX[Act(SKIP)]
_REFILL0 = INDEX[Act(REFILL)]
_REFILL1 = {t: INDEX[Act(REFILL, card=t)] for t in CARD_TYPES}
_REFILL2 = {(t, u): INDEX[Act(REFILL, card=t, second=u)] for i, t in enumerate(CARD_TYPES) for u in CARD_TYPES[i:]}
# Per card type held: the refills throwing away that card alone (and two of it, when the hand holds two), then it
# with each later card type.
_REFILL_ROWS = {t: (((_REFILL1[t],), (_REFILL1[t], _REFILL2[(t, t)])),
                    [_REFILL2.get((t, u), -1) for u in range(t + 1, NCARD)]) for t in CARD_TYPES}
_TYPES = range(NCARD)


def enter_contribution(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    """Start the contribution phase, or skip it when nothing can be done in it (BMC-4.9)."""
    s.phase = CONTRIB
    options: list[int] = []
    legal_contrib(ctx, s, options)
    if not options:
        end_contribution(ctx, s, events)


def end_contribution(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    s.phase = EXTRA
    options: list[int] = []
    legal_extra(ctx, s, options)
    if not options:
        s.phase = PHASE_REFILL


def extra_action(ctx: Ctx, s: State) -> str:
    if not s.expansion:
        return "none"
    tile = ctx.tile(s, s.figures[s.active])
    return tile.extra_action if tile is not None else "none"


def legal_extra(ctx: Ctx, s: State, out: list[int]) -> None:
    """Extra action of a special building the figure ends on (BMC-11.2); optional (BMC-11.3)."""
    action = extra_action(ctx, s)
    here = s.figures[s.active]
    if action == "move":
        out += [_MAINHALL[sq] for sq in range(NSQ) if s.tile_at[sq] >= 0 and sq != here]
    elif action == "draw":
        out.append(_HOSPITAL)
    elif action == "offer" and can_offer(ctx, s, s.active):
        out.append(_GOLDEN)
    if out:
        out.append(_SKIP)


def check_extra(ctx: Ctx, s: State, act: Act) -> Event | None:
    wanted = {MAINHALL: "move", HOSPITAL: "draw", GOLDEN: "offer"}.get(act.kind)
    if wanted is not None and extra_action(ctx, s) != wanted:
        return refuse("refuse.not_on_extra", **place(ctx, s, s.figures[s.active]))
    if act.kind == MAINHALL and (s.tile_at[act.square] < 0 or act.square == s.figures[s.active]):
        return refuse("refuse.not_another_tile", square=square_name(act.square))
    if act.kind == GOLDEN and not can_offer(ctx, s, s.active):
        cost = ctx.next_cost(s)
        return refuse("refuse.obelisk_full") if cost is None else refuse(
            "refuse.offer_unaffordable", cost=cost, crystals=s.crystals[s.active], markers=s.markers[s.active])
    return None


def apply_extra(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    seat = s.active
    if act.kind == MAINHALL:
        s.figures[seat] = act.square
        say(events, "extra.mainhall", seat=seat, **place(ctx, s, act.square))
    elif act.kind == HOSPITAL:
        drawn = draw(s, 2)
        for t in drawn:
            s.hands[card_base(seat) + t] += 1
        say(events, "extra.hospital", seat=seat, n=len(drawn))
        say(events, "cards.drawn", frozenset([seat]), cards=cards(ctx, s, drawn))
    elif act.kind == GOLDEN:
        say(events, "extra.goldentemple", seat=seat)
        apply_offer(ctx, s, None, events)
        check_offering_win(ctx, s, events)
    else:
        say(events, "extra.skip", seat=seat)
    if not s.over:
        s.phase = PHASE_REFILL


# ---------------------------------------------------------------- refill
def legal_refill(s: State, out: list[int]) -> None:
    """None, one card, or two cards (of one type when the hand holds two) thrown away before drawing (BMC-9.1),
    listed in the order of the action table."""
    base = s.active * NCARD  # card_base
    hand = s.hands[base : base + NCARD]
    out.append(_REFILL0)
    for t in compress(_TYPES, hand):
        first, with_later = _REFILL_ROWS[t]
        out += first[hand[t] > 1]
        out += compress(with_later, hand[t + 1 :])


def check_refill(ctx: Ctx, s: State, act: Act) -> Event | None:
    need = [0] * NCARD
    for t in (act.card, act.second):
        if t >= 0:
            need[t] += 1
    for t in CARD_TYPES:
        if need[t] > s.hands[card_base(s.active) + t]:
            return refuse("refuse.refill_cards", n=need[t], card=card(ctx, s, t))
    return None


def apply_refill(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    """BMC-9.1: discard 0-2, draw 2 more than discarded; then pending cards join the hand (BMC-9.4)."""
    seat = s.active
    one, two = act.card, act.second  # the cards thrown away, -1 for none
    thrown = ([one, two] if two >= 0 else [one]) if one >= 0 else ([two] if two >= 0 else [])
    for t in thrown:
        discard_from_hand(s, seat, t)
    drawn = draw(s, 2 + len(thrown))
    base = card_base(seat)
    hands = s.hands
    for t in drawn:
        hands[base + t] += 1
    pending = s.pending
    joined = sum(pending[base : base + NCARD]) if any(pending) else 0
    if joined:
        for t in range(base, base + NCARD):
            hands[t] += pending[t]
            pending[t] = 0
    if events is not None:
        say(events, "refill", seat=seat, discarded=cards(ctx, s, thrown), n=len(drawn))
        if joined:
            say(events, "refill.rewards", seat=seat, n=joined)
        say(events, "cards.drawn", frozenset([seat]), cards=cards(ctx, s, drawn))
    end_turn(ctx, s, events)


# ---------------------------------------------------------------- end of turn and game
def end_turn(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    take_others_rewards(s, events)
    if s.turn >= ctx.turn_limit:
        finish_ranked(s, "end.turn_limit", events)
        return
    s.active = (s.active + 1) % s.players
    s.turn += 1
    reset_turn(ctx, s)
    if events is not None:
        say(events, "turn", turn=s.turn, seat=s.active)


def take_others_rewards(s: State, events: list[Event] | None) -> None:
    """kosmos2006: reward cards the other players received in this turn join their hands as it ends (BMC-6.7)."""
    pending = s.pending
    if not any(pending):  # nobody received reward cards this turn
        return
    for seat in range(s.players):
        base = card_base(seat)
        taken = sum(pending[base : base + NCARD])
        if taken:
            for t in range(base, base + NCARD):
                s.hands[t] += pending[t]
                pending[t] = 0
            say(events, "reward.cards_taken", seat=seat, n=taken)


def all_rebuilt(s: State) -> bool:
    # Squares outside the city are never rebuilt, so every city square is rebuilt exactly when the counts agree.
    rebuilt = s.rebuilt.count(True)
    return rebuilt >= SMALLEST_CITY and rebuilt == NSQ - s.tile_at.count(-1)


SMALLEST_CITY = NSQ - 4  # squares of the base city (every city square holds a tile; the expansion adds corners)


def nobody_can_offer(ctx: Ctx, s: State) -> bool:
    return not any(can_offer(ctx, s, p) for p in range(s.players))


def check_rebuilt_city_end(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    """BMC-10.2: with every building rebuilt no crystal can be gained, so play ends once nobody can pay an offering."""
    if not s.over and all_rebuilt(s) and nobody_can_offer(ctx, s):
        finish_ranked(s, "end.rebuilt", events)


def check_offering_win(ctx: Ctx, s: State, events: list[Event] | None) -> None:
    """BMC-10.1: the required number of offerings wins at once."""
    seat = s.active
    if s.offerings[seat] >= ctx.comp.offerings_to_win(s.players):
        s.over = True
        s.phase = OVER
        s.winners = [seat]
        s.end_reason = "end.offerings"
        say(events, "end.offerings", seat=seat, offerings=s.offerings[seat])
    else:
        check_no_markers(s, events)


def check_no_markers(s: State, events: list[Event] | None) -> None:
    """BMC-10.3: no marker left anywhere and no winner: a draw."""
    if not s.over and all(m == 0 for m in s.markers):
        s.over = True
        s.phase = OVER
        s.draw = True
        s.winners = []
        s.end_reason = "end.no_markers"
        say(events, "end.no_markers")


def finish_ranked(s: State, reason: str, events: list[Event] | None) -> None:
    """BMC-10.2: most offerings, then most crystals; still tied players share the win."""
    s.over = True
    s.phase = OVER
    key = [(s.offerings[p], s.crystals[p]) for p in range(s.players)]
    best = max(key)
    s.winners = [p for p in range(s.players) if key[p] == best]
    s.end_reason = reason
    say(events, reason, winner_seats=tuple(s.winners))
