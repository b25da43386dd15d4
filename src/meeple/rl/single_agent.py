"""Gymnasium single-agent environment: one learning seat, Meeple bots in the other seats (`meeple.rl.gym_env`).

The observation is the seat's encoded view (a Box); the legal actions come from `action_masks()`
(the method sb3-contrib's MaskablePPO looks for) and from `info["action_mask"]`. The bots play
their turns inside `reset` and `step`, so every step of the learner is one of its own decisions.
An opponent is a bot level, or a policy over observations (`PolicyOpponent`, e.g. a frozen copy of the
learner for self-play).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeple.agents import Agent, make_agent
from meeple.engine.table import SeatTable

from .core import Table
from .encoders import Encoder

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy of the RL faces: (observation, action mask as booleans) -> action index."""


class PolicyOpponent(Agent):
    """A seat played by a policy over encoded observations (for self-play: a frozen copy of the learner).

    `policy(observation, mask)` sees exactly what the learner would see in that seat: the encoded view and
    the legal actions; it returns an action index.
    """

    level = "policy"

    def __init__(self, policy: Policy, encoder: Encoder, seed: int = 0) -> None:
        super().__init__(seed)
        self.policy = policy
        self.encoder = encoder

    def choose(self, table: SeatTable) -> str:
        legal = table.legal_indices()
        mask = np.zeros(len(table.rules.actions), dtype=bool)
        mask[legal] = True
        action = int(self.policy(self.encoder.encode(table.view()), mask))
        if not mask[action]:
            raise ValueError(f"the opponent policy chose action {action}, which is not legal now")
        return table.action_text(action)


class MeepleGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A Meeple game from one seat against bots.

    seat: the learner's seat, or None for a seat drawn at every reset (to learn every position).
    opponents: one bot level for every other seat, or a list with one level per other seat in seat order.
    max_steps: truncate after that many decisions of the learner (None: play to the end).
    shaping: weight of an optional dense reward (0: rewards at the end only). Each step then also pays
    `shaping * (evaluate(after) - evaluate(before))`, the change of the game's own heuristic value of the
    position for the learner (`Rules.evaluate`, in [0, 1]) between two of its decisions: a potential-based
    shaping, so over a whole game it adds only `shaping * (evaluate(end) - evaluate(start))` and leaves the
    best policy unchanged. The value reads the full state: it is a training signal, not an observation.
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
        opponents: str | Sequence[str | Policy] = "random",
        max_steps: int | None = None,
        shaping: float = 0.0,
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
            if not callable(level):
                make_agent(level, seed=0)  # an unknown level fails here with the list of valid ones
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.levels = levels
        self.max_steps = max_steps
        self.shaping = float(shaping)
        self._potential = 0.0
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
        self.bots = {s: self._opponent(level, game.seed * 8 + s) for s, level in zip(others, self.levels, strict=True)}
        self._steps = 0
        self._play_bots()
        self._potential = self._value()
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
        if self.shaping:
            potential = self._value()
            reward += self.shaping * (potential - self._potential)
            self._potential = potential
        if self.render_mode == "human":
            self.render()
        return self.table.observation(self.seat), reward, game.is_over(), self._truncated(game.is_over()), self._info()

    def set_opponents(self, opponents: str | Sequence[str | Policy]) -> None:
        """Replace the opponents from the next reset (self-play: the latest frozen copy of the policy)."""
        levels = [opponents] * (self.table.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != self.table.players - 1:
            raise ValueError(f"{self.table.players} players need {self.table.players - 1} opponents, not {len(levels)}")
        self.levels = levels

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now, as booleans over the action index (for MaskablePPO).

        When the game is over, every action is marked valid: no action is legal any more, and the action a
        vectorised environment sends then is dropped by its automatic reset; an all-zero mask would make a
        masked policy's distribution undefined (NaN) for that step."""
        return self._mask().astype(bool)

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
            game.apply(seat, self.bots[seat].choose(game.seat_table(seat)), quiet=True)

    def _mask(self) -> np.ndarray:
        if self.table.current().is_over():
            return np.ones(self.table.num_actions, dtype=np.int8)
        return self.table.mask(self.seat)

    def _opponent(self, level: str | Policy, seed: int) -> Agent:
        if callable(level):
            return PolicyOpponent(level, self.table.encoder, seed)
        return make_agent(level, seed=seed)

    def _value(self) -> float:
        game = self.table.current()
        return float(game.rules.evaluate(game.state, self.seat)) if self.shaping else 0.0

    def _truncated(self, over: bool) -> bool:
        return not over and self.max_steps is not None and self._steps >= self.max_steps

    def _info(self) -> dict[str, Any]:
        game = self.table.current()
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat}
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
