"""A game in a package of its own, installed beside Meeple, works in every face with no edit to Meeple.

The package is written to a temporary folder with its `pyproject.toml` and the `.dist-info` an installer makes
from it (its entry point in the group `meeple.games`); Meeple runs in a fresh process with that folder on its
path, as after `pip install`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

PYPROJECT = """\
[project]
name = "pebbles"
version = "0.1"
dependencies = ["meeple"]

[project.entry-points."meeple.games"]
pebbles = "pebbles.rules:Pebbles"
"""

RULES = '''\
"""Pebbles: take one or two pebbles from a pile in turn; who takes the last one wins."""

from meeple.engine import ActionTable, Event, GameSpec, OptionSpec, Result, Rules

SPEC = GameSpec(id="pebbles", title="Pebbles", version=1, min_players=2, max_players=2,
                options=(OptionSpec("pile", 7, (5, 7, 9), "pebbles in the pile"),), information="perfect",
                chance="none", max_game_length=9, num_distinct_actions=2, metrics=("taken",))


class Pebbles(Rules):
    spec = SPEC
    actions = ActionTable(["take 1", "take 2"])

    def __init__(self, **settings):
        pass

    def setup(self, players, options, seed):
        return {"pile": options["pile"], "turn": 0, "taken": [0, 0], "winner": None}

    def deciders(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal(self, state, seat):
        return [i for i in (0, 1) if i < state["pile"]] if seat in self.deciders(state) else []

    def apply(self, state, seat, action, events=None):
        state["pile"] -= action + 1
        state["taken"][seat] += action + 1
        if events is not None:
            events.append(Event("pebbles.take", {"seat": seat, "n": action + 1}))
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat

    def result(self, state):
        w = state["winner"]
        return Result([[w], [1 - w]], [w], False, {}, "pebbles.last", {"seat": w})

    def view(self, state, seat):
        return {"phase": "take", "pile": state["pile"], "taken": list(state["taken"])}

    def copy(self, state):
        return {**state, "taken": list(state["taken"])}

    def messages(self):
        return {"pebbles.take": "{seat} takes {n}", "pebbles.last": "{seat} takes the last pebble",
                "phase.take": "Take", "help.take": "Take one or two pebbles.", "status.take": "{pile} left"}

    def statistics(self, state):
        return {"taken": list(state["taken"])}
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the installed package: its code and the metadata an installer writes."""
    root = tmp_path_factory.mktemp("site")
    source = root / "src"
    (source / "pebbles").mkdir(parents=True)
    (source / "pyproject.toml").write_text(PYPROJECT)
    (source / "pebbles" / "__init__.py").write_text('"""Pebbles, a game for Meeple."""\n')
    (source / "pebbles" / "rules.py").write_text(RULES)
    installed = root / "site-packages"
    (installed / "pebbles").mkdir(parents=True)
    for name in ("__init__.py", "rules.py"):
        (installed / "pebbles" / name).write_text((source / "pebbles" / name).read_text())
    info = installed / "pebbles-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pebbles\nVersion: 0.1\n")
    # What an installer writes from the pyproject's entry points.
    declared = tomllib.loads(PYPROJECT)["project"]["entry-points"]
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in entries.items())
        for group, entries in declared.items()))
    return installed


def meeple(site: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    code = "import sys; from meeple.cli import main; sys.exit(main(prog_name='meeple'))"
    return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_the_registry_lists_the_installed_game(site: Path) -> None:
    out = meeple(site, "info")
    assert out.returncode == 0, out.stderr
    assert "pebbles" in out.stdout and "bluemooncity" in out.stdout
    info = meeple(site, "info", "pebbles", "--json")
    assert json.loads(info.stdout)["options"]["pile"] == {"default": 7, "choices": [5, 7, 9],
                                                          "help": "pebbles in the pile"}


def test_meeple_play_plays_the_installed_game_with_its_own_flag(site: Path, tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    out = meeple(site, "play", "pebbles", "--pile", "5", "--seats", "me,random", "--seed", "1", "--save", str(save),
                 "--no-color", stdin="help\n" + "1\n" * 10)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Your move (5 left)" in out.stdout and "Take one or two pebbles." in out.stdout
    assert "Player 1 (you) takes 1" in out.stdout or "Player 1 takes 1" in out.stdout
    assert "takes the last pebble" in out.stdout
    assert json.loads(save.read_text())["options"] == {"pile": 5}


def test_the_arena_plays_the_installed_game(site: Path) -> None:
    out = meeple(site, "arena", "pebbles", "--seats", "greedy,random", "--games", "4", "--quiet", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 4 and summary["shown_metrics"] == ["taken"]
    assert set(summary["bots"]["greedy"]["averages"]) == {"taken"}


def test_without_the_package_the_game_is_unknown(tmp_path: Path) -> None:
    out = meeple(tmp_path, "play", "pebbles")
    assert out.returncode != 0 and "unknown game 'pebbles'" in out.stderr


def test_the_installed_metadata_declares_the_entry_point_of_the_pyproject(site: Path) -> None:
    from importlib import metadata

    dist = metadata.Distribution.at(site / "pebbles-0.1.dist-info")
    (entry,) = dist.entry_points.select(group="meeple.games")
    assert (entry.name, entry.value) == ("pebbles", "pebbles.rules:Pebbles")
