"""Scope, vocabulary, components and setup (COL-1 to COL-5)."""

from __future__ import annotations

import pytest

import meeple
from meeple.engine import InvalidOptions
from meeple.games.coloma.data import load_components

from .helpers import active, end_turns_until, legal, lodge, public, run, scenario, seat

COMP = load_components()


def kept(players: int, seed: int = 1) -> meeple.Game:
    """A new game with every player's two returns made (the first two cards of the hand go back)."""
    game = meeple.new_game("coloma", players, seed)
    while public(game)["phase"] == "keep":
        run(game, "return 1 top")
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_col_1_1_and_1_2_two_to_five_players_and_solo(players: int) -> None:
    """COL-1.1 two to five players; COL-1.2 a solo game against Shade is the optional module (1 player)."""
    game = kept(players)
    assert len(public(game)["seats"]) == players
    assert public(game)["solo"] == (players == 1)
    with pytest.raises(InvalidOptions):
        meeple.new_game("coloma", 6, 1)


def test_col_1_3_col_1_4_col_1_6_three_rounds_of_five_chapters_then_over() -> None:
    """COL-1.3 three rounds of five chapters; COL-1.4 the years 1848-1850; COL-1.6 a Shootout ends each round and
    the game ends after the third, most VP winning; COL-1.5 each chapter: secret dials, reveal, turns."""
    game = kept(2, seed=4)
    seen = set()
    shootouts = 0
    while not game.is_over():
        view = public(game)
        seen.add((view["round"], view["year"], view["chapter"]))
        if view["phase"] == "select":
            assert sorted(game.deciders()) == [0, 1]  # COL-1.5 both dial at once
            run(game, "dial 1", "dial 2")
        else:
            run(game, "end" if "end" in legal(game) else legal(game)[0])
    shootouts = sum(1 for evs in game.events(None) for e in evs if e["msg"].startswith("shootout."))
    assert {(r, c) for r, _, c in seen} == {(r, c) for r in (1, 2, 3) for c in range(1, 6)}
    assert {y for _, y, _ in seen} == {1848, 1849, 1850}
    assert shootouts == 3
    result = game.result()
    assert result.winners == [max(range(2), key=lambda p: (game.state.vp[p], game.state.bucks[p] + game.state.gold[p],
                                                          game.state.dudes[p]))] or len(result.winners) == 2


def test_col_2_vocabulary_in_the_view() -> None:
    """COL-2.1 Sites 1-5 with common and Boom sections; COL-2.2 the Barker replaces its Site's actions; COL-2.3 the
    Bust tile starts on the Signpost; COL-2.4 positions 1-5; COL-2.5 Boom both sections, Bust common only;
    COL-2.6 a pioneer and a dial each; COL-2.7 the Lodge; COL-2.8 the personal reserve; COL-2.9 the general
    supply; COL-2.10 the Gold Supply; COL-2.11 the Gold Cart; COL-2.12 the tableau; COL-2.13 Hotels; COL-2.14
    river and Bridge tiles; COL-2.15 the Frontier Map of Horseshoes, Towns and Cities; COL-2.17 Shootout and
    Outlaws; COL-2.18 the Graveyard; COL-2.19 the Sheriff Badge; COL-2.22 one turn per player per chapter."""
    game = scenario(dials=[2, 2, 3, 4])
    view = public(game)
    sections = view["wheel"]["sections"]
    assert set(sections) == {"1", "2", "3", "4", "5"}
    assert sections["1"] == [0, 0]  # the Barker's Trade and Barrel replace Site 1's actions
    assert view["wheel"]["bust"] == 2 and sections["2"] == [2, -1]  # Bust: common only
    assert sections["4"] == [4, 4]  # Boom: both sections
    s0 = seat(game, 0)
    assert set(s0["lodge"]) == {"bucks", "gold", "dudes", "tents", "horses"}
    assert set(s0["reserve"]) == {"dudes", "tents"} and "graveyard" in s0 and "gunmen" in s0
    assert {"gold_supply", "gold_cart", "horse_supply", "outlaws", "hotels", "bridges", "barrel_pile"} <= set(view)
    assert s0["tableau"] == [] and s0["rivers"] == [None] * 4 and view["sheriff"] == 0
    assert {sp.type for sp in COMP.spaces} == {"horseshoe", "town", "city"}
    turns = 0
    while public(game)["phase"] == "turn":
        turns += 1
        run(game, "end")
    assert turns == 4  # COL-2.22


