"""City of Remnants in the RL faces: its declared encoder (fixed size, bounds, only the seat's view, documented),
PettingZoo's api_test for 2, 3 and 4 players, and the OpenSpiel adapter loading and playing it."""

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
from meeple.games.cityofremnants.encoder import CityOfRemnantsEncoder
from meeple.rl.encoders import has_encoder, make_encoder

GAME = "cityofremnants"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "probably should be gymnasium.spaces.box")


def _random_game(players: int, seed: int, steps: int) -> Game:
    game = meeple.new_game(GAME, players, seed)
    stream = Stream(seed, 3)
    for _ in range(steps):
        if game.is_over():
            break
        seat = game.deciders()[0]
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    return game


def _field(enc: CityOfRemnantsEncoder, vec: np.ndarray, name: str) -> np.ndarray:
    f = enc.layout.field(name)
    return vec[f.offset:f.offset + f.size]


def test_city_of_remnants_declares_its_encoder_and_the_rl_faces_use_it() -> None:
    assert meeple.engine.get_rules(GAME).spec.encoder == "meeple.games.cityofremnants.encoder:make_encoder"
    assert has_encoder(GAME)
    enc = make_encoder(GAME, 3)
    assert isinstance(enc, CityOfRemnantsEncoder) and enc.size == 4550
    env = rl.env(GAME, players=3)
    env.reset(seed=1)
    assert env.observation_space("player_0")["observation"].shape == (enc.size,)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_city_of_remnants_vectors_have_the_fixed_size_and_stay_in_bounds_to_the_end(players: int) -> None:
    """Whole random games, every position, the deciding seat and the spectator: fixed size, float32, in [0, 1];
    every phase the game went through is marked, and the end marks the winners."""
    enc = make_encoder(GAME, players)
    game = meeple.new_game(GAME, players, 30 + players)
    stream = Stream(players, 1)
    phases = set()
    while not game.is_over():
        seat = game.deciders()[0]
        for viewer in (seat, None):
            vec = enc.encode(game.view(viewer))
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert vec.min() >= 0.0 and vec.max() <= 1.0
        phase = _field(enc, vec, "phase")
        assert phase.sum() == 1.0
        phases.add(int(np.argmax(phase)))
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    assert len(phases) >= 12  # reset, pre, recruit, bid, buy, ... battles: the random game visits most of them
    final = enc.encode(game.view(0))
    end = _field(enc, final, "end")
    assert end[0] == 1.0
    winners = [(s - 0) % players for s in game.result().winners]
    assert [i for i in range(4) if end[1 + i]] == sorted(winners)


@pytest.mark.parametrize("steps", [0, 40, 200, 700])
def test_city_of_remnants_observation_depends_only_on_what_the_seat_sees(steps: int) -> None:
    """Redealing other hands, draw piles, deck orders and face-down commitments (the game's own sampler) leaves
    the vector alone; the seat's own hand is in it, card by card."""
    game = _random_game(4, seed=7 + steps, steps=steps)
    enc = make_encoder(GAME, 4)
    for seat in range(4):
        mine = enc.encode(game.view(seat))
        for r in range(3):
            sampled = Game(game.rules, game.sample(seat, r), 4, game.seed, game.options)
            assert np.array_equal(enc.encode(sampled.view(seat)), mine)
    view = game.view(0)
    cards = [c.id for c in game.rules.comp.cards]
    got = _field(enc, enc.encode(view), "hand")
    assert [cards[i] for i in np.flatnonzero(got)] == sorted(view["hand"], key=cards.index)
    assert view["hand"]  # a hand to compare


def test_city_of_remnants_seats_are_relative_to_the_viewer() -> None:
    game = _random_game(3, seed=5, steps=150)
    enc = make_encoder(GAME, 3)
    block = enc.seat_layout.size
    start = enc.layout.field("seats").offset
    numbers = enc.seat_layout.field("numbers").offset
    for viewer in range(3):
        vec = enc.encode(game.view(viewer))
        for seat in range(3):
            rel = (seat - viewer) % 3
            assert vec[start + rel * block + numbers] == pytest.approx(min(game.state.arc[seat] / 20_000, 1.0))
            assert vec[start + rel * block] == 1.0  # present
        assert vec[start + 3 * block:start + 4 * block].sum() == 0.0  # no fourth player
        active = _field(enc, vec, "active")
        assert np.flatnonzero(active).tolist() == [(game.state.active - viewer) % 3]


