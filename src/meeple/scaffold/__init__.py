"""`meeple new-game NAME`: a plug-in package for a new game that installs, plays in every face and passes the
conformance suite as it is written, to grow into the real game.

The package is a small trick-taking card game with the shape every Meeple game has (state, rules, actions, data
with provenance, views, render, messages, a Spanish catalogue, a browser renderer, its own tests, `py.typed`), built
on `meeple.kit`. The files are the templates under `template/`, with `${game}` (the game's id and package),
`${Title}` and `${Class}` filled in; `__game__` in a path becomes the game's id.
"""

from __future__ import annotations

import json
import keyword
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from meeple.engine.messages import Message, Plural, plural

NAME = re.compile(r"[a-z][a-z0-9_]*")
TEMPLATE = "template"
SUFFIX = ".tmpl"

# The English catalogue of the new game (written into its messages.py) and its Spanish translation (its .po file).
MESSAGES: dict[str, Message] = {
    "card.played": "{seat} plays {card}",
    "trick.won": "{seat} wins the trick with {card}",
    "card.drawn": "You draw {card}",
    "deck.left": plural("n", "{n} card is left in the deck", "{n} cards are left in the deck"),
    "end.tricks": "Most tricks: {winner_seats}",
    "figure.tricks": "Tricks",
    "phase.play": "Play",
    "phase.over": "Game over",
    "help.play": "Play a card from your hand. The highest card wins the trick; of equal cards, the first played.",
    "help.over": "The game is over: the most tricks won.",
    "brief.play": "Play a card.",
    "brief.over": "The game is over.",
    "status.play": "play a card ({deck_size} in the deck)",
    "status.over": "game over",
    "legend": "trick: the cards played, with their seats; tricks: tricks won per seat",
    "option.hand": "Cards in hand",
    "option.hand.3": "3 cards",
    "option.hand.5": "5 cards",
    "board.trick": "Trick: {cards}",
    "board.tricks": "Tricks won: {tricks}",
    "board.deck": "Deck: {size}",
    "board.hand": "Your hand: {cards}",
    "ui.trick": "The trick",
    "ui.tricks": "Tricks won",
    "ui.deck": "{size} in the deck",
    "ui.hand": "Your hand",
}
SPANISH: dict[str, str | tuple[str, ...]] = {
    "card.played": "{seat} juega {card}",
    "trick.won": "{seat} gana la baza con {card}",
    "card.drawn": "Robas {card}",
    "deck.left": ("Queda {n} carta en el mazo", "Quedan {n} cartas en el mazo", "Quedan {n} cartas en el mazo"),
    "end.tricks": "Más bazas: {winner_seats}",
    "figure.tricks": "Bazas",
    "phase.play": "Jugar",
    "phase.over": "Fin de la partida",
    "help.play": "Juega una carta de tu mano. La carta más alta gana la baza; entre cartas iguales, la primera jugada.",
    "help.over": "La partida ha terminado: gana quien tenga más bazas.",
    "brief.play": "Juega una carta.",
    "brief.over": "La partida ha terminado.",
    "status.play": "juega una carta ({deck_size} en el mazo)",
    "status.over": "fin de la partida",
    "legend": "baza: las cartas jugadas, con sus asientos; bazas: bazas ganadas por asiento",
    "option.hand": "Cartas en la mano",
    "option.hand.3": "3 cartas",
    "option.hand.5": "5 cartas",
    "board.trick": "Baza: {cards}",
    "board.tricks": "Bazas ganadas: {tricks}",
    "board.deck": "Mazo: {size}",
    "board.hand": "Tu mano: {cards}",
    "ui.trick": "La baza",
    "ui.tricks": "Bazas ganadas",
    "ui.deck": "{size} en el mazo",
    "ui.hand": "Tu mano",
}


class ScaffoldError(ValueError):
    """The game cannot be written: a bad name or a folder in the way."""


def check_name(name: str) -> str:
    """The game's id, which is also its package's name: lower-case letters, digits and underscores."""
    if not NAME.fullmatch(name) or keyword.iskeyword(name) or name == "meeple":
        raise ScaffoldError(f"{name!r} cannot name a game: use lower-case letters, digits and underscores, "
                            "starting with a letter (it is the game's id and its Python package)")
    return name


def write_game(name: str, parent: Path) -> Path:
    """Write the package of game `name` into `parent/name` (which must not exist yet) and return that folder."""
    check_name(name)
    root = parent / name
    if root.exists():
        raise ScaffoldError(f"{root} already exists; choose another name or folder")
    words = {"game": name, "Title": name.replace("_", " ").title(), "Class": _class_name(name),
             "messages": _messages_source(MESSAGES)}
    for source, relative in _templates(resources.files(__package__).joinpath(TEMPLATE), ""):
        target = root / relative.replace("__game__", name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(source.read_text(encoding="utf-8")).substitute(words), encoding="utf-8")
    _write_spanish(root / "src" / name / "locale", name)
    return root


def _templates(folder: Traversable, prefix: str) -> list[tuple[Traversable, str]]:
    out: list[tuple[Traversable, str]] = []
    for item in sorted(folder.iterdir(), key=lambda i: i.name):
        if item.is_dir():
            out += _templates(item, f"{prefix}{item.name}/")
        elif item.name.endswith(SUFFIX):
            out.append((item, prefix + item.name.removesuffix(SUFFIX)))
    return out


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_") if part) or "Game"


def _messages_source(messages: dict[str, Message]) -> str:
    lines = []
    for msg_id, message in messages.items():
        if isinstance(message, Plural):
            one, other = message.forms["one"], message.forms["other"]
            text = f"plural({_q(message.count)}, {_q(one)}, {_q(other)})"
        else:
            text = _q(message)
        lines.append(f"    {_q(msg_id)}: {text},")
    return "\n".join(lines)


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _write_spanish(locale: Path, name: str) -> None:
    """The Spanish catalogue, from the English source and its translation above (`meeple i18n` keeps it)."""
    from babel.messages.pofile import read_po, write_po

    from meeple.i18n.tools import update

    (path,) = update(MESSAGES, locale, ["es"], f"Meeple: {name}")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    for message in catalog:
        if message.context in SPANISH:
            message.string = SPANISH[message.context]
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, no_location=True)