def test_col_2_16_col_2_16a_col_2_21_lands_camps_and_barrels() -> None:
    """COL-2.16 Camps go in the Lands of the Wagon's space, never on Coloma; COL-2.16a a Land is one camp slot of a
    Town or City; COL-2.21 a Barrel is fresh until used, then used."""
    assert all(COMP.spaces[land.at].type in ("town", "city") and land.at != 0 for land in COMP.lands)
    game = scenario(chapter=1, dials=[5, 2, 3, 4], seats=[{"fresh": ["whiskey"]}])
    end_turns_until(game, 0)
    assert not any(a.startswith("camp") for a in legal(game))  # Wagon still in Coloma
    run(game, "use whiskey")
    assert seat(game, 0)["barrels"] == {"fresh": [], "used": ["whiskey"]}


def test_col_2_20_col_4_19_col_4_20_buster_and_neutral_gunmen_with_two() -> None:
    """COL-2.20, COL-4.19 Buster's pioneer and 5 cards with 2 players; COL-4.20 three neutral gunmen stay all game."""
    game = kept(2)
    view = public(game)
    assert view["buster"]["site"] is None and len(view["buster"]["shown"]) == 2 and view["neutral_gunmen"] == 3
    assert public(kept(3))["buster"] is None and public(kept(3))["neutral_gunmen"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_col_3_and_4_supplies_by_player_count(players: int) -> None:
    """COL-3.1 counts from D13; COL-3.3 Bridge stacks of BRIDGE_COPIES; COL-3.4 HOTELS_PER_PLAYER x N Hotels;
    COL-3.6 gold, Horses, Barrels limited; COL-4.4 BARREL_SPACES face up; COL-4.5 GOLD_SUPPLY[N]; COL-4.6 the rest
    of the gold in the Gold Cart; COL-4.7, COL-4.10 River tiles and the general supply; COL-4.8 Bridge stacks."""
    game = kept(players)
    view = public(game)
    params = COMP.params
    assert view["gold_supply"] == params["gold_supply"][players] - players
    assert view["gold_cart"] == params["gold_total"] - params["gold_supply"][players]
    assert set(view["bridges"].values()) == {params["bridge_copies"][players]}
    assert view["hotels"] == 2 * players
    assert len(view["barrel_spaces"]) == params["barrel_spaces"][players]
    assert view["barrel_pile"] + len(view["barrel_spaces"]) == params["barrels_total"] == COMP.counts["barrels"]
    assert view["horse_supply"] == params["horses_total"] - players
    assert COMP.counts["horses"] == params["horses_total"] and COMP.counts["bridge_tiles"] == 18
    assert COMP.counts["river_tiles"] == COMP.counts["river_tiles"]  # COL-3.2: only a count in the box
    assert not game.rules.invariants(game.state)


def test_col_3_2_river_tiles_are_unlimited() -> None:
    """COL-3.2 River tiles never run out: every player can survey all four columns (20 tiles in the box)."""
    seats = [{"bucks": 40, "dudes": 8, "rivers": {1: "river", 2: "river", 3: "river"}} for _ in range(5)]
    game = scenario(players=5, chapter=4, seats=seats, dials=[2, 1, 3, 5, 4])
    end_turns_until(game, 0)
    run(game, "survey 4 common")  # the 16th river on the table, and no supply of River tiles to run out
    assert seat(game, 0)["rivers"][3] == "river" and "river" not in " ".join(public(game))


def test_col_3_5_bucks_and_outlaws_are_unlimited() -> None:
    """COL-3.5 Bucks have no supply: gains of Bucks always arrive in full (here 300 Bucks of Sutter's Mill)."""
    game = scenario(chapter=3, seats=[{"bucks": 1000}], dials=[1, 2, 4, 5])
    run(game, "sutter common", "sutter boom")
    assert lodge(game, 0)["bucks"] == 1006 and COMP.counts["coins"] == 40


def test_col_3_7_col_3_7a_identical_decks_of_sixteen() -> None:
    """COL-3.7 a deck of DECK_SIZE = 16 per colour; COL-3.7a every deck has one copy of each card."""
    game = kept(5)
    state = game.state
    for p in range(5):
        assert sorted(state.hands[p] + state.decks[p]) == list(range(16))
    assert COMP.params["deck_size"] == 16 and COMP.counts["town_cards"] == 80


def test_col_4_1_to_4_3_board_at_the_start() -> None:
    """COL-4.1 Barker on Site 1, Bust tile on the Signpost; COL-4.2 round 1; COL-4.3 two Outlaws."""
    view = public(kept(3))
    assert view["wheel"]["barker"] == 1 and view["wheel"]["bust"] is None and not view["wheel"]["signpost_active"]
    assert view["round"] == 1 and view["chapter"] == 1 and view["outlaws"] == 2


def test_col_4_11_to_4_17_each_players_start() -> None:
    """COL-4.11 own deck and pieces; COL-4.12 0 VP, the deck on the board; COL-4.13 1 Tent and 4 Dudes; COL-4.14 the
    Wagon on Coloma; COL-4.15 2 Bucks, 1 Horse, 1 Gold; COL-4.16 the deck shuffled before the first draw;
    COL-4.17 draw 6, keep 4, the other 2 on top or bottom by choice."""
    game = meeple.new_game("coloma", 3, 5)
    for p in range(3):
        assert seat(game, p)["vp"] == 0 and seat(game, p)["wagon"] == "COL" and seat(game, p)["hand_size"] == 6
        assert lodge(game, p) == {"bucks": 2, "gold": 1, "dudes": 4, "tents": 1, "horses": 1}
    decks = {tuple(meeple.new_game("coloma", 3, s).state.decks[0]) for s in range(5)}
    assert len(decks) == 5  # shuffled by the seed
    hand = game.view(1)["hand"]
    game.apply(1, "return 2 top")
    game.apply(1, "return 1 bottom")
    assert game.view(1)["known_deck"] == [[0, hand[1]], [11, hand[0]]]
    assert seat(game, 1)["hand_size"] == 4 and seat(game, 1)["deck_size"] == 12


def test_col_4_18_the_first_sheriff_is_drawn() -> None:
    """COL-4.18 the first Sheriff is random (by the seed) and seat order never changes."""
    sheriffs = {public(meeple.new_game("coloma", 4, s))["sheriff"] for s in range(20)}
    assert len(sheriffs) > 1 and sheriffs <= {0, 1, 2, 3}


def test_col_5_1_to_5_5_chapter_steps_in_order() -> None:
    """COL-5.1 chapter steps: wheel, Event, secret selection, reveal, turns, pioneers home; COL-5.2 the states of the
    machine (keep, event, select, turn, over); COL-5.3 only the selection (and keeping) is simultaneous; COL-5.4,
    COL-5.5 turns are resolved one after another, always in the same order."""
    game = kept(3, seed=2)
    run(game, "dial 1", "dial 2", "dial 3")
    assert public(game)["phase"] == "turn" and len(game.deciders()) == 1
    order = []
    while public(game)["chapter"] == 1:
        order.append(active(game))
        run(game, "end")
    assert order == [0, 1, 2]  # positions 1, 2, 3
    msgs = [e["msg"] for e in game.events(None)[-1]]
    assert msgs.index("turn.end") < msgs.index("chapter.start") < msgs.index("event")
    assert public(game)["phase"] == "select" and all(not s["position"] for s in public(game)["seats"])
