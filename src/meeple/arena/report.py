"""The arena report: a summary of the games, printed as a table and saved as JSON, CSV and PNG plots."""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import json
import os
import re
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from .match import ArenaConfig
from .stats import describe, median_interval, pairwise, ratings, wilson, win_shares

RESULTS = "results.json"  # the summary and every game's record, in a run's --out folder


def summarise(config: ArenaConfig, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with 95% intervals, ratings, first-seat advantage, game lengths and averages per bot level."""
    levels = list(dict.fromkeys(config.seats))
    n = config.players
    tally: dict[str, dict[str, Any]] = {lv: {"games": 0, "wins": 0.0, "metrics": defaultdict(list),
                                            "iterations": 0, "seconds": 0.0, "decisions": 0, "times": [],
                                            "by_position": [[0, 0.0] for _ in range(n)]} for lv in levels}
    for record in records:
        shares = win_shares(record)
        for seat, level in enumerate(record["levels"]):
            t = tally[level]
            t["games"] += 1
            t["wins"] += shares[seat]
            place = t["by_position"][_positions(record)[seat]]
            place[0] += 1
            place[1] += shares[seat]
            for name, values in record["metrics"].items():
                t["metrics"][name].append(values[seat])
            stats = record["bot_stats"][seat]
            t["iterations"] += stats.get("iterations", 0)
            t["seconds"] += stats.get("seconds", 0.0)
            t["decisions"] += stats.get("decisions", 0)
            t["times"] += stats.get("decision_seconds", [])
    rated = ratings(records, levels)
    bots = {lv: _bot_summary(tally[lv], rated[lv]) for lv in levels}
    return {
        "game": config.game_id,
        "seats": list(config.seats),
        "players": config.players,
        "games": len(records),
        "seed": config.seed,
        "options": records[0].get("options", dict(config.options)) if records else dict(config.options),
        "settings": dict(config.settings),
        "bots": bots,
        "turn_order": _turn_order(config.game_id),
        "first_seat": _first_seat(records, config.players),
        "position_win_rates": _position_rates(records, config.players),
        "orders": _orders(records, config.orders),
        "draws": sum(1 for r in records if not r["winners"]),
        "shown_metrics": list(_shown_metrics(config.game_id)),
        "length": {"actions": describe([r["actions"] for r in records])},
        "rounds": rounds(records),
        "roles": role_rates(records),
        "figures": {name: describe([r["figures"][name] for r in records if name in r.get("figures", {})])
                    for name in sorted({n for r in records for n in r.get("figures", {})})},
        "scores": _scores(records),
        "head_to_head": head_to_head(records, levels),
        "tallies": _tallies(records),
        "end_reasons": _reasons(records),
        "end_words": _end_words(config.game_id, _reasons(records)),
        "reproducible": not config.timed,
        "warnings": _warnings(config),
    }


def role_rates(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For a game whose seats have roles (`GameSpec.roles`): per role, its games, its share of the wins with a 95%
    interval, the fair share (1 / players), the difference, and the mean of each game statistic over the seats that
    held the role (`averages`, as the bots have theirs); empty for a game without roles."""
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    metrics: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    players = 0
    for record in records:
        if not record.get("roles"):
            continue
        players = len(record["roles"])
        for seat, (role, share) in enumerate(zip(record["roles"], win_shares(record), strict=True)):
            games[role] += 1
            wins[role] += share
            for name, values in record.get("metrics", {}).items():
                metrics[role][name].append(values[seat])
    out = {}
    for role in sorted(games, key=_natural):
        rate = _rate(wins[role], games[role])
        out[role] = {**rate, "fair": round(1 / players, 4), "advantage": round(rate["win_rate"] - 1 / players, 4),
                     "averages": _averages(metrics[role])}
    return out


def _averages(values: dict[str, list[float]]) -> dict[str, float]:
    """The mean of each statistic's values (per bot level or per role), to two decimals."""
    return {name: round(statistics.fmean(v), 2) for name, v in values.items() if v}


ROUNDS = "rounds"  # the figure of the whole game (`Rules.statistics`) that counts its rounds


def rounds(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Rounds per game for a game that counts them (a `rounds` figure): mean, median, the quartiles and the extremes
    (the spread), and the standard deviation; empty for a game that does not."""
    values = [r["figures"][ROUNDS] for r in records if ROUNDS in r.get("figures", {})]
    if not values:
        return {}
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    interval = median_interval(values)
    return {**describe(values), "games": len(values), "q1": quartiles[0], "q3": quartiles[2],
            "stdev": round(spread, 2), "median_ci95": list(interval) if interval else None}


def _scores(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Distribution of the final scores (every seat), of the winner's score and of the margin: the best score
    minus the second best (0 for a tie at the top)."""
    every = [float(x) for r in records for x in r["scores"]]
    best = [sorted(r["scores"], reverse=True) for r in records if len(r["scores"]) > 1]
    return {"all": describe(every), "winner": describe([b[0] for b in best]),
            "margin": describe([b[0] - b[1] for b in best]),
            "margins": [b[0] - b[1] for b in best]}


def head_to_head(records: list[dict[str, Any]], levels: list[str]) -> dict[str, dict[str, Any]]:
    """For every two bot levels, how often the first finished ahead of the second when both played (a shared
    place counts half), with its 95% interval."""
    wins = pairwise(records, levels)
    table: dict[str, dict[str, Any]] = {}
    for a, la in enumerate(levels):
        table[la] = {}
        for b, lb in enumerate(levels):
            met = wins[a][b] + wins[b][a]
            if a != b and met:
                table[la][lb] = _rate(wins[a][b], round(met))
    return table


def _tallies(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per tally and key: in how many games the key appears, that share of the games, and the distribution of
    its value in those games (e.g. Blue Moon City's `building_completed_turn`: how often each building is
    completed, and on which turn)."""
    out: dict[str, dict[str, Any]] = {}
    names = sorted({n for r in records for n in r.get("tallies", {})})
    for name in names:
        keys = sorted({k for r in records for k in r.get("tallies", {}).get(name, {})}, key=_natural)
        out[name] = {}
        for key in keys:
            values = [r["tallies"][name][key] for r in records if key in r.get("tallies", {}).get(name, {})]
            out[name][key] = {"games": len(values), "share": round(len(values) / len(records), 4),
                              **describe(values)}
    return out


def _natural(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (1 << 30, key)


def _warnings(config: ArenaConfig) -> list[str]:
    if not config.timed:
        return []
    return [f"{', '.join(config.timed)}: a time budget per decision makes the search depend on the machine's speed "
            f"and load, so the same seed can give other games; use an iteration budget (e.g. ismcts:500) to "
            f"reproduce a run"]


def _turn_order(game_id: str) -> bool:
    """Whether the game's seats act in an order (`GameSpec.turn_order`), so that turn positions mean something."""
    from meeple.engine import get_rules

    return bool(get_rules(game_id).spec.turn_order)


def _shown_metrics(game_id: str) -> tuple[str, ...]:
    """The statistics the game names for the arena's summary (`GameSpec.metrics`)."""
    from meeple.engine import get_rules

    return tuple(get_rules(game_id).spec.metrics)


def _bot_summary(t: dict[str, Any], rating: dict[str, float]) -> dict[str, Any]:
    games, wins = t["games"], t["wins"]
    low, high = wilson(wins, games)
    out: dict[str, Any] = {
        "games": games,
        "wins": round(wins, 3),
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "rating": rating["rating"],
        "rating_pm95": rating["pm95"],
        "averages": _averages(t["metrics"]),
        "by_position": [_rate(w, g) for g, w in t["by_position"]],
    }
    if t["iterations"]:
        out["iterations_per_s"] = round(t["iterations"] / t["seconds"], 1) if t["seconds"] else None
        out["seconds_per_decision"] = round(t["seconds"] / t["decisions"], 4) if t["decisions"] else None
        out["median_seconds_per_decision"] = round(statistics.median(t["times"]), 4) if t["times"] else None
    return out


def _orders(records: list[dict[str, Any]], possible: int) -> dict[str, Any]:
    """How many of the possible turn orders of the bots were played, and whether each as often as the others
    (a run of a multiple of `possible` games is; runs of other lengths pooled together may not be)."""
    counts = Counter(tuple(r["entries"][s] for s in r["order"]) for r in records if "order" in r)
    even = len(counts) == possible and len(set(counts.values())) == 1
    return {"played": len(counts), "possible": possible,
            "balanced": even if counts else len(records) % possible == 0}


def _first_seat(records: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """How often the player who moved first won, against the 1/players of a fair game."""
    games = [r for r in records if r["first"] is not None]
    wins = sum(win_shares(r)[r["first"]] for r in games)  # `first` is the seat in turn position 0
    low, high = wilson(wins, len(games))
    rate = wins / len(games) if games else 0.0
    return {"games": len(games), "wins": round(wins, 3), "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)], "fair": round(1 / players, 4),
            "advantage": round(rate - 1 / players, 4)}


def _positions(record: dict[str, Any]) -> list[int]:
    """Turn position of every seat (0 moved first); seat numbers for records of games without an order."""
    return list(record.get("positions", range(len(record["levels"]))))


def _rate(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {"games": games, "wins": round(wins, 3), "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def _position_rates(records: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Win rate of whoever played in each turn position (0 = started), with its 95% interval."""
    wins = [0.0] * players
    for r in records:
        for seat, share in enumerate(win_shares(r)):
            wins[_positions(r)[seat]] += share
    return [_rate(w, len(records)) for w in wins]


def _reasons(records: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for r in records:
        counts[reason_kind(r["reason"])] += 1
    return dict(counts)


def _end_words(game_id: str, reasons: dict[str, int]) -> dict[str, str]:
    """Each kind of ending in the game's words (English), its fields left open: "Most tricks: ..."."""
    from meeple.engine import get_rules
    from meeple.engine.messages import catalogue_of

    catalogue = catalogue_of(get_rules(game_id))
    return {kind: _OPEN_FIELD.sub("…", catalogue.text(kind)) if catalogue.has(kind) else kind for kind in reasons}


_OPEN_FIELD = re.compile(r"\{[^{}]*\}")


def reason_kind(reason: str) -> str:
    # "Player 2 made 6 offerings" and "Player 1 made 6 offerings" are the same kind of ending
    words = reason.split()
    if len(words) > 2 and words[0] == "Player" and words[1].isdigit():
        return "a player " + " ".join(words[2:])
    return reason or "unknown"


# ---------------------------------------------------------------- printing
def format_table(summary: dict[str, Any]) -> str:
    shown = summary.get("shown_metrics", [])
    metrics = [m for m in shown if any(m in b["averages"] for b in summary["bots"].values())]
    head = f"{'bot':16} {'games':>5} {'wins':>7} {'win rate':>8} {'95% CI':>15} {'rating ±95%':>13}"
    head += "".join(f" {'avg ' + m:>13}" for m in metrics)
    seed = summary["seed"]  # a list for a report over several runs (`meeple arena report`)
    seeds = f"seeds {', '.join(map(str, seed))}" if isinstance(seed, list) else f"seed {seed}"
    lines = [f"{summary['game']}: {summary['games']} games, seats {','.join(summary['seats'])}, {seeds}",
             head, "-" * len(head)]
    for level, b in summary["bots"].items():
        low, high = b["ci95"]
        row = (f"{level:16} {b['games']:>5} {b['wins']:>7g} {b['win_rate']:>8.1%} "
               f"{f'{low:.1%}-{high:.1%}':>15} {b['rating']:>+6.0f} ±{b['rating_pm95']:<5.0f}")
        row += "".join(f" {b['averages'].get(m, float('nan')):>13.2f}" for m in metrics)
        lines.append(row)
    ordered = summary.get("turn_order", True)  # everybody deciding at once: no first player, no positions
    first = summary["first_seat"]
    if ordered:
        lines.append(f"first player won {first['win_rate']:.1%} (95% CI {first['ci95'][0]:.1%}-"
                     f"{first['ci95'][1]:.1%}; fair share {first['fair']:.1%}, advantage {first['advantage']:+.1%})")
    positions = summary.get("position_win_rates", []) if ordered else []
    if positions:
        lines.append("win rate by turn position: " + ", ".join(
            f"{p + 1}. {r['win_rate']:.1%} ({r['ci95'][0]:.1%}-{r['ci95'][1]:.1%})" for p, r in enumerate(positions)))
        lines.append(f"{'':16} " + " ".join(f"{'as ' + str(p + 1) + '.':>8}" for p in range(len(positions))))
        for level, b in summary["bots"].items():
            lines.append(f"{level:16} " + " ".join(f"{r['win_rate']:>8.1%}" for r in b.get("by_position", [])))
    orders = summary.get("orders")
    if orders and not orders["balanced"]:
        lines.append(f"note: {summary['games']} games do not play the {orders['possible']} turn orders of "
                     f"{summary['players']} bots equally often; run a multiple of {orders['possible']} games (in "
                     f"each run) for a balanced comparison")
    length = summary["length"]
    text = f"game length: {length['actions'].get('mean', 0)} actions on average"
    lines.append(text + f"; draws: {summary['draws']}")
    figures = summary.get("figures", {})
    if figures:
        lines.append("per game: " + ", ".join(f"{name} {d.get('mean', 0)} (median {d.get('median', 0):g})"
                                              for name, d in figures.items() if d))
    played = summary.get("rounds", {})
    if played:
        interval = played.get("median_ci95")
        shown = f"95% interval {interval[0]:g}-{interval[1]:g}; " if interval else ""
        lines.append(f"rounds per game: median {played['median']:g} ({shown}middle half {played['q1']:g}-"
                     f"{played['q3']:g}, range {played['min']:g}-{played['max']:g}; mean {played['mean']:g}, "
                     f"sd {played['stdev']:g})")
    roles = summary.get("roles", {})
    if roles:
        fair = next(iter(roles.values()))["fair"]
        lines.append(f"win rate by role (fair share {fair:.1%}): " + ", ".join(
            f"{role} {r['win_rate']:.1%} ({r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}, "
            f"{r['games']} game{'s' * (r['games'] != 1)})"
            for role, r in roles.items()))
        averaged = [m for m in summary.get("shown_metrics", [])
                    if any(m in r.get("averages", {}) for r in roles.values())]
        if averaged:  # what each role did, beside how often it won: a designer's first clue to an imbalance
            lines.append(f"{'role':16} {'games':>5}" + "".join(f" {'avg ' + m:>16}" for m in averaged))
            for role, r in roles.items():
                lines.append(f"{role:16} {r['games']:>5}" + "".join(
                    f" {r['averages'].get(m, float('nan')):>16.2f}" for m in averaged))
    margin = summary.get("scores", {}).get("margin", {})
    if margin:
        lines.append(f"winning margin: mean {margin['mean']:g}, median {margin['median']:g}, "
                     f"range {margin['min']:g}-{margin['max']:g}")
    h2h = summary.get("head_to_head", {})
    if len(h2h) > 1:
        lines.append("head to head (row finished ahead of column):")
        lines.append(f"{'':16} " + " ".join(f"{lv[:12]:>12}" for lv in h2h))
        for la, row in h2h.items():
            lines.append(f"{la:16} " + " ".join(f"{row[lb]['win_rate']:>12.1%}" if lb in row else f"{'-':>12}"
                                                for lb in h2h))
    for name, keys in summary.get("tallies", {}).items():
        shown = sorted(keys.items(), key=lambda kv: -kv[1]["games"])[:6]
        more = f", ... ({len(keys)} in all)" if len(keys) > len(shown) else ""
        lines.append(f"{name}: " + ", ".join(f"{k} {v['share']:.0%} of games (mean {v['mean']:g})"
                                             for k, v in shown) + more)
    words = summary.get("end_words", {})
    played_games = max(1, sum(summary["end_reasons"].values()))
    lines.append("endings: " + "; ".join(f"{words.get(k, k)} ({v}, {v / played_games:.0%})"
                                         for k, v in summary["end_reasons"].items()))
    lines += [f"warning: {w}" for w in summary.get("warnings", [])]
    return "\n".join(lines)


# ---------------------------------------------------------------- files
def from_here(path: Path) -> str:
    """A file's path from the folder the run was started in (where its saved games are replayed from), so that a
    file in that folder is named without the folders above it (one outside it by a path that climbs out, `../`);
    the full path where there is no such way (another drive)."""
    full = path.resolve()
    try:
        return Path(os.path.relpath(full)).as_posix()  # with / on every system, as saved games name files
    except ValueError:
        return str(full)


def data_file(settings: dict[str, str], game_id: str | None = None) -> dict[str, Any] | None:
    """The components file a run played with: its path and the SHA-256 of its content, so that reports over
    several runs can tell whether they played with the same components. The file named by `--data`, its path as
    the run recorded it (`from_here`), else the game's built-in file (`built_in` true; a later edit of it changes
    the hash, so runs before and after the edit do not pool), its path inside the installed package, the same on
    every machine (`in_package`); None for a game without a data file. The path only names the file: reports
    compare the hash, never open it."""
    path = named = settings.get("data")
    built_in = path is None
    if built_in and game_id is not None:
        from meeple.engine import get_rules

        rules = get_rules(game_id)
        path = rules.data_path()
        if path is not None:
            named = in_package(path, rules.spec.package or type(rules).__module__)
    if path is None:
        return None
    return {"path": named, "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest(),
            **({"built_in": True} if built_in else {})}


def in_package(path: str, module: str) -> str:
    """A file of the package of `module` named from the folder holding its top-level package, in the form of a
    POSIX path: `meeple/games/cityofremnants/data/components.toml` wherever Meeple is installed (a plug-in game's
    from the folder holding its own top-level package); `path` unchanged if it lies outside that package."""
    spec = importlib.util.find_spec(module.partition(".")[0])
    file = Path(path).resolve()
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        package = Path(folder).resolve()
        if file.is_relative_to(package):
            return file.relative_to(package.parent).as_posix()
    return path


def write_report(summary: dict[str, Any], records: list[dict[str, Any]], out: str | Path) -> list[Path]:
    """Write results.json, results.csv, games.csv, the plots and one saved game per game; return the paths."""
    folder = Path(out)
    games_dir = folder / "games"
    games_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    plain = []
    for r in records:
        path = games_dir / f"game-{r['game']:04d}.json"
        path.write_text(_save_with_seating(r) + "\n", encoding="utf-8")
        written.append(path)
        plain.append({k: v for k, v in r.items() if k != "save"} | {"file": f"games/{path.name}"})
    results = folder / RESULTS
    results.write_text(json.dumps({**summary, "records": plain}, indent=2) + "\n", encoding="utf-8")
    written += [results, _bots_csv(summary, folder / "results.csv"), _games_csv(plain, folder / "games.csv")]
    from .plots import plot_lengths, plot_margins, plot_positions, plot_tally, plot_win_rates

    written += [plot_win_rates(summary, folder / "win_rates.png"), plot_lengths(records, folder / "game_length.png",
                                                                            _game_figure(summary)),
                plot_margins(summary, folder / "margins.png")]
    if summary.get("turn_order", True):
        written.append(plot_positions(summary, folder / "turn_positions.png"))
    written += [plot_tally(name, keys, folder / f"tally_{name}.png")
                for name, keys in summary.get("tallies", {}).items() if keys]
    return written


def _save_with_seating(record: dict[str, Any]) -> str:
    """The saved game with which bot sat at each seat and the turn order (loading ignores the extra key)."""
    save = json.loads(record["save"])
    save["arena"] = {"game": record["game"], "bots": record["levels"], "turn_order": record.get("order"),
                     "bot_seeds": record.get("bot_seeds")}
    return json.dumps(save, separators=(",", ":"))


def _game_figure(summary: dict[str, Any]) -> str | None:
    """The first figure of the whole game that the game names among its metrics (Blue Moon City: turns)."""
    return next((m for m in summary.get("shown_metrics", []) if m in summary.get("figures", {})), None)


def _bots_csv(summary: dict[str, Any], path: Path) -> Path:
    metrics = sorted({m for b in summary["bots"].values() for m in b["averages"]})
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", "games", "wins", "win_rate", "ci95_low", "ci95_high", "rating", "rating_pm95",
                    *[f"avg_{m}" for m in metrics]])
        for level, b in summary["bots"].items():
            w.writerow([level, b["games"], b["wins"], b["win_rate"], *b["ci95"], b["rating"], b["rating_pm95"],
                        *[b["averages"].get(m, "") for m in metrics]])
    return path


def _games_csv(records: list[dict[str, Any]], path: Path) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        figures = sorted({name for r in records for name in r.get("figures", {})})
        w.writerow(["game", "seed", "bots_by_seat", "bots_in_turn_order", "winners", "draw", "actions", *figures,
                    "first", "reason", "file"])
        for r in records:
            order = r.get("order", range(len(r["levels"])))
            w.writerow([r["game"], r.get("seed", ""), " ".join(r["levels"]), " ".join(r["levels"][s] for s in order),
                        " ".join(str(s) for s in r["winners"]), r.get("draw", False), r["actions"],
                        *[r.get("figures", {}).get(n, "") for n in figures], r["first"], r["reason"], r["file"]])
    return path
