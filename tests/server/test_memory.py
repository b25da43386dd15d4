"""The server's garbage collection policy: survivors frozen out of the collector's sight, cycles still reclaimed."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from meeple.server import memory
from meeple.server.rooms import Conn


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


@pytest.fixture
def gc_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_frozen_cycles_are_reclaimed_by_the_full_collection(gc_restored: None) -> None:
    memory.tune()
    node = _Node()
    alive = weakref.ref(node)
    gc.freeze()
    del node
    gc.collect()  # an ordinary collection does not look at frozen objects
    assert alive() is not None
    freed, took = memory.full_collection()
    assert alive() is None and freed >= 1 and took >= 0
    assert gc.get_freeze_count() > 0  # the survivors are frozen again


def test_the_keeper_freezes_survivors_and_collects_in_full_at_its_interval(gc_restored: None) -> None:
    async def run() -> tuple[int, bool]:
        gc.unfreeze()
        node = _Node()
        alive = weakref.ref(node)
        task = asyncio.create_task(memory.keeper(0.01, 0.2))
        await asyncio.sleep(0.05)
        frozen = gc.get_freeze_count()
        del node
        await asyncio.sleep(0.4)  # a full collection has run meanwhile
        task.cancel()
        return frozen, alive() is None

    frozen, freed = asyncio.run(run())
    assert frozen > 0 and freed


def test_a_client_that_reads_too_slowly_is_reported_once() -> None:
    async def run() -> list[str]:
        calls: list[str] = []
        conn = Conn(0, 2, lambda: calls.append("overflow"))
        for text in ("a", "b", "c", "d"):
            conn.push(text)
        conn.close()
        return calls

    assert asyncio.run(run()) == ["overflow"]


def test_the_keeper_gives_memory_back_after_a_storm_of_sockets(gc_restored: None,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[float] = []
    monkeypatch.setattr(memory, "_trim", lambda: trims.append(1.0))
    monkeypatch.setattr(memory, "CHURN_EVERY", 0.0)

    async def run(closed: int) -> int:
        trims.clear()
        memory.Churn.sockets = closed
        task = asyncio.create_task(memory.keeper(0.01, 60.0))
        await asyncio.sleep(0.1)
        task.cancel()
        return len(trims)

    assert asyncio.run(run(memory.CHURN - 1)) == 0  # a few sockets closed: nothing to do
    assert asyncio.run(run(memory.CHURN)) == 1  # a storm: memory given back once, not again until the next
    assert memory.Churn.sockets == 0
