"""Research interfaces: PettingZoo AEC and Parallel environments, a Gymnasium single-agent wrapper, encoders.

>>> from meeple import rl
>>> e = rl.env("bluemooncity", players=3)          # PettingZoo AEC
>>> g = rl.gym_env("bluemooncity", players=2, opponents="greedy")   # Gymnasium, bots in the other seats
>>> import gymnasium
>>> g = gymnasium.make("meeple/bluemooncity-v2", players=2)         # the same, through Gymnasium's registry

The OpenSpiel adapter lives in `meeple.rl.openspiel` (it needs the `openspiel` extra).
"""

from .aec import MeepleAECEnv, env, raw_env
from .core import outcome_shares
from .encoders import Encoder, make_encoder, register_encoder
from .parallel import MeepleParallelEnv, parallel_env
from .single_agent import MeepleGymEnv, Policy, PolicyOpponent, gym_env, register_gymnasium

register_gymnasium()

__all__ = [
    "Encoder", "MeepleAECEnv", "MeepleGymEnv", "MeepleParallelEnv", "Policy", "PolicyOpponent", "env", "gym_env",
    "make_encoder",
    "outcome_shares", "parallel_env", "raw_env", "register_encoder", "register_gymnasium",
]
