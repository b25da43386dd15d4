"""The obelisk (BMC-8): offering spaces, prices, one offering per turn, Pillar cards."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.bluemooncity.data import load_components

from .helpers import crystals, hand, legal, phase, run, scales, scenario, seat_view


def test_bmc_8_1_spaces_per_player_count() -> None:
    """BMC-8.1: 13 spaces for 3-4 players, 11 for 2 (the two outer 7s unused), filled from the bottom up."""
    for players, spaces in ((2, [7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
                            (3, [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]),
                            (4, [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12])):
        assert meeple.new_game("bluemooncity", players, 0).view(None)["obelisk"]["spaces"] == spaces
    game = scenario(players=3, city=None, obelisk=[1, 2, 1, 2], crystals=[8, 0, 0], turn={"active": 0})
    run(game, "offer")
    assert game.view(None)["obelisk"]["filled"] == [1, 2, 1, 2, 0] and crystals(game)[0] == 0


def test_bmc_8_2_offering_on_the_courtyard_for_the_lowest_free_space() -> None:
    """BMC-8.2: on the Courtyard in the contribution phase, pay the lowest free space and place a marker."""
    game = scenario(crystals=[10, 0], turn={"active": 0})
    assert "offer" in legal(game)
    run(game, "offer")
    assert crystals(game) == [3, 0] and seat_view(game, 0)["markers"] == 9 and seat_view(game, 0)["offerings"] == 1
    away = scenario(figures=["c4", "c3"], crystals=[10, 0], turn={"active": 0})
    with pytest.raises(meeple.IllegalAction, match="offerings are made on the Courtyard"):
        away.apply(0, "offer")
    poor = scenario(crystals=[6, 0], turn={"active": 0})
    with pytest.raises(meeple.IllegalAction, match="costs 7 crystals; you have 6"):
        poor.apply(0, "offer")


def test_bmc_8_2_no_marker_no_offering() -> None:
    """BMC-8.2: a player with no marker left cannot offer."""
    boxes = {"c2": [0, 0], "b3": [0, 0], "d3": [0, 0, 0], "b2": [0, 0], "c4": [0]}
    game = scenario(boxes=boxes, crystals=[20, 0], turn={"active": 0})
    assert seat_view(game, 0)["markers"] == 0 and "offer" not in legal(game)
    with pytest.raises(meeple.IllegalAction, match="no marker left"):
        game.apply(0, "offer")


def test_bmc_8_3_one_offering_per_turn() -> None:
    """BMC-8.3: at most one offering per turn without Pillar cards."""
    game = scenario(crystals=[7 + 8, 0], hands=[["pillar1"], []], turn={"active": 0})
    run(game, "offer")
    assert legal(game) == ["end", "pillar1"]
    with pytest.raises(meeple.IllegalAction, match="only one offering per turn"):
        game.apply(0, "offer")


def test_bmc_8_4_pillar_cards_add_offerings_at_a_surcharge() -> None:
    """BMC-8.4: after an offering, Pillar 1 (2) makes one more at the next space for 1 (2) more; chains allowed."""
    game = scenario(crystals=[7 + 9 + 9 + 8, 0], hands=[["pillar1", "pillar2", "pillar1"], []], turn={"active": 0})
    with pytest.raises(meeple.IllegalAction, match="only after an offering"):
        game.apply(0, "pillar1")
    run(game, "offer")  # 7
    assert {"pillar1", "pillar2"} <= set(legal(game))
    run(game, "pillar2")  # 7 + 2
    run(game, "pillar1")  # 8 + 1
    assert crystals(game) == [8, 0]
    assert phase(game) == "refill"  # the next Pillar 1 offering would cost 8 + 1 = 9
    assert seat_view(game, 0)["offerings"] == 3
    assert hand(game, 0) == {"pillar1": 1}
    assert game.view(None)["discard"] == ["pillar2", "pillar1"]


def test_bmc_8_5_dragons_on_the_courtyard_give_nothing() -> None:
    """BMC-8.5: no golden scales for offerings, dragons or not."""
    game = scenario(dragons={"red": "c3", "blue": "c3"}, crystals=[7, 0], turn={"active": 0})
    run(game, "offer")
    assert scales(game) == [0, 0] and game.view(None)["scales_pool"] == 7


def test_bmc_8_6_obelisk_outlasts_the_winner() -> None:
    """BMC-8.6: capacity exceeds players x (target - 1), so someone wins before the obelisk fills."""
    comp = load_components()
    for players in (2, 3, 4):
        assert len(comp.obelisk_spaces(players)) > players * (comp.offerings_to_win(players) - 1)
    filled = [0, 1] * 5  # both players one short of 6: the eleventh space is still free
    game = scenario(obelisk=filled, crystals=[12, 0], turn={"active": 0})
    assert game.view(None)["obelisk"]["next_cost"] == 12
    run(game, "offer")
    assert game.is_over() and game.result().winners == [0]
