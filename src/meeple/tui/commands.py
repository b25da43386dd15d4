"""`meeple play` and `meeple replay`: the terminal client's commands."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

import meeple
from meeple.agents import LEVEL_HELP, parse_level
from meeple.cli import GameCommand, chosen_language, chosen_options, lang_option
from meeple.engine.errors import MeepleError

from .lines import Reader, plain_reader, terminal_reader
from .replay import Replay, ReplaySession
from .session import PlaySession, is_human, load_save


def write_text(text: str, color: bool) -> None:
    click.echo(text, color=color)


def interactive() -> bool:
    """Whether a person sits at a terminal (line editing, a table redrawn in place) rather than a pipe."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def want_color(flag: bool | None) -> bool:
    """Colours when asked for; by default on a terminal unless NO_COLOR is set (https://no-color.org)."""
    if flag is not None:
        return flag
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def screen_clearer(color: bool) -> Callable[[], None] | None:
    """What wipes the screen before the table is drawn again, on an interactive terminal only."""
    if not interactive():
        return None
    from rich.console import Console

    console = Console(no_color=not color, highlight=False)
    return lambda: console.clear(home=True)


def line_reader(words: Callable[[], Sequence[str]]) -> Reader:
    return terminal_reader(words) if interactive() else plain_reader


def check_seats(seats: list[str], players: int) -> list[str]:
    if len(seats) != players:
        raise click.BadParameter(f"name {players} seats (one per player), not {len(seats)}", param_hint="--seats")
    for name in seats:
        if not is_human(name):
            try:
                parse_level(name)
            except ValueError:
                raise click.BadParameter(f"{name!r} is neither `me` nor a bot level ({LEVEL_HELP})",
                                         param_hint="--seats") from None
    return [name if is_human(name) else name.strip().lower() for name in seats]  # `Hard` is the level `hard`


@click.command(cls=GameCommand)
@click.argument("game", required=False)
@click.option("--players", type=int, default=None, help="Number of players (default: the number of seats, or 2).")
@click.option("--seats", default=None,
              help="Who sits where: `me` for you, or a bot level (default: me, then the --bot level).")
@click.option("--bot", "bot", default="medium", show_default=True,
              help="The level of the bots when --seats is not given: easy, medium, hard or expert (or a setting, "
                   "e.g. greedy, ismcts:500).")
@click.option("--option", "-o", "pairs", multiple=True, metavar="NAME=VALUE",
              help="A game option (each option of the game is also a flag: `meeple play GAME --help`).")
@click.option("--data", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A corrected component data file to play with (see `meeple info GAME`).")
@click.option("--seed", type=int, default=None, help="Seed of the game (default: a random one).")
@click.option("--resume", "resume", type=click.Path(exists=True, dir_okay=False), help="Resume a saved game.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Where the game is saved after every action (default: meeple-GAME-SEED.json).")
@click.option("--color/--no-color", default=None, help="Colours (default: on in a terminal, off with NO_COLOR).")
@lang_option
def play(game: str | None, players: int | None, seats: str | None, bot: str, pairs: tuple[str, ...], data: str | None,
         seed: int | None, resume: str | None, save_path: str | None, color: bool | None,
         lang: str | None, **flags: object) -> None:
    """Play GAME in the terminal against bots (or several people at one keyboard).

    The game's options are flags of this command (listed by `meeple play GAME --help`), or `-o NAME=VALUE`.

    \b
    Examples:
      meeple play bluemooncity --players 3 --seats me,ismcts,greedy
      meeple play coloma --bot hard
      meeple play bluemooncity --edition kosmos2006 --seed 7
      meeple play bluemooncity -o layout=open --seats me,me
      meeple play --resume meeple-bluemooncity-7.json
    """
    path: Path | None
    try:
        if resume:
            if pairs or any(v is not None for v in flags.values()):
                raise click.UsageError("a resumed game keeps its options: give no game options with --resume")
            the_game, saved_seats = load_save(Path(resume).read_text(encoding="utf-8"))
            names = [s.strip() for s in seats.split(",")] if seats else saved_seats
            names = check_seats(names or ["me"] + [bot] * (the_game.players - 1), the_game.players)
            path = Path(save_path or resume)
        else:
            if not game:
                games = ", ".join(meeple.engine.game_ids()) or "none is installed"
                raise click.UsageError(f"name a game ({games}) or give --resume FILE")
            names = [s.strip() for s in seats.split(",")] if seats else []
            count = players or len(names) or 2
            names = check_seats(names or ["me"] + [bot] * (count - 1), count)
            settings = {"data": str(Path(data).resolve())} if data else {}
            options = chosen_options(meeple.engine.get_rules(game, **settings).spec, flags, pairs)
            the_seed = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
            the_game = meeple.new_game(game, count, the_seed, options, **settings)
            path = Path(save_path) if save_path else None
    except (MeepleError, ValueError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    painted = want_color(color)
    session = PlaySession(the_game, names, plain_reader, lambda text: write_text(text, painted), painted, path,
                          screen_clearer(painted), lang=chosen_language(lang))
    session.read = line_reader(lambda: session.words)  # completes the legal actions of the moment
    sys.exit(session.run())


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--seat", type=int, default=None, help="Watch as this player (1, 2, ...): shows their hand.")
@click.option("--color/--no-color", default=None, help="Colours (default: on in a terminal, off with NO_COLOR).")
@lang_option
def replay(file: str, seat: int | None, color: bool | None, lang: str | None) -> None:
    """Step through a saved game (from `meeple play`, `meeple arena --out` or the server) forwards and backwards."""
    try:
        the_replay = Replay(Path(file).read_text(encoding="utf-8"), chosen_language(lang))
    except (MeepleError, ValueError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    viewer = None
    if seat is not None:
        if not 1 <= seat <= the_replay.game.players:
            raise click.BadParameter(f"choose a player from 1 to {the_replay.game.players}", param_hint="--seat")
        viewer = seat - 1
    painted = want_color(color)
    ReplaySession(the_replay, line_reader(lambda: ()), lambda text: write_text(text, painted), viewer,
                  painted).run()
