"""`meeple arena report`: saved runs pooled give the summary of one run over all their games, and runs that
cannot be pooled are refused with the folder and the field that differs."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import meeple
from meeple.arena import ArenaConfig, GameJob, play_job, summarise
from meeple.arena.commands import arena, with_data
from meeple.arena.pool import (
    PoolError,
    _data_label,
    _entry_map,
    against_report,
    paired_report,
    plays,
    pooled_data,
    pooled_summary,
    read_run,
)
from meeple.arena.report import data_file, format_table, in_package
from meeple.cli import main

SEATS = ["greedy", "random"]


def play(folder: Path, seed: int, seats: list[str] = SEATS, games: int = 2, *extra: str) -> Path:
    args = ["coloma", "--seats", ",".join(seats), "--games", str(games), "--seed", str(seed), "--out", str(folder),
            "--quiet", *extra]
    result = CliRunner().invoke(arena, args)
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two runs of two greedy-random Coloma games (seeds 1 and 2), and one with the seats the other way round."""
    root = tmp_path_factory.mktemp("runs")
    return [play(root / "s1", 1), play(root / "s2", 2), play(root / "s3", 3, ["random", "greedy"])]


def records_of(folder: Path) -> list[dict[str, Any]]:
    return list(json.loads((folder / "results.json").read_text())["records"])


