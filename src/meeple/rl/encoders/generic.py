"""The generic observation encoder: feature hashing of every field of a view into a fixed-size vector.

Each leaf of the view (a JSON-able dict) has a path such as `seats[1].scales`. A number adds
`sign(x) * log(1 + |x|)` to the bucket of its path; a text or null adds 1 to the bucket of
`path=value`; a list also adds its length under `path#`. Buckets come from CRC-32 of those keys
(stable across processes, unlike `hash()`), and the sum is clipped to [-16, 16]. Collisions are
possible: a game that matters gets an encoder of its own (see `meeple/games/bluemooncity/encoder.py`).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

DEFAULT_SIZE = 1024
BOUND = 16.0


class HashingEncoder:
    """Hash the leaves of a view into `size` buckets (works for any game, with collisions)."""

    low = -BOUND
    high = BOUND

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 8:
            raise ValueError(f"a hashing encoder needs at least 8 buckets, not {size}")
        self.size = size
        self._buckets: dict[str, int] = {}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        acc = [0.0] * self.size
        self._walk(view, "", acc)
        out = np.asarray(acc, dtype=np.float32)
        np.clip(out, self.low, self.high, out=out)
        return out

    def _bucket(self, key: str) -> int:
        idx = self._buckets.get(key)
        if idx is None:
            idx = zlib.crc32(key.encode("utf-8")) % self.size
            self._buckets[key] = idx
        return idx

    def _walk(self, value: Any, path: str, acc: list[float]) -> None:
        if isinstance(value, Mapping):
            for key in sorted(value, key=str):
                self._walk(value[key], f"{path}.{key}", acc)
        elif isinstance(value, list | tuple):
            acc[self._bucket(path + "#")] += _squash(len(value))
            for i, item in enumerate(value):
                self._walk(item, f"{path}[{i}]", acc)
        elif isinstance(value, bool):
            acc[self._bucket(path)] += 1.0 if value else 0.0
        elif isinstance(value, int | float):
            acc[self._bucket(path)] += _squash(value)
        else:
            acc[self._bucket(f"{path}={value}")] += 1.0


def _squash(x: float) -> float:
    # Keeps small counts readable and large totals bounded.
    if not math.isfinite(x):
        return 0.0
    return math.copysign(math.log1p(abs(x)), x)
