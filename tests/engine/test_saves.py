"""Saves of older rules versions: replayed and checked position by position when the game declares it can, refused
with a plain reason otherwise (never a silently different game)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
import meeple.games.cityofremnants as cor
from meeple.engine import registry

from .dials import SPEC, Dials


class DialsV3(Dials):
    """Dials at rules version 3, which replays saves of version 2: that version scored a 3 differently, and showed
    a dial set before the reveal in another way (a difference that only matters where a log stops)."""

    spec = dataclasses.replace(SPEC, version=3, replays=(2,))

    def replay_difference(self, version: int, state: dict[str, Any], last: bool) -> str | None:
        assert version == 2
        if any(3 in dials for dials in state["revealed"]):
            return "a 3 was revealed, and the scoring of a 3 has changed"
        if last and not self.is_over(state) and any(d is not None for d in state["dials"]):
            return "the log stops with a dial set but not revealed"
        return None


@pytest.fixture()
def dials() -> Iterator[None]:
    registry.register("dials", lambda: DialsV3())
    yield
    registry.unregister("dials")


@pytest.fixture()
def plain_dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def save(actions: list[tuple[int, str]], version: int | None) -> str:
    game = meeple.new_game("dials", 2, seed=5, options={"rounds": 2})
    for seat, action in actions:
        game.apply(seat, action)
    data = json.loads(game.to_json())
    if version is None:
        del data["version"]
    else:
        data["version"] = version
    return json.dumps(data)


ROUND = [(0, "dial 1"), (1, "dial 2")]


def test_a_save_records_the_rules_version(dials: None) -> None:
    assert json.loads(save(ROUND, 3))["version"] == 3 == json.loads(meeple.new_game("dials", 2, 1).to_json())["version"]


def test_an_older_version_the_game_replays_loads_when_no_position_differs(dials: None) -> None:
    loaded = meeple.load_game(save([*ROUND, (1, "dial 1"), (0, "dial 2")], 2))
    assert loaded.is_over() and loaded.full_log() == [*ROUND, (1, "dial 1"), (0, "dial 2")]
    assert json.loads(loaded.to_json())["version"] == 3  # saved again, it is a game of the current rules


def test_a_difference_in_the_middle_of_the_log_refuses_the_save(dials: None) -> None:
    with pytest.raises(meeple.SaveError) as err:
        meeple.load_game(save([(0, "dial 3"), (1, "dial 1"), (0, "dial 1")], 2))
    message = str(err.value)
    assert "rules version 2" in message and "version 3 cannot replay" in message
    assert "a 3 was revealed" in message and "after action 2 of the log" in message


def test_a_difference_that_only_matters_where_the_log_stops(dials: None) -> None:
    with pytest.raises(meeple.SaveError, match=r"dial set but not revealed \(after action 3 of the log"):
        meeple.load_game(save([*ROUND, (0, "dial 1")], 2))
    assert meeple.load_game(save([*ROUND, (0, "dial 1"), (1, "dial 2")], 2)).is_over()
    assert meeple.load_game(save([], 2)).full_log() == []


@pytest.mark.parametrize(("version", "expected"), [
    (1, "saved with dials rules version 1; this Meeple plays version 3 and can replay saves of versions 2 only"),
    (4, "rules version 4; this Meeple plays version 3"),
    ("2", "rules version 2; this Meeple plays version 3"),
])
def test_versions_the_game_does_not_replay_are_refused(dials: None, version: Any, expected: str) -> None:
    with pytest.raises(meeple.SaveError) as err:
        meeple.load_game(save(ROUND, None).replace('"players"', f'"version":{json.dumps(version)},"players"'))
    assert expected in str(err.value)


def test_a_game_that_declares_no_older_version_refuses_them(plain_dials: None) -> None:
    with pytest.raises(meeple.SaveError, match="plays version 1 and cannot replay saves of other versions"):
        meeple.load_game(save(ROUND, 0))


def test_a_save_without_a_version_counts_as_the_current_one(dials: None) -> None:
    assert meeple.load_game(save([(0, "dial 3"), (1, "dial 1")], None)).full_log() == [(0, "dial 3"), (1, "dial 1")]


def test_a_save_records_the_settings_it_is_given_and_loads_by_them(tmp_path: Path) -> None:
    shipped = Path(cor.__file__).parent / "data" / "components.toml"
    game = meeple.new_game("cityofremnants", 2, 3, data=str(shipped))
    seat = game.deciders()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    (tmp_path / "here.toml").write_bytes(shipped.read_bytes())
    saved = json.loads(game.to_json(settings={"data": str(tmp_path / "here.toml")}))
    assert saved["settings"] == {"data": str(tmp_path / "here.toml")}
    assert json.loads(game.to_json())["settings"] == {"data": str(shipped)} == game.settings  # its own, untouched
    loaded = meeple.load_game(json.dumps(saved))
    assert loaded.settings == {"data": str(tmp_path / "here.toml")} and loaded.full_log() == game.full_log()
