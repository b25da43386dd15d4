"""Shared helpers for the Blue Moon City rule tests: a fixed city, scenario shortcuts and action runners."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import meeple
from meeple.engine import Game

SCENARIOS = Path(meeple.__file__).parent / "games" / "bluemooncity" / "scenarios"

# A complete standard city, so that tests do not depend on the seeded layout.
CITY = {
    "b1": "citadel", "c1": "aqueduct", "d1": "thermae",
    "a2": "hospice", "b2": "mill", "c2": "fire-temple", "d2": "iron-foundry", "e2": "watchtower",
    "a3": "flight-tower", "b3": "water-temple", "c3": "courtyard", "d3": "royal-palace", "e3": "monastery-tower",
    "a4": "great-hall", "b4": "city-residence", "c4": "earth-temple", "d4": "university", "e4": "library",
    "b5": "market-hall", "c5": "trading-house", "d5": "caravanserai",
}


def scenario(**fields: Any) -> Game:
    """A game from a description; players default to 2 and the city to CITY."""
    desc: dict[str, Any] = {"players": 2, "city": dict(CITY)}
    desc.update(fields)
    return meeple.scenario("bluemooncity", desc)


def run(game: Game, *actions: str) -> list[str]:
    """Apply actions for whoever decides; return the public event lines they produced (in English)."""
    lines: list[str] = []
    catalogue = game.catalogue()
    for action in actions:
        seat = game.deciders()[0]
        events = game.apply(seat, action)
        lines += [catalogue.text(e.msg, e.params) for e in events if e.seats is None]
    return lines


def lines(game: Game, viewer: int | None, action: int = -1) -> list[str]:
    """The events of one action (the last by default) in English words, as `viewer` may read them."""
    catalogue = game.catalogue()
    return [catalogue.event_text(e) for e in game.events(viewer)[action]]


def all_lines(game: Game, viewer: int | None) -> str:
    """Every event so far in English words, as `viewer` may read them, one per line."""
    catalogue = game.catalogue()
    return "\n".join(catalogue.event_text(e) for evs in game.events(viewer) for e in evs)


def active(game: Game) -> int:
    return game.deciders()[0]


def legal(game: Game) -> list[str]:
    return game.legal_actions(active(game))


def hand(game: Game, seat: int) -> Counter[str]:
    return Counter(game.view(seat)["hand"])


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    return dict(game.view(None)["seats"][seat])


def tile_view(game: Game, square: str) -> dict[str, Any]:
    for tile in game.view(None)["city"]:
        if tile["square"] == square:
            return dict(tile)
    raise KeyError(square)


def owners(game: Game, square: str) -> list[int | None]:
    return [b["owner"] for b in tile_view(game, square)["boxes"]]


def crystals(game: Game) -> list[int]:
    return [game.view(p)["crystals"] for p in range(game.players)]


def scales(game: Game) -> list[int]:
    return [s["scales"] for s in game.view(None)["seats"]]


def phase(game: Game) -> str:
    return str(game.view(None)["phase"])


def contributions(game: Game, square: str) -> list[str]:
    return [a for a in legal(game) if a.startswith("contribute")]
