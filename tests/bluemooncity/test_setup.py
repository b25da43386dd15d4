"""Setup (BMC-2) and the components in play at the start (BMC-1.4 .. BMC-1.8)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import meeple

from .helpers import hand, run, scenario

START_SQUARES = {"c2", "b3", "c4", "d3"}
START_TILES = {"fire-temple", "water-temple", "earth-temple", "royal-palace"}


def city(game: meeple.Game) -> dict[str, str]:
    return {t["square"]: t["tile"] for t in game.view(None)["city"]}


def test_bmc_2_1_two_to_four_players() -> None:
    """BMC-2.1: 2 to 4 players."""
    for n in (2, 3, 4):
        assert len(meeple.new_game("bluemooncity", n, 0).view(None)["seats"]) == n
    for n in (1, 5):
        with pytest.raises(meeple.InvalidOptions, match="2 to 4"):
            meeple.new_game("bluemooncity", n, 0)


def test_bmc_2_2_grid_squares_and_courtyard() -> None:
    """BMC-2.2: base city = 5x5 without corners, expansion = all 25 squares; the Courtyard at c3."""
    base = city(meeple.new_game("bluemooncity", 2, 1))
    assert len(base) == 21 and not {"a1", "e1", "a5", "e5"} & set(base)
    assert base["c3"] == "courtyard"
    full = city(meeple.new_game("bluemooncity", 2, 1, {"expansion": True}))
    assert len(full) == 25 and full["c3"] == "courtyard"


def test_bmc_2_3_start_tiles_shuffled_around_the_courtyard() -> None:
    """BMC-2.3: cmon2019 shuffles the four start tiles onto the squares around the Courtyard."""
    seen = set()
    for seed in range(12):
        layout = city(meeple.new_game("bluemooncity", 3, seed))
        assert {layout[sq] for sq in START_SQUARES} == START_TILES
        seen.add(tuple(layout[sq] for sq in sorted(START_SQUARES)))
    assert len(seen) > 3


def test_bmc_2_3_kosmos2006_fixed_start_tiles() -> None:
    """BMC-2.3: kosmos2006 fixes Fire Temple c2, Water Temple b3, Earth Temple c4, Royal Palace d3."""
    for seed in range(5):
        layout = city(meeple.new_game("bluemooncity", 2, seed, {"edition": "kosmos2006"}))
        assert (layout["c2"], layout["b3"], layout["c4"], layout["d3"]) == (
            "fire-temple", "water-temple", "earth-temple", "royal-palace")


def test_bmc_2_3_open_layout_shuffles_everything_but_the_courtyard() -> None:
    """BMC-2.3 variant `layout: open`: start tiles may land anywhere; only the Courtyard is fixed."""
    elsewhere = False
    for seed in range(10):
        layout = city(meeple.new_game("bluemooncity", 2, seed, {"layout": "open"}))
        assert layout["c3"] == "courtyard" and len(set(layout.values())) == 21
        elsewhere |= {layout[sq] for sq in START_SQUARES} != START_TILES
    assert elsewhere


def test_bmc_2_4_other_tiles_rubble_side_up_courtyard_complete() -> None:
    """BMC-2.4: the other tiles are shuffled onto the other squares rubble side up; the Courtyard is complete."""
    layouts = set()
    for seed in range(6):
        view = meeple.new_game("bluemooncity", 2, seed).view(None)
        for tile in view["city"]:
            assert tile["rebuilt"] == (tile["tile"] == "courtyard")
            assert all(b["owner"] is None for b in tile["boxes"])
        layouts.add(tuple(sorted(city(meeple.new_game("bluemooncity", 2, seed)).items())))
    assert len(layouts) == 6


@pytest.mark.parametrize(("edition", "pools"), [("cmon2019", (7, 10, 12)), ("kosmos2006", (9, 12, 15))])
def test_bmc_2_5_scale_pool_per_player_count(edition: str, pools: tuple[int, int, int]) -> None:
    """BMC-2.5 / BMC-1.7: the golden scale pool depends on the player count and the edition."""
    for n, pool in zip((2, 3, 4), pools, strict=True):
        view = meeple.new_game("bluemooncity", n, 0, {"edition": edition}).view(None)
        assert view["scales_pool"] == pool and all(s["scales"] == 0 for s in view["seats"])


def test_bmc_2_6_markers_and_figures() -> None:
    """BMC-2.6 / BMC-1.4: every player has 10 markers and a figure on the Courtyard."""
    view = meeple.new_game("bluemooncity", 4, 3).view(None)
    assert [s["markers"] for s in view["seats"]] == [10] * 4
    assert [s["figure"] for s in view["seats"]] == ["c3"] * 4


def test_bmc_2_7_deal_eight_cards() -> None:
    """BMC-2.7: the deck is shuffled and every player is dealt 8 cards."""
    game = meeple.new_game("bluemooncity", 3, 8)
    assert [s["hand_size"] for s in game.view(None)["seats"]] == [8, 8, 8]
    assert game.view(None)["deck_size"] == 80 - 24
    hands = {tuple(sorted(meeple.new_game("bluemooncity", 2, seed).view(0)["hand"])) for seed in range(5)}
    assert len(hands) == 5


def test_bmc_2_8_random_start_player_then_seat_order() -> None:
    """BMC-2.8: a random player starts; play passes in seat order."""
    starters = Counter(meeple.new_game("bluemooncity", 3, seed).deciders()[0] for seed in range(30))
    assert set(starters) == {0, 1, 2}
    game = scenario(players=3, city=None, turn={"active": 2})
    order = []
    for _ in range(4):
        order.append(game.deciders()[0])
        run(game, "end", "refill")
    assert order == [2, 0, 1, 2]


def test_bmc_2_9_one_seed_one_game() -> None:
    """BMC-2.9: the same options and seed give the same game; another seed another game."""
    def play(seed: int, options: dict[str, Any]) -> str:
        game = meeple.new_game("bluemooncity", 3, seed, options)
        for _ in range(30):
            seat = game.deciders()[0]
            game.apply(seat, game.legal_actions(seat)[0])
        return game.to_json() + repr(game.rules.to_data(game.state))

    assert play(5, {"layout": "open"}) == play(5, {"layout": "open"})
    assert play(5, {}) != play(6, {})


def test_bmc_1_5_dragons_start_outside() -> None:
    """BMC-1.5: three dragons, red, green and blue, start outside the city."""
    view = meeple.new_game("bluemooncity", 2, 0).view(None)
    assert view["dragons"] == {"red": None, "green": None, "blue": None}
    assert all(t["dragons"] == [] for t in view["city"])


def test_bmc_1_6_crystals_are_unlimited_integers() -> None:
    """BMC-1.6: crystals are plain numbers with no supply limit (the box has only 45 tokens)."""
    game = scenario(crystals=[500, 0], obelisk=[1, 1], hands=[["pillar1", "pillar1", "pillar2"], []],
                    turn={"active": 0})
    run(game, "offer", "pillar1", "pillar1", "pillar2")
    assert game.view(0)["crystals"] == 500 - 8 - 9 - 10 - 11
    assert hand(game, 0) == {}


def test_bmc_1_8_obelisk_in_the_view() -> None:
    """BMC-1.8: the obelisk stands by the city with its offering spaces."""
    view = meeple.new_game("bluemooncity", 3, 0).view(None)
    assert view["obelisk"]["spaces"][0] == 7 and view["obelisk"]["filled"] == []
    assert view["obelisk"]["next_cost"] == 7 and view["obelisk"]["to_win"] == 5
