"""Two players with Buster (COL-21) and the solo game against Shade (COL-24)."""

from __future__ import annotations

import meeple
from meeple.games.coloma.data import load_components

from .helpers import active, end_all, legal, public, run, scenario, seat

COMP = load_components()


def solo(**fields: object) -> meeple.Game:
    return scenario(players=1, sheriff="shade", **fields)


def test_col_21_2_two_player_supplies() -> None:
    """COL-21.2 with 2 players: 1 Bridge per type, 4 Hotels, 4 Barrels."""
    view = public(meeple.new_game("coloma", 2, 3))
    assert set(view["bridges"].values()) == {1} and view["hotels"] == 4 and len(view["barrel_spaces"]) == 4


def test_col_21_5_buster_takes_no_turn() -> None:
    """COL-21.5 Buster only crowds a Site: it takes no turn and gains nothing."""
    game = scenario(players=2, buster={"shown": [1, 2], "site": 4})
    run(game, "dial 4", "dial 5")
    assert public(game)["wheel"]["bust"] == 4
    turns = []
    while public(game)["chapter"] == 1:
        turns.append(active(game))
        run(game, "end")
    assert turns == [0, 1]


def test_col_24_1_col_24_2_col_24_2a_solo_setup() -> None:
    """COL-24.1 set up as for 2 players with 3 dummy gunmen, Buster and Shade; COL-24.2 Shade: 12 Dudes, 5 Camps,
    1 Horse, Wagon on Coloma, the Sheriff Badge; COL-24.2a the badge never moves."""
    game = meeple.new_game("coloma", 1, 5, {"shade": "hard"})
    view = public(game)
    assert view["neutral_gunmen"] == 3 and view["hotels"] == 4 and view["sheriff"] == "shade"
    assert view["shade"]["dudes"] == 12 and view["shade"]["camps"] == 5 and view["shade"]["horses"] == 1
    assert view["shade"]["wagon"] == "COL" and view["shade"]["handicap"] == 20
    end = solo(round=1, chapter=5, seats=[{"gunmen": 3}], dials=[1], shade_site=3)
    end_all(end)
    assert public(end)["sheriff"] == "shade"


def test_col_24_3_col_24_4_shade_and_events() -> None:
    """COL-24.3 Shade gains a Camp on Event 5; COL-24.4 nothing else from Events (no deck, no board)."""
    game = solo(round=2, chapter=5, event=True)
    assert public(game)["shade"]["camps"] == 6
    gold = solo(round=2, chapter=2, event=True)
    assert public(gold)["shade"]["gold"] == 0


def test_col_24_5_col_24_6_shade_on_a_revealed_card_buster_on_the_hidden_one() -> None:
    """COL-24.5 Shade goes to one of the 2 revealed Buster cards (coin); COL-24.6 Buster to the face-down one."""
    for seed in range(6):
        game = meeple.new_game("coloma", 1, seed)
        run(game, "return 1 top", "return 1 top")
        shown = public(game)["buster"]["shown"]
        run(game, "dial 1")
        events = [e for evs in game.events(None) for e in evs]
        shade = next(e["params"]["site"] for e in events if e["msg"] == "shade.site")
        assert shade in shown and public(game)["buster"]["site"] not in shown


def test_col_24_7_col_24_7a_col_24_8_shade_turns() -> None:
    """COL-24.7 Shade resolves in player order and skips its Boom when Busted; COL-24.7a no Camp from Coloma, no
    gunmen with too few Dudes; COL-24.8 its actions by Site (Site 1: Gold)."""
    game = solo(chapter=3, dials=[2], shade_site=1)
    assert public(game)["shade"]["gold"] == 2  # common and Boom of Site 1
    busted = solo(chapter=3, dials=[1], shade_site=1)
    assert public(busted)["shade"]["gold"] == 1 and public(busted)["wheel"]["bust"] == 1
    camp = solo(chapter=2, dials=[1], shade_site=5, shade={"dudes": 1})
    assert public(camp)["shade"]["camps"] == 5 and public(camp)["shade"]["gunmen"] == 0
    first = solo(chapter=3, dials=[1], shade_site=1)
    assert active(first) == 0 and "sutter common" in legal(first)  # Shade, first in order, already took its turn


def test_col_24_9_shade_moves_to_its_destination() -> None:
    """COL-24.9 Shade's Wagon follows the shortest route to its destination, up to its Horses, no rewards."""
    game = solo(chapter=2, dials=[1], shade_site=4, shade={"horses": 2, "destination": "AUB"})
    assert public(game)["shade"]["wagon"] == "COL"  # the player on Site 1 goes first
    run(game, "end")
    assert public(game)["shade"]["wagon"] == "PIL" and seat(game, 0)["lodge"]["horses"] == 1
    far = solo(chapter=2, dials=[1], shade_site=4, shade={"horses": 4, "destination": "AUB"})
    run(far, "end")
    assert public(far)["shade"]["wagon"] == "AUB" and public(far)["shade"]["destination"] != "AUB"


def test_col_24_10_col_24_10a_col_24_11_shade_gunmen_and_score() -> None:
    """COL-24.10 Shade's gunmen leave after the Shootout; COL-24.10a they count and score like a player's;
    COL-24.11 Shade's final score and the handicap; the player wins only with more VP."""
    game = solo(round=3, chapter=5, dials=[1], shade_site=5, supply={"outlaws": 1},
                shade={"gunmen": 2, "gold": 3, "rivers": 1, "hotels": 1, "barrels": 2, "horses": 2},
                seats=[{"vp": 40}])
    end_all(game)
    assert game.is_over()
    shade_vp = 2 * 2 + 3 + 3 + 5 + 2 * (2 + 1) + 2 + 10  # its turn on the Barker took a third Barrel
    assert public(game)["shade"]["vp"] == shade_vp and public(game)["shade"]["gunmen"] == 0
    result = game.result()
    assert result.winners == [0] and result.reason == "end.solo_won"
