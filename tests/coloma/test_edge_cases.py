"""Edge cases (COL-23)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction

from .helpers import active, end_turns_until, legal, lodge, public, run, scenario, seat


def first(site: int, chapter: int, **fields: object) -> object:
    others = [p for p in (1, 2, 3, 4, 5) if p != site][:3]
    game = scenario(chapter=chapter, dials=[site, *others], **fields)
    end_turns_until(game, 0)
    return game


def test_col_23_2_empty_gold_cart() -> None:
    """COL-23.2 with an empty Gold Cart the Barker's Gold is not for sale and a Nugget gives 2 Bucks."""
    game = first(1, 1, seats=[{"bucks": 9, "fresh": ["nugget"]}], supply={"gold_cart": 0, "gold_supply": 26})
    run(game, "trade")
    assert "buy gold" not in legal(game)
    run(game, "done", "use nugget")
    assert lodge(game, 0)["bucks"] == 11 and lodge(game, 0)["gold"] == 1


def test_col_23_4_no_horse_left_in_the_supply() -> None:
    """COL-23.4 an empty general supply: Horse gains are lost and the Barker sells none."""
    game = first(1, 1, seats=[{"bucks": 9, "fresh": ["oats"]}], supply={"horses": 0})
    run(game, "trade")
    assert "buy horse" not in legal(game)
    run(game, "done", "use oats")
    assert lodge(game, 0)["horses"] == 1


def test_col_23_5_no_barrel_left() -> None:
    """COL-23.5 no Barrel face up and none face down: no Barrel action, Mormon Island gives nothing."""
    game = first(4, 1, seats=[{"horses": 3, "wagon": "H12"}], supply={"barrel_spaces": [None] * 4,
                                                                       "barrel_pile": []})
    run(game, "wagon common", "move mor", "stop")
    assert seat(game, 0)["barrels"]["fresh"] == []


def test_col_23_6_an_empty_bridge_stack() -> None:
    """COL-23.6 a Bridge type whose stack is empty cannot be built."""
    game = first(2, 4, seats=[{"bucks": 9, "gold": 3, "dudes": 4, "rivers": {1: "river"}}],
                 supply={"bridges": {"A": 0}})
    assert "bridge a 1 common" not in legal(game) and "bridge b 1 common" in legal(game)


def test_col_23_7_col_23_8_no_hotel_no_target_no_hand() -> None:
    """COL-23.7 no Hotel on the board or no uncovered building: no Hotel; COL-23.8 an empty hand: no build."""
    game = first(3, 1, seats=[{"bucks": 20, "gold": 3, "hand": [], "tableau": ["C01"], "hotels": ["C01"]}])
    assert not any(a.startswith(("hotel", "build")) for a in legal(game))
    none_left = first(3, 1, seats=[{"bucks": 20, "gold": 3, "tableau": ["C01"]}], supply={"hotels": 0})
    assert not any(a.startswith("hotel") for a in legal(none_left))


def test_col_23_10_a_wagon_action_without_horses() -> None:
    """COL-23.10 with 0 Horses the Wagon action may be taken and changes nothing."""
    game = first(4, 1, seats=[{"horses": 0}])
    run(game, "wagon common")
    assert legal(game) == ["stop"]
    run(game, "stop")
    assert seat(game, 0)["wagon"] == "COL"


def test_col_23_11_first_come_first_served_in_player_order() -> None:
    """COL-23.11 pioneers on one position get the same sections; shared supplies go in player order."""
    game = scenario(chapter=3, dials=[1, 1, 2, 4], supply={"gold_cart": 1, "gold_supply": 29 - 4},
                    seats=[{"tableau": ["C04"], "gold": 0}, {"tableau": ["C04"], "gold": 0}])
    assert public(game)["wheel"]["sections"]["1"] == [1, -1]
    run(game, "ability c04", "end")
    assert legal(game) == ["ability c04", "end", "sutter common"]
    run(game, "ability c04")
    assert lodge(game, 0)["gold"] == 1 and lodge(game, 1)["gold"] == 0


