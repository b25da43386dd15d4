"""`meeple arena levels`: the named levels' ratings measured on a tiny number of games, the figures it ships, and the
ratings files the package holds."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.games import registered
from meeple.agents import NAMED_LEVELS
from meeple.agents.ratings import FOLDER, level_rating, level_ratings
from meeple.arena.levels import checkout_commit, games_per_game, neighbours, openskill_ratings, pair_figures, spread
from meeple.cli import main


@pytest.fixture
def test_games() -> Iterator[None]:
    with registered():
        yield


def test_the_levels_command_measures_every_pair_and_writes_the_figures(test_games: None, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["arena", "levels", "--game", "skirmish", "--games", "3", "--games",
                                       "bluemooncity=9", "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "skirmish.json").read_text(encoding="utf-8"))
    assert data["game"] == "skirmish" and data["games_per_pair"] == 3 and data["games"] == 9
    assert data["players"] == 2 and data["measured"].endswith("UTC") and data["commit"]
    assert "--games 3" in data["command"]
    assert list(data["levels"]) == list(NAMED_LEVELS)
    assert [(p["lower"], p["upper"]) for p in data["pairs"]] == neighbours(list(NAMED_LEVELS))
    for pair in data["pairs"]:
        assert pair["games"] == 3 and 0 <= pair["low"] <= pair["win_rate"] <= pair["high"] <= 1
    played = {name: row["games"] for name, row in data["levels"].items()}
    assert played == {"easy": 3, "medium": 6, "hard": 6, "expert": 3}  # the games behind each rating
    for row in data["levels"].values():
        assert row["rating"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=0.02)
    assert data["levels"]["hard"]["setting"] == NAMED_LEVELS["hard"]
    assert "skirmish: 9 games, 3 per pair" in result.output
    assert "skirmish: medium vs easy:" in result.output  # each pair told as soon as it is played


@pytest.mark.parametrize(("args", "message"), [(["--games", "0"], "whole number from 1"),
                                               (["--games", "chess=4"], "no such game 'chess'"),
                                               (["--game", "chess"], "chess")])
def test_the_levels_command_refuses_bad_counts_and_games(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["arena", "levels", *args, "--out", str(tmp_path), "--quiet"])
    assert result.exit_code != 0 and message in result.output, result.output
    assert not list(tmp_path.iterdir())


def test_counts_per_game() -> None:
    known = ["a", "b"]
    assert games_per_game(("40",), known) == {"": 40}
    assert games_per_game(("40", "b=6"), known) == {"": 40, "b": 6}


def test_a_pair_counts_wins_and_shared_places() -> None:
    def record(levels: list[str], ranking: list[list[int]]) -> dict[str, object]:
        return {"levels": levels, "ranking": ranking, "winners": ranking[0]}

    records = [record(["hard", "medium"], [[0], [1]]), record(["medium", "hard"], [[1], [0]]),
               record(["medium", "hard"], [[0], [1]]), record(["hard", "medium"], [[0, 1]])]
    figures = pair_figures("medium", "hard", records)
    assert (figures["games"], figures["wins"], figures["shared"]) == (4, 2.5, 1)
    assert figures["win_rate"] == 0.625 and figures["low"] < 0.625 < figures["high"]


def test_the_ratings_follow_the_steps_and_depend_on_the_tallies_only() -> None:
    """Each level beating the one below 3 games in 4 rates the four in order, from the tallies alone."""
    pairs = [{"upper": u, "lower": lo, "games": 8, "wins": 6.5, "shared": 1}
             for lo, u in neighbours(list(NAMED_LEVELS))]
    assert sorted(spread(pairs[0])) == [0.0, 0.5] + [1.0] * 6
    assert spread(pairs[0])[-1] == 1.0 and spread(pairs[0])[0] == 1.0  # spread evenly, not all wins first
    ratings = openskill_ratings(pairs, list(NAMED_LEVELS), None)
    values = [ratings[name]["rating"] for name in NAMED_LEVELS]
    assert values == sorted(values) and len(set(values)) == 4
    assert [ratings[name]["games"] for name in NAMED_LEVELS] == [8, 16, 16, 8]
    assert openskill_ratings(pairs, list(NAMED_LEVELS), None) == ratings


def test_the_arena_plays_named_levels(test_games: None) -> None:
    result = CliRunner().invoke(main, ["arena", "skirmish", "--seats", "Expert,easy", "--games", "2", "--quiet",
                                       "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 2


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.json")), ids=lambda p: p.stem)
def test_the_shipped_ratings_load_with_their_games(path: Path) -> None:
    """Every ratings file the package ships names every level with its rating and the games behind it, and every
    step between neighbouring levels with its games and interval."""
    data = level_ratings(path.stem)
    assert data is not None and data["game"] == path.stem
    assert list(data["levels"]) == list(NAMED_LEVELS)
    for name, row in data["levels"].items():
        assert row["games"] >= 1 and level_rating(path.stem, name.upper()) == row["rating"]
    assert [p["games"] for p in data["pairs"]] == [data["games_per_pair"]] * (len(NAMED_LEVELS) - 1)
    assert data["games"] == sum(p["games"] for p in data["pairs"])
    assert data["measured"] and data["commit"] and data["command"].startswith("meeple arena levels")


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.json")), ids=lambda p: p.stem)
def test_the_shipped_ratings_are_of_the_settings_the_game_plays(path: Path) -> None:
    """A ratings file measured the settings each level plays in its game now (re-measure after changing one)."""
    import meeple
    from meeple.agents import level_setting

    data = level_ratings(path.stem)
    assert data is not None
    spec = meeple.engine.get_rules(path.stem).spec
    assert {name: row["setting"] for name, row in data["levels"].items()} == {
        name: level_setting(name, spec) for name in NAMED_LEVELS}


def test_a_game_never_measured_has_no_ratings() -> None:
    assert level_ratings("nosuchgame") is None and level_ratings("../secrets") is None
    assert level_rating("nosuchgame", "hard") is None


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_commit_of_a_measurement_says_when_its_checkout_had_changes(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(name, raising=False)

    def git(*args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c",
                               "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "core.hooksPath=/dev/null",
                               *args], cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()

    git("init", "-q")
    (tmp_path / "spec.py").write_text("hard = 'greedy'\n", encoding="utf-8")
    git("add", "spec.py")
    git("commit", "-q", "-m", "levels")
    git("tag", "-a", "v0.1.0", "-m", "a release")  # a tag never stands for the commit
    head = git("rev-parse", "--short=7", "HEAD")
    assert checkout_commit(tmp_path) == head
    (tmp_path / "notes.txt").write_text("not tracked\n", encoding="utf-8")
    assert checkout_commit(tmp_path) == head
    (tmp_path / "spec.py").write_text("hard = 'ismcts:50'\n", encoding="utf-8")  # a trial setting, not committed
    assert checkout_commit(tmp_path) == f"{head}-dirty"
    outside = tmp_path / "outside"  # a folder outside any checkout: git is told to stop looking above it
    outside.mkdir()
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    assert checkout_commit(outside) == "unknown"


def test_one_levels_run_names_one_commit_for_every_game(test_games: None, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit is taken once, before any ratings file is written (writing one changes the checkout)."""
    import meeple.arena.levels as module

    calls = iter(["abc1234", "abc1234-dirty"])
    monkeypatch.setattr(module, "checkout_commit", lambda folder=None: next(calls))
    result = CliRunner().invoke(main, ["arena", "levels", "--game", "skirmish", "--game", "skirmish", "--games", "1",
                                       "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "skirmish.json").read_text(encoding="utf-8"))["commit"] == "abc1234"
