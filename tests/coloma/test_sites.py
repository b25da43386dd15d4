"""Resources and the five Sites and the Barker (COL-9 to COL-15)."""

from __future__ import annotations

import itertools

import pytest

from meeple.engine import IllegalAction

from .helpers import active, end_turns_until, legal, lodge, public, run, scenario, seat


def on_site(site: int, chapter: int = 1, **fields: object) -> object:
    """Seat 0 alone on `site`, first to act (the others on later positions)."""
    others = [p for p in (1, 2, 3, 4, 5) if p != site][:3]
    game = scenario(chapter=chapter, dials=[site, *others], **fields)
    end_turns_until(game, 0)
    return game


def test_col_9_1_col_9_2_gains_come_from_their_sources_and_are_capped() -> None:
    """COL-9.1 gains go to the Lodge from the reserve or the supply; COL-9.2 what a source lacks is lost."""
    game = on_site(1, chapter=3, seats=[{"dudes": 12, "reserve_dudes": 0}])
    run(game, "sutter common")
    assert lodge(game, 0)["dudes"] == 12 and lodge(game, 0)["bucks"] == 5


def test_col_9_4_gold_from_an_empty_gold_cart_gives_nothing() -> None:
    """COL-9.4 Gold 'from the Gold Cart' with none there gives nothing (the Bank still gives its Bucks)."""
    game = scenario(chapter=3, dials=[1, 1, 2, 4], seats=[{"tableau": ["C04"], "gold": 0}],
                    supply={"gold_cart": 0, "gold_supply": 29 - 3})
    run(game, "ability c04")
    assert lodge(game, 0)["gold"] == 0 and lodge(game, 0)["bucks"] == 4


def test_col_9_6_col_14_6_only_the_lodge_pays() -> None:
    """COL-9.6, COL-14.6 gunmen and the Graveyard are no resources: Deputise and costs use Lodge Dudes only."""
    game = on_site(5, chapter=2, seats=[{"dudes": 1, "gunmen": 4, "graveyard": 3}])
    assert [a for a in legal(game) if a.startswith("deputise")] == ["deputise 1"]


def test_col_9_8_a_cost_is_paid_in_full_or_not_at_all() -> None:
    """COL-9.8 without 3 Bucks and 1 Dude there is no Hammer survey; nothing is half-paid."""
    game = on_site(2, chapter=4, seats=[{"bucks": 2, "gold": 0, "dudes": 3}])
    assert not any(a.startswith("survey") and a.endswith("common") for a in legal(game))
    with pytest.raises(IllegalAction):
        run(game, "survey 1 common")
    assert lodge(game, 0)["bucks"] == 2


def test_col_9_9_horse_limit() -> None:
    """COL-9.9 at HORSE_LIMIT = 5 further Horses are lost and the Barker's Horse cannot be bought."""
    game = on_site(1, chapter=3, seats=[{"horses": 5, "tableau": ["C02"], "bucks": 9}])
    run(game, "ability c02")
    assert lodge(game, 0)["horses"] == 5
    game = on_site(3, chapter=3, seats=[{"horses": 5, "bucks": 9}])
    run(game, "trade")
    assert "buy horse" not in legal(game) and "buy dude" in legal(game)


def test_col_9_10_col_9_11_col_9_11a_col_9_12_unbounded_lodge_and_score() -> None:
    """COL-9.10 no other limit on a Lodge; COL-9.11 markers start at 0; COL-9.11a VP is an unbounded number;
    COL-9.12 VP never go down."""
    game = on_site(1, chapter=3, seats=[{"bucks": 500, "vp": 250}])
    run(game, "sutter common", "sutter boom")
    assert lodge(game, 0)["bucks"] == 506 and seat(game, 0)["vp"] == 250 and seat(game, 1)["vp"] == 0
    vps = []
    while not game.is_over():
        vps.append(list(game.state.vp))
        seat_ = game.deciders()[0]
        game.apply(seat_, game.legal_actions(seat_)[0])
    vps.append(list(game.state.vp))
    assert all(all(b >= a for a, b in zip(x, y, strict=True)) for x, y in itertools.pairwise(vps))


def test_col_9_13_no_trading_between_players() -> None:
    """COL-9.13 no action gives or trades anything to another player."""
    game = on_site(1, chapter=3)
    assert not any("give" in a or "seat" in a for a in game.rules.actions.texts)


def test_col_10_5_col_10_6_sutters_mill_is_no_town_building() -> None:
    """COL-10.5 Sutter's Mill is no Town Building (no Hotel, no Foundry target); COL-10.6 a forwarded Site 1 Boom
    is one Sutter's Mill, Wheelbarrow abilities stay disabled."""
    game = scenario(chapter=1, dials=[2, 3, 3, 4], seats=[{"tableau": ["C02", "C09"], "bucks": 9}])
    assert "sutter boom" in legal(game) and "ability c02" not in legal(game)
    assert not any("sutter" in a for a in game.rules.actions.texts if a.startswith(("hotel", "foundry")))


