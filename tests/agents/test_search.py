"""The search bot plans its own turn to a common horizon, scores it on several samples and follows its plan."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.engine.rules import Rules
from meeple.games.bluemooncity.state import MOVE, REFILL

from .test_bots import SeatOnly


def to_phase(game: meeple.Game, phase: int, seed: int = 1) -> None:
    """Play greedy moves until the active seat is in `phase`."""
    greedy = make_agent("greedy", seed)
    while game.state.phase != phase:
        seat = game.deciders()[0]
        game.apply(seat, greedy.choose(game, seat))


def test_a_plan_stops_before_the_refill_and_when_the_turn_passes() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules, seat = game.rules, game.deciders()[0]
    assert game.state.phase == MOVE and not rules.plan_horizon(game.state, seat)
    assert rules.plan_horizon(game.state, 1 - seat)
    to_phase(game, REFILL)
    assert rules.plan_horizon(game.state, game.deciders()[0])


def test_the_default_hooks_stop_when_another_seat_decides_and_average_the_evaluation() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules, seat = game.rules, game.deciders()[0]
    samples = [game.sample(seat, n) for n in range(3)]
    assert not Rules.plan_horizon(rules, game.state, seat)
    assert Rules.plan_horizon(rules, game.state, 1 - seat)
    expected = sum(rules.evaluate(s, seat) for s in samples) / 3
    assert Rules.plan_value(rules, samples, seat) == expected
    assert Rules.plan_group(rules, game.state) == 0


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


def test_the_bot_follows_its_plan_through_the_turn_without_searching_again() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    table = SeatOnly(game)
    seat = game.deciders()[0]
    bot = make_agent("ismcts", seed=4)
    assert isinstance(bot, ISMCTSAgent)
    searched: list[int] = []
    followed = 0
    while game.deciders()[0] == seat and game.state.phase != REFILL:
        before = table.samples
        action = bot.choose(table, seat)
        if table.samples > before:
            searched.append(table.samples - before)
        elif len(game.legal_indices(seat)) > 1:
            followed += 1
        game.apply(seat, action)
    assert searched and searched[0] == bot.samples
    assert followed >= 1 or len(searched) == 1


def test_a_decision_at_the_horizon_scores_every_action_on_every_sample() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    to_phase(game, REFILL)
    seat = game.deciders()[0]
    legal = game.legal_indices(seat)
    bot = ISMCTSAgent(seed=4, samples=3)
    action: Any = bot.choose(game, seat)
    assert action in game.legal_actions(seat)
    assert bot.stats()["iterations"] == 3 * len(legal)
