"""What the terminal says when a player types `help` or `legend`, from the game's message catalogue.

A game declares `help.<phase>` (what the actions of a phase do), `status.<phase>` (the prompt line, filled from
the seat's view) and `legend` (the symbols of its text board); the terminal knows no game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.engine import Catalogue

QUESTION = "question."  # a game's `question.<word>` explains what `<word> ...` asks (`tile SQ` in its help)


def questions(catalogue: Catalogue) -> list[str]:
    """The words of the questions the game answers (`Rules.explain`), from its `question.<word>` messages."""
    return sorted({key[len(QUESTION):] for table in catalogue.tables for key in table if key.startswith(QUESTION)})


def phase_help(catalogue: Catalogue, phase: str | None, legal: list[str], example: str = "") -> str:
    """Help for the current phase (the game's `help.<phase>`), then the kinds of action legal right now, then the
    commands (with `example`, a line of several actions of this game, when it has one)."""
    text = catalogue.get(f"help.{phase}") or "" if phase else ""
    kinds: dict[str, int] = defaultdict(int)
    for action in legal:
        kinds[action.split()[0]] += 1
    listing = ", ".join(f"{k} ({n})" if n > 1 else k for k, n in kinds.items())
    asked = "\n".join(f"  {catalogue.get(QUESTION + word)}" for word in questions(catalogue))
    legal_now = catalogue.text("tui.legal_now", {"listing": listing})
    several = catalogue.text("tui.several_actions", {"example": example}) if example else ""
    return "\n".join(part for part in (text, legal_now, several, catalogue.text("tui.commands"), asked) if part)


def legend(catalogue: Catalogue) -> str:
    """The game's legend of its text board, or a plain note when it has none."""
    return catalogue.get("legend") or catalogue.text("tui.no_legend")


def status(catalogue: Catalogue, view: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """The prompt line of the current phase: the game's `status.<phase>` filled from the view, else its name."""
    phase = view.get("phase")
    if not isinstance(phase, str) or not phase:
        return ""
    if catalogue.has(f"status.{phase}"):
        return catalogue.text(f"status.{phase}", view, names)
    return catalogue.get(f"phase.{phase}") or phase