def test_city_of_remnants_board_figures_and_developments_are_encoded_per_space() -> None:
    game = _random_game(2, seed=11, steps=600)
    enc = make_encoder(GAME, 2)
    vec = enc.encode(game.view(1))
    width = enc.space_layout.size
    start = enc.layout.field("spaces").offset
    figures = enc.space_layout.field("figures").offset
    development = enc.space_layout.field("development").offset
    s = game.state
    assert any(any(row) for row in s.figures) and s.built
    for sp, row in enumerate(s.figures):
        for seat, n in enumerate(row):
            assert vec[start + sp * width + figures + (seat - 1) % 2] == pytest.approx(min(n / 2, 1.0))
    for kind, *spaces in s.built:
        for sp in spaces:
            assert vec[start + sp * width + development + kind] == 1.0


def test_city_of_remnants_encoder_refuses_an_unknown_word() -> None:
    view = meeple.new_game(GAME, 2, 1).view(0)
    with pytest.raises(ValueError, match="cityofremnants encoder: unknown phase 'siesta'"):
        CityOfRemnantsEncoder().encode({**view, "phase": "siesta"})
    with pytest.raises(ValueError, match="unknown card 'XX-99'"):
        CityOfRemnantsEncoder().encode({**view, "hand": ["XX-99"]})


def test_every_city_of_remnants_field_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    enc = CityOfRemnantsEncoder()
    section = text.split("### City of Remnants encoder")[1].split("\n## ")[0]
    for field in enc.layout.fields + enc.seat_layout.fields + enc.space_layout.fields:
        assert f"`{field.name}`" in section, f"docs/rl.md does not describe City of Remnants' field {field.name!r}"
    assert f"**{enc.size}**" in section
    assert f"{enc.seat_layout.size} values" in section and f"{enc.space_layout.size} values" in section


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test_passes_for_city_of_remnants(players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env(GAME, players=players), num_cycles=300)
    others = [str(w.message) for w in caught if not any(k in str(w.message) for k in DICT_OBSERVATION_WARNINGS)]
    assert others == []


def test_the_openspiel_adapter_loads_and_plays_city_of_remnants() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from meeple.rl import openspiel

    openspiel.register()
    game = pyspiel.load_game(f"meeple_{GAME}", {"players": 3, "seed": 4})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(meeple.engine.get_rules(GAME).actions)
    assert game.observation_tensor_shape() == [CityOfRemnantsEncoder().size]
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(int(rng.choice(legal)))
        steps += 1
    returns = state.returns()
    assert steps > 500 and len(returns) == 3 and max(returns) > min(returns)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)


def test_cards_an_action_made_public_are_revealed_as_ids_and_encoded() -> None:
    """A card an action makes public (COR-4.5) is shown in the view's `revealed.cards` by its id, and the encoder
    marks that card in `revealed`."""
    game = meeple.new_game(GAME, 2, 7)
    stream = Stream(2, 1)
    enc = make_encoder(GAME, 2)
    cards = [c.id for c in game.rules.comp.cards]
    while game.state.shown.cards is None:
        seat = game.deciders()[0]
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    view = game.view(0)
    assert view["revealed"]["cards"] == game.state.shown.cards and all(c in cards for c in view["revealed"]["cards"])
    marked = _field(enc, enc.encode(view), "revealed")[:len(cards)]
    assert {cards[i] for i in np.flatnonzero(marked)} == set(view["revealed"]["cards"])


def test_a_whole_game_through_the_aec_environment_asks_every_kind_of_decision_of_the_right_seat() -> None:
    """The secret Reset discard, bids out of turn, battle commitments, bribes and casualties all come through the
    environment, each selected agent being a seat the game asks to decide."""
    env = rl.env(GAME, players=3)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    phases: set[str] = set()
    bids_out_of_turn = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.unwrapped.game
        seat = int(agent.split("_")[1])
        assert seat in game.deciders()
        phases.add(game.state.phase)
        bids_out_of_turn += game.state.phase == "bid" and game.state.active != seat
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert {"reset", "bid", "commit", "bribe", "lose"} <= phases
    assert bids_out_of_turn > 0
    assert env.unwrapped.game.is_over()
