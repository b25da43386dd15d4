"""City of Remnants' phase table: per phase of the game (a step of the round or a decision inside a turn, an
auction, a card effect or a battle), what is legal for the deciding seat and what an action does there.

A card play (COR-8.7, COR-9.8) is offered by the phases of `CARD_PHASES` and applied the same in all of them,
before the table is asked.

Each phase lists its actions in ascending order of their index, without repeats (the order of the catalogue,
`actions.py`: the words, then the card plays, takes, discards and commits, then bids, renown, spaces, moves, builds
and the rest), so that `CityOfRemnants.legal` need not sort them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from meeple.kit import Events, say

from ..actions import Act
from ..state import State

if TYPE_CHECKING:
    from .engine import Engine

Legal = Callable[["Engine", State, int, list[int]], None]
Apply = Callable[["Engine", State, int, Act, Events], None]

CARD_PHASES = frozenset(("pre", "post", "recruit", "bid", "produce", "build", "move"))
# the primitives `CardEffects.state_allows` reads from the developments the seat controls: none allows them without
DEV_PRIMS = frozenset(("add_products", "sell_extra"))


class Step(NamedTuple):
    """One phase: the legal actions it adds for a seat, and what an action of it does."""

    legal: Legal
    apply: Apply


def card_plays(eng: Engine, s: State, p: int, out: list[int]) -> None:
    """COR-8.7, COR-9.8: applicable Turn and Permanent cards at the active player's own decisions (in the order
    of the cards); asked by the phases of `CARD_PHASES` only."""
    hand = s.hand[p]
    if not hand or p != s.active:
        return
    table = eng.kept.plays.get(s.phase) or eng.play_table(s.phase)  # the kept table read here first
    found = table.keys() & hand  # the cards of the hand that may ever be played now, each once
    if not found:
        return
    play, allows = eng.cat.play, eng.state_allows
    plays = []
    devs = None  # the developments the seat controls, asked for once
    for c in found:
        check = table[c]  # as `eng.applicable`, with the answers the phase alone gives looked up
        if check is None:
            plays.append(play[c])
        else:
            for e in check:
                if e.name in DEV_PRIMS:  # `state_allows` is False for these without a controlled development
                    if devs is None:
                        devs = (s.devs or eng.read_devs(s))[p]  # `controlled_devs`
                    if not devs:
                        continue
                if allows(s, p, e):
                    plays.append(play[c])
                    break
    if plays:
        plays.sort()  # the actions rise with the cards
        out += plays


# ---------------------------------------------------------------- setup (COR-5.3) and the Reset (COR-7)
def _legal_leaders(eng: Engine, s: State, p: int, out: list[int]) -> None:
    taken = set(s.gang)
    out += [eng.cat.leader[g.index] for g in eng.comp.gangs if g.index not in taken]


def _apply_leaders(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    s.pick_order.pop(0)
    eng.take_gang(s, p, act.gang, events)
    if not s.pick_order:
        eng.start_round(s, events)


def _legal_reset(eng: Engine, s: State, p: int, out: list[int]) -> None:
    rest = list(s.hand[p])
    for c in s.reset_pending[p]:
        rest.remove(c)
    discard = eng.cat.discard
    out.append(eng.cat.word["done"])
    out += sorted(set(map(discard.__getitem__, rest)))  # the actions rise with the cards


def _apply_reset(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "discard":
        s.reset_pending[p].append(act.card)
        if events is not None:
            say(events, "reset.choose", frozenset([p]), card=eng.cterm(act.card))
        return
    s.reset_done[p] = True
    if events is not None:
        say(events, "reset.ready", seat=p)
    if all(s.reset_done):
        eng.apply_reset(s, events)


# ---------------------------------------------------------------- a turn: declare (COR-10) and end (COR-8)
def _legal_pre(eng: Engine, s: State, p: int, out: list[int]) -> None:
    eng.available(s, p, out)
    card_plays(eng, s, p, out)


def _apply_pre(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.declare(s, p, act.kind, events)


def _legal_post(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out.append(eng.cat.word["end"])
    card_plays(eng, s, p, out)


def _apply_post(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.end_turn(s, events)


# ---------------------------------------------------------------- recruit (COR-11) and buy (COR-12)
def _legal_recruit(eng: Engine, s: State, p: int, out: list[int]) -> None:
    card_plays(eng, s, p, out)
    take = eng.cat.take
    out += sorted(map(take.__getitem__, s.gm_row))


def _apply_recruit(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    s.gm_row.remove(act.card)
    eng.start_auction(s, p, act.card, events)


def _legal_bid(eng: Engine, s: State, p: int, out: list[int]) -> None:
    bids = eng.bid_actions(s, p)
    out.append(bids.pop())  # pass
    card_plays(eng, s, p, out)
    out += bids


def _apply_bid(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.auction_act(s, p, act, events)


def _legal_buy(eng: Engine, s: State, p: int, out: list[int]) -> None:
    take, renown = eng.cat.take, eng.cat.renown
    arc = s.arc[p]
    found = []
    for c in s.bm_row:  # loops rather than comprehensions reading local names (they would be cells)
        if eng.bm_cost(s, p, c) <= arc:
            found.append(take[c])
    out += sorted(found)
    out += renown[1:eng.renown_max(s, p) + 1]


def _legal_buy_renown(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out += eng.cat.renown[:eng.renown_max(s, p) + 1]


def _apply_buy(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.buy(s, p, act, events)


# ---------------------------------------------------------------- produce and build (COR-13), sell (COR-14)
def _legal_produce(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out.append(eng.cat.word["finish"])
    card_plays(eng, s, p, out)
    use, built = eng.cat.use, s.built
    found = []
    for i in eng.producers(s, p):
        found.append(use[built[i][1]])
    out += sorted(found)


def _apply_produce(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "finish":
        s.phase = "build"
    else:
        eng.produce_use(s, p, eng.dev_at(s, act.space), events)


def _legal_build(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out.append(eng.cat.word["nobuild"])
    card_plays(eng, s, p, out)
    out += sorted(eng.builds(s, p))  # in the order of the types drafted: most often sorted already


def _apply_build(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "nobuild":
        say(events, "build.none", seat=p)
        s.phase = "post"
    else:
        eng.build(s, p, act, events)


def _legal_sell(eng: Engine, s: State, p: int, out: list[int]) -> None:
    if s.action.sold >= 1:
        out.append(eng.cat.word["done"])
    sell, built = eng.cat.sell, s.built
    out += sorted([sell[built[i][1]] for i in eng.sellable(s, p)])


def _apply_sell(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "done":
        s.phase = "post"
        return
    eng.sell_one(s, p, eng.dev_at(s, act.space), events)
    s.action.sold += 1
    if s.action.sold >= eng.sell_limit(s, p) or not eng.sellable(s, p):
        s.phase = "post"


# ---------------------------------------------------------------- refresh (COR-15) and move (COR-16)
def _legal_refresh(eng: Engine, s: State, p: int, out: list[int]) -> None:
    discard = eng.cat.discard
    out.append(eng.cat.word["done"])
    out += sorted(set(map(discard.__getitem__, s.hand[p])))  # the actions rise with the cards


def _apply_refresh(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "discard":
        s.action.chosen.append(act.card)
        s.hand[p].remove(act.card)
        s.discard[p].append(act.card)
        if events is not None:
            say(events, "refresh.discard", seat=p, card=eng.cterm(act.card))
        return
    if events is not None:
        say(events, "refresh.discarded", seat=p, cards=tuple(map(eng.cterm, s.action.chosen)))
    eng.refresh_cards(s, p, events)
    s.phase = "post"


def _legal_move(eng: Engine, s: State, p: int, out: list[int]) -> None:
    moves = eng.turn_moves(s, p) if s.action.count < s.influence[p] + s.mods.get("extra_move", 0) else []  # limit
    if s.action.count >= 1 or not moves:
        out.append(eng.cat.word["stop"])
    card_plays(eng, s, p, out)
    out += moves  # the entries, then the moves by their start (`Costs.move_actions`): sorted


def _apply_move(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "stop":
        eng.end_move(s, p, events)
        return
    dest = act.dest
    eng.do_move(s, p, act.start, dest, events)
    action = s.action
    moved, key = action.moved, str(dest)
    moved[key] = moved.get(key, 0) + 1
    action.count += 1
    # `move_more`, written out
    if not (action.count < s.influence[p] + s.mods.get("extra_move", 0) and eng.turn_moves(s, p)):
        eng.end_move(s, p, events)


# ---------------------------------------------------------------- a card's choices (COR-9.11)
def _legal_effect(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out += sorted(set(eng.effect_actions(s, p)))


def _apply_effect(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.effect_apply(s, p, act, events)


# ---------------------------------------------------------------- battles (COR-18 .. COR-20)
def _legal_commit(eng: Engine, s: State, p: int, out: list[int]) -> None:
    commit = eng.cat.commit
    out.append(eng.cat.word["done"])
    out += sorted(set(map(commit.__getitem__, s.hand[p])))  # the actions rise with the cards


def _apply_commit(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.commit(s, p, act, events)


def _legal_option(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out += (eng.cat.word["pay"], eng.cat.word["decline"])


def _apply_option(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.option(s, p, act, events)


def _legal_reroll(eng: Engine, s: State, p: int, out: list[int]) -> None:
    rerolls = eng.reroll_actions(s)
    out.append(rerolls.pop())  # done
    out += rerolls


def _apply_reroll(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.reroll(s, p, act, events)


def _legal_lose(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out += map(eng.cat.take.__getitem__, eng.lose_options(s, p))


def _apply_lose(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.lose_card(s, p, act.card, events)


def _legal_bribe(eng: Engine, s: State, p: int, out: list[int]) -> None:
    out += (eng.cat.word["bribe"], eng.cat.word["fight"])


def _apply_bribe(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    if act.kind == "bribe":
        eng.bribe(s, p, events)
    else:
        say(events, "ycu.fight", seat=p)
        s.phase = "commit"


def _legal_pick_token(eng: Engine, s: State, p: int, out: list[int]) -> None:
    assert s.battle is not None
    fight = eng.cat.fight
    out += [fight[t] for t in sorted(eng.token_targets(s, p, s.battle.space))]


def _apply_pick_token(eng: Engine, s: State, p: int, act: Act, events: Events) -> None:
    eng.ycu_token_chosen(s, p, act.token, events)


PHASES: dict[str, Step] = {
    "leaders": Step(_legal_leaders, _apply_leaders),
    "reset": Step(_legal_reset, _apply_reset),
    "pre": Step(_legal_pre, _apply_pre),
    "post": Step(_legal_post, _apply_post),
    "recruit": Step(_legal_recruit, _apply_recruit),
    "bid": Step(_legal_bid, _apply_bid),
    "buy": Step(_legal_buy, _apply_buy),
    "buy_renown": Step(_legal_buy_renown, _apply_buy),
    "produce": Step(_legal_produce, _apply_produce),
    "build": Step(_legal_build, _apply_build),
    "sell": Step(_legal_sell, _apply_sell),
    "refresh": Step(_legal_refresh, _apply_refresh),
    "move": Step(_legal_move, _apply_move),
    "effect": Step(_legal_effect, _apply_effect),
    "commit": Step(_legal_commit, _apply_commit),
    "option": Step(_legal_option, _apply_option),
    "reroll": Step(_legal_reroll, _apply_reroll),
    "lose": Step(_legal_lose, _apply_lose),
    "bribe": Step(_legal_bribe, _apply_bribe),
    "pick_token": Step(_legal_pick_token, _apply_pick_token),
}
