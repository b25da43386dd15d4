"""`meeple arena`: run many bot games in every turn order and report what happened."""

from __future__ import annotations

import json

import click

from meeple.cli import GameCommand, chosen_options

from .match import ArenaConfig
from .report import format_table, summarise, write_report
from .runner import BACKENDS, run_arena


@click.command(cls=GameCommand)
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
@click.option("--option", "-o", "extra", multiple=True, metavar="NAME=VALUE",
              help="A game option (each option of the game is also a flag: `meeple arena GAME --help`).")
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="Write results.json, results.csv, games.csv, PNG plots and the games (for meeple replay).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object instead of a table.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def arena(game: str, seats: str, games: int, jobs: int, backend: str, address: str | None, seed: int,
          extra: tuple[str, ...], out: str | None, as_json: bool, quiet: bool, **flags: object) -> None:
    """Run GAME between bots in every turn order; report win rates (also by turn position), ratings, statistics.

    \b
    Examples:
      meeple arena bluemooncity --seats ismcts,greedy,greedy --games 500 --jobs 2
      meeple arena bluemooncity --seats greedy,random --games 100 --out results/
      meeple arena bluemooncity --seats ismcts:200,greedy --backend ray --address ray://head:10001
    """
    import meeple
    from meeple.engine.errors import MeepleError

    levels = [s.strip() for s in seats.split(",") if s.strip()]
    try:
        options = chosen_options(meeple.engine.get_rules(game).spec, flags, extra)
        config = ArenaConfig(game, levels, games, seed, options)
        meeple.new_game(game, config.players, 0, config.options)  # check game, players and options first
        records = run_arena(config, jobs=jobs, backend=backend, address=address, progress=not quiet)
    except (MeepleError, ValueError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    summary = summarise(config, records)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(format_table(summary))
    if out:
        paths = write_report(summary, records, out)
        click.echo(f"wrote {len(paths)} files to {out} (results.json, results.csv, games.csv, win_rates.png, "
                   f"game_length.png, games/)", err=as_json)
