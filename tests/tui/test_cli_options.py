"""`meeple play`, `meeple arena` and `meeple info` take a game's options from its spec: flags, `-o`, clear errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import meeple
from engine.games import registered
from meeple.arena.commands import arena
from meeple.cli import main
from meeple.engine import get_rules
from meeple.tui.commands import play


@pytest.fixture()
def test_games() -> Iterator[None]:
    with registered():
        yield


def test_blue_moon_city_flags_are_generated_from_its_spec(tmp_path: Path) -> None:
    """The flags `--edition`, `--expansion`, `--layout` are the game's options, not written in the command."""
    help_text = CliRunner().invoke(play, ["bluemooncity", "--help"]).output
    assert "--edition [cmon2019|kosmos2006]" in help_text and "--expansion / --no-expansion" in help_text
    assert "--layout [standard|open]" in help_text
    save = tmp_path / "g.json"
    result = CliRunner().invoke(play, ["bluemooncity", "--edition", "kosmos2006", "--layout", "open", "--seed", "4",
                                       "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert meeple.load_game(save.read_text()).options == {"edition": "kosmos2006", "expansion": False,
                                                          "layout": "open"}


def test_options_given_with_o_are_parsed_by_the_spec(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(play, ["bluemooncity", "-o", "expansion=yes", "-o", "layout=open", "--seed", "4",
                                       "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert meeple.load_game(save.read_text()).options["expansion"] is True


def test_a_test_game_gets_its_own_flags_and_none_of_another_game(test_games: None, tmp_path: Path) -> None:
    help_text = CliRunner().invoke(play, ["skirmish", "--help"]).output
    assert "--rounds [1|2|3]" in help_text and "--edition [" not in help_text
    save = tmp_path / "g.json"
    result = CliRunner().invoke(play, ["skirmish", "--rounds", "1", "--seats", "me,random", "--seed", "2",
                                       "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert meeple.load_game(save.read_text()).options == {"rounds": 1}
    refused = CliRunner().invoke(play, ["skirmish", "--edition", "kosmos2006"])
    assert refused.exit_code != 0 and "No such option '--edition'" in refused.output


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "unknown game 'chess'; registered games: bluemooncity"),
    (["bluemooncity", "-o", "colour=red"], "bluemooncity has no option 'colour'; valid options: edition, expansion, "
                                           "layout"),
    (["bluemooncity", "-o", "layout=sideways"], "option 'layout' cannot be 'sideways'; valid values: standard, open"),
    (["bluemooncity", "-o", "layout"], "'layout' is not NAME=VALUE"),
    (["bluemooncity", "--layout", "sideways"], "'sideways' is not one of 'standard', 'open'"),
])
def test_unknown_games_options_and_values_are_refused_clearly(args: list[str], message: str) -> None:
    for command in (play, arena):
        extra = ["--seats", "random,random", "--games", "1"] if command is arena else []
        result = CliRunner().invoke(command, [*args, *extra], input="quit\n")
        assert result.exit_code != 0 and message in result.output, result.output


def test_the_arena_plays_a_test_game_with_its_flags(test_games: None) -> None:
    result = CliRunner().invoke(arena, ["skirmish", "--rounds", "2", "--seats", "random,greedy", "--games", "4",
                                        "--quiet", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 4


def test_info_lists_the_options_of_any_game(test_games: None) -> None:
    out = CliRunner().invoke(main, ["info", "skirmish"]).output
    assert "Skirmish (skirmish, rules version 1)" in out and "--rounds" in out and "1 | 2 | 3" in out
    data = json.loads(CliRunner().invoke(main, ["info", "skirmish", "--json"]).output)
    assert data["options"]["rounds"]["choices"] == [1, 2, 3] and data["simultaneous"] is True
    assert data["design_values"] == [] and data["metrics"] == ["points", "gold"]
    listing = CliRunner().invoke(main, ["info"]).output
    assert "skirmish" in listing and "dials" in listing and "bluemooncity" in listing
    bmc = CliRunner().invoke(main, ["info", "bluemooncity"]).output
    assert "[design]" in bmc and "--edition" in bmc  # its reconstructions, through Rules.reconstructions
    assert "Edition" in bmc and "kosmos2006: Kosmos 2006 edition" in bmc  # the option.<name> messages
    spanish = CliRunner().invoke(main, ["info", "bluemooncity", "--lang", "es"]).output
    english = get_rules("bluemooncity").messages()["option.edition"]
    assert "--edition" in spanish and f": {english}" not in spanish  # in the reader's language
    unknown = CliRunner().invoke(main, ["info", "chess"])
    assert unknown.exit_code != 0 and "unknown game 'chess'" in unknown.output


def test_a_benchmark_runs_the_only_installed_game_or_asks_which(test_games: None) -> None:
    from meeple.cli import the_game

    assert the_game("skirmish") == "skirmish"
    result = CliRunner().invoke(main, ["bench", "bots", "--games", "2"])
    assert result.exit_code != 0
    assert "name the game with --game (installed: " in result.output
    listed = result.output.split("(installed: ")[1].split(")")[0].split(", ")
    assert {"bluemooncity", "dials", "skirmish"} <= set(listed) and listed == sorted(listed)
