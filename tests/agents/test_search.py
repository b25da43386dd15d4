"""The search bot: ISMCTS over its own turn to a common cut-off, with the game's rollout policy and evaluation."""

from __future__ import annotations

import math
from typing import Any
from unittest.mock import patch

import pytest

import meeple
from meeple.agents import make_agent
from meeple.agents.ismcts import SETTLE_AFTER, TRIES, ISMCTSAgent, _decided, _Node, _settled
from meeple.engine.rules import Rules
from meeple.games.bluemooncity import heuristics
from meeple.games.bluemooncity.actions import ACTS, CONTRIB, DONE, END, SKIP
from meeple.games.bluemooncity.state import MOVE, REFILL

from .test_bots import counting


def to_phase(game: meeple.Game, phase: int, seed: int = 1) -> None:
    """Play greedy moves until the active seat is in `phase`."""
    greedy = make_agent("greedy", seed)
    while game.state.phase != phase:
        seat = game.deciders()[0]
        game.apply(seat, greedy.choose(game.seat_table(seat)))


def search(bot: ISMCTSAgent, game: meeple.Game, seat: int, iterations: int) -> _Node:
    """Run `iterations` iterations of the bot's search on the decision at hand and return the tree."""
    root = _Node()
    table = game.seat_table(seat)
    bot.iterations = iterations
    with (patch("meeple.agents.ismcts._decided", lambda root, left: False),  # every iteration, no early stop
          patch("meeple.agents.ismcts._settled", lambda root, spread: False)):
        assert bot._search(table, root, table.legal_indices(), 0.0) == iterations
    return root


def test_the_cut_off_comes_before_the_refill_and_when_the_turn_passes() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules, seat = game.rules, game.deciders()[0]
    assert game.state.phase == MOVE and not rules.plan_horizon(game.state, seat)
    assert rules.plan_horizon(game.state, 1 - seat)
    to_phase(game, REFILL)
    assert rules.plan_horizon(game.state, game.deciders()[0])


def test_the_default_hooks_cut_off_at_the_end_average_the_evaluation_and_roll_out_at_random() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules, seat = game.rules, game.deciders()[0]
    samples = [game.sample(seat, n) for n in range(3)]
    assert not Rules.plan_horizon(rules, game.state, seat)
    assert not Rules.plan_horizon(rules, game.state, 1 - seat)  # the search goes on through the others' turns
    assert Rules.evaluate(rules, game.state, seat) == 0.5  # before the end nothing is known by default
    expected = sum(rules.evaluate(s, seat) for s in samples) / 3
    assert Rules.plan_value(rules, samples, seat) == expected
    legal = game.legal_indices(seat)
    drawn: list[int] = []

    def below(n: int) -> int:
        drawn.append(n)
        return n - 1

    assert Rules.rollout_action(rules, game.state, seat, legal, below) == legal[-1]
    assert drawn == [len(legal)]


def test_blue_moon_city_rollouts_play_the_rest_of_the_turn_as_greedy_does() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules, seat = game.rules, game.deciders()[0]
    legal = game.legal_indices(seat)
    values = dict(zip(legal, Rules.evaluate_actions(rules, game.state, seat, legal), strict=True))
    picked = rules.rollout_action(game.state, seat, legal, lambda n: 0)
    assert values[picked] == max(values.values())
    assert values[picked] > values[legal[0]]  # not simply the first legal action (nor the first drawn)
    ending = [a for a in legal if ACTS[a].kind in (DONE, END, SKIP)]
    assert ending and values[picked] > max(values[a] for a in ending), "here a step is worth more than stopping"
    state = game.rules.copy(game.state)
    played = []
    for _ in range(200):
        if rules.plan_horizon(state, seat):
            break
        action = rules.rollout_action(state, seat, rules.legal(state, seat), lambda n: 0)
        played.append(ACTS[action].kind)
        rules.apply(state, seat, action)
    assert rules.plan_horizon(state, seat), "a rollout reaches the end of the turn"
    assert CONTRIB in played, "the rollout's turn builds, where ending the turn at once did nothing"


def test_turn_values_are_probabilities_that_favour_the_richer_seat() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    to_phase(game, REFILL)
    rules, seat = game.rules, game.deciders()[0]
    samples = [game.sample(seat, n) for n in range(4)]
    value = rules.plan_value(samples, seat)
    assert 0.0 < value < 1.0
    for s in samples:
        s.crystals[seat] += 10
    assert rules.plan_value(samples, seat) > value
    for s in samples:
        s.over, s.winners = True, [seat]
    assert rules.plan_value(samples, seat) == 1.0


