"""Shared helpers for the City of Remnants tests: scenarios and action runners through the public API."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.engine import Game

CAST = ["HUM", "NEI", "LEN", "IGG"]  # Ana, Ben, Cy, Dee (COR-30.0)
ANA, BEN, CY, DEE = range(4)


def scenario(**fields: Any) -> Game:
    desc: dict[str, Any] = {"players": 4, "gangs": CAST[: fields.get("players", 4)], "phase": "pre", "active": 0}
    desc.update(fields)
    return meeple.scenario("cityofremnants", desc)


def run(game: Game, *actions: str) -> None:
    for action in actions:
        seat = game.deciders()[0]
        game.apply(seat, action)


def legal(game: Game, seat: int | None = None) -> list[str]:
    return game.legal_actions(game.deciders()[0] if seat is None else seat)


def pv(game: Game, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = game.view(None)["players"][seat]
    return view
