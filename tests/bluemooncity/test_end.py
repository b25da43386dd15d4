"""The end of the game (BMC-10): offerings to win, the all-rebuilt stage, no markers left, the safety bound."""

from __future__ import annotations

import pytest

import meeple

from .helpers import CITY, SCENARIOS, run, scenario


@pytest.mark.parametrize(("players", "target"), [(2, 6), (3, 5), (4, 4)])
def test_bmc_10_1_win_at_once_with_enough_offerings(players: int, target: int) -> None:
    """BMC-10.1: 6 offerings (2 players), 5 (3), 4 (4) win at once."""
    others = [p for p in range(1, players)]
    filled = [0] * (target - 1) + others
    game = scenario(players=players, obelisk=filled, crystals=[20] + [0] * (players - 1), turn={"active": 0})
    run(game, "offer")
    assert game.is_over() and game.deciders() == []
    result = game.result()
    assert result.winners == [0] and not result.draw and result.ranking[0] == [0]
    with pytest.raises(meeple.IllegalAction, match="over"):
        game.apply(0, "end")


def test_bmc_10_1_win_in_the_middle_of_a_pillar_chain() -> None:
    """BMC-10.1: the winning offering ends the game at once, even with Pillar cards left."""
    game = scenario(obelisk=[0, 0, 0, 0, 1], crystals=[40, 0], hands=[["pillar1", "pillar1"], []],
                    turn={"active": 0})
    run(game, "offer", "pillar1")
    assert game.is_over() and game.result().winners == [0]
    assert game.view(0)["hand"] == ["pillar1"]


def rebuilt_city(**fields: object) -> meeple.Game:
    return scenario(rebuilt=[sq for sq, tile in CITY.items() if tile != "courtyard"], **fields)


def test_bmc_10_2_all_rebuilt_play_on_then_most_offerings_then_crystals() -> None:
    """BMC-10.2: every building rebuilt: play on while someone can pay; then offerings, then crystals."""
    game = rebuilt_city(obelisk=[0, 1, 0], crystals=[5, 8], turn={"active": 0})
    run(game, "end", "refill")  # seat 0 cannot afford the 8
    assert not game.is_over()
    lines = run(game, "offer")  # seat 1 catches up, 2 offerings each, and nobody can pay the 9: over at once
    assert game.is_over() and game.view(None)["phase"] == "over"
    result = game.result()
    assert result.winners == [0] and result.ranking == [[0], [1]] and not result.draw
    assert result.reason == "end.rebuilt"
    assert "Every building is rebuilt and no player can pay for another offering; winner(s): Player 1" in lines
    assert game.view(1)["final_crystals"] == [5, 0]
    # The same order as labelled final figures: equal offerings, crystals decided.
    assert result.figures == {"figure.offerings": {0: 2.0, 1: 2.0}, "figure.crystals": {0: 5.0, 1: 0.0}}
    assert result.tiebreak == ["figure.crystals"]


def test_bmc_10_2_a_player_walking_to_the_courtyard_keeps_the_game_going() -> None:
    """BMC-10.2: a round without an offering does not end the stage while a player can still pay for one."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "bmc-10-2-walk-to-the-courtyard.yaml")
    run(game, "step d3", "end", "refill")  # seat 0, 10 crystals, one step short of the Courtyard
    run(game, "end", "refill")  # seat 1, 1 crystal, passes: a full round without an offering
    assert not game.is_over() and game.deciders() == [0]
    run(game, "step c3", "offer")
    assert game.is_over()
    result = game.result()
    assert result.winners == [0] and result.ranking == [[0], [1]]  # 2 offerings each, 2 crystals against 1
    assert game.view(None)["final_crystals"] == [2, 1]


def test_bmc_10_2_the_stage_ends_at_once_when_nobody_can_pay() -> None:
    """BMC-10.2: checked after every action: the last building rebuilt with nobody able to pay ends the game."""
    rebuilt = [sq for sq, tile in CITY.items() if tile not in ("courtyard", "fire-temple")]
    game = scenario(rebuilt=rebuilt, figures=["c2", "c3"], boxes={"c2": [1, 1]}, obelisk=[0, 1, 0, 1, 1],
                    crystals=[0, 0], hands=[["vulca3", "pillar1"], []], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay vulca3", "done")  # the Fire Temple is the last building; the next space is a 9
    assert game.is_over() and game.view(None)["phase"] == "over"
    assert game.view(None)["final_crystals"] == [3 + 1 + 1 + 1, 2 + 3 + 1 + 1 + 1]
    assert game.result().winners == [1]


def test_bmc_10_2_a_player_who_can_pay_keeps_playing_after_offering() -> None:
    """BMC-10.2: the player who offered can still pay the next space: the game goes on (BMC-8.3 waits a turn)."""
    game = rebuilt_city(obelisk=[1], crystals=[20, 0], turn={"active": 0})
    run(game, "offer")
    assert not game.is_over() and game.view(0)["crystals"] == 13
    run(game, "refill", "end", "refill", "offer")
    assert game.view(0)["crystals"] == 5
    assert game.is_over() and game.result().winners == [0]


def test_bmc_10_2_still_tied_players_share_the_win() -> None:
    """BMC-10.2: equal offerings and equal crystals: a shared win."""
    game = rebuilt_city(obelisk=[0, 1, 0], crystals=[2, 10], turn={"active": 1})
    run(game, "offer")
    assert game.is_over()
    result = game.result()
    assert result.winners == [0, 1] and result.ranking == [[0, 1]]


def test_bmc_10_2_a_position_already_over_is_refused() -> None:
    """BMC-10.2: a scenario with every building rebuilt and nobody able to pay would already be over."""
    with pytest.raises(meeple.ScenarioError, match=r"crystals: .*rebuilt.*BMC-10\.2"):
        rebuilt_city(obelisk=[0, 1], crystals=[3, 6])


def test_bmc_10_3_no_markers_left_is_a_draw() -> None:
    """BMC-10.3: when no player has a marker left and nobody has won, the game ends at once in a draw."""
    boxes = {"c2": [0, 1], "b3": [0, 1], "c4": [0, 1], "d3": [0, 1, 1]}
    game = scenario(boxes=boxes, obelisk=[0, 1] * 5, figures=["b2", "c3"], hands=[["terrah2"], []],
                    turn={"active": 0})
    assert [s["markers"] for s in game.view(None)["seats"]] == [1, 0]
    run(game, "contribute 3", "pay terrah2", "done")
    assert game.is_over()
    result = game.result()
    assert result.draw and result.winners == [] and result.ranking == [[0, 1]]


def test_bmc_10_4_turn_limit() -> None:
    """BMC-10.4: after 400 turns the game ends and is ranked as in BMC-10.2."""
    game = scenario(obelisk=[1], crystals=[0, 0], turn={"active": 0, "number": 399})
    run(game, "end", "refill")
    assert not game.is_over() and game.view(None)["turn"] == 400
    run(game, "end", "refill")
    assert game.is_over()
    result = game.result()
    assert result.winners == [1] and result.reason == "end.turn_limit"
    assert game.catalogue().text(result.reason, result.params) == "The turn limit was reached; winner(s): Player 2"
    assert game.deciders() == [] and game.legal_actions(0) == []
