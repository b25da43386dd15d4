"""`meeple arena report`: one report over several saved arena runs, as if one run had played all their games.

Long runs are played in chunks (`--seed S --out runs/S` for several S); each chunk's `results.json` holds its
summary and every game's record, and the pooled report is `summarise` over all those records.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

import meeple
from meeple.engine.errors import UnknownGame

from .match import PLAY, ArenaConfig, UnknownLevel, check_levels, is_number, is_whole
from .report import RESULTS, format_table, summarise, write_report

# What a run's summary must hold to be pooled, and the type of each.
_FIELDS: dict[str, type | tuple[type, ...]] = {"game": str, "seats": list, "players": int, "seed": (int, list),
                                                "options": dict, "settings": dict, "records": list}
_RECORD_FIELDS = ("game", "levels", "entries", "winners", "ranking", "scores", "reason", "actions", "first",
                  "metrics", "bot_stats")


class PoolError(ValueError):
    """Runs that cannot be read or pooled; the message names the folder and what is wrong."""


@dataclass(frozen=True)
class Run:
    """One saved arena run: its folder, its summary (without the records) and its games' records."""

    folder: Path
    summary: dict[str, Any]
    records: list[dict[str, Any]]

    @property
    def seeds(self) -> list[int]:
        """The arena seeds of its games: one for a run, several for a report that pooled runs already."""
        seed = self.summary["seed"]
        return [int(s) for s in seed] if isinstance(seed, list) else [int(seed)]

    def key(self, record: dict[str, Any]) -> tuple[int, int]:
        """The arena seed and number of a game of the run: the same key is the same game."""
        return int(record.get("arena_seed", self.seeds[0])), int(record.get("arena_game", record["game"]))


def read_run(folder: str | Path) -> Run:
    """Read `folder/results.json` as written by `meeple arena --out`; PoolError naming the path if it cannot."""
    path = Path(folder) / RESULTS
    data = _read_json(path, f"is {folder} a folder written by `meeple arena --out`?")
    if not isinstance(data, dict):
        raise PoolError(f"{path}: not an arena report (a JSON object with the summary and its records)")
    for name, kind in _FIELDS.items():
        if not isinstance(data.get(name), kind):
            raise PoolError(f"{path}: not an arena report: field {name!r} is missing or of the wrong type "
                            f"({json.dumps(data.get(name), default=str)[:40]})")
    seed, players = data["seed"], data["players"]
    if not is_whole(players) or players != len(data["seats"]) or players < 1:
        raise PoolError(f"{path}: not an arena report: field 'players' is not the number of its seats, "
                        f"{len(data['seats'])} ({json.dumps(players)[:20]})")
    if not (is_whole(seed) or (isinstance(seed, list) and seed and all(is_whole(s) for s in seed))):
        raise PoolError(f"{path}: not an arena report: field 'seed' is not a whole number or a list of them "
                        f"({json.dumps(seed)[:40]})")
    try:
        check_levels(data["seats"])
    except UnknownLevel as exc:
        raise PoolError(f"{path}: not an arena report: field 'seats' holds {json.dumps(exc.level, default=str)[:40]}"
                        f" ({exc})") from None
    if not _data_record(data.get("data")):
        raise PoolError(f"{path}: not an arena report: field 'data' is not a components file's record (an object "
                        f"with its sha256 and the path or paths it was read from) "
                        f"({json.dumps(data.get('data'), default=str)[:60]})")
    try:
        meeple.engine.get_rules(data["game"])
    except UnknownGame as exc:
        raise PoolError(f"{path}: field 'game' names no installed game ({exc})") from None
    records = data.pop("records")
    for n, record in enumerate(records, start=1):
        missing = [f for f in _RECORD_FIELDS if not isinstance(record, dict) or f not in record]
        if missing:
            raise PoolError(f"{path}: record {n} lacks {', '.join(missing)}")
        wrong = _malformed(record, len(data["seats"]))
        if wrong:
            raise PoolError(f"{path}: record {n}: {wrong}")
        if sorted(record["levels"]) != sorted(data["seats"]):
            raise PoolError(f"{path}: record {n} has bots {','.join(record['levels'])}, not the run's seats")
        if sorted(record["entries"]) != list(range(len(data["seats"]))):
            raise PoolError(f"{path}: record {n} has entries {record['entries']}, not one per seat of the run")
    if not records:
        raise PoolError(f"{path}: the run holds no game")
    return Run(Path(folder), data, records)


