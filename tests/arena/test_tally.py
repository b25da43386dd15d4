"""scripts/tally.py: what each role did in saved arena games, counted from their logs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "docs/balance-runs/cityofremnants-3p-ismcts-step5-play2/g1"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tally", ROOT / "scripts/tally.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cards_played_and_events_are_counted_for_the_role_of_the_seat_that_played_them() -> None:
    games, events, actions = _script().tally([RUN], "play")
    records = json.loads((RUN / "results.json").read_text())["records"]
    assert sum(games.values()) == sum(len(r["roles"]) for r in records)
    for role, played in actions.items():  # a gang's own cards are played by that gang only
        own = [text for text in played if text.split()[1][:3] in ("HUM", "IGG", "LEN", "NEI")]
        assert own and all(text.split()[1].startswith(role) for text in own)
    # the battles each role won, counted from the logs, are the arena's own per-seat figure summed by role
    won: dict[str, float] = {}
    for r in records:
        for seat, role in enumerate(r["roles"]):
            won[role] = won.get(role, 0.0) + r["metrics"]["battles_won"][seat]
    assert won and {role: events[role]["battle.won"] for role in won} == won


def test_a_folder_that_is_not_a_run_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        _script().main([str(tmp_path)])
    assert str(tmp_path) in str(exc.value) and "results.json" in str(exc.value)
