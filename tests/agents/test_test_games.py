"""The bots on the test games: the search beats random, and deciding with others it never sees their choices."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import meeple
from engine.games import registered
from meeple.agents import make_agent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.engine import Rules


@pytest.fixture(autouse=True)
def _test_games() -> Iterator[None]:
    with registered():
        yield


def play(game_id: str, levels: list[str], seed: int, options: dict[str, int] | None = None) -> meeple.Game:
    game = meeple.new_game(game_id, len(levels), seed, options)
    bots = [make_agent(level, seed * 10 + i) for i, level in enumerate(levels)]
    while not game.is_over():
        for seat in game.deciders():  # several seats may decide at once: each is asked in turn
            if seat in game.deciders():
                game.apply(seat, bots[seat].choose(game.seat_table(seat)))
    return game


def score(game: meeple.Game, seat: int) -> float:
    """1 for a win, 0.5 for a shared first place or a draw, 0 otherwise (the search's own value at the end)."""
    return Rules.evaluate(game.rules, game.state, seat)


@pytest.mark.parametrize(("game_id", "games", "options", "threshold"), [
    ("dials", 60, {"rounds": 1}, 0.75),
    ("skirmish", 60, {"rounds": 3}, 0.62),
    ("dicerace", 100, {"goal": 30}, 0.72),  # public dice: the search must weigh the odds, not foresee the rolls
])
def test_the_search_beats_random_on_the_test_games(game_id: str, games: int, options: dict[str, int],
                                                   threshold: float) -> None:
    """Random against random scores 0.5 on average; the search, seated first and second in turn, scores far more."""
    total = 0.0
    for n in range(games):
        levels = ["ismcts:150", "random"] if n % 2 == 0 else ["random", "ismcts:150"]
        game = play(game_id, levels, seed=n, options=options)
        total += score(game, levels.index("ismcts:150"))
    assert total / games >= threshold, f"the search scored {total / games:.2f} against random"


def test_random_against_random_scores_about_half() -> None:
    """The baseline of the threshold above: the seat does not decide the game alone."""
    total = sum(score(play("skirmish", ["random", "random"], seed=n), n % 2) for n in range(60))
    assert 0.3 <= total / 60 <= 0.7


@pytest.mark.parametrize("game_id", ["dials", "skirmish"])
def test_a_bot_deciding_with_others_never_sees_their_pending_choices(game_id: str) -> None:
    """The second seat of a simultaneous decision plays the same whatever the first seat chose in secret."""
    chosen, views = [], []
    for first in range(3):
        game = meeple.new_game(game_id, 2, seed=4)
        legal = game.legal_actions(0)
        game.apply(0, legal[first % len(legal)])
        assert game.deciders() == [1]
        table = game.seat_table(1)
        views.append(dict(table.view()))
        bot = ISMCTSAgent(seed=7, iterations=200)
        chosen.append((bot.choose(table), bot.stats()["iterations"]))
    assert views[0] == views[1] == views[2]
    assert len(set(chosen)) == 1, chosen


def test_the_search_plays_other_seats_in_its_rollouts_without_crashing_on_simultaneous_decisions() -> None:
    """Three seats decide at once; the bot searches past its own choice through the others' to the end."""
    game = meeple.new_game("skirmish", 3, seed=2)
    bot = ISMCTSAgent(seed=1, iterations=100)
    for seat in (2, 0, 1):
        game.apply(seat, bot.choose(game.seat_table(seat)))
    assert game.view(None)["phase"] == "bid" and bot.stats()["iterations"] >= 100
