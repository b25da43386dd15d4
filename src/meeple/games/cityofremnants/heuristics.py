"""Evaluation, search cut-off and rollout policy of City of Remnants for the greedy and search bots.

A seat's worth is counted in renown: its score, the award it would collect now times the rounds likely left (the
renown supply over what the table earns a round), what it holds (influence above all, since it sets the hand,
the moves, the sales and the renown a Buy may take; ARC; figures on the board and in the pool; its cards), and the
open decision it is part of: an auction counts the card for its high bidder at its price, a battle counts what is
at stake (a figure, a gang member card, influence, the space's award) times an estimate of winning from the cards
committed, figures and bonuses the seat can see.

The search stops (`plan_horizon`) once the seat's decisions of the moment are over: its turn ended, the auction or
battle of another's turn it answers settled, its part of the Yugai Patrol fought, its Reset discards chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from meeple.engine.rules import Event

from .rules.engine import Engine
from .state import Battle, Snapshot, State

SPREAD = 12.0  # the renown lead that makes a position worth 0.73 (the value is a logistic curve of the lead)
# The worth, in renown, of each influence level 1..7 over level 1: the first levels set the hand and the moves
INFLUENCE = (0.0, 0.0, 3.5, 6.5, 9.0, 11.0, 12.5, 13.5)
ARC_RENOWN = 1 / 2500  # ARC in renown: dearer than the Buy price, since it also builds developments
FIGURE_BOARD = 0.5  # a figure on the board
FIGURE_POOL = 0.2  # a figure in the pool
ROUNDS_LEFT_MAX = 5.0  # the award counted for at most this many more rounds
LOSS = 1.5  # a lost figure and gang member card, in renown (influence counted apart)
HAND_CARD = 0.3  # a card in hand (besides its attack), for the battles and plays of the round
RIVAL_CARD = 1.5  # the attack a rival's unseen card may add to a battle
PROSPECT = 0.6  # the share of a declared action's expected gain counted before it is carried out


def rounds_left(eng: Engine, s: State, awards: Sequence[int]) -> float:
    """Rounds the game likely lasts: the supply over what the table earns a round (at least 6 a round)."""
    rate = max(6.0, float(sum(awards)) + 2.0)
    return max(1.0, min(ROUNDS_LEFT_MAX, s.renown_supply / rate + 0.5))


def _strength(eng: Engine, s: State, b: Battle, i: int, seat: int) -> float:
    """The expected total of side i of the battle, from what `seat` can see."""
    x = b.seats[i]
    if x < 0:
        tok = b.token
        return float(eng.comp.tokens[tok].attack) if tok >= 0 else 4.5
    sp = b.space
    cards = b.spent[i] if b.spent is not None else b.cards[i]
    known = x == seat or s.phase not in ("commit",)
    att = 0.0
    dice = s.figures[sp][x] if sp >= 0 else 1
    colour = s.gang[x]
    for c in cards:
        card = eng.cards[c]
        if not known:
            att += 2.0
            continue
        if card.unit and card.attack is not None:
            att += card.attack[colour]
        if card.timing == "Battle":
            for e in card.effects:
                if e.name in ("atk", "atk_if_attacker", "atk_if_defender"):
                    att += e.num()
                elif e.name == "dice":
                    dice += e.num()
    if x != seat and s.phase == "commit" and i >= b.side:
        att += RIVAL_CARD * min(3, len(s.hand[x]))  # what the rival may still commit
    snap = b.snap[i] if len(b.snap) > i else Snapshot()
    att += snap.atk + (snap.defense if b.roles[i] == "defender" else 0)
    att += b.pay[i] + eng.perm(s, x, "atk_all")
    if b.dice[i]:
        return float(att + sum(b.dice[i]))
    return float(att + 7 / 6 * min(dice + snap.dice, eng.k["MAX_DICE_PER_SIDE"]))


def coming_battle(eng: Engine, s: State, p: int) -> float:
    """A rough chance that the active seat wins the battle its move into an enemy space will start, committing
    its whole hand."""
    sp = s.enemy_space
    colour = s.gang[p]
    mine = sum(_attack(eng, c, colour) for c in s.hand[p]) + 7 / 6 * min(s.figures[sp][p], eng.k["MAX_DICE_PER_SIDE"])
    rivals = [q for q in range(s.players) if q != p and s.figures[sp][q] > 0]
    if rivals:
        q = rivals[0]
        di = eng.dev_at(s, sp)
        defense = eng.dev(s, di).defense if di >= 0 and eng.controls_dev(s, q, di, (sp, p)) else 0
        theirs = 7 / 6 * s.figures[sp][q] + RIVAL_CARD * min(3, len(s.hand[q])) + defense
    else:
        theirs = max((eng.comp.tokens[tok].attack for tok in s.ycu[sp]), default=0)
    return float(1.0 / (1.0 + 2.0 ** (-(mine - theirs - 0.5))))


def battle_edge(eng: Engine, s: State, b: Battle, seat: int) -> float:
    """A rough chance that `seat` wins the open battle, from what the seat can see (ties go to the defender or
    the token)."""
    side = b.seats.index(seat)
    diff = _strength(eng, s, b, side, seat) - _strength(eng, s, b, 1 - side, seat)
    if b.kind == "ycu" or b.roles[side] == "attacker":
        diff -= 0.5
    else:
        diff += 0.5
    return float(1.0 / (1.0 + 2.0 ** (-diff)))


def _attack(eng: Engine, c: int, colour: int) -> int:
    attack = eng.cards[c].attack
    return attack[colour] if attack is not None else 0


def card_worth(eng: Engine, s: State, p: int, c: int) -> float:
    """What recruiting card c adds to seat p's worth: a card in hand and a figure from the reserve to the pool."""
    return HAND_CARD + 0.1 * _attack(eng, c, s.gang[p]) + (FIGURE_POOL if s.reserve[p] > 0 else 0.0)


