"""The evaluation's shortcuts give the values of the plain computation: the values of the legal actions (the other
players scored once where an action leaves them as they were, the seat's own score summed from the parts an action
left as they were) and the remembered prospects of a turn."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meeple
from meeple.engine.rules import Rules
from meeple.games.bluemooncity import heuristics
from meeple.games.bluemooncity.state import FREE, MOVE, PAY, State, card_base

from . import pins
from .pins import positions


class Counted:
    """A function of the evaluation that counts its calls (set in its place with `monkeypatch`)."""

    def __init__(self, function: Any) -> None:
        self.function, self.calls = function, 0

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        return self.function(*args)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_actions_values_are_those_of_scoring_every_position_in_full(players: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    full, scored, summed = Counted(heuristics.evaluate), Counted(heuristics.score), Counted(heuristics._score_from)
    total = 0
    for game, seat in positions(players, 20 + players, 400):
        state, rules = game.state, game.rules
        legal = rules.legal(state, seat)
        plain = Rules.evaluate_actions(rules, state, seat, legal)  # copy, apply and evaluate each
        with monkeypatch.context() as patched:
            patched.setattr(heuristics, "evaluate", full)
            patched.setattr(heuristics, "score", scored)
            patched.setattr(heuristics, "_score_from", summed)
            assert rules.evaluate_actions(state, seat, legal) == plain
        assert rules.rollout_action(state, seat, legal, lambda n: 0) == legal[plain.index(max(plain))]
        total += len(legal)
    assert total - full.calls > 1000 and full.calls > 100  # both ways of scoring were taken many times
    # The seat's own score summed from the parts of the position before (a step, a card played), without
    # scoring it afresh (`score`), many times too.
    assert summed.calls - scored.calls > 1000


SMALL = ("_MOVES_SIZE", "_PAYING_SIZE", "_SQUARES_SIZE", "_SPOTS_SIZE", "_SHARES_SIZE", "_HELD_CACHE_SIZE")


@pytest.mark.parametrize("memory", ["as shipped", "cleared every few entries"])
def test_the_values_and_a_search_game_are_those_of_the_plain_code(memory: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pins were recorded with the plain code, before any shortcut (`pins.py`); with tiny memories the caches
    are emptied all the time, so no value depends on what happens to be remembered."""
    if memory != "as shipped":
        for name in SMALL:
            monkeypatch.setattr(heuristics, name, 3)
    pinned = json.loads(pins.PINS.read_text())
    prints = pins.evaluation_prints(lambda rules, state, seat, legal: rules.evaluate_actions(state, seat, legal))
    assert len(prints) == len(pinned["evaluation"]) > 800
    assert prints == pinned["evaluation"]
    assert pins.search_actions() == pinned["search"]


def test_an_action_that_changes_another_players_holdings_is_scored_in_full() -> None:
    game = meeple.new_game("bluemooncity", 3, 4)
    state: State = game.state
    seat = state.active
    other = (seat + 1) % 3
    for change in ("crystals", "markers", "offerings", "scales"):
        after = state.copy()
        getattr(after, change)[other] += 1
        assert heuristics._holdings_kept(state, after, seat) == "unknown", change
        getattr(after, change)[other] -= 1
        getattr(after, change)[seat] += 1
        assert heuristics._holdings_kept(state, after, seat) != "unknown", change
    for cards in ("hands", "pending"):
        after = state.copy()
        getattr(after, cards)[card_base(other)] += 1
        assert heuristics._holdings_kept(state, after, seat) == "unknown", cards
    after = state.copy()
    after.boxes[after.boxes.index(FREE)] = other
    assert heuristics._holdings_kept(state, after, seat) == "unknown"
    # what is left as it was: everybody's holdings (a step), or only the others' (the seat's own changed)
    assert heuristics._holdings_kept(state, state.copy(), seat) == "all"
    after = state.copy()
    after.figures[seat] = (after.figures[seat] + 1) % 25
    assert heuristics._holdings_kept(state, after, seat) == "all"
    for change in ("crystals", "markers", "offerings", "scales"):
        after = state.copy()
        getattr(after, change)[seat] += 1
        assert heuristics._holdings_kept(state, after, seat) == "others", change
        getattr(after, change)[other] += 1
        assert heuristics._holdings_kept(state, after, seat) == "unknown", change
    after = state.copy()
    after.hands[card_base(seat)] += 1
    assert heuristics._holdings_kept(state, after, seat) == "others"
    after = state.copy()
    after.rebuilt[0] = not after.rebuilt[0]
    assert heuristics._holdings_kept(state, after, seat) == "unknown"


