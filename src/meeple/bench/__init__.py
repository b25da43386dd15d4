"""Benchmarks that print their figures: engine speed, bot strength, server load, RL steps."""

from __future__ import annotations

import os
from typing import Any


def load_average() -> tuple[float, float, float] | None:
    """The system's load average over 1, 5 and 15 minutes, or None where the system does not give it."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def loads_text(loads: tuple[float, float, float] | None) -> str:
    """A load average as benches print it: `1.2/0.9/0.5` (1, 5 and 15 minutes), or `unknown`."""
    return "unknown" if loads is None else "/".join(f"{x:.1f}" for x in loads)


def cpus() -> int | None:
    """The CPUs this process may run on (its affinity, where the system gives it: a limit set by `taskset` or a
    container's cpuset counts, a CPU quota does not), else the machine's CPU count; None where neither is known."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return len(affinity(0))
        except OSError:
            pass
    return os.cpu_count()


def cpus_text(count: int | None) -> str:
    return "an unknown number of CPUs" if count is None else f"{count} CPU{'s' if count != 1 else ''}"


def machine(before: tuple[float, float, float] | None,
            after: tuple[float, float, float] | None) -> dict[str, Any]:
    """What a bench's figures were measured on: the CPU count and the load average before and after the run
    (figures of speed follow both, so a figure is quoted with them)."""
    return {"cpus": cpus(), "load_before": None if before is None else [round(x, 2) for x in before],
            "load_after": None if after is None else [round(x, 2) for x in after]}
