"""What a designer reads off an arena run: figures of the game's history, margins, head to head, variants compared."""

from __future__ import annotations

import json
import os
import shutil
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.arena import ArenaConfig, run_arena, summarise, write_report
from meeple.arena.commands import arena
from meeple.arena.compare import compare, per_game
from meeple.arena.report import format_table, head_to_head
from meeple.arena.stats import win_shares


@pytest.fixture(scope="module")
def played() -> tuple[ArenaConfig, list[dict[str, Any]]]:
    config = ArenaConfig("bluemooncity", ["greedy", "random"], games=2, seed=8)
    return config, run_arena(config, progress=False)


def test_blue_moon_city_history_figures_agree_with_the_final_state(played: Any) -> None:
    """Buildings completed with their turn, cards played, the turn of each offering, scale scorings."""
    _, records = played
    for record in records:
        game = meeple.load_game(record["save"])
        tallies, figures = record["tallies"], record["figures"]
        completed = tallies["building_completed_turn"]
        assert len(completed) == figures["buildings_rebuilt"]
        assert all(1 <= turn <= figures["turns"] for turn in completed.values())
        offerings = tallies["offering_turn"]
        assert len(offerings) == sum(record["metrics"]["offerings"])
        assert list(offerings.values()) == sorted(offerings.values())  # the k-th offering came no earlier
        assert sum(tallies["cards_played"].values()) > 0
        assert all(key[-1] in "123" for key in tallies["cards_played"])
        scored = sum(1 for evs in game.events(None) for e in evs if e["msg"] == "scales.scored")
        assert figures["scale_scorings"] == scored


def test_the_summary_holds_margins_head_to_head_and_tallies(played: Any, tmp_path: Path) -> None:
    config, records = played
    summary = summarise(config, records)
    margins = [sorted(r["scores"], reverse=True) for r in records]
    assert summary["scores"]["margins"] == [m[0] - m[1] for m in margins]
    h2h = summary["head_to_head"]
    assert h2h["greedy"]["random"]["games"] == 2
    assert h2h["greedy"]["random"]["wins"] + h2h["random"]["greedy"]["wins"] == 2
    assert set(summary["tallies"]) == {"building_completed_turn", "cards_played", "offering_turn"}
    first = summary["tallies"]["offering_turn"]["1"]
    assert first["games"] == 2 and first["share"] == 1.0 and first["min"] <= first["mean"] <= first["max"]
    table = format_table(summary)
    assert "head to head" in table and "winning margin" in table and "building_completed_turn:" in table
    write_report(summary, records, tmp_path)
    saved = json.loads((tmp_path / "results.json").read_text())
    assert saved["head_to_head"] == json.loads(json.dumps(h2h)) and "tallies" in saved
    for png in ("turn_positions.png", "margins.png", "tally_building_completed_turn.png", "tally_cards_played.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"


def test_head_to_head_counts_only_games_where_both_played() -> None:
    records = [{"levels": ["a", "b", "c"], "ranking": [[2], [0], [1]], "winners": [2]},
               {"levels": ["a", "b", "a"], "ranking": [[1], [0, 2]], "winners": [1]}]
    table = head_to_head(records, ["a", "b", "c"])
    assert table["a"]["b"]["games"] == 3 and table["a"]["b"]["wins"] == 1  # game 2: both copies of a behind b
    assert table["c"]["a"]["games"] == 1 and table["c"]["a"]["wins"] == 1


def test_the_same_variant_twice_differs_in_nothing(played: Any) -> None:
    _, records = played
    rows = compare(records, records, ["greedy", "random"], ["offerings"])
    assert rows and all(r["difference"] == 0 and not r["differs"] for r in rows)
    names = {r["quantity"] for r in rows}
    assert {"win rate greedy", "offerings random", "actions", "turns", "first player won"} <= names


def test_paired_differences_find_a_clear_change() -> None:
    def record(game: int, actions: int) -> dict[str, Any]:
        return {"game": game, "levels": ["x", "y"], "winners": [0], "first": 0, "actions": actions,
                "metrics": {}, "scores": [2, 1], "figures": {}}

    a = [record(g, 100 + g) for g in range(1, 11)]
    b = [record(g, 130 + g + (g % 3)) for g in range(1, 11)]
    row = next(r for r in compare(a, b, ["x", "y"], []) if r["quantity"] == "actions")
    assert row["differs"] and row["ci95"][0] > 25 and row["ci95"][1] < 35
    assert per_game(a[0], ["x", "y"], [])["win rate x"] == 1.0


def test_a_record_without_a_first_player_leaves_it_out_of_a_comparison() -> None:
    """A record whose `first` is null has no first player: the comparison leaves that quantity out."""
    record = {"game": 1, "levels": ["x", "y"], "winners": [1], "first": None, "actions": 9, "metrics": {},
              "scores": [1, 2], "figures": {}}
    assert "first player won" not in per_game(record, ["x", "y"], [])
    rows = compare([record], [{**record, "winners": [0]}], ["x", "y"], [])
    assert {r["quantity"]: r["difference"] for r in rows}["win rate x"] == 1.0
    assert "first player won" not in {r["quantity"] for r in rows}


def test_compare_command_plays_both_variants_on_the_same_seeds(tmp_path: Path) -> None:
    data = tmp_path / "components.toml"
    shutil.copy(meeple.engine.get_rules("bluemooncity").data_path(), data)
    (tmp_path / "a.toml").write_text('layout = "standard"\n')
    (tmp_path / "b.toml").write_text('layout = "open"\ndata = "components.toml"\n')
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "2", "--quiet",
                                        "--compare", str(tmp_path / "a.toml"), str(tmp_path / "b.toml"), "--json",
                                        "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output[:result.output.rindex("}") + 1])
    assert out["a"]["options"]["layout"] == "standard" and out["b"]["options"]["layout"] == "open"
    # the components file is named from the folder the run started in, which is where its games replay from
    named = out["b"]["settings"]["data"]
    assert Path(named).resolve() == data.resolve() and named == os.path.relpath(data.resolve())
    assert any(r["quantity"] == "actions" for r in out["differences"])
    a_games = json.loads((tmp_path / "out" / "a" / "results.json").read_text())["records"]
    b_games = json.loads((tmp_path / "out" / "b" / "results.json").read_text())["records"]
    assert [g["seed"] for g in a_games] == [g["seed"] for g in b_games]
    assert (tmp_path / "out" / "comparison.json").exists()


