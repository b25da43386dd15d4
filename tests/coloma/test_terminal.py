"""Coloma in the terminal: `meeple play coloma` with 4 players and a search bot, the solo game against Shade and
the 2-player game with Buster, played to the end by a scripted person; the text board and its legend."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import meeple
from meeple.engine.rng import Stream
from meeple.tui.commands import play
from meeple.tui.session import PlaySession


class Person:
    """Answers the prompts of a session like a person would: Enter on the pass screen, `legend` and `board` once,
    then a legal action by number, ending the turn only one time in four while something else can be done."""

    def __init__(self, seed: int) -> None:
        self.stream = Stream(seed, 1)
        self.session: PlaySession | None = None
        self.asked: list[str] = ["legend", "board", "help"]
        self.prompts = 0

    def __call__(self, prompt: str) -> str | None:
        assert self.session is not None
        self.prompts += 1
        if prompt.endswith("press Enter> "):
            return ""
        if self.asked:
            return self.asked.pop(0)
        game = self.session.game
        seat = game.deciders()[0]
        legal = game.legal_actions(seat)
        others = [i for i, text in enumerate(legal) if text != "end"]
        if others and len(others) < len(legal) and self.stream.below(4):
            return str(others[self.stream.below(len(others))] + 1)
        return str(self.stream.below(len(legal)) + 1)


def play_through(players: int, seats: list[str], seed: int, tmp_path: Path) -> tuple[meeple.Game, str, int]:
    game = meeple.new_game("coloma", players, seed)
    out: list[str] = []
    person = Person(seed)
    session = PlaySession(game, seats, person, out.append, save_path=tmp_path / "g.json")
    person.session = session
    code = session.run()
    return game, "\n".join(out), code


def own_hand(game: meeple.Game, seat: int) -> list[str]:
    cards = game.rules.ctx.comp.cards
    return [f"{cards[c].id} {cards[c].name}" for c in game.state.hands[seat]]


def test_four_players_with_search_and_greedy_bots_play_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    """`--players 4 --seats me,ismcts,greedy,greedy` (with a small search budget): the person's board shows the
    wheel, the map, every player's Lodge and only the person's own hand; the game ends with a ranking."""
    game, text, code = play_through(4, ["me", "ismcts:8", "greedy", "greedy"], 5, tmp_path)
    assert code == 0 and game.is_over()
    assert re.search(r"Game over: .* the most VP \(\d+\): Player \d", text) and re.search(r"  1\. Player \d", text)
    for part in ("Wheel  round 1, chapter 1", "[B] 1", "Frontier Map", "(COL) Coloma", "Horseshoes:",
                 "Player 4", "Lodge ", "Rivers ", "Tableau ", "Hand (4), deck 12:", "Hand 4 cards, deck 12"):
        assert part in text, part
    assert "Wheel: [B] Barker (Trade / Barrel)" in text  # the legend, from the game's messages
    assert "Legal now:" in text
    assert re.search(r"    1: C\d\d .+ \[Site \d (common|boom|bust): .+\] cost .+ VP", text)
    # the person played: resources changed, Sites were dialled and turns taken
    mine = [action for seat, action in game.full_log() if seat == 0]
    assert sum(a.startswith("dial") for a in mine) == 15 and any(a.split()[0] not in ("dial", "return", "end")
                                                                   for a in mine)
    # every board lists one hand, the person's own; the others show only their sizes
    boards = text.count("Frontier Map")
    assert boards > 15 and text.count("Hand (") == boards and text.count("Player 1 (Sheriff)") + text.count(
        "Player 1:") == boards
    assert len(re.findall(r" cards?, deck ", text)) == 3 * boards
    final = game.render(0, color=False)
    assert all(f": {name} [" in final for name in own_hand(game, 0)) and final in text


def test_the_solo_game_against_shade_plays_through(tmp_path: Path) -> None:
    game, text, code = play_through(1, ["me"], 7, tmp_path)
    assert code == 0 and game.is_over()
    assert "Shade: " in text and "Shade goes to Site" in text
    assert "You beat Shade" in text or "Shade wins" in text
    assert game.view(0)["shade"]["vp"] == game.state.shade_vp > 0


def test_two_players_with_buster_play_through(tmp_path: Path) -> None:
    game, text, code = play_through(2, ["me", "greedy"], 9, tmp_path)
    assert code == 0 and game.is_over()
    assert "Buster avoids Sites" in text and "Buster goes to Site" in text
    assert "neutral gunmen 3" in text


def test_the_command_line_starts_the_four_player_table_with_the_default_search_bot(tmp_path: Path) -> None:
    """The command of the issue, as typed: the person keeps 4 cards, the bots keep theirs, the person is asked
    for a dial."""
    result = CliRunner().invoke(play, ["coloma", "--players", "4", "--seats", "me,ismcts,greedy,greedy", "--seed",
                                       "2", "--no-color", "--save", str(tmp_path / "g.json")],
                                input="return 1 top\n1\nlegend\nquit\n")
    out = result.output
    assert result.exit_code == 0, out  # `quit` leaves the saved game and exits 0
    assert re.search(r"Player 2 \(ismcts(:\d+)?\) is thinking\.\.\.", out)
    assert "Lodge: $ Bucks, G Gold" in out and "Your move (choose a Site in secret)" in out
    saved = meeple.load_game((tmp_path / "g.json").read_text())
    assert [a for s, a in saved.full_log() if s == 0] == ["return 1 top", "return 1 bottom"]
    assert saved.view(None)["phase"] == "select" and all(len(saved.state.hands[p]) == 4 for p in range(4))
