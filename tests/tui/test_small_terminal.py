"""Every game in a terminal of 80×24: each screen (board, hand, others, log, the help) fits above the prompt, so that
nothing a player needs scrolls off the top, and the help speaks of the game being played."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .test_terminal import PROMPT, finish, spawn

pexpect = pytest.importorskip("pexpect")

ROWS, COLUMNS = 24, 80
CLEAR = "\x1b[2J"  # what wipes the screen before a screen is drawn in place
ESCAPE = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9]|[=>])")

# game: (what its board screen shows first, a screen of its own, a line of its own help, its example line)
GAMES = {
    "bluemooncity": ("Obelisk:", "others", "Movement", "pay terrah3 khind1"),
    "coloma": ("Wheel", "map", "Keeping cards", "return 2 bottom 5 top"),
    "cityofremnants": ("City of Remnants", "market", "Choose an action", "enter C6 D6"),
}
OTHER_EXAMPLES = {example for *_, example in GAMES.values()}


def next_screen(child: pexpect.spawn) -> list[str]:
    """The lines of the next screen drawn in place, up to the prompt, as the terminal shows them."""
    child.expect_exact(CLEAR)
    child.expect(PROMPT)
    lines = ESCAPE.sub("", child.before + child.after).replace("\r", "").split("\n")
    return [line for line in lines if line.strip() or line is not lines[-1]]


def fits(screen: list[str]) -> None:
    assert len(screen) <= ROWS, f"{len(screen)} lines:\n" + "\n".join(screen)
    assert all(len(line) <= COLUMNS for line in screen), [line for line in screen if len(line) > COLUMNS]
    assert re.search(PROMPT, screen[-1]), screen[-1]  # the prompt is the last line, the screen above it


def ask(child: pexpect.spawn, line: str) -> list[str]:
    child.sendline(line)
    screen = next_screen(child)
    fits(screen)
    return screen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_fits_80_by_24(game: str, tmp_path: Path) -> None:
    first, own, _, _ = GAMES[game]
    child = spawn([game, "--seats", "me,greedy", "--seed", "4", "--save", str(tmp_path / "g.json")], ROWS, COLUMNS)
    screen = next_screen(child)
    fits(screen)
    assert any(first in line for line in screen), screen  # the board is on screen, above the prompt
    assert any("Screens: [board]" in line for line in screen)
    assert any("Your move" in line for line in screen)
    hand = ask(child, "hand")
    assert any("Screens: board " in line and "[hand]" in line for line in hand)
    assert not any(first in line for line in hand)
    assert any(f"[{own}]" in line for line in ask(child, own))
    assert any("[log]" in line for line in ask(child, "log"))
    assert any(first in line for line in ask(child, "board"))
    refused = ask(child, "no such thing")
    assert any("Not possible" in line for line in refused) and any(first in line for line in refused)
    child.sendline("quit")
    assert finish(child) == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_help_fits_and_shows_this_games_example(game: str, tmp_path: Path) -> None:
    *_, example = GAMES[game]
    child = spawn([game, "--seats", "me,greedy", "--seed", "4", "--save", str(tmp_path / "g.json")], ROWS, COLUMNS)
    next_screen(child)
    text = " ".join(ask(child, "help"))
    assert "Legal now:" in text
    assert example in text  # (wrapped at blanks: an example is shorter than a line)
    assert not any(other in text for other in OTHER_EXAMPLES - {example})
    child.sendline("quit")
    assert finish(child) == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_is_printed_once_before_the_first_question(game: str, tmp_path: Path) -> None:
    first = GAMES[game][0]
    out = subprocess.run([sys.executable, "-m", "meeple.cli", "play", game, "--seats", "me,random", "--seed", "4",
                          "--save", str(tmp_path / "g.json"), "--no-color"], input="quit\n", capture_output=True,
                         text=True, timeout=60, check=True).stdout
    before_question = out[:out.index("Your move")]
    assert before_question.count(first) == 1, before_question


def test_coloma_takes_back_a_card_put_back_then_the_player_resigns(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn(["coloma", "--seats", "me,greedy", "--seed", "4", "--save", str(save)], ROWS, COLUMNS)
    next_screen(child)
    ask(child, "return 1 bottom")
    screen = ask(child, "undo")  # Coloma's own action that drew and revealed nothing
    assert any("takes back `return 1 bottom`" in line for line in screen), screen
    assert json.loads(save.read_text())["actions"] == []
    child.sendline("resign")
    child.expect("Type yes to confirm>")
    child.sendline("no")
    assert any("You keep playing." in line for line in next_screen(child))
    child.sendline("resign")
    child.expect("Type yes to confirm>")
    child.sendline("yes")
    child.expect("You resigned: the game is over.")
    assert finish(child) == 0
