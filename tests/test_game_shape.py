"""Every built-in game package has the one shape of docs/adding-a-game.md: the same modules with the same roles,
a phase table, no module over 700 lines, and no import of a face."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[1] / "src" / "meeple" / "games"
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())

# The modules every game has (a name ending in "/" is a folder); `rules` is a module or, once it grows, a package.
MODULES = ("__init__.py", "state.py", "actions.py", "data.py", "data/", "messages.py", "views.py", "render.py",
           "heuristics.py", "encoder.py", "scenario.py", "HOWTO.md")
MOST_LINES = 700
FACES = ("meeple.rl", "meeple.server", "meeple.tui", "meeple.arena", "meeple.agents", "meeple.cli", "meeple.web",
         "meeple.bench")

# A game still short of one check of the shape, by game: the check is expected to fail until it has it.
NOT_YET: dict[str, set[str]] = {}


def _games(check: str) -> list[object]:
    return [pytest.param(game, marks=pytest.mark.xfail(reason=f"{game} does not pass the {check} check yet",
                                                       strict=True))
            if check in NOT_YET.get(game, ()) else game for game in GAMES]


def _modules(game: str) -> list[Path]:
    return sorted((GAMES_DIR / game).rglob("*.py"))


def test_the_built_in_games_are_found() -> None:
    assert {"bluemooncity", "coloma", "cityofremnants"} <= set(GAMES)


@pytest.mark.parametrize("game", _games("modules"))
def test_every_game_has_the_same_modules(game: str) -> None:
    root = GAMES_DIR / game
    missing = [name for name in MODULES if not (root / name.rstrip("/")).exists()]
    if not ((root / "rules.py").is_file() or (root / "rules" / "__init__.py").is_file()):
        missing.append("rules.py or rules/")
    if not list((root / "data").glob("*.toml")):
        missing.append("data/*.toml")
    assert not missing, f"{game} lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", _games("phases"))
def test_every_game_has_a_phase_table(game: str) -> None:
    """Phases as data: a table from phase to what is legal and what an action does, in rules/phases.py."""
    assert (GAMES_DIR / game / "rules" / "phases.py").is_file(), f"{game} has no rules/phases.py"


@pytest.mark.parametrize("game", _games("lines"))
def test_no_game_module_is_over_700_lines(game: str) -> None:
    long = {str(p.relative_to(GAMES_DIR)): n for p in _modules(game)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("game", _games("faces"))
def test_no_game_imports_a_face(game: str) -> None:
    """Rules never import a face, not even lazily (a game's encoder builds on meeple.kit)."""
    found = [f"{p.relative_to(GAMES_DIR)}: {name}" for p in _modules(game) for name in _imports(p)
             if any(name == face or name.startswith(face + ".") for face in FACES)]
    assert not found, f"{game} imports a face: {found}"
