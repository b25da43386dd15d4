"""Shared helpers for the RL interface tests: random legal play of a game, and through the AEC API."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

import meeple
from meeple.engine import Game
from meeple.engine.rng import Stream


def random_game(game_id: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None,
                salt: int = 3) -> Game:
    """A game of `seed` after `steps` random legal actions (fewer if it ends first), drawn from `Stream(seed, salt)`."""
    game = meeple.new_game(game_id, players, seed, options)
    stream = Stream(seed, salt)
    for _ in range(steps):
        if game.is_over():
            break
        seat = game.deciders()[0]
        game.apply(seat, stream.choice(game.legal_indices(seat)))
    return game


def vectors_to_the_end(enc: Any, game: Game, stream: Stream) -> Iterator[np.ndarray]:
    """Play random legal actions from `stream` to the end of the game. At every position the deciding seat's vector
    and the spectator's have the encoder's fixed size, are float32 and lie within its bounds; the spectator's is
    yielded, before the action."""
    while not game.is_over():
        seat = game.deciders()[0]
        for viewer in (seat, None):
            vec = enc.encode(game.view(viewer))
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert vec.min() >= enc.low and vec.max() <= enc.high
        yield vec
        game.apply(seat, stream.choice(game.legal_indices(seat)))


def assert_only_the_view_counts(enc: Any, game: Game, redraws: int = 3) -> None:
    """Redrawing what a seat cannot see (the game's own sampler: other hands, deck orders, secret choices) leaves
    every seat's vector alone: the encoder reads the seat's view and nothing else."""
    for seat in range(game.players):
        mine = enc.encode(game.view(seat))
        for r in range(redraws):
            sampled = Game(game.rules, game.sample(seat, r), game.players, game.seed, game.options)
            assert np.array_equal(enc.encode(sampled.view(seat)), mine), (seat, r)


def seat_block(enc: Any, vec: np.ndarray, rel: int) -> np.ndarray:
    """The block of the relative seat `rel` (0: the viewer) in the encoder's `seats` field."""
    width = enc.seat_layout.size
    start = enc.layout.field("seats").offset + rel * width
    return vec[start:start + width]


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
