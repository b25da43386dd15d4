"""`meeple arena`: run many bot games in every turn order and report what happened."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from meeple.cli import GameCommand, chosen_options

from .match import ArenaConfig
from .report import data_file, format_table, from_here, summarise, write_report
from .runner import BACKENDS, run_arena


class ArenaCommand(GameCommand):
    """`meeple arena GAME ...` plays bots; `meeple arena levels ...` measures the named levels instead,
    `meeple arena report DIR ...` reports over saved runs and `meeple arena check DIR ...` plays some of their games
    again to see whether they still play so."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        if args and args[0] == "levels":
            from .levels import levels

            return levels.make_context(f"{info_name} levels", args[1:], parent=parent, **extra)
        if args and args[0] == "check":
            from .check import check

            return check.make_context(f"{info_name} check", args[1:], parent=parent, **extra)
        if args and args[0] == "report":
            from .pool import report

            return report.make_context(f"{info_name} report", args[1:], parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)


@click.command(cls=ArenaCommand)
@click.argument("game")
@click.option("--seats", required=True,
              help="One bot level per player, e.g. ismcts,greedy,greedy (played in every turn order, each bot "
                   "starting equally often).")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Games played in parallel.")
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
              help="local processes, or a Ray cluster (pip install -e '.[ray]').")
@click.option("--address", default=None, help="Ray cluster address (default: start a local Ray instance).")
@click.option("--seed", default=0, show_default=True, type=int, help="Arena seed: game and bot seeds derive from it.")
@click.option("--first-game", "first", default=1, show_default=True, type=click.IntRange(min=1),
              help="Number of the first game: --games 4 --first-game 5 plays games 5 to 8 of this seed, a chunk of a "
                   "longer run (`meeple arena report` pools the chunks).")
@click.option("--option", "-o", "extra", multiple=True, metavar="NAME=VALUE",
              help="A game option (each option of the game is also a flag: `meeple arena GAME --help`).")
@click.option("--data", "data", default=None, type=click.Path(dir_okay=False, exists=True),
              help="A components file of the game to play with instead of the built-in one (`meeple info --data`).")
@click.option("--compare", "variants", nargs=2, default=None, type=click.Path(dir_okay=False, exists=True),
              metavar="A.toml B.toml",
              help="Play two variants (options as name = value, optionally data = FILE) on the same seeds and "
                   "report what differs, with 95% intervals.")
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="Write results.json, results.csv, games.csv, PNG plots and the games (for meeple replay).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object instead of a table.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def arena(game: str, seats: str, games: int, jobs: int, backend: str, address: str | None, seed: int, first: int,
          extra: tuple[str, ...], data: str | None, variants: tuple[str, str] | None, out: str | None,
          as_json: bool, quiet: bool, **flags: object) -> None:
    """Run GAME between bots in every turn order; report win rates (also by turn position), ratings, statistics.

    \b
    Examples:
      meeple arena bluemooncity --seats ismcts,greedy,greedy --games 600 --jobs 2
      meeple arena bluemooncity --seats greedy,random --games 100 --out results/
      meeple arena bluemooncity --seats greedy,greedy --games 200 --compare base.toml open.toml
      meeple arena bluemooncity --seats ismcts:200,greedy --backend ray --address ray://head:10001
      meeple arena bluemooncity --seats expert,hard --games 60

    `meeple arena levels` measures the named levels' ratings (`meeple arena levels --help`); `meeple arena
    report DIR [DIR ...]` reports over several runs saved with --out (`meeple arena report --help`); `meeple arena
    check DIR [DIR ...]` says whether saved runs still play as this installation plays (`meeple arena check --help`).
    """
    import meeple
    from meeple.engine.errors import MeepleError

    levels = [s.strip() for s in seats.split(",") if s.strip()]
    settings = {"data": from_here(Path(data))} if data else {}  # as the saved games will replay it
    try:
        spec = meeple.engine.get_rules(game, **settings).spec
        options = chosen_options(spec, flags, extra)
        if variants:
            _compare(ArenaConfig(game, levels, games, seed, options, settings, first), variants, jobs, backend,
                     address, quiet, out, as_json)
            return
        config = ArenaConfig(game, levels, games, seed, options, settings, first)
        meeple.new_game(game, config.players, 0, config.options, **settings)  # check game, players and options
        played = data_file(config.settings, game)  # the file as the games read it, before an edit during the run
        records = run_arena(config, jobs=jobs, backend=backend, address=address, progress=not quiet)
    except (MeepleError, ValueError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    summary = with_data(summarise(config, records), played)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(format_table(summary))
    if out:
        paths = write_report(summary, records, out)
        click.echo(f"wrote {len(paths)} files to {out} (results.json, results.csv, games.csv, PNG plots, games/)",
                   err=as_json)


def _compare(base: ArenaConfig, variants: tuple[str, str], jobs: int, backend: str, address: str | None,
             quiet: bool, out: str | None, as_json: bool) -> None:
    """Both variants on the same seeds, then the paired differences."""
    import dataclasses
    from pathlib import Path

    import meeple

    from .compare import compare, format_comparison, read_variant

    game, levels, games, seed = base.game_id, base.seats, base.games, base.seed
    spec = meeple.engine.get_rules(game, **base.settings).spec
    runs = []
    played: list[dict[str, Any] | None] = []
    configs = []
    for path in variants:  # both read and checked before any game is played
        opts, own = read_variant(path, spec, base.options)
        config = dataclasses.replace(base, options=opts, settings={**base.settings, **own})
        meeple.new_game(game, config.players, 0, config.options, **config.settings)
        configs.append(config)
    for config in configs:
        played.append(data_file(config.settings, game))  # hashed before the games, as they read it
        runs.append((config, run_arena(config, jobs=jobs, backend=backend, address=address, progress=not quiet)))
    (config_a, records_a), (config_b, records_b) = runs
    rows = compare(records_a, records_b, list(dict.fromkeys(levels)), list(spec.metrics), spec.turn_order)
    result = {"game": game, "seats": levels, "games": games, "seed": seed,
              "a": {"file": variants[0], "options": config_a.options, "settings": config_a.settings},
              "b": {"file": variants[1], "options": config_b.options, "settings": config_b.settings},
              "differences": rows}
    click.echo(json.dumps(result, indent=2) if as_json else format_comparison(rows, variants[0], variants[1]))
    if out:
        folder = Path(out)
        for name, (config, records), data in zip("ab", runs, played, strict=True):
            write_report(with_data(summarise(config, records), data), records, folder / name)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "comparison.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        click.echo(f"wrote {out}/comparison.json and the reports of both variants in {out}/a and {out}/b",
                   err=as_json)


def with_data(summary: dict[str, Any], data: dict[str, Any] | None) -> dict[str, Any]:
    """The summary with the components file played with (`data`: `data_file`'s path and content hash, taken before
    the games; the built-in file when no --data was given), if the game has one."""
    return summary if data is None else {**summary, "data": data}
