"""Information and randomness (COL-22) and the decisions of the engine interface (COL-25)."""

from __future__ import annotations

import json

import meeple

from .helpers import legal, public, run, scenario


def test_col_22_1_hidden_hands_decks_dials_buster_and_barrels() -> None:
    """COL-22.1 hands, deck order, dials before the reveal, Buster's card and face-down Barrels are hidden."""
    game = scenario(players=2, buster={"shown": [1, 2], "site": 5})
    game.apply(0, "dial 3")
    other = json.dumps(game.view(1))
    assert '"dial": null' in other and '"site": null' in other
    hand0 = game.view(0)["hand"]
    assert "hand" not in game.view(None) and all(card not in json.dumps(game.view(1)["seats"][0]) for card in hand0)
    assert isinstance(public(game)["barrel_pile"], int)
    assert ("buster", None, 5) in game.rules.hidden_values(game.state, 0)


def test_col_22_2_the_owner_knows_what_it_put_back() -> None:
    """COL-22.2 cards put back on top or bottom are known to their owner only."""
    game = meeple.new_game("coloma", 2, 9)
    hand = game.view(0)["hand"]
    game.apply(0, "return 1 bottom")
    assert game.view(0)["known_deck"] == [[10, hand[0]]] and "known_deck" not in game.view(None)
    assert game.view(1)["known_deck"] == []


def test_col_22_3_public_information() -> None:
    """COL-22.3 everything else is public: sizes, Lodges, tableaux, rivers, Camps, Wagons, gunmen, supplies, VP."""
    view = meeple.new_game("coloma", 3, 2).view(None)
    seat = view["seats"][1]
    for key in ("hand_size", "deck_size", "lodge", "tableau", "rivers", "wagon", "gunmen", "graveyard", "barrels",
                "vp"):
        assert key in seat
    for key in ("gold_supply", "gold_cart", "lands", "sheriff", "round", "chapter", "barrel_spaces"):
        assert key in view


def test_col_22_4_col_22_5_randomness_from_the_seed_only() -> None:
    """COL-22.4 the random events (first Sheriff, deck shuffles, Barrels, Buster, coin, destinations); COL-22.5 all
    from one seeded stream in the state: the same seed and moves give the same game."""
    def play(seed: int) -> meeple.Game:
        game = meeple.new_game("coloma", 1, seed)
        while not game.is_over():
            seat = game.deciders()[0]
            game.apply(seat, sorted(game.legal_actions(seat))[0])
        return game
    a, b = play(4), play(4)
    assert a.to_json() == b.to_json() and a.rules.to_data(a.state) == b.rules.to_data(b.state)
    c = play(5)
    assert a.rules.to_data(a.state) != c.rules.to_data(c.state)


def test_col_25_1_col_25_3_small_decisions_and_paths_space_by_space() -> None:
    """COL-25.1 every move is a small decision with a text and an index; COL-25.3 a Wagon path is entered space by
    space, the engine checking adjacency and backtracking."""
    game = scenario(chapter=1, dials=[4, 1, 2, 3], seats=[{"horses": 3}])
    while public(game)["turn"]["seat"] != 0:
        run(game, "end")
    run(game, "wagon common")
    assert set(legal(game)) == {"move h1", "move h2", "move h3", "move h4", "stop"}
    assert game.action_text(game.action_index("move h1")) == "move h1"


def test_col_25_4_each_seat_sees_its_own_dial_hand_and_deck_knowledge() -> None:
    """COL-25.4 a seat's view: the public state plus its hand, its known deck cards and its own dial."""
    game = scenario(chapter=2)
    game.apply(1, "dial 4")
    assert game.view(1)["dial"] == 4 and game.view(0)["dial"] is None and game.view(None)["seat"] is None
    assert len(game.view(1)["hand"]) == 6 and "known_deck" in game.view(1)


def test_col_22_1_sample_redraws_only_what_the_seat_cannot_see() -> None:
    """COL-22.1, COL-22.2 a bot's sample keeps its own hand, known deck cards and dial, and redraws the rest."""
    game = meeple.new_game("coloma", 3, 12)
    game.apply(0, "return 2 bottom")
    while public(game)["phase"] == "keep":
        game.apply(game.deciders()[0], "return 1 top")
    game.apply(0, "dial 3")
    game.apply(1, "dial 5")
    rules, state = game.rules, game.state
    samples = [rules.sample(state, 0, n) for n in range(8)]
    for alt in samples:
        assert alt.hands[0] == state.hands[0] and alt.dials[0] == 3 and not rules.invariants(alt)
        assert alt.decks[0][-1] == state.decks[0][-1]  # the card it put at the bottom
        assert [len(h) for h in alt.hands] == [len(h) for h in state.hands]
        assert rules.view(alt, 0) == rules.view(state, 0)
    assert len({tuple(alt.hands[1]) for alt in samples}) > 1
    assert len({alt.dials[1] for alt in samples}) > 1
