"""Shared helpers for the RL interface tests: random legal play through the AEC API."""

from __future__ import annotations

from typing import Any

import numpy as np


def play_aec(env: Any, seed: int, max_steps: int | None = None) -> dict[str, Any]:
    """Play random legal actions until the episode ends (or `max_steps`); return what was seen.

    Returns the final cumulative reward of every agent, the number of live steps and the
    terminations/truncations seen on each agent's last `last()`.
    """
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    ended: dict[str, tuple[bool, bool]] = {}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            ended[agent] = (terminated, truncated)
            env.step(None)
            continue
        if max_steps is not None and steps >= max_steps:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return {"rewards": totals, "steps": steps, "ended": ended}
