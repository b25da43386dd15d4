"""Coloma in the RL faces: its declared encoder (fixed size, bounds, only the seat's view, documented). PettingZoo's
api_test for every player count and the OpenSpiel adapter's whole game are every game's, in test_pettingzoo.py and
test_openspiel.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import meeple
from meeple import rl
from meeple.engine.rng import Stream
from meeple.games.coloma.encoder import ColomaEncoder
from meeple.rl.encoders import has_encoder, make_encoder

from .helpers import assert_only_the_view_counts, random_game, seat_block, vectors_to_the_end

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


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
    assert (enc.low, enc.high) == (0.0, 1.0)
    assert sum(1 for _ in vectors_to_the_end(enc, game, Stream(players, 1))) > 0
    final = enc.encode(game.view(0))
    assert final[enc.layout.field("end").offset] == 1.0


@pytest.mark.parametrize("steps", [0, 30, 120, 400])
def test_coloma_observation_depends_only_on_what_the_seat_sees(steps: int) -> None:
    """Redrawing other hands, deck orders, pending dials and the face-down Barrels leaves the vector alone;
    the own hand and dial are in it."""
    game = random_game("coloma", 4, seed=7 + steps, steps=steps)
    enc = make_encoder("coloma", 4)
    assert_only_the_view_counts(enc, game)
    hand = enc.layout.field("hand")
    view = game.view(0)
    cards = [c.id for c in game.rules.ctx.comp.cards]
    got = enc.encode(view)[hand.offset:hand.offset + hand.size]
    assert [cards[i] for i in np.flatnonzero(got)] == sorted(view["hand"], key=cards.index)


def test_coloma_seats_are_relative_to_the_viewer() -> None:
    game = random_game("coloma", 3, seed=5, steps=60)
    enc = make_encoder("coloma", 3)
    vp = enc.seat_layout.field("vp").offset
    for viewer in range(3):
        vec = enc.encode(game.view(viewer))
        for seat in range(3):
            assert seat_block(enc, vec, (seat - viewer) % 3)[vp] == pytest.approx(min(game.state.vp[seat] / 120, 1.0))
        assert seat_block(enc, vec, 3).sum() == seat_block(enc, vec, 4).sum() == 0.0  # no fourth or fifth player


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