def test_cards_beyond_the_tenth_count_less_and_less_at_the_cut_off() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    state, seat = game.state, game.deciders()[0]
    ncard = len(heuristics.CARD_VALUE)
    state.hands[seat * ncard : (seat + 1) * ncard] = [0] * ncard
    state.hands[seat * ncard] = 13
    card = heuristics.CARD_VALUE[0]
    decay = heuristics.HAND_DECAY
    assert heuristics.HAND_FULL == 10 and 0 < decay < 1
    expected = 10 * card + card * (decay + decay**2 + decay**3)
    assert heuristics._capped_hand_value(state, seat, 10) == pytest.approx(expected)
    assert heuristics._capped_hand_value(state, seat, 13) == pytest.approx(13 * card)
    # the cut-off values a hand of 13 below what it would in full, so hoarding does not pay
    full = heuristics._hand_value(state, seat)
    assert full == pytest.approx(13 * card) and heuristics._capped_hand_value(state, seat, 10) < full


def test_progressive_widening_tries_the_evaluations_favourite_first_and_widens_with_the_visits() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    bot = ISMCTSAgent(seed=4)
    root = search(bot, game, seat, 1)
    assert root.order is not None and list(root.children) == root.order[:1]
    assert root.order[0] == max(game.legal_indices(seat), key=lambda a: _after(game, seat, a))
    root = search(bot, game, seat, 100)
    assert root.visits == 100
    assert 2 <= len(root.children) <= math.ceil(100**0.5)
    assert sum(c.visits for c in root.children.values()) == 100


def _after(game: meeple.Game, seat: int, action: int) -> float:
    state = game.rules.copy(game.state)
    game.rules.apply(state, seat, action)
    return game.rules.evaluate(state, seat)


def test_every_child_counts_how_often_it_was_available_at_least_as_often_as_it_was_chosen() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    root = search(ISMCTSAgent(seed=6), game, seat, 120)
    nodes = [root]
    checked = 0
    while nodes:
        node = nodes.pop()
        for child in node.children.values():
            assert child.seen >= child.visits >= 1
            checked += 1
            nodes.append(child)
    assert checked > 10


def test_the_search_stops_once_the_leader_cannot_be_overtaken() -> None:
    root = _Node()
    root.children = {1: _Node(), 2: _Node()}
    root.children[1].visits, root.children[2].visits = 30, 10
    assert _decided(root, 19)
    assert not _decided(root, 20)
    lone = _Node()
    lone.children = {1: _Node()}
    assert not _decided(lone, 0)


def child(visits: int, mean: float) -> _Node:
    node = _Node()
    node.visits, node.total = visits, visits * mean
    return node


def test_a_decision_is_settled_when_more_iterations_could_only_swap_actions_of_about_the_same_value() -> None:
    root = _Node()
    root.children = {1: child(100, 0.60), 2: child(25, 0.50)}
    # the leader's value two standard errors down (0.60 - 2 * 0.1 / 10) beats the other's two up (0.50 + 2 * 0.1 / 5)
    assert _settled(root, 0.1)
    assert not _settled(root, 0.2)  # with twice the spread: 0.56 against 0.58, more than INDIFFERENCE apart
    root.children = {1: child(100, 0.5), 2: child(25, 0.5), 3: child(25, 0.5)}
    assert _settled(root, 0.0)  # every action leads to the same value (a decided game): nothing to search for
    assert not _settled(root, 0.05)
    root.children = {1: child(100, 0.500), 2: child(25, 0.503)}
    assert _settled(root, 0.0)  # within INDIFFERENCE of the leader
    root.children[2] = child(25, 0.506)
    assert not _settled(root, 0.0)
    lone = _Node()
    lone.children = {1: child(100, 0.5)}
    assert not _settled(lone, 0.0)


def test_a_settled_decision_stops_the_search_before_its_budget() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    table = game.seat_table(seat)
    bot = ISMCTSAgent(seed=4, iterations=1000)
    bot.iterations = 1000
    with patch("meeple.agents.ismcts._settled", lambda root, spread: True):
        assert bot._search(table, _Node(), table.legal_indices(), 0.0) == SETTLE_AFTER


def test_a_game_may_keep_its_search_from_stopping_early() -> None:
    """City of Remnants turns the early stop off (`spec.search_settles`): a settled decision still spends its
    budget there."""
    game = meeple.new_game("cityofremnants", 2, 8)
    seat = game.deciders()[0]
    table = game.seat_table(seat)
    legal = table.legal_indices()
    assert len(legal) > 1 and not game.rules.spec.search_settles
    bot = ISMCTSAgent(seed=4, iterations=SETTLE_AFTER + 30)
    with patch("meeple.agents.ismcts._settled", lambda root, spread: True), \
            patch("meeple.agents.ismcts._decided", lambda root, left: False):
        assert bot._search(table, _Node(), legal, 0.0) == SETTLE_AFTER + 30


