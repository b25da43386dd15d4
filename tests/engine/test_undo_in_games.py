"""Taking back one's own action in Coloma and City of Remnants (`Rules.undoable`): every action that drew, rolled
and revealed nothing may be taken back while its turn lasts, and taking it back restores the exact position; an
action that drew a card or rolled a die may not, and the refusal says so."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import meeple

GAMES = ("coloma", "cityofremnants")
SEEDS = range(2)
LONGEST = 400  # actions per game at most
CHECK_EVERY = 3  # every third action that may be taken back is taken back (a rebuild replays the whole log)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_plain_action_is_taken_back_to_the_exact_position(game_id: str) -> None:
    allowed: Counter[str] = Counter()
    refused = 0
    for seed in SEEDS:
        game = meeple.new_game(game_id, 2, seed)
        rng = random.Random(seed)
        while not game.is_over() and game.log_length() < LONGEST:
            seat = game.deciders()[0]
            action = rng.choice(game.legal_actions(seat))
            before = game.rules.to_data(game.state)
            game.apply(seat, action)
            if game.is_over() or seat not in game.deciders():
                continue
            drew = game.rules.to_data(game.state)["rng"] != before["rng"]
            if game.can_undo(seat):
                assert not drew, f"{action} rolled or drew and may be taken back"
                allowed[action.split()[0]] += 1
                if sum(allowed.values()) % CHECK_EVERY == 0:
                    again = game.copy()
                    assert again.undo(seat) == (seat, action)
                    assert again.rules.to_data(again.state) == before
            elif drew:
                refusal = game.undo_refusal(seat)  # a die rolled or a card drawn: the true reason
                assert refusal is not None and refusal.msg == "engine.undo.hidden"
                refused += 1
    assert refused  # some actions drew or rolled
    verbs = {"coloma": {"move", "return", "build"}, "cityofremnants": {"move", "enter"}}[game_id]
    assert verbs <= set(allowed), allowed  # a Wagon or figure moved, a card put back: taken back
    assert sum(allowed.values()) > 50
