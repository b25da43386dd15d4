"""The terminal with any game: help, status and legend from the game's messages; hot-seat passes the keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from engine.games import registered
from meeple.tui.commands import play


@pytest.fixture(autouse=True)
def _test_games() -> Iterator[None]:
    with registered():
        yield


def run_play(args: list[str], lines: list[str], tmp_path: Path) -> Result:
    return CliRunner().invoke(play, [*args, "--save", str(tmp_path / "g.json"), "--no-color"],
                              input="".join(line + "\n" for line in lines))


def test_help_status_and_legend_come_from_the_games_catalogue(tmp_path: Path) -> None:
    result = run_play(["skirmish", "--seats", "me,random", "--seed", "3"], ["help", "legend", "quit"], tmp_path)
    out = result.output
    assert "Your move (round 1: discard a card in secret (2 still choosing))" in out
    assert "Muster: `discard N` puts a card of your hand face down" in out and "Legal now: discard" in out
    assert "hand: your cards; gold and points per player" in out


def test_blue_moon_citys_help_and_status_are_its_own_messages(tmp_path: Path) -> None:
    result = run_play(["bluemooncity", "--seats", "me,greedy", "--seed", "3"], ["help", "legend", "quit"], tmp_path)
    assert "Your move (movement, 2 steps left)" in result.output
    assert "Movement: take up to your steps left" in result.output
    assert "Legend: each square shows the building's name" in result.output


def test_hot_seat_passes_the_keyboard_before_showing_a_hand_and_hides_secret_choices(tmp_path: Path) -> None:
    result = run_play(["dials", "--seats", "me,me", "--seed", "1"], ["", "dial 3", "", "dial 1"], tmp_path)
    out = result.output
    assert result.exit_code == 0, out
    first = out.index("Pass the keyboard to Player 1 (you) and press Enter.")
    second = out.index("Pass the keyboard to Player 2 (you) and press Enter.")
    assert first < out.index("You chose 3") < second  # the first person reads their own choice
    before_second_choice = out[second:out.index("The dials are revealed")]
    assert "You chose 3" not in before_second_choice and '"mine": 3' not in before_second_choice
    assert '"mine": null' in before_second_choice and '"chosen": [\n  true,\n  false\n ]' in before_second_choice
    assert "The dials are revealed: 3, 1" in out and "Game over: Most rounds won: Player 1 (you)" in out


def test_hot_seat_with_a_bot_asks_each_person_in_turn(tmp_path: Path) -> None:
    """Three seats decide at once: two people (each after the keyboard is passed) and a bot."""
    result = run_play(["skirmish", "--seats", "me,random,me", "--seed", "4", "--rounds", "1"],
                      ["", "1", "", "1"] + ["", "1"] * 20, tmp_path)
    out = result.output
    assert out.count("Pass the keyboard to") >= 2
    assert out.index("Pass the keyboard to Player 1") < out.index("Pass the keyboard to Player 3")
    assert "Player 2 (random) discards a card face down" in out or "Player 2 discards a card face down" in out
    assert "The discards are revealed" in out


def test_the_end_of_the_input_on_the_pass_screen_saves_the_game(tmp_path: Path) -> None:
    result = run_play(["dials", "--seats", "me,me", "--seed", "1"], [], tmp_path)
    assert result.exit_code == 1 and "Input ended: game saved to" in result.output
