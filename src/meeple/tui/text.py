"""Small text helpers of the terminal client: numbered columns and seat names."""

from __future__ import annotations

import shutil
from collections.abc import Sequence

import meeple
from meeple.engine import Catalogue


def columns(items: list[str], width: int | None = None) -> str:
    """Number the items from 1 and lay them out in columns that fit the terminal."""
    if not items:
        return ""
    width = width or shutil.get_terminal_size((100, 24)).columns
    cells = [f"{i:>3} {item}" for i, item in enumerate(items, start=1)]
    cell = max(len(c) for c in cells) + 2
    per_row = max(1, min(len(cells), width // cell))
    rows = (len(cells) + per_row - 1) // per_row
    lines = []
    for r in range(rows):
        # column-major order, so the numbers read downwards like a list
        row = [cells[c * rows + r] for c in range(per_row) if c * rows + r < len(cells)]
        lines.append("".join(x.ljust(cell) for x in row).rstrip())
    return "\n".join(lines)


def seat_name(seat: int, level: str | None, catalogue: Catalogue | None = None) -> str:
    """A seat as the terminal names it: `Player 2 (greedy)`, `Player 1 (you)` (in the catalogue's language)."""
    if catalogue is None or not catalogue.has("tui.player_you"):
        return f"Player {seat + 1}" + (f" ({level})" if level else " (you)")
    if level:
        return catalogue.text("tui.player_bot", {"number": seat + 1, "level": level})
    return catalogue.text("tui.player_you", {"number": seat + 1})


def event_lines(game: meeple.Game, viewer: int | None, start: int = 0,
                names: Sequence[str] | None = None, catalogue: Catalogue | None = None) -> list[list[str]]:
    """Per action from `start`, what happened in words as `viewer` may read it (the game's messages, in the
    catalogue's language; English by default)."""
    catalogue = catalogue or game.catalogue()
    return [[catalogue.event_text(e, names) for e in evs] for evs in game.events(viewer, start)]
