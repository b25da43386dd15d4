"""The terminal's catalogue: the game's messages, then the faces' (`tui.*`, in `meeple.i18n.chrome.TERMINAL`)
and the engine's, each in the reader's language first and English after."""

from __future__ import annotations

from meeple import i18n
from meeple.engine import Catalogue, Game
from meeple.i18n.chrome import TERMINAL as TUI_MESSAGES

__all__ = ["TUI_MESSAGES", "tui_catalogue"]


def tui_catalogue(game: Game, lang: str = i18n.DEFAULT) -> Catalogue:
    """What the terminal shows for a game in a language (English by default)."""
    return i18n.catalogue(game.rules, lang)
