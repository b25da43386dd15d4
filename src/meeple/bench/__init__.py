"""Benchmarks that print their figures: engine speed, bot strength, server load, RL steps."""

from __future__ import annotations

import os


def load_average() -> tuple[float, float, float] | None:
    """The system's load average over 1, 5 and 15 minutes, or None where the system does not give it."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def loads_text(loads: tuple[float, float, float] | None) -> str:
    """A load average as benches print it: `1.2/0.9/0.5` (1, 5 and 15 minutes), or `unknown`."""
    return "unknown" if loads is None else "/".join(f"{x:.1f}" for x in loads)


def machine(before: tuple[float, float, float] | None,
            after: tuple[float, float, float] | None) -> dict[str, object]:
    """What a bench's figures were measured on: the CPU count and the load average before and after the run
    (figures of speed follow both, so a figure is quoted with them)."""
    return {"cpus": os.cpu_count(), "load_before": None if before is None else [round(x, 2) for x in before],
            "load_after": None if after is None else [round(x, 2) for x in after]}
