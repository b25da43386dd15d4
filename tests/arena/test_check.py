"""`meeple arena check`: saved games played again from their records agree with their saved logs, and a game that
differs is named with the first action that differs; games that cannot be played again as they were are refused
with the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import meeple.games.coloma as coloma
from meeple.arena.check import chosen
from meeple.arena.commands import arena
from meeple.arena.match import PLAY
from meeple.arena.pool import Run
from meeple.cli import main

SEATS = "greedy,random"


def play(folder: Path, *extra: str) -> Path:
    result = CliRunner().invoke(arena, ["coloma", "--seats", SEATS, "--games", "3", "--seed", "4", "--out",
                                        str(folder), "--quiet", *extra])
    assert result.exit_code == 0, result.output
    return folder


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["arena", "check", *args])


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play(tmp_path_factory.mktemp("check") / "run")


def saved_game(folder: Path, number: int) -> Path:
    record = json.loads((folder / "results.json").read_text())["records"][number - 1]
    return folder / record["file"]


def test_a_run_played_by_this_installation_agrees(run: Path) -> None:
    result = check(str(run), "--games", "3", "--actions", "30")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [f"{saved_game(run, n)} (game {n} of seed 4): the first 30 actions agree" for n in (1, 2, 3)]
    assert lines[3] == "3 games played again: every one agrees with its saved game"


def test_the_first_action_that_differs_is_named_and_the_status_is_1(run: Path, tmp_path: Path) -> None:
    import shutil

    copy = Path(shutil.copytree(run, tmp_path / "copy"))
    path = saved_game(copy, 2)
    saved = json.loads(path.read_text())
    seat, action = saved["actions"][4]
    saved["actions"][4] = [seat, "not what was played"]
    path.write_text(json.dumps(saved))
    result = check(str(copy), "--json")
    assert result.exit_code == 1, result.output
    games = json.loads(result.output)["games"]
    assert [g["agrees"] for g in games] == [True, False, True]
    assert games[1]["differs"] == {"action": 5, "seat": seat, "played": action, "saved": "not what was played"}
    assert games[1]["compared"] == 5 and games[0]["compared"] == 40
    text = check(str(copy))
    assert text.exit_code == 1
    assert (f"{path} (game 2 of seed 4): differs at action 5: seat {seat} plays {action!r} here, the saved game "
            f"'not what was played'") in text.output
    assert "1 differs from its saved game" in text.output


def test_a_bot_with_another_seed_plays_another_game(run: Path, tmp_path: Path) -> None:
    import shutil

    copy = Path(shutil.copytree(run, tmp_path / "seeds"))
    results = json.loads((copy / "results.json").read_text())
    for record in results["records"]:
        record["bot_seeds"] = [s + 1 for s in record["bot_seeds"]]
    (copy / "results.json").write_text(json.dumps(results))
    result = check(str(copy), "--games", "3", "--json")
    assert result.exit_code == 1
    assert json.loads(result.output)["differ"] >= 1


def test_a_changed_components_file_is_refused_before_any_game(tmp_path: Path) -> None:
    data = tmp_path / "components.toml"
    data.write_bytes((Path(coloma.__file__).parent / "data" / "components.toml").read_bytes())
    folder = play(tmp_path / "run", "--data", str(data))
    assert check(str(folder), "--games", "1").exit_code == 0
    data.write_text(data.read_text() + "\n# edited\n")
    result = check(str(folder), "--games", "1")
    assert result.exit_code == 2 and "is not the one the run played" in result.output
    data.unlink()
    result = check(str(folder), "--games", "1")
    assert result.exit_code == 2 and "cannot be read from here" in result.output


def test_a_bot_deciding_within_a_time_is_refused(run: Path, tmp_path: Path) -> None:
    import shutil

    copy = Path(shutil.copytree(run, tmp_path / "timed"))
    results = json.loads((copy / "results.json").read_text())
    results["seats"] = ["ismcts:0.1s", "random"]
    for record in results["records"]:
        record["levels"] = ["ismcts:0.1s" if level == "greedy" else level for level in record["levels"]]
    (copy / "results.json").write_text(json.dumps(results))
    result = check(str(copy))
    assert result.exit_code == 2
    assert "ismcts:0.1s decides within a time" in result.output and "cannot be played again" in result.output


def test_not_a_run_is_refused(tmp_path: Path) -> None:
    result = check(str(tmp_path))
    assert result.exit_code == 2 and "no such file" in result.output and "meeple arena --out" in result.output
    result = check(str(tmp_path / "g*"))
    assert result.exit_code == 2 and "the pattern matches no folder" in result.output


def test_runs_saved_before_the_arena_recorded_how_it_played_or_the_data_s_hash_are_noted(run: Path,
                                                                                         tmp_path: Path) -> None:
    import shutil

    copy = Path(shutil.copytree(run, tmp_path / "older"))
    results = json.loads((copy / "results.json").read_text())
    for record in results["records"]:
        record.pop("play", None)
    del results["data"]
    (copy / "results.json").write_text(json.dumps(results))
    result = check(str(copy), "--games", "1", "--actions", "5")
    assert result.exit_code == 0, result.output
    assert "(saved before the arena recorded how it played: where seats decided together it served them one after " \
           "another)" in result.output
    assert "(the run recorded no hash of its components file, so the file was not checked)" in result.output
    (game,) = json.loads(check(str(copy), "--games", "1", "--actions", "5", "--json").output)["games"]
    assert game["play"] is None and game["data_checked"] is False
    (game,) = json.loads(check(str(run), "--games", "1", "--actions", "5", "--json").output)["games"]
    assert game["play"] == PLAY and game["data_checked"] is True  # Coloma's seats choose their dials together


def test_the_games_checked_spread_from_the_first_to_the_last() -> None:
    records: list[dict[str, Any]] = [{"game": n} for n in range(1, 11)]
    runs = [Run(Path("a"), {"seed": 0}, records[5:]), Run(Path("b"), {"seed": 0}, records[:5])]
    assert [r["game"] for _, r in chosen(runs, 3)] == [1, 5, 10]  # indices 0, 4.5 -> 4 (half to even), 9
    assert [r["game"] for _, r in chosen(runs, 1)] == [1]
    assert [r["game"] for _, r in chosen(runs, 20)] == list(range(1, 11))


def test_a_run_of_compare_is_checked_in_both_variants(tmp_path: Path) -> None:
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text("# the game's default options\n")
    folder = tmp_path / "compared"
    made = CliRunner().invoke(arena, ["coloma", "--seats", SEATS, "--games", "2", "--seed", "4", "--quiet",
                                      "--compare", str(tmp_path / "a.toml"), str(tmp_path / "b.toml"),
                                      "--out", str(folder)])
    assert made.exit_code == 0, made.output
    result = check(str(folder), "--games", "4", "--actions", "10")
    assert result.exit_code == 0, result.output
    assert sorted(line.split("/games/")[0] for line in result.output.splitlines()[:4]) == [
        str(folder / "a"), str(folder / "a"), str(folder / "b"), str(folder / "b")]


def edited(run: Path, to: Path, game: int, change: Any) -> tuple[Path, dict[str, Any]]:
    """A copy of the run whose game `game` has its saved game and its record changed by `change(saved, record)`."""
    import shutil

    copy = Path(shutil.copytree(run, to))
    results = json.loads((copy / "results.json").read_text())
    record = results["records"][game - 1]
    path = copy / record["file"]
    saved = json.loads(path.read_text())
    change(saved, record)
    path.write_text(json.dumps(saved))
    (copy / "results.json").write_text(json.dumps(results))
    return path, saved


def test_a_whole_game_is_compared_to_its_end(run: Path, tmp_path: Path) -> None:
    def longer(saved: dict[str, Any], record: dict[str, Any]) -> None:
        saved["actions"].append([0, "one action more"])
        record["actions"] += 1

    path, saved = edited(run, tmp_path / "longer", 1, longer)
    result = check(str(path.parents[1]), "--games", "1", "--actions", "100000", "--json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.output)["games"][0]["differs"] == {
        "action": len(saved["actions"]), "seat": 0, "played": None, "saved": "one action more"}

    def shorter(saved: dict[str, Any], record: dict[str, Any]) -> None:
        saved["actions"].pop()
        record["actions"] -= 1

    path, saved = edited(run, tmp_path / "shorter", 1, shorter)
    result = check(str(path.parents[1]), "--games", "1", "--actions", "100000")
    assert result.exit_code == 1, result.output
    assert f"differs at action {len(saved['actions']) + 1}: seat " in result.output
    assert "here, where the saved game had ended" in result.output
    whole = check(str(run), "--games", "1", "--actions", "100000")  # the whole game, to its end
    assert whole.exit_code == 0 and "the whole game agrees, its " in whole.output and "ends where the saved one does" \
        in whole.output


@pytest.mark.parametrize(("change", "reason"), [
    (lambda saved, record: saved["actions"].pop(), "the saved game is not the whole game the run played"),
    (lambda saved, record: saved.update(actions=[]), "holds 0 actions"),
    (lambda saved, record: saved.update(actions=[[0]]), "not a saved game"),
    (lambda saved, record: record.update(bot_seeds=[1]), "field 'bot_seeds' is not a list of 2 seeds"),
    (lambda saved, record: record.pop("seed"), "its record has no 'seed'"),
])
def test_a_game_that_cannot_be_played_again_as_it_was_is_refused_with_status_2(
        run: Path, tmp_path: Path, change: Any, reason: str) -> None:
    path, _ = edited(run, tmp_path / "bad", 3, change)
    result = check(str(run), str(path.parents[1]), "--games", "6")
    assert result.exit_code == 2 and reason in result.output, result.output
    assert "agree" not in result.output  # refused before any game was played


def test_an_unknown_bot_level_is_refused(run: Path, tmp_path: Path) -> None:
    def rename(saved: dict[str, Any], record: dict[str, Any]) -> None:
        pass

    path, _ = edited(run, tmp_path / "unknown", 1, rename)
    results = json.loads((path.parents[1] / "results.json").read_text())
    results["seats"] = ["cleverbot", "random"]
    for record in results["records"]:
        record["levels"] = ["cleverbot" if level == "greedy" else level for level in record["levels"]]
    (path.parents[1] / "results.json").write_text(json.dumps(results))
    result = check(str(path.parents[1]))
    assert result.exit_code == 2 and "cleverbot" in result.output, result.output


def test_a_pooled_report_names_the_saved_game_it_played(run: Path, tmp_path: Path) -> None:
    other = play(tmp_path / "other", "--first-game", "4")
    pooled = tmp_path / "pooled"
    made = CliRunner().invoke(main, ["arena", "report", str(run), str(other), "--out", str(pooled)])
    assert made.exit_code == 0, made.output
    result = check(str(pooled), "--games", "6", "--actions", "10", "--json")
    assert result.exit_code == 0, result.output
    games = json.loads(result.output)["games"]
    assert [(g["seed"], g["game"]) for g in games] == [(4, n) for n in range(1, 7)]
    assert all(Path(g["file"]).is_file() and Path(g["file"]).is_relative_to(pooled) for g in games)


SAVED = Path(__file__).parents[2] / "docs" / "balance-runs"


@pytest.mark.parametrize(("runs", "agrees"), [
    ("cityofremnants-2p-ismcts-step5-play2", True), ("cityofremnants-2p-ismcts-step6f-candidate", True),
    ("cityofremnants-3p-ismcts-step6f-candidate", True), ("cityofremnants-3p-ismcts-step5-since-0e1acde", True),
    ("cityofremnants-4p-ismcts-step5-since-0e1acde", True),
    ("cityofremnants-3p-ismcts-step5-play2", False), ("cityofremnants-4p-ismcts-step5-play2", False)])
def test_the_saved_runs_play_as_the_balance_docs_say(runs: str, agrees: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/balance-runs/README.md says which saved runs play as this code plays (their pairings with new runs
    compare the data alone) and which were played by the search before `0e1acde`. A change to the search or the
    rules that makes the first kind differ fails here: the docs must then say that those runs belong to an earlier
    search."""
    monkeypatch.chdir(SAVED.parents[1])  # the runs name their components file from the repository's root
    result = check(f"docs/balance-runs/{runs}/g1", "--games", "1", "--actions", "40", "--json")
    assert result.exit_code == (0 if agrees else 1), result.output
    (game,) = json.loads(result.output)["games"]
    assert game["agrees"] is agrees and (game["compared"] == 40 if agrees else game["differs"]["action"] <= 15)
