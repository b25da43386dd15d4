"""The `meeple` command: play, serve, arena, replay, bench, info."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

import click

# Subcommands live next to the code they drive and are imported only when used,
# so `meeple info` does not pay for the server or RL libraries.
LAZY_COMMANDS: dict[str, str] = {
    "play": "meeple.tui.commands:play",
    "replay": "meeple.tui.commands:replay",
    "arena": "meeple.arena.commands:arena",
    "serve": "meeple.server.commands:serve",
}
LAZY_BENCH: dict[str, str] = {
    "engine": "meeple.bench.engine:engine",
    "bots": "meeple.bench.bots:bots",
    "server": "meeple.bench.server:server",
    "rl": "meeple.bench.rl:rl",
    "abuse": "meeple.bench.abuse:abuse",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module_name, attr = self.lazy[cmd_name].split(":")
            try:
                module = importlib.import_module(module_name)
            except ImportError as exc:
                return _unavailable(cmd_name, exc.name or module_name)
            command: click.Command = getattr(module, attr)
            return command
        return super().get_command(ctx, cmd_name)


def _unavailable(name: str, missing: str) -> click.Command:
    message = (f"`{name}` needs {missing}, which is not installed; "
               "install everything with: pip install -e '.[all]'")

    def fail() -> None:
        raise click.ClickException(message)

    return click.Command(name, callback=fail, help=message, short_help=f"(unavailable: needs {missing})")


@click.group(cls=LazyGroup, lazy=LAZY_COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="meeple")
def main() -> None:
    """Meeple: a table for modern board games.

    \b
    Examples:
      meeple serve                                  play in the browser
      meeple play bluemooncity --players 3 --seats me,ismcts,greedy
      meeple arena bluemooncity --seats ismcts,greedy --games 100
      meeple info bluemooncity                      rules, options and reconstructed values
    """


@main.group(cls=LazyGroup, lazy=LAZY_BENCH)
def bench() -> None:
    """Benchmarks that print their figures (engine speed, bot strength, server load, RL steps)."""


@main.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--data", type=click.Path(dir_okay=False), help="A corrected components file to check and show.")
def info(game: str | None, as_json: bool, data: str | None) -> None:
    """List the games, or show one game's spec, options and which component values are reconstructions."""
    from meeple.engine import game_ids, get_rules
    from meeple.engine.errors import MeepleError

    if game is None:
        for gid in game_ids():
            spec = get_rules(gid).spec
            click.echo(f"{gid:14} {spec.title} ({spec.min_players}-{spec.max_players} players)")
        return
    try:
        rules = get_rules(game, **({"data": data} if data else {}))
    except MeepleError as exc:
        raise click.ClickException(str(exc)) from None
    spec = rules.spec
    design = rules.reconstructions()
    if as_json:
        click.echo(json.dumps({
            "id": spec.id, "title": spec.title, "version": spec.version,
            "players": [spec.min_players, spec.max_players],
            "options": {o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                        for o in spec.options},
            "num_distinct_actions": spec.num_distinct_actions, "max_game_length": spec.max_game_length,
            "design_values": design,
        }, indent=2))
        return
    click.echo(f"{spec.title} ({spec.id}, rules version {spec.version})")
    click.echo(f"  {spec.description}")
    click.echo(f"  players: {spec.min_players}-{spec.max_players}; information: {spec.information}; "
               f"chance: {spec.chance}; actions in the index: {spec.num_distinct_actions}")
    click.echo("options:")
    for o in spec.options:
        choices = " | ".join(json.dumps(c) for c in o.choices)
        click.echo(f"  {o.name:10} {choices}  (default {json.dumps(o.default)}): {o.help}")
    if design:
        click.echo(f"reconstructed values [design] ({len(design)}): no source settles them; correct them in a copy of")
        click.echo(f"the data file and pass it with --data. Data file: {rules.data_path() or '(built in)'}")
        for line in design:
            click.echo(f"  [design] {line}")


def run() -> None:  # pragma: no cover - console entry point wrapper
    main(prog_name="meeple")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
