"""Who sees what (BMC-13): public state, private hands and crystals, hidden deck order and pending cards."""

from __future__ import annotations

import json

import meeple
from meeple.engine.rng import Stream

from .helpers import SCENARIOS, all_lines, lines, run, scenario


def test_bmc_13_1_public_information_in_every_view() -> None:
    """BMC-13.1: city, obelisk, scales, markers, hand sizes, offerings, discard, deck size and pool are public."""
    game = scenario(boxes={"c4": [1]}, obelisk=[0], scales=[2, 1], dragons={"red": "c2"},
                    hands=[["aqua1", "aqua2"], ["vulca3"]], discard=["pillar3"], turn={"active": 0})
    for viewer in (None, 0, 1):
        view = game.view(viewer)
        assert next(t for t in view["city"] if t["square"] == "c4")["boxes"][0]["owner"] == 1
        assert view["dragons"]["red"] == "c2" and view["obelisk"]["filled"] == [0]
        assert [s["scales"] for s in view["seats"]] == [2, 1]
        assert [s["markers"] for s in view["seats"]] == [9, 9]
        assert [s["hand_size"] for s in view["seats"]] == [2, 1]
        assert [s["offerings"] for s in view["seats"]] == [1, 0]
        assert view["discard"] == ["pillar3"] and view["deck_size"] == 80 - 4 and view["scales_pool"] == 4


def test_bmc_13_2_hand_and_crystals_are_private() -> None:
    """BMC-13.2: a hand and a crystal total are seen by their owner only; spectators see neither."""
    game = scenario(hands=[["aqua1", "aqua2"], ["vulca3"]], crystals=[13, 29], turn={"active": 0})
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert mine["hand"] == ["aqua1", "aqua2"] and mine["crystals"] == 13
    assert theirs["hand"] == ["vulca3"] and theirs["crystals"] == 29
    assert "hand" not in spectator and "crystals" not in spectator
    assert "29" not in json.dumps(mine) and "vulca3" not in json.dumps(mine)
    assert "13" not in json.dumps(theirs) and "aqua2" not in json.dumps(theirs)


def test_bmc_13_2_bonus_crystals_are_public_events_totals_are_not() -> None:
    """BMC-13.2: amounts handed out are public events; the views show only the own total."""
    game = scenario(figures=["c2", "c3"], boxes={"c2": [1, 0]}, crystals=[4, 9], hands=[["vulca3"], []],
                    turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay vulca3", "done")
    public = lines(game, None)
    assert "Player 1 receives 2 crystals (majority bonus of the Fire Temple)" in public
    assert "crystals" not in game.view(None) and game.view(1)["crystals"] == 12


def test_bmc_13_3_deck_order_and_pending_cards_hidden_from_everyone() -> None:
    """BMC-13.3: nobody sees the deck order, nor pending reward cards before they join the hand."""
    game = scenario(figures=["b2", "c3"], boxes={"b2": [0, 1]}, hands=[["terrah2"], ["aqua3"]],
                    deck=["pillar1", "pillar2", "mimix3"], turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay terrah2", "done")  # Mill majority: two reward cards face down for seat 0
    for viewer in (None, 0, 1):
        text = json.dumps(game.view(viewer)) + json.dumps(game.events(viewer)) + all_lines(game, viewer)
        assert "pillar1" not in text and "Pillar 1" not in text and "mimix3" not in text
        assert game.view(viewer)["seats"][0]["pending_cards"] == 2
        assert "deck" not in game.view(viewer)
    run(game, "refill")
    assert "pillar1" in game.view(0)["hand"]
    assert not any("Pillar" in line for line in lines(game, 1) + lines(game, None))
    assert "pillar1" not in json.dumps(game.view(1))


def test_bmc_13_3_kosmos2006_pending_cards_of_another_turn_hidden_from_their_receiver_too() -> None:
    """BMC-13.3 / BMC-6.7: in kosmos2006 a receiver outside its turn sees only how many cards wait, like everyone."""
    game = meeple.scenario("bluemooncity", SCENARIOS / "bmc-6-7-kosmos-rewards-in-another-turn.yaml")
    run(game, "contribute 3", "pay terrah2", "done")
    for viewer in (None, 0, 1):
        text = json.dumps(game.view(viewer)) + json.dumps(game.events(viewer))
        assert not any(card in text for card in ("pillar1", "pillar2", "Pillar 1", "Pillar 2"))
        assert game.view(viewer)["seats"][1]["pending_cards"] == 2
    for kind, seat, value in game.rules.hidden_values(game.state, 1):
        if kind == "pending" and seat == 1:
            assert value == ["pillar1", "pillar2"]  # the leak checks count them as hidden from seat 1 itself
    run(game, "refill")
    assert "pillar1" in game.view(1)["hand"] and "pillar1" not in json.dumps(game.view(0))
    assert not any("Pillar" in line for line in game.events(0)[-1] + game.events(None)[-1])


def test_bmc_13_private_draws_only_in_the_owners_log() -> None:
    """BMC-13.2: cards drawn are told to the drawer only; the others learn how many."""
    game = scenario(hands=[[], []], deck=["lux1", "lux2"], turn={"active": 0, "phase": "refill"})
    run(game, "refill")
    assert any("Lux 1" in line for line in lines(game, 0))
    assert not any("Lux" in line for line in lines(game, 1) + lines(game, None))
    assert any("draws 2 cards" in line for line in lines(game, 1))


def test_hidden_values_never_appear_in_views() -> None:
    """BMC-13: the rules' own list of secrets per viewer is absent from that viewer's view."""
    game = scenario(hands=[["aqua1", "aqua2"], ["vulca3", "venti3"]], crystals=[41, 57], pending=[["lux3"], []],
                    turn={"active": 0, "phase": "refill"})
    for viewer in (None, 0, 1):
        view = game.view(viewer)
        for kind, _seat, value in game.rules.hidden_values(game.state, viewer):
            if kind == "hand":
                assert view.get("hand") != value
            elif kind == "crystals":
                assert view.get("crystals") != value and str(value) not in json.dumps(view)
            elif kind == "pending":
                assert "lux3" not in json.dumps(view)


def test_bmc_13_views_of_several_seats_are_their_single_views() -> None:
    """BMC-13: `views` (one call for every viewer, as the server makes) gives each seat exactly its own view."""
    game = meeple.new_game("bluemooncity", 3, 5)
    rng = Stream(5, 1)
    for step in range(300):
        if game.is_over():
            break
        if step % 7 == 0:
            views = game.views([None, 0, 1, 2])
            assert views == {viewer: game.view(viewer) for viewer in (None, 0, 1, 2)}
            assert "hand" not in views[None] and "crystals" not in views[None]
            assert views[0]["city"] is views[2]["city"]  # the public part is built once and shared
        seat = game.deciders()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.below(len(legal))])
