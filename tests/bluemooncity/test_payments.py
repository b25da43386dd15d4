"""Paying a box (BMC-5.2, BMC-5.5 .. BMC-5.9): colours, the Royal Palace, Khind, Mimix and Lux."""

from __future__ import annotations

import pytest

import meeple

from .helpers import hand, legal, owners, phase, run, scenario


def at(square: str, cards: list[str]) -> meeple.Game:
    """Seat 0 in the contribution phase on a square with a hand."""
    return scenario(figures=[square, "c3"], hands=[cards, []], turn={"active": 0, "phase": "contribution"})


def boxes_open(game: meeple.Game) -> list[str]:
    return [a for a in legal(game) if a.startswith("contribute")]


def test_bmc_5_2_colour_must_match_and_overpaying_is_allowed() -> None:
    """BMC-5.2: cards of the box's colour worth at least its number; the excess is lost."""
    game = at("c4", ["terrah3", "terrah3", "aqua3"])  # Earth Temple: red 5, 4, 3
    run(game, "contribute 3")
    with pytest.raises(meeple.IllegalAction, match="blue and cannot pay a red box"):
        game.apply(0, "pay aqua3")
    run(game, "pay terrah3", "done")
    assert owners(game, "c4") == [None, None, 0]
    game = at("c4", ["terrah3", "terrah3"])
    run(game, "contribute 2", "pay terrah3", "pay terrah3", "done")  # 6 for the 4
    assert owners(game, "c4") == [None, 0, None] and hand(game, 0) == {}
    with pytest.raises(meeple.IllegalAction, match="payment is worth 3; box needs 4"):
        run(at("c4", ["terrah3", "terrah3"]), "contribute 2", "pay terrah3", "done")


def test_bmc_5_5_royal_palace_any_single_colour() -> None:
    """BMC-5.5: a Royal Palace box takes any colour, one colour per box; wild cards may be added."""
    game = at("d3", ["aqua3", "aqua2", "terrah3", "khind1"])  # Royal Palace: any 5, 4, 4, 3
    opened = boxes_open(game)
    assert "contribute 1 blue" in opened and "contribute 1 red" not in opened  # red 3 + wild 1 is only 4
    assert "contribute 2 red" in opened  # 3 + Khind 1
    assert "contribute 4 wild" not in opened  # one Khind cannot pay a 3
    with pytest.raises(meeple.IllegalAction, match="say which"):
        game.apply(0, "contribute 1")
    run(game, "contribute 1 blue", "pay aqua3")
    with pytest.raises(meeple.IllegalAction, match="cannot pay a blue box"):
        game.apply(0, "pay terrah3")
    run(game, "pay aqua2", "done")
    run(game, "contribute 2 red", "pay terrah3", "pay khind1", "done")
    assert owners(game, "d3") == [0, 0, None, None]


def test_bmc_5_5_royal_palace_wild_only() -> None:
    """BMC-5.5 with BMC-5.6/5.7: wild cards alone may pay a Palace box (`wild`)."""
    game = at("d3", ["khind1", "mimix1", "mimix2"])
    opened = boxes_open(game)
    assert [a for a in opened if a.endswith("wild")] == ["contribute 2 wild", "contribute 3 wild", "contribute 4 wild"]
    assert "contribute 4 brown" in opened  # the Mimix cards are brown cards too
    run(game, "contribute 2 wild", "pay khind1", "pay mimix1", "pay mimix2", "done")
    assert owners(game, "d3") == [None, 0, None, None]


def test_bmc_5_6_khind_is_a_wild_one() -> None:
    """BMC-5.6: every Khind is a wild 1, alone or added to any colour; any number in one contribution."""
    game = at("c4", ["khind1"] * 3 + ["terrah2"])
    run(game, "contribute 3", "pay khind1", "pay khind1", "pay khind1", "done")  # three Khinds pay the red 3
    assert owners(game, "c4") == [None, None, 0]
    game = at("e3", ["khind1", "venti2"])  # Monastery Tower grey 3, 3, 2
    run(game, "contribute 1", "pay venti2", "pay khind1", "done")
    assert owners(game, "e3") == [0, None, None]


