"""Running arena games in parallel: local processes by default, or a Ray cluster (optional dependency)."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from .match import ArenaConfig, GameJob, play_job

BACKENDS = ("local", "ray")
Record = dict[str, Any]


def run_arena(
    config: ArenaConfig,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = True,
) -> list[Record]:
    """Play every game of the arena and return the records in game order (the same on every backend)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {jobs}")
    work = config.jobs()
    if backend == "ray":
        stream = _ray(work, jobs, address)
    elif jobs == 1:
        stream = (play_job(job) for job in work)
    else:
        stream = _processes(work, jobs)
    records = list(_with_progress(stream, len(work), progress, _label(config)))
    records.sort(key=lambda r: int(r["game"]))
    return records


def _label(config: ArenaConfig) -> str:
    return f"{config.game_id} {','.join(config.seats)}"


def _with_progress(stream: Iterator[Record], total: int, show: bool, label: str) -> Iterator[Record]:
    from tqdm import tqdm

    with tqdm(total=total, desc=label, unit="game", disable=not show, dynamic_ncols=True) as bar:
        for record in stream:
            bar.update(1)
            yield record


def _processes(work: list[GameJob], jobs: int) -> Iterator[Record]:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_job, job) for job in work]
        for future in as_completed(futures):
            yield future.result()


def _ray(work: list[GameJob], jobs: int, address: str | None) -> Iterator[Record]:
    if address:
        check_address(address)
    ray = import_ray()
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    remote: Callable[..., Any] = ray.remote(play_job)
    pending = [remote.remote(job) for job in work]  # type: ignore[attr-defined]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


ADDRESS_TIMEOUT = 5.0  # seconds to wait for the head of a Ray cluster to answer


def check_address(address: str) -> None:
    """Fail within seconds with a clear message when nothing answers at a Ray address (Ray itself would keep
    retrying for minutes). `auto` and `local` are Ray's own words and left to it."""
    if address in ("auto", "local"):
        return
    target = address.removeprefix("ray://")
    host, colon, port = target.rpartition(":")
    if not colon or not host or not port.isdigit():
        raise RuntimeError(f"--address {address!r} is not a Ray address: give host:port of the cluster's head "
                           f"(e.g. 10.0.0.5:6379) or ray://host:10001 for Ray Client")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=ADDRESS_TIMEOUT):
            pass
    except OSError as exc:
        raise RuntimeError(f"no Ray cluster answers at {address} ({exc.strerror or exc}); check --address and that "
                           f"the head node is running (`ray start --head`)") from None


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs Ray: pip install -e '.[ray]' (or pip install ray)") from None
    return ray
