"""The `meeple` command: play, serve, arena, replay, bench, info."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import click

# Subcommands live next to the code they drive and are imported only when used,
# so `meeple info` does not pay for the server or RL libraries.
LAZY_COMMANDS: dict[str, str] = {
    "play": "meeple.tui.commands:play",
    "replay": "meeple.tui.commands:replay",
    "arena": "meeple.arena.commands:arena",
    "serve": "meeple.server.commands:serve",
    "i18n": "meeple.i18n.commands:i18n",
    "train": "meeple.rl.train:train",
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


# -- a game's options as flags ------------------------------------------------------------------------------
GAME_OPTION = "game_option__"  # prefix of the parameter names of generated flags


class _GameOption(click.Option):
    """A flag generated from one of the game's options (`OptionSpec`)."""


class GameCommand(click.Command):
    """A command whose first argument names a game: each option of the game's spec becomes a flag.

    `meeple play GAME --help` lists them. An option `edition` with choices becomes `--edition VALUE`, a yes/no
    option `expansion` becomes `--expansion/--no-expansion`; every option can also be given as `-o NAME=VALUE`.
    The command's callback receives the generated flags as keyword arguments; `chosen_options` turns them (and
    the `-o` pairs) into the game's options, checked by its spec.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        base = [p for p in self.params if not isinstance(p, _GameOption)]
        game_id = _game_argument(base, args)
        generated: list[click.Parameter] = []
        if game_id is not None:
            taken = {opt for p in base for opt in (*p.opts, *getattr(p, "secondary_opts", ()))}
            generated = game_flags(_spec_or_fail(game_id), taken)
        self.params = base + generated
        return super().parse_args(ctx, args)


def _game_argument(params: list[click.Parameter], args: list[str]) -> str | None:
    """The first positional argument of a command line (the game), skipping the values of options."""
    takes_value = {opt for p in params if isinstance(p, click.Option) and not p.is_flag and not p.count
                   for opt in p.opts}
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg == "--":
            return args[i + 1] if i + 1 < len(args) else None
        elif arg.startswith("-"):
            skip = arg in takes_value
        else:
            return arg
    return None


def _spec_or_fail(game_id: str) -> Any:
    from meeple.engine import get_rules
    from meeple.engine.errors import MeepleError

    try:
        return get_rules(game_id).spec
    except MeepleError as exc:
        raise click.UsageError(str(exc)) from None


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def game_flags(spec: Any, taken: set[str]) -> list[click.Parameter]:
    """One flag per option of a game's spec (an option whose flag the command already has stays `-o` only)."""
    flags: list[click.Parameter] = []
    for option in spec.options:
        flag = "--" + option.name.replace("_", "-")
        if flag in taken or f"--no-{flag[2:]}" in taken:
            continue
        name = GAME_OPTION + option.name
        default = f" (default: {_plain(option.default)})"
        if isinstance(option.default, bool):
            flags.append(_GameOption([f"{flag}/--no-{flag[2:]}", name], default=None,
                                     help=(option.help or option.name) + default))
        else:
            choices = click.Choice([_plain(c) for c in option.choices])
            flags.append(_GameOption([flag, name], type=choices, default=None,
                                     help=(option.help or option.name) + default))
    return flags


def chosen_options(spec: Any, flags: dict[str, Any], pairs: tuple[str, ...]) -> dict[str, Any]:
    """The game's options from its generated flags and `-o NAME=VALUE` pairs, checked and filled with defaults.

    Raises InvalidOptions naming an unknown option or value and listing the valid ones."""
    texts: dict[str, str] = {}
    for key, value in flags.items():
        if key.startswith(GAME_OPTION) and value is not None:
            texts[key.removeprefix(GAME_OPTION)] = _plain(value)
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="-o/--option")
        texts[name.strip()] = value
    return dict(spec.parse_options(texts))


def lang_option(command: Any) -> Any:
    """`--lang`: the language of a face's texts (default: the terminal's locale: LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG)."""
    return click.option("--lang", "lang", default=None, metavar="LANG",
                        help="Language of the texts: en, es, pt or he (default: from LANGUAGE/LC_ALL/LANG).")(command)


