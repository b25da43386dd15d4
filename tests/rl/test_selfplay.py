"""Self-play with Stable-Baselines3 (`meeple.rl.sb3`): the other seats are played by frozen copies of the policy.

Needs the ppo extra (PyTorch, sb3-contrib); skipped without it."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the ppo extra is not installed: pip install -e '.[ppo]'")

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from meeple import rl
from meeple.rl.sb3 import FrozenPolicy, SelfPlayCallback

torch.set_num_threads(1)


def _model(n_envs: int = 2) -> tuple[MaskablePPO, object]:
    envs = make_vec_env(lambda: rl.gym_env("bluemooncity", players=2, opponents="random", seat=None, max_steps=40),
                        n_envs=n_envs, seed=1)
    model = MaskablePPO("MlpPolicy", envs, n_steps=64, batch_size=64, n_epochs=1, seed=1,
                        policy_kwargs={"net_arch": [16]})
    return model, envs


def _probs(model: MaskablePPO, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs[None, :]), action_masks=mask[None, :])
        return dist.distribution.probs[0].numpy()


def test_self_play_refreshes_the_opponents_with_a_frozen_copy_every_n_decisions() -> None:
    model, envs = _model()
    callback = SelfPlayCallback(every=32, players=2)
    model.learn(128, callback=callback)
    # one copy when training starts, then one every 32 decisions (2 environments: 2 decisions per step)
    assert callback.copies == 1 + 128 // 32
    opponents = envs.get_attr("levels")
    assert len(opponents) == 2 and all(len(o) == 1 for o in opponents)
    assert isinstance(opponents[0][0], FrozenPolicy) and opponents[1][0] is opponents[0][0]


def test_a_frozen_copy_is_the_policy_at_the_time_and_later_training_leaves_it_alone() -> None:
    model, envs = _model()
    env = rl.gym_env("bluemooncity", players=2, opponents="random", seat=0)
    obs, _ = env.reset(seed=5)
    mask = env.action_masks()
    untrained = _probs(model, obs, mask)
    callback = SelfPlayCallback(every=10_000, players=2)
    model.learn(128, callback=callback)  # one copy at the start, then one update of the learner
    first = envs.get_attr("levels")[0][0]
    assert callback.copies == 1 and np.allclose(first.probabilities(obs, mask), untrained, atol=1e-6)
    assert not np.allclose(_probs(model, obs, mask), untrained, atol=1e-6)  # the learner has moved on
    callback.refresh()
    frozen = envs.get_attr("levels")[0][0]
    at_copy = frozen.probabilities(obs, mask)
    assert frozen is not first and np.allclose(at_copy, _probs(model, obs, mask), atol=1e-6)
    assert at_copy[~mask].sum() == 0.0 and at_copy.sum() == pytest.approx(1.0)
    with torch.no_grad():  # the learner changes ...
        for p in model.policy.parameters():
            p.add_(torch.randn_like(p))
    assert not np.allclose(_probs(model, obs, mask), at_copy, atol=1e-3)
    assert np.array_equal(frozen.probabilities(obs, mask), at_copy)  # ... its copy does not


def test_the_frozen_copy_plays_the_other_seat_from_its_own_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    model, _ = _model(1)
    frozen = FrozenPolicy(model, seed=3)
    calls: list[tuple[np.ndarray, np.ndarray, int]] = []
    original = FrozenPolicy.__call__

    def recording(self: FrozenPolicy, observation: np.ndarray, mask: np.ndarray) -> int:
        action = original(self, observation, mask)
        calls.append((observation, mask, action))
        return action

    monkeypatch.setattr(FrozenPolicy, "__call__", recording)
    env = rl.gym_env("bluemooncity", players=2, opponents="random", seat=0, max_steps=60)
    env.set_opponents([frozen])
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    done = False
    while not done:
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        done = terminated or truncated
    seat1 = [action for seat, action in env.game.full_log() if seat == 1]
    assert calls and len(calls) == len(seat1)  # every decision of seat 1 was the frozen copy's
    for observation, mask, action in calls:
        assert mask[action] and observation.shape == (2590,)
    assert [env.game.action_index(a) for a in seat1] == [a for _, _, a in calls]
