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
from meeple.engine.errors import MeepleError

from .match import is_whole, play_out
from .pool import COMPARISON, PoolError, Run, expand_folders, read_run
from .report import data_file


@dataclass(frozen=True)
class Checked:
    """What one saved game gave when played again: how many of its first actions were compared and, at the first
    that differs, its number (from 1), the seat, the action played now and the saved one (None where that game
    had ended)."""

    path: str  # the saved game's file
    seed: int  # its arena seed and its number in that seed
    game: int
    compared: int
    differs: tuple[int, int, str | None, str | None] | None
    play: int | None  # how the arena played it (`match.PLAY`); None in runs saved before the arena recorded it
    data_checked: bool  # whether its components file was checked against the hash the run recorded
    whole: bool = False  # whether the whole game was compared, its end included

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.path, "seed": self.seed, "game": self.game, "compared": self.compared,
                               "whole": self.whole, "play": self.play, "data_checked": self.data_checked,
                               "agrees": self.differs is None}
        if self.differs is not None:
            number, seat, now, saved = self.differs
            out["differs"] = {"action": number, "seat": seat, "played": now, "saved": saved}
        return out


class Refused(click.ClickException):
    """A saved game that cannot be played again as it was played (status 2: a difference is status 1)."""

    exit_code = 2


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


@dataclass
class _Replay:
    """A saved game made ready to be played again: the game at its start, its bots and its saved log."""

    run: Run
    record: dict[str, Any]
    path: Path
    game: Any
    bots: list[Any]
    log: list[tuple[int, str]]
    data_checked: bool


def prepare(run: Run, record: dict[str, Any]) -> _Replay:
    """The game of `record` at its start with its bots, from its seeds; PoolError (naming the folder and the game)
    when it cannot be played again as it was: a bot with a time budget, a record or saved game missing what it
    needs, a components file that is not the one the run played, a game or level this installation lacks."""
    folder, summary = run.folder, run.summary
    players = int(summary["players"])
    where = f"{folder}: game {run.key(record)[1]} of seed {run.key(record)[0]}"
    for name in ("seed", "bot_seeds", "file"):
        if name not in record:
            raise PoolError(f"{where}: its record has no {name!r} (a run saved by an older arena): it cannot be "
                            f"played again")
    # their types and sizes, and the bot levels, were checked when the run was read (pool.read_run)
    timed = sorted({level for level in record["levels"] if parse_level(level).seconds is not None})
    if timed:
        raise PoolError(f"{where}: {', '.join(timed)} decides within a time, so its games depend on the machine and "
                        f"its load and cannot be played again")
    path = folder / str(record["file"])
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PoolError(f"{path}: cannot read the saved game ({exc})") from None
    actions = saved.get("actions") if isinstance(saved, dict) else None
    if not isinstance(actions, list) or not all(isinstance(a, list) and len(a) == 2 and is_whole(a[0])
                                                and isinstance(a[1], str) for a in actions):
        raise PoolError(f"{path}: not a saved game (a JSON object whose actions are [seat, action] pairs)")
    if not actions or len(actions) != record["actions"]:
        raise PoolError(f"{path}: holds {len(actions)} actions where the run's record counts {record['actions']}: "
                        f"the saved game is not the whole game the run played")
    settings = saved.get("settings") or {}
    if not isinstance(settings, dict):
        raise PoolError(f"{path}: its settings are not an object")
    try:
        here = data_file(settings, summary["game"])
    except OSError as exc:
        raise PoolError(f"{path}: its components file cannot be read from here ({exc}); run the check from the "
                        f"folder the run started in, as `meeple replay` is run") from None
    except MeepleError as exc:
        raise PoolError(f"{where}: {exc}") from None
    recorded = summary.get("data")
    sha = str(recorded.get("sha256") or "") if isinstance(recorded, dict) else ""
    hashed = bool(sha)
    if hashed and (here or {}).get("sha256") != sha:
        raise PoolError(f"{folder}: the components file {settings.get('data', '(built in)')} is not the one the run "
                        f"played (its SHA-256 was {sha[:12]}…, here {(here or {}).get('sha256', 'none')[:12]}…): a "
                        f"difference would come from the data")
    try:
        game = meeple.new_game(summary["game"], players, record["seed"], record.get("options", summary["options"]),
                               **settings)
        bots = [make_agent(level, seed=seed) for level, seed in zip(record["levels"], record["bot_seeds"],
                                                                    strict=True)]
    except (MeepleError, ValueError) as exc:
        raise PoolError(f"{where}: cannot be started again here ({exc})") from None
    return _Replay(run, record, path, game, bots, [(seat, action) for seat, action in actions],
                   hashed or here is None)


