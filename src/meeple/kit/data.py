"""Reading a game's TOML data file: one parse per file, provenance marks checked, refusals naming file and entry.

>>> reader = DataReader("my.toml")
>>> reader.whole("tile 'well'", {"boxes": 3}, "boxes", low=1)
3
>>> reader.provenance("tile 'well'", {"boxes": 3, "provenance": {"boxes": "design"}}, require=("boxes",))
{'boxes': 'design'}
>>> Entry("well", 0, provenance={"boxes": "design"})
Entry(id='well', index=0, provenance={'boxes': 'design'})
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from meeple.engine.errors import DataError

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Loader(Protocol[T_co]):
    """`load(path=None)`: the parsed data file (the game's own when None)."""

    def __call__(self, path: str | Path | None = None) -> T_co: ...

    def cache_clear(self) -> None: ...

# Where a value comes from: the rulebook, public knowledge (a card's printed text), or the designer of this
# engine's reconstruction, which a player who owns the game may correct in the file.
PROVENANCES = ("rulebook", "public", "design")


def read_toml(path: Path, data_format: str) -> dict[str, Any]:
    """The parsed file, refused with a DataError naming it when it is missing, not TOML or of another format."""
    where = str(path)
    if not path.exists():
        raise DataError(f"data file {where!r} does not exist")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML ({exc})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{where}: not a readable TOML file ({exc})") from None
    if raw.get("format") != data_format:
        raise DataError(f"{where}: 'format' must be {data_format!r}, not {raw.get('format')!r}")
    return raw


class _PerFile(Loader[T]):
    def __init__(self, default: Path, parse: Callable[[Path], T]) -> None:
        self._default = default
        self._cached = functools.cache(parse)

    def __call__(self, path: str | Path | None = None) -> T:
        return self._cached((Path(path) if path else self._default).resolve())

    def cache_clear(self) -> None:
        self._cached.cache_clear()


@dataclass(frozen=True)
class Entry:
    """One entry of a data file's list (a card, a tile, a space): its id, its place in the list, and where each of
    its values comes from (`provenance`: field -> one of PROVENANCES, given by name after the entry's own fields).
    A game's entry classes are frozen dataclasses that add their fields to these."""

    id: str
    index: int
    provenance: dict[str, str] = field(kw_only=True)


def shown(value: Any) -> str:
    """A value of a data file in words, as `meeple info` lists the reconstructions.

    >>> shown(True), shown({"gold": 2, "open": False}), shown([3, 4]), shown(("c2", "d4"))
    ('true', 'gold: 2, open: false', '3 4', 'c2 d4')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {shown(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return " ".join(shown(v) for v in value)
    return str(value)


def per_file(default: Path, parse: Callable[[Path], T]) -> Loader[T]:
    """A loader `load(path=None)` that parses each file once (keyed by its resolved path; None: `default`)."""
    return _PerFile(default, parse)


class DataReader:
    """Reads the entries of one data file; every refusal is a DataError naming the file and the entry.

    It also keeps what it read of each entry's provenance (`provenance`) and the values marked (`values`), from
    which a game lists its reconstructions for `meeple info`.
    """

    def __init__(self, where: str | Path) -> None:
        self.where = str(where)
        self.provenance_of: dict[str, dict[str, str]] = {}
        self.values: dict[str, dict[str, Any]] = {}

    def fail(self, entry: str, why: str) -> DataError:
        return DataError(f"{self.where}: {entry}: {why}")

    def table(self, raw: dict[str, Any], name: str) -> dict[str, Any]:
        """The section `[name]`."""
        sec = raw.get(name)
        if not isinstance(sec, dict):
            raise DataError(f"{self.where}: section [{name}] is missing")
        return sec

    def items(self, raw: dict[str, Any], name: str, count: int | None = None) -> list[dict[str, Any]]:
        """The entries `[[name]]` (exactly `count` of them when given)."""
        items = raw.get(name)
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            raise DataError(f"{self.where}: [[{name}]] is missing")
        if count is not None and len(items) != count:
            raise DataError(f"{self.where}: [[{name}]] must have {count} entries, not {len(items)}")
        return items

    def whole(self, entry: str, obj: dict[str, Any], key: str, low: int = 0) -> int:
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise self.fail(entry, f"{key!r} must be a whole number of at least {low}, not {value!r}")
        return value

    def text(self, entry: str, obj: dict[str, Any], key: str) -> str:
        value = obj.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, f"{key!r} must be a text, not {value!r}")
        return value

    def provenance(self, entry: str, obj: dict[str, Any], *, require: Iterable[str] = (),
                   default: bool = False) -> dict[str, str]:
        """The entry's `provenance` table: every mark one of PROVENANCES, a mark for each field of `require`
        (and a `default` mark for the fields not named, when `default`)."""
        prov = obj.get("provenance")
        if not isinstance(prov, dict):
            raise self.fail(entry, "has no provenance table")
        for name, src in prov.items():
            if src not in PROVENANCES:
                raise self.fail(entry, f"provenance of {name!r} is {src!r}; use one of {', '.join(PROVENANCES)}")
        needed = [*require, "default"] if default else list(require)
        for name in needed:
            if name not in prov:
                raise self.fail(entry, f"the provenance of {name!r} is missing")
        marks = {str(k): str(v) for k, v in prov.items()}
        self.provenance_of[entry] = marks
        self.values[entry] = {name: obj.get(name) for name in marks}
        return dict(marks)
