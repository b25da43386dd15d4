"""The engine core serves what the three games need: simultaneous secret choices, chance, hidden views."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import meeple
from meeple.engine import registry

from .dials import Dials


@pytest.fixture()
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def test_several_seats_decide_at_once_in_secret(dials: None) -> None:
    game = meeple.new_game("dials", 3, seed=4)
    assert game.deciders() == [0, 1, 2]
    game.apply(1, "dial 3")
    assert game.deciders() == [0, 2]
    assert game.view(0)["mine"] is None and game.view(0)["chosen"] == [False, True, False]
    assert "3" not in repr(game.view(0)["revealed"])
    assert game.events(0)[-1] == ["Seat 1 sets a dial"]
    assert game.events(1)[-1] == ["Seat 1 sets a dial", "You chose 3"]
    with pytest.raises(meeple.IllegalAction, match="does not decide now"):
        game.apply(1, "dial 2")
    game.apply(0, "dial 2")
    game.apply(2, "dial 2")
    assert game.is_over() and game.view(None)["revealed"] == [[2, 3, 2]]
    assert game.result().winners == [1]


def test_chance_and_replay_come_from_the_seed(dials: None) -> None:
    first = meeple.new_game("dials", 2, seed=9, options={"rounds": 2})
    for seat, action in [(0, "dial 1"), (1, "dial 1"), (1, "dial 2"), (0, "dial 3")]:
        first.apply(seat, action)
    again = meeple.replay("dials", 2, 9, {"rounds": 2}, first.log())
    assert again.rules.to_data(again.state) == first.rules.to_data(first.state)
    assert meeple.load_game(first.to_json()).log() == first.log()


def test_sampling_redeals_only_what_the_seat_cannot_see(dials: None) -> None:
    game = meeple.new_game("dials", 3, seed=1)
    game.apply(0, "dial 1")
    game.apply(1, "dial 1")
    seen = {tuple(game.sample(2, stream)["dials"][:2]) for stream in range(40)}
    assert len(seen) > 1  # other seats' secret dials are redealt
    assert all(game.sample(0, stream)["dials"][0] == 1 for stream in range(10))  # own dial is kept


def test_unregistered_game_is_refused_with_the_known_ids() -> None:
    with pytest.raises(meeple.UnknownGame, match="registered games: bluemooncity"):
        meeple.new_game("dials", 2, seed=1)


def test_the_log_can_be_read_from_any_action_without_copying_all_of_it(dials: None) -> None:
    game = meeple.new_game("dials", 2, seed=9, options={"rounds": 2})
    game.apply(0, "dial 1")
    game.apply(1, "dial 2")
    assert game.log_length() == 2
    assert game.log(1) == [(1, "dial 2")] and game.log() == [(0, "dial 1"), (1, "dial 2")]
    game.log().clear()  # the caller's own list
    assert game.log_length() == 2
    # Events are kept as plain values, which the garbage collector leaves alone in a long game.
    assert game.events(1, 1) == [["Seat 1 sets a dial", "You chose 2"]]
    assert game.copy().events(1, 1) == game.events(1, 1)
