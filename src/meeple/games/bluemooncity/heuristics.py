"""A hand-written evaluation of Blue Moon City positions for bots, in crystal-equivalent units mapped to [0, 1].

The bots call it on states sampled from their own view, so it may read the whole state. Each player gets
a score: offerings, crystals, golden scales, markers standing on unfinished buildings (a share of the
bonuses they will bring), the cards in hand, and, for the active player during movement, contribution
or payment, what can still be done this turn (the "prospect"). The prospect is what lets a bot that looks
one small decision ahead walk towards a building it can pay, start a payment and finish it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import mul
from typing import Any, Literal, TypeVar

from meeple.engine.rules import Event

from .data import Reward, Tile
from .payments import KHIND, LUX1, LUX2, MIMIX, PILLAR1, PILLAR2
from .rules.context import COURTYARD_SQ, Ctx
from .state import CONTRIB, FREE, MOVE, NCARD, NEIGHBOURS, PAY, State, card_base, seat_cards

OFFERING = 18.0  # an offering is the goal: worth more than the crystals it costs
SCALE = 0.9
CARD_REWARD = 1.0
POINT = 0.3  # what one point of card value is worth when paying a box
DISTANCE = 0.97  # a building farther away this turn is slightly less attractive
SPREAD = 10.0  # score difference that moves the evaluation from 0.5 to about 0.73
PROGRESS_FLOOR = 0.5  # a marker on an empty building is worth half its share of the bonuses
# Markers in reserve. Each offering keeps a marker on the obelisk for good, so the markers a player still
# needs for offerings are precious, and so are the last spare ones: markers stuck on unfinished buildings
# stop a player, and no marker left anywhere ends the game in a draw.
FOR_OFFERING = 2.0
SPARE = (2.5, 1.8, 1.2, 0.8, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5)
SHORT = 1.5  # per marker missing for the offerings still needed
RETURN = 0.6  # a marker on a nearly complete building will soon be back in reserve

WILD_POINTS = 8  # index of the shared wild points in a colour budget

# Power of a card beyond its value (crystal units), by card type people * 3 + value - 1.
_POWER = {
    0: 0.35, 1: 0.3, 3: 0.35, 4: 0.3, 6: 0.35, 7: 0.3,  # dragons
    9: 0.4, 10: 0.3,  # Venti: fly, two more steps
    12: 0.3,  # Khind: wild 1
    15: 0.3, 16: 0.3,  # Mimix pairs: wild 3
    LUX1: 0.5, LUX2: 0.25,  # Lux: recolour
    PILLAR1: 0.4, PILLAR2: 0.35,  # Pillar: extra offerings
}
_SPARE_SUM = tuple(sum(SPARE[:k]) for k in range(len(SPARE) + 1))
CARD_VALUE = tuple(POINT * (t % 3 + 1) + 0.15 + _POWER.get(t, 0.0) for t in range(NCARD))
K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class _Tables:
    """Reward values per tile, computed once per components file."""

    ctx: Ctx
    majority: tuple[float, ...]
    construction: tuple[float, ...]
    neighbourhood: tuple[float, ...]
    # Per tile, the colours its boxes take (ANY_COLOUR when every box takes any colour, MIXED when only some do):
    # what of a budget paying there can use.
    budget_colours: tuple[tuple[int, ...], ...]
    to_win: dict[int, int]  # offerings a player needs to win, by player count (`reserve` reads it very often)


def _reward(r: Reward) -> float:
    return r.crystals + SCALE * r.scales + CARD_REWARD * r.cards


ANY_COLOUR: tuple[int, ...] = (-1,)
MIXED: tuple[int, ...] = (-2,)


def _colours_taken(tile: Tile) -> tuple[int, ...]:
    if all(c < 0 for c in tile.box_colours):
        return ANY_COLOUR
    if any(c < 0 for c in tile.box_colours):
        return MIXED
    return tuple(sorted(set(tile.box_colours)))


def _tables(ctx: Ctx) -> _Tables:
    found: _Tables | None = ctx.heuristic_tables
    if found is None:
        tiles = ctx.tiles
        found = _Tables(ctx, tuple(_reward(t.majority) for t in tiles), tuple(_reward(t.construction) for t in tiles),
                        tuple(_reward(t.neighbourhood) for t in tiles),
                        tuple(_colours_taken(t) for t in tiles),
                        {n: ctx.comp.offerings_to_win(n) for n in ctx.comp.counts["offerings_to_win"]})
        ctx.heuristic_tables = found
    return found


def _keep(cache: dict[K, V], size: int, key: K, value: V) -> V:
    """Remember `value` under `key` in one of the evaluation's caches, first emptying it when it holds `size`
    entries, so that it stays bounded; return the value."""
    if len(cache) >= size:
        cache.clear()
    cache[key] = value
    return value


_CITIES_SIZE = 50_000


def _city_number(ctx: Ctx, s: State) -> int:
    """A number for the city of `s` (its boxes, rebuilt squares and tiles), which the caches below use in their keys
    instead of the city itself: the positions a search evaluates one after the other mostly share a city, so the last
    one is compared as it stands and only a new city is hashed."""
    last = ctx.heuristic_last_city
    if last is not None and last[0] == s.boxes and last[1] == s.rebuilt and last[2] == s.tile_at:
        return last[3]
    key = (tuple(s.boxes), tuple(s.rebuilt), tuple(s.tile_at))
    cities = ctx.heuristic_cities
    number = cities.get(key)
    if number is None:
        ctx.heuristic_city_count += 1
        number = _keep(cities, _CITIES_SIZE, key, ctx.heuristic_city_count)
    ctx.heuristic_last_city = (list(s.boxes), list(s.rebuilt), list(s.tile_at), number)
    return number


def evaluate(ctx: Ctx, s: State, seat: int) -> float:
    """How good the state is for `seat`, in [0, 1]: 1 won, 0 lost, otherwise from the score difference."""
    if s.over:
        if seat in s.winners:
            return 1.0 if len(s.winners) == 1 else 0.5
        return 0.5 if not s.winners else 0.0
    scores = [score(ctx, s, p) for p in range(s.players)]
    return _versus(scores[seat], max(scores[p] for p in range(s.players) if p != seat))


def _versus(own: float, rival: float) -> float:
    """The evaluation of a score against the best other score."""
    return 1.0 / (1.0 + math.exp(-(own - rival) / SPREAD))


def action_values(ctx: Ctx, s: State, seat: int, legal: Sequence[int],
                  apply: Callable[[State, int, int], object]) -> list[float]:
    """`evaluate` for `seat` of the position each legal action leads to, the same values for less work: the score
    of a player who is not active reads only its own holdings and the city, so while `seat` stays active the other
    players are scored once, from `s`, for the actions that leave them as they were; and of `seat`'s own score, the
    parts that such an action leaves as they were when it keeps `seat`'s offerings, crystals, scales, markers and
    reward cards (a step, a card played) are those of `s`, worked out once: only its hand and prospect are read
    again."""
    values = []
    rival: float | None = None
    parts: tuple[float, float, float] | None = None
    active = s.active == seat
    tab = _tables(ctx)
    for idx in legal:
        after = s.copy()
        apply(after, seat, idx)
        same: Kept = "unknown" if not active or after.over or after.active != seat else _holdings_kept(s, after, seat)
        if same == "unknown":
            values.append(evaluate(ctx, after, seat))
            continue
        if rival is None:
            rival = max(score(ctx, s, p) for p in range(s.players) if p != seat)
        if same == "all" or _tallies_kept(s, after, seat):
            if parts is None:
                parts = _score_parts(ctx, tab, s, seat)
            own = _score_from(ctx, tab, after, seat, parts)
        else:
            own = score(ctx, after, seat)
        values.append(_versus(own, rival))
    return values


# What an action left as it was (`_holdings_kept`): every player's holdings and the city ("all"), those of every
# player but the acting seat and the city ("others"), or less ("unknown").
Kept = Literal["unknown", "others", "all"]


def _holdings_kept(before: State, after: State, seat: int) -> Kept:
    """What an action of `seat` left as it was (`Kept`). Every player but `seat` holding what it held, in a city as
    it was, is all that `score` reads of a player who is not active (`tile_at` never changes)."""
    if after.boxes != before.boxes or after.rebuilt != before.rebuilt:
        return "unknown"
    if (after.hands == before.hands and after.pending == before.pending and after.markers == before.markers
            and after.crystals == before.crystals and after.offerings == before.offerings
            and after.scales == before.scales):
        return "all"  # nobody's holdings changed (a step of the figure): no need to look player by player
    for p in range(before.players):
        if p != seat and (not _tallies_kept(before, after, p)
                          or seat_cards(after.hands, p) != seat_cards(before.hands, p)):
            return "unknown"
    return "others"


def _tallies_kept(before: State, after: State, p: int) -> bool:
    """Whether `p`'s offerings, crystals, scales, markers and reward cards are as they were."""
    return (after.offerings[p] == before.offerings[p] and after.crystals[p] == before.crystals[p]
            and after.scales[p] == before.scales[p] and after.markers[p] == before.markers[p]
            and seat_cards(after.pending, p) == seat_cards(before.pending, p))


