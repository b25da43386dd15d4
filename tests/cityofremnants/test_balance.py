"""The balance pass (docs/balance.md): every [design] value it changed keeps its provenance, carries a note of the
tuning in the data file and is listed by `meeple info cityofremnants`; a note on any other value is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from meeple.cli import main
from meeple.engine import DataError
from meeple.games.cityofremnants.data import DEFAULT_DATA, load_components
from meeple.games.cityofremnants.tuning import tuned


def test_every_tuned_value_is_a_design_value_with_a_note() -> None:
    comp = load_components()
    assert comp.tunings, "the balance pass left no tuning note in the data file"
    for t in comp.tunings:
        assert t.note.startswith(f"was {t.was}; ") and len(t.note.split()) >= 5 and t.was != t.value, t
        if t.entry.startswith("constant "):
            assert comp.constants_provenance[t.field] == "design"
            assert str(comp.constants[t.field]) == t.value
        else:
            ident = t.entry.split()[1]
            prov = comp.provenance[ident]
            assert prov.get(t.field, prov["default"]) == "design", t
    dev = {d.id: d for d in comp.devs}
    for t in comp.tunings:
        if t.entry.startswith("development "):
            assert str(getattr(dev[t.entry.split()[1]], t.field)) == t.value


def test_info_lists_the_tuned_values_in_the_readers_language() -> None:
    lines = tuned(load_components())
    out = CliRunner().invoke(main, ["info", "cityofremnants"]).output
    assert f"tuned by the balance pass ({len(lines)})" in out
    for line in lines:
        assert f"  [design, tuned] {line}" in out
    data = json.loads(CliRunner().invoke(main, ["info", "cityofremnants", "--json"]).output)
    assert data["tuned_values"] == lines
    spanish = CliRunner().invoke(main, ["info", "cityofremnants", "--lang", "es"]).output
    assert f"pasada de equilibrio ({len(lines)})" in spanish and "[diseño, ajustado]" in spanish


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "why"), [
    ("[constants_tuning]\n", "[constants_tuning]\nSTART_ARC = \"was 2000; raised to try a richer start\"\n",
     "START_ARC: is a rulebook value"),
    ("[constants_tuning]\n", "[constants_tuning]\nNO_SUCH = \"was 1; a constant the game does not have\"\n",
     "is not a constant of the game"),
    ("[constants_tuning]\n", "[constants_tuning]\nBID_STEP = \" \"\n", "a note of the tuning in words"),
    ("[constants_tuning]\n", "[constants_tuning]\nBID_STEP = \"smaller steps bid faster\"\n",
     "was <the value before>; why it changed"),
    ('id = "DEV-M6"\n', 'id = "DEV-M6"\ntuning = { renown = "was 4; public value, must not be tuned" }\n',
     "tuning.renown: is a public value"),
    ('id = "DEV-S1"\n', 'id = "DEV-S1"\ntuning = { colour = "was red; a field developments do not have" }\n',
     "tuning.colour: is not a value of the entry"),
])
def test_a_tuning_note_on_anything_but_a_design_value_is_refused(tmp_path: Path, old: str, new: str,
                                                                  why: str) -> None:
    with pytest.raises(DataError, match=why):
        load_components(_variant(tmp_path, old, new))


def test_a_file_without_tuning_notes_loads_with_none(tmp_path: Path) -> None:
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines(keepends=True) if not line.startswith("tuning = ")]
    head, _, tail = "".join(kept).partition("[constants_tuning]\n")
    tail = tail[tail.index("\n\n"):]
    path = tmp_path / "untuned.toml"
    path.write_text(head + tail, encoding="utf-8")
    comp = load_components(path)
    assert comp.tunings == () and tuned(comp) == []
    out = CliRunner().invoke(main, ["info", "cityofremnants", "--data", str(path)]).output
    assert "tuned by the balance pass" not in out and "[design] constant AWARD_HEIGHTS" in out
