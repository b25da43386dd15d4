"""The Ray backend on a small local Ray instance gives the same games as local processes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from meeple.arena import ArenaConfig, run_arena

from .test_arena import outcome

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")


@pytest.fixture
def local_ray() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_backend_matches_local_processes(local_ray: Any) -> None:
    config = ArenaConfig("bluemooncity", ["random", "random"], games=2, seed=13)
    on_ray = run_arena(config, jobs=2, backend="ray", progress=False)
    local = run_arena(config, jobs=1, progress=False)
    assert outcome(on_ray) == outcome(local)
    assert [r["game"] for r in on_ray] == [1, 2]
