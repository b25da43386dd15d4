"""What the faces take from Coloma: messages, the text board, client data, statistics, the spec."""

from __future__ import annotations

import json

import meeple
from meeple.engine import get_rules

from .helpers import end_all, example, scenario

PHASES = ("keep", "event", "select", "turn", "over")


def test_every_phase_option_and_term_has_a_message() -> None:
    rules = get_rules("coloma")
    cat = rules.messages()
    for phase in PHASES:
        assert f"phase.{phase}" in cat and f"help.{phase}" in cat and f"status.{phase}" in cat
    assert "legend" in cat and "option.shade" in cat
    assert all(f"option.shade.{v}" in cat for v in ("easy", "normal", "hard"))
    assert cat["card.C09"] == "Foundry" and cat["space.AUB"] == "Auburn" and "barrel.oats" in cat


def test_events_are_message_ids_with_parameters() -> None:
    game = example("ex19")
    catalogue = game.catalogue()
    while game.deciders() and game.deciders()[0] != 1:
        game.apply(game.deciders()[0], "end")
    events = game.apply(1, "trade") + game.apply(1, "buy horse")
    assert [e.msg for e in events] == ["trade.buy"]
    assert catalogue.text(events[0].msg, events[0].params) == "Player 2 buys 1 horse for 2$ from the Barker"


def test_the_text_board_shows_the_wheel_map_and_only_the_own_hand() -> None:
    game = example("ex21")
    own = game.render(3)
    assert "Barker on Site 4" in own and "Bust on 4" in own and "(AUB)" in own and "<PIL>" in own
    assert "    1: C15 Land Office [Site 5 boom:" in own and "Rivers ----" in own
    other = game.render(0)
    assert "Land Office" not in other.split("Player 4")[1] and "Hand 6 cards" in other
    assert "Hand (" not in game.render(None) and "    1: C" not in game.render(None)


def test_client_data_and_statistics() -> None:
    rules = get_rules("coloma")
    data = rules.client_data()
    assert len(data["cards"]) == 16 and data["spaces"]["COL"]["neighbours"] == ["H1", "H2", "H3", "H4"]
    json.dumps(data)
    game = scenario(round=3, chapter=5, dials=[1, 2, 3, 4], seats=[{"gunmen": 1}], supply={"outlaws": 0})
    end_all(game)
    stats = rules.statistics(game.state)
    assert set(rules.spec.metrics) <= set(stats) and stats["vp"] == [2, 0, 0, 0]


def test_the_spec_of_the_game() -> None:
    spec = get_rules("coloma").spec
    assert (spec.id, spec.min_players, spec.max_players, spec.simultaneous) == ("coloma", 1, 5, True)
    assert spec.num_distinct_actions == len(get_rules("coloma").actions)
    game = meeple.new_game("coloma", 3, 1)
    assert game.spec.package == "meeple.games.coloma"
