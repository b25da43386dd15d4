"""City of Remnants in a pseudo-terminal, 80 columns wide, as a person plays it: the board and its legend, a bid
asked out of turn and won, a battle where the person defends, and the secret Reset discard passed round a
hot-seat table (COR-11, COR-18, COR-6.5, COR-27.2)."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import meeple
from meeple.engine.rng import Stream
from meeple.i18n import catalogue
from meeple.tui.session import make_bots, save_text

pexpect = pytest.importorskip("pexpect")

PROMPT = r"\(you\)>"
TIMEOUT = 60
COLUMNS = 80
Wanted = Callable[[meeple.Game], bool]


def spawn(args: list[str]) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
    return pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=environment, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(60, COLUMNS))


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -(child.signalstatus or 0))


def reach(seed: int, players: int, wanted: Wanted, limit: int = 3000) -> meeple.Game | None:
    """Play seeded random choices for every seat until a position is `wanted` (None when the game ends first)."""
    game = meeple.new_game("cityofremnants", players, seed)
    stream = Stream(seed, 9)
    for _ in range(limit):
        if game.is_over():
            return None
        if wanted(game):
            return game
        seat = game.deciders()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[stream.below(len(legal))])
    return None


def copy_of(game: meeple.Game) -> meeple.Game:
    return meeple.load_game(json.dumps(game.to_dict()))


def highest_bid(legal: list[str]) -> str:
    bids = [a for a in legal if a.startswith("bid ")]
    return max(bids, key=lambda a: int(a.split()[1])) if bids else "pass"


def bot_answers(game: meeple.Game, seats: list[str], until: Callable[[meeple.Game], bool]) -> None:
    """Let the bots a resumed session makes play in-process until `until` holds or a person decides."""
    bots = make_bots(seats, game.seed)
    while not until(game):
        seat = game.deciders()[0]
        bot = bots[seat]
        if bot is None:
            return
        game.apply(seat, bot.choose(game.seat_table(seat)))


def saved(game: meeple.Game, seats: list[str], path: Path) -> Path:
    path.write_text(save_text(game, seats) + "\n", encoding="utf-8")
    return path


def test_the_issue_command_shows_a_board_of_80_columns_with_its_legend(tmp_path: Path) -> None:
    """`meeple play cityofremnants --players 3 --seats me,ismcts,greedy`: the city grid, the markets, every gang's
    hand size, ARC, renown and influence, the person's own hand; `legend` explains the symbols."""
    save = tmp_path / "g.json"
    child = spawn(["cityofremnants", "--players", "3", "--seats", "me,ismcts,greedy", "--seed", "5",
                   "--save", str(save)])
    child.expect(PROMPT)
    board = child.before
    for part in ("City of Remnants  round 1", "A         B         C", "Gang member row", "Black market",
                 "Developments to build", "Your hand (4):", "Player 3 ", "influence 4  hand 4"):
        assert part in board, part
    assert re.search(r" 4 \|s\+[YBGR] ", board)  # an entry space on the grid
    child.sendline("legend")
    child.expect("Grid: two lines per space")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    game = meeple.load_game(save.read_text())
    for viewer in (0, None):
        assert max(len(line) for line in game.render(viewer, color=False).splitlines()) <= COLUMNS
    for lang in ("en", "es", "pt", "he"):  # the legend fits the terminal in every language
        legend = str(catalogue(game.rules, lang).get("legend"))
        assert max(len(line) for line in legend.splitlines()) <= COLUMNS, lang
    hand = game.view(0)["hand"]
    assert all(card in board for card in hand) and "Your hand" not in game.render(None, color=False)


def _bidding(game: meeple.Game) -> bool:
    view = game.view(0)
    return (view["phase"] == "bid" and game.deciders() == [0] and view["active"] != 0
            and view["auction"]["declarer"] != 0)