def _influence(n: int) -> float:
    return INFLUENCE[max(1, min(7, n))]


def worth(eng: Engine, s: State, p: int, awards: Sequence[int], left: float, board: Sequence[int],
          dev_owner: Sequence[int]) -> float:
    """Seat p's position in renown (`board`: the figures of each seat on the board; `dev_owner`: the seat
    controlling each built development, or -1; both worked out once for all seats by `evaluate`)."""
    value = eng.score(s, p) + awards[p] * left
    value += _influence(s.influence[p]) * (0.4 + 0.6 * left / ROUNDS_LEFT_MAX)
    value += s.arc[p] * ARC_RENOWN
    value += FIGURE_BOARD * board[p] + FIGURE_POOL * s.pool[p]
    attack = eng.attack[s.gang[p]].__getitem__
    hand = s.hand[p]
    value += HAND_CARD * len(hand) + 0.1 * sum(map(attack, hand))
    draw, discard = s.draw[p], s.discard[p]
    value += 0.15 * (len(draw) + len(discard)) + 0.05 * (sum(map(attack, draw)) + sum(map(attack, discard)))
    value += 0.6 * len(s.tableau[p])
    devs = eng.comp.devs
    built = s.built
    for i, owner in enumerate(dev_owner):  # products on hand to sell
        if owner == p:
            value += 0.7 * s.products[i] * devs[built[i][0]].price * ARC_RENOWN
    if s.active == p and s.patrol is None:
        value += prospect(eng, s, p)
        if s.phase == "move" and s.enemy_space >= 0:
            value += _battle_stake(eng, s, None, p, left) * (coming_battle(eng, s, p) - 0.5)
    # developments half held: a share of their award, for the figures already on them
    figures, ycu = s.figures, s.ycu
    for b in built:
        mine = 0
        for sp in b[1:]:
            if figures[sp][p] > 0 and not ycu[sp]:
                mine += 1
        if 0 < mine < len(b) - 1:
            value += 0.25 * left * devs[b[0]].renown * mine / (len(b) - 1)
    a = s.auction
    if a is not None and a.bidder == p:
        value += card_worth(eng, s, p, a.card) - a.high * ARC_RENOWN
    bt = s.battle
    if bt is not None and p in bt.seats:
        value += _battle_stake(eng, s, bt, p, left) * (battle_edge(eng, s, bt, p) - 0.5)
    return float(value)