def _read_json(path: Path, hint: str) -> Any:
    """The JSON content of `path`; PoolError naming the path (and, if it is missing, the `hint`) if it cannot."""
    if not path.is_file():
        raise PoolError(f"{path}: no such file ({hint})")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PoolError(f"{path}: not a readable JSON file ({exc})") from None


def _data_record(value: Any) -> bool:
    """Whether `value` is what a run records of its components file: None (a run saved before it was recorded), or
    its hash with the path it was read from (`paths`, several, once runs read from copies were pooled) and
    `built_in`."""
    if value is None:
        return True
    if not isinstance(value, dict) or not isinstance(value.get("sha256"), str) or not value["sha256"]:
        return False
    paths = value.get("paths", [])
    return (isinstance(value.get("path", ""), str) and isinstance(paths, list)
            and all(isinstance(p, str) for p in paths) and isinstance(value.get("built_in", False), bool))


def _seats_list(value: Any, players: int) -> bool:
    return isinstance(value, list) and len(value) == players


def _seat(value: Any, players: int) -> bool:
    return is_whole(value) and 0 <= value < players


def _number(value: Any) -> bool:
    """Whether `value` is a game's number: games are numbered from 1."""
    return is_whole(value) and value >= 1


def _bot_stats(value: Any) -> bool:
    """Whether `value` is one seat's bot counts as the report sums them (each count optional)."""
    if not isinstance(value, dict):
        return False
    counts_ok = all(is_whole(value.get(k, 0)) and value.get(k, 0) >= 0 for k in ("iterations", "decisions"))
    seconds = value.get("seconds", 0.0)
    times = value.get("decision_seconds", [])
    return (counts_ok and is_number(seconds) and seconds >= 0
            and isinstance(times, list) and all(is_number(t) and t >= 0 for t in times))


