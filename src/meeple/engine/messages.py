"""Message catalogues: how a face turns an event (a message id and its parameters) into a line of text.

Rules never write sentences for players: they emit `Event(msg, params)`, and every face renders the message with
the catalogues of the reader's language, the game's own first, then the engine's. English is the default.

>>> cat = Catalogue({"move": "{seat} steps to {square} ({tile})", "tile.courtyard": "the Courtyard"})
>>> cat.text("move", {"seat": 1, "square": "c3", "tile": "@tile.courtyard"}, names=["Ann", "Bo"])
'Bo steps to c3 (the Courtyard)'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import Rules

# The engine's own messages (English); the faces add theirs, each game its catalogue (`Rules.messages`).
ENGINE_MESSAGES: dict[str, str] = {
    "engine.secret": "{seat} made a secret choice",
    "engine.nothing": "nothing",
    "engine.player": "Player {number}",
    "engine.not_legal": "it is not one of the legal actions now",
    "engine.undo.over": "the game is over",
    "engine.undo.nothing": "nothing has been played yet",
    "engine.undo.not_yours": "the last action was {seat}'s, not yours",
    "engine.undo.turn_over": "your turn is over",
    "engine.undo.hidden": "`{action}` showed something hidden (a card drawn, a die rolled or a secret revealed)",
    "engine.undo.done": "{seat} takes back `{action}`",
}

TERM = "@"  # a string parameter starting with this is the id of a message (a game term such as a tile's name)
_FORMATTER = string.Formatter()


def is_seat_key(key: str) -> bool:
    """Parameters that hold seat numbers are shown as the seats' names."""
    return key in ("seat", "seats") or key.endswith(("_seat", "_seats"))


class Catalogue:
    """Message templates looked up in order (a game's catalogue, then the engine's); `{param}` fields."""

    def __init__(self, *tables: Mapping[str, str]) -> None:
        self.tables = [*tables, ENGINE_MESSAGES]

    def get(self, msg: str) -> str | None:
        for table in self.tables:
            template = table.get(msg)
            if template is not None:
                return template
        return None

    def has(self, msg: str) -> bool:
        return self.get(msg) is not None

    def text(self, msg: str, params: Mapping[str, Any] | None = None,
             names: Sequence[str] | None = None) -> str:
        """The message in words; an unknown id shows as the id with its parameters (never an error)."""
        values = {key: self._value(key, value, names) for key, value in (params or {}).items()}
        template = self.get(msg)
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
        if is_seat_key(key) and isinstance(value, int) and not isinstance(value, bool):
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
