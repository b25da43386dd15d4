"""Observation encoders: fixed size and bounds, built from the seat's view only, documented field by field."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

import meeple
from engine.games import registered
from meeple.engine.rng import Stream
from meeple.games.bluemooncity.encoder import LAYOUT, SQUARE_LAYOUT, BlueMoonCityEncoder, card_index
from meeple.rl import encoders
from meeple.rl.encoders import HashingEncoder, make_encoder

from .helpers import assert_only_the_view_counts, random_game, vectors_to_the_end

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
CONFIGS = [(2, {}), (3, {"expansion": True}), (4, {"layout": "open"}), (3, {"edition": "kosmos2006"})]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_vectors_have_the_fixed_size_and_stay_in_bounds(players, options):
    enc = make_encoder("bluemooncity", players, options)
    game = meeple.new_game("bluemooncity", players, 17, options)
    assert sum(1 for _ in vectors_to_the_end(enc, game, Stream(17, 1))) > 0
    assert enc.encode(game.view(0))[LAYOUT.field("end").offset] == 1.0


@pytest.mark.parametrize("steps", [0, 40, 150, 400])
def test_observation_depends_only_on_what_the_seat_sees(steps):
    # Redealing everything a seat cannot see (other hands, deck order, pending cards) must not
    # change its observation: the encoder reads the view and nothing else.
    game = random_game("bluemooncity", 3, seed=23 + steps, steps=steps, salt=99)
    assert_only_the_view_counts(make_encoder("bluemooncity", 3, {}), game)


def test_hands_and_seats_are_encoded_relative_to_the_viewer():
    game = random_game("bluemooncity", 3, seed=5, steps=30, salt=99)
    enc = BlueMoonCityEncoder()
    hand = LAYOUT.field("hand")
    seats = LAYOUT.field("seats")
    for seat in range(3):
        view = game.view(seat)
        vec = enc.encode(view)
        counts = np.round(vec[hand.offset:hand.offset + hand.size] * 6).astype(int)
        expected = np.zeros(hand.size, dtype=int)
        for card in view["hand"]:
            expected[card_index(card)] += 1
        assert np.array_equal(counts, np.minimum(expected, 6))
        assert vec[seats.offset + 3] == pytest.approx(min(view["seats"][seat]["hand_size"] / 12, 1.0))
        active = LAYOUT.field("active")
        rel = (view["active"] - seat) % 3
        assert list(np.flatnonzero(vec[active.offset:active.offset + active.size])) == [rel]


def test_figures_and_markers_land_on_their_squares():
    game = random_game("bluemooncity", 2, seed=9, steps=200, salt=99)
    view = game.view(1)
    vec = BlueMoonCityEncoder().encode(view)
    city = LAYOUT.field("city").offset
    figures = SQUARE_LAYOUT.field("figures").offset
    for tile in view["city"]:
        col, row = "abcde".index(tile["square"][0]), int(tile["square"][1]) - 1
        base = city + (row * 5 + col) * SQUARE_LAYOUT.size
        assert vec[base] == 1.0
        for seat in tile["figures"]:
            assert vec[base + figures + (seat - 1) % 2] == 1.0


def test_an_unknown_word_in_the_view_is_an_error_not_a_silent_zero():
    view = meeple.new_game("bluemooncity", 2, 1).view(0)
    view["phase"] = "siesta"
    with pytest.raises(ValueError, match="unknown phase 'siesta'"):
        BlueMoonCityEncoder().encode(view)


def test_every_field_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    for field in LAYOUT.fields + SQUARE_LAYOUT.fields:
        assert f"`{field.name}`" in text, f"docs/rl.md does not describe the field {field.name!r}"
    assert str(LAYOUT.size) in text


def test_generic_encoder_works_for_any_view():
    enc = HashingEncoder(64)
    view = {"seat": 1, "score": [3, 0], "phase": "bid", "cards": ["a", "b"], "done": False, "note": None}
    vec = enc.encode(view)
    assert vec.shape == (64,) and vec.dtype == np.float32
    assert np.array_equal(vec, HashingEncoder(64).encode(view))
    assert not np.array_equal(vec, enc.encode({**view, "phase": "play"}))
    assert vec.min() >= enc.low and vec.max() <= enc.high


def test_games_without_an_encoder_get_the_generic_one():
    with registered("skirmish"):
        enc = make_encoder("skirmish", 2)
        assert isinstance(enc, HashingEncoder) and not encoders.has_encoder("skirmish")
        assert enc.encode(meeple.new_game("skirmish", 2, 1).view(0)).shape == (enc.size,)


def test_the_encoder_a_game_declares_in_its_spec_is_used():
    assert meeple.engine.get_rules("bluemooncity").spec.encoder == "meeple.games.bluemooncity.encoder:make_encoder"
    assert encoders.has_encoder("bluemooncity")
    assert isinstance(make_encoder("bluemooncity", 2), BlueMoonCityEncoder)
    with pytest.raises(ValueError, match="cannot be loaded"):
        encoders.declared_encoder("meeple.rl.encoders:no_such_factory")
    with pytest.raises(ValueError, match="'module:factory'"):
        encoders.declared_encoder("no colon")


def test_make_encoder_checks_game_and_options():
    with pytest.raises(meeple.UnknownGame):
        make_encoder("nosuchgame", 2)
    with pytest.raises(meeple.InvalidOptions):
        make_encoder("bluemooncity", 2, {"expansion": "yes"})


# (game, players, options, actions played at most per game: City of Remnants' games are thousands of actions long)
STATE_ENCODED = [*(("bluemooncity", players, options, None) for players, options in CONFIGS),
                 ("coloma", 1, {"shade": "hard"}, None), ("coloma", 2, {}, None), ("coloma", 3, {}, None),
                 ("coloma", 5, {}, None), ("cityofremnants", 2, {}, 300), ("cityofremnants", 3, {}, 300),
                 ("cityofremnants", 4, {"leaders": "pick"}, 300)]


@pytest.mark.parametrize(("game_id", "players", "options", "actions"), STATE_ENCODED)
def test_every_games_encoding_from_the_state_equals_encoding_the_view(game_id, players, options, actions):
    """Every game's `encode_state` is a faster path to the vector of its view: compared with encoding the view at
    every position of whole random games, for every seat and the spectator, across player counts and options (Blue
    Moon City's editions, expansion and open layout), and on a sample of the position that redraws what the seat
    cannot see (other hands, deck orders, pending secret choices), which must give the seat the same vector."""
    enc = make_encoder(game_id, players, options)
    compared = 0
    for seed in range(2):
        game = meeple.new_game(game_id, players, seed + 10 * players, options)
        stream = Stream(seed, 7)
        while True:
            for seat in (None, *range(players)):
                expected = enc.encode(game.view(seat))
                got = enc.encode_state(game.rules, game.state, seat)
                assert got.dtype == expected.dtype and np.array_equal(got, expected), (seed, game.log_length(), seat)
                if seat is not None and not game.is_over():  # what the seat cannot see redrawn: the same vector
                    redrawn = game.rules.sample(game.state, seat, stream.below(1 << 30))
                    assert np.array_equal(enc.encode_state(game.rules, redrawn, seat), got)
                compared += 1
            if game.is_over() or game.log_length() == actions:
                break
            seat = game.deciders()[0]
            legal = game.legal_indices(seat)
            game.apply(seat, legal[stream.below(len(legal))])
    assert compared > 200


def test_the_rl_faces_use_the_encoding_from_the_state():
    from meeple import rl

    env = rl.gym_env("bluemooncity", players=3, opponents="random", seat=2)
    obs, _ = env.reset(seed=3)
    assert env.table._encode_state is not None
    assert np.array_equal(obs, env.table.encoder.encode(env.game.view(2)))
