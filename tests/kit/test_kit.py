"""The kit the games share: its examples, its refusals, and that it stays below the games and the faces."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import meeple.kit
from meeple.engine import DataError, ScenarioError
from meeple.kit import DataReader, ScenarioReader, per_file, places, read_toml

KIT = Path(meeple.kit.__file__).parent
MODULES = sorted(m.name for m in pkgutil.iter_modules([str(KIT)]))


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(f"meeple.kit.{name}")
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert tried > 0, f"meeple.kit.{name} shows no example"


@pytest.mark.parametrize("name", MODULES)
def test_the_kit_imports_the_engine_and_the_standard_library_only(name: str) -> None:
    tree = ast.parse((KIT / f"{name}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module
        elif isinstance(node, ast.Import):
            top = node.names[0].name
        else:
            continue
        assert top.startswith("meeple.engine") or top.split(".")[0] in sys.stdlib_module_names, (name, top)


def test_no_game_imports_a_face() -> None:
    """A game's modules import the engine, the kit and the standard library (and numpy in its encoder)."""
    games = KIT.parent / "games"
    for path in games.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert not node.module.startswith(("meeple.rl", "meeple.server", "meeple.tui", "meeple.arena",
                                                   "meeple.agents", "meeple.cli", "meeple.files")), (path, node.module)


def test_a_data_file_is_read_once_and_refused_naming_file_and_entry(tmp_path: Path) -> None:
    path = tmp_path / "parts.toml"
    path.write_text('format = "parts/1"\n[[tiles]]\nid = "well"\nboxes = 0\nprovenance = { boxes = "guess" }\n')
    parsed: list[Path] = []

    def parse(p: Path) -> dict[str, object]:
        parsed.append(p)
        return read_toml(p, "parts/1")

    load = per_file(path, parse)
    assert load() is load(str(path)) and parsed == [path.resolve()]
    raw = load()
    reader = DataReader(path)
    tile = reader.items(raw, "tiles")[0]
    with pytest.raises(DataError, match=f"{path}: tile 'well': 'boxes' must be a whole number of at least 1"):
        reader.whole("tile 'well'", tile, "boxes", low=1)
    with pytest.raises(DataError, match="tile 'well': provenance of 'boxes' is 'guess'"):
        reader.provenance("tile 'well'", tile)
    with pytest.raises(DataError, match="'format' must be 'parts/2'"):
        read_toml(path, "parts/2")
    with pytest.raises(DataError, match="does not exist"):
        read_toml(tmp_path / "none.toml", "parts/1")
    (tmp_path / "broken.toml").write_text("format = [")
    with pytest.raises(DataError, match="not valid TOML"):
        read_toml(tmp_path / "broken.toml", "parts/1")


def test_provenance_marks_are_kept_for_the_reconstructions(tmp_path: Path) -> None:
    reader = DataReader(tmp_path / "x.toml")
    entry = {"cost": 3, "provenance": {"default": "rulebook", "cost": "design"}}
    assert reader.provenance("card 'C1'", entry, require=("cost",), default=True)["cost"] == "design"
    assert reader.values["card 'C1'"]["cost"] == 3
    with pytest.raises(DataError, match="the provenance of 'default' is missing"):
        reader.provenance("card 'C2'", {"cost": 1, "provenance": {"cost": "public"}}, default=True)


def test_places_group_equal_keys_in_seat_order() -> None:
    assert places([2, 0, 1], lambda p: (1, 5)[p % 2]) == [[1], [0, 2]]
    assert places(range(3), lambda p: 0) == [[0, 1, 2]]


def test_scenario_fields_are_named_in_refusals() -> None:
    read = ScenarioReader("scenario field")
    with pytest.raises(ScenarioError, match="scenario field 'hand': 'X9' is not a card"):
        read.one_of("X9", "hand", {"C01": 0}, "card")
    with pytest.raises(ScenarioError, match="colour: unknown field; the fields are players, seed"):
        ScenarioReader().fields({"players": 2, "colour": 1}, ("players", "seed"))
    assert read.seat(1, "sheriff", 2) == 1
