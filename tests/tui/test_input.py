"""What a person types in `meeple play`: any case, several actions on one line, undo, hint, suggestions, autosave."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import meeple
from meeple.tui.commands import want_color
from meeple.tui.lines import split_actions, suggestions
from meeple.tui.session import PlaySession

# Player 1 stands on the Earth Temple (boxes 5, 4, 3 in Terrah cards) with Terrah 3 and Khind 1 in hand.
PAYMENT = {"players": 2, "seed": 1, "city": {"c2": "earth-temple"}, "figures": ["earth-temple", "c3"],
           "hands": [["terrah3", "khind1", "vulca1", "terrah1"], ["pillar3"]], "turn": {"active": 0}}


def table() -> meeple.Game:
    return meeple.scenario("bluemooncity", PAYMENT)


def play(game: meeple.Game, lines: list[str], tmp_path: Path, seats: list[str] | None = None,
         watch: list[str] | None = None) -> tuple[int, str]:
    """Run a session on `lines` (then the end of the input); returns its exit code and everything it wrote.
    `watch` receives the save file's text at every prompt."""
    out: list[str] = []
    feed: Iterator[str] = iter(lines)
    save = tmp_path / "game.json"

    def read(prompt: str) -> str | None:
        if watch is not None and save.exists():
            watch.append(save.read_text())
        out.append(prompt)
        return next(feed, None)

    session = PlaySession(game, seats or ["me", "greedy"], read, out.append, save_path=save)
    return session.run(), "\n".join(out)


def mine(game: meeple.Game) -> list[str]:
    return [action for seat, action in game.full_log() if seat == 0]


def test_a_payment_on_one_line_in_any_case_and_the_only_choice_taken(tmp_path: Path) -> None:
    game = table()
    code, out = play(game, ["Contribute 2 PAY Terrah3 khind1", "quit"], tmp_path)
    assert code == 0
    assert mine(game)[:4] == ["contribute 2", "pay terrah3", "pay khind1", "done"]
    assert "Only one choice: done" in out


def test_a_line_refused_half_way_is_taken_back_whole(tmp_path: Path) -> None:
    game = table()
    code, out = play(game, ["contribute 2 pay terrah3 pay vulca1", "quit"], tmp_path)
    assert code == 0 and game.full_log() == []
    assert "Stopped at `pay vulca1`" in out and "Nothing of the line was kept." in out


def test_undo_takes_back_the_last_action_and_the_only_choice_waits_after_it(tmp_path: Path) -> None:
    game = table()
    code, out = play(game, ["contribute 2", "pay terrah3", "pay khind1", "undo", "undo", "undo", "undo",
                            "step c3", "undo", "undo", "quit"], tmp_path)
    assert code == 0
    # `done` was the only choice and was taken; the undos take back done, khind1, terrah3 and the contribution
    assert "Player 1 (you) takes back `done`" in out and "Player 1 (you) takes back `contribute 2`" in out
    assert "Player 1 (you) takes back `step c3`" in out
    assert "Cannot take that back: nothing has been played yet." in out
    assert game.full_log() == []


def test_a_mistyped_action_gets_suggestions(tmp_path: Path) -> None:
    code, out = play(table(), ["stpe c3", "contribte 2", "quti"], tmp_path)
    assert code == 1  # the input ended
    assert "Did you mean `step c3`" in out
    assert "Did you mean `contribute 2`" in out
    assert "`quit`" in out.split("quti")[1]


def test_hint_asks_the_bot_through_the_seat_table(tmp_path: Path) -> None:
    game = table()
    code, out = play(game, ["hint", "quit"], tmp_path)
    assert code == 0
    hint, why = out.split("Hint (greedy): ")[1].split("\n")[0].split(" (", 1)
    assert why.endswith(")")  # why, in the game's words
    assert hint in game.legal_actions(0) and game.full_log() == []


def test_a_question_about_the_table_is_answered_by_the_game(tmp_path: Path) -> None:
    code, out = play(table(), ["tile c2", "tile q9", "help", "quit"], tmp_path)
    assert code == 0
    assert "c2: Earth Temple (ET)" in out and "box 2: 4 in Terrah cards, free" in out
    assert "`q9` is not a square" in out
    assert "tile SQ" in out.split("Legal now:")[1]  # help lists the game's questions


def test_the_game_is_saved_after_every_action(tmp_path: Path) -> None:
    seen: list[str] = []
    game = table()
    play(game, ["step c3", "end"], tmp_path, watch=seen)
    logs = [json.loads(text)["actions"] for text in seen]
    assert logs[0] == [] and [0, "step c3"] in logs[1]
    assert len(logs[-1]) >= 2


def test_quit_exits_0_and_the_end_of_the_input_1(tmp_path: Path) -> None:
    assert play(table(), ["quit"], tmp_path)[0] == 0
    assert play(table(), [], tmp_path)[0] == 1


def test_ctrl_c_saves_the_game(tmp_path: Path) -> None:
    game = table()
    out: list[str] = []
    answers = iter(["step c3"])

    def read(prompt: str) -> str | None:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    save = tmp_path / "g.json"
    code = PlaySession(game, ["me", "greedy"], read, out.append, save_path=save).run()
    assert code == 130
    assert f"Interrupted: game saved to {save}; resume with: meeple play --resume {save}" in out
    assert [0, "step c3"] in json.loads(save.read_text())["actions"]


def test_several_actions_split_on_the_notation() -> None:
    game = table()
    assert split_actions(game, "pay terrah3 khind1") == ["pay terrah3", "pay khind1"]
    assert split_actions(game, "  STEP  c3 ") == ["step c3"]
    assert split_actions(game, "step c3 end") == ["step c3", "end"]
    assert split_actions(game, "pay nothing") is None
    assert suggestions("stepp c3", ["step c3", "step b2", "end"])[0] == "step c3"


@pytest.mark.parametrize(("flag", "no_color", "expected"), [(None, "1", False), (True, "1", True), (False, "", False)])
def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch, flag: bool | None, no_color: str,
                               expected: bool) -> None:
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert want_color(flag) is expected


def test_an_undo_in_hot_seat_keeps_the_keyboard_and_shows_the_table_again(tmp_path: Path) -> None:
    game = meeple.new_game("bluemooncity", 2, seed=3)
    code, out = play(game, ["", "end", "undo", "quit"], tmp_path, seats=["me", "me"])
    assert code == 0 and game.full_log() == []
    assert out.count("Pass the keyboard to") == 1
    after = out.split("takes back `end`")[1]
    assert "Obelisk:" in after and "Your move (movement" in after


def test_actions_written_in_upper_case_are_matched_in_any_case() -> None:
    """A game whose canonical texts hold upper-case ids (card ids like `GM-05`) takes them typed in lower case; the
    line comes back in the game's own spelling."""
    game = meeple.new_game("cityofremnants", 3, 5)
    card = next(a for a in game.legal_actions(0) if a.startswith("play "))
    assert card != card.lower()
    assert split_actions(game, card.lower()) == [card]
    assert split_actions(game, "  " + card.upper().replace(" ", "   ")) == [card]
    assert split_actions(game, "play zz-99") is None
