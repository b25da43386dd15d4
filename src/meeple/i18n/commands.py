"""`meeple i18n`: keep the catalogues of the faces and of each game in step with their English source."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import click

from meeple.engine import game_ids, get_rules
from meeple.engine.messages import ENGINE_MESSAGES, Message

from . import LANGUAGES, LOCALE_DIR, declared, faces_dir, game_dir
from .chrome import FACES
from .tools import check, update

FACES_NAME = "faces"  # the engine's and the faces' catalogue, beside the games'


def _targets(names: tuple[str, ...]) -> list[tuple[str, dict[str, Message], Path | None, list[str]]]:
    """(name, English source, catalogue folder, languages) of the faces and every game (or those named)."""
    out: list[tuple[str, dict[str, Message], Path | None, list[str]]] = []
    wanted = set(names) or {FACES_NAME, *game_ids()}
    unknown = wanted - {FACES_NAME, *game_ids()}
    if unknown:
        raise click.BadParameter(f"no such game: {', '.join(sorted(unknown))} (games: {', '.join(game_ids())})")
    if FACES_NAME in wanted:
        out.append((FACES_NAME, {**ENGINE_MESSAGES, **FACES}, Path(str(faces_dir())),
                    [lang for lang in LANGUAGES if lang != "en"]))
    for gid in sorted(wanted - {FACES_NAME}):
        rules = get_rules(gid)
        directory = game_dir(rules)
        folder = Path(str(directory)) if directory is not None else None
        out.append((gid, dict(rules.messages()), folder, declared(directory)))
    return out


@click.group()
def i18n() -> None:
    """The message catalogues of the players' languages (gettext .po files, see docs/i18n.md)."""


@i18n.command("update")
@click.argument("names", nargs=-1)
@click.option("--add", "add", multiple=True, metavar="LANG", help="Start a catalogue for a new language (e.g. fr).")
def update_command(names: tuple[str, ...], add: tuple[str, ...]) -> None:
    """Merge the English source into the .po files of the faces and each game (or those NAMES): new ids come in
    untranslated, changed English texts turn fuzzy, removed ids become obsolete."""
    for name, english, folder, langs in _targets(names):
        if folder is None:
            if not add:
                click.echo(f"{name}: no catalogues (start one with --add LANG)")
                continue
            folder = Path(str(importlib.resources.files(get_rules(name).spec.package))) / LOCALE_DIR
        for path in update(english, folder, sorted({*langs, *add}), f"Meeple: {name}"):
            click.echo(f"{name}: {path}")


@i18n.command("check")
@click.argument("names", nargs=-1)
def check_command(names: tuple[str, ...]) -> None:
    """List what each catalogue lacks (untranslated, fuzzy or changed ids, fields unlike the English); exit 1 if
    anything does."""
    problems = [f"{name}: {p}" for name, english, folder, langs in _targets(names) if folder is not None
                for lang in langs for p in check(english, folder, lang)]
    for line in problems:
        click.echo(line)
    if problems:
        raise SystemExit(1)
    click.echo("every catalogue is complete")
