"""Bot levels by name: parsing, budgets and the error that lists the valid levels."""

from __future__ import annotations

import pytest

from meeple.agents import is_bot_level, make_agent, parse_level
from meeple.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from meeple.agents.simple import GreedyAgent, RandomAgent


def test_simple_levels_make_their_bots() -> None:
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent("greedy", seed=1), GreedyAgent)
    assert isinstance(make_agent(" Greedy "), GreedyAgent)


@pytest.mark.parametrize(
    ("text", "iterations", "seconds"),
    [("ismcts", DEFAULT_ITERATIONS, None), ("ismcts:500", 500, None), ("ismcts:2s", None, 2.0),
     ("ismcts:0.5s", None, 0.5), ("ismcts:300ms", None, 0.3)],
)
def test_ismcts_budgets(text: str, iterations: int | None, seconds: float | None) -> None:
    bot = make_agent(text, seed=3)
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iterations, bot.seconds) == (iterations, seconds)


@pytest.mark.parametrize("text", ["", "human", "greedy:2", "ismcts:", "ismcts:0", "ismcts:-1s", "ismcts:fast", "mcts"])
def test_unknown_levels_are_refused_with_the_valid_ones(text: str) -> None:
    with pytest.raises(ValueError, match="valid levels: random, greedy, ismcts"):
        make_agent(text)
    assert not is_bot_level(text)


def test_parse_level_keeps_the_kind() -> None:
    assert parse_level("ismcts:2s").kind == "ismcts"
    assert parse_level("random").iterations is None


def test_bad_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        make_agent("random", seed="7")  # type: ignore[arg-type]


def test_the_default_budget_is_the_games_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ismcts` without a budget searches the iterations the game's spec sets (City of Remnants: 1,000, here
    replaced by 30 so that the spec's figure is told from the bot's own default); an explicit budget is kept."""
    import dataclasses

    import meeple
    from meeple.games.cityofremnants.rules import SEARCH_ITERATIONS, CityOfRemnants

    assert SEARCH_ITERATIONS == 1000
    monkeypatch.setattr(CityOfRemnants, "spec", dataclasses.replace(CityOfRemnants.spec, search_iterations=30))
    game = meeple.new_game("cityofremnants", 3, seed=2)
    seat = game.deciders()[0]
    default, explicit = make_agent("ismcts", seed=1), make_agent("ismcts:20", seed=1)
    assert isinstance(default, ISMCTSAgent) and isinstance(explicit, ISMCTSAgent)
    assert default.choose(game.seat_table(seat)) in game.legal_actions(seat)
    explicit.choose(game.seat_table(seat))
    assert (default.iterations, explicit.iterations) == (30, 20)
    assert default.level == "ismcts" and explicit.level == "ismcts:20"