def chosen_language(lang: str | None) -> str:
    """The language asked for with `--lang` (a language the faces speak), else the terminal's."""
    from meeple import i18n

    if lang is None:
        return i18n.from_environment()
    found = i18n.language_of(lang)
    if found not in i18n.LANGUAGES:
        raise click.BadParameter(f"{lang!r} is not one of the languages: {', '.join(i18n.LANGUAGES)}",
                                 param_hint="--lang")
    return found


def the_game(game: str | None) -> str:
    """The game a command runs: the one named, or the only game installed (a benchmark's `--game`)."""
    from meeple.engine import game_ids

    if game:
        return game
    installed = game_ids()
    if len(installed) == 1:
        return installed[0]
    raise click.UsageError(f"name the game with --game (installed: {', '.join(installed) or 'none'})")


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
@lang_option
def info(game: str | None, as_json: bool, data: str | None, lang: str | None) -> None:
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
    tuned = rules.tuned_values()
    if as_json:
        click.echo(json.dumps({
            "id": spec.id, "title": spec.title, "version": spec.version,
            "players": [spec.min_players, spec.max_players],
            "options": {o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                        for o in spec.options},
            "num_distinct_actions": spec.num_distinct_actions, "max_game_length": spec.max_game_length,
            "simultaneous": spec.simultaneous, "metrics": list(spec.metrics), "design_values": design,
            "tuned_values": tuned,
        }, indent=2))
        return
    click.echo(f"{spec.title} ({spec.id}, rules version {spec.version})")
    click.echo(f"  {spec.description}")
    click.echo(f"  players: {spec.min_players}-{spec.max_players}; information: {spec.information}; "
               f"chance: {spec.chance}; actions in the index: {spec.num_distinct_actions}")
    click.echo("options (flags of `meeple play` and `meeple arena`, or -o NAME=VALUE):" if spec.options
               else "options: none")
    words = _option_words(rules, chosen_language(lang))
    for o in spec.options:
        choices = " | ".join(_plain(c) for c in o.choices)
        click.echo(f"  --{o.name.replace('_', '-'):10} {choices}  (default {_plain(o.default)}): "
                   f"{words.get(o.name) or o.help}")
        for c in o.choices:
            if (o.name, _plain(c)) in words:
                click.echo(f"      {_plain(c)}: {words[o.name, _plain(c)]}")
    if spec.metrics:
        click.echo(f"arena statistics: {', '.join(spec.metrics)}")
    if design:
        click.echo(f"reconstructed values [design] ({len(design)}): no source settles them; correct them in a copy of")
        click.echo(f"the data file and pass it with --data. Data file: {rules.data_path() or '(built in)'}")
        for line in design:
            click.echo(f"  [design] {line}")
    if tuned:
        from meeple import i18n

        faces = i18n.faces_catalogue(chosen_language(lang))
        click.echo(faces.text("tui.info_tuned", {"count": len(tuned)}))
        for line in tuned:
            click.echo(f"  [{faces.text('tui.info_tuned_mark')}] {line}")


@main.command("new-game")
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="The folder to write the game's package folder into.")
def new_game(name: str, parent: Path) -> None:
    """Write a plug-in package for a new game NAME (its id and Python package): rules, messages, a Spanish
    catalogue, a browser renderer, tests. Installed with `pip install -e NAME`, it plays in every face and passes
    the conformance suite; docs/adding-a-game.md says how to grow it into your game."""
    from meeple.scaffold import ScaffoldError, write_game

    try:
        root = write_game(name, parent)
    except ScaffoldError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"{root}: the package of {name}. Next: pip install -e {root} && meeple play {name} --seats me,random")


def _option_words(rules: Any, lang: str) -> dict[Any, str]:
    """The game's words for its options in a language: `option.<name>` by name, `option.<name>.<value>` by
    (name, value); an option the catalogue does not name keeps its spec's help line."""
    from meeple import i18n

    catalogue = i18n.catalogue(rules, lang)
    words: dict[Any, str] = {}
    for o in rules.spec.options:
        if catalogue.has(f"option.{o.name}"):
            words[o.name] = catalogue.text(f"option.{o.name}")
        for c in o.choices:
            if catalogue.has(f"option.{o.name}.{_plain(c)}"):
                words[o.name, _plain(c)] = catalogue.text(f"option.{o.name}.{_plain(c)}")
    return words


def run() -> None:  # pragma: no cover - console entry point wrapper
    main(prog_name="meeple")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
