"""The expansion's special buildings (BMC-11): setup on the full grid and the extra actions."""

from __future__ import annotations

from collections import Counter

import pytest

import meeple

from .helpers import crystals, hand, legal, phase, run, scenario, seat_view

SPECIAL = {"main-hall", "hospital", "golden-temple", "theatre"}


def special(tile: str, square: str = "b2", **fields: object) -> meeple.Game:
    """Seat 0 on a special building at the end of its contribution phase."""
    desc: dict[str, object] = {"options": {"expansion": True}, "city": {square: tile}, "figures": [square, "c3"],
                               "turn": {"active": 0, "phase": "extra action"}}
    desc.update(fields)
    return scenario(**desc)


def test_bmc_11_1_expansion_tiles_shuffled_onto_the_full_grid() -> None:
    """BMC-11.1: the four expansion tiles are shuffled with the random tiles onto all 25 squares."""
    squares: Counter[str] = Counter()
    for seed in range(20):
        view = meeple.new_game("bluemooncity", 2, seed, {"expansion": True}).view(None)
        city = {t["square"]: t["tile"] for t in view["city"]}
        assert len(city) == 25 and set(city.values()) >= SPECIAL
        assert {city[sq] for sq in ("c2", "b3", "c4", "d3")} == {
            "fire-temple", "water-temple", "earth-temple", "royal-palace"}
        squares.update(sq for sq, tile in city.items() if tile in SPECIAL)
    assert {"a1", "e5"} & set(squares) and len(squares) > 10
    base = {t["tile"] for t in meeple.new_game("bluemooncity", 2, 0).view(None)["city"]}
    assert not SPECIAL & base


def test_bmc_11_2_main_hall_moves_and_blocks_the_destination() -> None:
    """BMC-11.2: Main Hall: move to any tile; no contribution, offering or extra action there this turn."""
    game = special("main-hall", crystals=[20, 0], city={"b2": "main-hall", "d4": "hospital"})
    targets = [a for a in legal(game) if a.startswith("mainhall")]
    assert len(targets) == 24 and "mainhall b2" not in targets and "skip" in legal(game)
    run(game, "mainhall d4")
    assert seat_view(game, 0)["figure"] == "d4"
    assert phase(game) == "refill" and "hospital" not in legal(game) and "offer" not in legal(game)


def test_bmc_11_2_extra_action_comes_after_the_contribution_phase() -> None:
    """BMC-11.2: the extra action follows the contribution phase and precedes the refill, rebuilt or not."""
    game = scenario(options={"expansion": True}, city={"b2": "hospital"}, figures=["a2", "c3"], rebuilt=["b2"],
                    deck=["lux1", "lux2", "aqua1", "aqua2"], turn={"active": 0})
    run(game, "step b2")
    assert "hospital" not in legal(game)  # not during the movement phase
    run(game, "end")
    assert phase(game) == "extra action" and legal(game) == ["hospital", "skip"]


def test_bmc_11_2_hospital_draws_two_into_the_hand() -> None:
    """BMC-11.2 / BMC-11.3: Hospital: draw 2 people cards, straight into the hand."""
    game = special("hospital", hands=[["vulca3"], []], deck=["lux1", "lux2", "aqua1"])
    run(game, "hospital")
    assert hand(game, 0) == {"vulca3": 1, "lux1": 1, "lux2": 1}
    assert seat_view(game, 0)["pending_cards"] == 0 and phase(game) == "refill"


def test_bmc_11_2_golden_temple_one_offering_at_the_normal_price() -> None:
    """BMC-11.2: Golden Temple: one offering at the normal price; Pillar cards cannot add to it."""
    game = special("golden-temple", crystals=[20, 0], obelisk=[1, 1], hands=[["pillar1"], []])
    run(game, "goldentemple")
    assert crystals(game) == [12, 0] and seat_view(game, 0)["offerings"] == 1
    assert phase(game) == "refill" and "pillar1" not in legal(game)
    with pytest.raises(meeple.IllegalAction, match="contribution phase"):
        game.apply(0, "pillar1")
    poor = scenario(options={"expansion": True}, city={"b2": "golden-temple"}, figures=["b2", "c3"],
                    crystals=[6, 0], hands=[[], []], turn={"active": 0})
    run(poor, "end")
    assert phase(poor) == "refill"  # no extra action the player can pay for


def test_bmc_11_2_golden_temple_offering_can_win() -> None:
    """BMC-11.2 with BMC-10.1: the Golden Temple's offering counts towards the win."""
    game = special("golden-temple", crystals=[20, 0], obelisk=[0] * 5)
    run(game, "goldentemple")
    assert game.is_over() and game.result().winners == [0]


def test_bmc_11_2_theatre_has_no_extra_action() -> None:
    """BMC-11.2: Theatre: no extra action."""
    game = scenario(options={"expansion": True}, city={"b2": "theatre"}, figures=["b2", "c3"], hands=[[], []],
                    turn={"active": 0})
    run(game, "end")
    assert phase(game) == "refill"
    with pytest.raises(meeple.ScenarioError, match="no extra action"):
        special("theatre")


def test_bmc_11_3_extra_action_is_optional() -> None:
    """BMC-11.3: the extra action may be skipped."""
    game = special("hospital", hands=[["vulca3"], []])
    run(game, "skip")
    assert hand(game, 0) == {"vulca3": 1} and phase(game) == "refill"