def test_a_bid_is_asked_out_of_turn_and_the_person_wins_the_auction(tmp_path: Path) -> None:
    """COR-11.6-11.10, COR-27.2: another gang's recruit puts a card up; the person is asked to bid out of turn, bids
    the most they can, the bots pass, and the person recruits the card with one of their turns."""
    seats = ["me", "greedy", "greedy"]
    for seed in range(1, 40):
        game = reach(seed, 3, _bidding)
        if game is None:
            continue
        bid = highest_bid(game.legal_actions(0))
        trial = copy_of(game)
        trial.apply(0, bid)
        bot_answers(trial, seats, lambda g: g.view(None)["phase"] != "bid")
        if bid != "pass" and trial.view(None)["players"][0]["hand_size"] > game.view(None)["players"][0]["hand_size"]:
            break
    else:
        pytest.fail("no seed gives an auction the person wins")
    path = saved(game, seats, tmp_path / "bid.json")
    card = game.view(0)["auction"]["card"]
    name = game.rules.client_data()["cards"][card]["name"]
    child = spawn(["--resume", str(path)])
    child.expect(r"Your move \(Auction: raise the bid or pass\)")
    board = child.before
    child.expect(PROMPT)
    assert f"Auction: {card} {name}" in board and "Player 1 bids next" in board
    child.sendline(bid)
    child.expect(rf"Player 1 \(you\) wins {re.escape(name)} for {bid.split()[1]} ARC")
    child.expect(r"Player 1 \(you\) uses a turn out of turn")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0
    after = meeple.load_game(path.read_text())
    assert next(a for s, a in after.full_log()[len(game.full_log()):] if s == 0) == bid


def _defending(game: meeple.Game) -> bool:
    view = game.view(0)
    battle = view.get("battle")
    return (view["phase"] == "commit" and game.deciders() == [0] and battle is not None
            and battle["kind"] == "rival" and battle["seats"][1] == 0 and battle["committed"][0] > 0)


def test_the_defender_is_asked_for_battle_cards_after_the_attacker(tmp_path: Path) -> None:
    """COR-18.3, COR-18.6, COR-27.2: a bot attacks the person; the attacker's cards stay face down on the person's
    board until the reveal; the person commits a card, then `done`, and both sides are revealed."""
    seats = ["me", "greedy", "greedy"]
    for seed in range(1, 60):
        game = reach(seed, 3, _defending)
        if game is not None and any(a.startswith("commit ") for a in game.legal_actions(0)):
            break
    else:
        pytest.fail("no seed gives a battle where the person defends")
    battle = game.view(0)["battle"]
    attacker = battle["seats"][0]
    path = saved(game, seats, tmp_path / "battle.json")
    child = spawn(["--resume", str(path)])
    child.expect(r"Your move \(Battle: commit cards face down\)")
    board = child.before
    child.expect(PROMPT)
    assert re.search(rf"Battle on {battle['space']}: Player {attacker + 1} \(attacker\): "
                     rf"{battle['committed'][0]} cards? face down", board)
    hidden = game.rules.eng.cards  # the attacker's committed cards are not on the person's screen
    committed = [hidden[c].id for c in game.state.battle.cards[0]]
    assert not any(f" {card_id}" in board.split("Battle on")[1].split("\n")[0] for card_id in committed)
    card = next(a for a in game.legal_actions(0) if a.startswith("commit ")).split()[1]
    child.sendline(f"commit {card}")
    child.expect(r"Player 1 \(you\) commits a card face down \(1\)")
    child.expect(PROMPT)
    child.sendline("done")
    child.expect(rf"Player {attacker + 1} \(greedy\) reveals")
    child.expect(r"Player 1 \(you\) reveals")
    child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


def _reset(game: meeple.Game) -> bool:
    view = game.view(None)
    return view["phase"] == "reset" and view["round"] >= 2 and not any(view["reset_done"])


