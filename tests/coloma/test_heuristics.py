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
