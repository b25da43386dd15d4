"""The turn (BMC-3) and the movement phase (BMC-4): steps, Venti and the dragons."""

from __future__ import annotations

import pytest

import meeple

from .helpers import hand, legal, phase, run, scenario, seat_view


def steps(game: meeple.Game) -> list[str]:
    return sorted(a.split()[1] for a in legal(game) if a.startswith("step "))


def test_bmc_3_1_phases_in_order() -> None:
    """BMC-3.1: movement, contribution, refill, then the turn passes."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah2"], []], turn={"active": 0})
    seen = [phase(game)]
    run(game, "end")
    seen.append(phase(game))
    run(game, "end")
    seen.append(phase(game))
    run(game, "refill")
    seen.append(phase(game))
    assert seen == ["movement", "contribution", "refill", "movement"]
    assert game.deciders() == [1] and game.view(None)["turn"] == 2


def test_bmc_3_2_movement_and_contribution_optional_refill_mandatory() -> None:
    """BMC-3.2: `end` skips movement and contribution; refill has no way around it."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah2"], []], turn={"active": 0})
    run(game, "end", "end")
    assert phase(game) == "refill"
    assert all(a.startswith("refill") for a in legal(game))
    with pytest.raises(meeple.IllegalAction, match="not Refill") as refused:
        game.apply(0, "end")
    # the reason is a message of the game's catalogue, naming the phase by its term (translated with it)
    assert refused.value.msg == "refuse.end_phase" and refused.value.params == {"phase": "@phase.refill"}


def test_bmc_3_3_power_discards_the_card_and_not_for_value() -> None:
    """BMC-3.3: a power is used by discarding the card face up; then it cannot pay a box as well."""
    game = scenario(figures=["e2", "c3"], hands=[["venti2", "venti1"], []], turn={"active": 0})
    run(game, "venti2")
    assert game.view(None)["discard"] == ["venti2"]
    assert hand(game, 0) == {"venti1": 1}
    # the Watchtower (grey 4, 3, 2) could have been paid with Venti 2 + Venti 1, but only Venti 1 is left
    assert [a for a in legal(game) if a.startswith("contribute")] == []


def test_bmc_4_1_two_orthogonal_steps() -> None:
    """BMC-4.1: up to 2 steps to orthogonally adjacent tiles (Courtyard included), no diagonals."""
    game = scenario(figures=["b2", "c3"], hands=[[], []], turn={"active": 0})
    assert steps(game) == ["a2", "b1", "b3", "c2"]
    with pytest.raises(meeple.IllegalAction, match="not orthogonally next"):
        game.apply(0, "step c3")
    run(game, "step b3", "step c3")  # direction may change; the Courtyard is a tile to step on
    assert seat_view(game, 0)["figure"] == "c3"
    assert steps(game) == []
    with pytest.raises(meeple.IllegalAction, match="no movement step is left"):
        game.apply(0, "step c2")


def test_bmc_4_1_no_step_off_the_city() -> None:
    """BMC-4.1: a1 is not a square of the base city, so there is no step to it from b1."""
    game = scenario(figures=["b1", "c3"], hands=[[], []], turn={"active": 0})
    assert steps(game) == ["b2", "c1"]
    with pytest.raises(meeple.IllegalAction, match="holds no tile"):
        game.apply(0, "step a1")


def test_bmc_4_2_figures_and_dragons_share_tiles() -> None:
    """BMC-4.2: any number of figures and dragons on one tile."""
    game = scenario(players=3, figures=["b2", "c2", "c3"], dragons={"red": "c2", "green": "c2"},
                    hands=[["aqua1"], [], []], turn={"active": 0})
    run(game, "step c2", "aqua1 c2")
    tile = next(t for t in game.view(None)["city"] if t["square"] == "c2")
    assert tile["figures"] == [0, 1] and tile["dragons"] == ["red", "green", "blue"]


def test_bmc_4_3_venti1_flies_anywhere() -> None:
    """BMC-4.3: Venti 1 moves the own figure to any tile."""
    game = scenario(figures=["b1", "c3"], hands=[["venti1"], []], turn={"active": 0})
    targets = sorted(a.split()[1] for a in legal(game) if a.startswith("venti1 "))
    assert len(targets) == 20 and "b1" not in targets and "a1" not in targets
    run(game, "venti1 d5")
    assert seat_view(game, 0)["figure"] == "d5"


