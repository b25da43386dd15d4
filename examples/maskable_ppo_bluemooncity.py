"""Train a maskable PPO agent (sb3-contrib) on Blue Moon City against Meeple bots or itself, then measure it.

Needs PyTorch and sb3-contrib (the `ppo` extra; CPU PyTorch is enough):

    pip install -e '.[ppo]'

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
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from meeple import rl
from meeple.arena.stats import wilson
from meeple.rl.sb3 import SelfPlayCallback

GAME = "bluemooncity"


def make_env(players: int, opponents: str, shaping: float, max_steps: int | None) -> rl.MeepleGymEnv:
    return rl.gym_env(GAME, players=players, opponents=opponents, seat=None, shaping=shaping, max_steps=max_steps)


def win_rate(model: MaskablePPO, players: int, opponents: str, games: int, seed: int, batch: int = 16
             ) -> dict[str, Any]:
    """Play `games` whole games (seeds seed, seed+1, ...) with the policy sampling, `batch` games at a time (one
    forward pass for all of them); the wins with a 95 % interval."""
    wins = 0.0
    for first in range(0, games, batch):
        envs = [make_env(players, opponents, 0.0, None) for _ in range(min(batch, games - first))]
        obs = [env.reset(seed=seed + first + i)[0] for i, env in enumerate(envs)]
        live = list(range(len(envs)))
        while live:
            actions, _ = model.predict(np.stack([obs[i] for i in live]), deterministic=False,
                                       action_masks=np.stack([envs[i].action_masks() for i in live]))
            for i, action in zip(list(live), actions, strict=True):
                obs[i], reward, terminated, truncated, _ = envs[i].step(int(action))
                if terminated or truncated:
                    wins += float(reward)
                    live.remove(i)
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
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together (one forward pass of "
                        "the policy for all of them)")
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

    envs = make_vec_env(lambda: make_env(args.players, args.opponents, args.shaping, args.max_steps),
                        n_envs=args.envs, seed=args.seed)
    if args.load:
        model = MaskablePPO.load(args.load, env=envs)
    else:
        model = MaskablePPO("MlpPolicy", envs, n_steps=max(1, 2048 // args.envs), batch_size=256, n_epochs=4,
                            gamma=0.999, learning_rate=3e-4, ent_coef=0.01, seed=args.seed, verbose=1)
        if not args.skip_before:
            print(report("untrained", win_rate(model, args.players, "random", 20, 10_000)), flush=True)
        callbacks = [SelfPlayCallback(args.self_play, args.players, seed=args.seed)] if args.self_play else []
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps, callback=callbacks)
        seconds = time.perf_counter() - start
        print(f"trained on {model.num_timesteps} decisions in {seconds:.0f} s "
              f"({model.num_timesteps / seconds:.0f} decisions/s)", flush=True)
        if args.save:
            model.save(args.save)
    start = time.perf_counter()
    print(report("trained", win_rate(model, args.players, "random", args.eval_games, 10_000)), flush=True)
    print(report("trained", win_rate(model, args.players, "greedy", max(1, args.eval_games // 4), 20_000)),
          flush=True)
    print(f"evaluated in {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
