"""The measured ratings of the named bot levels, one JSON file per game (`<game>.json`), written by
`meeple arena levels` and shown by the lobby and the ladder.

A file holds the OpenSkill rating of each level (mu, sigma and the displayed rating mu - 3 sigma, as on the ladder),
the games behind it, the win rate of each level against the level below with its 95 % interval, and when, at which
commit and by which command it was measured.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent


def ratings_path(game_id: str, folder: Path | None = None) -> Path:
    if not game_id.isidentifier():
        raise ValueError(f"a game id is a plain name, not {game_id!r}")
    return (folder or FOLDER) / f"{game_id}.json"


@cache
def level_ratings(game_id: str) -> dict[str, Any] | None:
    """The measured ratings of a game's levels as the file holds them, or None when they were never measured."""
    if not game_id.isidentifier():
        return None
    source = resources.files(__name__).joinpath(f"{game_id}.json")
    if not source.is_file():
        return None
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def level_rating(game_id: str, level: str) -> float | None:
    """The displayed rating (mu - 3 sigma) of one named level in a game, or None when it was not measured."""
    data = level_ratings(game_id)
    row = (data or {}).get("levels", {}).get(level.strip().lower())
    return None if row is None else float(row["rating"])
