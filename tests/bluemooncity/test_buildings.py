"""Completing a building (BMC-6): majority, construction and neighbourhood bonuses, markers home, reward cards."""

from __future__ import annotations

import meeple

from .helpers import SCENARIOS, crystals, hand, owners, phase, run, scales, scenario, seat_view, tile_view


def test_bmc_6_1_scored_when_the_last_box_fills() -> None:
    """BMC-6.1: the marker on the last free box completes the building, which is scored at once."""
    game = scenario(figures=["c2", "c3"], boxes={"c2": [1, None, None]}, hands=[["vulca3", "vulca2", "vulca3"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 2", "pay vulca3", "pay vulca2", "done")
    assert not tile_view(game, "c2")["rebuilt"] and crystals(game) == [0, 0]
    lines = run(game, "contribute 3", "pay vulca3", "done")
    assert tile_view(game, "c2")["rebuilt"] and any("is complete" in line for line in lines)
    assert crystals(game) == [2 + 3, 3]  # Fire Temple: majority 2c, construction 3c


def test_bmc_6_2_majority_to_most_markers() -> None:
    """BMC-6.2: the player with the most markers takes the majority bonus."""
    game = scenario(figures=["c2", "c3"], boxes={"c2": [1, 0]}, hands=[["vulca3"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay vulca3", "done")
    assert crystals(game) == [2 + 3, 3]


def test_bmc_6_2_tie_goes_to_the_leftmost_marker() -> None:
    """BMC-6.2: a tie goes to the tied player whose marker stands farthest left (data order)."""
    game = scenario(players=3, figures=["d3", "c3", "c3"], boxes={"d3": [2, 0, 2]}, hands=[["aqua3"], [], []],
                    turn={"active": 0, "phase": "contribution"})
    lines = run(game, "contribute 4 blue", "pay aqua3", "done")
    majority = [line for line in lines if "majority bonus" in line]
    assert majority == ["Player 3 receives 2 crystals (majority bonus of the Royal Palace)"]


def test_bmc_6_3_construction_bonus_once_per_player() -> None:
    """BMC-6.3: every player with a marker takes the construction bonus once, the majority winner too."""
    game = scenario(players=3, figures=["c2", "c3", "c3"], boxes={"c2": [0, 1]}, hands=[["vulca3"], [], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay vulca3", "done")
    assert crystals(game) == [2 + 3, 3, 0]  # two markers, one construction bonus; no marker, nothing


def test_bmc_6_4_neighbourhood_of_rebuilt_neighbours_only() -> None:
    """BMC-6.4: the bonus of each adjacent rebuilt tile, once per player; the Courtyard gives none."""
    game = scenario(figures=["c2", "c3"], rebuilt=["c1", "b2"], boxes={"c2": [0, 1]}, hands=[["vulca3"], []],
                    turn={"active": 0, "phase": "contribution"})
    # c2 touches c1 (Aqueduct 1c, rebuilt), b2 (Mill 1c, rebuilt), d2 (Iron Foundry, rubble) and the Courtyard
    run(game, "contribute 3", "pay vulca3", "done")
    assert crystals(game) == [2 + 3 + 1 + 1, 3 + 1 + 1]


def test_bmc_6_4_own_neighbourhood_bonus_inactive_until_rebuilt() -> None:
    """BMC-6.4: a tile's own neighbourhood bonus pays nothing when it is completed, only to later neighbours."""
    game = scenario(figures=["b3", "c3"], boxes={"b3": [0, 1]}, hands=[["aqua3"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay aqua3", "done")  # the Water Temple (neighbourhood 2s) is completed
    assert scales(game) == [0, 0] and crystals(game) == [5, 3]
    later = scenario(figures=["b2", "c3"], rebuilt=["b3"], boxes={"b2": [1, 0]}, hands=[["terrah2"], []],
                     turn={"active": 0, "phase": "contribution"})
    run(later, "contribute 3", "pay terrah2", "done")  # the Mill next to the rebuilt Water Temple
    assert scales(later) == [2, 2]


def test_bmc_6_5_order_of_payment() -> None:
    """BMC-6.5: majority, then construction, then neighbourhood; in turn order from the active player."""
    game = scenario(players=3, figures=["c3", "c2", "c3"], rebuilt=["c1"], boxes={"c2": [2, 0]},
                    hands=[[], ["vulca3"], []], turn={"active": 1, "phase": "contribution"})
    lines = run(game, "contribute 3", "pay vulca3", "done")  # one marker each: seat 2's is leftmost
    bonus = [line for line in lines if "bonus" in line]
    assert bonus == [
        "Player 3 receives 2 crystals (majority bonus of the Fire Temple)",
        "Player 2 receives 3 crystals (construction bonus of the Fire Temple)",
        "Player 3 receives 3 crystals (construction bonus of the Fire Temple)",
        "Player 1 receives 3 crystals (construction bonus of the Fire Temple)",
        "Player 2 receives 1 crystal (neighbourhood bonus of the Aqueduct)",
        "Player 3 receives 1 crystal (neighbourhood bonus of the Aqueduct)",
        "Player 1 receives 1 crystal (neighbourhood bonus of the Aqueduct)",
    ]


def test_bmc_6_6_markers_return_tile_turns_pieces_stay() -> None:
    """BMC-6.6: markers go back, the tile turns to its rebuilt side, figures and dragons stay on it."""
    game = scenario(figures=["c2", "c2"], dragons={"red": "c2"}, boxes={"c2": [1, 0]}, hands=[["vulca3"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay vulca3", "done")
    tile = tile_view(game, "c2")
    assert tile["rebuilt"] and owners(game, "c2") == [None, None, None]
    assert tile["figures"] == [0, 1] and tile["dragons"] == ["red"]
    assert [seat_view(game, p)["markers"] for p in (0, 1)] == [10, 10]


def test_bmc_6_7_reward_cards_wait_face_down_for_the_active_player() -> None:
    """BMC-6.7: reward cards come from the deck; the active player's wait face down and join the hand after refill."""
    game = scenario(figures=["b2", "c3"], boxes={"b2": [1, None, 0]}, hands=[["terrah3", "aqua3"], ["vulca3"]],
                    deck=["pillar1", "pillar2", "lux1", "lux2", "venti1", "venti2", "aqua1"],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 2", "pay terrah3", "done")  # Mill: majority 2k, construction 1c, seat 0 has two markers
    assert seat_view(game, 0)["pending_cards"] == 2 and hand(game, 0) == {"aqua3": 1}
    assert "pillar1" not in str(game.view(0)) and "pillar2" not in str(game.view(0))  # unseen even by the owner
    assert phase(game) == "refill"
    run(game, "refill aqua3")
    assert hand(game, 0) == {"pillar1": 1, "pillar2": 1, "lux1": 1, "lux2": 1, "venti1": 1}
    assert seat_view(game, 0)["pending_cards"] == 0


def test_bmc_6_7_cards_in_another_players_turn_go_to_the_hand() -> None:
    """BMC-6.7: in cmon2019 a player receiving cards during someone else's turn takes them into the hand at once."""
    game = scenario(figures=["b2", "c3"], boxes={"b2": [1, 1]}, hands=[["terrah2"], []],
                    deck=["pillar1", "pillar2", "lux1"], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay terrah2", "done")  # seat 1 has the majority: 2 cards in hand at once
    assert hand(game, 1) == {"pillar1": 1, "pillar2": 1}
    assert seat_view(game, 1)["pending_cards"] == 0


def test_bmc_6_7_kosmos2006_cards_in_another_players_turn_wait_until_the_turn_ends() -> None:
    """BMC-6.7: in kosmos2006 every receiver keeps reward cards face down until the end of the turn."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "bmc-6-7-kosmos-rewards-in-another-turn.yaml")
    lines = run(game, "contribute 3", "pay terrah2", "done")  # seat 1 has the Mill's majority: 2 cards
    assert hand(game, 1) == {"vulca3": 1} and seat_view(game, 1)["pending_cards"] == 2
    assert any("Player 2 receives 2 cards face down" in line for line in lines)
    assert phase(game) == "refill"
    lines = run(game, "refill")
    assert hand(game, 1) == {"vulca3": 1, "pillar1": 1, "pillar2": 1}
    assert seat_view(game, 1)["pending_cards"] == 0 and hand(game, 0) == {"aqua3": 1, "lux1": 1, "lux2": 1}
    assert "Player 2 takes 2 reward cards into the hand" in lines
