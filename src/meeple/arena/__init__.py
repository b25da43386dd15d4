"""The arena: many bot games in every turn order, on local processes or a Ray cluster, and a report of them.

>>> from meeple.arena import ArenaConfig, run_arena
>>> config = ArenaConfig("bluemooncity", ["greedy", "random"], games=2, seed=1)
>>> records = run_arena(config, progress=False)
>>> len(records)
2
"""

from .match import ArenaConfig, GameJob, play_job
from .report import summarise, write_report
from .runner import run_arena

__all__ = ["ArenaConfig", "GameJob", "play_job", "run_arena", "summarise", "write_report"]