def test_remembered_prospects_are_those_worked_out_afresh() -> None:
    checked = {MOVE: 0, PAY: 0}
    hits = 0
    for players in (2, 4):
        for game, seat in positions(players, 30 + players, 500):
            rules = game.rules
            ctx, tab = rules.ctx, heuristics._tables(rules.ctx)
            for a in rules.legal(game.state, seat):
                after = rules.copy(game.state)
                rules.apply(after, seat, a)
                idle = after.phase == MOVE and after.markers[after.active] <= 0
                if after.over or after.phase not in checked or idle:
                    continue  # without markers a player's movement has no prospect, and none is remembered
                size = len(ctx.heuristic_moves) + len(ctx.heuristic_paying)
                remembered = heuristics._prospect(ctx, tab, after, after.active)  # from all seen so far
                hits += len(ctx.heuristic_moves) + len(ctx.heuristic_paying) == size
                warm = ctx.heuristic_moves, ctx.heuristic_paying
                ctx.heuristic_moves, ctx.heuristic_paying = {}, {}
                assert heuristics._prospect(ctx, tab, after, after.active) == remembered
                ctx.heuristic_moves, ctx.heuristic_paying = warm
                checked[after.phase] += 1
    assert min(checked.values()) > 500 and hits > 1000  # many were remembered from an earlier position


def test_a_city_keeps_its_number_and_a_number_names_one_city_even_after_the_cache_is_emptied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caches key positions by a number for their city (`heuristics._city_number`): the same city gives the same
    number whether or not it was the last one asked for, another city another number (also when the state last asked
    about is changed in place), and a number forgotten when the cache is emptied is not given to another city."""
    number = heuristics._city_number
    game = meeple.new_game("bluemooncity", 3, 5)
    ctx, start = game.rules.ctx, game.state
    first = number(ctx, start)
    other = start.copy()
    square = next(sq for sq in range(25) if other.tile_at[sq] > 0)
    other.boxes[square * 4] = 1
    second = number(ctx, other)
    assert second != first
    assert number(ctx, start.copy()) == first  # not the last city asked for, found in the cache
    assert number(ctx, start) == first  # the last one, compared as it stands
    other.boxes[square * 4] = FREE  # the state changed in place: its city is the first one again
    assert number(ctx, other) == first
    moved = start.copy()  # the state last asked about, changed in place: a box, then a rebuilt square
    assert number(ctx, moved) == first
    moved.boxes[square * 4] = 2
    third = number(ctx, moved)
    assert third not in {first, second}
    moved.rebuilt[square] = True
    assert number(ctx, moved) not in {first, second, third}
    monkeypatch.setattr(heuristics, "_CITIES_SIZE", 1)
    rebuilt = start.copy()
    rebuilt.rebuilt[square] = True
    before = {first, second, third, number(ctx, moved)}
    again = {number(ctx, city) for city in (rebuilt, start, other)}  # each empties the cache of one entry first
    assert number(ctx, other) == number(ctx, start)  # the last city: no new number
    assert not again & before  # the first city, emptied out of the cache, came back under a new number
    assert len(again) == 2  # rebuilt; start and other, the same city


def test_the_value_of_a_turns_end_leaves_the_position_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """`turn_value` works out every player's prospect of a turn starting now on the position itself (its turn's
    fields set and put back, no copy): the position reads the same afterwards and holds its own lists again, also
    when the prospect fails."""
    plain_fresh = heuristics._fresh_prospect
    fresh = Counted(plain_fresh)
    monkeypatch.setattr(heuristics, "_fresh_prospect", fresh)
    for game, seat in positions(4, 61, 300):
        rules = game.rules
        for a in rules.legal(game.state, seat)[:3]:
            after = rules.copy(game.state)
            rules.apply(after, seat, a)
            before, lists = after.to_data(), (after.pay_cards, after.pay_lux)
            rules.plan_value([after], seat)
            assert after.to_data() == before
            assert after.pay_cards is lists[0] and after.pay_lux is lists[1]  # its own, not the shared empty one
    assert fresh.calls > 500  # prospects worked out afresh, not found in the cache
    monkeypatch.setattr(heuristics, "_fresh_prospect", plain_fresh)
    game = meeple.new_game("bluemooncity", 3, 8)
    state, ctx = game.state, game.rules.ctx
    # a turn's fields other than those of a turn starting now: a payment under way
    state.active, state.phase, state.steps, state.contributed, state.offered, state.pay_box = 2, PAY, 1, True, 1, 2
    state.pay_cards[3] = 1
    state.pay_lux[1] = 1
    before, lists = state.to_data(), (state.pay_cards, state.pay_lux)
    with monkeypatch.context() as patched:
        patched.setattr(heuristics, "_prospect", lambda *args: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            heuristics._fresh_prospect(ctx, heuristics._tables(ctx), state, 1)
    assert state.to_data() == before
    assert state.pay_cards is lists[0] and state.pay_lux is lists[1]
    assert not any(heuristics._NO_CARDS)  # the shared empty payment was not written to