def test_bmc_4_4_venti2_two_more_steps() -> None:
    """BMC-4.4: Venti 2 gives up to 2 additional steps this phase."""
    game = scenario(figures=["a2", "c3"], hands=[["venti2"], []], turn={"active": 0})
    run(game, "step b2", "step c2", "venti2")
    assert game.view(None)["steps_left"] == 2
    run(game, "step d2", "step e2")
    assert seat_view(game, 0)["figure"] == "e2" and steps(game) == []


def test_bmc_4_5_powers_and_steps_interleave() -> None:
    """BMC-4.5: steps and powers in any order; Venti 1 uses no step and does not end the phase."""
    game = scenario(figures=["c3", "c3"], hands=[["venti1", "venti2", "venti2"], []], turn={"active": 0})
    run(game, "venti2", "step c2", "venti1 a4")
    assert game.view(None)["steps_left"] == 3 and phase(game) == "movement"
    run(game, "step b4", "venti2", "step b5", "step c5", "step d5", "step d4")
    assert seat_view(game, 0)["figure"] == "d4" and game.view(None)["steps_left"] == 0


@pytest.mark.parametrize(("card", "dragon"), [("vulca", "red"), ("terrah", "green"), ("aqua", "blue")])
def test_bmc_4_6_value1_moves_a_dragon_anywhere_or_off(card: str, dragon: str) -> None:
    """BMC-4.6: Vulca 1 / Terrah 1 / Aqua 1 move the red / green / blue dragon to any tile or off the board."""
    game = scenario(hands=[[f"{card}1", f"{card}1"], []], turn={"active": 0})
    assert f"{card}1 off" not in legal(game)  # it is outside already
    run(game, f"{card}1 e3")
    assert game.view(None)["dragons"][dragon] == "e3"
    run(game, f"{card}1 off")
    assert game.view(None)["dragons"][dragon] is None


@pytest.mark.parametrize(("card", "dragon"), [("vulca", "red"), ("terrah", "green"), ("aqua", "blue")])
def test_bmc_4_7_value2_moves_a_dragon_three_steps_in_the_city(card: str, dragon: str) -> None:
    """BMC-4.7: Vulca 2 / Terrah 2 / Aqua 2 move that dragon up to 3 orthogonal steps, only inside the city."""
    outside = scenario(hands=[[f"{card}2"], []], turn={"active": 0})
    assert not [a for a in legal(outside) if a.startswith(f"{card}2")]
    with pytest.raises(meeple.IllegalAction, match="not in the city"):
        outside.apply(0, f"{card}2 c3")
    game = scenario(dragons={dragon: "a2"}, hands=[[f"{card}2"], []], turn={"active": 0})
    reach = sorted(a.split()[1] for a in legal(game) if a.startswith(f"{card}2 "))
    # three steps from a2 over tiles: a3 b2 (1), a4 b1 b3 c2 (2), b4 c1 c3 d2 (3)
    assert reach == ["a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "d2"]
    with pytest.raises(meeple.IllegalAction, match="within 3 steps"):
        game.apply(0, f"{card}2 e3")
    run(game, f"{card}2 d2")
    assert game.view(None)["dragons"][dragon] == "d2"


def test_bmc_4_8_no_moving_after_contributing() -> None:
    """BMC-4.8: movement powers belong to the movement phase; a contribution ends it."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah3", "terrah2", "venti1", "vulca1"], []],
                    turn={"active": 0})
    run(game, "contribute 3", "pay terrah3", "done")
    assert phase(game) == "contribution"
    for action in ("step c3", "venti1 b2", "vulca1 b2"):
        with pytest.raises(meeple.IllegalAction, match=r"BMC-4\.8"):
            game.apply(0, action)
    offered = scenario(crystals=[7, 0], hands=[["venti1"], []], turn={"active": 0})
    run(offered, "offer")
    with pytest.raises(meeple.IllegalAction, match=r"BMC-4\.8"):
        offered.apply(0, "venti1 b2")


def test_bmc_4_9_phase_ends_when_declared_or_nothing_left() -> None:
    """BMC-4.9: movement ends with `end`; a contribution phase with nothing to do is passed over."""
    game = scenario(figures=["c4", "c3"], hands=[["aqua3"], []], turn={"active": 0})
    run(game, "step c3", "step c4")
    assert phase(game) == "movement" and "end" in legal(game)  # still the movement phase: Venti could follow
    run(game, "end")
    assert phase(game) == "refill"  # nothing can be paid on the Earth Temple with a blue card
