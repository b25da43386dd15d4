"""City of Remnants' balance notes: a `[design]` value changed by a balance pass carries a note in the data file
("was <the value before>; why"), read here and listed by `meeple info cityofremnants` (docs/balance.md)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from meeple.kit import DataReader


@dataclass(frozen=True)
class Tuning:
    """A [design] value changed by a balance pass (docs/balance.md): the entry, its field, the value now in force and
    the note of the tuning the data file carries beside it ("was <old value>; why")."""
    entry: str
    field: str
    value: str
    was: str  # the value before the tuning, as written in the file
    note: str



# A tuning note: "was <the value before>; <why it changed>".
TUNING_NOTE = re.compile(r"^was (.+?); (\S.*)$", re.S)

# The sections whose entries may carry a `tuning` table: (section, the entry's key, how `meeple info` names it).
TUNABLE = (("cards", "id", "card"), ("developments", "id", "development"), ("ycu_tokens", "id", "YCU token"),
           ("coordinates", "id", "YCU coordinate card"), ("alert", "roll", "YCU Alert row"))


def tunings(rd: DataReader, raw: dict[str, Any], provenance: dict[str, dict[str, str]],
            constants: Collection[str]) -> tuple[Tuning, ...]:
    """The notes of a balance pass: `[constants_tuning]` and an entry's `tuning` table name each [design] value that
    was changed after self-play, with a note of the change. A note on a [rulebook] or [public] value, on a field the
    entry does not have, or without words is refused: a balance pass tunes reconstructions only."""
    out: list[Tuning] = []

    def notes(entry: str, table: Any) -> list[tuple[str, str]]:
        if not isinstance(table, dict) or not all(isinstance(v, str) and TUNING_NOTE.match(v.strip())
                                                  for v in table.values()):
            raise rd.fail(entry, "a tuning table names fields, each with a note of the tuning in words: "
                          "\"was <the value before>; why it changed\"")
        return [(str(k), str(v).strip()) for k, v in table.items()]

    for name, note in notes("constants_tuning", raw.get("constants_tuning", {})):
        if name not in constants:
            raise rd.fail(f"constants_tuning.{name}", "is not a constant of the game")
        if provenance["constants"][name] != "design":
            raise rd.fail(f"constants_tuning.{name}", f"is a {provenance['constants'][name]} value; "
                          "only [design] values are tuned")
        out.append(Tuning(f"constant {name}", name, _shown(raw["constants"][name]), _was(note), note))
    objects: list[tuple[str, str, dict[str, Any]]] = []
    for section, key, label in TUNABLE:
        for obj in raw.get(section, []):
            if isinstance(obj, dict) and "tuning" in obj:
                ident = f"alert.{obj[key]}" if section == "alert" else str(obj.get(key))
                title = f"{label} {obj.get(key)}" + (f" {obj['name']}" if "name" in obj else "")
                objects.append((ident, title, obj))
    table = raw.get("d6_tables", {})
    if "tuning" in table:
        objects.append(("d6_tables", "d6 tables", table))
    for ident, title, obj in objects:
        prov = provenance[ident]
        for name, note in notes(f"{title}: tuning", obj["tuning"]):
            if name in ("id", "provenance", "tuning", "source") or name not in obj:
                raise rd.fail(f"{title}: tuning.{name}", "is not a value of the entry")
            mark = prov.get(name, prov["default"])
            if mark != "design":
                raise rd.fail(f"{title}: tuning.{name}", f"is a {mark} value; only [design] values are tuned")
            out.append(Tuning(title, name, _shown(obj[name]), _was(note), note))
    return tuple(out)


def _was(note: str) -> str:
    match = TUNING_NOTE.match(note)
    assert match is not None  # checked by `notes`
    return match.group(1)


def _shown(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def tuned(comp: Any) -> list[str]:
    """The [design] values a balance pass changed (`Components.tunings`), one line each with the note of the
    tuning (docs/balance.md)."""
    return [f"{t.entry}: {t.field} = {t.value} ({t.note})" if not t.entry.startswith("constant ")
            else f"{t.entry} = {t.value} ({t.note})" for t in comp.tunings]
