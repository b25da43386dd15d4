"""`meeple bench engine`: the per-round ratios of the two engines and their 95 % interval, and the player counts."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from click.testing import CliRunner

from meeple.bench.engine import comparison, nearest, ratio_interval
from meeple.cli import main

T_975_4 = 2.7764451  # Student's t, 97.5th percentile, 4 degrees of freedom (statistical tables)


def test_the_interval_of_given_ratios_is_students_t_and_holds_their_median():
    pytest.importorskip("scipy", reason="the bench extra is not installed: pip install -e '.[bench]'")
    ratios = [2.8, 3.1, 3.0, 3.4, 2.9]
    low, high = ratio_interval(ratios)  # type: ignore[misc]
    half = T_975_4 * statistics.stdev(ratios) / math.sqrt(len(ratios))
    mean = statistics.fmean(ratios)
    assert low == pytest.approx(mean - half) and high == pytest.approx(mean + half)
    assert low < statistics.median(ratios) < high
    wider = ratio_interval(ratios, confidence=0.99)
    assert wider is not None and wider[0] < low and wider[1] > high


def test_one_round_has_no_interval_and_equal_rounds_a_point():
    assert ratio_interval([3.0]) is None
    assert ratio_interval([2.5, 2.5, 2.5]) == (2.5, 2.5)


def test_the_comparison_divides_round_by_round():
    pytest.importorskip("scipy", reason="the bench extra is not installed: pip install -e '.[bench]'")
    out = comparison([30.0, 40.0, 33.0], [10.0, 10.0, 11.0])
    assert out["ratios"] == pytest.approx([3.0, 4.0, 3.0])
    assert out["median"] == pytest.approx(3.0)
    low, high = out["ci95"]
    assert low < out["median"] < high


def test_player_counts_out_of_a_range_go_to_its_nearest_end():
    assert [nearest(n, 2, 4) for n in (1, 2, 3, 4, 5)] == [2, 2, 3, 4, 4]


def test_the_bench_prints_the_ratio_of_each_round_and_its_interval():
    pytest.importorskip("catanatron", reason="the bench extra is not installed: pip install -e '.[bench]'")
    pytest.importorskip("scipy", reason="the bench extra is not installed: pip install -e '.[bench]'")
    args = ["bench", "engine", "--game", "bluemooncity", "--players", "2", "--games", "2", "--rounds", "2"]
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 0, text.output
    per_round = next(line for line in text.output.splitlines() if line.startswith("actions/s ratio per round:"))
    assert len(per_round.split(":")[1].split()) == 2
    assert "95% interval" in text.output and "median" in text.output
    data = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    meeple, catan = data["meeple"]["rounds_actions_per_s"], data["catanatron"]["rounds_actions_per_s"]
    assert data["ratio"]["ratios"] == pytest.approx([m / c for m, c in zip(meeple, catan, strict=True)])
    low, high = data["ratio"]["ci95"]
    assert low <= data["ratio"]["median"] <= high
    assert data["players"] == data["catanatron_players"] == 2


def test_a_count_catanatron_does_not_play_runs_it_at_the_nearest_and_says_so():
    pytest.importorskip("catanatron", reason="the bench extra is not installed: pip install -e '.[bench]'")
    pytest.importorskip("scipy", reason="the bench extra is not installed: pip install -e '.[bench]'")
    result = CliRunner().invoke(main, ["bench", "engine", "--game", "coloma", "--players", "5", "--games", "2",
                                       "--rounds", "2"])
    assert result.exit_code == 0, result.output
    assert "2 random 5-player games" in result.output
    assert "catanatron plays 4 players: the count nearest to 5" in result.output


def test_a_count_the_game_does_not_allow_is_refused():
    result = CliRunner().invoke(main, ["bench", "engine", "--game", "bluemooncity", "--players", "6"])
    assert result.exit_code != 0
    assert "played by 2 to 4 players, not 6" in result.output