def prospect(eng: Engine, s: State, p: int) -> float:
    """A share of what the action the active seat has declared will still bring (so that a bot looking one step
    ahead tells the declarations apart before anything has happened)."""
    ph = s.phase
    if ph == "move":
        left = eng.move_limit(s, p) - int(s.action.count)
        return PROSPECT * 0.3 * max(0, min(left, s.pool[p] + eng.on_board(s, p)))
    if ph == "refresh":
        return PROSPECT * HAND_CARD * max(0, min(len(s.draw[p]) + len(s.discard[p]),
                                                  eng.draw_target(s, p) - len(s.hand[p])))
    if ph in ("recruit", "bid") and s.auction is None:
        return PROSPECT * (HAND_CARD + FIGURE_POOL)
    if ph == "produce":
        return PROSPECT * (0.8 * len(eng.producers(s, p)) + (0.8 if eng.can_build(s, p) else 0.0))
    if ph == "build":
        return PROSPECT * (0.8 if eng.can_build(s, p) else 0.0)
    return 0.0


def _battle_stake(eng: Engine, s: State, b: Battle | None, p: int, left: float) -> float:
    """What winning rather than losing the open battle (or the one the active seat's move will start) is worth
    to p, in renown."""
    infl = s.influence[p]
    swing = _influence(infl + 1) - _influence(infl - 1)
    sp = b.space if b is not None else s.enemy_space
    award = eng.comp.boards[s.side].award[sp] if sp >= 0 else 0
    di = eng.dev_at(s, sp) if sp >= 0 else -1
    if di >= 0:
        award += eng.dev(s, di).renown
    return float(LOSS + swing * (0.4 + 0.6 * left / ROUNDS_LEFT_MAX) + 0.5 * award * left)


def evaluate(eng: Engine, s: State, seat: int) -> float:
    """A value in [0, 1]: the seat's worth against its strongest rival's; at the end, its place."""
    if s.over:
        best = max(eng.rank_key(s, p) for p in range(s.players))
        if eng.rank_key(s, seat) == best:
            return 1.0
        lead = max(eng.score(s, p) for p in range(s.players)) - eng.score(s, seat)
        return max(0.0, 0.2 - lead / (5 * SPREAD))
    ctrl = eng.controllers(s)
    dev_owner = eng.dev_controllers(s)
    awards = eng.awards(s, ctrl, dev_owner)
    left = rounds_left(eng, s, awards)
    board = eng.on_board_all(s)
    values = [worth(eng, s, p, awards, left, board, dev_owner) for p in range(s.players)]
    rival = max(v for p, v in enumerate(values) if p != seat)
    return 1.0 / (1.0 + math.exp(-(values[seat] - rival) / SPREAD))


def plan_horizon(s: State, seat: int) -> bool:
    """The search's cut-off for `seat` (never asked of the decision at hand itself): the end of the game; in the
    Reset, its discards chosen (or a new round begun); in the Yugai Patrol, its fights over; in another's turn, the
    auction or battle it answers settled; in its own turn, the turn over."""
    if s.over:
        return True
    if s.phase == "reset":
        return bool(s.reset_done[seat]) or not s.reset_pending[seat]
    if s.phase == "leaders":
        return seat not in s.pick_order
    if s.patrol is not None:
        order: list[int] = s.patrol.order
        i: int = s.patrol.pos
        return i >= len(order) or order[i] != seat
    if s.active == seat:
        return False
    a = s.auction
    if a is not None and seat in a.order and seat not in a.out:
        return False
    b = s.battle
    return not (b is not None and seat in b.seats)


