"""Exceptions raised by the engine; each message says what was wrong."""

from __future__ import annotations

from typing import Any


class MeepleError(Exception):
    """Base class of every error Meeple raises on purpose."""


class IllegalAction(MeepleError, ValueError):
    """An action that is not legal now; the game is left unchanged.

    When the game gave its reason as a message, `msg` and `params` carry it for faces that show other
    languages; the text of the error is the English rendering."""

    def __init__(self, text: str, msg: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.msg = msg
        self.params = params or {}


class UnknownGame(MeepleError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptions(MeepleError, ValueError):
    """Options or player counts a game does not accept."""


class ScenarioError(MeepleError, ValueError):
    """A scenario description that is inconsistent; the message names the field."""


class DataError(MeepleError, ValueError):
    """A component data file with a bad entry; the message names the file and entry."""


class SaveError(MeepleError, ValueError):
    """A saved game that cannot be loaded."""