def test_col_11_6_col_11_8_col_11_9_col_11_10_rivers_and_bridges_limits() -> None:
    """COL-11.6 four rivers at most; COL-11.8 no bridge without a river, one per river; COL-11.9 no two bridges of a
    type; COL-11.10 bridges give no VP when built."""
    rivers = {1: "river", 2: "river", 3: "B", 4: "river"}
    game = on_site(2, chapter=4, seats=[{"bucks": 20, "gold": 5, "dudes": 8, "rivers": rivers, "vp": 5}])
    options = legal(game)
    assert not any(a.startswith("survey") for a in options)
    assert "bridge a 1 common" in options and "bridge a 3 common" not in options
    assert not any(a.startswith("bridge b") for a in options)
    run(game, "bridge a 1 common")
    assert seat(game, 0)["vp"] == 5
    no_river = on_site(2, chapter=4, seats=[{"bucks": 20, "gold": 5, "dudes": 8}])
    assert not any(a.startswith("bridge") for a in legal(no_river))


def test_col_12_8_a_hotel_on_a_building_built_this_turn() -> None:
    """COL-12.8 a Hotel covers an uncovered building of your own, even one built this turn."""
    game = on_site(3, chapter=1, seats=[{"hand": ["C01"], "bucks": 20, "gold": 3, "dudes": 5}])
    assert not any(a.startswith("hotel") for a in legal(game))
    run(game, "build c01 common")
    run(game, "hotel c01 boom")
    assert seat(game, 0)["tableau"] == [{"card": "C01", "hotel": True}]


def test_col_13_2_col_13_4_col_13_11_horses_are_counted_not_spent() -> None:
    """COL-13.2 up to one space per Horse, Horses not spent; COL-13.4 steps go to adjacent spaces; COL-13.11 a stop
    before the allowance is used up."""
    game = on_site(4, chapter=1, seats=[{"horses": 2}])
    run(game, "wagon common")
    assert [a for a in legal(game) if a.startswith("move")] == ["move h1", "move h2", "move h3", "move h4"]
    run(game, "move h1")
    assert "stop" in legal(game)
    run(game, "move pil")
    assert lodge(game, 0)["horses"] == 3 and not any(a.startswith("move") for a in legal(game))
    run(game, "stop")
    assert seat(game, 0)["wagon"] == "PIL"


def test_col_13_15_no_reward_without_moving() -> None:
    """COL-13.15 a Wagon action of 0 spaces gives nothing, even on a City."""
    game = on_site(4, chapter=1, seats=[{"wagon": "AUB"}])
    before = lodge(game, 0)
    run(game, "wagon common", "stop")
    assert lodge(game, 0) == before


def test_col_14_1_col_14_1a_col_14_2_site_5_deputise() -> None:
    """COL-14.1, COL-14.1a Site 5 places gunmen and Camps; COL-14.2 Deputise moves 1-2 Lodge Dudes to the Shootout."""
    game = on_site(5, chapter=2)
    assert [a for a in legal(game) if a.startswith("deputise")] == ["deputise 1", "deputise 2"]
    run(game, "deputise 2")
    assert seat(game, 0)["gunmen"] == 2 and lodge(game, 0)["dudes"] == 2


def test_col_14_4_no_camp_on_coloma_a_horseshoe_or_a_full_space() -> None:
    """COL-14.4 no Camp from Coloma, a Horseshoe, or where every Land is taken."""
    for wagon, lands in (("COL", {}), ("H1", {}), ("PIL", {"L01": 1})):
        game = on_site(5, chapter=2, seats=[{"wagon": wagon}], lands=lands)
        assert not any(a.startswith("camp") for a in legal(game)), wagon


def test_col_15_6_col_15_7_barrels_only_in_own_turn_and_while_there() -> None:
    """COL-15.6 fresh Barrels are used only in their owner's turn; COL-15.7 no face-up Barrel, no Barrel action."""
    game = scenario(chapter=1, dials=[2, 1, 3, 4], seats=[{"fresh": ["whiskey"]}])
    assert active(game) == 1 and "use whiskey" not in legal(game)
    empty = scenario(chapter=1, dials=[1, 2, 3, 4], supply={"barrel_spaces": [None, None, None, None]})
    assert not any(a.startswith("barrel ") for a in legal(empty)) and "trade" in legal(empty)
    assert public(empty)["barrel_spaces"] == [None] * 4
