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


@pytest.mark.parametrize("text", ["", "human", "greedy:2", "ismcts:", "ismcts:0", "ismcts:-1s", "ismcts:fast", "mcts",
                                  "ismcts:0%", "ismcts:100%", "ismcts:500:", "ismcts::10%", "ismcts:10%:500"])
def test_unknown_levels_are_refused_with_the_valid_ones(text: str) -> None:
    with pytest.raises(ValueError, match="valid levels: easy, medium, hard, expert"):
        make_agent(text)
    assert not is_bot_level(text)


@pytest.mark.parametrize(
    ("text", "iterations", "seconds", "share", "name"),
    [("ismcts:10%", DEFAULT_ITERATIONS, None, 0.1, "ismcts:10%"), ("ismcts:500:2.5%", 500, None, 0.025,
                                                                    "ismcts:500:2.5%"),
     ("ismcts:2s:30%", None, 2.0, 0.3, "ismcts:2s:30%"), ("ismcts:500", 500, None, 0.0, "ismcts:500")],
)
def test_a_search_bot_may_play_a_share_of_random_moves(text: str, iterations: int | None, seconds: float | None,
                                                       share: float, name: str) -> None:
    bot = make_agent(text, seed=1)
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iterations, bot.seconds, bot.random_share, bot.level) == (iterations, seconds, share, name)
    assert parse_level(text).random_share == share


def test_a_sloppy_search_bot_strays_and_searches_less() -> None:
    """At 90 % random moves the search bot's choices differ from the plain search's somewhere in a game, and it
    searches fewer decisions; with the same seed the plain budget plays as before (no draw from the stream)."""
    import meeple

    game = meeple.new_game("coloma", 2, seed=5)
    differ = 0
    sloppy_decisions = plain_decisions = 0
    while not game.is_over() and game.moments() < 30:
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        sloppy, plain = make_agent("ismcts:20:90%", seed=9), make_agent("ismcts:20", seed=9)
        again = make_agent("ismcts:20", seed=9)
        assert isinstance(sloppy, ISMCTSAgent) and isinstance(plain, ISMCTSAgent)
        chosen, played = sloppy.choose(table), plain.choose(table)
        assert chosen in game.legal_actions(seat) and again.choose(table) == played
        differ += chosen != played
        sloppy_decisions += sloppy.decisions
        plain_decisions += plain.decisions
        game.apply(seat, played)
    assert differ > 0 and sloppy_decisions < plain_decisions


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


@pytest.mark.parametrize("name", ["easy", "Medium", " HARD ", "expert"])
def test_named_levels_are_bot_levels_in_any_case(name: str) -> None:
    from meeple.agents.levels import NamedLevelAgent

    assert is_bot_level(name)
    bot = make_agent(name, seed=4)
    assert isinstance(bot, NamedLevelAgent) and bot.level == name.strip().lower()
    assert parse_level(name).name == name.strip().lower()


def test_named_levels_parse_as_their_settings() -> None:
    from meeple.agents import NAMED_LEVELS

    assert list(NAMED_LEVELS) == ["easy", "medium", "hard", "expert"]
    easy, medium, hard, expert = (parse_level(n) for n in NAMED_LEVELS)
    assert (easy.kind, medium.kind, hard.kind, expert.kind) == ("greedy", "greedy", "ismcts", "ismcts")
    assert 0 < easy.random_share < 1 and medium.random_share == 0
    assert hard.iterations is not None and hard.seconds is None  # iterations, so that games are reproducible
    assert expert.iterations is None and expert.seconds is None  # the game's default budget


@pytest.mark.parametrize(("text", "share"), [("greedy:30%", 0.3), ("GREEDY:100%", 1.0), ("greedy:2.5%", 0.025)])
def test_a_greedy_bot_may_play_a_share_of_random_moves(text: str, share: float) -> None:
    bot = make_agent(text, seed=1)
    assert isinstance(bot, GreedyAgent) and bot.random_share == share
    assert parse_level(text).random_share == share


@pytest.mark.parametrize("text", ["greedy:0%", "greedy:101%", "greedy:%", "greedy:30", "random:30%"])
def test_bad_random_shares_are_refused(text: str) -> None:
    assert not is_bot_level(text)


def test_a_sloppy_greedy_bot_strays_from_the_greedy_one() -> None:
    """At 100 % random moves the bot's choices differ from the plain greedy bot's somewhere in a game; at 0 % (the
    plain `greedy`) they never do."""
    import meeple

    game = meeple.new_game("coloma", 2, seed=5)
    differ = 0
    while not game.is_over() and game.moments() < 40:
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        sloppy, plain = make_agent("greedy:100%", seed=9).choose(table), make_agent("greedy", seed=9).choose(table)
        assert sloppy in game.legal_actions(seat)
        differ += sloppy != plain
        game.apply(seat, plain)
    assert differ > 0


def test_a_game_may_set_its_own_setting_for_a_named_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """`GameSpec.bot_levels` replaces a level's default setting in that game only; the named bot becomes that
    setting at its first decision."""
    import dataclasses

    import meeple
    from meeple.agents import level_setting
    from meeple.agents.levels import NamedLevelAgent
    from meeple.games.cityofremnants.rules import CityOfRemnants

    monkeypatch.setattr(CityOfRemnants, "spec",
                        dataclasses.replace(CityOfRemnants.spec, bot_levels={"hard": "ismcts:7"}))
    game = meeple.new_game("cityofremnants", 3, seed=2)
    assert level_setting("hard", game.spec) == "ismcts:7" and level_setting("expert", game.spec) == "ismcts"
    assert parse_level("Hard", game.spec).iterations == 7
    bot = make_agent("hard", seed=1)
    assert isinstance(bot, NamedLevelAgent) and bot.inner is None
    seat = game.deciders()[0]
    while len(game.legal_actions(seat)) < 2:
        game.apply(seat, game.legal_actions(seat)[0])
        seat = game.deciders()[0]
    assert bot.choose(game.seat_table(seat)) in game.legal_actions(seat)
    assert isinstance(bot.inner, ISMCTSAgent) and bot.inner.iterations == 7
    assert 0 < bot.stats()["iterations"] <= 7  # its stats are the search's (which may stop once decided)
    with pytest.raises(ValueError, match="named levels: easy, medium, hard, expert"):
        level_setting("grandmaster")


def test_a_named_level_plays_like_its_setting() -> None:
    """`easy` plays its setting in the game (Blue Moon City's own, not the table's default): with one seed both bots
    play the same game."""
    import meeple
    from meeple.agents import NAMED_LEVELS, level_setting

    games = []
    setting = level_setting("easy", meeple.engine.get_rules("bluemooncity").spec)
    assert setting != NAMED_LEVELS["easy"]  # the game's own setting, so the test shows it is the one played
    for level in ("easy", setting):
        game = meeple.new_game("bluemooncity", 2, seed=3)
        bots = [make_agent(level, seed=11), make_agent("random", seed=12)]
        while not game.is_over() and game.moments() < 60:
            seat = game.deciders()[0]
            game.apply(seat, bots[seat].choose(game.seat_table(seat)))
        games.append(game.full_log())
    assert games[0] == games[1]