def _malformed(record: dict[str, Any], players: int) -> str | None:
    """What is wrong with the types or sizes of a record's fields (a run has `players` seats), or None: the
    report reads every one of them, so a record that passes is summed without surprise."""
    checks: list[tuple[str, bool, str]] = [
        ("levels", _seats_list(record["levels"], players) and all(isinstance(x, str) for x in record["levels"]),
         f"a list of {players} bot names"),
        ("entries", _seats_list(record["entries"], players) and all(_seat(x, players) for x in record["entries"]),
         f"a list of {players} seat numbers"),
        ("winners", isinstance(record["winners"], list) and all(_seat(x, players) for x in record["winners"]),
         "a list of seat numbers"),
        ("ranking", isinstance(record["ranking"], list)
         and all(isinstance(g, list) and all(_seat(x, players) for x in g) for g in record["ranking"]),
         "a list of groups of seat numbers"),
        ("scores", _seats_list(record["scores"], players) and all(is_number(x) for x in record["scores"]),
         f"a list of {players} numbers"),
        ("reason", isinstance(record["reason"], str), "a message id"),
        ("game", _number(record["game"]), "a game number (1 or more)"),
        ("actions", is_whole(record["actions"]) and record["actions"] >= 0, "a count of actions"),
        ("first", record["first"] is None or _seat(record["first"], players), "a seat number or null"),
        ("metrics", isinstance(record["metrics"], dict)
         and all(_seats_list(v, players) and all(is_number(x) for x in v) for v in record["metrics"].values()),
         f"an object of lists of {players} numbers"),
        ("bot_stats", _seats_list(record["bot_stats"], players) and all(_bot_stats(x) for x in record["bot_stats"]),
         f"a list of {players} objects of a bot's counts (iterations, decisions, seconds, decision_seconds)"),
        ("figures", isinstance(record.get("figures", {}), dict)
         and all(is_number(x) for x in record.get("figures", {}).values()), "an object of numbers"),
        ("roles", record.get("roles") is None or (_seats_list(record["roles"], players)
                                                  and all(isinstance(x, str) for x in record["roles"])),
         f"a list of {players} role names"),
        ("tallies", isinstance(record.get("tallies", {}), dict)
         and all(isinstance(t, dict) and all(is_number(x) for x in t.values())
                 for t in record.get("tallies", {}).values()), "an object of objects of numbers"),
        ("options", isinstance(record.get("options", {}), dict), "an object of the game's options"),
        ("draw", isinstance(record.get("draw", False), bool), "true or false"),
        ("seed", "seed" not in record or is_whole(record["seed"]), "a seed"),
        ("bot_seeds", "bot_seeds" not in record or (_seats_list(record["bot_seeds"], players)
                                                    and all(is_whole(x) for x in record["bot_seeds"])),
         f"a list of {players} seeds"),
        ("arena_seed", "arena_seed" not in record or is_whole(record["arena_seed"]), "a seed"),
        ("play", "play" not in record or (is_whole(record["play"]) and 1 <= record["play"] <= PLAY),
         f"a whole number from 1 to {PLAY} (how the arena played the game)"),
        ("arena_game", "arena_game" not in record or _number(record["arena_game"]), "a game number (1 or more)"),
        ("positions", "positions" not in record or (_seats_list(record["positions"], players)
                                                    and all(_seat(x, players) for x in record["positions"])),
         f"a list of {players} turn positions"),
        ("order", "order" not in record or (_seats_list(record["order"], players)
                                            and all(_seat(x, players) for x in record["order"])),
         f"a list of {players} seat numbers"),
    ]
    for name, ok, expected in checks:
        if not ok:
            return f"field {name!r} is not {expected} ({json.dumps(record.get(name), default=str)[:60]})"
    return None


def data_of(summary: dict[str, Any]) -> str | None:
    """What identifies the components file a run played with: its content's hash when the run recorded one,
    else its path; None for a run that recorded neither (saved before the arena recorded the built-in file's hash,
    or of a game without a data file)."""
    recorded = summary.get("data")
    if isinstance(recorded, dict) and recorded.get("sha256"):
        return f"sha256 {recorded['sha256']}"
    path = summary["settings"].get("data")
    return None if path is None else f"file {path} (no hash recorded)"


def _identity(run: Run) -> dict[str, Any]:
    """What must be the same in runs to pool them, by field name."""
    s = run.summary
    return {"game": s["game"], "players": s["players"], "seats": sorted(s["seats"]), "options": s["options"],
            "settings": {k: v for k, v in s["settings"].items() if k != "data"}, "data": data_of(s),
            "play": plays(run.records)}


def plays(records: list[dict[str, Any]]) -> list[int]:
    """How the arena played the records' games (`match.PLAY`; 1 for records written before it was recorded)."""
    return sorted({int(r.get("play", 1)) for r in records})


def check_poolable(runs: list[Run]) -> None:
    """Refuse runs of another game, other bots, player count, options or components, or a seed seen twice."""
    if not runs:
        raise PoolError("name at least one run folder")
    first, base = runs[0], _identity(runs[0])
    for run in runs[1:]:
        for name, value in _identity(run).items():
            if value != base[name]:
                why = _WHY.get(name, "") if name != "data" or None in (value, base[name]) else ""
                raise PoolError(f"{run.folder}: cannot pool with {first.folder}: {name} differs "
                                f"({_show(value)} against {_show(base[name])}){why}")
    seen: dict[tuple[int, int], Path] = {}
    for run in runs:
        for key in map(run.key, run.records):
            if key in seen:
                raise PoolError(f"{run.folder}: game {key[1]} of arena seed {key[0]} was already played in "
                                f"{seen[key]}: the same seed gives the same games, which would be counted twice "
                                f"(play other seeds, or other games of the seed with --first-game)")
            seen[key] = run.folder


