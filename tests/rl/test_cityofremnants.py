"""City of Remnants in the RL faces: its declared encoder (fixed size, bounds, only the seat's view, documented) and
a whole game through the AEC environment. PettingZoo's api_test for every player count and the OpenSpiel adapter's
whole game are every game's, in test_pettingzoo.py and test_openspiel.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import meeple
from meeple import rl
from meeple.engine.rng import Stream
from meeple.games.cityofremnants.encoder import CityOfRemnantsEncoder
from meeple.rl.encoders import has_encoder, make_encoder

from .helpers import assert_only_the_view_counts, random_game, seat_block, vectors_to_the_end

GAME = "cityofremnants"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


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
    assert (enc.low, enc.high) == (0.0, 1.0)
    phases = set()
    for vec in vectors_to_the_end(enc, game, Stream(players, 1)):
        phase = _field(enc, vec, "phase")
        assert phase.sum() == 1.0
        phases.add(int(np.argmax(phase)))
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
    game = random_game(GAME, 4, seed=7 + steps, steps=steps)
    enc = make_encoder(GAME, 4)
    assert_only_the_view_counts(enc, game)
    view = game.view(0)
    cards = [c.id for c in game.rules.comp.cards]
    got = _field(enc, enc.encode(view), "hand")
    assert [cards[i] for i in np.flatnonzero(got)] == sorted(view["hand"], key=cards.index)
    assert view["hand"]  # a hand to compare


def test_city_of_remnants_seats_are_relative_to_the_viewer() -> None:
    game = random_game(GAME, 3, seed=5, steps=150)
    enc = make_encoder(GAME, 3)
    numbers = enc.seat_layout.field("numbers").offset
    for viewer in range(3):
        vec = enc.encode(game.view(viewer))
        for seat in range(3):
            block = seat_block(enc, vec, (seat - viewer) % 3)
            assert block[numbers] == pytest.approx(min(game.state.arc[seat] / 20_000, 1.0))
            assert block[0] == 1.0  # present
        assert seat_block(enc, vec, 3).sum() == 0.0  # no fourth player
        active = _field(enc, vec, "active")
        assert np.flatnonzero(active).tolist() == [(game.state.active - viewer) % 3]


def test_city_of_remnants_board_figures_and_developments_are_encoded_per_space() -> None:
    game = random_game(GAME, 2, seed=11, steps=600)
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


def test_encoding_from_the_state_keeps_nothing_stale_between_calls() -> None:
    """`encode_state` writes over the vector it last gave a viewer, group by group: whatever order the positions
    come in (forwards, back to earlier ones, other games, other player counts) and when a state it read is changed
    in place afterwards, or after refusing a state, it gives what a fresh encoder gives."""
    enc = CityOfRemnantsEncoder()
    stream = Stream(3, 1)
    for players in (2, 4, 3, 2):
        game = meeple.new_game(GAME, players, players + 20)
        states = []
        for _ in range(400):
            if game.is_over():
                break
            states.append(game.state)
            seat = game.deciders()[0]
            legal = game.legal_indices(seat)
            game.apply(seat, legal[stream.below(len(legal))])
        order = list(range(len(states))) + [stream.below(len(states)) for _ in range(150)]
        for i in order:
            s = states[i]
            for seat in (s.active if s.active >= 0 else None, None, stream.below(players)):
                got = enc.encode_state(game.rules, s, seat)
                assert np.array_equal(got, CityOfRemnantsEncoder().encode_state(game.rules, s, seat)), (players, i)
        work = game.rules.copy(states[-1])  # read, then changed in place and read again
        seat = game.rules.deciders(work)[0]
        enc.encode_state(game.rules, work, seat)
        game.rules.apply(work, seat, game.rules.legal(work, seat)[0])
        assert np.array_equal(enc.encode_state(game.rules, work, seat),
                              CityOfRemnantsEncoder().encode_state(game.rules, work, seat))
        wrong = game.rules.copy(work)  # a refused state leaves nothing half written behind
        wrong.phase = "siesta"
        with pytest.raises(ValueError, match="unknown phase 'siesta'"):
            enc.encode_state(game.rules, wrong, seat)
        assert np.array_equal(enc.encode_state(game.rules, work, seat),
                              CityOfRemnantsEncoder().encode_state(game.rules, work, seat))
