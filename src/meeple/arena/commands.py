"""`meeple arena`: run many bot games with seats rotated and report what happened."""

from __future__ import annotations

import json
from typing import Any

import click

from .match import ArenaConfig
from .report import format_table, summarise, write_report
from .runner import BACKENDS, run_arena


def parse_options(pairs: tuple[str, ...], edition: str | None, expansion: bool) -> dict[str, Any]:
    """Game options from `--option name=value` (values read as JSON when they parse, text otherwise)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"{pair!r} is not name=value", param_hint="--option")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    if edition:
        options["edition"] = edition
    if expansion:
        options["expansion"] = True
    return options


@click.command()
@click.argument("game")
@click.option("--seats", required=True, help="One bot level per seat, e.g. ismcts,greedy,greedy (rotated every game).")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Games played in parallel.")
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
              help="local processes, or a Ray cluster (pip install -e '.[ray]').")
@click.option("--address", default=None, help="Ray cluster address (default: start a local Ray instance).")
@click.option("--seed", default=0, show_default=True, type=int, help="Arena seed: game and bot seeds derive from it.")
@click.option("--edition", default=None, help="Game edition option (e.g. kosmos2006).")
@click.option("--expansion", is_flag=True, help="Play with the expansion.")
@click.option("--option", "-o", "extra", multiple=True, metavar="NAME=VALUE", help="Any other game option.")
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="Write results.json, results.csv, games.csv, PNG plots and the games (for meeple replay).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object instead of a table.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def arena(game: str, seats: str, games: int, jobs: int, backend: str, address: str | None, seed: int,
          edition: str | None, expansion: bool, extra: tuple[str, ...], out: str | None, as_json: bool,
          quiet: bool) -> None:
    """Run GAME many times between bots, seats rotated, and report win rates, ratings and game statistics.

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
        config = ArenaConfig(game, levels, games, seed, parse_options(extra, edition, expansion))
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