def expand_folders(names: tuple[str, ...]) -> tuple[str, ...]:
    """Folder names, with a quoted pattern (`runs/g*`) expanded here into its folders in order."""
    import glob

    out: list[str] = []
    for name in names:
        if glob.has_magic(name) and not Path(name).is_dir():
            found = sorted(p for p in glob.glob(name) if Path(p).is_dir())
            if not found:
                raise click.ClickException(f"{name}: the pattern matches no folder")
            out += found
        else:
            out.append(name)
    return tuple(out)


_WHY = {"data": ": a run saved before 2026-11-30 without --data recorded no hash of the built-in components file"
                " (None here) and pools only with runs like it",
        "play": ": the arena played their games another way (2: seats deciding together chose on one table; 1: "
                "no seats decided together, or, in runs saved before 2026-11-30, they were served one after another)"}


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return json.dumps(value) if isinstance(value, dict) else repr(value)


def pool(runs: list[Run]) -> tuple[ArenaConfig, list[dict[str, Any]]]:
    """The configuration and records of one run over every game of the runs (checked with `check_poolable`),
    in order of arena seed and game. Games are numbered again from 1; each record keeps its arena seed and number
    (`arena_seed`, `arena_game`) and its run's folder, and its bots are indexed in the first run's seat list."""
    check_poolable(runs)
    seats = list(runs[0].summary["seats"])
    keyed = []
    for run in runs:
        index = _entry_map(run.summary["seats"], seats)
        for record in run.records:
            seed, number = run.key(record)
            keyed.append({**record, "entries": [index[e] for e in record["entries"]], "arena_seed": seed,
                          "arena_game": number, "folder": str(run.folder)})
    keyed.sort(key=lambda r: (r["arena_seed"], r["arena_game"]))
    records = [{**r, "game": n} for n, r in enumerate(keyed, start=1)]
    s = runs[0].summary
    config = ArenaConfig(s["game"], seats, len(records), records[0]["arena_seed"], dict(s["options"]),
                         dict(s["settings"]))
    return config, records


def _entry_map(seats: list[str], base: list[str]) -> list[int]:
    """Index in `base` of each bot of `seats` (the same bots in another order; copies of a level in turn)."""
    free: dict[str, list[int]] = defaultdict(list)
    for i, level in enumerate(base):
        free[level].append(i)
    return [free[level].pop(0) for level in seats]