def rollout_action(eng: Engine, s: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
    """Random play that bids low and usually passes, commits its strongest unit cards to its battles, rarely pads
    a turn with card plays and stops moving after a few steps."""
    acts = eng.cat.acts
    kinds = [acts[i].kind for i in legal]
    if "bid" in kinds:
        bids = [i for i in legal if acts[i].kind == "bid"]
        a = s.auction
        if a is not None and a.high < 1500 and below(2) == 0:
            return bids[0]
        return next(i for i in legal if acts[i].kind == "pass")
    if s.phase == "commit" and "commit" in kinds:
        colour = s.gang[seat]
        units = [i for i in legal if acts[i].kind == "commit" and _attack(eng, acts[i].card, colour) >= 2]
        if units and below(4) != 0:
            return units[below(len(units))]
        done = [i for i in legal if acts[i].kind == "done"]
        if done and below(2) == 0:
            return done[0]
    plain = [i for i in legal if acts[i].kind != "play"]
    if plain and below(4) != 0:
        return plain[below(len(plain))]
    return legal[below(len(legal))]


def hint_reason(eng: Engine, before: State, after: State, seat: int, action: int) -> Event:
    """Why the greedy hint plays `action`: what it gains the seat most, weighed in renown as `worth` weighs it:
    renown now, the award it collects each round, influence, ARC, figures on the board, cards, its chance in the
    battle at hand or the card it bids for; ending or passing when nothing else is worth more."""
    if after.over:
        return Event("hint.best")
    kind = eng.cat.acts[action].kind
    if kind in ("end", "pass"):
        return Event("hint.end_turn")
    if kind in ("stop", "nobuild", "done"):
        return Event("hint.stop")
    ctrl_b, ctrl_a = eng.controllers(before), eng.controllers(after)
    award_b = eng.awards(before, ctrl_b, eng.dev_controllers(before))[seat]
    awards_after = eng.awards(after, ctrl_a, eng.dev_controllers(after))
    award_a = awards_after[seat]
    left = rounds_left(eng, after, awards_after)

    def board(s: State) -> int:
        return sum(column[seat] for column in s.figures)

    gains: list[tuple[float, Event]] = [
        (float(eng.score(after, seat) - eng.score(before, seat)),
         Event("hint.renown", {"amount": eng.score(after, seat) - eng.score(before, seat)})),
        ((award_a - award_b) * left, Event("hint.award", {"award": award_a})),
        (_influence(after.influence[seat]) - _influence(before.influence[seat]),
         Event("hint.influence", {"influence": after.influence[seat]})),
        ((after.arc[seat] - before.arc[seat]) * ARC_RENOWN,
         Event("hint.arc", {"amount": after.arc[seat] - before.arc[seat]})),
        ((board(after) - board(before)) * FIGURE_BOARD, Event("hint.figures", {"count": board(after)})),
        ((len(after.hand[seat]) - len(before.hand[seat])) * HAND_CARD, Event("hint.cards")),
    ]
    if after.active == seat and after.patrol is None:
        gains.append((prospect(eng, after, seat) - (prospect(eng, before, seat) if before.active == seat else 0.0),
                      Event("hint.declare")))
        if after.phase == "move" and after.enemy_space >= 0 and before.enemy_space != after.enemy_space:
            chance = coming_battle(eng, after, seat)
            gains.append((0.01 + chance - 0.5, Event("hint.attack", {"percent": round(100 * chance)})))
    bt = after.battle
    if bt is not None and seat in bt.seats:
        edge = battle_edge(eng, after, bt, seat)
        gains.append((0.01 + edge - 0.5, Event("hint.battle", {"percent": round(100 * edge)})))
    a = after.auction
    if a is not None and a.bidder == seat:
        gains.append((0.01 + card_worth(eng, after, seat, a.card) - a.high * ARC_RENOWN,
                      Event("hint.bid", {"arc": a.high})))
    gain, why = max(gains, key=lambda g: g[0])
    return why if gain > 0 else Event("hint.best")
