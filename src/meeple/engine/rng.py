"""Seeded random stream whose whole state is one integer, so states copy and serialise cheaply."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

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


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Shuffle items in place (Fisher-Yates) and return the next stream state: the draws of `below`, written out
    in the loop (a deck reshuffle is a hot path)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) >> 32) * (i + 1) >> 32
        items[i], items[j] = items[j], items[i]
    return state


class Stream:
    """A mutable wrapper for code that draws many numbers in a row (setup, bots)."""

    __slots__ = ("state",)

    def __init__(self, seed: int, salt: int = 0) -> None:
        self.state = seed_stream(seed, salt)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state = state = (self.state + _GOLDEN) & _MASK  # `below` written out
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 32) * n >> 32

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.state = shuffle(self.state, items)

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def random(self) -> float:
        value, self.state = next_u64(self.state)
        return (value >> 11) / float(1 << 53)
