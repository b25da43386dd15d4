"""A named layout of a flat observation vector: which slice holds which field, and what it means."""

from __future__ import annotations

from dataclasses import dataclass


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

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        lines = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
        lines += [f"| {f.offset} | {f.size} | `{f.name}` | {f.meaning} |" for f in self.fields]
        return "\n".join(lines)