def score(ctx: Ctx, s: State, p: int) -> float:
    """A player's position in crystal-equivalent units."""
    tab = _tables(ctx)
    return _score_from(ctx, tab, s, p, _score_parts(ctx, tab, s, p))


def _score_parts(ctx: Ctx, tab: _Tables, s: State, p: int) -> tuple[float, float, float]:
    """The parts of `score` that read `p`'s tallies (offerings, crystals, scales, markers), its reward cards and
    the city: what a step or a card played leaves as it was."""
    pending: float = sum(map(mul, CARD_VALUE, seat_cards(s.pending, p)))
    return _tallies(tab, s, p), pending, _shares(ctx, tab, s)[p]


def _tallies(tab: _Tables, s: State, p: int) -> float:
    """What `p`'s offerings, crystals, scales and markers in reserve are worth (`score` and `_banked` alike)."""
    return (OFFERING * s.offerings[p] + s.crystals[p] + SCALE * s.scales[p]
            + _reserve(max(tab.to_win[s.players] - s.offerings[p], 0), s.markers[p]))


def _score_from(ctx: Ctx, tab: _Tables, s: State, p: int, parts: tuple[float, float, float]) -> float:
    """`score` of `p` in `s` from its `_score_parts` (of `s` or of a position they are the same in), summed in
    the same order every time, so the value is the same to the last bit."""
    tallies, pending, shares = parts
    value = tallies
    value += _hand_value(s, p) + pending
    value += shares
    if p == s.active and s.phase in (MOVE, CONTRIB, PAY):
        value += _prospect(ctx, tab, s, p)
    return value