def without_run_fields(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seed", "runs")}


def report(*args: str) -> Any:
    return CliRunner().invoke(main, ["arena", "report", *args])


def test_a_run_without_data_records_the_built_in_file_and_pools_with_a_run_naming_it(
        runs: list[Path], tmp_path: Path) -> None:
    """Without --data a run still records what it played with: the game's built-in components file, its hash and
    `built_in`. So it pools with a run that named the same bytes with --data, and not with a run of an edited
    file, which is what a designer tuning the built-in file between chunks needs."""
    built_in = Path(str(meeple.engine.get_rules("coloma").data_path()))
    recorded = json.loads((runs[0] / "results.json").read_text())["data"]
    assert recorded == {"path": "meeple/games/coloma/data/components.toml",
                        "sha256": hashlib.sha256(built_in.read_bytes()).hexdigest(), "built_in": True}
    copy = tmp_path / "components.toml"
    shutil.copy(built_in, copy)
    named = play(tmp_path / "named", 7, SEATS, 2, "--data", str(copy))
    assert "built_in" not in json.loads((named / "results.json").read_text())["data"]
    together = report(str(runs[0]), str(named), "--json")
    assert together.exit_code == 0, together.output
    # the pooled record names both files it read the same bytes from, and is not labelled built-in
    assert json.loads(together.output)["data"] == {"sha256": recorded["sha256"],
                                                   "paths": sorted([recorded["path"], os.path.relpath(copy)])}
    alone = report(str(runs[0]), str(runs[1]), "--json")
    assert json.loads(alone.output)["data"] == recorded  # runs that name it alike keep their record
    # a side of a paired report names the file its paired games read: the copy's games pair with nothing here
    _, sides = against_report([runs[0]], [runs[0], named])
    assert [summary["data"] for summary, _ in sides] == [recorded, recorded]
    _, sides = against_report([named], [runs[0], named])
    assert sides[0][0]["data"] == json.loads((named / "results.json").read_text())["data"]
    copy.write_text(copy.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    edited = play(tmp_path / "edited", 8, SEATS, 2, "--data", str(copy))
    refused = report(str(runs[0]), str(edited))
    assert refused.exit_code != 0 and "data differs" in refused.output
    assert "recorded no hash" not in refused.output  # both hashed: no word on runs saved before hashes


def test_the_built_in_file_is_named_inside_its_package_and_pools_with_runs_that_named_it_by_machine_path(
        runs: list[Path], tmp_path: Path) -> None:
    """The built-in file's recorded path names it inside the installed package, the same on every machine: not
    absolute, not the checkout's folder. Runs saved before, which recorded the absolute path of the checkout they
    were played in, pool with such runs on the hash: the path only names the file, nothing opens it."""
    recorded = json.loads((runs[0] / "results.json").read_text())["data"]
    assert recorded["path"] == "meeple/games/coloma/data/components.toml" and recorded["built_in"] is True
    assert not Path(recorded["path"]).is_absolute()
    for checkout in (Path(__file__).resolve().parents[2], Path(meeple.__file__).resolve().parents[1]):
        assert str(checkout) not in recorded["path"]
    assert data_file({}, "coloma") == recorded
    machine = "/home/player/checkout/src/meeple/games/coloma/data/components.toml"  # as runs before recorded it
    old = copy_run(runs[1], tmp_path / "old", data={**recorded, "path": machine})
    together = report(str(runs[0]), str(old), "--json")
    assert together.exit_code == 0, together.output
    pooled = json.loads(together.output)
    assert pooled["games"] == 4
    assert pooled["data"] == {"sha256": recorded["sha256"], "paths": sorted([machine, recorded["path"]]),
                              "built_in": True}
    assert _data_label(pooled) == f"built-in components.toml (sha256 {recorded['sha256'][:12]})"
    # a plug-in game's file is named from the folder holding its own top-level package; a file outside it as given
    assert in_package(click.__file__, "click.core") == "click/__init__.py"
    assert in_package(str(tmp_path / "mine.toml"), "meeple.games.coloma") == str(tmp_path / "mine.toml")


def test_a_pooled_report_pooled_again_keeps_every_path_it_was_read_from() -> None:
    h = "cd" * 32
    once = pooled_data([{"sha256": h, "path": "/a/components.toml", "built_in": True},
                        {"sha256": h, "path": "/b/components.toml"}])
    assert once == {"sha256": h, "paths": ["/a/components.toml", "/b/components.toml"]}
    again = pooled_data([once, {"sha256": h, "path": "/c/step5.toml"}])
    assert again == {"sha256": h, "paths": ["/a/components.toml", "/b/components.toml", "/c/step5.toml"]}
    assert pooled_data([once, once]) == once
    same = pooled_data([{"sha256": h, "path": "/a/x.toml"}, {"sha256": h, "path": "/a/x.toml", "built_in": True}])
    assert same == {"sha256": h, "path": "/a/x.toml"}  # one path; built-in only if every run was
    assert pooled_data([None, None]) is None


def test_a_side_read_from_copies_of_one_file_is_named_once_and_one_from_two_names_by_both() -> None:
    h = "ab" * 32
    copies = {"sha256": h, "paths": ["/a/components.toml", "/b/components.toml"]}
    assert _data_label({"data": copies, "settings": {}}) == f"components.toml (sha256 {h[:12]})"
    renamed = {"sha256": h, "paths": ["/a/components.toml", "/b/step5.toml"]}
    assert _data_label({"data": renamed, "settings": {}}) == f"components.toml / step5.toml (sha256 {h[:12]})"
    built_in = {"sha256": h, "path": "/a/components.toml", "built_in": True}
    assert _data_label({"data": built_in, "settings": {}}) == f"built-in components.toml (sha256 {h[:12]})"


def test_pooled_runs_give_the_summary_of_one_run_over_the_same_records(runs: list[Path]) -> None:
    a, b = runs[:2]
    pooled, records = pooled_summary([read_run(b), read_run(a)])  # in order of seed, whatever the order named
    expected = with_data(summarise(ArenaConfig("coloma", SEATS, 4, 1), records_of(a) + records_of(b)),
                         data_file({}, "coloma"))
    assert without_run_fields(pooled) == without_run_fields(expected)
    assert pooled["games"] == 4 and pooled["seed"] == [1, 2]
    assert [r["game"] for r in records] == [1, 2, 3, 4]
    assert [(r["arena_seed"], r["arena_game"]) for r in records] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert [run["games"] for run in pooled["runs"]] == [2, 2]


def outcome(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a game's record says of the game: not the wall time, nor where the pooled record came from."""
    drop = ("seconds", "file", "folder", "arena_seed", "arena_game")
    return [{k: v for k, v in r.items() if k not in drop} for r in records]


def test_chunks_of_one_seed_pool_into_the_run_they_are_part_of(runs: list[Path], tmp_path: Path) -> None:
    """Games 1-2 (the run of seed 1) and 3-4 (--first-game 3) of seed 1 are the run of 4 games of seed 1."""
    rest = play(tmp_path / "rest", 1, SEATS, 2, "--first-game", "3")
    whole = play(tmp_path / "whole", 1, SEATS, 4)
    pooled, records = pooled_summary([read_run(rest), read_run(runs[0])])
    single = read_run(whole)
    assert outcome(records) == outcome(single.records)
    assert without_run_fields(pooled) == without_run_fields(single.summary)
    assert pooled["seed"] == [1]
    overlap = play(tmp_path / "overlap", 1, SEATS, 1, "--first-game", "2")
    result = report(str(runs[0]), str(overlap))
    assert result.exit_code != 0 and "game 2 of arena seed 1 was already played" in result.output


def test_runs_with_the_seats_in_another_order_pool_with_their_bots_matched() -> None:
    assert _entry_map(["random", "greedy"], ["greedy", "random"]) == [1, 0]
    assert _entry_map(["random", "greedy", "greedy"], ["greedy", "greedy", "random"]) == [2, 0, 1]


def test_other_seat_order_counts_each_bot_as_itself(runs: list[Path]) -> None:
    pooled, records = pooled_summary([read_run(runs[0]), read_run(runs[2])])
    assert all(pooled["seats"][e] == level for r in records for e, level in zip(r["entries"], r["levels"],
                                                                                 strict=True))
    assert pooled["bots"]["greedy"]["games"] == 4 and pooled["orders"] == {"played": 2, "possible": 2,
                                                                           "balanced": True}


def test_the_command_prints_the_table_and_writes_a_report_that_pools_again(runs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "all"
    result = report(str(runs[0]), str(runs[1]), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "coloma: 4 games, seats greedy,random, seeds 1, 2" in result.output
    assert "first player won" in result.output and "head to head" in result.output
    saved = json.loads((out / "results.json").read_text())
    assert saved["games"] == 4 and len(saved["records"]) == 4
    for n in range(1, 5):
        game = meeple.load_game((out / "games" / f"game-{n:04d}.json").read_text())
        assert game.is_over()
    assert (out / "results.csv").exists() and (out / "win_rates.png").exists()
    again = report(str(out), str(runs[2]), "--json")
    assert again.exit_code == 0, again.output
    summary = json.loads(again.output)
    assert summary["games"] == 6 and summary["seed"] == [1, 2, 3]


def test_the_data_file_is_recorded_and_runs_with_other_data_are_refused(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The file given by its full path is recorded by its path from the folder the run started in (no machine's
    folders in the records), and the saved games replay from there."""
    data = tmp_path / "mine" / "components.toml"
    data.parent.mkdir()
    shutil.copy(Path(meeple.__file__).parent / "games" / "coloma" / "data" / "components.toml", data)
    monkeypatch.chdir(tmp_path)
    run = play(tmp_path / "d1", 1, SEATS, 1, "--data", str(data))
    recorded = json.loads((run / "results.json").read_text())["data"]
    assert recorded == {"path": "mine/components.toml", "sha256": hashlib.sha256(data.read_bytes()).hexdigest()}
    saved = next((run / "games").glob("*.json")).read_text()
    assert json.loads(saved)["settings"] == {"data": "mine/components.toml"} and str(tmp_path) not in saved
    assert meeple.load_game(saved).is_over()
    other = copy_run(run, tmp_path / "d2", seed=2, data={"path": recorded["path"], "sha256": "0" * 64})
    result = report(str(run), str(other))
    assert result.exit_code != 0 and f"{other}: cannot pool with {run}: data differs" in result.output
    assert report(str(run), str(copy_run(run, tmp_path / "d3", seed=3))).exit_code == 0  # the same content


def test_a_worker_in_another_folder_opens_the_data_file_the_run_named(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker may run in another folder than the run (a Ray worker, say): it opens the data file from the folder
    the run started in, and saves the game with the path the run recorded."""
    shutil.copy(Path(meeple.__file__).parent / "games" / "coloma" / "data" / "components.toml", tmp_path / "c.toml")
    start = tmp_path / "run"
    start.mkdir()
    monkeypatch.chdir(start)
    (job,) = ArenaConfig("coloma", SEATS, games=1, seed=5, settings={"data": "../c.toml"}).jobs()
    assert job.folder == os.getcwd() and job.settings == {"data": "../c.toml"}
    elsewhere = tmp_path / "worker" / "deeper"
    elsewhere.mkdir(parents=True)
    monkeypatch.chdir(elsewhere)  # no ../c.toml from here
    record = play_job(job)
    assert json.loads(record["save"])["settings"] == {"data": "../c.toml"}
    monkeypatch.chdir(start)  # where the run started: its saved game replays
    assert list(meeple.load_game(record["save"]).result().winners) == record["winners"]
    # a recorded path that climbs out of a folder the worker's machine lacks still names the file
    moved = GameJob(**{**job.__dict__, "folder": str(tmp_path / "gone")})  # as `run`, but not on this machine
    assert moved.opened_settings() == {"data": str(tmp_path / "c.toml")}


def copy_run(run: Path, folder: Path, **changes: Any) -> Path:
    """A copy of a run's folder with fields of its summary changed (and its records' bots, for other seats)."""
    shutil.copytree(run, folder)
    results = folder / "results.json"
    saved = {**json.loads(results.read_text()), **changes}
    if "seats" in changes:
        saved["records"] = [{**r, "levels": changes["seats"]} for r in saved["records"]]
    results.write_text(json.dumps(saved))
    return folder


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"game": "bluemooncity"}, "game"),
     ({"seats": ["greedy", "greedy"]}, "seats"),
     ({"options": {"variant": "other"}}, "options"),
     ({"settings": {"data": "mine.toml"}, "data": None}, "data"),  # a file named, its hash not recorded
     ({"data": {"path": "mine.toml", "sha256": "1" * 64}}, "data"),
     ({"data": {"path": "components.toml", "sha256": "1" * 64, "built_in": True}}, "data"),  # built-in, edited
     ({"data": None}, "data")],  # saved before the built-in file's hash was recorded
)
def test_runs_that_differ_are_refused_naming_the_folder_and_field(runs: list[Path], tmp_path: Path,
                                                                  changes: dict[str, Any], field: str) -> None:
    other = copy_run(runs[1], tmp_path / "other", **changes)
    out = tmp_path / "out"
    result = report(str(runs[0]), str(other), "--out", str(out))
    assert result.exit_code != 0
    assert f"{other}: cannot pool with {runs[0]}: {field} differs" in result.output
    assert ("recorded no hash" in result.output) == (changes == {"data": None})  # the why, only where it applies
    assert not out.exists()  # nothing written


@pytest.mark.parametrize(("changes", "field", "shown"), [
    ({"seed": True}, "seed", "true"), ({"seed": [1, "2"]}, "seed", '[1, "2"]'), ({"seed": []}, "seed", "[]"),
    ({"seed": [1, 2.0]}, "seed", "[1, 2.0]"), ({"players": True}, "players", "true"),
    ({"players": 2.0}, "players", "2.0"), ({"players": 3}, "players", "3"), ({"players": 0}, "players", "0"),
])
def test_a_summary_whose_seed_or_player_count_is_wrong_is_refused(runs: list[Path], tmp_path: Path,
                                                                  changes: dict[str, Any], field: str,
                                                                  shown: str) -> None:
    """JSON true is not seed 1, a list of seeds holds whole numbers only, and the player count is the number of
    seats: each refused by its field's name, showing the value as saved, with no trace."""
    broken = copy_run(runs[1], tmp_path / "broken", **changes)
    result = report(str(broken))
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)  # an error message, not a crash
    assert f"{broken / 'results.json'}: not an arena report: field {field!r} is " in result.output
    assert f"({shown})" in result.output


@pytest.mark.parametrize(("seats", "shown"), [(["greedy", "nobot"], '"nobot"'), (["greedy", 3], "3"),
                                               (["greedy", "ismcts:abc"], '"ismcts:abc"')])
def test_a_summary_seating_no_known_bot_is_refused(runs: list[Path], tmp_path: Path, seats: list[Any],
                                                   shown: str) -> None:
    """A seat that names no bot level the arena knows is refused by the field's name, with the valid levels."""
    broken = copy_run(runs[1], tmp_path / "broken", seats=seats)
    result = report(str(broken))
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert f"{broken / 'results.json'}: not an arena report: field 'seats' holds {shown} (" in result.output
    assert "valid levels:" in result.output


@pytest.mark.parametrize("data", [{"paths": "a.toml", "sha256": "1" * 64}, {"path": 3, "sha256": "1" * 64},
                                  {"path": "a.toml"}, {"path": "a.toml", "sha256": ""}, "a.toml", [1],
                                  {"path": "a.toml", "sha256": "1" * 64, "built_in": "yes"}])
def test_a_summary_whose_components_record_is_of_the_wrong_shape_is_refused(runs: list[Path], tmp_path: Path,
                                                                            data: Any) -> None:
    """The record of the components file is read when runs pool and when a comparison names its sides: one of the
    wrong shape is refused by the field's name, for one run and pooled with another, with no trace."""
    broken = copy_run(runs[1], tmp_path / "broken", data=data)
    for folders in ([broken], [runs[0], broken]):
        result = report(*map(str, folders))
        assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
        assert f"{broken / 'results.json'}: not an arena report: field 'data' is not a components file's record" \
            in result.output


def test_a_saved_game_that_cannot_be_read_is_named_and_nothing_is_written(runs: list[Path], tmp_path: Path) -> None:
    """With --out the report copies every saved game: one that is not JSON, not an object, or not there is named by
    its path, and the report is not written."""
    for content in ("{not json", "[1, 2]", None):
        broken = copy_run(runs[1], tmp_path / f"broken{len(content or '')}")
        game = broken / records_of(broken)[0]["file"]
        if content is None:
            game.unlink()
        else:
            game.write_text(content)
        out = tmp_path / f"out{len(content or '')}"
        result = report(str(runs[0]), str(broken), "--out", str(out))
        assert result.exit_code != 0 and isinstance(result.exception, SystemExit), result.output
        assert f"{game}: " in result.output
        assert not (out / "results.json").exists()


def test_a_run_of_a_game_that_is_not_installed_is_refused(runs: list[Path], tmp_path: Path) -> None:
    broken = copy_run(runs[1], tmp_path / "broken", game="nogame")
    result = report(str(broken))
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert f"{broken / 'results.json'}: field 'game' names no installed game" in result.output
    assert "nogame" in result.output


def test_a_seed_played_twice_is_refused(runs: list[Path], tmp_path: Path) -> None:
    again = copy_run(runs[0], tmp_path / "again")
    result = report(str(runs[0]), str(again))
    assert result.exit_code != 0
    assert f"{again}: game 1 of arena seed 1 was already played in {runs[0]}" in result.output


def test_folders_without_a_report_or_with_a_bad_one_are_named(runs: list[Path], tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = report(str(runs[0]), str(empty))
    assert result.exit_code != 0 and f"{empty / 'results.json'}: no such file" in result.output
    gone = report(str(runs[0]), str(tmp_path / "never-written"))
    assert gone.exit_code != 0 and f"{tmp_path / 'never-written'}: no such folder" in gone.output
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "results.json").write_text("{not json")
    result = report(str(bad))
    assert result.exit_code != 0 and f"{bad / 'results.json'}: not a readable JSON file" in result.output
    with pytest.raises(PoolError, match="field 'records'"):
        read_run(copy_run(runs[0], tmp_path / "norecords", records=None))


def test_the_report_is_not_written_over_a_run(runs: list[Path]) -> None:
    before = (runs[0] / "results.json").read_text()
    result = report(str(runs[0]), str(runs[1]), "--out", str(runs[0]))
    assert result.exit_code != 0 and "is one of the runs" in result.output
    assert (runs[0] / "results.json").read_text() == before


def test_pooled_runs_that_play_one_turn_order_more_often_are_not_balanced(runs: list[Path]) -> None:
    """Two one-game runs of two bots: two games, a multiple of the two orders, but both games in one order."""
    records = records_of(runs[0])[:1] + records_of(runs[1])[:1]
    summary = summarise(ArenaConfig("coloma", SEATS, 2, 1), records)
    assert summary["orders"] == {"played": 1, "possible": 2, "balanced": False}
    assert "do not play the 2 turn orders of 2 bots equally often" in format_table(summary)


@pytest.mark.parametrize(("field", "value"), [
    ("winners", 5), ("winners", [7]), ("scores", ["a", "b"]), ("scores", [1.0]), ("levels", "greedyrandom"),
    ("metrics", {"score": [1]}), ("bot_stats", [1, 2]), ("ranking", [[0, "x"]]), ("first", 9), ("actions", -1),
    ("figures", {"rounds": "six"}), ("roles", ["A"]), ("tallies", {"built": 3}), ("arena_game", "2"), ("play", "2"),
    ("actions", True), ("play", True), ("arena_seed", True), ("arena_game", False), ("arena_seed", 1.0),
    ("game", "x"), ("game", True), ("game", 0), ("arena_game", 0), ("play", 3), ("seed", True),
    ("bot_seeds", [1, "2"]), ("bot_seeds", [1]), ("bot_stats", [{"iterations": "x"}, {}]),
    ("bot_stats", [{"iterations": True}, {}]), ("bot_stats", [{"seconds": -1.0}, {}]),
    ("bot_stats", [{}, {"decision_seconds": ["a"]}]), ("options", ["x"]), ("draw", "no"), ("reason", None),
])
def test_a_record_of_the_wrong_shape_is_refused_with_its_field(runs: list[Path], tmp_path: Path, field: str,
                                                               value: Any) -> None:
    """A record whose fields are present but of the wrong type or size is refused by name, not summed into a
    trace."""
    records = records_of(runs[0])
    records[1][field] = value
    broken = copy_run(runs[0], tmp_path / "broken", records=records)
    result = report(str(runs[1]), str(broken))
    assert result.exit_code != 0
    assert f"{broken / 'results.json'}: record 2: field {field!r} is not" in result.output
    assert isinstance(result.exception, SystemExit)  # an error message, not a crash


def test_the_records_the_arena_writes_pass_the_shape_check(runs: list[Path]) -> None:
    """The fresh runs here and the saved balance runs of the docs (search bots, roles, rounds) all read, and the
    saved `--compare` runs pool into their comparison."""
    saved = sorted((Path(__file__).parents[2] / "docs" / "balance-runs").glob("*/g*"))
    assert saved, "the docs keep saved balance runs"
    compared = [folder for folder in saved if (folder / "comparison.json").exists()]
    assert compared, "the docs keep saved --compare runs"
    sides = [folder / side for folder in compared for side in "ab"]
    for folder in [*runs, *(f for f in saved if f not in compared), *sides]:
        assert read_run(folder).records
    result, _ = paired_report(compared)
    assert result["games"] == sum(len(read_run(folder / "a").records) for folder in compared)


def test_every_saved_balance_run_names_a_file_of_the_repository_with_the_hash_it_recorded() -> None:
    """docs/balance-runs/README.md: each saved run, and each of its saved games, names the components file it played
    with by its path from the repository's root (a game played without --data names none: the shipped file), and
    that file's content still has the SHA-256 the run recorded, so the games replay on any machine. A run naming a
    machine's folder, or a file edited since, fails here."""
    root = Path(__file__).parents[2]
    found = sorted((root / "docs" / "balance-runs").glob("*/g*/results.json"))
    found += sorted((root / "docs" / "balance-runs").glob("*/g*/[ab]/results.json"))
    assert len(found) > 500
    hashes: dict[str, str] = {}
    for results in found:
        data = json.loads(results.read_text())["data"]
        path = data["path"]
        assert not Path(path).is_absolute() and ".." not in Path(path).parts, f"{results}: {path}"
        # a run without --data names the built-in file inside its package (meeple/games/...), under src/ here
        file = root / "src" / path if data.get("built_in") else root / path
        if path not in hashes:
            hashes[path] = hashlib.sha256(file.read_bytes()).hexdigest()
        assert hashes[path] == data["sha256"], f"{results}: {path} is not the file the run played with"
        shipped = data.get("built_in") or path == "src/meeple/games/cityofremnants/data/components.toml"
        settings = json.loads(results.read_text())["settings"]
        assert settings.get("data") in ({path, None} if shipped else {path}), results
        for game in sorted((results.parent / "games").glob("*.json")):  # a game played without --data names none
            assert json.loads(game.read_text())["settings"].get("data") in ({path, None} if shipped else {path}), game


@pytest.mark.parametrize(("players", "before"), [(4, "cityofremnants-4p-ismcts-step4/g*"),
                                                 (3, "cityofremnants-3p-ismcts-step4/g*"),
                                                 (2, "cityofremnants-2p-step3-vs-step4/g*/b")])
def test_the_saved_step_5_runs_pair_with_the_step_4_runs_they_were_compared_with(players: int, before: str) -> None:
    """docs/balance.md pairs step 5's search-bot runs with step 4's saved runs (`meeple arena report --against`):
    every step-5 game has its step-4 game, played on other data with the same seed and bots."""
    root = Path(__file__).parents[2] / "docs" / "balance-runs"
    new = sorted(root.glob(f"cityofremnants-{players}p-ismcts-step5/g*"))
    old = sorted(root.glob(before))
    assert new and old
    result, sides = against_report(new, old)
    assert result["games"] == sum(len(read_run(folder).records) for folder in new) and result["unpaired"]["b"] == 0
    assert result["a"]["file"] != result["b"]["file"]  # two data files, told apart by their hashes
    assert {row["quantity"] for row in result["differences"]} >= {"rounds", "first player won", "win rate role LEN"}
    assert all(len(records) == result["games"] for _, records in sides)


# (players, candidate, bots, the step-5 runs it pairs with, the folder keeping the candidate's file): candidate F's
# 3-player runs played the file kept with its 2-player runs, and pair with step 5's games played again by the same
# search (balance.md)
STEP_6 = [(4, "step6-candidate", "ismcts"), (4, "step6b-candidate", "ismcts"), (4, "step6c-candidate", "ismcts"),
          (3, "step6c-candidate", "ismcts"), (3, "step6d-candidate", "ismcts"), (3, "step6e-candidate", "ismcts"),
          (3, "step6e-candidate", "ismcts200"), (2, "step6f-candidate", "ismcts")]


@pytest.mark.parametrize(("players", "candidate", "bots", "step5", "kept_in"), [
    *[(p, c, b, f"cityofremnants-{p}p-{b}-step5-play2", f"cityofremnants-{p}p-{b}-{c}") for p, c, b in STEP_6],
    (3, "step6f-candidate", "ismcts", "cityofremnants-3p-ismcts-step5-since-0e1acde",
     "cityofremnants-2p-ismcts-step6f-candidate")])
def test_the_saved_step_6_candidate_runs_pair_with_step_5_runs_played_the_same_way(
        players: int, candidate: str, bots: str, step5: str, kept_in: str) -> None:
    """docs/balance.md pairs each step-6 candidate's runs (its components file saved beside them) with the step-5
    runs of the same player count and bots (`ismcts200`: the search at 200 iterations) played as the arena plays
    now (`play` 2): every candidate game has its step-5 game, and the candidate's hash is that of the file kept
    with the runs."""
    root = Path(__file__).parents[2] / "docs" / "balance-runs"
    folder = root / f"cityofremnants-{players}p-{bots}-{candidate}"
    new = sorted(folder.glob("g*"))
    old = sorted(root.glob(f"{step5}/g*"))
    assert new and old
    result, sides = against_report(new, old)
    assert result["games"] == sum(len(read_run(f).records) for f in new) and result["unpaired"]["b"] == 0
    assert [plays(records) for _, records in sides] == [[2], [2]]
    kept = hashlib.sha256((root / kept_in / f"{candidate}.toml").read_bytes()).hexdigest()
    shipped = hashlib.sha256(Path(str(meeple.engine.get_rules("cityofremnants").data_path())).read_bytes()).hexdigest()
    assert [summary["data"]["sha256"] for summary, _ in sides] == [shipped, kept]
    assert kept != shipped  # a candidate, not the shipped data


def compare_chunk(tmp_path: Path, name: str, first: int, games: int = 2) -> Path:
    shutil.copy(meeple.engine.get_rules("bluemooncity").data_path(), tmp_path / "components.toml")
    (tmp_path / "a.toml").write_text('layout = "standard"\n')
    (tmp_path / "b.toml").write_text('layout = "open"\ndata = "components.toml"\n')
    folder = tmp_path / name
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", str(games),
                                        "--first-game", str(first), "--seed", "4", "--quiet", "--compare",
                                        str(tmp_path / "a.toml"), str(tmp_path / "b.toml"), "--json",
                                        "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_compare_runs_in_chunks_pool_into_the_comparison_of_one_run(tmp_path: Path) -> None:
    """Two `--compare` chunks (games 1-2 and 3-4) reported together give the paired differences of one
    `--compare` run of games 1-4, and --out writes the pooled sides and the comparison."""
    chunks = [compare_chunk(tmp_path, "c1", 1), compare_chunk(tmp_path, "c2", 3)]
    whole = json.loads((compare_chunk(tmp_path, "whole", 1, games=4) / "comparison.json").read_text())
    result = report(str(chunks[1]), str(chunks[0]), "--json", "--out", str(tmp_path / "pooled"))
    assert result.exit_code == 0, result.output
    pooled = json.loads(result.output[:result.output.rindex("}") + 1])
    assert pooled["games"] == 4 and pooled["seed"] == [4]
    assert pooled["differences"] == whole["differences"]
    assert any(r["quantity"] == "actions" for r in pooled["differences"])
    written = json.loads((tmp_path / "pooled" / "comparison.json").read_text())
    assert written["differences"] == whole["differences"]
    for side in "ab":
        assert len(records_of(tmp_path / "pooled" / side)) == 4
    chunk_b = json.loads((chunks[0] / "b" / "results.json").read_text())
    pooled_b = json.loads((tmp_path / "pooled" / "b" / "results.json").read_text())
    assert pooled_b["data"]["sha256"] == chunk_b["data"]["sha256"]  # the pooled side pools on with its data
    assert pooled_b["seed"] == [4] and [r["arena_game"] for r in pooled_b["records"]] == [1, 2, 3, 4]
    text = report(str(chunks[0]), str(chunks[1]))
    assert text.exit_code == 0 and "4 paired games" in text.output and "B - A" in text.output


def test_a_paired_report_refuses_plain_runs_and_games_of_one_variant(tmp_path: Path, runs: list[Path]) -> None:
    chunk = compare_chunk(tmp_path, "c1", 1)
    mixed = report(str(chunk), str(runs[0]))
    assert mixed.exit_code != 0 and "comparison.json" in mixed.output and str(runs[0]) in mixed.output
    lopsided = tmp_path / "lopsided"
    shutil.copytree(chunk, lopsided)
    data = json.loads((lopsided / "b" / "results.json").read_text())
    data["records"] = data["records"][:1]
    (lopsided / "b" / "results.json").write_text(json.dumps(data))
    result = report(str(lopsided))
    assert result.exit_code != 0 and "one variant only" in result.output and "game 2 of arena seed 4" in result.output
    twice = report(str(chunk), str(chunk / ".." / "c1"))
    assert twice.exit_code != 0 and "already played" in twice.output


def plain_side(tmp_path: Path, name: str, first: int, games: int, layout: str, *extra: str) -> Path:
    """A plain run of one variant of `compare_chunk`'s comparison: the same seed, bots and game numbers."""
    folder = tmp_path / name
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", str(games),
                                        "--first-game", str(first), "--seed", "4", "--quiet", "-o",
                                        f"layout={layout}", *extra, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_runs_played_apart_pair_against_saved_runs_as_one_compare_run(tmp_path: Path) -> None:
    """The variants of a `--compare` run played as two plain runs (B in two chunks, A in one) and paired with
    --against give the same differences as the `--compare` run of those games; --out writes both sides."""
    whole = json.loads((compare_chunk(tmp_path, "whole", 1, games=4) / "comparison.json").read_text())
    data = str(tmp_path / "components.toml")
    old = plain_side(tmp_path, "old", 1, 4, "standard")
    new = [plain_side(tmp_path, "new1", 1, 2, "open", "--data", data),
           plain_side(tmp_path, "new2", 3, 2, "open", "--data", data)]
    result = report(*map(str, new), "--against", str(old), "--json", "--out", str(tmp_path / "paired"))
    assert result.exit_code == 0, result.output
    paired = json.loads(result.output[:result.output.rindex("}") + 1])
    assert paired["games"] == 4 and paired["unpaired"] == {"a": 0, "b": 0}
    assert paired["differences"] == whole["differences"]
    assert paired["b"]["file"].startswith("components.toml (sha256 ") and paired["a"]["file"].startswith(
        "built-in components.toml (sha256 ")
    written = json.loads((tmp_path / "paired" / "comparison.json").read_text())
    assert written["differences"] == whole["differences"]
    for side in "ab":
        assert [r["arena_game"] for r in records_of(tmp_path / "paired" / side)] == [1, 2, 3, 4]
    text = report(str(new[0]), "--against", str(old))
    assert text.exit_code == 0, text.output
    assert "2 paired games; 2 games of the --against runs left out (no pair)" in text.output
    assert "B - A" in text.output
    quoted = report(str(tmp_path / "new*"), "--against", str(tmp_path / "ol?"), "--json")  # patterns, expanded here
    assert quoted.exit_code == 0, quoted.output
    assert json.loads(quoted.output)["differences"] == whole["differences"]
    unquoted = report(str(new[0]), "--against", str(new[1]), str(old))  # what the shell makes of an unquoted one
    assert unquoted.exit_code != 0 and "quote the pattern" in unquoted.output
    nothing = report(str(new[0]), "--against", str(tmp_path / "nothing*"))
    assert nothing.exit_code != 0 and "the pattern matches no folder" in nothing.output


def test_against_refuses_other_bots_no_common_game_and_compare_runs(tmp_path: Path, runs: list[Path]) -> None:
    old = plain_side(tmp_path, "old", 1, 2, "standard")
    later = plain_side(tmp_path, "later", 3, 2, "open")
    disjoint = report(str(later), "--against", str(old))
    assert disjoint.exit_code != 0 and "share no game" in disjoint.output
    other_game = report(str(runs[0]), "--against", str(old))
    assert other_game.exit_code != 0 and "game differs" in other_game.output
    chunk = compare_chunk(tmp_path, "c1", 1)
    compared = report(str(chunk), "--against", str(old))
    assert compared.exit_code != 0 and "paired already" in compared.output and str(chunk) in compared.output
    missing = report(str(later), "--against", str(tmp_path / "nowhere"))
    assert missing.exit_code != 0 and "nowhere: no such folder" in missing.output
    moved = tmp_path / "moved"
    shutil.copytree(later, moved)
    data = json.loads((moved / "results.json").read_text())
    for record in data["records"]:  # games 3-4 relabelled as games 1-2: their game seeds give them away
        record["arena_game"] = record["game"] = record["game"] - 2
    (moved / "results.json").write_text(json.dumps(data))
    relabelled = report(str(moved), "--against", str(old))
    assert relabelled.exit_code != 0 and "was not the same game" in relabelled.output
    assert "game 1 of arena seed 4" in relabelled.output


def test_other_bots_pair_the_same_deals_and_compare_only_what_both_sides_have(tmp_path: Path) -> None:
    """docs/balance.md: the count's 3-player games with the default search paired with the same deals played by
    `ismcts:200` (`--other-bots`): every game of the weaker search pairs, the bots' own rows are left out, the roles'
    win rates are each side's, and without the flag the runs are refused, naming it."""
    root = Path(__file__).parents[2] / "docs" / "balance-runs"
    new = sorted(root.glob("cityofremnants-3p-ismcts200-step5-play2/g*"))
    old = sorted(root.glob("cityofremnants-3p-ismcts-step5-play2/g*"))
    assert new and old
    refused = report(str(new[0]), "--against", str(old[0]))
    assert refused.exit_code != 0 and "the bots differ" in refused.output and "--other-bots" in refused.output
    alone = report(str(new[0]), "--other-bots")
    assert alone.exit_code != 0 and "give --against" in alone.output
    result, sides = against_report(new, old, other_bots=True)
    assert result["games"] == sum(len(read_run(f).records) for f in new) and result["unpaired"]["b"] == 0
    rows = {row["quantity"]: row for row in result["differences"]}
    assert result["bots"] == {"a": ["ismcts"] * 3, "b": ["ismcts:200"] * 3}
    for side, (_, records) in zip("ab", sides, strict=True):  # each side's own share of the Nei'su's games
        held = [r for r in records if "NEI" in r["roles"]]
        wins = sum(r["roles"][w] == "NEI" for r in held for w in r["winners"])
        assert rows["win rate role NEI"][side] == round(wins / len(held), 4)
    assert "(bots: ismcts:200 " in result["b"]["file"] and "(bots: ismcts " in result["a"]["file"]
    shown = report(str(new[0]), "--against", str(old[0]), "--other-bots")
    assert shown.exit_code == 0 and "win rate role" in shown.output
    # games 3-4 relabelled as games 1-2: their seeds and gangs give them away
    moved = tmp_path / "moved"
    shutil.copytree(root / "cityofremnants-3p-ismcts200-step5-play2" / "g3", moved)
    data = json.loads((moved / "results.json").read_text())
    for record in data["records"]:
        record["arena_game"] = record["game"] = record["game"] - 2
    (moved / "results.json").write_text(json.dumps(data))
    first = root / "cityofremnants-3p-ismcts-step5-play2" / "g1"
    relabelled = report(str(moved), "--against", str(first), "--other-bots")
    assert relabelled.exit_code != 0 and "was not the same game" in relabelled.output
    assert "turn order of the seats or roles" in relabelled.output
    # other bots on other data: two changes at once are refused
    candidate = root / "cityofremnants-3p-ismcts200-step6e-candidate" / "g1"
    mixed = report(str(candidate), "--against", str(first), "--other-bots")
    assert mixed.exit_code != 0 and "so does the components file" in mixed.output


def test_runs_the_arena_played_another_way_are_not_pooled_or_paired(runs: list[Path], tmp_path: Path) -> None:
    """Each game records how the arena played it (`play`): runs saved before simultaneous choices were made on one
    table (no `play`: 1) gave other games for the same seeds, so they pool and pair only among themselves."""
    assert {r["play"] for r in records_of(runs[0])} == {2}
    old = tmp_path / "old"
    shutil.copytree(runs[1], old)
    data = json.loads((old / "results.json").read_text())
    for record in data["records"]:
        del record["play"]
    (old / "results.json").write_text(json.dumps(data))
    pooled = report(str(runs[0]), str(old))
    assert pooled.exit_code != 0 and "play differs (1 against 2)" in pooled.output
    assert "another way" in pooled.output
    same_seed = tmp_path / "s2again"
    shutil.copytree(runs[1], same_seed)
    paired = report(str(same_seed), "--against", str(old))
    assert paired.exit_code != 0 and "play differs (2 against 1)" in paired.output