def test_the_secret_reset_discard_passes_the_keyboard_in_a_hot_seat_game(tmp_path: Path) -> None:
    """COR-6.5: two people at one keyboard choose their discards in turn; the second never sees the first one's
    choice, and the choices are revealed together once the bot has chosen too."""
    game = next(g for g in (reach(seed, 3, _reset) for seed in range(1, 20))
                if g is not None and all(g.view(p)["hand"] for p in (0, 1)))
    path = saved(game, ["me", "me", "greedy"], tmp_path / "reset.json")
    first = game.view(0)["hand"][0]
    second = game.view(1)["hand"][0]
    first_name = game.rules.client_data()["cards"][first]["name"]
    child = spawn(["--resume", str(path)])
    child.expect(r"Pass the keyboard to Player 1 \(you\)")
    child.expect("press Enter>")
    child.sendline("")
    child.expect(r"Your move \(Round \d+: discard in secret\)")
    child.expect(PROMPT)
    child.sendline(f"discard {first}")
    child.expect(f"You set {re.escape(first_name)} aside to discard")
    child.expect(PROMPT)
    child.sendline("done")
    child.expect(r"Pass the keyboard to Player 2 \(you\)")
    child.expect("press Enter>")
    child.sendline("")
    child.expect(r"Your move \(Round \d+: discard in secret\)")
    board = child.before
    child.expect(PROMPT)
    assert "aside" not in board and "Your hand" in board
    child.sendline(f"discard {second}")
    child.expect(PROMPT)
    child.sendline("done")
    child.expect(rf"Player 1 \(you\) discards [^\n]*{re.escape(first_name)}")
    if child.expect(["press Enter>", PROMPT]) == 0:
        child.sendline("")
        child.expect(PROMPT)
    child.sendline("quit")
    assert finish(child) == 0


class Person:
    """Answers a session's prompts like a person: Enter on a pass screen, then a legal action by number, preferring
    something other than ending or passing three times in four."""

    def __init__(self, seed: int) -> None:
        self.stream = Stream(seed, 1)
        self.game: meeple.Game | None = None
        self.asked: list[tuple[str, int | None]] = []

    def __call__(self, prompt: str) -> str | None:
        assert self.game is not None
        if prompt.endswith("press Enter> "):
            return ""
        seat = self.game.deciders()[0]
        legal = self.game.legal_actions(seat)
        view = self.game.view(seat)
        self.asked.append((view["phase"], view["active"]))
        others = [i for i, text in enumerate(legal) if text not in ("end", "pass", "stop", "done", "finish")]
        if others and len(others) < len(legal) and self.stream.below(4):
            return str(others[self.stream.below(len(others))] + 1)
        return str(self.stream.below(len(legal)) + 1)


@pytest.mark.parametrize("lang", ["en", "es", "he"])
def test_a_whole_three_player_game_in_the_terminal(tmp_path: Path, lang: str) -> None:
    """A person plays a whole game against two bots: asked to bid and to commit battle cards out of turn, never
    shown another gang's hand, and the game ends with its ranking (COR-24). Every board fits 80 columns and speaks
    the reader's language: in Spanish and Hebrew no English word of the board is left."""
    from meeple.tui.session import PlaySession

    game = meeple.new_game("cityofremnants", 3, 2)  # a seed whose game asks the person to bid out of turn
    words = catalogue(game.rules, lang)
    out: list[str] = []
    person = Person(1)
    person.game = game
    code = PlaySession(game, ["me", "greedy", "random"], person, out.append, save_path=tmp_path / "g.json",
                       lang=lang).run()
    text = "\n".join(out)
    assert code == 0 and game.is_over()
    if lang == "en":
        assert re.search(r"Game over: The (renown supply ran out in|game ends after) round \d+", text)
        assert "  1. Player " in text
    out_of_turn = {phase for phase, active in person.asked if active != 0}
    assert {"bid", "commit"} <= out_of_turn
    title = words.text("board.title", {"round": 1, "phase": ""}).split(" 1 ")[0]  # "City of Remnants  round"
    drawn = [block for block in out if block.startswith(title)]
    assert drawn and all(len(line) <= COLUMNS for block in drawn for line in block.splitlines())
    row = str(words.get("board.gm_row")).split("(")[0] + "("
    hand = str(words.get("board.hand")).split("(")[0] + "("
    boards = text.count(row)
    assert boards > 50 and text.count(hand) == boards
    if lang != "en":
        english = catalogue(game.rules, "en")
        for msg in ("board.gm_row", "board.bm_row", "board.devs", "board.hand", "board.figures"):
            assert str(english.get(msg)).split("{")[0].strip() not in text, msg
        for word in ("renown", "influence", "turns", "first", "bag", "'s turn", "Battle", "Auction", "member",
                     "ability"):
            assert not any(word in block for block in drawn), word
    others = {c.id for c in game.rules.eng.cards if c.deck in ("HUM", "NEI", "LEN", "IGG")
              and c.deck != game.view(0)["players"][0]["gang"]}
    assert not any(f"\n  {card} " in text for card in others)  # no line of another gang's hand