def reserve(ctx: Ctx, s: State, p: int, markers: int) -> float:
    """What `markers` markers in reserve are worth to `p`, given the offerings still needed to win."""
    return _reserve(max(_tables(ctx).to_win[s.players] - s.offerings[p], 0), markers)


@functools.cache
def _reserve(needed: int, markers: int) -> float:
    """`reserve` of a player who still needs `needed` offerings (a few hundred pairs at most, so all remembered)."""
    spare = markers - needed
    value = FOR_OFFERING * min(markers, needed)
    return value + (_SPARE_SUM[min(spare, len(SPARE))] if spare >= 0 else SHORT * spare)


def _hand_value(s: State, p: int) -> float:
    value: float = sum(map(mul, CARD_VALUE, seat_cards(s.hands, p)))
    if p == s.active and s.phase == PAY:
        # cards already put into the open payment are as good as spent
        value -= sum(CARD_VALUE[t] * n for t, n in enumerate(s.pay_cards) if n)
        value -= sum(CARD_VALUE[LUX1] * n for n in s.pay_lux[:8]) + sum(CARD_VALUE[LUX2] * n for n in s.pay_lux[8:16])
    return value


def _shares(ctx: Ctx, tab: _Tables, s: State) -> list[float]:
    """Per player, what its markers on unfinished buildings are worth (the same for every position with the same
    city, so remembered: evaluations of a search mostly differ in cards and figures, not in the city)."""
    shares = ctx.heuristic_shares
    key = (_city_number(ctx, s), s.players)
    found = shares.get(key)
    if found is None:
        found = [0.0] * s.players
        for sq in range(25):
            owners = s.boxes[sq * 4 : sq * 4 + 4]
            if s.tile_at[sq] > 0 and not s.rebuilt[sq] and owners != _EMPTY:
                for p in set(owners) - {FREE}:
                    found[p] += _share(ctx, tab, s, sq, p, owners)
        _keep(shares, _SHARES_SIZE, key, found)
    return found


