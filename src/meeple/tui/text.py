"""Small text helpers of the terminal client: numbered columns and seat names."""

from __future__ import annotations

import shutil
from collections.abc import Sequence

import meeple
from meeple.engine import Catalogue, Result


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


def event_lines(game: meeple.Game, viewer: int | None, start: int = 0, names: Sequence[str] | None = None,
                catalogue: Catalogue | None = None) -> list[list[str]]:
    """Per entry of the viewer's log from action `start`, what happened in words as `viewer` may read it (the game's
    messages; another seat's secret choice is one entry, once it is complete)."""
    cat = catalogue or game.catalogue()
    return [[cat.event_text(e, names) for e in evs] for _, _, evs in game.history(viewer, start)]


def result_lines(cat: Catalogue, result: Result, names: Sequence[str]) -> list[str]:
    """The end of a game, said once: why it ended (which names the winners) or who won, then the ranking."""
    if result.reason:
        head = cat.text("tui.game_over", {"why": cat.text(result.reason, result.params, names)})
    elif result.winners:
        head = cat.text("tui.won", {"seats": ", ".join(names[s] for s in result.winners)})
    else:
        head = cat.text("tui.draw")
    places = [cat.text("tui.place", {"place": place, "who": ", ".join(f"{names[s]} {result.scores.get(s, 0):g}"
                                                                     for s in group)})
              for place, group in enumerate(result.ranking, start=1)]
    return [head, *places]
