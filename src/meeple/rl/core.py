"""What the PettingZoo, Gymnasium and OpenSpiel faces share: seats, spaces, observations, rewards, illegal moves."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

import meeple
from meeple.engine import Game, IllegalAction, Result, get_rules

from .encoders import Encoder, make_encoder

ILLEGAL_POLICIES = ("lose", "ignore", "raise")
MAX_SEED = 2**31 - 1


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat: `player_0`, `player_1`, ..."""
    return f"player_{seat}"


def outcome_shares(result: Result, players: int) -> list[float]:
    """Reward of each seat at the end: 1 to the winner, 0 to the others; winners share 1 equally.

    A draw with no winner named counts every seat as a winner (each gets 1 / players).
    """
    winners = list(result.winners) or (list(range(players)) if result.draw else [])
    shares = [0.0] * players
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def as_action_index(action: Any) -> int:
    """The integer of an action given as int, NumPy integer or 0-d / one-element array."""
    if isinstance(action, np.ndarray) and action.size == 1:
        action = action.reshape(())
    if isinstance(action, bool | np.bool_):
        raise TypeError(f"an action is an integer of the action index, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer of the action index, not {action!r}") from None


class Table:
    """One game seen through the RL faces: the encoder, the spaces, seeding and the illegal-action policy."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None,
        encoder: Encoder | None = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
    ) -> None:
        rules = get_rules(game_id)
        self.game_id = game_id
        self.spec = rules.spec
        self.players = self.spec.check_players(players)
        self.options = self.spec.normalise_options(options)
        if illegal not in ILLEGAL_POLICIES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.encoder = encoder or make_encoder(game_id, self.players, self.options)
        self._encode_state = getattr(self.encoder, "encode_state", None)
        self.num_actions = len(rules.actions)
        self.observation_box = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        self.mask_box = spaces.Box(0, 1, (self.num_actions,), np.int8)
        self._np_random: np.random.Generator | None = None
        self.game: Game | None = None
        # What the position the game is at now asks: its deciders and their legal actions, listed once per position
        # (every action of the facade makes a new state object, so the state it was read from identifies it).
        self._read: Any = None
        self._deciders: list[int] = []
        self._legal: dict[int, list[int]] = {}

    # -- episodes --------------------------------------------------------------------
    def new_game(self, seed: int | None) -> Game:
        """Start a game. An explicit seed is the Meeple game seed itself (so `reset(seed=7)` plays
        `meeple.new_game(..., seed=7)`) and reseeds the stream that picks the seeds of later resets."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            game_seed = int(self._np_random.integers(0, MAX_SEED))
        self.game = meeple.new_game(self.game_id, self.players, game_seed, self.options)
        return self.game

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None:
            self._np_random, _ = seeding.np_random(None)
        return self._np_random

    def current(self) -> Game:
        if self.game is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self.game

    # -- what the position asks, read once --------------------------------------------
    def _position(self, game: Game) -> None:
        if self._read is not game.state:
            self._read = game.state
            self._deciders = game.deciders()
            self._legal = {}

    def deciders(self) -> list[int]:
        """The seats that must act now (read once per position; do not change the list)."""
        self._position(self.current())
        return self._deciders

    def legal(self, seat: int) -> list[int]:
        """The legal action indices of a seat now, ascending; empty when it does not decide (read once per
        position; do not change the list)."""
        game = self.current()
        self._position(game)
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = game.legal_indices(seat) if seat in self._deciders else []
        return legal

    # -- what a seat sees --------------------------------------------------------------
    def observation(self, seat: int) -> np.ndarray:
        game = self.current()
        if self._encode_state is not None:  # the same vector, read from the state without building the view
            return self._encode_state(game.rules, game.state, seat)  # type: ignore[no-any-return]
        return self.encoder.encode(game.view(seat))

    def mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask.put(self.legal(seat), 1)  # cheaper than indexing with the list
        return mask

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.observation(seat), "action_mask": self.mask(seat)}

    # -- acting -------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> str | None:
        """Apply a seat's action. Return None, or why it was refused (policies `lose` and `ignore`)."""
        idx = as_action_index(action)
        game = self.current()
        try:
            if not 0 <= idx < self.num_actions:
                raise IllegalAction(f"action index {idx} is outside 0..{self.num_actions - 1}")
            # the seat's legal actions, when this position's were read already (the mask): no second listing;
            # quiet: nothing here reads the events, which the game works out if anyone asks for them later
            game.apply(seat, idx, self._legal.get(seat) if self._read is game.state else None, quiet=True)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return str(exc)
        return None

    def shares(self) -> list[float]:
        return outcome_shares(self.current().result(), self.players)

    def render(self, seat: int | None) -> str:
        return self.current().render(seat, color=False)


class SeatedEnv:
    """What the PettingZoo AEC and Parallel environments share: the table, one agent per seat with its spaces,
    the step count of an episode, rendering. Mixed in before the PettingZoo base class."""

    metadata: dict[str, Any]
    agents: list[str]

    def _seat_table(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None,
        *,
        max_cycles: int | None,
        cycle: str,
        illegal: str,
        illegal_reward: float,
        render_mode: str | None,
        render_seat: int | None,
        encoder: Encoder | None,
    ) -> None:
        """Check the settings and lay the table; `cycle` is what `max_cycles` counts (for the error message)."""
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive number of {cycle} or None, not {max_cycles!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.table = Table(game_id, players, options, encoder, illegal, illegal_reward)
        self.metadata = {**self.metadata, "name": f"meeple_{game_id}_v{self.table.spec.version}"}
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({"observation": self.table.observation_box, "action_mask": self.table.mask_box})
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents}
        self._steps = 0

    def _new_episode(self, seed: int | None) -> None:
        """A new game at the table with every seat in it and no step taken."""
        self.table.new_game(seed)
        self.agents = self.possible_agents[:]
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Any:
        """The Meeple game being played (for inspection; act through `step`)."""
        return self.table.current()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='human' or 'ansi'")
            return None
        text = self.table.render(self.render_seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
