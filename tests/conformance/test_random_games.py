"""Seeded random games of every registered game, configuration by configuration, checked at every step."""

from __future__ import annotations

import pytest

from meeple.engine import GameSpec, get_rules

from .configs import CHUNKS, SEED_BASE, Config, configurations, games_per_chunk
from .hidden import Tally
from .play import Tally as PlayTally
from .play import play_game

FACADE_EVERY = 16  # one game in this many is played through the string facade
REPLAY_EVERY = 8  # one fast-path game in this many is replayed and saved at the end

CASES = [(cfg, chunk) for cfg in configurations() for chunk in range(CHUNKS)]


@pytest.mark.parametrize(("cfg", "chunk"), CASES, ids=[f"{c.label}-{k}" for c, k in CASES])
def test_random_games(cfg: Config, chunk: int) -> None:
    """Legality, notation, masks, copies, invariants, hidden information, saves and replays, endings."""
    tally = PlayTally()
    per_chunk = games_per_chunk(cfg)
    for i in range(per_chunk):
        n = chunk * per_chunk + i
        play_game(cfg, seed=SEED_BASE + 1000 * n + cfg.players, facade=n % FACADE_EVERY == 0,
                  replay=n % REPLAY_EVERY == 1, tally=tally)
    assert tally.games == per_chunk
    assert tally.heavy_steps > 0 and tally.samples > 0
    check_hidden_tally(get_rules(cfg.game_id).spec, tally.hidden)


def check_hidden_tally(spec: GameSpec, hidden: Tally) -> None:
    """The hidden-information checks compared something of every kind of thing the game declares it hides."""
    hides = set(spec.hides.values())
    if not hides:
        assert spec.information == "perfect" and spec.chance == "none", (
            f"{spec.id} declares that it hides nothing (GameSpec.hides), yet it has "
            f"{spec.information} information and {spec.chance} chance")
        return
    if hides & {"cards", "order"}:
        assert hidden.redeals > 0, "no redeal changed a hidden list: the leak check is idle"
        assert hidden.unchanged_redeals * 4 <= hidden.redeals, "most redeals changed nothing: the leak check is idle"
    if hides & {"choice", "number", "stream"}:
        assert hidden.perturbations > 0, "no hidden number was varied: the leak check is idle"
    assert hidden.messages > 0 and hidden.events > 0