def test_col_23_15_a_shootout_with_no_gunmen() -> None:
    """COL-23.15 no gunmen at all: lost, nobody scores or dies, the Sheriff stays."""
    game = scenario(round=1, chapter=5, sheriff=2, dials=[1, 2, 3, 4])
    while public(game)["round"] == 1:
        run(game, "end")
    assert public(game)["sheriff"] == 2 and all(s["vp"] == 0 and s["graveyard"] == 0 for s in public(game)["seats"])
    assert public(game)["outlaws"] == 2 + 3


def test_col_23_16_illegal_moves_are_refused_and_change_nothing() -> None:
    """COL-23.16 a card not in hand, an unpayable cost, a path that backtracks: refused, the game unchanged."""
    game = first(3, 1, seats=[{"hand": ["C01"], "bucks": 0, "gold": 0}])
    before = game.to_json()
    for action, msg in (("build c02 common", "error.not_in_hand"), ("build c01 common", "error.cost"),
                        ("dial 3", "error.not_selecting"), ("move aub", "error.no_wagon_action"),
                        ("sutter common", "error.no_section")):
        with pytest.raises(IllegalAction) as err:
            run(game, action)
        assert err.value.msg == msg and "(COL-" in str(err.value)
    with pytest.raises(IllegalAction):
        run(game, "dial 7")
    assert game.to_json() == before
    wagon = first(4, 1, seats=[{"horses": 2}])
    run(wagon, "wagon common", "move h1")
    with pytest.raises(IllegalAction, match=r"COL-13\.13"):
        run(wagon, "move col")


def test_col_23_17_a_default_decision_is_always_available() -> None:
    """COL-23.17 a timed-out player can always be given a dial or `end`: both are always legal then."""
    game = scenario(chapter=2)
    assert all("dial 1" in game.legal_actions(p) for p in range(4))
    run(game, "dial 1", "dial 2", "dial 3", "dial 4")
    assert "end" in legal(game)


def test_col_23_18_vp_at_once() -> None:
    """COL-23.18 VP are gained when their effect resolves, not at the end of the turn."""
    game = first(3, 1, seats=[{"hand": ["C10"], "bucks": 20, "gold": 2, "dudes": 4}])
    run(game, "build c10 common")
    assert seat(game, 0)["vp"] == 5 and active(game) == 0


def test_col_23_19_a_hotel_on_the_foundry() -> None:
    """COL-23.19 a Hotel on the Foundry disables it; an activation already used this turn stays done."""
    game = first(3, 1, seats=[{"tableau": ["C09", "C01"], "bucks": 20, "gold": 3}])
    run(game, "foundry c01")
    assert lodge(game, 0)["gold"] == 4
    run(game, "hotel c09 common")
    assert not any(a.startswith("foundry") for a in legal(game)) and lodge(game, 0)["gold"] == 3


def test_col_23_20_depot_bonus_for_a_forwarded_wagon_action() -> None:
    """COL-23.20 the Depot's bonus applies to the next Wagon action of the turn, a forwarded one included."""
    game = scenario(chapter=4, dials=[5, 4, 4, 1], seats=[{"tableau": ["C11", "C09"], "horses": 1}])
    end_turns_until(game, 0)
    assert "wagon boom" in legal(game) and "ability c11" not in legal(game)


def test_col_23_21_timber_cuts_one_cost() -> None:
    """COL-23.21 Timber takes up to 2 Bucks off the Bucks part of the next cost only."""
    game = first(3, 1, seats=[{"hand": ["C01", "C16"], "bucks": 4, "fresh": ["timber"]}])
    run(game, "use timber", "build c01 common")
    assert lodge(game, 0)["bucks"] == 3
    assert game.view(0)["turn"]["timber"] == 0


def test_col_23_22_river_column_4_wagon_action() -> None:
    """COL-23.22 surveying column 4 gives a full Wagon action at once, obeying the rules of Site 4."""
    game = first(2, 4, seats=[{"bucks": 9, "dudes": 4, "horses": 2}])
    run(game, "survey 4 common")
    assert seat(game, 0)["vp"] == 3 and public(game)["sub"] == "wagon"
    run(game, "move h1", "move pil", "stop")
    assert seat(game, 0)["wagon"] == "PIL" and public(game)["sub"] is None
    assert "move h1" not in game.rules.legal(game.state, 0)
