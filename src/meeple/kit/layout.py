"""A named layout of a flat observation vector, and the small helpers game encoders fill it with.

An encoder lives in its game and uses these; it never imports an RL face.

>>> layout = Layout()
>>> layout.add("phase", 3, "one-hot phase"), layout.add("score", 1, "score / 100")
(0, 3)
>>> layout.offsets()
{'phase': 0, 'score': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Field:
    """One field of the vector: `size` floats starting at `offset`."""

    name: str
    offset: int
    size: int
    meaning: str


class Layout:
    """Fields appended one after another; `describe()` lists them for the documentation."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a field and return its offset."""
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} is already in the layout")
        offset = self.size
        self.fields.append(Field(name, offset, size, meaning))
        self.size += size
        return offset

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def offsets(self) -> dict[str, int]:
        """Field name -> offset, for the encoder's inner loops."""
        return {f.name: f.offset for f in self.fields}

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        lines = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
        lines += [f"| {f.offset} | {f.size} | `{f.name}` | {f.meaning} |" for f in self.fields]
        return "\n".join(lines)


def clipped(x: float, scale: float) -> float:
    """`x / scale` clipped to [0, 1].

    >>> clipped(30, 20), clipped(5, 20)
    (1.0, 0.25)
    """
    return min(max(float(x) / scale, 0.0), 1.0)


def scaled_text(scale: Mapping[str, float], parts: Sequence[tuple[str, str]]) -> str:
    """The meaning of a field of numbers each divided by its scale: every part's words and the scale its key names,
    so that the documentation reads the same table as the encoder.

    >>> scaled_text({"deck": 30, "bag": 20}, [("deck", "cards in the deck"), ("bag", "tokens in the bag")])
    'cards in the deck / 30, tokens in the bag / 20'
    """
    return ", ".join(f"{words} / {scale[key]}" for key, words in parts)


def index_of(vocab: Sequence[Any] | Mapping[Any, int], word: Any, what: str, encoder: str) -> int:
    """The index of `word` in the encoder's vocabulary; a word it does not know is a ValueError, never dropped."""
    kind = type(vocab)  # the common kinds first: the abstract class check is slower than the lookup itself
    try:
        if kind is dict:
            return vocab[word]
        if kind is tuple or kind is list or not isinstance(vocab, Mapping):
            return vocab.index(word)  # type: ignore[union-attr]
        return vocab[word]
    except (KeyError, ValueError):
        raise ValueError(f"{encoder} encoder: unknown {what} {word!r} in the view (known: "
                         f"{', '.join(map(str, vocab))})") from None


def relative(seat: int, viewer: int, players: int) -> int:
    """A seat counted from the viewer (0) onwards, so that one policy can play any seat."""
    return (int(seat) - viewer) % players


def seat_order(viewer: int | None, players: int) -> Callable[[int], int]:
    """`relative` for one view: the function that counts a seat from the viewer, or from seat 0 when the view is a
    spectator's (no viewer). Every encoder starts with it.

    >>> rel = seat_order(2, 4)
    >>> [rel(seat) for seat in range(4)], seat_order(None, 3)(2)
    ([2, 3, 0, 1], 2)
    """
    base = 0 if viewer is None else int(viewer)

    def rel(seat: int) -> int:
        return (int(seat) - base) % players

    return rel
