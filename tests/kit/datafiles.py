"""A game's data file with one correction made to it, as a player would make it: for the tests of the data readers."""

from __future__ import annotations

from pathlib import Path


def corrected_copy(data: Path, path: Path, old: str, new: str) -> Path:
    """Write `data` to `path` with its first `old` replaced by `new` (which must be in it) and return `path`."""
    text = data.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {data.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
