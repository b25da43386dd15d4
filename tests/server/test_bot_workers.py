"""Bot workers exit with the server: a normal stop ends a thinking bot at once, and a worker whose server was
killed with SIGKILL notices its parent is gone and exits."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import meeple
from meeple.server.bots import BotJob, BotPool


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped) counts as gone
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _thinking_job() -> BotJob:
    game = meeple.new_game("bluemooncity", 2, 7, {})
    return BotJob("g", "bluemooncity", 2, 7, {}, (), game.deciders()[0], "ismcts:20s", 1)


def test_a_normal_stop_ends_a_thinking_bot_at_once() -> None:
    async def run() -> tuple[list[int], float]:
        pool = BotPool(1)
        thinking = asyncio.ensure_future(pool.choose(_thinking_job()))
        await asyncio.sleep(3)  # the worker has started and thinks for 20 s
        workers = pool.workers()
        start = time.monotonic()
        pool.close()
        thinking.cancel()
        return workers, time.monotonic() - start

    workers, took = asyncio.run(run())
    assert workers
    assert took < 6
    assert not any(_alive(pid) for pid in workers)


SERVER = textwrap.dedent("""
    import asyncio, sys
    import meeple
    from meeple.server.bots import BotJob, BotPool

    async def main():
        pool = BotPool(1)
        game = meeple.new_game("bluemooncity", 2, 7, {})
        job = BotJob("g", "bluemooncity", 2, 7, {}, (), game.deciders()[0], "ismcts:20s", 1)
        asyncio.ensure_future(pool.choose(job))
        await asyncio.sleep(2)
        print(*pool.workers(), flush=True)
        await asyncio.sleep(60)

    asyncio.run(main())
""")


def test_a_worker_exits_when_its_server_is_killed() -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    workers = [int(p) for p in server.stdout.readline().split()]
    assert workers and all(_alive(pid) for pid in workers)
    server.send_signal(signal.SIGKILL)
    server.wait(10)
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)
