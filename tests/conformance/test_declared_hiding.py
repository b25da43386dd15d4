"""What a game declares it hides (`GameSpec.hides`) decides how the suite looks for leaks, and is held to.

The two test games of little hidden information pass the suite (tests/engine/dicerace.py: public, seeded dice;
tests/engine/auction.py: only the order of the prizes is hidden); these tests show that the declarations matter:
declared otherwise, or broken, the same games fail.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import meeple
from engine.auction import Auction
from engine.dicerace import DiceRace
from meeple.engine import GameSpec, Rules
from meeple.engine.rng import Stream

from . import hidden
from .test_random_games import check_hidden_tally


def _position(rules: Rules[Any], players: int, steps: int) -> Any:
    state, pick = rules.setup(players, rules.spec.defaults(), 4), Stream(4, 4)
    for _ in range(steps):
        seat = rules.deciders(state)[0]
        legal = rules.legal(state, seat)
        rules.apply(state, seat, legal[pick.below(len(legal))])
    return state


def _declaring(rules: Rules[Any], **changes: Any) -> Rules[Any]:
    other = type(rules)()
    other.spec = dataclasses.replace(rules.spec, **changes)  # type: ignore[misc]
    return other


def test_a_public_order_declared_as_hidden_cards_is_a_leak() -> None:
    """The auction lists the prizes left (sorted): fine for an order, a leak were the prizes themselves hidden."""
    state = _position(Auction(), 3, 2)
    assert len(state.deck) >= hidden.MIN_SEARCHED
    hidden.check_state(Auction(), state, 3, None, Stream(1, 1), hidden.Tally())
    with pytest.raises(AssertionError, match="shows hidden"):
        hidden.check_state(_declaring(Auction(), hides={"deck": "cards"}), state, 3, None, Stream(1, 1),
                           hidden.Tally())


def test_the_order_itself_in_a_view_is_caught() -> None:
    class Showing(Auction):
        def view(self, state: Any, seat: int | None) -> dict[str, Any]:
            return {**super().view(state, seat), "next": list(state.deck)}

    state = _position(Auction(), 2, 1)
    with pytest.raises(AssertionError, match=r"hidden order of|changes with redeal"):
        hidden.check_state(Showing(), state, 2, None, Stream(2, 2), hidden.Tally())


def test_a_sample_that_changes_public_contents_is_refused() -> None:
    class Dealing(Auction):
        def sample(self, state: Any, seat: int, stream: int) -> Any:
            out = super().sample(state, seat, stream)
            out.deck[0] = 99
            return out

    with pytest.raises(AssertionError, match="changed the contents"):
        hidden.check_state(Dealing(), _position(Auction(), 2, 1), 2, None, Stream(3, 3), hidden.Tally())


def test_a_kind_that_is_not_declared_is_refused() -> None:
    with pytest.raises(AssertionError, match="does not declare"):
        hidden.check_state(_declaring(DiceRace(), hides={}), _position(DiceRace(), 2, 3), 2, None, Stream(1, 1),
                           hidden.Tally())
    with pytest.raises(ValueError, match="hides"):
        GameSpec(id="x", title="X", version=1, min_players=1, max_players=1, hides={"deck": "secret"})


def test_a_sample_that_keeps_the_dice_to_come_is_refused() -> None:
    class Foreseeing(DiceRace):
        def sample(self, state: Any, seat: int, stream: int) -> Any:
            return self.copy(state)

    state = _position(DiceRace(), 2, 3)
    hidden.check_sample_redraws_the_stream(DiceRace(), state, 0, Stream(1, 1))
    with pytest.raises(AssertionError, match="keeps the true random stream"):
        hidden.check_sample_redraws_the_stream(Foreseeing(), state, 0, Stream(1, 1))


def test_what_must_have_been_compared_follows_the_declaration() -> None:
    """A public dice game needs its stream varied, not redeals; a game that hides nothing must be perfect."""
    race, auction = DiceRace().spec, Auction().spec
    varied = hidden.Tally(perturbations=3, messages=2, events=2, nothing_to_redeal=40)
    check_hidden_tally(race, varied)
    with pytest.raises(AssertionError, match="idle"):
        check_hidden_tally(auction, varied)
    with pytest.raises(AssertionError, match="idle"):
        check_hidden_tally(race, hidden.Tally(redeals=5, messages=2, events=2))
    with pytest.raises(AssertionError, match="hides nothing"):
        check_hidden_tally(dataclasses.replace(race, hides={}), hidden.Tally())
    check_hidden_tally(dataclasses.replace(race, hides={}, chance="none"), hidden.Tally())


def test_the_little_hidden_games_play_in_the_facade() -> None:
    from engine.games import registered

    with registered("dicerace", "auction"):
        for game_id, players in (("dicerace", 1), ("auction", 4)):
            game = meeple.new_game(game_id, players, 5)
            while not game.is_over():
                seat = game.deciders()[0]
                game.apply(seat, game.legal_actions(seat)[-1])
            assert game.result().ranking
