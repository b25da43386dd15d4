"""The twin check catches the two ways a secret choice used to leak in City of Remnants, each injected on purpose:
a reveal that showed all of a seat's pending secrets (the order it put coordinate cards back, COR-4.6, revealed by
its battle, COR-18.7), and secret steps that each counted as a moment (how many cards a seat discards at Reset,
COR-7.1). The real rules pass the same comparisons."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.engine import Event, Game
from meeple.engine import game as game_module
from meeple.engine.rng import Stream
from meeple.engine.rules import REVEAL
from meeple.games.cityofremnants.rules import CityOfRemnants

from .twins import TwinTally, at_second_reset, compare_twins, complete, make_twins, play_random, secret_options


class RevealsEverything(CityOfRemnants):
    """A battle reveals every pending secret of its seats, whatever its kind."""

    def apply(self, state: Any, seat: int, action: int, events: list[Event] | None = None) -> None:
        super().apply(state, seat, action, events)
        if events is not None:
            events[:] = [Event(REVEAL, {k: v for k, v in e.params.items() if k != "kinds"}) if e.msg == REVEAL else e
                         for e in events]


def _every_step_a_choice(self: Any, rules: Any, state: Any) -> list[list[int]]:
    """What the engine did before secret choices had steps: each secret step was shown as a choice of its own."""
    closed = list(self.open.values())
    self.open.clear()
    return closed


def _game(rules: CityOfRemnants, players: int, seed: int) -> Game:
    return Game(rules, rules.setup(players, rules.spec.normalise_options({}), seed), players, seed,
                rules.spec.normalise_options({}))


# Seed 0, 3 players, random play (found by playing the game and listing its secret choices; a change of the shipped
# data changes the game): a seat puts coordinate cards back at action COORD + 1 and fights a battle whose cards are
# revealed by action BATTLE + 1, before the next patrol draws; the twins follow the game to action PROBE.
COORD, BATTLE, PROBE = 387, 435, 445


def _coord_then_battle(rules: CityOfRemnants) -> None:
    """Twins that differ in the order a seat put coordinate cards back, followed into its next battle."""
    original = meeple.new_game("cityofremnants", 3, 0)
    stream = Stream(0, 5)
    while original.log_length() < COORD:
        deciders = original.deciders()
        seat = deciders[stream.below(len(deciders))]
        legal = original.legal_indices(seat)
        original.apply(seat, legal[stream.below(len(legal))])
    rest = []  # the original game from here on, for the twins to follow
    probe = original.copy()
    while probe.log_length() < PROBE:
        deciders = probe.deciders()
        seat = deciders[stream.below(len(deciders))]
        legal = probe.legal_indices(seat)
        idx = legal[stream.below(len(legal))]
        rest.append((seat, probe.action_text(idx), probe.rules.secret(probe.state, seat, idx)))
        probe.apply(seat, idx)
    owner = rest[0][0]
    assert rest[0][2] == "coord", "the scripted position is no longer a coordinate choice"
    base = _game(rules, 3, 0)
    for seat, text in original.full_log():
        base.apply(seat, text)
    found = make_twins(base, owner, "coord", Stream(1, 1))
    assert found is not None
    a, b, _, _ = found
    script = [(s, t) for s, t, kind in rest if kind != "coord"]
    compare_twins(a, b, owner, base.log_length(), Stream(1, 2), TwinTally(), script)
    assert a.log_length() > BATTLE, "the twins did not reach the battle"


def test_a_battle_reveals_only_its_commits() -> None:
    _coord_then_battle(CityOfRemnants())


def test_the_twin_check_catches_a_battle_revealing_the_order_put_back() -> None:
    with pytest.raises(AssertionError, match="reads the log differently"):
        _coord_then_battle(RevealsEverything())


def _reset_twins(rules: CityOfRemnants) -> TwinTally:
    tally = TwinTally()
    for seed in range(4):
        game = _game(rules, 3, seed)
        stream = Stream(seed, 9)
        play_random(game, stream, at_second_reset)
        seat = game.deciders()[0]
        kind = sorted(secret_options(game, seat))[0]
        found = make_twins(game, seat, kind, stream)
        assert found is not None
        a, b, len_a, len_b = found
        if len_a != len_b:
            tally.different_lengths += 1
        compare_twins(a, b, seat, game.log_length(), Stream(seed, 3), tally)
        tally.twins += 1
    return tally


def test_a_reset_discard_shows_as_one_choice() -> None:
    tally = _reset_twins(CityOfRemnants())
    assert tally.twins == 4 and tally.different_lengths > 0 and tally.steps > 0


def test_the_twin_check_catches_a_count_of_discards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module._Secrets, "close", _every_step_a_choice)
    with pytest.raises(AssertionError, match=r"reads the log differently|public moments"):
        _reset_twins(CityOfRemnants())


def test_complete_ends_a_choice() -> None:
    game = meeple.new_game("cityofremnants", 2, 3)
    stream = Stream(3, 3)
    play_random(game, stream, at_second_reset)
    seat = game.deciders()[0]
    complete(game, seat, "discard", stream, long=True)
    assert seat not in game.deciders()
