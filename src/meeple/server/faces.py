"""What the browser takes from a game: its options in words, its messages, its client data and its renderer.

A game ships its browser renderer as static files in its package's `web/` folder (`GameSpec.package`), at least
`renderer.js`; the server serves them at `/games/{id}/{file}`. The server names no game: everything comes from
the registry and the game's spec and rules."""

from __future__ import annotations

import importlib.resources
import re
from importlib.resources.abc import Traversable
from typing import Any

from meeple import i18n
from meeple.engine import get_rules
from meeple.engine.errors import UnknownGame
from meeple.engine.messages import Message, wire
from meeple.engine.spec import GameSpec, OptionSpec

RENDERER = "renderer.js"
RULES_FILE = "RULES"  # the game's rules summary: RULES.md in its package, RULES.<lang>.md in another language
HOWTO_FILE = "HOWTO"  # the game's page for players: HOWTO.md in its package, HOWTO.<lang>.md in another language
WEB_DIR = "web"
FILE_NAME = re.compile(r"^[A-Za-z0-9_-]+\.(js|css|svg|png|json)$")
MEDIA_TYPES = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml", "png": "image/png",
               "json": "application/json"}


def _package(game_id: str) -> Traversable | None:
    """The folder of a game's package (None when the game or its package does not exist)."""
    try:
        spec = get_rules(game_id).spec
    except UnknownGame:
        return None
    if not spec.package:
        return None
    try:
        return importlib.resources.files(spec.package)
    except (ModuleNotFoundError, TypeError):
        return None


def web_file(game_id: str, name: str) -> Traversable | None:
    """A file of a game's browser renderer (None when the game, its package or the file does not exist)."""
    folder = _package(game_id) if FILE_NAME.match(name) else None
    if folder is None:
        return None
    found = folder / WEB_DIR / name
    return found if found.is_file() else None


def renderer_url(game_id: str) -> str | None:
    """Where the browser loads the game's renderer from; None: the client's generic renderer shows the game."""
    return f"/games/{game_id}/{RENDERER}" if web_file(game_id, RENDERER) is not None else None


def rules_file(game_id: str, lang: str = i18n.DEFAULT, stem: str = RULES_FILE) -> tuple[str, str] | None:
    """The text of a game's rules summary (or, with `stem` HOWTO, its how-to-play page) in a language, else in
    English, with the language it is written in; None when the game has none."""
    folder = _package(game_id)
    if folder is None:
        return None
    for name, written_in in ((f"{stem}.{lang}.md", lang), (f"{stem}.md", i18n.DEFAULT)):
        found = folder / name
        if found.is_file():
            return found.read_text(encoding="utf-8"), written_in
    return None


def rules_url(game_id: str) -> str | None:
    """Where the browser finds the game's rules summary as a page (None when the game has none)."""
    folder = _package(game_id)
    return f"/rules/{game_id}" if folder is not None and (folder / f"{RULES_FILE}.md").is_file() else None


def howto_url(game_id: str) -> str | None:
    """Where the browser finds the game's how-to-play page for players (None when the game has none)."""
    folder = _package(game_id)
    return f"/howto/{game_id}" if folder is not None and (folder / f"{HOWTO_FILE}.md").is_file() else None


def plain(value: Any) -> str:
    """An option value as the message ids and command lines write it (`true`, `5`, `open`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def option_words(spec: GameSpec, messages: dict[str, Message]) -> list[dict[str, Any]]:
    """Each option with its label and its values' labels from the game's messages (`option.<name>`,
    `option.<name>.<value>`), falling back to the option's help and the plain values."""
    return [_option(o, messages) for o in spec.options]


def _words(messages: dict[str, Message], msg_id: str) -> str | None:
    found = messages.get(msg_id)
    return found if isinstance(found, str) else None


def _option(o: OptionSpec, messages: dict[str, Message]) -> dict[str, Any]:
    return {
        "name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help,
        "label": _words(messages, f"option.{o.name}") or o.help or o.name,
        "choice_labels": [_words(messages, f"option.{o.name}.{plain(c)}") or plain(c) for c in o.choices],
    }


def messages_of(game_id: str, lang: str = i18n.DEFAULT) -> dict[str, Message]:
    """The catalogue a client renders a game's texts with, in a language (English where a text is not translated):
    the game's messages, then the engine's and the faces'."""
    return i18n.flat(i18n.catalogue(get_rules(game_id), lang))


def chrome(lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """The faces' own words in a language, with the languages a reader may choose from."""
    return {"lang": lang, "dir": i18n.direction(lang), "languages": i18n.language_names(),
            "messages": wire(i18n.flat(i18n.faces_catalogue(lang)))}


def face(game_id: str, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """Everything the browser needs to show a game (raises UnknownGame), its words in a language."""
    rules = get_rules(game_id)
    spec = rules.spec
    messages = messages_of(game_id, lang)
    return {
        "id": spec.id, "title": spec.title, "description": spec.description, "min_players": spec.min_players,
        "max_players": spec.max_players, "simultaneous": spec.simultaneous,
        "options": option_words(spec, messages), "messages": wire(messages), "client_data": rules.client_data(),
        "renderer": renderer_url(game_id), "lang": lang, "languages": i18n.game_languages(rules),
        "rules": rules_url(game_id), "howto": howto_url(game_id),
    }
