"""Two variants of a game (options or data files) played on the same seeds, and what differs between them.

The designer's question "did my change matter?": both variants play the same games by number (the same game and
bot seeds, the same turn orders), so each quantity is compared game by game, and the mean difference comes with a
95% interval (Student's t over the paired differences).
"""

from __future__ import annotations

import math
import statistics
import tomllib
from pathlib import Path
from typing import Any

from .report import from_here, reason_kind
from .stats import win_shares

Record = dict[str, Any]


def read_variant(path: str | Path, spec: Any, base: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A variant file (TOML): the game's options as `name = value`, and optionally `data = "file"` (a components
    file, relative to the variant file). Returns (options checked by the game's spec, settings)."""
    from meeple.engine.errors import InvalidOptions

    file = Path(path)
    try:
        table = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InvalidOptions(f"cannot read the variant {file}: {exc}") from None
    settings: dict[str, str] = {}
    data = table.pop("data", None)
    if data is not None:
        if not isinstance(data, str):
            raise InvalidOptions(f"{file}: data names a components file, not {data!r}")
        settings["data"] = from_here(file.parent / data)
    try:
        options = dict(spec.normalise_options({**base, **table}))
    except InvalidOptions as exc:
        hint = ""
        if any(isinstance(value, (dict, list)) for value in table.values()):  # tables: a components file, say
            hint = (" (this looks like a components file: a variant file holds the game's options as name = value and"
                    " optionally a line data = \"FILE\" naming a components file, its path relative to the variant"
                    " file)")
        raise InvalidOptions(f"{file}: {exc}{hint}") from None
    return options, settings


def per_game(record: Record, levels: list[str], metrics: list[str], turn_order: bool = True) -> dict[str, float]:
    """The quantities of one game that a comparison looks at; of a game whose seats act in no order
    (`GameSpec.turn_order` false), no first player's."""
    shares = win_shares(record)
    out: dict[str, float] = {"actions": float(record["actions"])}
    if turn_order and record["first"] is not None:  # null: no first player recorded
        out["first player won"] = shares[record["first"]]
    for level in levels:
        seats = [s for s, lv in enumerate(record["levels"]) if lv == level]
        if seats:
            out[f"win rate {level}"] = statistics.fmean(shares[s] for s in seats)
            for name in metrics:
                if name in record["metrics"]:
                    out[f"{name} {level}"] = statistics.fmean(record["metrics"][name][s] for s in seats)
    scores = sorted(record["scores"], reverse=True)
    if len(scores) > 1:
        out["winning margin"] = float(scores[0] - scores[1])
    roles = record.get("roles") or []
    held = {role: [s for s, r in enumerate(roles) if r == role] for role in dict.fromkeys(roles)}
    for role, seats in held.items():  # the role's share of the win (the mean over its seats, if several hold it)
        out[f"win rate role {role}"] = statistics.fmean(shares[s] for s in seats)
    for name in metrics:  # and what the role did: each statistic the game shows, by role
        if name in record["metrics"]:
            for role, seats in held.items():
                out[f"{name} role {role}"] = statistics.fmean(record["metrics"][name][s] for s in seats)
    if "reason" in record:  # this game's kind of ending (the others are 0 in it: see `compare`)
        out[f"ending: {reason_kind(record['reason'])}"] = 1.0
    out.update(record.get("figures", {}))
    return out


def compare(records_a: list[Record], records_b: list[Record], levels: list[str],
            metrics: list[str], turn_order: bool = True) -> list[dict[str, Any]]:
    """Per quantity: mean in A, mean in B, mean paired difference B - A with its 95% interval (`turn_order`:
    whether the game's seats act in an order, so that a first player means something)."""
    from scipy.stats import t as student

    b_by_game = {r["game"]: r for r in records_b}
    pairs = [(per_game(a, levels, metrics, turn_order), per_game(b_by_game[a["game"]], levels, metrics, turn_order))
             for a in records_a if a["game"] in b_by_game]
    # How often each kind of ending came: 1 in a game that ended so, 0 in every other (of either variant).
    endings = {k for qa, qb in pairs for k in (*qa, *qb) if k.startswith("ending: ")}
    for qa, qb in pairs:
        for kind in endings:
            qa.setdefault(kind, 0.0)
            qb.setdefault(kind, 0.0)
    names = list(dict.fromkeys(k for qa, qb in pairs for k in qa if k in qb))
    rows = []
    for name in names:
        both = [(qa[name], qb[name]) for qa, qb in pairs if name in qa and name in qb]
        diffs = [b - a for a, b in both]
        n = len(diffs)
        mean = statistics.fmean(diffs)
        half = (student.ppf(0.975, n - 1) * statistics.stdev(diffs) / math.sqrt(n)) if n > 1 else math.inf
        low, high = mean - half, mean + half
        rows.append({"quantity": name, "games": n, "a": round(statistics.fmean(a for a, _ in both), 4),
                     "b": round(statistics.fmean(b for _, b in both), 4), "difference": round(mean, 4),
                     "ci95": [round(low, 4), round(high, 4)], "differs": bool(low > 0 or high < 0)})
    return rows


def format_comparison(rows: list[dict[str, Any]], a: str, b: str) -> str:
    head = f"{'quantity':28} {'A':>10} {'B':>10} {'B - A':>10} {'95% CI':>21}"
    lines = [f"A = {a}, B = {b}: the same seeds; * marks a difference whose 95% interval excludes 0", head,
             "-" * len(head)]
    for r in rows:
        low, high = r["ci95"]
        lines.append(f"{r['quantity'][:28]:28} {r['a']:>10.3f} {r['b']:>10.3f} {r['difference']:>+10.3f} "
                     f"{f'{low:+.3f} to {high:+.3f}':>21}{' *' if r['differs'] else ''}")
    return "\n".join(lines)
