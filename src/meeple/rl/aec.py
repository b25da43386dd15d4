"""PettingZoo AEC environment for any registered Meeple game (`meeple.rl.env`).

Agents are `player_0` .. `player_{n-1}` (seat i is `player_i`). Each observation is a dict:
`observation`, the seat's encoded view (docs/rl.md), and `action_mask`, an int8 flag per entry of
the game's fixed action index. Rewards come at the end only: the winner gets 1, the others 0, and
winners of a shared win split 1 equally. See docs/rl.md for schedules, truncation and illegal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .core import SeatedEnv, agent_name
from .encoders import Encoder

SCHEDULES = ("turns", "cycles")


class MeepleAECEnv(SeatedEnv, AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A Meeple game as a PettingZoo AEC environment.

    schedule="turns" (default): the agent selected is the seat that must decide now, so a turn of
    several small decisions is several steps in a row by the same agent.
    schedule="cycles": every seat is selected once per cycle in seat order; a seat that does not
    decide then sees an all-zero mask and its action is ignored (the shape of simultaneous-move
    environments, and the one PettingZoo's `max_cycles_test` expects).
    max_cycles: truncate every agent after `max_cycles * players` agent steps (None: never).
    illegal: "lose" ends the game, the offender gets `illegal_reward` and the others 0; "ignore"
    refuses the action, gives the offender `illegal_reward` and goes on; "raise" raises IllegalAction.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "meeple_v0", "is_parallelizable": False}  # noqa: RUF012 (the frameworks read a dict)

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        schedule: str = "turns",
        max_cycles: int | None = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        render_seat: int | None = None,
        encoder: Encoder | None = None,
    ) -> None:
        super().__init__()
        if schedule not in SCHEDULES:
            raise ValueError(f"schedule must be one of {', '.join(SCHEDULES)}, not {schedule!r}")
        self._seat_table(game_id, players, options, max_cycles=max_cycles, cycle="cycles", illegal=illegal,
                         illegal_reward=illegal_reward, render_mode=render_mode, render_seat=render_seat,
                         encoder=encoder)
        self.schedule = schedule

    # -- PettingZoo API (spaces, `game`, render and close come with SeatedEnv) ------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` is the Meeple game seed. Reset `options` are not used."""
        self._new_episode(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._first_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        if seat in self.table.deciders():
            refused = self.table.act(seat, action)
            if refused is not None:
                self._illegal(agent, refused)
        self._steps += 1
        if not self.terminations[agent]:
            self._after_action()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- helpers -------------------------------------------------------------------------
    def _first_agent(self) -> str:
        if self.schedule == "cycles":
            return self.possible_agents[0]
        return agent_name(self.table.deciders()[0])

    def _after_action(self) -> None:
        game = self.table.current()
        if game.is_over():
            self._finish()
            return
        if self.max_cycles is not None and self._steps >= self.max_cycles * self.table.players:
            self.truncations = dict.fromkeys(self.agents, True)
            return
        if self.schedule == "cycles":
            seat = self._seat[self.agent_selection]
            self.agent_selection = self.possible_agents[(seat + 1) % self.table.players]
        else:
            self.agent_selection = agent_name(self.table.deciders()[0])

    def _finish(self) -> None:
        result = self.table.current().result()
        for seat, share in enumerate(self.table.shares()):
            self.rewards[agent_name(seat)] = share
        self.terminations = dict.fromkeys(self.agents, True)
        for a in self.agents:
            self.infos[a] = {**self.infos[a], "result": result.to_dict()}

    def _illegal(self, agent: str, reason: str) -> None:
        self.rewards[agent] = self.table.illegal_reward
        self.infos[agent] = {"illegal": reason}
        if self.table.illegal == "lose":
            self.terminations = dict.fromkeys(self.agents, True)


class OrderEnforced(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, which reads what every step asks (`last()`, `agents`,
    `agent_selection`) straight from the environment once it is reset. The base class finds each of them through
    `__getattr__`, after a failed lookup: eight times a step, a tenth of a City of Remnants step's work. Before the
    reset it answers (and refuses) as the base class does."""

    @property
    def agents(self) -> list[str]:
        return self.env.agents if self._has_reset else self.__getattr__("agents")  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if self._has_reset:
            return self.env.agent_selection  # type: ignore[no-any-return]
        return self.__getattr__("agent_selection")  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self.env.last(observe)  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return str(self.env)


def env(game_id: str, players: int = 2, options: Mapping[str, Any] | None = None, **kwargs: Any) -> AECEnv:
    """A PettingZoo AEC environment of a registered game, wrapped like PettingZoo's own environments.

    >>> from meeple import rl
    >>> e = rl.env("bluemooncity", players=2)
    >>> e.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> sorted(obs)
    ['action_mask', 'observation']
    """
    return OrderEnforced(raw_env(game_id, players, options, **kwargs))


def raw_env(game_id: str, players: int = 2, options: Mapping[str, Any] | None = None,
            **kwargs: Any) -> MeepleAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper (slightly faster)."""
    return MeepleAECEnv(game_id, players, options, **kwargs)