_SHARES_SIZE = 50_000
_EMPTY = [FREE] * 4


def _share(ctx: Ctx, tab: _Tables, s: State, sq: int, p: int, owners: list[int]) -> float:
    """The part of a building's bonuses a player's markers on it are worth before it is complete."""
    tile = ctx.tiles[s.tile_at[sq]]
    size = len(tile.boxes)
    placed = [o for o in owners[:size] if o != FREE]
    mine = placed.count(p)
    if not mine:
        return 0.0
    counts = {o: placed.count(o) for o in placed}
    top = max(counts.values())
    leader = next(o for o in placed if counts[o] == top)
    bonus = tab.construction[tile.index] + _neighbourhood(ctx, tab, s, sq)
    bonus += tab.majority[tile.index] * ((0.6 if leader == p else 0.0) + 0.4 * mine / len(placed))
    progress = len(placed) / size
    return bonus * (PROGRESS_FLOOR + (1 - PROGRESS_FLOOR) * progress) + RETURN * mine * progress


def _neighbourhood(ctx: Ctx, tab: _Tables, s: State, sq: int) -> float:
    return sum(tab.neighbourhood[s.tile_at[nb]] for nb in NEIGHBOURS[sq] if s.tile_at[nb] >= 0 and s.rebuilt[nb])


# ---------------------------------------------------------------- what the active player can still do
def _prospect(ctx: Ctx, tab: _Tables, s: State, p: int) -> float:
    if s.phase == PAY:
        return _payment_prospect(ctx, tab, s, p)
    here = s.figures[p]
    budget = _budgets(s, p)
    if s.phase == CONTRIB:
        return _spot(ctx, tab, s, p, here, budget)
    if s.markers[p] <= 0:
        return 0.0
    # The best square within reach, a square farther away worth slightly less. What a square offers depends on the
    # city, the figure and the markers (worked out once, `_squares`) and on the cards (remembered per spot budget);
    # the best of the buildings is remembered by the squares and the budget. The Courtyard's offerings read the
    # crystals, so they are valued apart.
    token, courtyard, buildings = _squares(ctx, tab, s, p)
    key = (token, budget)
    moves = ctx.heuristic_moves
    best = moves.get(key)
    if best is None:
        best = 0.0
        for factor, head, need, cap, colours in buildings:
            best = max(best, factor * _gains(ctx, tab, s, p, head, _budget_part(budget, need, cap, colours), budget))
        _keep(moves, _MOVES_SIZE, key, best)
    if courtyard is not None:
        best = max(best, courtyard * _offering_prospect(ctx, s, p))
    return best


_MOVES_SIZE = 50_000
# A building within reach: its distance factor, the key of what it offers but for the cards, and what its free boxes
# take of a colour budget (see `_budget_part`).
_Square = tuple[float, tuple[Any, ...], int, int, tuple[int, ...]]
# The squares within reach where something may be gained: a token that names this answer (an object of its own,
# equal to no other, and kept alive by the caches that hold it), the Courtyard's distance factor (None out of reach)
# and the buildings.
_Reach = tuple[object, float | None, list[_Square]]


def _squares(ctx: Ctx, tab: _Tables, s: State, p: int) -> _Reach:
    """The squares `p` can still reach this turn where something may be gained, nearest first, with all of what they
    offer that does not depend on the cards; remembered by the city, the figures' reach and the player's markers."""
    here, markers, dragons = s.figures[p], s.markers[p], s.dragons
    key = (p, here, s.steps, markers, s.offerings[p], s.players, s.contributed, _city_number(ctx, s), tuple(dragons))
    squares = ctx.heuristic_squares
    found = squares.get(key)
    if found is not None:
        return found
    courtyard: float | None = None
    buildings: list[_Square] = []
    for sq, factor in _reach(here, s.steps, tuple(s.tile_at)):
        if sq == COURTYARD_SQ:
            courtyard = factor
            continue
        if s.tile_at[sq] < 0 or s.rebuilt[sq]:
            continue
        buildings.append((factor, *_square_offer(ctx, tab, s, p, sq)))
    return _keep(squares, _SQUARES_SIZE, key, (object(), courtyard, buildings))


