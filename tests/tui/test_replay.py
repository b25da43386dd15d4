"""`meeple replay` steps through a saved game forwards and backwards."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import meeple
from meeple.agents import make_agent
from meeple.tui.commands import replay
from meeple.tui.replay import Replay


def saved_game(tmp_path: Path, actions: int = 12) -> Path:
    game = meeple.new_game("bluemooncity", 2, 6)
    bots = [make_agent("random", seed=1), make_agent("random", seed=2)]
    for _ in range(actions):
        seat = game.deciders()[0]
        game.apply(seat, bots[seat].choose(game.seat_table(seat)))
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    return path


def steps_shown(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"Action (\d+)/12:", output)]


def test_forwards_backwards_and_jumps(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    result = CliRunner().invoke(replay, [str(path)], input="\nn\np\n7\nend\nstart\nq\n")
    assert result.exit_code == 0, result.output
    assert steps_shown(result.output) == [1, 2, 1, 7, 12]
    assert result.output.count("Start of the game.") == 2


def test_positions_match_the_game_and_hidden_cards_stay_hidden(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    rep = Replay(path.read_text())
    game = meeple.load_game(path.read_text())
    assert len(rep) == 12
    assert rep.render(12, None, False) == game.render(None)
    assert "Your hand" not in rep.render(3, None, False)
    assert "Your hand" in rep.render(3, 0, False)


def test_a_file_that_is_not_a_game_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\"hello\": 1}")
    result = CliRunner().invoke(replay, [str(bad)])
    assert result.exit_code != 0
    assert "not a saved game" in result.output


def test_seat_out_of_range(tmp_path: Path) -> None:
    result = CliRunner().invoke(replay, [str(saved_game(tmp_path, 2)), "--seat", "5"])
    assert result.exit_code != 0
    assert "choose a player from 1 to 2" in result.output


def test_the_replay_jumps_by_turn(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 60)
    rep = Replay(path.read_text())
    starts = rep.turns
    assert starts[0] == 0 and len(starts) >= 3
    assert all(rep.moves[n][0] != rep.moves[n - 1][0] for n in starts[1:])
    result = CliRunner().invoke(replay, [str(path)], input="t 2\nt+\nt-\n5\nt-\nt 99\nq\n")
    assert result.exit_code == 0, result.output
    shown = [int(n) for n in re.findall(r"Action (\d+)/60:", result.output)]
    # a turn is shown from the position before its first action: the action shown is the last of the turn before
    assert shown[:3] == [starts[1], starts[2], starts[1]]
    assert f"The game has {len(starts)} turns." in result.output
