"""What the terminal says when a player types `help` or `legend`, from the game's message catalogue.

A game declares `help.<phase>` (what the actions of a phase do), `status.<phase>` (the prompt line, filled from
the seat's view) and `legend` (the symbols of its text board); the terminal knows no game. The terminal's own
words are the `tui.*` messages of the faces' catalogue (`meeple.i18n.catalogue` joins them to the game's).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.engine import Catalogue


def phase_help(catalogue: Catalogue, phase: str | None, legal: list[str]) -> str:
    """Help for the current phase (the game's `help.<phase>`), then the kinds of action legal right now."""
    text = catalogue.text(f"help.{phase}") if phase and catalogue.has(f"help.{phase}") else ""
    kinds: dict[str, int] = defaultdict(int)
    for action in legal:
        kinds[action.split()[0]] += 1
    listing = ", ".join(f"{k} ({n})" if n > 1 else k for k, n in kinds.items())
    return "\n".join(part for part in (text, catalogue.text("tui.legal_now", {"listing": listing}),
                                       catalogue.text("tui.commands")) if part)


def legend(catalogue: Catalogue) -> str:
    """The game's legend of its text board, or a plain note when it has none."""
    return catalogue.text("legend") if catalogue.has("legend") else catalogue.text("tui.no_legend")


def status(catalogue: Catalogue, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """The prompt line of the current phase: the game's `status.<phase>` filled from the view, else its name."""
    phase = view.get("phase")
    if not isinstance(phase, str) or not phase:
        return ""
    if catalogue.has(f"status.{phase}"):
        return catalogue.text(f"status.{phase}", view, names)
    return catalogue.text(f"phase.{phase}") if catalogue.has(f"phase.{phase}") else phase
