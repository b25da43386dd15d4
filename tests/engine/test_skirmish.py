"""The auction-and-battle test game: bids around the table, an out-of-turn defence, a secret discard, dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import meeple
from meeple.engine import Game

from .games import registered


@pytest.fixture()
def skirmish() -> Iterator[None]:
    with registered("skirmish"):
        yield


def _muster(game: Game, cards: list[int]) -> None:
    for seat in reversed(range(game.players)):  # in any order
        game.apply(seat, f"discard {cards[seat]}")


def _hands(seed: int, players: int) -> list[list[int]]:
    game = meeple.new_game("skirmish", players, seed)
    return [list(game.view(p)["hand"]) for p in range(players)]


def test_the_muster_is_a_secret_discard_revealed_together(skirmish: None) -> None:
    game = meeple.new_game("skirmish", 3, seed=5)
    hands = _hands(5, 3)
    assert game.deciders() == [0, 1, 2]
    game.apply(2, f"discard {hands[2][0]}")
    assert game.deciders() == [0, 1]
    assert game.log(viewer=0) == [(2, None)] and game.log(viewer=2) == [(2, f"discard {hands[2][0]}")]
    assert game.view(0)["chosen"] == [False, False, True] and game.view(0)["mine"] is None
    assert game.view(0)["cards"][2] == len(hands[2]) - 1
    game.apply(0, f"discard {hands[0][-1]}")
    game.apply(1, f"discard {hands[1][0]}")
    assert game.pending_secrets() == {}
    assert game.view(None)["revealed"] == [[hands[0][-1], hands[1][0], hands[2][0]]]
    assert game.view(None)["gold"] == [2 + hands[0][-1], 2 + hands[1][0], 2 + hands[2][0]]


def test_bids_go_round_the_table_and_the_defender_answers_out_of_turn(skirmish: None) -> None:
    game = meeple.new_game("skirmish", 3, seed=8)
    _muster(game, [h[-1] for h in _hands(8, 3)])
    view = game.view(None)
    assert view["phase"] == "bid" and 1 <= view["prize"] <= 6
    assert game.deciders() == [0]
    game.apply(0, "bid 1")
    assert game.deciders() == [1]
    with pytest.raises(meeple.IllegalAction):
        game.apply(1, "bid 1")  # a bid is above the high bid
    game.apply(1, "pass")
    game.apply(2, "bid 2")
    assert game.deciders() == [0]  # round the table again, seat 1 is out
    game.apply(0, "pass")
    assert game.view(None)["phase"] == "attack" and game.deciders() == [2]
    assert game.view(None)["gold"][2] == view["gold"][2] - 2
    card = game.view(2)["hand"][0]
    game.apply(2, f"commit {card}")
    assert game.deciders() == [0]  # the defender, seat 2's left neighbour, answers
    assert "yield" in game.legal_actions(0)
    game.apply(0, "yield")
    assert game.view(None)["points"][2] == view["prize"]
    assert game.view(None)["phase"] == "muster" and game.view(None)["round"] == 2


def test_a_battle_adds_dice_from_the_seeded_stream(skirmish: None) -> None:
    outcomes = set()
    for seed in range(12):
        game = meeple.new_game("skirmish", 2, seed=seed, options={"rounds": 1})
        _muster(game, [h[0] for h in _hands(seed, 2)])
        prize = game.view(None)["prize"]
        game.apply(0, "bid 1")
        game.apply(1, "pass")
        game.apply(0, f"commit {game.view(0)['hand'][-1]}")
        game.apply(1, f"commit {game.view(1)['hand'][-1]}")
        assert game.is_over()
        attack, attack_die, defence, defence_die = game.view(None)["last_battle"]
        winner = 0 if attack + attack_die > defence + defence_die else 1  # the defender wins ties
        assert game.view(None)["points"] == [prize if p == winner else 0 for p in (0, 1)]
        again = meeple.replay("skirmish", 2, seed, {"rounds": 1}, game.full_log())
        assert again.view(None) == game.view(None)
        outcomes.add((attack_die, defence_die))
    assert len(outcomes) > 3


def test_nobody_bidding_loses_the_prize(skirmish: None) -> None:
    game = meeple.new_game("skirmish", 2, seed=3, options={"rounds": 1})
    _muster(game, [h[0] for h in _hands(3, 2)])
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.is_over() and game.view(None)["points"] == [0, 0]
    result = game.result()
    assert result.ranking[0] == [max((0, 1), key=lambda p: game.view(None)["gold"][p])] or result.draw


def test_every_event_and_result_has_a_message(skirmish: None) -> None:
    game = meeple.new_game("skirmish", 2, seed=1, options={"rounds": 1})
    _muster(game, [h[0] for h in _hands(1, 2)])
    game.apply(0, "bid 1")
    game.apply(1, "pass")
    game.apply(0, f"commit {game.view(0)['hand'][0]}")
    game.apply(1, "yield")
    catalogue = game.catalogue()
    for viewer in (None, 0, 1):
        for events in game.events(viewer):
            for event in events:
                assert catalogue.has(event["msg"]), event
    assert catalogue.has(game.result().reason)
    assert all(catalogue.has(f"{kind}.{phase}") for kind in ("phase", "help", "status")
               for phase in ("muster", "bid", "attack", "defend"))
