"""The data file: values and provenance of the spec's data tables (D1-D14), the loader's refusals, corrections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from kit.datafiles import corrected_copy
from meeple.engine import DataError, get_rules
from meeple.games.coloma.data import DEFAULT_DATA, load_components

from .helpers import lodge, run, scenario

COMP = load_components()
SPEC = Path(__file__).parents[2] / "docs" / "rules" / "coloma.md"
MARK = re.compile(r"\[(rulebook|public|design)\]")


def d1_rows() -> dict[str, str]:
    """Parameter name (lower case) -> provenance, from table D1 of the spec."""
    rows: dict[str, str] = {}
    in_d1 = False
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## D1."):
            in_d1 = True
        elif line.startswith("## D2."):
            break
        elif in_d1 and line.startswith("| D1."):
            cells = [c.strip() for c in line.strip("|").split("|")]
            mark = MARK.search(cells[-1])
            for name in re.findall(r"`([A-Z_0-9]+)(?:\[[A-Za-z]\])?`", cells[1]):
                rows[name.lower()] = mark.group(1) if mark else ""
    return rows


def test_d1_parameters_carry_the_spec_provenance() -> None:
    rows = d1_rows()
    prov = COMP.provenance["parameters"]
    checked = 0
    for name, mark in rows.items():
        if name in prov:
            assert prov[name] == mark, name
            checked += 1
    assert checked >= 30
    assert prov["loss_casualty_numerator"] == prov["loss_casualty_denominator"] == rows["loss_casualty_fraction"]


def test_d1_parameter_values() -> None:
    p = COMP.params
    assert (p["rounds"], p["chapters_per_round"], p["start_draw"], p["start_keep"], p["deck_size"]) == (3, 5, 6, 4, 16)
    assert COMP.start_lodge == {"D": 4, "T": 1, "$": 2, "H": 1, "G": 1}
    assert p["gold_supply"] == {2: 12, 3: 16, 4: 20, 5: 24} and p["barrel_spaces"] == {2: 4, 3: 4, 4: 4, 5: 5}
    assert p["bridge_copies"] == {2: 1, 3: 2, 4: 2, 5: 3}
    assert (p["bust_min"], p["bust_on_tie"], p["trade_max"], p["deputise_max"]) == (2, False, 3, 2)
    assert (p["shootout_win_vp"], p["shootout_loss_vp"], p["bridge_cap"], p["horse_limit"]) == (2, 1, 12, 5)
    assert COMP.sutters_mill.gain == {"$": 3, "D": 1} and p["city_reward_if_occupied"] is True


def test_d2_to_d12_tables() -> None:
    """D2 Events, D3 prices, D4 deck, D5 Hotels, D6 rivers, D7 Bridges, D8 Barrels, D9-D11 map, D12 round track."""
    assert [e.site for e in COMP.events] == [1, 2, 3, 4, 5]
    first = COMP.prices[0]
    assert (first.id, first.cost, first.effect.text) == ("dude", {"$": 2}, "1D")
    assert len(COMP.cards) == 16 and COMP.cards[8].name == "Foundry" and COMP.cards[8].provenance["name"] == "rulebook"
    assert COMP.cards[9].hammer == {"$": 6, "G": 1, "D": 1} and COMP.cards[9].vp == 5
    assert COMP.hotel == {"copies": 10, "vp": 2, "hammer": {"$": 5, "G": 1}, "saw": {"$": 3, "G": 1}}
    assert COMP.survey_cost == ({"$": 3, "D": 1}, {"$": 1, "D": 1})
    assert [c.text for c in COMP.columns] == ["2VP+1H", "2VP+2D", "3VP+1G", "3VP+1M"]
    assert [(b.per, b.vp) for b in COMP.bridges] == [("graveyard", 3), ("horses", 2), ("hand", 2), ("buildings", 2),
                                                     ("camps", 3), ("barrels", 3)]
    assert sum(b.copies for b in COMP.barrels) == 24 and len(COMP.barrels) == 8
    assert len(COMP.spaces) == 25 and sum(len(n) for n in COMP.neighbours) == 2 * 28
    assert [len(COMP.neighbours[COMP.space(x)]) for x in ("COL", "AUB", "PIL", "H1")] == [4, 3, 2, 2]
    assert len(COMP.lands) == 16 and sum(land.vp for land in COMP.lands) == 48
    assert [sum(1 for land in COMP.lands if land.site == s) for s in range(1, 6)] == [4, 3, 3, 3, 3]
    assert [r["outlaws"] for r in COMP.rounds] == [2, 3, 4] and [r["year"] for r in COMP.rounds] == [1848, 1849, 1850]
    assert COMP.counts["dudes"] == 76 and COMP.counts["outlaws"] == 16


def test_reconstructions_list_the_design_values() -> None:
    lines = get_rules("coloma").reconstructions()
    assert "parameters: gold_supply = 2: 12, 3: 16, 4: 20, 5: 24" in lines
    assert "card 'C09': hammer = 4$+1G+1D" in lines and not any(line.startswith("card 'C09': name") for line in lines)
    assert not any("horses_total" in line for line in lines)


def corrected(tmp_path: Path, old: str, new: str) -> Path:
    return corrected_copy(DEFAULT_DATA, tmp_path / "my-coloma.toml", old, new)


def test_a_corrected_data_file_is_used(tmp_path: Path) -> None:
    path = corrected(tmp_path, 'sutters_mill = "3$+1D"', 'sutters_mill = "4$+1D"')
    game = scenario(chapter=3, dials=[1, 2, 4, 5], settings={"data": str(path)})
    run(game, "sutter common")
    assert lodge(game, 0)["bucks"] == 2 + 4
    assert get_rules("coloma", data=str(path)).data_path() == str(path)
    assert meeple.new_game("coloma", 3, 1, data=str(path)).rules.ctx.comp.sutters_mill.gain["$"] == 4


@pytest.mark.parametrize(("old", "new", "entry"), [
    ('hammer = "3$"\nsaw = "1$+1D"\nvp = 1', 'hammer = "3X$"\nsaw = "1$+1D"\nvp = 1', "card 'C01'"),
    ('provenance = { copies = "rulebook"', 'provenance = { copies = "folklore"', "hotels"),
    ('id = "L05"\nat = "COO"', 'id = "L05"\nat = "H1"', "land 'L05'"),
    ("trade_max = 3", 'trade_max = "three"', "parameters"),
    ('effect = "3$"', 'effect = "foundry"', "barrel 'whiskey'"),
    ('format = "meeple-coloma-components/1"', 'format = "x"', "'format'"),
    ('provenance = { name = "public", type = "design", reward = "design", alternative = "design" }',
     'provenance = { name = "public", type = "design", reward = "design" }', "space 'AUB'"),
])
def test_a_bad_entry_is_refused_naming_file_and_entry(tmp_path: Path, old: str, new: str, entry: str) -> None:
    path = corrected(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        load_components(path)
    assert str(path) in str(err.value) and entry in str(err.value)


def test_the_signpost_geometry_is_a_parameter(tmp_path: Path) -> None:
    """COL-6.4 [design]: with signpost_offset = 2 the Signpost lies two Sites clockwise from the Barker."""
    path = corrected(tmp_path, "signpost_offset = 1", "signpost_offset = 2")
    game = scenario(chapter=4, dials=[1, 1, 2, 3], settings={"data": str(path)})
    wheel = game.view(None)["wheel"]
    assert wheel["signpost"] == 1 and wheel["bust"] == 1 and not wheel["signpost_active"]
    assert wheel["sections"]["1"] == [1, -1]
