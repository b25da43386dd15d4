"""scripts/tally.py: what each role did in saved arena games, counted from their logs."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAVED = ROOT / "docs/balance-runs/cityofremnants-3p-ismcts-step5-play2/g1"
SHIPPED = ROOT / "src/meeple/games/cityofremnants/data/components.toml"


@pytest.fixture
def run(tmp_path: Path) -> Path:
    """The saved run, its games pointed at the shipped data file by its full path (they name it relative to the
    repository's root, and the tests may run from another folder), once the data's recorded hash shows it is the same
    file."""
    recorded = json.loads((SAVED / "results.json").read_text())["data"]
    assert recorded["sha256"] == hashlib.sha256(SHIPPED.read_bytes()).hexdigest(), "the run was played on other data"
    here = tmp_path / "g1"
    shutil.copytree(SAVED, here)
    for game in (here / "games").iterdir():
        saved = json.loads(game.read_text())
        saved["settings"]["data"] = str(SHIPPED)
        game.write_text(json.dumps(saved))
    return here


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tally", ROOT / "scripts/tally.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cards_played_and_events_are_counted_for_the_role_of_the_seat_that_played_them(run: Path) -> None:
    _, events, actions = _script().tally([run], "play")
    records = json.loads((run / "results.json").read_text())["records"]
    for role, played in actions.items():  # a gang's own cards are played by that gang only
        own = [text for text in played if text.split()[1][:3] in ("HUM", "IGG", "LEN", "NEI")]
        assert own and all(text.split()[1].startswith(role) for text in own)
    # the battles each role won, counted from the logs, are the arena's own per-seat figure summed by role
    won: dict[str, float] = {}
    for r in records:
        for seat, role in enumerate(r["roles"]):
            won[role] = won.get(role, 0.0) + r["metrics"]["battles_won"][seat]
    assert won and {role: events[role]["battle.won"] for role in won} == won


def test_the_table_gives_a_games_average_per_role(run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`main` prints each role's games and, per event, the role's total over its games."""
    records = json.loads((run / "results.json").read_text())["records"]
    won: dict[str, list[float]] = {}
    for r in records:
        for seat, role in enumerate(r["roles"]):
            won.setdefault(role, []).append(r["metrics"]["battles_won"][seat])
    _script().main([str(run), "--events", "battle.won"])
    out = capsys.readouterr().out.splitlines()
    roles = out[1].split()[1:]
    averages = dict(zip(roles, map(float, out[2].split()[1:]), strict=True))
    assert out[2].split()[0] == "battle.won" and len(out) > 4
    assert averages == {role: round(sum(v) / len(v), 2) for role, v in won.items()}
    assert all(f"{role} {len(v)}" in out[0] for role, v in won.items())


@pytest.mark.parametrize("damage", ["results", "game"])
def test_a_damaged_run_is_named_with_what_was_wrong(run: Path, damage: str) -> None:
    if damage == "results":
        (run / "results.json").write_text("{")
    else:
        for game in (run / "games").iterdir():
            game.unlink()
    with pytest.raises(SystemExit) as exc:
        _script().main([str(run)])
    message = str(exc.value)
    assert message.startswith(f"{run}: cannot tally this run") and ("JSON" in message or "game-" in message)


def test_a_folder_that_is_not_a_run_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        _script().main([str(tmp_path)])
    assert str(tmp_path) in str(exc.value) and "results.json" in str(exc.value)
