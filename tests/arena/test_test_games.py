"""The arena runs any game: its statistics come from `Rules.statistics`, the summary shows the spec's metrics."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.games import registered
from meeple.arena.match import ArenaConfig, play_job, split_statistics
from meeple.arena.report import format_table, summarise, write_report
from meeple.cli import main


@pytest.fixture(autouse=True)
def _test_games() -> Iterator[None]:
    with registered():
        yield


def test_statistics_split_into_numbers_per_seat_and_per_game() -> None:
    per_seat, per_game = split_statistics({"points": [3, 1], "battles": 2, "note": "x", "flags": [True, False]}, 2)
    assert per_seat == {"points": [3.0, 1.0]} and per_game == {"battles": 2.0}


@pytest.mark.parametrize("game_id", ["skirmish", "dials"])
def test_the_arena_plays_a_test_game_and_reports_its_statistics(game_id: str, tmp_path: Path) -> None:
    config = ArenaConfig(game_id, ["greedy", "random"], games=6, seed=3)
    records = [play_job(job) for job in config.jobs()]
    summary = summarise(config, records)
    assert summary["games"] == 6 and sum(b["games"] for b in summary["bots"].values()) == 12
    table = format_table(summary)
    if game_id == "skirmish":
        assert summary["shown_metrics"] == ["points", "gold"]
        assert set(summary["bots"]["greedy"]["averages"]) == {"points", "gold"}
        assert "avg points" in table and "avg gold" in table and "per game: battles" in table
        assert summary["figures"]["battles"]["mean"] >= 0
    else:
        assert summary["bots"]["random"]["averages"].keys() == {"wins"} and "avg wins" not in table
        # endings in the game's words, not as message ids
        assert summary["end_words"].get("dials.end") == "Most rounds won: …" and "dials.end" not in table
        assert "Most rounds won: …" in table or "Nobody won a round alone: a draw" in table
        # everybody sets a dial at once: no first player and no turn positions to speak of
        assert not summary["turn_order"] and "first player won" not in table and "turn position" not in table
    paths = write_report(summary, records, tmp_path)
    assert (tmp_path / "games.csv") in paths and (tmp_path / "results.json").exists()
    assert ((tmp_path / "turn_positions.png") in paths) == (game_id == "skirmish")
    if game_id == "skirmish":
        assert summary["turn_order"] and "first player won" in table


def test_blue_moon_city_names_its_summary_metrics_in_its_spec() -> None:
    config = ArenaConfig("bluemooncity", ["random", "random"], games=1, seed=1)
    record = play_job(config.job(0))
    summary = summarise(config, [record])
    assert summary["shown_metrics"] == ["offerings", "crystals", "scales", "turns"]
    assert record["figures"]["turns"] > 0 and set(record["metrics"]) >= {"offerings", "crystals", "scales"}
    assert "avg offerings" in format_table(summary) and "per game:" in format_table(summary)


@pytest.mark.parametrize("game_id", ["skirmish", "dials"])
def test_a_comparison_speaks_of_a_first_player_only_where_the_seats_act_in_an_order(game_id: str,
                                                                                   tmp_path: Path) -> None:
    """Runs paired with --against: a game whose seats all decide at once (dials) has no first player to compare,
    one played in turns (skirmish) has."""
    for name in ("old", "new"):
        played = CliRunner().invoke(main, ["arena", game_id, "--seats", "greedy,random", "--games", "4", "--seed", "3",
                                           "--quiet", "--out", str(tmp_path / name)])
        assert played.exit_code == 0, played.output
    paired = CliRunner().invoke(main, ["arena", "report", str(tmp_path / "new"), "--against", str(tmp_path / "old"),
                                       "--json"])
    assert paired.exit_code == 0, paired.output
    quantities = {row["quantity"] for row in json.loads(paired.output)["differences"]}
    assert "win rate greedy" in quantities
    assert ("first player won" in quantities) == (game_id == "skirmish")
