"""The arena: seeds give the same games on every backend, seats rotate, and the report files are complete."""

from __future__ import annotations

import csv
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.arena import ArenaConfig, run_arena, summarise, write_report
from meeple.arena.commands import arena
from meeple.arena.match import derive, play_job, turn_order_of
from meeple.arena.report import _first_seat, _position_rates, format_table
from meeple.arena.stats import ratings, wilson

FAST = ["random", "random"]


def outcome(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records without what depends on the machine (wall time, search speed)."""
    out = []
    for r in records:
        r = {k: v for k, v in r.items() if k != "seconds"}
        r["bot_stats"] = [{k: v for k, v in s.items() if k not in ("seconds", "iterations_per_s")}
                          for s in r["bot_stats"]]
        out.append(r)
    return out


CONFIG = ArenaConfig("bluemooncity", ["greedy", "random"], games=2, seed=21)


@pytest.fixture(scope="module")
def serial() -> list[dict[str, Any]]:
    """Two greedy-random games played in this process (shared by the tests of this module)."""
    return run_arena(CONFIG, jobs=1, progress=False)


def test_the_same_seed_gives_the_same_games_with_one_or_two_processes(serial: list[dict[str, Any]]) -> None:
    parallel = run_arena(CONFIG, jobs=2, progress=False)
    assert outcome(serial) == outcome(parallel)
    assert [r["game"] for r in parallel] == [1, 2]


def test_another_seed_gives_other_games() -> None:
    a = run_arena(ArenaConfig("bluemooncity", FAST, games=1, seed=1), progress=False)
    b = run_arena(ArenaConfig("bluemooncity", FAST, games=1, seed=2), progress=False)
    assert a[0]["seed"] != b[0]["seed"]
    assert a[0]["save"] != b[0]["save"]


def test_the_arena_plays_every_turn_order_each_bot_starting_equally_often() -> None:
    config = ArenaConfig("bluemooncity", ["ismcts:5", "greedy", "random"], games=6, seed=3)
    jobs = config.jobs()
    assert {tuple(j.levels) for j in jobs} == set(itertools.permutations(config.seats))
    for block in (jobs[:3], jobs[3:]):  # every block of 3 games: each bot once in each turn position
        for position in range(3):
            assert sorted(j.levels[position] for j in block) == sorted(config.seats)
    assert [j.number for j in jobs] == [1, 2, 3, 4, 5, 6]
    assert len({j.seed for j in jobs}) == 6
    assert len({s for j in jobs for s in j.bot_seeds}) == 18
    assert len({turn_order_of(n, 4) for n in range(24)}) == 24


def test_the_bot_meant_to_start_sits_where_the_game_starts() -> None:
    """Blue Moon City draws its starting player from the seed; the arena seats the bots around that draw."""
    config = ArenaConfig("bluemooncity", ["greedy", "random"], games=4, seed=5)
    for job in config.jobs():
        record = play_job(job)
        game = meeple.load_game(record["save"])
        starter = game.full_log()[0][0]
        assert record["first"] == starter == record["order"][0]
        assert record["levels"][starter] == job.levels[0]
        assert [record["positions"][s] for s in record["order"]] == [0, 1]
        fresh = meeple.new_game("bluemooncity", 2, job.seed)
        assert fresh.deciders() == [starter]  # the game's own draw, unchanged


def test_win_rates_by_turn_position_count_the_starter_whatever_its_seat() -> None:
    records = [{"levels": ["a", "b"], "winners": [1], "positions": [1, 0], "order": [1, 0], "first": 1,
                "entries": [0, 1]},
               {"levels": ["b", "a"], "winners": [0], "positions": [0, 1], "order": [0, 1], "first": 0,
                "entries": [1, 0]}]
    rates = _position_rates(records, 2)
    assert [r["win_rate"] for r in rates] == [1.0, 0.0]
    assert _first_seat(records, 2)["win_rate"] == 1.0


def test_seeds_derive_from_the_arena_seed_only() -> None:
    assert derive(5, 1, 0) == derive(5, 1, 0)
    assert derive(5, 1, 0) != derive(5, 1, 1) != derive(6, 1, 1)
    assert 0 <= derive(5, 2, 3, 1) < 2**62


def test_report_files(tmp_path: Path, serial: list[dict[str, Any]]) -> None:
    summary = summarise(CONFIG, serial)
    write_report(summary, serial, tmp_path)
    results = json.loads((tmp_path / "results.json").read_text())
    for level in ("greedy", "random"):
        bot = results["bots"][level]
        assert {"games", "wins", "win_rate", "ci95", "rating"} <= set(bot)
        assert bot["games"] == 2
        assert bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    assert results["bots"]["greedy"]["wins"] + results["bots"]["random"]["wins"] + results["draws"] == 2
    assert results["first_seat"]["games"] == 2
    assert "offerings" in results["bots"]["greedy"]["averages"]
    assert "crystals" in results["bots"]["greedy"]["averages"]
    with (tmp_path / "results.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["bot"] for r in rows] == ["greedy", "random"]
    assert float(rows[0]["win_rate"]) == results["bots"]["greedy"]["win_rate"]
    for png in ("win_rates.png", "game_length.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with (tmp_path / "games.csv").open() as f:
        games = list(csv.DictReader(f))
    assert [int(g["game"]) for g in games] == [r["game"] for r in results["records"]] == [1, 2]
    for record in results["records"]:
        saved = (tmp_path / record["file"]).read_text()
        assert json.loads(saved)["arena"]["bots"] == record["levels"]
        assert json.loads(saved)["arena"]["turn_order"] == record["order"]
        replayed = meeple.load_game(saved)
        assert replayed.is_over()
        assert replayed.result().winners == record["winners"]
        assert len(replayed.full_log()) == record["actions"]


def test_ratings_put_the_stronger_bot_ahead(serial: list[dict[str, Any]]) -> None:
    summary = summarise(CONFIG, serial)
    bots = summary["bots"]
    assert bots["greedy"]["wins"] == 2
    assert bots["greedy"]["rating"] > bots["random"]["rating"]


def test_wilson_interval() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_command_prints_a_table_and_writes_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "2", "--seed", "1",
                                        "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "first player won" in result.output
    assert "win rate by turn position" in result.output
    assert (tmp_path / "results.json").exists() and (tmp_path / "games" / "game-0002.json").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--seats", "random,wizard"], "unknown bot level 'wizard'"),
     (["--seats", "random,random", "-o", "edition=nope"], "edition"),
     (["--seats", "random"], "2 to 4 players"),
     (["--seats", "random,random", "-o", "colour"], "not NAME=VALUE")],
)
def test_command_refuses_bad_input_clearly(args: list[str], message: str) -> None:
    result = CliRunner().invoke(arena, ["bluemooncity", "--games", "1", "--quiet", *args])
    assert result.exit_code != 0
    assert message in result.output


def test_ray_backend_without_ray_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail as if it were not installed
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                        "--backend", "ray"])
    assert result.exit_code != 0
    assert "pip install" in result.output and "ray" in result.output


def test_a_wrong_ray_address_fails_within_seconds_with_a_clear_message() -> None:
    import socket
    import time

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.perf_counter()
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                        "--backend", "ray", "--address", f"127.0.0.1:{port}"])
    assert result.exit_code != 0
    assert f"no Ray cluster answers at 127.0.0.1:{port}" in result.output
    assert time.perf_counter() - start < 10
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                        "--backend", "ray", "--address", "head-without-port"])
    assert "is not a Ray address" in result.output


def test_ratings_are_fitted_on_all_games_whatever_their_order() -> None:
    def game(levels: list[str], ranking: list[list[int]]) -> dict[str, Any]:
        return {"levels": levels, "ranking": ranking, "winners": ranking[0]}

    records = ([game(["a", "b"], [[0], [1]])] * 6 + [game(["b", "a"], [[0], [1]])] * 2
               + [game(["a", "c"], [[1], [0]])] * 5 + [game(["c", "b"], [[0, 1]])] * 3)
    levels = ["a", "b", "c"]
    fitted = ratings(records, levels)
    assert fitted == ratings(list(reversed(records)), levels) == ratings(records[3:] + records[:3], levels)
    assert fitted["c"]["rating"] > fitted["a"]["rating"] > fitted["b"]["rating"]
    assert sum(r["rating"] for r in fitted.values()) == pytest.approx(0, abs=0.5)
    assert all(r["pm95"] > 0 for r in fitted.values())
    more = ratings(records * 4, levels)  # four times the games: about half the interval
    assert more["a"]["pm95"] < 0.6 * fitted["a"]["pm95"]


def test_a_won_every_game_bot_gets_a_finite_rating() -> None:
    records = [{"levels": ["x", "y"], "ranking": [[0], [1]], "winners": [0]}] * 20
    fitted = ratings(records, ["x", "y"])
    assert 0 < fitted["x"]["rating"] < 2000 and fitted["x"]["pm95"] > 0


def test_time_budgets_are_flagged_as_not_reproducible() -> None:
    config = ArenaConfig("bluemooncity", ["ismcts:30ms", "random"], games=1, seed=1)
    assert config.timed == ["ismcts:30ms"]
    summary = summarise(config, [])
    assert not summary["reproducible"] and "ismcts:30ms" in summary["warnings"][0]
    assert "warning: ismcts:30ms" in format_table(summary)
    assert summarise(CONFIG, [])["reproducible"] and not summarise(CONFIG, [])["warnings"]


class _Spy:
    """A random bot that notes, at each of its choices, how many actions the game had played and who was deciding."""

    def __init__(self, game: meeple.Game, seat: int, notes: list[tuple[int, int, tuple[int, ...]]]) -> None:
        from meeple.agents import make_agent

        self.game, self.seat, self.notes = game, seat, notes
        self.bot = make_agent("random", seed=seat)

    def choose(self, table: Any) -> str:
        self.notes.append((self.game.log_length(), self.seat, tuple(self.game.deciders())))
        return str(self.bot.choose(table))


def test_seats_deciding_together_each_choose_before_any_of_them_acts() -> None:
    """A simultaneous choice (Coloma's dials) is made by every deciding seat on the same table: whenever several
    seats decide, each of them chooses before any choice is applied (served one after another in seat order, the
    last seat's greedy bot won 44 % of 4-player Coloma games, and the first seat's when served in reverse)."""
    from meeple.arena.match import play_out

    game = meeple.new_game("coloma", 4, 5)
    notes: list[tuple[int, int, tuple[int, ...]]] = []
    assert play_out(game, [_Spy(game, seat, notes) for seat in range(4)]) is True
    assert game.is_over()
    chose: dict[int, list[int]] = {}
    deciding: dict[int, tuple[int, ...]] = {}
    for length, seat, deciders in notes:
        chose.setdefault(length, []).append(seat)
        deciding.setdefault(length, deciders)
    together = [length for length, deciders in deciding.items() if len(deciders) > 1]
    assert together, "Coloma's dials are chosen together"
    for length in together:  # every seat deciding on that table chose on it, in seat order
        assert chose[length] == list(deciding[length]), (length, chose[length], deciding[length])


def test_a_game_without_simultaneous_choices_records_that_it_was_played_the_same_either_way() -> None:
    """Blue Moon City never has two seats deciding at once, so its games are the same however the arena serves
    simultaneous choices (`play` 1: they pool with runs saved before the change); Coloma's record `play` 2."""
    from meeple.arena.match import PLAY

    bmc = ArenaConfig("bluemooncity", ["random", "random"], games=1, seed=2)
    col = ArenaConfig("coloma", ["random", "random"], games=1, seed=2)
    assert [r["play"] for r in run_arena(bmc, progress=False)] == [1]
    assert [r["play"] for r in run_arena(col, progress=False)] == [PLAY] == [2]
