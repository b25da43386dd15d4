"""Dragons and golden scales (BMC-5.10, BMC-7): who gets scales, and the scoring when the pool runs out."""

from __future__ import annotations

from .helpers import crystals, run, scales, scenario


def test_bmc_5_10_one_scale_per_dragon_first_contribution_only() -> None:
    """BMC-5.10: a scale per dragon on the tile, for the first contribution of the turn only."""
    game = scenario(figures=["c4", "c3"], dragons={"red": "c4", "blue": "c4", "green": "c2"},
                    hands=[["terrah3", "terrah3", "terrah1"], []], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay terrah3", "done")
    assert scales(game) == [2, 0]
    run(game, "contribute 2", "pay terrah3", "pay terrah1", "done")
    assert scales(game) == [2, 0]


def test_bmc_5_10_first_contribution_counts_even_without_dragons() -> None:
    """BMC-5.10: the first contribution of the turn is the one that counts, dragons or not."""
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah3", "aqua1"], []], turn={"active": 0})
    run(game, "contribute 3", "pay terrah3", "done")
    assert scales(game) == [0, 0] and game.view(None)["contributed"] is True


def test_bmc_5_10_and_bmc_8_5_no_scales_on_the_courtyard() -> None:
    """BMC-5.10 / BMC-8.5: dragons on the Courtyard give nothing for an offering."""
    game = scenario(dragons={"red": "c3", "green": "c3", "blue": "c3"}, crystals=[7, 0], turn={"active": 0})
    run(game, "offer")
    assert scales(game) == [0, 0] and game.view(None)["scales_pool"] == 7


def test_bmc_7_1_scales_from_dragons_and_bonuses() -> None:
    """BMC-7.1: scales come from dragons and from building bonuses (here the Hospice's majority 1s)."""
    game = scenario(figures=["a2", "c3"], dragons={"blue": "a2"}, hands=[["terrah3", "terrah2"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 1", "pay terrah3", "pay terrah2", "done")
    assert scales(game) == [1 + 1, 0] and game.view(None)["scales_pool"] == 5


def test_bmc_7_2_scoring_at_once_before_further_bonuses() -> None:
    """BMC-7.2: when a bonus takes the last scale, scales are scored before the rest of the bonuses."""
    # Royal Palace construction bonus 1s+1k+1c: seat 0 (active) takes the last scale, then scoring, then seat 1
    game = scenario(figures=["d3", "c3"], boxes={"d3": [1, 0, 0]}, scales=[4, 2], pool=1,
                    hands=[["aqua3"], []], turn={"active": 0, "phase": "contribution"})
    lines = run(game, "contribute 4 blue", "pay aqua3", "done")
    scored = next(i for i, line in enumerate(lines) if "scored" in line)
    assert "Player 1 receives 1 golden scale (construction bonus" in lines[scored - 1]
    assert any("Player 2 receives 1 golden scale (construction" in line for line in lines[scored:])
    # seat 0: 5 scales, the most: 6 crystals, returned; seat 1 has 2 (< 3): keeps them, then +1 from the bonus
    assert scales(game) == [0, 3]
    assert crystals(game) == [6 + 2 + 1, 1]
    assert game.view(None)["scales_pool"] == 7 - 3


def test_bmc_7_2_owed_scales_count() -> None:
    """BMC-7.2: scales owed when the pool is empty still count for the receiver."""
    game = scenario(players=3, figures=["c4", "c3", "c3"], dragons={"red": "c4", "green": "c4", "blue": "c4"},
                    scales=[3, 3, 3], pool=1, hands=[["terrah3"], [], []], turn={"active": 0})
    run(game, "contribute 3", "pay terrah3", "done")
    assert crystals(game) == [6, 3, 3]  # 3 + 3 (two owed) = 6 is the single most


def test_bmc_7_3_tied_leaders_three_each_others_with_three() -> None:
    """BMC-7.3: tied leaders 3 crystals each; others with at least 3 get 3; fewer than 3 keep their scales."""
    game = scenario(players=4, figures=["c3", "c4", "c3", "c3"], dragons={"red": "c4"}, scales=[4, 3, 3, 1], pool=1,
                    hands=[[], ["terrah3"], [], []], turn={"active": 1})
    run(game, "contribute 3", "pay terrah3", "done")
    assert crystals(game) == [3, 3, 3, 0]
    assert scales(game) == [0, 0, 0, 1]


def test_bmc_7_3_single_leader_six() -> None:
    """BMC-7.3: a single player with the most scales receives 6 crystals, and every payee returns all scales."""
    game = scenario(figures=["c4", "c3"], dragons={"blue": "c4"}, scales=[3, 3], pool=1,
                    hands=[["terrah3"], []], turn={"active": 0})
    run(game, "contribute 3", "pay terrah3", "done")
    assert crystals(game) == [6, 3] and scales(game) == [0, 0]
    assert game.view(None)["scales_pool"] == 7


def test_bmc_7_4_kept_scales_include_owed_ones() -> None:
    """BMC-7.4: a player who keeps scales keeps the number credited, owed ones included."""
    game = scenario(players=3, figures=["c3", "c4", "c3"], dragons={"red": "c4", "green": "c4"}, scales=[6, 0, 3],
                    pool=1, hands=[[], ["terrah3"], []], turn={"active": 1})
    run(game, "contribute 3", "pay terrah3", "done")
    assert scales(game) == [0, 2, 0]  # one taken, one owed: seat 1 keeps 2
    assert crystals(game) == [6, 0, 3]
    assert game.view(None)["scales_pool"] == 10 - 2
    assert game.rules.invariants(game.state) == []
