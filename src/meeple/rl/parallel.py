"""PettingZoo Parallel environment for any registered Meeple game (`meeple.rl.parallel_env`).

Every live agent sends an action at every step. The seats that must decide when the step begins
act, in seat order (their masks are the legal actions); the others see an all-zero mask and their
actions are ignored. This is the natural shape for games where several seats choose in secret at
once, and a faithful if slower one for turn-based games. Observations, rewards and illegal-action
policies are those of the AEC environment (docs/rl.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from .core import SeatedEnv, agent_name
from .encoders import Encoder

Obs = dict[str, np.ndarray]


class MeepleParallelEnv(SeatedEnv, ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """A Meeple game as a PettingZoo Parallel environment; `max_cycles` truncates after that many steps."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "meeple_v0"}  # noqa: RUF012 (the frameworks read a dict)

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        max_cycles: int | None = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        render_seat: int | None = None,
        encoder: Encoder | None = None,
    ) -> None:
        self._seat_table(game_id, players, options, max_cycles=max_cycles, cycle="steps", illegal=illegal,
                         illegal_reward=illegal_reward, render_mode=render_mode, render_seat=render_seat,
                         encoder=encoder)
        self.agents = []

    # Spaces, `game`, render and close come with SeatedEnv.
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Start a new game; `seed` is the Meeple game seed. Reset `options` are not used."""
        self._new_episode(seed)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[
        dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        game = self.table.current()
        if not self.agents:
            raise RuntimeError("the episode is over: call reset() first")
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        lost = False
        for seat in game.deciders():
            agent = agent_name(seat)
            if seat not in game.deciders():
                continue  # an earlier seat's action this step changed who decides
            if agent not in actions:
                raise ValueError(f"{agent} must act now (deciding: {game.deciders()})")
            refused = self.table.act(seat, actions[agent])
            if refused is not None:
                rewards[agent] = self.table.illegal_reward
                infos[agent] = {"illegal": refused}
                lost = self.table.illegal == "lose"
                if lost:
                    break
        self._steps += 1
        over = lost or game.is_over()
        if game.is_over():
            result = game.result().to_dict()
            rewards = {agent_name(s): share for s, share in enumerate(self.table.shares())}
            infos = {a: {**infos[a], "result": result} for a in self.agents}
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Obs]:
        return {a: self.table.observe(s) for s, a in enumerate(self.possible_agents) if a in self.agents}


def parallel_env(game_id: str, players: int = 2, options: Mapping[str, Any] | None = None,
                 **kwargs: Any) -> MeepleParallelEnv:
    """A PettingZoo Parallel environment of a registered game (every seat sends an action each step)."""
    return MeepleParallelEnv(game_id, players, options, **kwargs)
