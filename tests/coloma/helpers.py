"""Shared helpers for the Coloma rule tests: scenarios, action runners and views."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import meeple
from meeple.engine import Game

SCENARIOS = Path(meeple.__file__).parent / "games" / "coloma" / "scenarios"


def example(name: str, **settings: str) -> Game:
    """A worked example's position (a YAML file of the game's scenarios, by its name's start)."""
    path = next(SCENARIOS.glob(f"{name}*.yaml"))
    return meeple.scenario("coloma", _load(path), **settings)


def description(name: str) -> dict[str, Any]:
    """A worked example's description, to vary before building it."""
    return _load(next(SCENARIOS.glob(f"{name}*.yaml")))


def _load(path: Path) -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def scenario(**fields: Any) -> Game:
    """A position from fields (4 players, round 1 chapter 1, P1 Sheriff by default)."""
    desc: dict[str, Any] = {"players": 4, "round": 1, "chapter": 1, "sheriff": 0}
    desc.update(fields)
    settings = desc.pop("settings", {})
    return meeple.scenario("coloma", desc, **settings)


def active(game: Game) -> int:
    return game.deciders()[0]


def legal(game: Game) -> list[str]:
    return game.legal_actions(active(game))


def run(game: Game, *actions: str) -> None:
    """Apply actions for whoever decides first."""
    for action in actions:
        game.apply(active(game), action)


def end_turns_until(game: Game, seat: int) -> list[int]:
    """End turns until `seat` is to act; the seats whose turns were ended, in order."""
    ended = []
    while active(game) != seat:
        ended.append(active(game))
        game.apply(active(game), "end")
    return ended


def end_all(game: Game) -> None:
    """End every remaining turn of the chapter (and keep playing `end` while turns are asked for)."""
    start = (game.view(None)["round"], game.view(None)["chapter"])
    while not game.is_over() and game.view(None)["phase"] == "turn" and (
            game.view(None)["round"], game.view(None)["chapter"]) == start:
        game.apply(active(game), "end")


def seat(game: Game, p: int) -> dict[str, Any]:
    view: dict[str, Any] = game.view(None)["seats"][p]
    return view


def lodge(game: Game, p: int) -> dict[str, int]:
    return dict(seat(game, p)["lodge"])


def public(game: Game) -> dict[str, Any]:
    return game.view(None)