def test_bmc_5_7_mimix_pairs_are_wild_three() -> None:
    """BMC-5.7: two Mimix of value 1 or 2 count as a wild 3; a single one is no wild card."""
    for pair in (["mimix1", "mimix1"], ["mimix1", "mimix2"], ["mimix2", "mimix2"]):
        game = at("c4", pair)
        assert boxes_open(game) == ["contribute 3"]
        run(game, "contribute 3", f"pay {pair[0]}", f"pay {pair[1]}", "done")
        assert owners(game, "c4") == [None, None, 0]
    assert boxes_open(at("c4", ["mimix2", "terrah1"])) == []  # 2 + 1: a lone Mimix is not red
    game = at("c4", ["mimix1", "mimix2", "mimix2", "mimix1"])  # two pairs: wild 6 (any number of pairs)
    run(game, "contribute 1", "pay mimix1", "pay mimix2", "pay mimix2", "pay mimix1", "done")
    assert owners(game, "c4") == [0, None, None]
    with pytest.raises(meeple.IllegalAction, match="only in a pair"):
        run(at("c4", ["mimix1", "mimix1", "terrah2"]), "contribute 3", "pay mimix1", "pay terrah2", "done")


def test_bmc_5_7_mimix_as_brown_cards_and_as_a_pair_on_brown() -> None:
    """BMC-5.7: Mimix cards pay brown boxes at face value, and a 1 + 1 pair is still a wild 3 there."""
    game = at("b4", ["mimix3", "mimix1"])  # City Residence: brown 4, 3, 2
    run(game, "contribute 1", "pay mimix3", "pay mimix1", "done")
    assert owners(game, "b4") == [0, None, None]
    game = at("b4", ["mimix1", "mimix1"])
    assert "contribute 2" in boxes_open(game)  # 1 + 1 as a wild 3 pays the "3"
    run(game, "contribute 2", "pay mimix1", "pay mimix1", "done")
    assert owners(game, "b4") == [None, 0, None]


def test_bmc_5_8_lux1_recolours_up_to_four_cards_of_one_colour() -> None:
    """BMC-5.8: Lux 1 makes up to 4 cards of one colour count in the box's colour, for one contribution."""
    game = at("c4", ["lux1", "aqua1", "aqua1", "aqua1", "aqua2"])  # 5 in blue for the red 5
    run(game, "contribute 1")
    assert legal(game) == ["lux1 blue"]
    run(game, "lux1 blue", "pay aqua2", "pay aqua1", "pay aqua1", "pay aqua1", "done")
    assert owners(game, "c4") == [0, None, None]
    assert sorted(game.view(None)["discard"]) == ["aqua1", "aqua1", "aqua1", "aqua2", "lux1"]
    # five blue cards are one too many for a single Lux 1; one colour only
    assert boxes_open(at("c4", ["lux1"] + ["aqua1"] * 3 + ["aqua2"] * 1)) == ["contribute 1", "contribute 2",
                                                                             "contribute 3"]
    assert boxes_open(at("c4", ["lux1", "aqua3", "venti3"])) == ["contribute 3"]


def test_bmc_5_8_lux2_recolours_one_card_and_several_lux_serve_one_box() -> None:
    """BMC-5.8: Lux 2 recolours one card; several Lux cards may serve one contribution."""
    game = at("c4", ["lux2", "lux2", "aqua3", "venti2"])
    run(game, "contribute 1", "lux2 blue", "lux2 grey", "pay aqua3", "pay venti2", "done")
    assert owners(game, "c4") == [0, None, None] and hand(game, 0) == {}
    one = at("c4", ["lux2", "aqua2", "aqua2", "terrah1"])
    run(one, "contribute 3", "lux2 blue", "pay aqua2")
    with pytest.raises(meeple.IllegalAction, match="Lux recolours only 1"):
        one.apply(0, "pay aqua2")
    run(one, "pay terrah1", "done")
    assert owners(one, "c4") == [None, None, 0] and hand(one, 0) == {"aqua2": 1}


def test_bmc_5_8_recolouring_changes_no_power() -> None:
    """BMC-5.8: a recoloured card only pays; a Lux card played for its power is not also a white value."""
    game = at("d4", ["lux1", "lux2", "lux3"])  # University: white 5, 2
    run(game, "contribute 1")
    assert "lux1 white" not in legal(game)  # white cards already pay a white box
    run(game, "pay lux3", "pay lux2", "done")  # Lux cards used for their value: 3 + 2
    assert hand(game, 0) == {"lux1": 1} and owners(game, "d4") == [0, None]


def test_bmc_5_9_contribution_powers_only_in_a_payment() -> None:
    """BMC-5.9: Lux (and Khind/Mimix as wild cards) act only while paying in the contribution phase."""
    game = scenario(figures=["c4", "c3"], hands=[["lux1", "aqua3", "aqua2", "khind1", "khind1", "khind1"], []],
                    turn={"active": 0})
    for action in ("lux1 blue", "pay khind1", "done"):
        with pytest.raises(meeple.IllegalAction, match="no payment is open"):
            game.apply(0, action)
    run(game, "contribute 1", "lux1 blue", "pay aqua3", "pay aqua2", "done")
    assert phase(game) == "contribution"