def replay(ready: _Replay, actions: int) -> Checked:
    """Play the prepared game again and compare its first `actions` actions with the saved log; where the log is
    no longer than that, the whole game, its end included."""
    game, log = ready.game, ready.log
    whole = actions >= len(log)
    limit = min(actions, len(log))
    agreed = 0  # actions that agreed so far
    differs: tuple[int, int, str | None, str | None] | None = None

    def watch(seat: int, action: int | str) -> bool:
        nonlocal agreed, differs
        text = action if isinstance(action, str) else game.action_text(action)
        if agreed >= len(log):  # the saved game had ended here
            differs = (agreed + 1, seat, text, None)
            return False
        if (seat, text) != log[agreed]:
            differs = (agreed + 1, seat, text, log[agreed][1])
            return False
        agreed += 1
        return whole or agreed < limit  # the whole game: play on, to see that it ends there too

    play_out(game, ready.bots, watch)
    if differs is None and agreed < limit:  # the game ended here before the saved one did
        seat, saved = log[agreed]
        differs = (agreed + 1, seat, None, saved)
    seed, number = ready.run.key(ready.record)
    play = ready.record.get("play")
    return Checked(str(ready.path), seed, number, agreed + (differs is not None), differs,
                   None if play is None else int(play), ready.data_checked, whole)


def describe(checked: Checked) -> str:
    """One line for a checked game."""
    where = f"{checked.path} (game {checked.game} of seed {checked.seed})"
    notes = []
    if checked.play is None:
        notes.append("saved before the arena recorded how it played: where seats decided together it served them "
                     "one after another" + (", so a difference may come from that" if checked.differs else ""))
    if not checked.data_checked:
        notes.append("the run recorded no hash of its components file, so the file was not checked")
    note = "".join(f" ({n})" for n in notes)
    if checked.differs is None:
        if checked.whole:
            return f"{where}: the whole game agrees, its {checked.compared} actions, and ends where the saved one " \
                   f"does{note}"
        return f"{where}: the first {checked.compared} actions agree{note}"
    number, seat, now, saved = checked.differs
    if now is None:
        return f"{where}: differs at action {number}: the game ends here, where the saved game goes on{note}"
    if saved is None:
        return f"{where}: differs at action {number}: seat {seat} plays {now!r} here, where the saved game had " \
               f"ended{note}"
    return f"{where}: differs at action {number}: seat {seat} plays {now!r} here, the saved game {saved!r}{note}"


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
    runs. Exits with status 1 when a game differs, 2 when a game cannot be played again as it was (a bot with a time
    budget, a components file since changed, a saved game missing or cut short), before any game is played.

    \b
    Example:
      meeple arena check 'docs/balance-runs/cityofremnants-2p-ismcts-step5-play2/g*' --games 2 --actions 40
    """
    try:
        named = [Path(folder) for folder in expand_folders(folders)]
    except click.ClickException as exc:  # a pattern that matches no folder
        raise Refused(exc.message) from None
    # a run of `--compare` holds both variants' runs: each is checked
    runs = [side for folder in named for side in ([folder / "a", folder / "b"] if (folder / COMPARISON).exists()
                                                   else [folder])]
    try:
        picked = chosen([read_run(folder) for folder in runs], games)
        ready = [prepare(run, record) for run, record in picked]  # every game checked before any is played
    except PoolError as exc:
        raise Refused(str(exc)) from None
    results: list[Checked] = []
    for one in ready:
        try:
            results.append(replay(one, actions))
        except (MeepleError, ValueError) as exc:  # the game refused what its bots chose now
            raise Refused(f"{one.path}: playing it again failed ({exc})") from None
        if not as_json:
            click.echo(describe(results[-1]))
    differ = sum(r.differs is not None for r in results)
    if as_json:
        click.echo(json.dumps({"games": [r.as_dict() for r in results], "differ": differ}, indent=2))
    else:
        click.echo(f"{len(results)} game{'s' if len(results) != 1 else ''} played again: "
                   + ("every one agrees with its saved game" if not differ else
                      f"{differ} differ{'s' if differ == 1 else ''} from {'its' if differ == 1 else 'their'} saved "
                      f"game{'s' if differ != 1 else ''}: played by other bots or rules than this installation's, "
                      f"or in another way of the arena's"))
    if differ:
        click.get_current_context().exit(1)
