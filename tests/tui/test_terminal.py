"""`meeple play` in a pseudo-terminal, as a person uses it: line editing, undo, suggestions, Ctrl-C, quit, NO_COLOR."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"\(you\)>"  # the prompt's trailing blank is drawn by the line editor with escape codes around it
PAINT = "\x1b[1;34m"  # the board's blue (Aqua boxes): present in colour, absent with NO_COLOR
TIMEOUT = 30


def spawn(args: list[str], rows: int = 40, columns: int = 120, **env: str) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", **env)
    return pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=environment, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(rows, columns))


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -(child.signalstatus or 0))


def actions(path: Path) -> list[list[object]]:
    return list(json.loads(path.read_text())["actions"])


def test_a_hot_seat_game_with_an_undo(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn(["bluemooncity", "--seats", "me,me", "--seed", "3", "--save", str(save)])
    child.expect("Pass the keyboard to Player 2")
    child.expect("press Enter>")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("End")  # any case
    child.expect("Your move")  # the table of the next decision, redrawn
    child.expect(PROMPT)
    assert actions(save) == [[1, "end"]]  # saved after the action
    child.sendline("undo")
    child.expect("Player 2 \\(you\\) takes back `end`")
    child.expect("Your move")
    child.expect(PROMPT)
    assert actions(save) == []
    child.sendline("undo")
    child.expect("nothing has been played yet")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def test_a_mistyped_command_gets_a_suggestion(tmp_path: Path) -> None:
    child = spawn(["bluemooncity", "--seats", "me,greedy", "--seed", "5", "--save", str(tmp_path / "g.json")])
    child.expect(PROMPT)
    child.sendline("quti")
    child.expect("Did you mean [^\n]*`quit`")
    child.expect(PROMPT)
    child.sendline("ENDD")
    child.expect("Did you mean `end`")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def test_ctrl_c_saves_the_game_and_resume_continues_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn(["bluemooncity", "--seats", "me,greedy", "--seed", "5", "--save", str(save)])
    child.expect(PROMPT)
    child.sendline("end")
    child.expect("Your move")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted: game saved to")
    child.expect("resume with: meeple play --resume")
    assert finish(child) == 130
    played = actions(save)
    assert [0, "end"] in played
    again = spawn(["--resume", str(save)])
    again.expect(PROMPT)
    again.sendline("quit")
    again.expect("You left: game saved to")
    assert finish(again) == 0
    assert actions(save)[: len(played)] == played


def test_quit_exits_0(tmp_path: Path) -> None:
    child = spawn(["bluemooncity", "--seats", "me,greedy", "--seed", "2", "--save", str(tmp_path / "g.json")])
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("You left")
    assert finish(child) == 0


@pytest.mark.parametrize(("env", "painted"), [({"NO_COLOR": "1"}, False), ({}, True)])
def test_no_color_turns_the_colours_off(tmp_path: Path, env: dict[str, str], painted: bool) -> None:
    child = spawn(["bluemooncity", "--seats", "me,greedy", "--seed", "2", "--save", str(tmp_path / "g.json")], **env)
    child.expect(PROMPT)
    shown = str(child.before)
    child.sendline("quit")
    assert finish(child) == 0
    assert "Obelisk" in shown
    assert (PAINT in shown) is painted


def test_an_80_by_24_terminal_keeps_the_table_in_sight_and_tab_completes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = spawn(["bluemooncity", "--seats", "me,greedy", "--seed", "5", "--save", str(save), "--no-color"], 24, 80)
    child.expect("Tab completes them")  # too many actions to list under the table on 24 lines
    child.expect(PROMPT)
    child.send("EN")
    child.send("\t")  # completes `end`, the only legal action starting so
    child.sendline("")
    child.expect("Your move")
    child.expect(PROMPT)
    assert [0, "end"] in actions(save)
    child.sendline("quit")
    assert finish(child) == 0
