"""The RL faces on the test games: PettingZoo's api tests, and several seats deciding at once."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from pettingzoo.test import api_test, parallel_api_test

from engine.games import registered
from meeple import rl
from meeple.rl.encoders import HashingEncoder

DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "probably should be gymnasium.spaces.box")


@pytest.fixture(autouse=True)
def _test_games() -> Iterator[None]:
    with registered():
        yield


@pytest.mark.parametrize(("game_id", "players"), [("dials", 2), ("dials", 3), ("skirmish", 2), ("skirmish", 4)])
def test_api_test_passes_on_the_test_games(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env(game_id, players=players), num_cycles=300)
    others = [str(w.message) for w in caught if not any(k in str(w.message) for k in DICT_OBSERVATION_WARNINGS)]
    assert others == []


@pytest.mark.parametrize("game_id", ["dials", "skirmish"])
def test_parallel_api_test_passes_on_the_test_games(game_id: str) -> None:
    parallel_api_test(rl.parallel_env(game_id, players=3), num_cycles=300)


def test_a_test_game_without_an_encoder_is_observed_through_the_generic_one() -> None:
    env = rl.raw_env("skirmish", players=2)
    assert isinstance(env.table.encoder, HashingEncoder)


def test_the_aec_env_asks_every_simultaneous_decider_in_turn_with_its_own_mask() -> None:
    env = rl.raw_env("dials", players=3)
    env.reset(seed=2)
    asked = []
    while not all(env.terminations.values()):
        agent = env.agent_selection
        obs = env.observe(agent)
        assert obs["action_mask"].sum() == 3  # every dial is open to every decider
        asked.append(agent)
        env.step(2)
    assert asked == ["player_0", "player_1", "player_2"]
    assert env.game.view(None)["revealed"] == [[3, 3, 3]]


def test_the_parallel_env_takes_every_simultaneous_choice_in_one_step() -> None:
    env = rl.parallel_env("dials", players=2)
    observations, _ = env.reset(seed=5)
    assert all(o["action_mask"].sum() == 3 for o in observations.values())
    _, rewards, terminations, _, infos = env.step({"player_0": 2, "player_1": 0})
    assert all(terminations.values()) and rewards == {"player_0": 1.0, "player_1": 0.0}
    assert infos["player_0"]["result"]["winners"] == [0]


def test_a_seat_observation_does_not_show_another_seats_pending_choice() -> None:
    """After seat 0 chose in secret, seat 1 observes the same vector whatever seat 0 chose."""
    seen = []
    for dial in range(3):
        env = rl.raw_env("dials", players=2)
        env.reset(seed=1)
        env.step(dial)
        assert env.agent_selection == "player_1"
        seen.append(env.observe("player_1")["observation"].tobytes())
    assert len(set(seen)) == 1


@pytest.mark.parametrize("game_id", ["dials", "skirmish"])
def test_one_seat_learns_against_bots_in_a_game_with_simultaneous_decisions(game_id: str) -> None:
    """The Gymnasium face: the bots decide for the other seats, also when they decide together with the learner."""
    env = rl.gym_env(game_id, players=3, seat=1, opponents="random")
    obs, _ = env.reset(seed=3)
    steps, done, reward = 0, False, 0.0
    while not done:
        legal = [i for i, ok in enumerate(env.action_masks()) if ok]
        assert legal and obs.shape == env.observation_space.shape
        obs, reward, terminated, truncated, _ = env.step(legal[steps % len(legal)])
        done = terminated or truncated
        steps += 1
    assert steps >= 1 and reward in (0.0, 0.5, 1.0, 1 / 3) and env.unwrapped.game.is_over()
