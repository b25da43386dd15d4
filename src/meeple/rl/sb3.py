"""Stable-Baselines3 helpers for the Gymnasium face: a frozen copy of a policy as an opponent, and self-play.

Needs PyTorch and Stable-Baselines3 (with sb3-contrib for MaskablePPO): `pip install -e '.[ppo]'`. Nothing else in
Meeple imports this module.

>>> from sb3_contrib import MaskablePPO
>>> from meeple import rl
>>> from stable_baselines3.common.env_util import make_vec_env
>>> envs = make_vec_env(lambda: rl.gym_env("bluemooncity", players=2, opponents="random", seat=None), n_envs=4)
>>> model = MaskablePPO("MlpPolicy", envs)
>>> model.learn(100_000, callback=SelfPlayCallback(every=20_000, players=2))   # doctest: +SKIP
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import torch
from stable_baselines3.common.callbacks import BaseCallback


class FrozenPolicy:
    """A copy of a model's policy as it is now, as an opponent policy `(observation, mask) -> action index`.

    Later training of the model does not change it. It samples its action from the masked distribution (an arg-max
    with `deterministic=True`), with its own seeded random generator. It pickles, so vector environments in other
    processes can take it.
    """

    def __init__(self, model: Any, seed: int = 0, deterministic: bool = False) -> None:
        self.policy = copy.deepcopy(model.policy).eval()
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's action probabilities for one observation, illegal actions at 0."""
        with torch.no_grad():
            obs = torch.as_tensor(np.asarray(observation, dtype=np.float32)).unsqueeze(0)
            dist = self.policy.get_distribution(obs, action_masks=np.asarray(mask, dtype=bool)[None, :])
            probs = dist.distribution.probs[0].numpy().astype(np.float64)
        return probs / probs.sum()  # type: ignore[no-any-return]

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        probs = self.probabilities(observation, mask)
        if self.deterministic:
            return int(np.argmax(probs))
        return int(self.rng.choice(len(probs), p=probs))


class SelfPlayCallback(BaseCallback):
    """Self-play: every `every` decisions of training, the opponents of every training environment become a frozen
    copy of the policy as it is then (`FrozenPolicy`); each environment takes them from its next reset.

    `players` is the number of seats of the game (the learner and `players - 1` opponents). The first copy is made
    when training starts unless `at_start=False` (then the opponents given to the environments play until the first
    refresh). `copies` counts the copies made.
    """

    def __init__(self, every: int, players: int, at_start: bool = True, seed: int = 0) -> None:
        super().__init__()
        if every < 1:
            raise ValueError(f"every must be a positive number of decisions, not {every!r}")
        self.every = every
        self.players = players
        self.at_start = at_start
        self.seed = seed
        self.copies = 0
        self._last = 0

    def _on_training_start(self) -> None:
        self._last = self.num_timesteps
        if self.at_start:
            self.refresh()

    def _on_step(self) -> bool:
        if self.num_timesteps - self._last >= self.every:
            self._last = self.num_timesteps
            self.refresh()
        return True

    def refresh(self) -> None:
        """Freeze the policy as it is now and make it every opponent of every training environment."""
        self.copies += 1
        frozen = FrozenPolicy(self.model, seed=self.seed * 1_000_003 + self.copies)
        self.training_env.env_method("set_opponents", [frozen] * (self.players - 1))


__all__ = ["FrozenPolicy", "SelfPlayCallback"]
