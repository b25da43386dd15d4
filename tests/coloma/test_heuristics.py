"""The bots' hooks for Coloma: evaluation in [0, 1] and a greedy bot that beats random play."""

from __future__ import annotations

import meeple
from meeple.agents.levels import make_agent

from .helpers import scenario


def play(levels: list[str], seed: int) -> list[int]:
    agents = [make_agent(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    game = meeple.new_game("coloma", len(levels), seed)
    while not game.is_over():
        seat = game.deciders()[0]
        game.apply(seat, agents[seat].choose(game.seat_table(seat)))
    return game.result().winners


def test_evaluation_is_in_range_and_values_an_open_boom() -> None:
    game = scenario(chapter=3, dials=[1, 2, 4, 5])
    rules = game.rules
    for seat in range(4):
        assert 0.0 <= rules.evaluate(game.state, seat) <= 1.0
    before = rules.evaluate(game.state, 0)
    game.apply(0, "end")  # giving up both sections of Site 1 is worth less
    assert rules.evaluate(game.state, 0) < before


def test_greedy_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        rot = seed % 3
        levels = ["random"] * 3
        levels[rot] = "greedy"
        wins += rot in play(levels, seed)
    assert wins >= 10


def test_the_search_stops_when_the_seats_decisions_of_the_moment_are_done() -> None:
    """plan_horizon: a dial is searched through the reveal and the seat's own turn; a turn until it ends; the
    keeping of cards until both are back; the game's end always."""
    game = meeple.new_game("coloma", 3, 4)
    rules = game.rules
    for seat in range(3):
        game.apply(seat, "return 1 top")
        assert not rules.plan_horizon(game.state, seat)  # one card still to put back
        game.apply(seat, "return 1 bottom")
        assert rules.plan_horizon(game.state, seat)
    assert game.view(None)["phase"] == "select"
    game.apply(0, "dial 2")
    assert not rules.plan_horizon(game.state, 0)  # the dial is judged by the turn it leads to
    game.apply(1, "dial 3")
    game.apply(2, "dial 4")
    state = game.state
    assert state.phase == "turn" and state.active == 0
    assert not any(rules.plan_horizon(state, seat) for seat in range(3))  # every seat's turn is still to come
    game.apply(0, "end")
    assert rules.plan_horizon(game.state, 0) and not rules.plan_horizon(game.state, 1)
    game.apply(1, "end")
    game.apply(2, "end")
    assert all(rules.plan_horizon(game.state, seat) for seat in range(3))  # a new chapter: everyone's search stops


def test_the_search_bot_plays_a_whole_game_searching_every_decision() -> None:
    bot = make_agent("ismcts:200", seed=1)
    game = meeple.new_game("coloma", 3, 6)
    others = [make_agent("greedy", seed=2), make_agent("greedy", seed=3)]
    while not game.is_over():
        seat = game.deciders()[0]
        agent = bot if seat == 0 else others[seat - 1]
        game.apply(seat, agent.choose(game.seat_table(seat)))
    stats = bot.stats()
    assert game.is_over() and stats["decisions"] > 20 and stats["iterations"] > 10 * stats["decisions"]
    assert len(stats["decision_seconds"]) == stats["decisions"]
