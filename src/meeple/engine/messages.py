"""Message catalogues: how a face turns an event (a message id and its parameters) into a line of text.

Rules never write sentences for players: they emit `Event(msg, params)`, and every face renders the message with
the catalogues of the reader's language, the game's own first, then the engine's. English is the default and the
source: the other languages are gettext catalogues loaded by `meeple.i18n`, which builds a `Catalogue` whose
tables are the language's first and English after (so a message not yet translated shows in English).

A message whose words follow a number is a `Plural`: one template per plural category of the language (CLDR's
`one`, `two`, `few`, `many`, `other`) and the parameter that holds the count.

>>> cat = Catalogue({"move": "{seat} steps to {square} ({tile})", "tile.courtyard": "the Courtyard"})
>>> cat.text("move", {"seat": 1, "square": "c3", "tile": "@tile.courtyard"}, names=["Ann", "Bo"])
'Bo steps to c3 (the Courtyard)'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from .rules import Rules


@dataclass(frozen=True)
class Plural:
    """A message whose words depend on a count: `forms` maps plural categories to templates (`other` required).

    >>> Plural("n", {"one": "{n} card", "other": "{n} cards"}).form("other")
    '{n} cards'
    """

    count: str
    forms: Mapping[str, str] = field(default_factory=dict)

    def form(self, category: str) -> str:
        return self.forms.get(category) or self.forms.get("other") or next(iter(self.forms.values()), "")

    def wire(self) -> dict[str, Any]:
        """As JSON for the browser: `{"count": "n", "forms": {"one": ..., "other": ...}}`."""
        return {"count": self.count, "forms": dict(self.forms)}


def plural(count: str, one: str, other: str) -> Plural:
    """An English plural message: `plural("n", "{n} card", "{n} cards")`."""
    return Plural(count, {"one": one, "other": other})


Message: TypeAlias = str | Plural
PluralRule: TypeAlias = Callable[[float], str]


def english_plural(n: float) -> str:
    """English plural categories (CLDR): 1 is `one`, everything else `other`."""
    return "one" if n == 1 else "other"


def templates(message: Message) -> list[str]:
    """Every template of a message (one, or one per plural form)."""
    return list(message.forms.values()) if isinstance(message, Plural) else [message]


def fields(message: Message) -> set[str]:
    """The `{param}` fields a message uses in any of its forms."""
    names = set()
    for template in templates(message):
        names |= {name for _, name, _, _ in _FORMATTER.parse(template) if name}
    return names


def wire(messages: Mapping[str, Message]) -> dict[str, Any]:
    """A catalogue as JSON values (plural messages as `Plural.wire`)."""
    return {k: v.wire() if isinstance(v, Plural) else v for k, v in messages.items()}


# The engine's own messages (English); the faces add theirs, each game its catalogue (`Rules.messages`).
ENGINE_MESSAGES: dict[str, Message] = {
    "engine.secret": "{seat} made a secret choice",
    "engine.nothing": "nothing",
    "engine.yes": "yes",  # a true parameter in words (a false one: `engine.no`)
    "engine.no": "no",
    "engine.player": "Player {number}",
    "engine.not_legal": "it is not one of the legal actions now",
    "engine.unknown_action": "{action} is not an action of this game",
    "engine.not_allowed": "{action} is not allowed now: {reason}",
    "engine.game_over": "the game is over",
    "engine.not_deciding": "{seat} does not decide now (deciding: {deciding_seats})",
    "engine.undo.over": "the game is over",
    "engine.undo.nothing": "nothing has been played yet",
    "engine.undo.not_yours": "the last action was {seat}'s, not yours",
    "engine.undo.turn_over": "your turn is over",
    "engine.undo.hidden": "`{action}` showed something hidden (a card drawn, a die rolled or a secret revealed)",
    "engine.undo.done": "{seat} takes back `{action}`",
    "engine.undo.secret": "{seat} takes back a secret choice",
}

TERM = "@"  # a string parameter starting with this is the id of a message (a game term such as a tile's name)
_FORMATTER = string.Formatter()


def is_seat_key(key: str) -> bool:
    """Parameters that hold seat numbers are shown as the seats' names."""
    return key in ("seat", "seats") or key.endswith(("_seat", "_seats"))


class Catalogue:
    """Message templates looked up in order (a game's catalogue, then the engine's); `{param}` fields.

    `lang` names the language and `plural_rule` gives the plural category of a count in it (English by default);
    the tables of another language come first and the English ones after them (`meeple.i18n.catalogue`)."""

    def __init__(self, *tables: Mapping[str, Message], lang: str = "en",
                 plural_rule: PluralRule = english_plural, engine: bool = True) -> None:
        self.tables = [*tables, ENGINE_MESSAGES] if engine else list(tables)
        self.lang = lang
        self.plural_rule = plural_rule

    def message(self, msg: str) -> Message | None:
        for table in self.tables:
            found = table.get(msg)
            if found is not None:
                return found
        return None

    def get(self, msg: str) -> str | None:
        """The template of a message (of a plural message, its `other` form)."""
        found = self.message(msg)
        return found.form("other") if isinstance(found, Plural) else found

    def has(self, msg: str) -> bool:
        return self.message(msg) is not None

    def template(self, msg: str, params: Mapping[str, Any]) -> str | None:
        """The template that fits the parameters (a plural message's form for its count)."""
        found = self.message(msg)
        if not isinstance(found, Plural):
            return found
        count = params.get(found.count)
        if isinstance(count, bool) or not isinstance(count, int | float):
            return found.form("other")
        return found.form(self.plural_rule(count))

    def text(self, msg: str, params: Mapping[str, Any] | None = None,
             names: Sequence[str] | None = None) -> str:
        """The message in words; an unknown id shows as the id with its parameters (never an error)."""
        values = {key: self._value(key, value, names) for key, value in (params or {}).items()}
        template = self.template(msg, params or {})
        if template is None:
            inside = ", ".join(f"{k}={v}" for k, v in values.items())
            return f"{msg}({inside})" if inside else msg
        return _FORMATTER.vformat(template, (), _Fields(values))

    def event_text(self, event: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """A `{"msg": ..., "params": ...}` record (as `Game.events` gives them) in words."""
        return self.text(str(event["msg"]), event.get("params"), names)

    def seat_name(self, seat: int, names: Sequence[str] | None = None) -> str:
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return self.text("engine.player", {"number": seat + 1})

    def _value(self, key: str, value: Any, names: Sequence[str] | None) -> Any:
        if isinstance(value, list | tuple):
            parts = [self._value(key, v, names) for v in value]
            return ", ".join(str(p) for p in parts) if parts else self.text("engine.nothing")
        if isinstance(value, bool):
            return self.text("engine.yes" if value else "engine.no")
        if is_seat_key(key) and isinstance(value, int):
            return self.seat_name(value, names)
        if isinstance(value, str) and value.startswith(TERM):
            return self.text(value[len(TERM):])
        return value


class _Fields(dict[str, Any]):
    """Template fields; a field the event does not carry shows as `{name}` rather than failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=64)
def catalogue_of(rules: Rules[Any]) -> Catalogue:
    """The English catalogue of a game's rules (its messages, then the engine's), built once per rules object."""
    return Catalogue(rules.messages())
