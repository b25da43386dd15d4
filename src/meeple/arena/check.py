"""`meeple arena check`: do saved runs still play as this installation plays?

A saved run is evidence for the code that played it. Pairing new games with it (`meeple arena report NEW --against
OLD`) compares a change of data or options only while the bots still choose as they did: a change to the search, or
to the rules, makes every later game of the same seed another game. This check starts some of the saved games
again from their records (the game's seed, options and components file, each seat's bot level and bot seed), lets
the bots play, and compares their first actions with the saved log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

import meeple
from meeple.agents import make_agent, parse_level

from .match import PLAY, play_out
from .pool import COMPARISON, PoolError, Run, _expand, read_run
from .report import data_file


@dataclass(frozen=True)
class Checked:
    """What one saved game gave when played again: how many of its first actions were compared and, at the first
    that differs, its number (from 1) with the action played now and the saved one."""

    folder: str
    game: int  # its number in its arena seed
    compared: int
    differs: tuple[int, int, str, str] | None  # (action number, seat, played now, saved)
    play: int  # how the arena played it (`match.PLAY`)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"folder": self.folder, "game": self.game, "compared": self.compared,
                               "play": self.play, "agrees": self.differs is None}
        if self.differs is not None:
            number, seat, now, saved = self.differs
            out["differs"] = {"action": number, "seat": seat, "played": now, "saved": saved}
        return out


class _Stop(Exception):
    pass


def chosen(runs: list[Run], games: int) -> list[tuple[Run, dict[str, Any]]]:
    """`games` records of the runs spread evenly over them in order of arena seed and game (the first and the last
    among them), or every record if there are no more."""
    every = sorted(((run, record) for run in runs for record in run.records),
                   key=lambda pair: pair[0].key(pair[1]))
    if games >= len(every):
        return every
    if games == 1:
        return every[:1]
    return [every[round(i * (len(every) - 1) / (games - 1))] for i in range(games)]


def check_game(run: Run, record: dict[str, Any], actions: int) -> Checked:
    """Play the game of `record` again from its seeds and compare its first `actions` actions with the saved
    log. PoolError (naming the folder) when it cannot be played again as it was: a bot with a time budget, a
    saved game missing, or a components file that is not the one the run played."""
    folder = run.folder
    summary = run.summary
    timed = sorted({level for level in record["levels"] if parse_level(level).seconds is not None})
    if timed:
        raise PoolError(f"{folder}: {', '.join(timed)} decides within a time, so its games depend on the machine "
                        f"and its load and cannot be played again")
    for name in ("seed", "bot_seeds", "file"):
        if name not in record:
            raise PoolError(f"{folder}: the record of game {record['game']} has no {name!r} (a run saved by an "
                            f"older arena): it cannot be played again")
    path = folder / str(record["file"])
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PoolError(f"{path}: cannot read the saved game ({exc})") from None
    settings = dict(saved.get("settings") or {})
    try:
        here = data_file(settings, summary["game"])
    except OSError as exc:
        raise PoolError(f"{path}: its components file cannot be read from here ({exc}); run the check from the "
                        f"folder the run started in, as `meeple replay` is") from None
    recorded = summary.get("data")
    if isinstance(recorded, dict) and recorded.get("sha256") and (here or {}).get("sha256") != recorded["sha256"]:
        raise PoolError(f"{folder}: the components file {settings.get('data', '(built in)')} is not the one the run "
                        f"played (its SHA-256 was {recorded['sha256'][:12]}…, here "
                        f"{(here or {}).get('sha256', 'none')[:12]}…): a difference would come from the data")
    players = int(summary["players"])
    game = meeple.new_game(summary["game"], players, int(record["seed"]), record.get("options", summary["options"]),
                           **settings)
    bots = [make_agent(level, seed=int(seed)) for level, seed in zip(record["levels"], record["bot_seeds"],
                                                                      strict=True)]
    log = [(int(seat), str(action)) for seat, action in saved.get("actions", [])]
    limit = min(actions, len(log))
    done: list[int] = []
    differs: list[tuple[int, int, str, str]] = []

    def watch(seat: int, action: int | str) -> bool:
        text = action if isinstance(action, str) else game.action_text(action)
        if (seat, text) != log[len(done)]:
            differs.append((len(done) + 1, seat, text, log[len(done)][1]))
            return False
        done.append(1)
        return len(done) < limit

    if limit:
        play_out(game, bots, watch)
    return Checked(str(folder), run.key(record)[1], len(done) + len(differs), differs[0] if differs else None,
                   int(record.get("play", 1)))


def describe(checked: Checked) -> str:
    """One line for a checked game."""
    where = f"{checked.folder} game {checked.game}"
    older = ("" if checked.play == PLAY else
             " (played before seats deciding together chose on one table, `play` 1: a difference may come from "
             "that)")
    if checked.differs is None:
        return f"{where}: the first {checked.compared} actions agree{older}"
    number, seat, now, saved = checked.differs
    return f"{where}: differs at action {number}: seat {seat} plays {now!r} here, the saved game {saved!r}{older}"


@click.command("check")
@click.argument("folders", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--games", default=3, show_default=True, type=click.IntRange(min=1),
              help="How many saved games to play again, spread over the runs from the first to the last.")
@click.option("--actions", default=40, show_default=True, type=click.IntRange(min=1),
              help="How many of each game's first actions to compare (a search bot's game takes a few seconds "
                   "for 40).")
@click.option("--json", "as_json", is_flag=True, help="Print what each game gave as one JSON object.")
def check(folders: tuple[str, ...], games: int, actions: int, as_json: bool) -> None:
    """Do saved arena runs (folders written by `meeple arena --out`) still play as this installation plays?

    Plays some of their games again from their records (the game's seed, options and components file, each
    seat's bot level and bot seed) and compares the first actions with the saved games. Before pairing new runs
    with saved ones (`meeple arena report NEW --against OLD`), check that the old runs still play as they did: a
    change to a bot's search or to the rules makes the same seed another game, and the pairing would then compare
    that change too. Run it from the folder the runs started in (a components file named by --data is found from
    there, as `meeple replay` finds it). A folder written by `--compare ... --out` is checked in both its variants'
    runs. Exits with status 1 when a game differs.

    \b
    Example:
      meeple arena check 'docs/balance-runs/cityofremnants-2p-ismcts-step5-play2/g*' --games 2 --actions 40
    """
    named = [Path(folder) for folder in _expand(folders)]
    # a run of `--compare` holds both variants' runs: each is checked
    runs = [side for folder in named for side in ([folder / "a", folder / "b"] if (folder / COMPARISON).exists()
                                                   else [folder])]
    try:
        picked = chosen([read_run(folder) for folder in runs], games)
    except PoolError as exc:
        raise click.ClickException(str(exc)) from None
    results: list[Checked] = []
    for run, record in picked:
        try:
            results.append(check_game(run, record, actions))
        except PoolError as exc:
            raise click.ClickException(str(exc)) from None
        if not as_json:
            click.echo(describe(results[-1]))
    differ = sum(r.differs is not None for r in results)
    if as_json:
        click.echo(json.dumps({"games": [r.as_dict() for r in results], "differ": differ}, indent=2))
    else:
        click.echo(f"{len(results)} game{'s' if len(results) != 1 else ''} played again: "
                   + ("every one agrees with its saved game" if not differ else
                      f"{differ} differ{'s' if differ == 1 else ''} from {'its' if differ == 1 else 'their'} saved "
                      f"game{'s' if differ != 1 else ''}: these runs were played by other bots or rules than this "
                      f"installation's"))
    if differ:
        click.get_current_context().exit(1)
