"""Coloma in the RL faces: its declared encoder (fixed size, bounds, only the seat's view, documented), PettingZoo's
api_test for 2-5 players, and the OpenSpiel adapter loading and playing it."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from pettingzoo.test import api_test

import meeple
from meeple import rl
from meeple.engine import Game
from meeple.engine.rng import Stream
from meeple.games.coloma.encoder import ColomaEncoder
from meeple.rl.encoders import has_encoder, make_encoder

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "probably should be gymnasium.spaces.box")


def _random_game(players: int, seed: int, steps: int) -> Game:
    game = meeple.new_game("coloma", players, seed)
    stream = Stream(seed, 3)
    for _ in range(steps):
        if game.is_over():
            break
        seat = game.deciders()[0]
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    return game


def test_coloma_declares_its_encoder_and_the_rl_faces_use_it() -> None:
    assert meeple.engine.get_rules("coloma").spec.encoder == "meeple.games.coloma.encoder:make_encoder"
    assert has_encoder("coloma")
    enc = make_encoder("coloma", 3)
    assert isinstance(enc, ColomaEncoder) and enc.size == 1128
    env = rl.env("coloma", players=3)
    env.reset(seed=1)
    assert env.observation_space("player_0")["observation"].shape == (enc.size,)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_coloma_vectors_have_the_fixed_size_and_stay_in_bounds_to_the_end(players: int) -> None:
    enc = make_encoder("coloma", players)
    game = meeple.new_game("coloma", players, 30 + players)
    stream = Stream(players, 1)
    while not game.is_over():
        seat = game.deciders()[0]
        for viewer in (seat, None):
            vec = enc.encode(game.view(viewer))
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert vec.min() >= 0.0 and vec.max() <= 1.0
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    final = enc.encode(game.view(0))
    assert final[enc.layout.field("end").offset] == 1.0


@pytest.mark.parametrize("steps", [0, 30, 120, 400])
def test_coloma_observation_depends_only_on_what_the_seat_sees(steps: int) -> None:
    """Redrawing other hands, deck orders, pending dials and the face-down Barrels leaves the vector alone;
    the own hand and dial are in it."""
    game = _random_game(4, seed=7 + steps, steps=steps)
    enc = make_encoder("coloma", 4)
    for seat in range(4):
        mine = enc.encode(game.view(seat))
        for r in range(3):
            sampled = Game(game.rules, game.sample(seat, r), 4, game.seed, game.options)
            assert np.array_equal(enc.encode(sampled.view(seat)), mine)
    hand = enc.layout.field("hand")
    view = game.view(0)
    cards = [c.id for c in game.rules.ctx.comp.cards]
    got = enc.encode(view)[hand.offset:hand.offset + hand.size]
    assert [cards[i] for i in np.flatnonzero(got)] == sorted(view["hand"], key=cards.index)


def test_coloma_seats_are_relative_to_the_viewer() -> None:
    game = _random_game(3, seed=5, steps=60)
    enc = make_encoder("coloma", 3)
    block = enc.seat_layout.size
    start = enc.layout.field("seats").offset
    vp = enc.seat_layout.field("vp").offset
    for viewer in range(3):
        vec = enc.encode(game.view(viewer))
        for seat in range(3):
            rel = (seat - viewer) % 3
            assert vec[start + rel * block + vp] == pytest.approx(min(game.state.vp[seat] / 120, 1.0))
        assert vec[start + 3 * block:start + 5 * block].sum() == 0.0  # no fourth or fifth player


def test_coloma_encoder_refuses_an_unknown_word() -> None:
    view = meeple.new_game("coloma", 2, 1).view(0)
    with pytest.raises(ValueError, match="coloma encoder: unknown phase 'siesta'"):
        ColomaEncoder().encode({**view, "phase": "siesta"})


def test_every_coloma_field_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    enc = ColomaEncoder()
    section = text.split("### Coloma encoder")[1].split("\n## ")[0]
    for field in enc.layout.fields + enc.seat_layout.fields:
        assert f"`{field.name}`" in section, f"docs/rl.md does not describe Coloma's field {field.name!r}"
    assert f"**{enc.size}**" in section and f"{enc.seat_layout.size} values" in section


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_test_passes_for_coloma(players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env("coloma", players=players), num_cycles=300)
    others = [str(w.message) for w in caught if not any(k in str(w.message) for k in DICT_OBSERVATION_WARNINGS)]
    assert others == []


def test_the_openspiel_adapter_loads_and_plays_coloma() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from meeple.rl import openspiel

    openspiel.register()
    game = pyspiel.load_game("meeple_coloma", {"players": 3, "seed": 4})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(meeple.engine.get_rules("coloma").actions)
    assert game.observation_tensor_shape() == [ColomaEncoder().size]
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(int(rng.choice(legal)))
        steps += 1
    returns = state.returns()
    assert steps > 100 and len(returns) == 3 and max(returns) > min(returns)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)
