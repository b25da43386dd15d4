"""`meeple play` driven through stdin (no terminal): choices by number or notation, help, errors, saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import meeple
from meeple.tui.commands import play
from meeple.tui.session import load_save


def run_play(args: list[str], lines: list[str]) -> Result:
    return CliRunner().invoke(play, args, input="".join(line + "\n" for line in lines))


def saved(path: Path) -> meeple.Game:
    return meeple.load_game(path.read_text())


def test_invalid_input_gets_a_clear_message_and_a_new_prompt(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run_play(["bluemooncity", "--seats", "me,greedy", "--seed", "3", "--save", str(save), "--no-color"],
                      ["xyz", "999", "0", "help", "quit"])
    out = result.output
    assert "Not possible: `xyz` is not an action or a command here" in out
    assert "There is no action 999: choose a number from 1 to" in out
    assert "There is no action 0" in out
    assert "Movement: take up to your steps left" in out and "Legal now:" in out
    assert result.exit_code == 0
    assert "resume with: meeple play --resume" in out
    assert saved(save).players == 2


def test_actions_by_number_and_by_notation_are_played(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run_play(["bluemooncity", "--seats", "me,greedy", "--seed", "3", "--save", str(save)],
                      ["end", "1", "save", "quit"])
    assert result.exit_code == 0, result.output
    mine = [action for seat, action in saved(save).full_log() if seat == 0]
    assert mine[0] == "end"
    assert mine[1].startswith("refill")  # the first action listed in the refill phase
    assert "Player 1 (you)" in result.output


def test_the_city_obelisk_and_own_hand_are_shown(tmp_path: Path) -> None:
    result = run_play(["bluemooncity", "--players", "3", "--seats", "me,random,greedy", "--seed", "5",
                       "--save", str(tmp_path / "g.json")], ["board", "quit"])
    out = result.output
    assert "Courtyard" in out and "Obelisk" in out
    assert "Your hand:" in out and "crystals" in out
    assert "\x1b[" not in out  # no colour codes without a terminal


def test_colour_on_request(tmp_path: Path) -> None:
    result = run_play(["bluemooncity", "--seats", "me,greedy", "--seed", "5", "--color",
                       "--save", str(tmp_path / "g.json")], ["quit"])
    assert "\x1b[" in result.output


def test_a_saved_game_resumes_with_its_seats(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run_play(["bluemooncity", "--seats", "me,greedy", "--seed", "8", "--save", str(save)], ["end", "quit"])
    before = saved(save).full_log()
    _, seats = load_save(save.read_text())
    assert seats == ["me", "greedy"]
    result = run_play(["--resume", str(save)], ["1", "quit"])
    assert result.exit_code == 0, result.output
    after = saved(save).full_log()
    assert after[: len(before)] == before and len(after) > len(before)


def test_a_whole_game_without_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run_play(["bluemooncity", "--seats", "me,random", "--seed", "2", "--save", str(save)], ["1"] * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.count("Game over:") == 1 and "  1. Player" in result.output
    game = saved(save)
    assert game.is_over()
    assert json.loads(save.read_text())["seats"] == ["me", "random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [(["bluemooncity", "--seats", "me,wizard"], "'wizard' is neither `me` nor a bot level"),
     (["bluemooncity", "--players", "3", "--seats", "me,greedy"], "name 3 seats"),
     (["bluemooncity", "--edition", "nope"], "edition"),
     (["chess"], "unknown game 'chess'"),
     ([], "name a game")],
)
def test_bad_arguments_are_refused_clearly(args: list[str], message: str) -> None:
    result = run_play(args, [])
    assert result.exit_code != 0
    assert message in result.output
