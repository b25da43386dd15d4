"""`resign` in `meeple play`: with three or more seats a bot takes the seat and the game goes on; with two it ends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import meeple
from meeple.tui.session import PlaySession, takeover_level


def run(game: meeple.Game, seats: list[str], lines: list[str], tmp_path: Path) -> tuple[int, str, PlaySession]:
    out: list[str] = []
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str | None:
        out.append(prompt)
        return next(feed, None)

    session = PlaySession(game, seats, read, out.append, save_path=tmp_path / "game.json")
    return session.run(), "\n".join(out), session


def test_a_hot_seat_player_who_resigns_hands_the_seat_to_a_bot_and_the_others_play_on(tmp_path: Path) -> None:
    game = meeple.new_game("bluemooncity", players=3, seed=5)
    first = game.deciders()[0]
    # The keyboard goes to the first player, who resigns; the next person then leaves.
    code, out, session = run(game, ["me", "me", "me"], ["", "resign", "no", "resign", "yes", "", "quit"], tmp_path)
    assert code == 0
    assert "You keep playing." in out
    assert "A bot takes your seat and the game goes on. Type yes to confirm>" in out
    assert "resigned: a bot (greedy) plays on in that seat." in out
    assert session.seats[first] == "greedy" and session.bots[first] is not None
    assert [bot is None for bot in session.bots].count(True) == 2 and session.hot_seat
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["seats"][first] == "greedy"  # a resumed game keeps the bot in the seat
    assert any(seat == first for seat, _ in game.full_log())  # the bot played the seat at once
    assert not game.is_over()


def test_the_last_person_at_a_table_of_bots_hands_over_and_the_bots_finish(tmp_path: Path) -> None:
    game = meeple.new_game("bluemooncity", players=3, seed=2)
    code, out, _ = run(game, ["me", "random", "greedy"], ["resign", "yes"], tmp_path)
    assert code == 0 and game.is_over()
    assert "resigned: a bot (greedy) plays on in that seat." in out


def test_in_a_two_player_game_resigning_ends_it(tmp_path: Path) -> None:
    game = meeple.new_game("bluemooncity", players=2, seed=5)
    code, out, _ = run(game, ["me", "greedy"], ["resign", "yes"], tmp_path)
    assert code == 0 and "You resigned: the game is over." in out


def test_the_bot_that_takes_over_is_the_tables_strongest() -> None:
    assert takeover_level([]) == "greedy"
    assert takeover_level(["random"]) == "random"
    assert takeover_level(["random", "ismcts:0.5s", "greedy"]) == "ismcts:0.5s"
    assert takeover_level(["easy", "greedy", "hard", "medium"]) == "hard"
    assert takeover_level(["expert", "ismcts:0.5s"]) == "expert"