def pooled_summary(runs: list[Run]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`summarise` over every game of the runs, with the seeds and folders it pooled; and the records."""
    config, records = pool(runs)
    summary = summarise(config, records)
    counts = Counter(r["folder"] for r in records)
    summary["seed"] = sorted({r["arena_seed"] for r in records})
    summary["runs"] = [{"folder": str(run.folder), "seeds": sorted(set(run.seeds)), "games": counts[str(run.folder)]}
                       for run in runs]
    data = pooled_data([run.summary.get("data") for run in runs])
    if data is not None:
        summary["data"] = data
    return summary, records


def pooled_data(recorded: list[Any]) -> Any:
    """The components file of runs that pool (the same bytes, or none recorded): the runs' own record when they all
    name it alike; else its hash with every path it was read from, `built_in` only if every run played the built-in
    file (runs of the built-in file and of a copy pool on their bytes, and the label must not name one of them)."""
    first = recorded[0]
    if not all(isinstance(d, dict) and d.get("sha256") for d in recorded) or all(d == first for d in recorded):
        return first
    paths = sorted({str(p) for d in recorded for p in (d.get("paths") or [d.get("path")]) if p})  # a pooled run: paths
    merged: dict[str, Any] = {"sha256": first["sha256"]}
    merged.update({"path": paths[0]} if len(paths) == 1 else {"paths": paths})
    if all(d.get("built_in") for d in recorded):
        merged["built_in"] = True
    return merged


def with_saves(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records with their saved games (`save`), read from each run's `games/` folder."""
    out = []
    for record in records:
        path = Path(record["folder"]) / str(record.get("file", ""))
        if not isinstance(record.get("file"), str) or not record["file"]:
            raise PoolError(f"{record['folder']}: record of game {record['arena_game']} names no saved game")
        try:
            save = path.read_text(encoding="utf-8")
            readable = isinstance(json.loads(save), dict)
        except (OSError, UnicodeDecodeError) as exc:
            raise PoolError(f"{path}: cannot read the saved game ({exc})") from None
        except json.JSONDecodeError as exc:
            raise PoolError(f"{path}: the saved game is not JSON ({exc})") from None
        if not readable:
            raise PoolError(f"{path}: the saved game is not a JSON object (a game saved by the arena)")
        out.append({**record, "save": save})
    return out


COMPARISON = "comparison.json"


def paired_report(folders: list[Path]) -> tuple[dict[str, Any], list[tuple[dict[str, Any], list[dict[str, Any]]]]]:
    """One comparison over several saved `--compare` runs (folders holding `a/`, `b/` and comparison.json), as if
    one `--compare` run had played all their games: each side's runs pooled (`pooled_summary`), then the
    differences paired game by game (`compare`). Returns the comparison (as `--compare --json` prints it) and each
    side's pooled summary and records."""
    from .compare import compare

    heads = []
    for folder in folders:
        path = folder / COMPARISON
        head = _read_json(path, f"is {folder} a folder written by `meeple arena --compare --out`?")
        if not isinstance(head, dict) or not all(isinstance(head.get(k), dict) for k in "ab"):
            raise PoolError(f"{path}: not a comparison (an object with the variants a and b)")
        heads.append(head)
    sides = []
    for side in "ab":
        try:
            sides.append(pooled_summary([read_run(folder / side) for folder in folders]))
        except PoolError as exc:
            raise PoolError(f"variant {side.upper()}: {exc}") from None
    (summary_a, records_a), (summary_b, records_b) = sides
    keys_a = [(r["arena_seed"], r["arena_game"]) for r in records_a]
    keys_b = [(r["arena_seed"], r["arena_game"]) for r in records_b]
    if keys_a != keys_b:
        odd = sorted(set(keys_a) ^ set(keys_b))[0]
        raise PoolError(f"game {odd[1]} of arena seed {odd[0]} was played by one variant only: every run must hold "
                        f"both variants of the same games")
    if summary_a["game"] != summary_b["game"] or sorted(summary_a["seats"]) != sorted(summary_b["seats"]):
        raise PoolError("the two variants were not played by the same game and bots")
    game = summary_a["game"]
    levels = list(dict.fromkeys(summary_a["seats"]))
    spec = meeple.engine.get_rules(game).spec
    rows = compare(records_a, records_b, levels, list(spec.metrics), spec.turn_order)
    files = {side: sorted({str(h[side].get("file")) for h in heads}) for side in "ab"}
    result = {"game": game, "seats": summary_a["seats"], "games": len(records_a), "seed": summary_a["seed"],
              **{side: {"file": ", ".join(files[side]), "options": summary["options"],
                        "settings": summary["settings"]} for side, (summary, _) in zip("ab", sides, strict=True)},
              "differences": rows, "runs": [str(f) for f in folders]}
    return result, sides


def against_report(new: list[Path], base: list[Path], other_bots: bool = False) -> tuple[
        dict[str, Any], list[tuple[dict[str, Any], list[dict[str, Any]]]]]:
    """The paired differences between two variants played in separate plain runs: `base` (A, say the data before a
    change, saved earlier) and `new` (B), each side's runs pooled (`pool`). Games pair by arena seed and game
    number, which give the same deal, bot seeds and turn order in any variant (as `--compare` plays them); games
    that only one side played are left out and counted. With `other_bots` the two sides may be played by other
    bots (the same deals, say, with a weaker search): the games pair by seed and seat order, and the differences
    are those of the quantities both sides have (rounds, first player, roles), not the bots' own. Returns the
    comparison and each side's paired records."""
    from .compare import compare

    sides = []
    for name, folders in (("the --against runs", base), ("the runs", new)):
        try:
            runs = [read_run(folder) for folder in folders]
            config, records = pool(runs)
        except PoolError as exc:
            raise PoolError(f"{name}: {exc}") from None
        sides.append((config, records, runs))
    (config_a, all_a, runs_a), (config_b, all_b, runs_b) = sides
    for field, value_a, value_b in (("game", config_a.game_id, config_b.game_id),
                                    ("players", len(config_a.seats), len(config_b.seats))):
        if value_a != value_b:
            raise PoolError(f"cannot pair the runs with the --against runs: {field} differs "
                            f"({_show(value_b)} against {_show(value_a)})")
    if plays(all_a) != plays(all_b):
        raise PoolError(f"cannot pair the runs with the --against runs: play differs ({_show(plays(all_b))} against "
                        f"{_show(plays(all_a))}){_WHY['play']}")
    bots_differ = sorted(config_a.seats) != sorted(config_b.seats)
    if bots_differ and not other_bots:
        raise PoolError(f"cannot pair the runs with the --against runs: the bots differ ({_show(config_b.seats)} "
                        f"against {_show(config_a.seats)}); a paired difference needs the same bots (--other-bots "
                        f"pairs the same deals played by other bots)")
    by_key = {(r["arena_seed"], r["arena_game"]): r for r in all_a}
    pairs = [(by_key[k], r) for r in all_b if (k := (r["arena_seed"], r["arena_game"])) in by_key]
    if not pairs:
        raise PoolError("the runs and the --against runs share no game: pair runs of the same arena seeds and game "
                        "numbers (--seed, --first-game)")
    turn_order = _seat_order if bots_differ else _in_turn_order
    for a, b in pairs:  # the same game: its seed, and the same bots (or seats, and roles) in each turn position
        if a.get("seed") != b.get("seed") or turn_order(a) != turn_order(b) or (
                bots_differ and a.get("roles") != b.get("roles")):
            what = "turn order of the seats or roles" if bots_differ else "turn order of the bots"
            raise PoolError(f"game {a['arena_game']} of arena seed {a['arena_seed']} was not the same game in the "
                            f"two runs ({a['folder']}, {b['folder']}): another game seed or {what}")
    records_a = [{**a, "game": n} for n, (a, _) in enumerate(pairs, start=1)]
    records_b = [{**b, "game": n} for n, (_, b) in enumerate(pairs, start=1)]
    # each side's file as read by the runs of its paired games (a run whose games all went unpaired names none)
    data_a, data_b = (pooled_data([run.summary.get("data") for run in runs if str(run.folder) in folders])
                      for runs, folders in ((runs_a, {a["folder"] for a, _ in pairs}),
                                            (runs_b, {b["folder"] for _, b in pairs})))
    if bots_differ:  # one change at a time: the bots, on the same deals, data and options
        hashes = [d.get("sha256") if isinstance(d, dict) else None for d in (data_a, data_b)]
        other = [name for name, differs in (("components file", hashes[0] != hashes[1]),
                                            ("options", config_a.options != config_b.options)) if differs]
        if other:
            raise PoolError(f"cannot pair the runs with the --against runs: the bots differ and so does the "
                            f"{' and the '.join(other)}; --other-bots pairs the same deals, data and options played "
                            f"by other bots (compare one change at a time)")
    game = config_b.game_id
    levels = list(dict.fromkeys(config_b.seats))
    spec = meeple.engine.get_rules(game).spec
    rows = compare(records_a, records_b, levels, list(spec.metrics), spec.turn_order)
    seeds = sorted({a["arena_seed"] for a, _ in pairs})
    labelled = (("a", config_a, data_a), ("b", config_b, data_b))
    result = {"game": game, "seats": config_b.seats, "games": len(pairs), "seed": seeds,
              **({"bots": {"a": config_a.seats, "b": config_b.seats}} if bots_differ else {}),
              "unpaired": {"a": len(all_a) - len(pairs), "b": len(all_b) - len(pairs)},
              **{side: {"file": _data_label({"data": data, "settings": config.settings})
                        + (f" (bots: {' '.join(config.seats)})" if bots_differ else ""),
                        "options": config.options, "settings": config.settings} for side, config, data in labelled},
              "differences": rows, "runs": {"a": [str(f) for f in base], "b": [str(f) for f in new]}}
    paired = []
    for (_, config, data), records in zip(labelled, (records_a, records_b), strict=True):  # over the paired games
        side = ArenaConfig(config.game_id, list(config.seats), len(records), seeds[0], dict(config.options),
                           dict(config.settings))
        paired.append(({**summarise(side, records), "seed": seeds, **({"data": data} if data is not None else {})},
                       records))
    return result, paired


def _data_label(summary: dict[str, Any]) -> str:
    """The components file a side played with, as the comparison names it: its file name and the start of its hash."""
    data = summary.get("data")
    if isinstance(data, dict) and data.get("sha256"):
        built_in = "built-in " if data.get("built_in") else ""
        names = " / ".join(dict.fromkeys(Path(str(p)).name for p in data.get("paths", [data.get("path", "")])))
        return f"{built_in}{names} (sha256 {str(data['sha256'])[:12]})"
    return data_of(summary) or "built-in components (no hash recorded)"


def _seat_order(record: dict[str, Any]) -> list[int]:
    """The seats of a game in turn order."""
    return list(record.get("order") or range(len(record["levels"])))


def _in_turn_order(record: dict[str, Any]) -> list[str]:
    """The bots of a game in turn order (a record lists them by seat)."""
    return [record["levels"][seat] for seat in _seat_order(record)]


def _against(new: list[Path], base: list[Path], out: str | None, as_json: bool, other_bots: bool) -> None:
    result, sides = against_report(new, base, other_bots)
    left = result["unpaired"]
    note = "".join(f"; {n} game{'s' if n != 1 else ''} of {who} left out (no pair)"
                   for n, who in ((left["a"], "the --against runs"), (left["b"], "the runs")) if n)
    _show_comparison(result, sides, out, as_json, note, "the paired games")


def _paired(folders: list[Path], out: str | None, as_json: bool) -> None:
    result, sides = paired_report(folders)
    _show_comparison(result, sides, out, as_json, "", "the pooled reports")


def _show_comparison(result: dict[str, Any], sides: list[tuple[dict[str, Any], list[dict[str, Any]]]],
                     out: str | None, as_json: bool, note: str, written: str) -> None:
    """Print a comparison (a table, or JSON) and, with --out, write comparison.json and each side's report."""
    from .compare import format_comparison

    click.echo(json.dumps(result, indent=2) if as_json
               else f"{result['games']} paired games{note}\n"
                    + format_comparison(result["differences"], result["a"]["file"], result["b"]["file"]))
    if out:
        folder = Path(out)
        for side, (summary, records) in zip("ab", sides, strict=True):
            write_report(summary, with_saves(records), folder / side)
        (folder / COMPARISON).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        click.echo(f"wrote {out}/{COMPARISON} and {written} of both variants in {out}/a and {out}/b", err=as_json)


@click.command("report")
@click.argument("folders", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="Write the pooled results.json, results.csv, games.csv, PNG plots and games, as a run's --out.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object instead of a table.")
@click.option("--against", "against", multiple=True, metavar="FOLDER",
              help="Saved runs of the variant before a change (repeat for several, or a quoted pattern such as "
                   "'runs/old/g*'): print the paired differences FOLDERS - these over the games both played, as "
                   "--compare does, without playing them again.")
@click.option("--other-bots", "other_bots", is_flag=True,
              help="With --against: pair the same deals played by other bots (a weaker search, say) and print "
                   "the differences of what both sides have: rounds, first player, win rates and statistics by role.")
def report(folders: tuple[str, ...], out: str | None, as_json: bool, against: tuple[str, ...],
           other_bots: bool) -> None:
    """One report over several saved arena runs (folders written by `meeple arena --out`), as if one run had
    played all their games: the same table, win rates with their intervals, ratings, turn positions and roles.

    The runs must be of the same game, bots (in any seat order), player count, options and components file;
    a game (arena seed and game number) may be counted only once. Chunks of one seed (--first-game) pool into
    the one run they are part of.

    Folders written by `meeple arena --compare ... --out` pool into one comparison: each variant's games pooled,
    then the paired differences B - A with their 95% intervals over every game, as `--compare` prints them.

    \b
    Example:
      meeple arena cityofremnants --seats ismcts,greedy,greedy,greedy --games 4 --seed 1 --out runs/1
      meeple arena cityofremnants --seats ismcts,greedy,greedy,greedy --games 4 --seed 1 --first-game 5 --out runs/2
      meeple arena report runs/1 runs/2 --out runs/all
      meeple arena coloma --seats greedy,random --games 4 --compare a.toml b.toml --out runs/c1
      meeple arena coloma --seats greedy,random --games 4 --first-game 5 --compare a.toml b.toml --out runs/c2
      meeple arena report runs/c1 runs/c2

    With --against, the FOLDERS are runs of a new variant and the --against folders runs of the old one, played
    apart with the same seeds and bots (say, the data before a change, saved earlier): the report pairs their games
    by arena seed and game number and prints the differences new - old, as `--compare` would have, without
    playing the old variant again. Games only one side played are left out, and the report says how many. With
    --other-bots the two sides may be played by other bots on the same deals (how a gang fares against a weaker
    search): the differences are then those of rounds, the first player and the roles.

    \b
      meeple arena cityofremnants --seats ismcts,ismcts --games 8 --data old.toml --out runs/old
      meeple arena cityofremnants --seats ismcts,ismcts --games 8 --data new.toml --out runs/new
      meeple arena report runs/new --against runs/old
      meeple arena report 'runs/new/g*' --against 'runs/old/g*'     # chunks: quote the patterns
    """
    folders = expand_folders(folders)
    against = expand_folders(against)
    if other_bots and not against:
        raise click.ClickException("--other-bots pairs the runs with --against runs of other bots: give --against")
    paths = [Path(f) for f in folders]
    missing = next((p for p in [*paths, *map(Path, against)] if not p.is_dir()), None)
    if missing is not None:
        raise click.ClickException(f"{missing}: no such folder (name folders written by `meeple arena --out`)")
    clash = next((f for f in (*folders, *against) if out and Path(f).resolve() == Path(out).resolve()), None)
    if clash is not None:
        raise click.ClickException(f"--out {out} is one of the runs ({clash}): write the pooled report elsewhere")
    if against:
        odd = next((p for p in [*paths, *map(Path, against)] if (p / COMPARISON).exists()), None)
        if odd is not None:
            raise click.ClickException(f"{odd}: a run of `--compare` is paired already; --against pairs plain runs")
        try:
            _against(paths, [Path(f) for f in against], out, as_json, other_bots)
        except PoolError as exc:
            variant = any(f" {field} differs " in str(exc) for field in ("data", "options", "settings"))
            hint = ("" if not (str(exc).startswith("the runs:") and variant) else
                    " (if some of these folders are runs of the old variant, the shell gave them to the FOLDERS: "
                    "quote the pattern, --against 'runs/old/g*', or repeat --against before each folder)")
            raise click.ClickException(str(exc) + hint) from None
        return
    compared = [(p / COMPARISON).exists() for p in paths]
    if any(compared):
        if not all(compared):
            odd = next(p for p, c in zip(paths, compared, strict=True) if not c)
            raise click.ClickException(f"{odd}: holds no {COMPARISON}: runs of `--compare` pool only with other "
                                       f"runs of `--compare`")
        try:
            _paired(paths, out, as_json)
        except PoolError as exc:
            raise click.ClickException(str(exc)) from None
        return
    try:
        runs = [read_run(folder) for folder in folders]
        summary, records = pooled_summary(runs)
        if out:
            records = with_saves(records)
    except PoolError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(json.dumps(summary, indent=2) if as_json else format_table(summary))
    if out:
        paths = write_report(summary, records, out)
        click.echo(f"wrote {len(paths)} files to {out} (results.json, results.csv, games.csv, PNG plots, games/)",
                   err=as_json)