def test_compare_refuses_a_bad_variant_clearly(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('layout = "standard"\n')
    (tmp_path / "b.toml").write_text('layout = "spiral"\n')
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                        "--compare", str(tmp_path / "a.toml"), str(tmp_path / "b.toml")])
    assert result.exit_code != 0 and "layout" in result.output and "spiral" in result.output


def compare_cli(a: Path, b: Path) -> Any:
    return CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                      "--compare", str(a), str(b)])


def test_compare_given_a_components_file_says_what_a_variant_file_is(tmp_path: Path) -> None:
    data = tmp_path / "components.toml"
    shutil.copy(meeple.engine.get_rules("bluemooncity").data_path(), data)
    result = compare_cli(data, data)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "looks like a components file" in result.output and 'data = "FILE"' in result.output


def test_a_mistyped_option_is_named_without_the_components_file_hint(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('layout = "standard"\n')
    (tmp_path / "b.toml").write_text('layuot = "open"\n')
    result = compare_cli(tmp_path / "a.toml", tmp_path / "b.toml")
    assert result.exit_code != 0 and "layuot" in result.output and "valid options" in result.output
    assert "components file" not in result.output


def test_compare_reads_both_variants_before_playing_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad second variant is refused at once, not after the first variant's games."""
    played: list[Any] = []
    monkeypatch.setattr("meeple.arena.commands.run_arena", lambda *args, **kwargs: played.append(args) or [])
    (tmp_path / "a.toml").write_text('layout = "standard"\n')
    (tmp_path / "b.toml").write_text('layout = "spiral"\n')
    result = compare_cli(tmp_path / "a.toml", tmp_path / "b.toml")
    assert result.exit_code != 0 and "spiral" in result.output
    assert played == []


def test_arena_plays_with_a_data_file(tmp_path: Path) -> None:
    data = tmp_path / "components.toml"
    shutil.copy(meeple.engine.get_rules("bluemooncity").data_path(), data)
    result = CliRunner().invoke(arena, ["bluemooncity", "--seats", "random,random", "--games", "1", "--quiet",
                                        "--data", str(data), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 1


@pytest.fixture(scope="module")
def remnants() -> tuple[ArenaConfig, list[dict[str, Any]]]:
    config = ArenaConfig("cityofremnants", ["greedy", "random"], games=2, seed=3)
    return config, run_arena(config, progress=False)


def test_a_game_with_roles_gets_win_rates_by_role_and_rounds_per_game(remnants: Any) -> None:
    """City of Remnants declares its gangs as roles (`GameSpec.roles`) and counts its rounds: the arena reports the
    win rate of each gang against its fair share, and the rounds per game with their spread."""
    config, records = remnants
    gangs = {g.key for g in meeple.engine.get_rules("cityofremnants").eng.comp.gangs}
    for record in records:
        assert len(record["roles"]) == 2 and set(record["roles"]) <= gangs and len(set(record["roles"])) == 2
        game = meeple.load_game(record["save"])
        assert record["figures"]["rounds"] == game.state.round
    summary = summarise(config, records)
    roles = summary["roles"]
    assert sum(r["games"] for r in roles.values()) == 4  # two seats in each of two games
    assert sum(r["wins"] for r in roles.values()) == pytest.approx(2 - summary["draws"])
    for role, rate in roles.items():
        won = sum(share for r in records for seat, share in enumerate(win_shares(r)) if r["roles"][seat] == role)
        assert rate["wins"] == pytest.approx(won) and rate["fair"] == 0.5
        assert rate["ci95"][0] <= rate["win_rate"] <= rate["ci95"][1]
        assert rate["advantage"] == pytest.approx(rate["win_rate"] - 0.5, abs=1e-4)
    played = sorted(r["figures"]["rounds"] for r in records)
    assert summary["rounds"]["median"] == statistics.median(played) and summary["rounds"]["games"] == 2
    assert summary["rounds"]["min"] == played[0] and summary["rounds"]["max"] == played[-1]
    assert summary["rounds"]["stdev"] == pytest.approx(statistics.stdev(played), abs=0.01)
    table = format_table(summary)
    assert f"rounds per game: median {statistics.median(played):g}" in table
    assert summary["rounds"]["median_ci95"] is None  # two games are too few for an interval of the median
    assert "win rate by role (fair share 50.0%): " in table and all(role in table for role in roles)
    assert "endings: The renown supply ran out" in table and "(2, 100%)" in table


def test_each_role_gets_the_means_of_the_game_statistics_over_the_seats_that_held_it(remnants: Any) -> None:
    """Beside its win rate, each gang gets what it did on average (renown, ARC, developments, battles won...): the
    report's role table, and the JSON's `averages` per role, computed from the records seat by seat."""
    config, records = remnants
    summary = summarise(config, records)
    for role, rate in summary["roles"].items():
        seats = [(r, seat) for r in records for seat, held in enumerate(r["roles"]) if held == role]
        for name in records[0]["metrics"]:
            mean = statistics.fmean(r["metrics"][name][seat] for r, seat in seats)
            assert rate["averages"][name] == pytest.approx(mean, abs=0.005)
    shown = summary["shown_metrics"]
    assert "renown" in shown
    assert all(set(rate["averages"]) == set(records[0]["metrics"]) for rate in summary["roles"].values())
    hidden = set(records[0]["metrics"]) - set(shown)
    assert hidden  # statistics the game does not show (battles lost, recruited) stay out of the role table
    lines = format_table(summary).splitlines()
    head = next(line for line in lines if line.startswith("role "))
    assert all(f"avg {m}" in head for m in shown) and not any(f"avg {m}" in head for m in hidden)
    for role, rate in summary["roles"].items():
        row = next(line for line in lines if line.startswith(f"{role} ")).split()
        assert int(row[1]) == rate["games"]
        assert [float(x) for x in row[2:]] == pytest.approx([rate["averages"][m] for m in shown], abs=0.005)


def test_compare_pairs_each_statistic_by_role(remnants: Any) -> None:
    """`--compare` and `report --against` pair what each gang did, game by game: a changed gang's renown shows
    as that gang's difference, and the other gangs' rows do not move."""
    _, records = remnants
    role = records[0]["roles"][0]
    changed = [dict(r, metrics={**r["metrics"], "renown": [
        v + 5 if held == role else v for v, held in zip(r["metrics"]["renown"], r["roles"], strict=True)]})
        for r in records]
    rows = {r["quantity"]: r for r in compare(records, changed, ["greedy", "random"], ["renown", "arc"])}
    games = sum(1 for r in records if role in r["roles"])
    mine = rows[f"renown role {role}"]
    assert mine["difference"] == pytest.approx(5) and mine["games"] == games
    others = {held for r in records for held in r["roles"]} - {role}
    assert others and all(rows[f"renown role {o}"]["difference"] == 0 for o in others)
    assert all(rows[f"arc role {o}"]["difference"] == 0 for o in {role, *others})
    assert not any(q.startswith("battles_won role ") for q in rows)  # only the statistics asked for


def _game(game: int, roles: list[str] | None, renown: list[float], winners: list[int],
          **more: list[float]) -> dict[str, Any]:
    return {"game": game, "levels": ["greedy"] * len(renown), "winners": winners, "actions": 10, "first": 0,
            "scores": renown, "roles": roles, "metrics": {"renown": renown, **more}, "figures": {}}


def test_statistics_by_role_over_games_that_differ_in_their_roles() -> None:
    """A role held in some games only is averaged over those; a role held by two seats of one game counts each
    seat in the summary and their mean in a paired game; games without roles and statistics some games lack are
    left out of what they cannot give."""
    from meeple.arena.report import role_rates

    records = [_game(1, ["A", "B"], [10, 20], [1], arc=[1, 2]),
               _game(2, ["A", "A", "C"], [30, 50, 40], [1]),         # A twice; no arc in this game
               _game(3, None, [99, 99], [0], arc=[9, 9])]             # a game without roles
    rates = role_rates(records)
    assert set(rates) == {"A", "B", "C"}
    assert rates["A"]["games"] == 3 and rates["A"]["averages"] == {"renown": 30.0, "arc": 1.0}  # (10 + 30 + 50) / 3
    assert rates["B"]["averages"] == {"renown": 20.0, "arc": 2.0} and rates["C"]["averages"] == {"renown": 40.0}
    assert rates["A"]["wins"] == 1 and rates["B"]["wins"] == 1 and rates["C"]["wins"] == 0
    quantities = per_game(records[1], ["greedy"], ["renown", "arc"])
    assert quantities["renown role A"] == 40.0 and quantities["renown role C"] == 40.0  # A's two seats: their mean
    assert not any(q.startswith("arc role") for q in quantities)  # this game has no arc statistic
    assert not any("role" in q for q in per_game(records[2], ["greedy"], ["renown"]))
    later = [_game(1, ["A", "B"], [12, 20], [1], arc=[1, 2]), _game(2, ["C", "A", "A"], [40, 30, 54], [2])]
    rows = {r["quantity"]: r for r in compare(records[:2], later, ["greedy"], ["renown", "arc"])}
    assert rows["renown role A"]["games"] == 2 and rows["renown role A"]["difference"] == pytest.approx(2.0)
    assert rows["renown role B"]["games"] == 1 and rows["renown role C"]["difference"] == 0
    assert rows["arc role A"]["games"] == 1  # game 2 has no arc statistic


def test_a_game_without_roles_or_rounds_reports_neither(played: Any) -> None:
    config, records = played
    assert all(r["roles"] is None for r in records)
    summary = summarise(config, records)
    assert summary["roles"] == {} and summary["rounds"] == {}
    assert "win rate by role" not in format_table(summary) and "rounds per game" not in format_table(summary)


def test_compare_pairs_the_win_rates_by_role_the_rounds_and_the_endings(remnants: Any) -> None:
    _, records = remnants
    rows = {r["quantity"]: r for r in compare(records, records, ["greedy", "random"], [])}
    assert "rounds" in rows and any(q.startswith("win rate role ") for q in rows)
    assert any(q.startswith("ending: ") for q in rows)
    changed = [dict(r, reason="Player 1 made 6 offerings",
                    figures={**r["figures"], "rounds": r["figures"]["rounds"] + 3}) for r in records]
    rows = {r["quantity"]: r for r in compare(records, changed, ["greedy", "random"], [])}
    assert rows["rounds"]["difference"] == 3 and rows["rounds"]["games"] == 2
    ending = rows[f"ending: {records[0]['reason']}"]  # both games ended the same way in A (see above)
    assert ending["a"] == 1 and ending["b"] == 0 and ending["difference"] == -1
    assert rows["ending: a player made 6 offerings"]["b"] == 1


def test_the_median_rounds_come_with_a_distribution_free_interval(remnants: Any) -> None:
    """The interval of the median is a pair of order statistics whose binomial coverage is at least 95 %: with 24
    games the 7th smallest and the 7th largest (coverage 1 - 2 P(B(24, 1/2) <= 6) = 97.7 %); none for 5 games."""
    from scipy.stats import binom

    from meeple.arena.report import rounds
    from meeple.arena.stats import median_interval

    values = [float(v) for v in range(1, 25)]
    assert median_interval(values) == (7.0, 18.0)
    assert 1 - 2 * binom.cdf(6, 24, 0.5) >= 0.95 > 1 - 2 * binom.cdf(7, 24, 0.5)
    assert median_interval(values[:5]) is None and median_interval(values[:6]) == (1.0, 6.0)
    records = [{"figures": {"rounds": v}} for v in [6, 5, 7, 6, 6, 8, 5, 6, 7, 6, 6, 9]]
    assert rounds(records)["median_ci95"] == [6.0, 7.0]  # 12 games: the 3rd smallest and the 3rd largest
    config, played = remnants
    table = format_table({**summarise(config, played), "rounds": rounds(records)})
    assert "rounds per game: median 6 (95% interval 6-7; middle half 6-7, range 5-9;" in table
