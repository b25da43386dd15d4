"""`meeple new-game NAME` writes a plug-in package that installs, plays in every face and passes the conformance
suite as it stands, with its own tests, a complete Spanish catalogue and strict typing.

The package is written to a temporary folder and installed as `pip install` would: its code on the path and a
`.dist-info` with the entry point its pyproject declares. Each check runs in a fresh process, as after installing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from meeple.scaffold import ScaffoldError, write_game

NAME = "tricktest"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the package's folder, the folder holding its installed metadata)."""
    root = write_game(NAME, tmp_path_factory.mktemp("games"))
    site = tmp_path_factory.mktemp("site")
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    info = site / f"{NAME}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in entries.items())
        for group, entries in declared["entry-points"].items()))
    return root, site


def run(package: tuple[Path, Path], *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    root, site = package
    path = [str(site), str(root / "src"), str(REPO / "src"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=900,
                          check=False)


def test_the_package_has_the_shape_of_a_game(package: tuple[Path, Path]) -> None:
    root, _ = package
    src = root / "src" / NAME
    for name in ("__init__.py", "state.py", "rules.py", "actions.py", "data.py", "data/cards.toml", "views.py",
                 "render.py", "messages.py", "RULES.md", "py.typed", "web/renderer.js", "web/renderer.css",
                 "locale/es/LC_MESSAGES/messages.po"):
        assert (src / name).is_file(), name
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["meeple.games"] == {NAME: f"{NAME}.rules:Tricktest"}
    assert "py.typed" in project["tool"]["setuptools"]["package-data"][NAME]
    assert "style=" not in (src / "web" / "renderer.js").read_text()  # the page's security policy forbids it


def test_the_conformance_suite_passes_on_it(package: tuple[Path, Path]) -> None:
    out = run(package, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "tests/conformance",
              "-k", NAME)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and " failed" not in out.stdout


def test_its_own_tests_pass(package: tuple[Path, Path]) -> None:
    root, _ = package
    out = run(package, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=root)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]


def test_it_is_typed_and_linted(package: tuple[Path, Path]) -> None:
    root, _ = package
    typed = run(package, "-m", "mypy", "--strict", "--cache-dir", str(root / ".mypy"), f"src/{NAME}", cwd=root)
    assert typed.returncode == 0, typed.stdout + typed.stderr
    linted = subprocess.run([sys.executable, "-m", "ruff", "check", "."], capture_output=True, text=True, cwd=root,
                            timeout=120, check=False)
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_it_plays_in_the_faces(package: tuple[Path, Path]) -> None:
    code = "import sys; from meeple.cli import main; sys.exit(main(prog_name='meeple'))"
    info = run(package, "-c", code, "info", NAME)
    assert info.returncode == 0 and "Cards in hand" not in info.stderr, info.stderr
    assert "[design] deck: values = 10" in info.stdout
    arena = run(package, "-c", code, "arena", NAME, "--seats", "greedy,random", "--games", "4", "--quiet", "--json")
    assert arena.returncode == 0, arena.stderr
    check = run(package, "-c", code, "i18n", "check", NAME)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_bad_name_or_a_taken_folder_is_refused(tmp_path: Path) -> None:
    for name in ("Tricks", "2up", "class", "my-game", ""):
        with pytest.raises(ScaffoldError, match="cannot name a game"):
            write_game(name, tmp_path)
    (tmp_path / "taken").mkdir()
    with pytest.raises(ScaffoldError, match="already exists"):
        write_game("taken", tmp_path)
