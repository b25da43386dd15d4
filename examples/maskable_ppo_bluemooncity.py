"""Train a maskable PPO agent (sb3-contrib) on Blue Moon City against Meeple bots, then measure it.

Needs PyTorch and sb3-contrib, which are not part of Meeple's extras:

    pip install -e '.[rl]' sb3-contrib

    python examples/maskable_ppo_bluemooncity.py --steps 20000 --opponents random
    python examples/maskable_ppo_bluemooncity.py --steps 200000 --players 3 --opponents greedy --save ppo_bmc

The learner takes a seat drawn at every reset; the other seats are bots of the level given. The
reward is 1 for a win, 0 for a loss and a share of 1 for a shared win, at the end of the game only.
"""

from __future__ import annotations

import argparse
import time

import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

from meeple import rl


def make_env(players: int, opponents: str, max_steps: int | None) -> rl.MeepleGymEnv:
    return rl.gym_env("bluemooncity", players=players, opponents=opponents, seat=None, max_steps=max_steps)


def evaluate(model: MaskablePPO, env: rl.MeepleGymEnv, games: int, seed: int) -> float:
    """Mean reward of the model over `games` games (1 = won every game)."""
    total = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        total += float(reward)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="bot level of the other seats (random, greedy, ...)")
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on")
    parser.add_argument("--max-steps", type=int, default=None, help="truncate an episode after this many decisions")
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="file to save the trained model to")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (a small MLP gains little from more)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = make_env(args.players, args.opponents, args.max_steps)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, gamma=1.0, seed=args.seed, verbose=1)
    before = evaluate(model, make_env(args.players, args.opponents, args.max_steps), args.eval_games, 10_000)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - start
    after = evaluate(model, make_env(args.players, args.opponents, args.max_steps), args.eval_games, 10_000)
    print(f"trained on {args.steps} decisions in {seconds:.0f} s ({args.steps / seconds:.0f} decisions/s)")
    print(f"mean reward over {args.eval_games} games against {args.opponents}: "
          f"{before:.2f} before training, {after:.2f} after (a fair share is {1 / args.players:.2f})")
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
