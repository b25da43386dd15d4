"""Train a maskable PPO agent (sb3-contrib) on Blue Moon City against Meeple bots or itself, then measure it.

Needs PyTorch and sb3-contrib, which are not part of Meeple's extras:

    pip install -e '.[rl]' sb3-contrib

    python examples/maskable_ppo_bluemooncity.py --steps 20000 --opponents random --shaping 1
    python examples/maskable_ppo_bluemooncity.py --steps 200000 --self-play 20000 --save ppo_bmc

The learner takes a seat drawn at every reset; the other seats are bots of the level given, or, with
`--self-play N`, frozen copies of the learner's own policy refreshed every N decisions. The reward is 1 for
a win, 0 for a loss and a share of 1 for a shared win, at the end of the game; `--shaping W` adds the dense
reward of `MeepleGymEnv` (W times the change of the game's own evaluation of the position).

The evaluation plays whole games against `random` and `greedy` with the policy *sampling* its actions (a
deterministic arg-max over a masked policy can loop on a weak action and hide what the policy learnt) and
prints the win rate with its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import copy
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from meeple import rl
from meeple.arena.stats import wilson

GAME = "bluemooncity"


def make_env(players: int, opponents: str, shaping: float, max_steps: int | None) -> rl.MeepleGymEnv:
    return rl.gym_env(GAME, players=players, opponents=opponents, seat=None, shaping=shaping, max_steps=max_steps)


def frozen_policy(model: MaskablePPO, seed: int) -> Callable[[np.ndarray, np.ndarray], int]:
    """A copy of the model's current policy that samples an action; later training does not change it."""
    policy = copy.deepcopy(model.policy).eval()
    generator = torch.Generator().manual_seed(seed)

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            obs = torch.as_tensor(observation, dtype=torch.float32).unsqueeze(0)
            dist = policy.get_distribution(obs, action_masks=mask[None, :])
            probs = dist.distribution.probs[0]
            return int(torch.multinomial(probs, 1, generator=generator))

    return act


class SelfPlay(BaseCallback):
    """Every `every` decisions, the opponents become a frozen copy of the policy as it is now."""

    def __init__(self, env: rl.MeepleGymEnv, every: int) -> None:
        super().__init__()
        self.env_ = env
        self.every = every
        self.copies = 0

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            self.copies += 1
            self.env_.set_opponents([frozen_policy(self.model, self.copies)] * (self.env_.table.players - 1))
        return True


def win_rate(model: MaskablePPO, players: int, opponents: str, games: int, seed: int) -> dict[str, Any]:
    """Play `games` whole games (seeds seed, seed+1, ...) with the policy sampling; wins with a 95 % interval."""
    env = make_env(players, opponents, 0.0, None)
    wins = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += float(reward)
    low, high = wilson(wins, games)
    return {"opponents": opponents, "games": games, "wins": wins, "win_rate": wins / games, "ci95": (low, high)}


def report(label: str, r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return (f"{label} against {r['opponents']}: won {r['wins']:g} of {r['games']} games = {r['win_rate']:.1%} "
            f"(95% CI {low:.1%}-{high:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="bot level of the other seats (random, greedy, ...)")
    parser.add_argument("--self-play", type=int, default=0, metavar="N",
                        help="opponents are frozen copies of the policy, refreshed every N decisions (0: bots)")
    parser.add_argument("--shaping", type=float, default=0.0, help="weight of the dense reward (0: end reward only)")
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on")
    parser.add_argument("--max-steps", type=int, default=None, help="truncate an episode after this many decisions")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random (and a quarter as many "
                        "against greedy)")
    parser.add_argument("--skip-before", action="store_true", help="do not measure the untrained policy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="file to save the trained model to")
    parser.add_argument("--load", default=None, help="evaluate a saved model instead of training one")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (a small MLP gains little from more)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = make_env(args.players, args.opponents, args.shaping, args.max_steps)
    if args.load:
        model = MaskablePPO.load(args.load, env=env)
    else:
        model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, n_epochs=4, gamma=0.999,
                            learning_rate=3e-4, ent_coef=0.01, seed=args.seed, verbose=1)
        if not args.skip_before:
            print(report("untrained", win_rate(model, args.players, "random", 20, 10_000)), flush=True)
        callbacks = [SelfPlay(env, args.self_play)] if args.self_play else []
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps, callback=callbacks)
        seconds = time.perf_counter() - start
        print(f"trained on {args.steps} decisions in {seconds:.0f} s ({args.steps / seconds:.0f} decisions/s)",
              flush=True)
        if args.save:
            model.save(args.save)
    print(report("trained", win_rate(model, args.players, "random", args.eval_games, 10_000)), flush=True)
    print(report("trained", win_rate(model, args.players, "greedy", max(1, args.eval_games // 4), 20_000)),
          flush=True)


if __name__ == "__main__":
    main()