def _square_offer(ctx: Ctx, tab: _Tables, s: State, p: int, sq: int) -> tuple[tuple[Any, ...], int, int,
                                                                              tuple[int, ...]]:
    """What a building's square offers `p` but for the cards (the key of its gains, the dragons at index 6), and what
    its free boxes take of a colour budget: how many, their points together, in which colours."""
    tile = s.tile_at[sq]
    owners = s.boxes[sq * 4 : sq * 4 + 4]
    free = [n for n, o in zip(ctx.tiles[tile].boxes, owners, strict=False) if o == FREE]
    head = (sq, tile, p, s.markers[p], s.offerings[p], s.players, 0 if s.contributed else s.dragons.count(sq),
            tuple(owners), _neighbourhood(ctx, tab, s, sq))
    return head, len(free), sum(free), tab.budget_colours[tile]


def _gains(ctx: Ctx, tab: _Tables, s: State, p: int, head: tuple[Any, ...], part: tuple[int, ...],
           budget: tuple[int, ...]) -> float:
    """`_box_gains` on the square of `head`, remembered by `head` and the budget's part that counts there."""
    key = (head, part)
    spots = ctx.heuristic_spots
    found = spots.get(key)
    if found is None:
        found = _keep(spots, _SPOTS_SIZE, key, _box_gains(ctx, tab, s, p, head[0], list(budget), head[6]))
    return found


_SQUARES_SIZE = 20_000


