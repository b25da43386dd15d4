"""Undo is an operation on the log: a seat takes back its own actions within its turn, until something hidden shows."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

import meeple
from meeple.engine import Event

from .dials import Dials
from .games import registered


@pytest.fixture()
def test_games() -> Iterator[None]:
    with registered():
        yield


def snapshot(game: meeple.Game) -> tuple[object, ...]:
    return (game.rules.to_data(game.state), game.full_log(), game.events(None), game.pending_secrets(),
            game.deciders())


def test_a_taken_back_step_leaves_the_game_as_if_never_played() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    seat = game.deciders()[0]
    before = snapshot(game)
    step = next(a for a in game.legal_actions(seat) if a.startswith("step "))
    game.apply(seat, step)
    assert game.can_undo(seat)
    assert game.undo(seat) == (seat, step)
    assert snapshot(game) == before
    fresh = meeple.load_game(game.to_json())
    assert game.to_json() == fresh.to_json() and game.rules.to_data(game.state) == fresh.rules.to_data(fresh.state)


def test_several_actions_of_a_turn_are_taken_back_last_first() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    seat = game.deciders()[0]
    start = snapshot(game)
    played = []
    for _ in range(2):
        step = next(a for a in game.legal_actions(seat) if a.startswith("step "))
        game.apply(seat, step)
        played.append(step)
    game.apply(seat, "end")  # into the contribution phase: still this seat's turn, nothing drawn
    played.append("end")
    for action in reversed(played):
        assert game.undo(seat) == (seat, action)
    assert snapshot(game) == start
    with pytest.raises(meeple.IllegalAction, match="nothing has been played yet") as refused:
        game.undo(seat)
    assert refused.value.msg == "engine.undo.nothing"


def test_the_refill_draws_cards_so_the_turn_cannot_be_taken_back() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    seat = game.deciders()[0]
    while "end" in game.legal_actions(seat):
        game.apply(seat, "end")
    game.apply(seat, "refill")  # draws two cards and passes the turn
    other = game.deciders()[0]
    assert other != seat
    refusal = game.undo_refusal(seat)
    assert refusal is not None and refusal.msg == "engine.undo.turn_over"
    refusal = game.undo_refusal(other)
    assert refusal == Event("engine.undo.not_yours", {"seat": seat})
    before = snapshot(game)
    with pytest.raises(meeple.IllegalAction, match=f"the last action was Player {seat + 1}'s, not yours"):
        game.undo(other)
    assert snapshot(game) == before


def play_with_undos(game: meeple.Game, rng: random.Random, turns: int = 10_000) -> dict[str, int]:
    """Play random legal actions; after each, take it back when allowed, check the position is the one before,
    and play it again. Returns how often each outcome happened."""
    seen: dict[str, int] = {}
    while not game.is_over() and turns:
        turns -= 1
        seat = rng.choice(game.deciders())
        action = rng.choice(game.legal_actions(seat))
        before = snapshot(game)
        game.apply(seat, action)
        after = snapshot(game)
        refusal = game.undo_refusal(seat)
        key = "undone" if refusal is None else refusal.msg
        seen[key] = seen.get(key, 0) + 1
        if refusal is None:
            game.undo(seat)
            assert snapshot(game) == before
            game.apply(seat, action)
            assert snapshot(game) == after
        else:
            with pytest.raises(meeple.IllegalAction):
                game.undo(seat)
            assert snapshot(game) == after
    return seen


def test_blue_moon_city_takes_back_what_drew_no_card_and_nothing_else() -> None:
    game = meeple.new_game("bluemooncity", 3, seed=11)
    seen = play_with_undos(game, random.Random(5), turns=400)
    assert seen["undone"] > 50 and seen["engine.undo.turn_over"] > 10
    assert seen.get("engine.undo.hidden", 0) > 0  # card rewards drawn within a turn


def test_a_card_reward_drawn_mid_turn_is_a_barrier() -> None:
    game = meeple.new_game("bluemooncity", 2, seed=11)
    rng = random.Random(2)
    while not game.is_over():
        seat = game.deciders()[0]
        deck = len(game.state.deck)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if seat in game.deciders() and len(game.state.deck) != deck:
            break
    else:
        pytest.fail("no card was drawn within a turn")
    refusal = game.undo_refusal(seat)
    assert refusal is not None and refusal.msg == "engine.undo.hidden"


def test_a_secret_choice_ends_the_turn_and_is_not_taken_back(test_games: None) -> None:
    game = meeple.new_game("dials", 2, seed=1)
    game.apply(0, "dial 2")
    assert game.undo_refusal(0) == Event("engine.undo.turn_over")
    assert game.undo_refusal(1) == Event("engine.undo.not_yours", {"seat": 0})


def test_a_reveal_and_a_die_roll_are_barriers(test_games: None) -> None:
    game = meeple.new_game("skirmish", 2, seed=4)
    game.apply(1, game.legal_actions(1)[0])
    game.apply(0, game.legal_actions(0)[0])  # the discards are revealed and the prize is rolled
    assert game.deciders() == [0]  # the first seat bids next: its turn goes on
    refusal = game.undo_refusal(0)
    assert refusal is not None and refusal.msg == "engine.undo.hidden"


def test_games_with_chance_take_back_nothing_by_default(test_games: None) -> None:
    for game_id, players in (("dials", 3), ("skirmish", 3)):
        seen = play_with_undos(meeple.new_game(game_id, players, seed=2), random.Random(1))
        assert "undone" not in seen and sum(seen.values()) > 0


def test_without_chance_an_action_that_shows_nobody_anything_private_may_be_taken_back(test_games: None) -> None:
    rules = meeple.engine.get_rules("dials")
    state = rules.setup(2, {"rounds": 1}, 0)
    plain = [Event("dials.set", {"seat": 0})]
    private = [*plain, Event("dials.chosen", {"dial": 1}, frozenset([0]))]

    certain = Dials()
    certain.spec = dataclasses.replace(Dials.spec, chance="none")
    assert certain.undoable(state, state, 0, 0, plain)
    assert not certain.undoable(state, state, 0, 0, private)
    assert not rules.undoable(state, state, 0, 0, plain)  # chance: only the game knows what drew
