"""The kit's Record: a state's copy compiled from its fields' types, deep where it must be, refused where it cannot."""

from __future__ import annotations

import pytest

from meeple.kit import Record


class Sub:
    """A slotted sub-state with its own copy."""

    __slots__ = ("n", "seen")

    def __init__(self, n: int) -> None:
        self.n = n
        self.seen: list[int] = []

    def copy(self) -> Sub:
        out = Sub(self.n)
        out.seen = self.seen[:]
        return out


class Demo(Record, shared=("board",)):
    __slots__ = ("round", "name", "rows", "board", "counts", "hands", "mods", "script", "sub", "maybe")

    round: int
    name: str
    rows: list[tuple[int, ...]]
    board: list[int]
    counts: list[int]
    hands: list[list[int]]
    mods: dict[str, int]
    script: dict[str, list[int]]
    sub: Sub
    maybe: Sub | None


def _demo() -> Demo:
    d = Demo.__new__(Demo)
    d.round, d.name, d.rows, d.board, d.counts = 3, "x", [(1, 2)], [7, 7], [1, 2]
    d.hands, d.mods, d.script, d.sub, d.maybe = [[1], [2, 3]], {"a": 1}, {"die": [4, 5]}, Sub(1), None
    return d


def test_a_copy_is_equal_and_shares_only_what_never_changes() -> None:
    d = _demo()
    c = d.copy()
    assert type(c) is Demo
    for name in Demo.__slots__:
        if name != "sub":
            assert getattr(c, name) == getattr(d, name), name
    assert (c.sub.n, c.sub.seen) == (d.sub.n, d.sub.seen)
    assert c.board is d.board  # shared on purpose
    assert c.rows is not d.rows and c.rows[0] is d.rows[0]  # tuples are shared, their list is not
    assert c.counts is not d.counts and c.mods is not d.mods and c.sub is not d.sub
    assert all(a is not b for a, b in zip(c.hands, d.hands, strict=True)) and c.hands is not d.hands
    assert c.script["die"] is not d.script["die"]
    c.hands[1].append(9)
    c.script["die"].pop()
    c.sub.seen.append(1)
    assert d.hands == [[1], [2, 3]] and d.script == {"die": [4, 5]} and d.sub.seen == []
    assert c.maybe is None
    d.maybe = Sub(2)
    again = d.copy().maybe
    assert again is not None and again is not d.maybe and again.n == 2


def test_a_field_without_a_copy_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="a slot without a declared type"):
        class NoType(Record):
            __slots__ = ("n",)

    with pytest.raises(TypeError, match="shared names no slot: board"):
        class WrongShared(Record, shared=("board",)):
            __slots__ = ("n",)
            n: int

    with pytest.raises(TypeError, match="no copy for the type"):
        class Deep(Record):
            __slots__ = ("grid",)
            grid: list[list[list[int]]]


def test_the_games_states_copy_through_the_kit() -> None:
    from meeple.games.bluemooncity.state import State as BlueMoonCity
    from meeple.games.cityofremnants.state import State as CityOfRemnants
    from meeple.games.coloma.state import State as Coloma

    for state in (BlueMoonCity, CityOfRemnants, Coloma):
        assert issubclass(state, Record) and state.copy is not Record.copy
