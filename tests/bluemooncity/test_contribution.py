"""The contribution phase (BMC-5.1 .. BMC-5.4, BMC-5.11, BMC-5.12): where, how often, and in which order."""

from __future__ import annotations

import pytest

import meeple

from .helpers import hand, legal, owners, phase, run, scenario, seat_view


def test_bmc_5_1_contribute_on_rubble_offer_on_the_courtyard_nothing_on_rebuilt() -> None:
    """BMC-5.1: contributions to the rubble tile the figure stands on; offerings on the Courtyard; not on rebuilt."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3"], []], crystals=[7, 0],
                    turn={"active": 0, "phase": "contribution"})
    assert [a for a in legal(game) if a != "end"] == ["contribute 3"]
    courtyard = scenario(figures=["c3", "c3"], hands=[["terrah3"], []], crystals=[7, 0],
                         turn={"active": 0, "phase": "contribution"})
    assert legal(courtyard) == ["end", "offer"]
    with pytest.raises(meeple.IllegalAction, match="make an offering there instead"):
        courtyard.apply(0, "contribute 1")
    rebuilt = scenario(figures=["c4", "c3"], rebuilt=["c4"], hands=[["terrah3"], []],
                       turn={"active": 0, "phase": "contribution"})
    assert legal(rebuilt) == ["end"]
    with pytest.raises(meeple.IllegalAction, match="already rebuilt"):
        rebuilt.apply(0, "contribute 3")
    elsewhere = scenario(figures=["c2", "c3"], hands=[["terrah3"], []], turn={"active": 0, "phase": "contribution"})
    assert legal(elsewhere) == ["end"]  # the Fire Temple next door is black


def test_bmc_5_3_each_contribution_paid_separately() -> None:
    """BMC-5.3: several contributions in one turn, each with its own cards; leftover value is not carried."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah3", "terrah2"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 1", "pay terrah3", "pay terrah3", "done")  # 6 for the 5: one point is lost
    assert [a for a in legal(game) if a.startswith("contribute")] == []  # 2 cannot pay the 4 or the 3
    assert phase(game) == "refill" and hand(game, 0) == {"terrah2": 1}
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah3", "terrah3", "terrah2"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay terrah3", "done", "contribute 2", "pay terrah3", "pay terrah2", "done")
    assert owners(game, "c4") == [None, 0, 0] and seat_view(game, 0)["markers"] == 8


def test_bmc_5_4_no_marker_no_contribution() -> None:
    """BMC-5.4 / BMC-1.4: a player with no marker left cannot contribute."""
    boxes = {"c2": [0, 0], "b3": [0, 0], "d3": [0, 0, 0], "b2": [0, 0], "c4": [1]}
    game = scenario(figures=["c4", "c3"], boxes=boxes, obelisk=[0], hands=[["terrah3", "terrah2"], []],
                    turn={"active": 0})
    assert seat_view(game, 0)["markers"] == 0
    assert [a for a in legal(game) if a.startswith("contribute")] == []
    with pytest.raises(meeple.IllegalAction, match="no marker left"):
        game.apply(0, "contribute 3")


def test_bmc_5_11_pay_marker_scales_then_scoring() -> None:
    """BMC-5.11: pay, place the marker, award dragon scales, then score the completed building."""
    game = scenario(figures=["b1", "c3"], dragons={"green": "b1"}, hands=[["vulca3", "vulca2"], []],
                    turn={"active": 0, "phase": "contribution"})
    lines = run(game, "contribute 1", "pay vulca3", "pay vulca2", "done")
    order = [next(i for i, line in enumerate(lines) if key in line)
             for key in ("places a marker", "golden scale", "is complete", "majority bonus")]
    assert order == sorted(order)
    assert seat_view(game, 0)["scales"] == 1 + 1  # the dragon, then the Citadel's majority bonus (1s)


def test_bmc_5_12_after_completing_the_phase_goes_on() -> None:
    """BMC-5.12: after a building is completed the phase goes on; that tile takes nothing more."""
    game = scenario(figures=["d4", "c3"], boxes={"d4": [1]}, hands=[["lux3", "lux3", "lux2"], []],
                    pending=[[], []], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 2", "pay lux2", "done")
    assert phase(game) == "refill"  # nothing is left to contribute here: the phase has nothing more
    assert hand(game, 0) == {"lux3": 2}
    expansion = scenario(options={"expansion": True}, city={"b2": "hospital"}, figures=["b2", "c3"],
                         boxes={"b2": [1]}, hands=[["lux3"], []], turn={"active": 0, "phase": "contribution"})
    run(expansion, "contribute 2", "pay lux3", "done")
    assert phase(expansion) == "extra action" and legal(expansion) == ["hospital", "skip"]
