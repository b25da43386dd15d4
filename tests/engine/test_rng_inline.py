"""`rng.below` and `Stream.below` write the step of `next_u64` out for speed: they must draw what it draws."""

from __future__ import annotations

from meeple.engine.rng import Stream, below, next_u64, shuffle


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


def test_a_stream_drawing_ahead_draws_what_the_steps_draw() -> None:
    """The stream works its values out many steps at a time: every draw, and its state between draws, as one step
    of `below` each, across look-aheads of every length, edge states and a state set from outside."""
    for start in (0, 1, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, 0x0123456789ABCDEF):
        stream = Stream(0)
        stream.state = start
        state = start
        for i in range(700):
            n = (i * 7919) % (2**31 - 1) + 1
            expected, state = below(state, n)
            assert stream.below(n) == expected and stream.state == state
            if i == 300:  # set from outside mid-look-ahead: it starts again from there
                stream.state = state = state ^ 0x5555
        items, copied = list(range(20)), list(range(20))
        stream.shuffle(items)
        state = shuffle(state, copied)
        assert items == copied and stream.state == state
        assert stream.below(1000) == below(state, 1000)[0]


def test_a_shuffle_draws_what_below_draws() -> None:
    """Short shuffles step by step, longer ones with their draws worked out at once: both are Fisher-Yates on the
    draws of `below`."""
    state = 0xDEADBEEF
    for size in [*range(40), 129, 300]:
        items, expected = list(range(size)), list(range(size))
        following = state
        for i in range(size - 1, 0, -1):
            j, following = below(following, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffle(state, items) == following and items == expected
        state = following ^ size


def test_both_ways_of_drawing_ahead_agree() -> None:
    """`ahead` on the wide integer and on numpy's lanes: the same values, for counts on both sides of the switch."""
    from meeple.engine import rng

    for start in (0, 1, 2**64 - 1, 2**63, 0x0123456789ABCDEF):
        for count in (1, 5, rng.NUMPY_AHEAD - 1, rng.NUMPY_AHEAD, 300):
            state, expected = start, []
            for _ in range(count):
                value, state = next_u64(state)
                expected.append(value >> 32)
            assert rng.ahead(start, count) == expected
