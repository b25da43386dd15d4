"""Gymnasium single-agent environment: one learning seat, Meeple bots in the other seats (`meeple.rl.gym_env`).

The observation is the seat's encoded view (a Box); the legal actions come from `action_masks()`
(the method sb3-contrib's MaskablePPO looks for) and from `info["action_mask"]`. The bots play
their turns inside `reset` and `step`, so every step of the learner is one of its own decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeple.agents import Agent, make_agent

from .core import Table
from .encoders import Encoder


class MeepleGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A Meeple game from one seat against bots.

    seat: the learner's seat, or None for a seat drawn at every reset (to learn every position).
    opponents: one bot level for every other seat, or a list with one level per other seat in seat order.
    max_steps: truncate after that many decisions of the learner (None: play to the end).
    illegal: "lose" (default; reward `illegal_reward`, episode over), "ignore" (reward
    `illegal_reward`, nothing happens) or "raise".
    """

    # A text table has no frame rate; Gymnasium asks for one when rendering for people.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 (the frameworks read a dict)

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "random",
        max_steps: int | None = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        encoder: Encoder | None = None,
    ) -> None:
        self.table = Table(game_id, players, options, encoder, illegal, illegal_reward)
        n = self.table.players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be a number from 0 to {n - 1} or None, not {seat!r}")
        levels = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponent levels, not {len(levels)}: {levels!r}")
        for level in levels:
            make_agent(level, seed=0)  # an unknown level fails here with the list of valid ones
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.levels = levels
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = self.table.observation_box
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.bots: dict[int, Agent] = {}
        self._steps = 0

    @property
    def game(self) -> Any:
        return self.table.current()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a game (`seed` is the Meeple game seed; bots are seeded from it) and play the bots up to
        the learner's first decision. Reset `options` are not used."""
        super().reset(seed=seed)
        game = self.table.new_game(seed)
        if self.fixed_seat is None:
            self.seat = int(self.table.np_random.integers(0, self.table.players))
        others = [s for s in range(self.table.players) if s != self.seat]
        self.bots = {s: make_agent(level, seed=game.seed * 8 + s) for s, level in zip(others, self.levels, strict=True)}
        self._steps = 0
        self._play_bots()
        return self.table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.table.current()
        if game.is_over():
            raise RuntimeError("the episode is over: call reset() first")
        refused = self.table.act(self.seat, action)
        self._steps += 1
        if refused is not None:
            info = {**self._info(), "illegal": refused}
            lost = self.table.illegal == "lose"
            return self.table.observation(self.seat), self.table.illegal_reward, lost, self._truncated(lost), info
        self._play_bots()
        reward = self.table.shares()[self.seat] if game.is_over() else 0.0
        if self.render_mode == "human":
            self.render()
        return self.table.observation(self.seat), reward, game.is_over(), self._truncated(game.is_over()), self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now, as booleans over the action index (for MaskablePPO)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='human' or 'ansi'")
            return None
        text = self.table.render(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    # -- helpers -------------------------------------------------------------------------
    def _play_bots(self) -> None:
        game = self.table.current()
        while not game.is_over() and self.seat not in game.deciders():
            seat = game.deciders()[0]
            game.apply(seat, self.bots[seat].choose(game.seat_table(seat)))

    def _truncated(self, over: bool) -> bool:
        return not over and self.max_steps is not None and self._steps >= self.max_steps

    def _info(self) -> dict[str, Any]:
        game = self.table.current()
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat), "seat": self.seat}
        if game.is_over():
            info["result"] = game.result().to_dict()
        return info


def gym_env(game_id: str, players: int = 2, options: Mapping[str, Any] | None = None,
            **kwargs: Any) -> MeepleGymEnv:
    """A Gymnasium environment of a registered game, the other seats played by bots.

    >>> from meeple import rl
    >>> e = rl.gym_env("bluemooncity", players=2, opponents="greedy")
    >>> obs, info = e.reset(seed=3)
    >>> bool(e.action_masks().any())
    True
    """
    return MeepleGymEnv(game_id, players, options, **kwargs)


def register_gymnasium() -> list[str]:
    """Register every Meeple game with Gymnasium as `meeple/<game id>-v<rules version>`; return the ids.

    >>> import gymnasium
    >>> e = gymnasium.make("meeple/bluemooncity-v2", players=3, opponents="random")
    """
    from meeple.engine import game_ids, get_rules

    ids = []
    for gid in game_ids():
        env_id = f"meeple/{gid}-v{get_rules(gid).spec.version}"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="meeple.rl.single_agent:MeepleGymEnv", kwargs={"game_id": gid})
        ids.append(env_id)
    return ids
