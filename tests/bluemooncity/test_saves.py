"""Saves of rules version 1 (before the corrections of BMC-10.2 and BMC-6.7): replayed to the very position version 1
reached, or refused with the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple

from .helpers import CITY, scenario

SAVES = json.loads((Path(__file__).parent / "saves_v1.json").read_text(encoding="utf-8"))
GAMES = SAVES["games"]
CUTS = SAVES["cuts"]


def as_version_1(game: meeple.Game) -> str:
    return json.dumps({**json.loads(game.to_json()), "version": 1})


def cut(save: dict[str, Any], actions: int) -> str:
    return json.dumps({**save, "actions": save["actions"][:actions]})


def test_the_rules_version_changed_and_version_1_is_declared_replayable() -> None:
    spec = meeple.new_game("bluemooncity", 2, 0).spec
    assert spec.version == 2 and spec.replays == (1,)
    assert json.loads(meeple.new_game("bluemooncity", 2, 0).to_json())["version"] == 2


@pytest.mark.parametrize("number", range(len(GAMES)), ids=lambda n: GAMES[n]["save"]["options"].get("edition",
                                                                                                   "cmon2019"))
def test_version_1_games_replay_to_the_state_version_1_reached(number: int) -> None:
    """BMC-6.7: in 2006 games, cards that version 1 gave at once reach the same hands at the end of the turn."""
    entry = GAMES[number]
    game = meeple.load_game(json.dumps(entry["save"]))
    assert game.is_over() and game.rules.to_data(game.state) == entry["state"]
    if entry["save"]["options"].get("edition") == "kosmos2006":
        again = meeple.new_game("bluemooncity", game.players, game.seed, game.options)
        waited = 0
        for seat, action in game.full_log():
            again.apply(seat, action)
            waited += any(again.view(None)["seats"][p]["pending_cards"] for p in range(game.players) if p != seat)
        assert waited > 0  # the games do pass through the rule that changed


def test_a_version_1_log_stopping_while_another_players_rewards_wait_is_refused() -> None:
    """BMC-6.7: the position differs (version 1 had put the cards into the hand), so the save is refused."""
    save = GAMES[0]["save"]
    with pytest.raises(meeple.SaveError) as err:
        meeple.load_game(cut(save, CUTS["mid_turn"]))
    message = str(err.value)
    assert "rules version 1" in message and "BMC-6.7" in message
    assert f"after action {CUTS['mid_turn']} of the log" in message
    game = meeple.load_game(cut(save, CUTS["turn_over"]))
    assert game.rules.to_data(game.state) == CUTS["turn_over_state"]


def test_a_version_1_game_that_rebuilds_every_building_is_refused() -> None:
    """BMC-10.2: version 1 ended the all-rebuilt stage differently: from that position on the save is refused."""
    rebuilt = [sq for sq, tile in CITY.items() if tile not in ("courtyard", "fire-temple")]
    game = scenario(rebuilt=rebuilt, figures=["c2", "c3"], boxes={"c2": [1, 1]}, crystals=[7, 0],
                    hands=[["vulca3"], []], turn={"active": 0, "phase": "contribution"})
    game.apply(0, "contribute 3")
    before = as_version_1(game)
    game.apply(0, "pay vulca3")
    game.apply(0, "done")
    assert meeple.load_game(before).full_log() == game.full_log()[:1]
    with pytest.raises(meeple.SaveError, match=r"every building is rebuilt.*BMC-10\.2.*after action 3 of the log"):
        meeple.load_game(as_version_1(game))


def test_a_version_1_scenario_with_every_building_rebuilt_is_refused() -> None:
    """BMC-10.2: refused in the starting position, or when the new rules would have ended it before it began."""
    every = [sq for sq, tile in CITY.items() if tile != "courtyard"]
    game = scenario(rebuilt=every, crystals=[9, 0], turn={"active": 0})
    with pytest.raises(meeple.SaveError, match=r"BMC-10\.2.*in the starting position"):
        meeple.load_game(as_version_1(game))
    data = json.loads(as_version_1(game))
    data["scenario"]["crystals"] = [3, 0]  # version 1 accepted this position; it is over before it starts now
    with pytest.raises(meeple.SaveError, match=r"the saved position cannot be built: crystals: .*BMC-10\.2"):
        meeple.load_game(json.dumps(data))


def test_saves_of_the_current_version_load_as_before() -> None:
    game = meeple.load_game(json.dumps({**GAMES[1]["save"], "version": 2}))
    assert game.rules.to_data(game.state) == GAMES[1]["state"]
