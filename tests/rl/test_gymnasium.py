"""The single-agent Gymnasium environment passes Gymnasium's check_env and plays against Meeple bots."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple  # noqa: E402
from meeple import rl  # noqa: E402


def _play(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert list(np.flatnonzero(mask)) == env.game.legal_indices(env.seat)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            return reward, terminated, truncated, info, steps
        assert reward == 0.0


def test_check_env_passes():
    with pytest.warns(UserWarning, match="spec"):  # without gymnasium.make there is no spec to test render modes
        check_env(rl.gym_env("bluemooncity", players=2, opponents="random"))


def test_check_env_passes_through_the_gymnasium_registry():
    env = gymnasium.make("meeple/bluemooncity-v2", players=3, opponents="greedy", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=1)
    assert "Obelisk" in env.render()


def test_a_game_against_bots_ends_with_the_learners_share():
    env = rl.gym_env("bluemooncity", players=3, opponents=["greedy", "random"], seat=1)
    reward, terminated, truncated, info, _ = _play(env, seed=12)
    assert terminated and not truncated
    result = env.game.result()
    assert reward == rl.outcome_shares(result, 3)[1]
    assert info["result"] == result.to_dict()
    # every seat but the learner's was played by a bot
    assert {seat for seat, _ in env.game.full_log()} == {0, 1, 2}


def test_the_learners_seat_may_change_every_episode():
    env = rl.gym_env("bluemooncity", players=4, seat=None)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.seat in env.game.deciders()
    assert len(seats) > 1


def test_same_seed_same_episode():
    a = rl.gym_env("bluemooncity", players=2, opponents="greedy", max_steps=40)
    b = rl.gym_env("bluemooncity", players=2, opponents="greedy", max_steps=40)
    ra, rb = _play(a, seed=3), _play(b, seed=3)
    assert ra[2] and rb[2]  # truncated after 40 decisions of the learner
    assert a.game.full_log() == b.game.full_log()
    assert ra[4] == 40


def test_illegal_action_policy():
    env = rl.gym_env("bluemooncity", players=2)
    env.reset(seed=4)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "illegal" in info
    strict = rl.gym_env("bluemooncity", players=2, illegal="raise")
    strict.reset(seed=4)
    with pytest.raises(meeple.IllegalAction):
        strict.step(illegal)


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="opponent levels"):
        rl.gym_env("bluemooncity", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="unknown bot level"):
        rl.gym_env("bluemooncity", players=2, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("bluemooncity", players=2, seat=2)
