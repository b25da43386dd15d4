"""What training needs from the Gymnasium face: a dense reward, vector environments, policies as opponents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

from engine.games import registered  # noqa: E402
from meeple import rl  # noqa: E402


@pytest.fixture
def test_games() -> Iterator[None]:
    with registered():
        yield


def _episode(env: rl.MeepleGymEnv, seed: int) -> tuple[list[float], list[int]]:
    """Rewards of one whole episode with random legal actions drawn from `seed`."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, actions = [], []
    while True:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, _ = env.step(action)
        rewards.append(reward)
        actions.append(action)
        if terminated or truncated:
            return rewards, actions


def test_the_dense_reward_is_the_change_of_the_games_evaluation() -> None:
    plain = rl.gym_env("bluemooncity", players=2, opponents="random", seat=0, max_steps=120)
    shaped = rl.gym_env("bluemooncity", players=2, opponents="random", seat=0, max_steps=120, shaping=2.0)
    shaped.reset(seed=4)
    start = shaped.game.rules.evaluate(shaped.game.state, 0)
    base, played = _episode(plain, 4)
    dense, played_again = _episode(shaped, 4)
    assert played == played_again  # the shaping changes rewards only, never the game
    end = shaped.game.rules.evaluate(shaped.game.state, 0)
    assert sum(dense) - sum(base) == pytest.approx(2.0 * (end - start))
    assert any(r != 0.0 for r in dense[:-1]) and all(r == 0.0 for r in base[:-1])


def test_a_finished_game_offers_every_action_so_that_vector_autoreset_can_sample(test_games: None) -> None:
    """At the end of an episode a vector environment still asks for an action, which its reset drops: the mask
    then allows every action instead of none (an all-zero mask leaves a masked policy undefined)."""
    envs = gymnasium.vector.SyncVectorEnv([lambda: rl.gym_env("skirmish", players=2, opponents="random")] * 2)
    _, info = envs.reset(seed=[3, 4])
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400):
        assert info["action_mask"].any(axis=1).all()
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]])
        _, _, terminated, _, info = envs.step(actions)
        for i in np.flatnonzero(terminated):
            ends += 1
            assert info["action_mask"][i].all()
    assert ends >= 2


def test_make_vec_builds_vector_environments_from_the_registry() -> None:
    envs = gymnasium.make_vec("meeple/bluemooncity-v2", num_envs=2, vectorization_mode="sync", players=2,
                              opponents="random", max_steps=5)
    obs, info = envs.reset(seed=[1, 2])
    assert obs.shape == (2, 2590) and info["action_mask"].shape == (2, 585)
    truncated_seen = False
    for _ in range(6):
        actions = np.array([int(np.flatnonzero(m)[0]) for m in info["action_mask"]])
        obs, _, _, truncated, info = envs.step(actions)
        truncated_seen |= bool(truncated.all())
    assert truncated_seen
    envs.close()


def test_a_policy_plays_the_other_seats_from_their_own_observation() -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])

    env = rl.gym_env("bluemooncity", players=3, opponents=[first_legal, "random"], seat=0, max_steps=60)
    _episode(env, 5)
    assert seen and all(obs.shape == (2590,) and mask.dtype == bool and mask.any() for obs, mask in seen)
    assert {seat for seat, _ in env.game.full_log()} == {0, 1, 2}
    env.set_opponents([first_legal, first_legal])
    count = len(seen)
    _episode(env, 6)
    assert len(seen) > count


def test_a_policy_choosing_an_illegal_action_is_refused_with_a_reason() -> None:
    def illegal(observation: np.ndarray, mask: np.ndarray) -> Any:
        return int(np.flatnonzero(~mask)[0])

    env = rl.gym_env("bluemooncity", players=2, opponents=[illegal], seat=1)
    with pytest.raises(ValueError, match="not legal"):
        _episode(env, 1)


def _supersuit_run(seed: int, steps: int, games: int) -> tuple[list[np.ndarray], list[np.ndarray], int]:
    """Drive SuperSuit's vector environment over `rl.parallel_env` (2 games of 2 seats: 4 rows) with random legal
    actions for `steps` steps or until `games` games have finished; the observations and rewards seen, and the
    number of games finished."""
    supersuit = pytest.importorskip("supersuit", reason="SuperSuit is part of the rl extra")
    venv = supersuit.pettingzoo_env_to_vec_env_v1(rl.parallel_env("bluemooncity", players=2))
    venv = supersuit.concat_vec_envs_v1(venv, 2, num_cpus=0, base_class="gymnasium")
    obs, _ = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, rewards, ends = [], [], 0
    for _ in range(steps):
        masks = obs["action_mask"]
        assert masks.shape == (4, 585) and obs["observation"].shape == (4, 2590)
        for game in (0, 1):  # in each game exactly the seat that decides has legal actions
            assert [bool(m.any()) for m in masks[2 * game:2 * game + 2]].count(True) == 1
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
        obs, reward, terminated, truncated, _ = venv.step(actions)
        assert not truncated.any()  # no max_cycles: games end only by the rules
        seen.append(obs["observation"].copy())
        rewards.append(reward.copy())
        for game in (0, 1):
            done = terminated[2 * game:2 * game + 2]
            assert done[0] == done[1]  # both seats of a game end together
            if done[0]:
                ends += 1
                assert reward[2 * game:2 * game + 2].sum() == pytest.approx(1.0)  # the win shares
        if ends >= games:
            break
    venv.close()
    return seen, rewards, ends


def test_supersuit_vectorises_the_parallel_environment() -> None:
    """SuperSuit's `pettingzoo_env_to_vec_env_v1` + `concat_vec_envs_v1` over `rl.parallel_env`: one row per seat
    and game, the dict observation stacked, games reset by themselves when they end, and the same seed and actions
    give the same run."""
    seen, rewards, ends = _supersuit_run(3, 6000, games=2)
    assert ends >= 2
    again, rewards_again, _ = _supersuit_run(3, len(seen), games=99)
    assert all(np.array_equal(a, b) for a, b in zip(seen, again, strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(rewards, rewards_again, strict=True))
