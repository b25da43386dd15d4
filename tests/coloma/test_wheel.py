"""The wheel, the secret selection, the Bust and the order of turns (COL-6 to COL-8)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction

from .helpers import active, end_turns_until, legal, lodge, public, run, scenario, seat


@pytest.mark.parametrize("chapter", [1, 2, 3, 4, 5])
def test_col_6_1_col_6_4_barker_and_signpost_by_chapter(chapter: int) -> None:
    """COL-6.1 in chapter c the Barker covers Site c; COL-6.4 the Signpost Site is the next one clockwise."""
    wheel = public(scenario(round=2, chapter=chapter))["wheel"]
    assert wheel["barker"] == chapter and wheel["signpost"] == chapter % 5 + 1


def test_col_6_1_the_wheel_turns_between_chapters_and_back_to_site_1() -> None:
    """COL-6.1 every chapter but the first the Bust tile goes back and both tiles turn one Site clockwise."""
    game = scenario(round=1, chapter=5, dials=[1, 1, 2, 3])
    assert public(game)["wheel"]["bust"] == 1
    while public(game)["phase"] == "turn":
        run(game, "end")
    wheel = public(game)["wheel"]
    assert public(game)["round"] == 2 and wheel["barker"] == 1 and wheel["bust"] is None


def test_col_6_2_col_6_2a_col_6_3_col_15_1_barker_replaces_the_covered_site() -> None:
    """COL-6.2, COL-15.1 the covered Site's actions are gone, the Barker's replace them; COL-6.2a the printed Sites
    never move; COL-6.3 the Barker's sections are Trade and Barrel."""
    game = scenario(chapter=3, dials=[3, 1, 2, 4], seats=[{"hand": ["C01"], "bucks": 9}])
    end_turns_until(game, 0)
    assert "trade" in legal(game) and any(a.startswith("barrel ") for a in legal(game))
    assert not any(a.startswith(("build", "hotel")) for a in legal(game))
    assert public(game)["wheel"]["sections"]["3"] == [0, 0]


def test_col_6_3a_col_6_6_signpost_gives_half_and_half() -> None:
    """COL-6.3a, COL-6.6 on the active Signpost a pioneer has its own common section and the Barker Site's Boom,
    paid under that action's rules (Site 2's Sutter's Mill here, B = 1)."""
    game = scenario(chapter=1, dials=[2, 3, 3, 4])
    assert public(game)["wheel"]["signpost_active"]
    assert {"sutter boom", "survey 1 common"} <= set(legal(game))
    assert "survey 1 boom" not in legal(game)
    run(game, "sutter boom")
    assert lodge(game, 0)["bucks"] == 5 and lodge(game, 0)["dudes"] == 5


def test_col_7_1_col_7_2_col_7_3_secret_dials_any_site() -> None:
    """COL-7.1 every player dials in secret; COL-7.2 every number is legal, the Barker's too; COL-7.3 all revealed at
    once, pioneers placed on the Site (or the Barker covering it)."""
    game = scenario(chapter=2)
    assert sorted(game.deciders()) == [0, 1, 2, 3]
    for p in range(4):
        assert game.legal_actions(p) == ["dial 1", "dial 2", "dial 3", "dial 4", "dial 5"]
    game.apply(2, "dial 2")
    assert game.log(viewer=0) == [(2, None)] and game.log(viewer=2) == [(2, "dial 2")]
    assert public(game)["seats"][2]["position"] is None and game.view(2)["dial"] == 2 and game.view(0)["dial"] is None
    game.apply(0, "dial 5")
    game.apply(1, "dial 1")
    game.apply(3, "dial 4")
    assert game.log(viewer=0)[0] == (2, "dial 2")  # revealed
    assert [s["position"] for s in public(game)["seats"]] == [5, 1, 2, 4]
    assert public(game)["wheel"]["sections"]["2"] == [0, 0]  # on the Barker


def test_col_8_4_to_8_6_any_order_everything_optional() -> None:
    """COL-8.4 both sections and abilities in either order; COL-8.5 each section once per turn; COL-8.6 a turn may
    end at once, or use abilities without the Site action."""
    game = scenario(chapter=3, dials=[1, 2, 4, 5], seats=[{"tableau": ["C01"]}])
    run(game, "ability c01", "sutter boom")
    assert "sutter boom" not in legal(game) and "sutter common" in legal(game) and "ability c01" not in legal(game)
    run(game, "sutter common")
    assert legal(game) == ["end"]
    run(game, "end")
    assert active(game) == 1 and "end" in legal(game)
    run(game, "end")
    assert active(game) == 2


def test_col_8_7_a_section_action_is_atomic() -> None:
    """COL-8.7 once begun, a Trade is finished (purchases, then `done`) before anything else."""
    game = scenario(chapter=1, dials=[1, 2, 3, 4], seats=[{"bucks": 9, "fresh": ["whiskey"]}])
    run(game, "trade")
    assert set(legal(game)) <= {"done"} | {f"buy {x}" for x in ("dude", "horse", "tent", "gold", "card")}
    with pytest.raises(IllegalAction):
        run(game, "use whiskey")
    run(game, "buy dude", "done")
    assert "use whiskey" in legal(game) and "trade" not in legal(game)


def test_col_8_8_pioneers_go_home_after_the_turns() -> None:
    """COL-8.8 after every turn the pioneers return: no positions, no dials for the next chapter."""
    game = scenario(chapter=1, dials=[1, 2, 3, 4])
    while public(game)["phase"] == "turn":
        run(game, "end")
    assert all(s["position"] is None and not s["dialled"] for s in public(game)["seats"])
    assert public(game)["chapter"] == 2 and "positions" not in public(game)


def test_col_6_8_availability_table() -> None:
    """COL-6.8: Barker (Trade, Barrel unless Busted), Busted (common only), Signpost (own common + forwarded Boom if
    active), others (both)."""
    game = scenario(chapter=2, dials=[4, 4, 1, 3])
    sections = public(game)["wheel"]["sections"]
    assert public(game)["wheel"]["bust"] == 4
    assert sections == {"1": [1, 1], "2": [0, 0], "3": [3, 2], "4": [4, -1], "5": [5, 5]}
    assert seat(game, 0)["position"] == 4