def test_the_bot_plays_the_most_visited_action_within_its_budget() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    bot = ISMCTSAgent(seed=4, iterations=150)
    action = bot.choose(game.seat_table(seat))
    assert action in game.legal_actions(seat)
    assert 0 < bot.stats()["iterations"] <= 150


def test_of_equally_visited_actions_the_bot_plays_the_one_of_higher_value() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    table = game.seat_table(seat)
    legal = table.legal_indices()
    assert len(legal) >= 3
    first, second, third = legal[:3]

    def searched(values: dict[int, tuple[int, float]]) -> Any:
        def fill(self: ISMCTSAgent, table: Any, root: _Node, legal: list[int], start: float) -> int:
            root.children = {a: child(visits, mean) for a, (visits, mean) in values.items()}
            return 1
        return fill

    bot = ISMCTSAgent(seed=4, iterations=100)
    # the later action in legal order wins a tie of visits by its value (it used to go to the first listed)
    with patch.object(ISMCTSAgent, "_search", searched({first: (40, 0.40), second: (40, 0.55), third: (20, 0.9)})):
        assert bot.pick(table, legal) == second
    with patch.object(ISMCTSAgent, "_search", searched({first: (40, 0.55), second: (40, 0.40), third: (20, 0.9)})):
        assert bot.pick(table, legal) == first
    # visits still come first: a less visited action of higher value is not played
    with patch.object(ISMCTSAgent, "_search", searched({first: (41, 0.40), second: (40, 0.55)})):
        assert bot.pick(table, legal) == first
    # the settled check measures the same leader: here the equally visited action of higher value
    root = _Node()
    root.children = {first: child(100, 0.40), second: child(100, 0.60)}
    assert _settled(root, 0.1)


def test_the_bot_keeps_the_subtree_of_its_move_for_the_next_decision_of_its_turn() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    bot = ISMCTSAgent(seed=4, iterations=300)
    done: list[int] = []
    kept = 0
    while game.deciders()[0] == seat and game.state.phase != REFILL:
        kept += bot._next is not None
        before = bot.total_iterations
        game.apply(seat, bot.choose(game.seat_table(seat)))
        done.append(bot.total_iterations - before)
    assert kept >= 1, "a decision after the first of the turn starts from the kept subtree"
    assert min(done[1:] or [0]) < 300  # a kept subtree brings visits, so fewer iterations are needed


def test_a_decision_at_the_refill_scores_each_action_at_the_cut_off_at_once() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    to_phase(game, REFILL)
    seat = game.deciders()[0]
    bot = ISMCTSAgent(seed=4, iterations=60)
    root = search(bot, game, seat, 60)
    assert all(not child.children for child in root.children.values())
    action: Any = bot.choose(game.seat_table(seat))
    assert action in game.legal_actions(seat)


def test_the_search_is_reproducible_from_the_bot_seed() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    picks = [ISMCTSAgent(seed=s, iterations=80).choose(game.seat_table(seat)) for s in (3, 3)]
    assert picks[0] == picks[1]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"iterations": 10, "seconds": 1.0}, "not both"),
    ({"iterations": 0}, "at least 1 iteration"),
    ({"seconds": 0.0}, "positive time"),
    ({"exploration": -0.1}, "not negative"),
])
def test_bad_budgets_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSAgent(seed=1, **kwargs)


def test_every_iteration_searches_a_fresh_sample() -> None:
    """A new determinisation each time (hidden cards and the random stream redrawn): no sample is reused."""
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    table = game.seat_table(seat)
    streams = counting(table)
    bot = ISMCTSAgent(seed=4, iterations=60)
    bot.choose(table)
    iterations = bot.stats()["iterations"]
    assert len(streams) >= iterations > 1 and len(set(streams)) == len(streams)


def test_every_action_of_the_decision_is_tried_a_few_times_before_ucb_may_neglect_it() -> None:
    root = _Node()
    root.children = {1: _Node(), 2: _Node()}
    root.children[1].visits, root.children[1].total = 50, 45.0
    root.children[2].visits, root.children[2].total = 1, 0.0
    bot = ISMCTSAgent(seed=1)
    assert bot._select(root.children, [1, 2], TRIES) == 2
    root.children[2].visits = TRIES
    assert bot._select(root.children, [1, 2], TRIES) == 1
    assert bot._select(root.children, [1, 2], 0) == 1
