"""Garbage collection for a server that keeps many games in memory and answers within milliseconds.

CPython's cyclic collector walks every tracked object of the generations it collects, and a server holding a few
hundred games and WebSocket connections has some hundred thousand of them: a collection of the older generations
then stops the event loop for a fifth of a second and more. Nearly all of those objects are freed by reference
counting anyway (games, views and messages make no reference cycles), so the server moves the objects that
survived a little while out of the collector's sight (`gc.freeze`), which keeps the automatic collections down to
the objects of the last second. The few reference cycles that outlive that second (a closed connection's objects)
are reclaimed by a full collection at a long interval, whose pause is logged, and sooner when many connections
have closed (a crowd leaving, a reconnection flood), so that their memory comes back within a minute.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import time

log = logging.getLogger("meeple.server")

YOUNG = 50_000  # tracked objects allocated (net) between collections of the youngest generation
CHURN = 500  # connections closed since the last full collection that call for the next one early
CHURN_EVERY = 20.0  # seconds between full collections at the most, however many connections close


class Churn:
    """Connections closed since the last full collection (counted by the live endpoint), and sockets closed since
    the C library last gave memory back (counted by the HTTP protocol, see sockets.py)."""

    closed = 0
    sockets = 0


def tune() -> None:
    """Collect once, leave the objects of start-up (modules, tables, the app) out of later collections."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 10, 10)


def full_collection() -> tuple[int, float]:
    """Collect every object, frozen ones included, then freeze the survivors; returns (objects freed, seconds).
    The C library is then asked to give the freed memory back to the system (glibc keeps it otherwise)."""
    start = time.perf_counter()
    gc.unfreeze()
    freed = gc.collect()
    gc.freeze()
    _trim()
    return freed, time.perf_counter() - start


def _trim() -> None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc
        return
    trim(0)


async def keeper(freeze_every: float, full_every: float) -> None:
    """Freeze the survivors every `freeze_every` seconds; a full collection every `full_every` seconds.

    After a storm of sockets that never became WebSockets (refused at their upgrade, closed unread, slow headers)
    there is next to nothing for the collector (they make no reference cycles, as measured) but the C library keeps
    the memory they used: it is asked to give it back (`malloc_trim`, a few milliseconds) rather than collect."""
    last_full = last_trim = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        now = time.monotonic()
        since = now - last_full
        if since < full_every and not (Churn.closed >= CHURN and since >= CHURN_EVERY):
            gc.freeze()
            if Churn.sockets >= CHURN and now - last_trim >= CHURN_EVERY:
                _trim()
                Churn.sockets = 0
                last_trim = now
            continue
        freed, took = full_collection()
        last_full = last_trim = time.monotonic()
        Churn.closed = Churn.sockets = 0
        log.info("full garbage collection: %d objects freed, %.0f ms", freed, took * 1000)
