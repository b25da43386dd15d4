"""What each role did in saved arena games: events by message id and chosen actions, a game's average per role.

    .venv/bin/python scripts/tally.py 'docs/balance-runs/cityofremnants-3p-ismcts-step5-play2/g*'
    .venv/bin/python scripts/tally.py 'runs/g*' --actions play --events battle.won,cards.draw

Reads the folders `meeple arena --out` writes (results.json and games/): each game is replayed from its log, its
events counted for the seat they name (`seat`; events only that seat is told of, such as the cards it commits to a
battle, included) and its actions for the seat that chose them, under the role the arena recorded for that seat (a
City of Remnants gang). `--actions PREFIX` counts the actions starting with PREFIX
by their full text (`play` gives each card played); without it actions are counted by their first word.
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from meeple.engine.errors import SaveError
from meeple.engine.game import load_game

Counts = dict[str, Counter[str]]


def tally(folders: list[Path], prefix: str | None) -> tuple[Counter[str], Counts, Counts]:
    """Games per role, events per role and actions per role, summed over the games of the folders. A folder that
    cannot be read stops it with a message naming the folder and what was wrong."""
    games: Counter[str] = Counter()
    events: Counts = defaultdict(Counter)
    actions: Counts = defaultdict(Counter)
    for folder in folders:
        try:
            records = json.loads((folder / "results.json").read_text())["records"]
            for record in records:
                roles = record.get("roles")
                if not roles:
                    raise ValueError(f"game {record['game']} records no roles (its game declares none)")
                game = load_game((folder / record["file"]).read_text())
                games.update(roles)
                for seat, role in enumerate(roles):  # what each seat was told that names it
                    for moment in game.events(seat):
                        for event in moment:
                            if event["params"].get("seat") == seat:
                                events[role][event["msg"]] += 1
                for seat, text in game.full_log():
                    if prefix is None:
                        actions[roles[seat]][text.split()[0]] += 1
                    elif text.startswith(prefix):
                        actions[roles[seat]][text] += 1
        except (OSError, ValueError, KeyError, TypeError, IndexError, SaveError) as exc:
            sys.exit(f"{folder}: cannot tally this run: {type(exc).__name__}: {exc}")
    if not games:
        sys.exit("no games in these runs")
    return games, events, actions


def table(title: str, counts: Counts, games: Counter[str], only: set[str] | None) -> None:
    roles = sorted(games)
    keys = sorted({k for c in counts.values() for k in c if only is None or k in only})
    width = max([len(title), *(len(k) for k in keys)])
    print(f"{title:<{width}}", *(f"{r:>8}" for r in roles))
    for key in keys:
        print(f"{key:<{width}}", *(f"{counts[r][key] / games[r]:8.2f}" for r in roles))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("folders", nargs="+", help="run folders or glob patterns ('runs/g*')")
    parser.add_argument("--actions", metavar="PREFIX", help="count the actions starting with PREFIX, by their text")
    parser.add_argument("--events", metavar="IDS", help="only these event message ids (comma-separated)")
    args = parser.parse_args(argv)
    folders = sorted({Path(f) for pattern in args.folders for f in (glob.glob(pattern) or [pattern])})
    missing = [str(f) for f in folders if not (f / "results.json").is_file()]
    if missing:
        sys.exit(f"not a saved arena run (no results.json): {', '.join(missing)}")
    games, events, actions = tally(folders, args.actions)
    per_role = ", ".join(f"{r} {n}" for r, n in sorted(games.items()))
    print(f"{len(folders)} runs; games per role: {per_role}; below, a game's average per role")
    only = set(args.events.split(",")) if args.events else None
    unseen = sorted(only - {k for c in events.values() for k in c}) if only else []
    if unseen:
        print(f"no event {', '.join(unseen)} in these games", file=sys.stderr)
    table("events", events, games, only)
    print()
    table(f"actions ({args.actions or 'first word'})", actions, games, None)


if __name__ == "__main__":
    main()
