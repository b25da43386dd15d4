"""Golden replays: the recorded seeded games of every built-in game play again to the same digests.

By default a few games per game and player count are played again (and the kept whole logs replayed); set
MEEPLE_GOLDEN=all to play every recorded game. A difference means the rules, views, events or encoders of a game
changed: a deliberate change is re-recorded (see `golden.golden`), naming the parts and the reason in the commit.
"""

from __future__ import annotations

import os

import pytest

from meeple.engine import get_rules

from . import golden
from .golden import DEFAULT_CHECKED, GAMES, Entry

EVERYTHING = os.environ.get("MEEPLE_GOLDEN", "") == "all"


def _counts() -> list[tuple[str, int]]:
    out = []
    for game_id in GAMES:
        spec = get_rules(game_id).spec
        out += [(game_id, n) for n in range(spec.min_players, spec.max_players + 1)]
    return out


def _differences(entry: Entry, digests: dict[str, str]) -> list[str]:
    return [f"{entry.label}: {part} {entry.digests[part]} -> {digests[part]}"
            for part in golden.PARTS if entry.digests[part] != digests[part]]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_recording_covers_the_plan(game_id: str) -> None:
    """Every planned game is recorded, so a recording cannot shrink unnoticed."""
    recorded = [(e.players, e.seed, e.options, e.policy) for e in golden.load(game_id)]
    assert recorded == golden.planned(game_id)
    assert {e["players"] for e in golden.load_logs(game_id)} == {n for g, n in _counts() if g == game_id}


@pytest.mark.parametrize(("game_id", "players"), _counts(), ids=[f"{g}-p{n}" for g, n in _counts()])
def test_seeded_games_play_alike(game_id: str, players: int) -> None:
    entries = [e for e in golden.load(game_id) if e.players == players
               and (EVERYTHING or golden.position(e) in DEFAULT_CHECKED)]
    assert entries and {e.policy for e in entries} == {"random", "greedy"}
    differences = []
    for entry in entries:
        game = golden.play(game_id, entry.players, entry.seed, entry.options, entry.policy)
        differences += _differences(entry, golden.digests_of(game))
        if game.log_length() != entry.actions:
            differences.append(f"{entry.label}: {entry.actions} actions -> {game.log_length()}")
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_logs_replay_alike(game_id: str) -> None:
    """A kept whole log, replayed action by action, gives the digests recorded for its game."""
    entries = {(e.players, e.seed): e for e in golden.load(game_id)}
    differences: list[str] = []
    for kept in golden.load_logs(game_id):
        entry = entries[kept["players"], kept["seed"]]
        game = golden.replayed(game_id, kept["players"], kept["seed"], kept["options"], kept["log"])
        differences += _differences(entry, golden.digests_of(game))
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_part_tells_games_apart(game_id: str) -> None:
    """No digest is a constant: each part differs between almost all recorded games (results may coincide)."""
    entries = golden.load(game_id)
    for part in golden.PARTS:
        distinct = len({e.digests[part] for e in entries})
        assert distinct >= len(entries) * (0.5 if part == "result" else 0.99), (part, distinct, len(entries))