@functools.lru_cache(maxsize=4096)
def _reach(here: int, steps: int, tile_at: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The squares of the city within `steps` steps of `here`, in the order of a walk outwards (`here` first),
    each with its distance factor (DISTANCE per step)."""
    out = [(here, 1.0)]
    frontier = [here]
    seen = {here}
    factor = 1.0
    for _ in range(steps):
        factor *= DISTANCE
        nxt = []
        for sq in frontier:
            for nb in NEIGHBOURS[sq]:
                if nb not in seen and tile_at[nb] >= 0:
                    seen.add(nb)
                    nxt.append(nb)
                    out.append((nb, factor))
        frontier = nxt
    return tuple(out)


def _spot(ctx: Ctx, tab: _Tables, s: State, p: int, sq: int, budget: tuple[int, ...]) -> float:
    """What `p` can still gain on square `sq` this turn (contributions there, or offerings on the Courtyard)."""
    if s.markers[p] <= 0:
        return 0.0
    if sq == COURTYARD_SQ:
        return _offering_prospect(ctx, s, p)
    if s.tile_at[sq] < 0 or s.rebuilt[sq]:
        return 0.0
    # Searches and greedy look-ahead score the same squares again and again: remember each by what it depends on.
    # Of the cards only the points of the colours the building takes count, and of those no more than all its boxes
    # need, so the hands a search deals another seat mostly meet squares already scored.
    head, need, cap, colours = _square_offer(ctx, tab, s, p, sq)
    return _gains(ctx, tab, s, p, head, _budget_part(budget, need, cap, colours), budget)


_SPOTS_SIZE = 100_000


def _spot_budget(ctx: Ctx, tab: _Tables, tile: int, owners: list[int], budget: tuple[int, ...]) -> tuple[int, ...]:
    """The part of a colour budget that paying the free boxes of `tile` depends on: the points of the colours its
    boxes take and the wild points, each capped at the points its free boxes need together. Paying succeeds or fails
    box by box exactly as with the whole budget: a colour (or the wild points) holding the cap pays every box left.
    When every box takes any colour, each box is paid from the colour holding most points, so only the largest
    colours count, as many as there are free boxes, whichever colours they are."""
    free = [n for n, o in zip(ctx.tiles[tile].boxes, owners, strict=False) if o == FREE]
    return _budget_part(budget, len(free), sum(free), tab.budget_colours[tile])


def _budget_part(budget: tuple[int, ...], need: int, cap: int, colours: tuple[int, ...]) -> tuple[int, ...]:
    """`_spot_budget` of a building whose `need` free boxes take `cap` points together, in `colours`."""
    wild = min(budget[WILD_POINTS], cap)
    if colours is ANY_COLOUR:
        largest = sorted((min(budget[c], cap) for c in range(WILD_POINTS) if c != KHIND), reverse=True)
        return (*largest[:need], wild)
    if colours is MIXED:
        return tuple(min(b, cap) for b in budget)
    return (*(min(budget[c], cap) for c in colours), wild)


def _box_gains(ctx: Ctx, tab: _Tables, s: State, p: int, sq: int, budget: list[int], dragons: int) -> float:
    """The gain of paying the free boxes of a building, cheapest first, as far as the cards and markers go."""
    tile = ctx.tiles[s.tile_at[sq]]
    owners = s.boxes[sq * 4 : sq * 4 + 4]
    free = sorted((n, i) for i, n in enumerate(tile.boxes) if owners[i] == FREE)
    gain = 0.0
    markers = s.markers[p]
    for need, slot in free:
        if markers <= 0:
            break
        trial = budget[:]
        if not _spend(trial, _box_colour(tile, slot, trial), need):
            continue
        step, after, left = _place(ctx, tab, s, sq, p, owners, slot, markers)
        step -= POINT * need
        if step <= 0:
            continue
        if not gain:
            step += SCALE * dragons
        gain += step
        budget, owners, markers = trial, after, left
        if FREE not in after[: len(tile.boxes)]:
            break
    return gain


def _place(ctx: Ctx, tab: _Tables, s: State, sq: int, p: int, owners: list[int], slot: int,
           markers: int) -> tuple[float, list[int], int]:
    """Gain of `p` placing a marker on a box (completing the building pays in full and frees the markers)."""
    tile = ctx.tiles[s.tile_at[sq]]
    after = owners[:]
    after[slot] = p
    before = _share(ctx, tab, s, sq, p, owners)
    if FREE in after[: len(tile.boxes)]:
        gain = _share(ctx, tab, s, sq, p, after) - before
        return gain + reserve(ctx, s, p, markers - 1) - reserve(ctx, s, p, markers), after, markers - 1
    placed = after[: len(tile.boxes)]
    counts = {o: placed.count(o) for o in placed}
    top = max(counts.values())
    leader = next(o for o in placed if counts[o] == top)
    full = tab.construction[tile.index] + _neighbourhood(ctx, tab, s, sq)
    full += tab.majority[tile.index] if leader == p else 0.0
    back = markers - 1 + counts[p]
    return full - before + reserve(ctx, s, p, back) - reserve(ctx, s, p, markers), after, back


def _offering_prospect(ctx: Ctx, s: State, p: int) -> float:
    cost = ctx.next_cost(s)
    if cost is None:
        return 0.0
    marker = reserve(ctx, s, p, s.markers[p]) - reserve(ctx, s, p, s.markers[p] - 1)
    if s.offered == 0:
        return max(OFFERING - cost - marker, 0.0) if s.crystals[p] >= cost else 0.0
    for card in (PILLAR1, PILLAR2):
        extra = ctx.surcharge[card]
        if s.hands[card_base(p) + card] and s.crystals[p] >= cost + extra:
            return max(OFFERING - cost - extra - CARD_VALUE[card] - marker, 0.0)
    return 0.0


def _payment_prospect(ctx: Ctx, tab: _Tables, s: State, p: int) -> float:
    """What finishing the open payment gains `p`; remembered by all it reads (a search pays the same box with the
    same cards again and again)."""
    sq = s.figures[p]
    owners = s.boxes[sq * 4 : sq * 4 + 4]
    dragons = 0 if s.contributed else s.dragons.count(sq)
    key = (p, sq, s.tile_at[sq], tuple(owners), s.pay_box, tuple(s.pay_cards), s.markers[p], s.offerings[p],
           s.players, dragons, _neighbourhood(ctx, tab, s, sq))
    paying = ctx.heuristic_paying
    found = paying.get(key)
    if found is None:
        gain, _, _ = _place(ctx, tab, s, sq, p, owners, s.pay_box, s.markers[p])
        paid = sum((t % 3 + 1) * n for t, n in enumerate(s.pay_cards) if n)
        gain -= POINT * max(ctx.tiles[s.tile_at[sq]].boxes[s.pay_box] - paid, 0)
        found = _keep(paying, _PAYING_SIZE, key, gain + SCALE * dragons)
    return found


_PAYING_SIZE = 50_000


def _budgets(s: State, p: int) -> tuple[int, ...]:
    """Card points per colour that can pay a box, with the shared wild points (Khind, Mimix pairs) last."""
    return _hand_budget(tuple(seat_cards(s.hands, p)))


@functools.lru_cache(maxsize=1 << 16)
def _hand_budget(hand: tuple[int, ...]) -> tuple[int, ...]:
    """`_budgets` of a hand given as counts per card type (a search meets the same hands again and again)."""
    budget = [hand[c * 3] + 2 * hand[c * 3 + 1] + 3 * hand[c * 3 + 2] for c in range(8)]
    budget[KHIND] = 0
    budget.append(hand[KHIND * 3] + 3 * ((hand[MIMIX * 3] + hand[MIMIX * 3 + 1]) // 2))
    return tuple(budget)


def _box_colour(tile: Tile, slot: int, budget: list[int]) -> int:
    colour = tile.box_colours[slot]
    if colour >= 0:
        return colour
    return max((c for c in range(8) if c != KHIND), key=lambda c: budget[c])


def _spend(budget: list[int], colour: int, need: int) -> bool:
    """Take `need` points of `colour` from the budget (native cards first, then wild points)."""
    wild = budget[WILD_POINTS]
    native = budget[colour]
    if native + wild < need:
        return False
    use = min(native, need)
    budget[colour] -= use
    budget[WILD_POINTS] -= need - use
    return True


# ---------------------------------------------------------------- the end of a turn, for the search bot
# The search bot plans its whole turn and scores the positions where the turn ends, all at the same point,
# so that no plan gains from the evaluation's moods (the active player's prospect counted in full, a guessed
# hand read as certain). Every player is scored with what it holds and with what it could do if its turn
# started now: the players who move next in full (they will take it), the bot at a small discount (the others
# play first and may take some of it). Against the greedy bot, 0.8 and 1.0 won 62 of 80 games where 0.6 and
# 0.8 won 53 of the same 80 (2 players, seats alternating).
NEXT_OWN = 0.8
NEXT_OTHER = 1.0
# A hand is counted card by card, but only its best HAND_FULL cards in full: each further card is worth HAND_DECAY
# times the one before. Counted in full, a search that can always draw more found hoarding worth more than playing
# (hands of 40 cards, and lost 19 of 20 games to the greedy bot); with the best 10 in full it won 46 of 60.
HAND_FULL: int | None = 10  # None: every card in full
HAND_DECAY = 0.8
PENDING = sum(CARD_VALUE) / NCARD  # reward cards nobody has seen yet: a card of average value
_HELD_CACHE_SIZE = 50_000


def turn_value(ctx: Ctx, states: list[State], seat: int) -> float:
    """Value in [0, 1] for `seat` of a position at the end of its turn, seen in several samples.

    The samples share the public part (and the seat's own cards when they are known); each is scored
    and the seat's and the others' parts are averaged separately before the difference is mapped to [0, 1].
    """
    first = states[0]
    if first.over:
        return evaluate(ctx, first, seat)
    tab = _tables(ctx)
    own = sum(_held(ctx, tab, s, seat, NEXT_OWN) for s in states) / len(states)
    rival = max(sum(_held(ctx, tab, s, p, NEXT_OTHER) for s in states) / len(states)
                for p in range(first.players) if p != seat)
    return 1.0 / (1.0 + math.exp(-(own - rival) / SPREAD))


def _held(ctx: Ctx, tab: _Tables, s: State, p: int, weight: float) -> float:
    """What `p` holds plus `weight` times the prospect of a turn starting now; remembered, as a search meets the
    same positions again and again (it depends only on what the key holds: the unseen reward cards count by
    number, at their average value)."""
    key = (p, weight, s.figures[p], s.markers[p], s.crystals[p], s.offerings[p], s.scales[p], s.pool,
           len(s.obelisk), tuple(seat_cards(s.hands, p)), sum(seat_cards(s.pending, p)),
           _city_number(ctx, s), tuple(s.dragons), s.players)
    held = ctx.heuristic_held
    found = held.get(key)
    if found is None:
        found = _keep(held, _HELD_CACHE_SIZE, key, _banked(ctx, tab, s, p) + weight * _fresh_prospect(ctx, tab, s, p))
    return found


def _banked(ctx: Ctx, tab: _Tables, s: State, p: int) -> float:
    """A player's score without the prospect of the current turn; unseen reward cards at average value."""
    value = _tallies(tab, s, p)
    base = card_base(p)
    value += _hand_value(s, p) if HAND_FULL is None else _capped_hand_value(s, p, HAND_FULL)
    value += PENDING * sum(s.pending[base : base + NCARD])
    return value + _shares(ctx, tab, s)[p]


def _capped_hand_value(s: State, p: int, full: int) -> float:
    """The hand's value with the best `full` cards in full and each further card worth less than the one before."""
    return _capped_cards(tuple(seat_cards(s.hands, p)), full)


@functools.lru_cache(maxsize=1 << 16)
def _capped_cards(hand: tuple[int, ...], full: int) -> float:
    """`_capped_hand_value` of a hand given as counts per card type (a search meets the same hands again)."""
    values = sorted((CARD_VALUE[t] for t in range(NCARD) for _ in range(hand[t])), reverse=True)
    return sum(values[:full]) + sum(v * HAND_DECAY ** (k + 1) for k, v in enumerate(values[full:]))


def _fresh_prospect(ctx: Ctx, tab: _Tables, s: State, p: int) -> float:
    """The prospect `p` would have if its turn started now, with its current cards. The turn's fields of `s` are
    set for that and put back afterwards (`_prospect` only reads the state), which is cheaper than a copy."""
    kept = (s.active, s.phase, s.steps, s.contributed, s.offered, s.pay_box, s.pay_cards, s.pay_lux)
    s.active, s.phase, s.steps, s.contributed, s.offered, s.pay_box = p, MOVE, ctx.steps, False, 0, -1
    s.pay_cards, s.pay_lux = _NO_CARDS, _NO_CARDS
    try:
        return _prospect(ctx, tab, s, p)
    finally:
        s.active, s.phase, s.steps, s.contributed, s.offered, s.pay_box, s.pay_cards, s.pay_lux = kept


_NO_CARDS = [0] * NCARD  # an empty payment, only read


def hint_reason(ctx: Ctx, before: State, after: State, seat: int, action: int) -> Event:
    """Why the greedy hint plays `action`: what it gains the seat most, weighed as `score` weighs it: offerings,
    crystals, dragon scales, its markers on unfinished buildings, its cards, or the building this turn can still
    reach or pay; else that no other move does more."""
    if after.over:
        return Event("hint.best")
    tab = _tables(ctx)

    def cards(s: State) -> float:
        pending: float = sum(map(mul, CARD_VALUE, seat_cards(s.pending, seat)))
        return _hand_value(s, seat) + pending

    def prospect(s: State) -> float:
        return _prospect(ctx, tab, s, seat) if seat == s.active and s.phase in (MOVE, CONTRIB, PAY) else 0.0

    gains = [
        (OFFERING * (after.offerings[seat] - before.offerings[seat]), Event("hint.offerings",
                                                                          {"count": after.offerings[seat]})),
        (float(after.crystals[seat] - before.crystals[seat]), Event("hint.crystals", {"count": after.crystals[seat]})),
        (SCALE * (after.scales[seat] - before.scales[seat]), Event("hint.scales", {"count": after.scales[seat]})),
        (_shares(ctx, tab, after)[seat] - _shares(ctx, tab, before)[seat], Event("hint.buildings")),
        (cards(after) - cards(before), Event("hint.cards")),
        (prospect(after) - prospect(before), Event("hint.paying" if after.phase == PAY else "hint.prospect")),
    ]
    gain, why = max(gains, key=lambda g: g[0])
    return why if gain > 1e-9 else Event("hint.best")
