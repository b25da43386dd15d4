"""The Shootout and the end of the game (COL-19, COL-20)."""

from __future__ import annotations

from meeple.games.coloma.data import load_components

from .helpers import end_all, lodge, public, scenario, seat

COMP = load_components()


def test_col_19_1_a_shootout_after_the_fifth_chapter_only() -> None:
    """COL-19.1 the Shootout comes after chapter 5, not before."""
    game = scenario(round=1, chapter=4, seats=[{"gunmen": 3}], dials=[1, 2, 3, 4])
    end_all(game)
    assert seat(game, 0)["gunmen"] == 3 and public(game)["chapter"] == 5
    game = scenario(round=1, chapter=5, seats=[{"gunmen": 3}], dials=[1, 2, 3, 4])
    end_all(game)
    assert seat(game, 0)["gunmen"] == 0 and seat(game, 0)["vp"] == 6


def test_col_19_13_dead_gunmen_cost_nothing() -> None:
    """COL-19.13 buried Dudes stay in the Graveyard and cost no VP; they count only for Boot Hill Bridges."""
    game = scenario(round=3, chapter=5, seats=[{"graveyard": 3, "vp": 10, "rivers": {1: "A"}}, {"graveyard": 3,
                                                                                               "vp": 10}],
                    supply={"outlaws": 0}, dials=[1, 2, 3, 4])
    end_all(game)
    assert seat(game, 1)["vp"] == 10 and seat(game, 0)["vp"] == 19 and seat(game, 0)["graveyard"] == 3


def test_col_19_14_survivors_of_the_last_shootout_count_for_hotels() -> None:
    """COL-19.14 after the third Shootout survivors go home before the final scoring (Hotels count them)."""
    game = scenario(round=3, chapter=5, seats=[{"dudes": 2, "gunmen": 3, "tableau": ["C01"], "hotels": ["C01"]}],
                    supply={"outlaws": 0}, dials=[1, 2, 3, 4])
    end_all(game)
    assert lodge(game, 0)["dudes"] == 4 and seat(game, 0)["vp_by_category"]["hotels_end"] == 4


def test_col_20_1_col_20_5_col_20_6_the_end_and_what_scores() -> None:
    """COL-20.1 the game ends after the third Shootout; COL-20.5 leftovers score nothing; COL-20.6 most VP wins."""
    game = scenario(round=3, chapter=5, supply={"outlaws": 0}, dials=[1, 2, 3, 4],
                    seats=[{"vp": 5, "bucks": 50, "gold": 5, "tents": 6, "fresh": ["whiskey"]}, {"vp": 6}])
    end_all(game)
    assert game.is_over() and seat(game, 0)["vp"] == 5
    assert game.result().winners == [1] and game.result().reason == "end.scored"


def test_col_20_3a_bridge_kinds() -> None:
    """COL-20.3a Bridges that score per Horse, per card in hand and per buried gunman (and three more, D7)."""
    assert {b.per for b in COMP.bridges} >= {"horses", "hand", "graveyard"}
    game = scenario(round=3, chapter=5, supply={"outlaws": 0}, dials=[1, 2, 3, 4],
                    seats=[{"rivers": {1: "C", 2: "D"}, "hand": ["C01", "C02"], "tableau": ["C03", "C04", "C05"],
                            "hotels": ["C05"], "dudes": 0}])
    end_all(game)
    assert seat(game, 0)["vp_by_category"]["bridges"] == 2 * 2 + 2 * 3
