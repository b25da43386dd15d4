"""A game state's deep copy, written once from the state's own field declarations.

Search bots copy a state hundreds of thousands of times, so `copy` must be as fast as one written out field by
field. `Record` writes it out so: when a game's state class is made, its slotted fields' types say how each is
copied, and a method that copies them one by one, with no loop and no test of a type at run time, is compiled for
that class. A game declares its fields (`__slots__` and their types) and nothing more.

How a field of each type is copied:

- `int`, `str`, `bool`, `float`, a tuple: shared (they never change);
- a list of those (`list[int]`, `list[tuple[int, ...]]`): `value[:]`;
- a list of lists of those (`list[list[int]]`): every inner list copied;
- a dict of those (`dict[str, int]`): `value.copy()`; a dict of such lists (`dict[str, list[int]]`): every list
  copied;
- any other class (a slotted sub-state): its own `copy()`; `X | None`: None stays None;
- a field named in `shared=`: shared on purpose (data that never changes after the set-up).

>>> class Demo(Record, shared=("board",)):
...     __slots__ = ("round", "board", "hands", "mods")
...     round: int
...     board: list[int]
...     hands: list[list[int]]
...     mods: dict[str, int]
>>> print(copy_source(Demo, ("board",)))
def copy(self):
    out = _new(cls)
    out.round = self.round
    out.board = self.board
    out.hands = list(map(list.copy, self.hands))
    out.mods = self.mods.copy()
    return out
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Any, Self

IMMUTABLE = (int, str, bool, float, tuple, type(None))


def _immutable(tp: Any) -> bool:
    return tp in IMMUTABLE or typing.get_origin(tp) is tuple


def _copy_of(name: str, tp: Any) -> str:
    """The expression that copies `self.<name>` of the type `tp`."""
    field = f"self.{name}"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if _immutable(tp):
        return field
    if origin is list and _immutable(args[0]):
        return f"{field}[:]"
    if origin is list and typing.get_origin(args[0]) is list and _immutable(typing.get_args(args[0])[0]):
        return f"list(map(list.copy, {field}))"
    if origin is dict and _immutable(args[1]):
        return f"{field}.copy()"
    if origin is dict and typing.get_origin(args[1]) is list and _immutable(typing.get_args(args[1])[0]):
        return f"{{k: v[:] for k, v in {field}.items()}} if {field} else {{}}"  # most often empty: no loop
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        if isinstance(inner, type) and callable(getattr(inner, "copy", None)):
            return f"None if {field} is None else {field}.copy()"
    if isinstance(tp, type) and callable(getattr(tp, "copy", None)):
        return f"{field}.copy()"
    raise TypeError(f"{name}: no copy for the type {tp!r} (declare it with a type Record knows, or shared)")


def copy_source(cls: type, shared: tuple[str, ...] = ()) -> str:
    """The text of `cls.copy`: one line per slot, in the order of `__slots__`."""
    slots = cls.__dict__.get("__slots__", ())
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    unknown = [name for name in shared if name not in slots]
    if unknown:
        raise TypeError(f"{cls.__name__}: shared names no slot: {', '.join(unknown)}")
    lines = ["def copy(self):", "    out = _new(cls)"]
    for name in slots:
        if not name.isidentifier():
            raise TypeError(f"{cls.__name__}: {name!r} is not a field name")
        if name not in hints:
            raise TypeError(f"{cls.__name__}.{name}: a slot without a declared type")
        value = f"self.{name}" if name in shared else _copy_of(name, hints[name])
        lines.append(f"    out.{name} = {value}")
    lines.append("    return out")
    return "\n".join(lines)


class Record:
    """The base of a game's state class: `copy()` is compiled from the subclass's slots and their types (above).

    `class State(Record, shared=("tile_at",))` names fields whose value a copy shares on purpose."""

    __slots__ = ()

    def __init_subclass__(cls, shared: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        space: dict[str, Any] = {"cls": cls, "_new": object.__new__}
        exec(copy_source(cls, shared), space)  # the text is made of the class's own slot names only
        space["copy"].__doc__ = Record.copy.__doc__
        space["copy"].__qualname__ = f"{cls.__qualname__}.copy"
        cls.copy = space["copy"]  # type: ignore[method-assign]

    def copy(self) -> Self:
        """A deep copy: no list, dict or sub-state is shared with the original (but the fields named `shared`)."""
        raise TypeError(f"{type(self).__name__} declares no fields to copy")
