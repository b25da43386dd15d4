"""Reading a scenario description (a position in words) field by field; a bad field is a ScenarioError naming it.

Reading a file (YAML or JSON) is the faces' part (`meeple.files.load_description`, which `meeple.scenario` uses):
a game's `scenario` hook receives the description as a mapping.

>>> read = ScenarioReader()
>>> read.whole(3, "round", 1, 6)
3
>>> read.whole(9, "round", 1, 6)
Traceback (most recent call last):
...
meeple.engine.errors.ScenarioError: round: must be at most 6, not 9
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.engine.errors import ScenarioError


def description(value: Any) -> dict[str, Any]:
    """The description as a dict of its fields (a copy: the game may take fields out of it)."""
    if not isinstance(value, Mapping):
        raise ScenarioError(f"a scenario description is a mapping of fields, not {type(value).__name__}")
    return dict(value)


class ScenarioReader:
    """Checks the fields of one description; `prefix` starts every refusal (e.g. "scenario field")."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def fail(self, field: str, why: str) -> ScenarioError:
        return ScenarioError(f"{self.prefix} {field!r}: {why}" if self.prefix else f"{field}: {why}")

    def whole(self, value: Any, field: str, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"must be a whole number, not {value!r}")
        if value < low:
            raise self.fail(field, f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.fail(field, f"must be at most {high}, not {value}")
        return value

    def listing(self, value: Any, field: str) -> list[Any]:
        if not isinstance(value, list | tuple):
            raise self.fail(field, f"must be a list, not {type(value).__name__}")
        return list(value)

    def mapping(self, value: Any, field: str) -> dict[Any, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(field, f"must be a mapping, not {type(value).__name__}")
        return dict(value)

    def seat(self, value: Any, field: str, players: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise self.fail(field, f"{value!r} is not a seat (0 to {players - 1})")
        return value

    def one_of(self, value: Any, field: str, known: Mapping[Any, int] | Sequence[Any], what: str) -> int:
        """The index of an id among the known ones (a card, a space, a Land)."""
        try:
            return known[value] if isinstance(known, Mapping) else list(known).index(value)
        except (KeyError, ValueError, TypeError):
            raise self.fail(field, f"{value!r} is not a {what}") from None

    def fields(self, desc: Mapping[str, Any], known: Sequence[str], within: str = "") -> None:
        """Refuse a field the game does not know (a typing mistake would otherwise be ignored); `within` names
        the field that holds `desc` (`seats[1]`)."""
        unknown = sorted(str(k) for k in desc if k not in known)
        if unknown:
            field = f"{within}.{unknown[0]}" if within else unknown[0]
            raise self.fail(field, f"unknown field; the fields are {', '.join(known)}")
