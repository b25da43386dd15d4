"""Bots choose legal actions from their own view only, and a bot game is reproducible from its seeds."""

from __future__ import annotations

import time
from typing import Any

import pytest

import meeple
from meeple.agents import Agent, make_agent
from meeple.engine import SeatTable


def counting(table: SeatTable) -> list[int]:
    """Count the samples a bot draws from its table (the only way it may see a full state)."""
    calls: list[int] = []
    sample = table._sample

    def counted(rng: int) -> Any:
        calls.append(rng)
        return sample(rng)

    table._sample = counted
    return calls


def play(levels: list[str], seed: int, actions: int, bot_seed: int = 0) -> list[tuple[int, str]]:
    game = meeple.new_game("bluemooncity", len(levels), seed)
    bots = [make_agent(level, seed=bot_seed + i) for i, level in enumerate(levels)]
    for _ in range(actions):
        if game.is_over():
            break
        seat = game.deciders()[0]
        action = bots[seat].choose(game.seat_table(seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    return game.full_log()


@pytest.mark.parametrize("levels", [["random", "greedy"], ["greedy", "ismcts:15", "random"]])
def test_bots_play_legal_actions_through_the_seat_view(levels: list[str]) -> None:
    log = play(levels, seed=11, actions=60)
    assert len(log) == 60
    assert {seat for seat, _ in log} == set(range(len(levels)))


def test_a_bot_game_is_reproducible_from_its_seeds() -> None:
    first = play(["greedy", "random", "ismcts:10"], seed=5, actions=50, bot_seed=9)
    again = play(["greedy", "random", "ismcts:10"], seed=5, actions=50, bot_seed=9)
    other = play(["greedy", "random", "ismcts:10"], seed=5, actions=50, bot_seed=10)
    assert first == again
    assert first != other


def test_greedy_and_ismcts_simulate_only_on_sampled_states() -> None:
    game = meeple.new_game("bluemooncity", 2, 4)
    seat = game.deciders()[0]
    assert len(game.legal_indices(seat)) > 1
    for level in ("greedy", "ismcts:25"):
        table = game.seat_table(seat)
        samples = counting(table)
        make_agent(level, seed=1).choose(table)
        assert len(samples) >= 1


def test_a_bot_is_given_a_seat_table_never_the_game() -> None:
    game = meeple.new_game("bluemooncity", 2, 4)
    with pytest.raises(TypeError, match="seat's table"):
        make_agent("random").choose(game)  # type: ignore[arg-type]


def test_a_seat_without_a_move_gets_a_clear_error() -> None:
    game = meeple.new_game("bluemooncity", 2, 4)
    idle = 1 - game.deciders()[0]
    with pytest.raises(ValueError, match="no legal action"):
        make_agent("random").choose(game.seat_table(idle))


def test_time_budget_is_kept_and_iterations_are_counted() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    bot = make_agent("ismcts:0.1s", seed=2)
    start = time.perf_counter()
    action = bot.choose(game.seat_table(seat))
    assert time.perf_counter() - start < 1.0
    assert action in game.legal_actions(seat)
    stats = bot.stats()
    assert stats["decisions"] == 1 and stats["iterations"] >= 1 and stats["iterations_per_s"] > 0


def test_iteration_budget_is_a_cap() -> None:
    game = meeple.new_game("bluemooncity", 2, 8)
    seat = game.deciders()[0]
    small, large = make_agent("ismcts:40", seed=2), make_agent("ismcts", seed=2)
    assert small.choose(game.seat_table(seat)) in game.legal_actions(seat)
    large.choose(game.seat_table(seat))
    assert 0 < small.stats()["iterations"] <= 40 < large.stats()["iterations"]


def test_every_bot_is_an_agent() -> None:
    for level in ("random", "greedy", "ismcts"):
        assert isinstance(make_agent(level), Agent)
