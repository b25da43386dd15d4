"""Seeded random stream whose whole state is one integer, so states copy and serialise cheaply."""

from __future__ import annotations

import functools
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_stream(seed: int, salt: int = 0) -> int:
    """Return the initial stream state for a seed (and an optional salt for side streams)."""
    state = (seed * 0x2545F4914F6CDD1D + salt * _GOLDEN + 0x632BE59BD9B4E019) & _MASK
    value, state = next_u64(state)
    return value


def next_u64(state: int) -> tuple[int, int]:
    """SplitMix64 step: return (random 64-bit value, next state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Return (uniform integer in [0, n), next state) without modulo bias worth noticing (n < 2**32)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    state = (state + _GOLDEN) & _MASK  # the step of `next_u64`, written out (every random bot move draws here)
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return ((z ^ (z >> 31)) >> 32) * n >> 32, state


# `Stream` draws ahead: the values of many steps are worked out at once, so that a draw is a pop. `ahead` steps every
# lane of a wide integer at once (a lane of LANE bits holds one 64-bit step, with room for its product by a 64-bit
# constant), or, from NUMPY_AHEAD steps on, where its few calls cost less than the integer's length, numpy's 64-bit
# lanes (products wrap modulo 2**64 there).
LANE = 128
FIRST_AHEAD = 8  # the steps of a stream's first look-ahead; each next one is twice as long, up to MOST_AHEAD
MOST_AHEAD = 512
SHUFFLE_AHEAD = 3  # from this many draws on, a shuffle works them out at once
NUMPY_AHEAD = 64


@functools.lru_cache(maxsize=256)
def _lanes(count: int) -> tuple[int, int, int]:
    """For `count` lanes: a 1 at the bottom of every lane, the 64-bit mask in every lane, and (k + 1) * _GOLDEN in
    lane k (the steps of the stream from a state copied into every lane; below 2**71, so a lane never overflows)."""
    ones = sum(1 << (LANE * k) for k in range(count))
    steps = sum(((k + 1) * _GOLDEN) << (LANE * k) for k in range(count))
    return ones, _MASK * ones, steps


@functools.lru_cache(maxsize=16)
def _numpy_steps(count: int) -> Any:
    """(k + 1) * _GOLDEN modulo 2**64 for k below `count`, as numpy's 64-bit numbers."""
    import numpy as np

    return np.array([((k + 1) * _GOLDEN) & _MASK for k in range(count)], dtype=np.uint64)


def ahead(state: int, count: int) -> list[int]:
    """The 32-bit values `below` takes its draws from, of the `count` steps after `state`, in order: the steps of
    `next_u64` on every lane at once. On the wide integer a right shift brings the next lane's low bits into the top
    of a lane; a mask clears them before a product could carry them down."""
    if count >= NUMPY_AHEAD:
        import numpy as np

        z = _numpy_steps(count) + np.uint64(state)
        z ^= z >> np.uint64(30)
        z *= np.uint64(0xBF58476D1CE4E5B9)
        z ^= z >> np.uint64(27)
        z *= np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
        z >>= np.uint64(32)
        values: list[int] = z.tolist()
        return values
    ones, masks, steps = _lanes(count)
    z = (state * ones + steps) & masks
    z = ((z ^ (z >> 30)) & masks) * 0xBF58476D1CE4E5B9 & masks
    z = ((z ^ (z >> 27)) & masks) * 0x94D049BB133111EB & masks
    top = (z ^ (z >> 31)) >> 32  # bits 0..31 of each lane: the value's top half (higher bits are not read)
    return memoryview(top.to_bytes(LANE // 8 * count, "little")).cast("I")[::LANE // 32].tolist()


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Shuffle items in place (Fisher-Yates) and return the next stream state: the draws of `below`, written out
    in the loop for a few items, worked out all at once by `ahead` for more (a deck reshuffle is a hot path)."""
    count = len(items) - 1  # the draws
    if count >= SHUFFLE_AHEAD:
        for i, value in zip(range(count, 0, -1), ahead(state, count), strict=True):
            j = value * (i + 1) >> 32
            items[i], items[j] = items[j], items[i]
        return (state + count * _GOLDEN) & _MASK
    for i in range(count, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) >> 32) * (i + 1) >> 32
        items[i], items[j] = items[j], items[i]
    return state


class Stream:
    """A mutable wrapper for code that draws many numbers in a row (setup, bots).

    `state` is the stream's state after the draws so far, as the module's functions take it. The stream works out
    the values of its next steps ahead (`ahead`), more at a time as it keeps drawing: a draw pops one."""

    __slots__ = ("_base", "_ahead", "_size")

    def __init__(self, seed: int, salt: int = 0) -> None:
        self._base = seed_stream(seed, salt)  # the state before the values in `_ahead`
        self._ahead: list[int] = []  # the values of the next steps, the next one last
        self._size = 0  # how many values `_ahead` held when last filled

    @property
    def state(self) -> int:
        return (self._base + (self._size - len(self._ahead)) * _GOLDEN) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._base, self._ahead, self._size = value, [], 0

    def below(self, n: int) -> int:
        """As the module's `below` on `state`, which it then steps."""
        values = self._ahead
        if values and n > 0:
            return values.pop() * n >> 32
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        base = self.state
        size = min(MOST_AHEAD, max(FIRST_AHEAD, 2 * self._size))
        values = ahead(base, size)
        values.reverse()  # popped from the end
        self._base, self._ahead, self._size = base, values, size
        return self._ahead.pop() * n >> 32

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.state = shuffle(self.state, items)

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def random(self) -> float:
        value, self.state = next_u64(self.state)
        return (value >> 11) / float(1 << 53)
