"""Shared helpers for the City of Remnants tests: scenarios and action runners through the public API."""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path
from typing import Any

import meeple
from meeple.engine import Game
from meeple.games.cityofremnants.data import DEFAULT_DATA, load_components

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


@functools.cache
def spec_data() -> str:
    """A copy of the data file with the values of the spec (COR-29): every value the balance pass tuned goes back to
    the value its note says it was. The spec's worked examples (COR-30) are computed with these values; the rules
    they test are the same whatever the values."""
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    for t in load_components().tunings:
        was = t.was if t.was.startswith(("[", "\"")) or t.was.lstrip("-").isdigit() else repr(t.was)
        if t.entry.startswith("constant "):
            text, n = re.subn(rf"^{t.field} = .*$", f"{t.field} = {was}", text, count=1, flags=re.M)
        else:
            start = text.index(f'id = "{t.entry.split()[1]}"\n')
            end = text.find("\n[[", start)
            block, n = re.subn(rf"^{t.field} = .*$", f"{t.field} = {was}", text[start:end], count=1, flags=re.M)
            text = text[:start] + block + text[end:]
        assert n == 1, t
    path = Path(tempfile.mkdtemp(prefix="cor-spec-values-")) / "components.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)
