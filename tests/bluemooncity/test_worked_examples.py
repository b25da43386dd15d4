"""The worked examples of the rulebooks (BMC-E1 .. BMC-E10), reproduced with their exact numbers."""

from __future__ import annotations

import meeple
from meeple.engine import Game

from .helpers import SCENARIOS, active, crystals, hand, legal, owners, phase, run, scales, scenario, seat_view


def most_markers(game: Game, seat: int) -> int:
    """The most contributions the active seat can make this turn, searched through the legal actions."""
    best = 0
    for action in legal(game):
        if action == "end":
            continue
        after = game.copy()
        after.apply(seat, action)
        placed = 10 - seat_view(after, seat)["markers"]
        if phase(after) in ("contribution", "payment") and active(after) == seat:
            placed = max(placed, most_markers(after, seat))
        best = max(best, placed)
    return best


def test_bmc_e1_city_residence_box_taken() -> None:
    """BMC-E1: brown 1 + 2 pay the "3" of the City Residence; the next player may choose only 4 or 2."""
    game = scenario(figures=["b4", "b4"], hands=[["mimix1", "mimix2"], ["mimix3", "mimix3", "khind1", "mimix2"]],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 2", "pay mimix1", "pay mimix2", "done")
    assert owners(game, "b4") == [None, 0, None]
    assert game.view(None)["discard"] == ["mimix1", "mimix2"]
    assert phase(game) == "refill"  # nothing more to pay with: the contribution phase is over
    run(game, "refill")
    assert active(game) == 1
    assert [a for a in legal(game) if a.startswith("contribute")] == ["contribute 1", "contribute 3"]


def test_bmc_e2_earth_temple_two_contributions() -> None:
    """BMC-E2: red 3, 2, 2, 1 on the Earth Temple make two contributions, 5 (3+2) and 3 (2+1)."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah2", "terrah2", "terrah1"], []],
                    turn={"active": 0, "phase": "contribution"})
    assert most_markers(game, 0) == 2
    run(game, "contribute 1", "pay terrah3", "pay terrah2", "done")
    assert "contribute 2" not in legal(game)  # 2 + 1 cannot pay the 4
    run(game, "contribute 3", "pay terrah2", "pay terrah1", "done")
    assert owners(game, "c4") == [0, None, 0]
    assert sum(hand(game, 0).values()) == 0 and seat_view(game, 0)["markers"] == 8
    assert sorted(game.view(None)["discard"]) == ["terrah1", "terrah2", "terrah2", "terrah3"]


def test_bmc_e3_university_one_contribution() -> None:
    """BMC-E3: white 3, 3, 1 on the University (5 and 2 free) make only one contribution: 5 with 3 + 3."""
    game = scenario(figures=["d4", "c3"], hands=[["lux3", "lux3", "lux1"], []],
                    turn={"active": 0, "phase": "contribution"})
    assert most_markers(game, 0) == 1
    run(game, "contribute 1", "pay lux3", "pay lux3", "done")
    assert owners(game, "d4") == [0, None]
    assert hand(game, 0) == {"lux1": 1}
    assert phase(game) == "refill"  # the 1 cannot pay the 2: nothing is left to do in the phase


def test_bmc_e4_water_temple_bonuses() -> None:
    """BMC-E4: Carol 2c + 3c + 1c + 1c = 7 crystals, Miguel 3c + 1c + 1c = 5 crystals."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "e4-water-temple.yaml")
    run(game, "contribute 3", "pay aqua3", "done")
    assert crystals(game) == [7, 5]
    assert scales(game) == [0, 0]
    assert owners(game, "b2") == [None, None, None]
    assert [seat_view(game, p)["markers"] for p in (0, 1)] == [10, 10]


def test_bmc_e5_scales_scored_before_the_building() -> None:
    """BMC-E5: Miguel 5 + 2 = 7 scores 6c, Natasha 3c; Laura and Carol keep theirs; then the tower scores."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "e5-monastery-tower.yaml")
    lines = run(game, "contribute 3", "pay venti2", "done")
    scored = next(i for i, line in enumerate(lines) if "scored" in line)
    majority = next(i for i, line in enumerate(lines) if "majority bonus" in line)
    assert scored < majority  # BMC-7.2: the scales are scored before the building's bonuses
    assert "Player 1 receives 2 golden scales" in lines[scored - 1] and "1 owed" in lines[scored - 1]
    assert "Player 4" in lines[majority]  # Carol's marker is leftmost
    # Miguel 6c, Natasha 3c from the scales; 1c construction bonus each for the three contributors
    assert crystals(game) == [6 + 1, 3 + 1, 0, 0 + 1]
    # Laura keeps 2, Carol keeps 1 + majority 1 + 2 from the Water Temple; Miguel and Natasha 2 each
    assert scales(game) == [2, 2, 2, 4]
    assert game.view(None)["scales_pool"] == 12 - 10


def test_bmc_e6_university_example_of_play() -> None:
    """BMC-E6: +2 dragon scales, majority 1 scale, 1 + 3 crystals and 2 cards each; discard 2, draw 4."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "e6-university.yaml")
    run(game, "step d2", "aqua1 d2")
    assert game.view(None)["dragons"] == {"red": "d2", "green": None, "blue": "d2"}
    run(game, "contribute 1", "pay lux2", "pay lux3", "done")
    assert scales(game) == [2 + 1, 0]
    assert crystals(game) == [1 + 3, 1 + 3]
    assert seat_view(game, 0)["pending_cards"] == 2  # the active player's reward cards wait face down
    assert seat_view(game, 1)["pending_cards"] == 2  # in the 2006 edition the opponent's too (BMC-6.7)
    assert sum(hand(game, 1).values()) == 2
    assert phase(game) == "refill"
    run(game, "refill vulca3 terrah3")
    assert sum(hand(game, 0).values()) == 4 + 2
    assert sum(hand(game, 1).values()) == 2 + 2
    assert active(game) == 1


def test_bmc_e7_scale_scoring_three_players() -> None:
    """BMC-E7: 5 + 2 (one owed) = 7 takes 6 crystals, 4 takes 3, 2 takes nothing and keeps 2."""
    game = scenario(players=3, city=None, options={"edition": "kosmos2006"}, seed=7, scales=[5, 4, 2], pool=1,
                    figures=["fire-temple", "c3", "c3"], dragons={"red": "fire-temple", "green": "fire-temple"},
                    hands=[["vulca3", "vulca2"], [], []], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 1", "pay vulca3", "pay vulca2", "done")
    assert crystals(game) == [6, 3, 0]
    assert scales(game) == [0, 0, 2]
    assert game.view(None)["scales_pool"] == 12 - 2


def test_bmc_e8_next_offering_costs_nine() -> None:
    """BMC-E8: with the 7s and both 8s taken, the next offering costs 9 crystals."""
    for players, filled in ((2, [0, 1, 0, 1]), (4, [0, 1, 2, 3, 1, 2])):
        game = scenario(players=players, city=None, obelisk=filled, crystals=[9] + [0] * (players - 1),
                        turn={"active": 0})
        assert game.view(0)["obelisk"]["next_cost"] == 9
        run(game, "offer")
        assert crystals(game)[0] == 0
        assert game.view(None)["obelisk"]["filled"] == [*filled, 0]
        short = scenario(players=players, city=None, obelisk=filled, crystals=[8] + [0] * (players - 1),
                         turn={"active": 0})
        assert "offer" not in legal(short)


def test_bmc_e9_main_hall_move_then_no_offering() -> None:
    """BMC-E9: contribute a red 1 on the Main Hall, move to the Courtyard with its action, offer next turn."""
    game = scenario(options={"expansion": True}, city={"b2": "main-hall"}, figures=["b2", "c3"],
                    hands=[["terrah1"], []], crystals=[9, 0], obelisk=[1, 1, 1, 1], turn={"active": 0})
    assert [a for a in legal(game) if a.startswith("contribute")] == ["contribute 4"]  # the red 1
    run(game, "contribute 4", "pay terrah1", "done")
    assert phase(game) == "extra action" and "mainhall c3" in legal(game)
    run(game, "mainhall c3")
    assert seat_view(game, 0)["figure"] == "c3"
    assert phase(game) == "refill" and "offer" not in legal(game)
    run(game, "refill", "end")  # Natasha's refill, then the other player ends the movement phase
    while active(game) == 1:
        run(game, "refill" if phase(game) == "refill" else "end")
    assert "offer" in legal(game)
    run(game, "offer")
    assert crystals(game)[0] == 0


def test_bmc_e10_pillar1_on_an_eight_space() -> None:
    """BMC-E10: Pillar 1 after an offering: the next space is an "8" and the offering costs 9 crystals."""
    game = scenario(obelisk=[1, 1], crystals=[17, 0], hands=[["pillar1"], []], turn={"active": 0})
    run(game, "offer")
    assert crystals(game)[0] == 17 - 8
    assert game.view(0)["obelisk"]["next_cost"] == 8
    assert "pillar1" in legal(game)
    run(game, "pillar1")
    assert crystals(game)[0] == 0
    assert game.view(None)["obelisk"]["filled"] == [1, 1, 0, 0]
