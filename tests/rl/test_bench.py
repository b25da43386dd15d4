"""`meeple bench rl` measures Meeple's environment and PettingZoo's classic ones in one run."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from meeple.cli import main


def test_bench_rl_prints_figures_side_by_side():
    pytest.importorskip("pygame", reason="PettingZoo's classic environments need pettingzoo[classic]")
    args = ["bench", "rl", "--json", "--rounds", "2", "--seconds", "0.2",
            "--env", "meeple:bluemooncity:2", "--env", "connect_four_v3"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    names = [f["env"] for f in data["figures"]]
    assert names == ["meeple:bluemooncity:2", "connect_four_v3"]
    for figure in data["figures"]:
        assert len(figure["rounds"]) == 2 and figure["steps"] > 0
        assert min(figure["rounds"]) <= figure["steps_per_second"] <= max(figure["rounds"])


def test_bench_rl_names_an_unknown_environment():
    result = CliRunner().invoke(main, ["bench", "rl", "--rounds", "1", "--seconds", "0.1", "--env", "chequers_v1"])
    assert result.exit_code != 0
    assert "chequers_v1" in result.output


def test_bench_rl_gives_each_game_s_ratio_to_texas_holdem_round_by_round():
    pytest.importorskip("rlcard", reason="texas_holdem_v4 needs PettingZoo's classic extras")
    args = ["bench", "rl", "--json", "--rounds", "2", "--seconds", "0.2",
            "--env", "meeple:bluemooncity:2", "--env", "texas_holdem_v4"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ours, texas = data["figures"]
    ratio = data["vs_texas_holdem_v4"]["meeple:bluemooncity:2"]
    assert ratio["ratios"] == pytest.approx([m / t for m, t in zip(ours["rounds"], texas["rounds"], strict=True)])
    low, high = ratio["ci95"]
    assert low <= ratio["mean"] <= high
    text = CliRunner().invoke(main, args[:2] + args[3:])
    assert text.exit_code == 0 and "median" in text.output and "95% interval" in text.output


def test_against_is_empty_without_the_reference():
    from meeple.bench.rl import Figure, against

    assert against([Figure("meeple:x:2", 10.0, [10.0, 10.0], 10.0, 1, 20)]) == {}
    two = [Figure("meeple:x:2", 10.0, [10.0, 12.0], 10.0, 1, 20), Figure("texas_holdem_v4", 5.0, [5.0, 4.0], 5.0, 1, 9)]
    assert against(two)["meeple:x:2"]["ratios"] == [2.0, 3.0]
