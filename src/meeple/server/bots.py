"""Bot workers: bots think in separate processes, so a slow bot never holds up other games."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.agents import make_agent, parse_level

_GAMES: OrderedDict[str, meeple.Game] = OrderedDict()  # per worker process: games kept warm between moves
_KEEP = 64


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to rebuild the game and choose for one seat (pickled to the worker)."""

    game_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, str], ...]
    seat: int
    level: str
    bot_seed: int


MAX_SECONDS = 30.0  # a server bot may think this long per decision at most
MAX_ITERATIONS = 20_000


def check_level(level: str) -> str:
    """The normalised level name; raises ValueError with the valid levels for an unknown or too greedy one."""
    parsed = parse_level(level)
    if parsed.seconds is not None and parsed.seconds > MAX_SECONDS:
        raise ValueError(f"bots on this server think {MAX_SECONDS:g} s per decision at most, not {parsed.seconds:g} s")
    if parsed.iterations is not None and parsed.iterations > MAX_ITERATIONS:
        raise ValueError(f"bots on this server search {MAX_ITERATIONS} iterations at most, not {parsed.iterations}")
    return level.strip().lower()


def choose(job: BotJob) -> str:
    """Run in a worker: the action text the bot plays for `job.seat`."""
    game = _game_for(job)
    agent = make_agent(job.level, seed=job.bot_seed)
    return agent.choose(game.seat_table(job.seat))


def _game_for(job: BotJob) -> meeple.Game:
    game = _GAMES.pop(job.game_id, None)
    if game is not None:
        done = game.full_log()
        if len(done) > len(job.actions) or list(job.actions[: len(done)]) != done:
            game = None
    if game is None:
        game = meeple.new_game(job.game, job.players, job.seed, job.options)
    for seat, action in job.actions[game.log_length():]:
        game.apply(seat, action)
    _GAMES[job.game_id] = game
    while len(_GAMES) > _KEEP:
        _GAMES.popitem(last=False)
    return game


def _start_worker(parent: int) -> None:
    """A worker's start: it watches its server, then loads every game's rules before the first job needs them."""
    threading.Thread(target=_watch_parent, args=(parent,), name="meeple-parent-watch", daemon=True).start()
    from meeple.engine import get_rules

    for game_id in meeple.game_ids():
        get_rules(game_id)


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """Exit the worker when its server is gone, even killed with SIGKILL (which runs none of its clean-up): the
    worker is then handed to another parent, so its parent id changes."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


class BotPool:
    """Where bot jobs run: a pool of worker processes, or one thread of the server when `workers` is 0."""

    def __init__(self, workers: int) -> None:
        self.executor: Executor
        if workers > 0:
            ctx = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker,
                                                initargs=(os.getpid(),))
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-bot")

    async def choose(self, job: BotJob) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, choose, job)

    def workers(self) -> list[int]:
        """The process ids of the workers (none for the thread)."""
        return list(getattr(self.executor, "_processes", None) or {})

    def close(self) -> None:
        """Stop at once: queued jobs are dropped and a bot still thinking is stopped with its worker (the
        executor's own shutdown would let it think to the end of its budget, up to 30 s)."""
        workers = dict(getattr(self.executor, "_processes", None) or {})
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in workers.values():
            process.terminate()
        for process in workers.values():
            process.join(5)
