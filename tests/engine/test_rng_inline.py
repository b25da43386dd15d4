"""`rng.below` and `Stream.below` write the step of `next_u64` out for speed: they must draw what it draws."""

from __future__ import annotations

from meeple.engine.rng import Stream, below, next_u64


def test_the_written_out_draws_are_the_draws_of_next_u64() -> None:
    stream = Stream(12345, 7)
    state = stream.state
    for n in (1, 2, 3, 6, 10, 81, 1000, 2**31 - 1):
        for _ in range(200):
            value, following = next_u64(state)
            expected = (value >> 32) * n >> 32
            assert below(state, n) == (expected, following)
            assert stream.below(n) == expected and stream.state == following
            state = following
