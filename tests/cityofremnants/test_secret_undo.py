"""COR-6.5, COR-7.1, COR-18.5: a seat takes back its own steps of a secret choice, one by one, until a rule reveals
them; nobody else sees a step made or taken back."""

from __future__ import annotations

import meeple
from conformance.twins import at_second_reset, play_random
from meeple.engine.rng import Stream


def _reset(players: int = 3, seed: int = 2) -> meeple.Game:
    game = meeple.new_game("cityofremnants", players, seed)
    play_random(game, Stream(seed, 4), at_second_reset)
    return game


def test_cor_7_1_reset_discards_are_taken_back_one_by_one_unseen() -> None:
    game = _reset()
    start = game.log_length()
    seen = {v: (game.view(v), game.moments()) for v in (None, 1, 2)}
    cards = [a for a in game.legal_actions(0) if a.startswith("discard")][:2]
    for card in cards:
        game.apply(0, card)
    assert game.view(0)["reset_chosen"] == sorted(c.split()[1] for c in cards)
    for card in reversed(cards):
        assert game.can_undo(0)
        assert game.undo(0) == (0, card)
    assert game.view(0)["reset_chosen"] == [] and game.log_length() == start
    for v in (None, 1, 2):
        assert (game.view(v), game.moments()) == seen[v] and game.log(viewer=v, start=start) == []


def test_cor_6_5_a_revealed_choice_is_not_taken_back() -> None:
    game = _reset(players=2)
    game.apply(0, "done")
    assert game.undo_refusal(0) is not None  # its choice is made: the seat no longer decides
    game.apply(1, next(a for a in game.legal_actions(1) if a.startswith("discard")))
    game.apply(1, "done")  # the last choice: the Reset reveals every discard and draws
    refusal = game.undo_refusal(1)
    assert refusal is not None


def test_cor_18_5_a_commit_is_taken_back_card_by_card() -> None:
    for seed in range(30):
        game = meeple.new_game("cityofremnants", 2, seed)
        stream = Stream(seed, 6)
        while not game.is_over() and game.log_length() < 3000:
            seat = game.deciders()[0]
            commits = [a for a in game.legal_actions(seat) if a.startswith("commit")]
            if game.state.phase == "commit" and commits:
                hand = game.view(seat)["hand"]
                other = 1 - seat
                before = game.view(other)
                game.apply(seat, commits[0])
                assert game.view(other) == before
                assert game.undo(seat) == (seat, commits[0])
                assert game.view(seat)["hand"] == hand and game.view(other) == before
                return
            legal = game.legal_indices(seat)
            game.apply(seat, legal[stream.below(len(legal))])
    raise AssertionError("no battle commit was reached")
