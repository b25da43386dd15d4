"""The component data file against the spec's tables (BMC-1, section 14) and the data-file loader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from kit.datafiles import corrected_copy
from meeple.engine.errors import DataError
from meeple.games.bluemooncity.data import DEFAULT_DATA, load_components

from .helpers import tile_view

COMP = load_components()

# BMC-1.2: id -> (2019 name, 2006 name, colour)
PEOPLES = {
    "vulca": ("Vulca", "Vulca", "black"), "terrah": ("Terrah", "Terrah", "red"), "aqua": ("Aqua", "Aqua", "blue"),
    "venti": ("Venti", "Flit", "grey"), "khind": ("Khind", "Khind", "green"), "mimix": ("Mimix", "Mimix", "brown"),
    "lux": ("Lux", "Hoax", "white"), "pillar": ("Pillar", "Pillar", "yellow"),
}

# Section 14: id -> (box colours, box numbers, majority, construction, neighbourhood, fields marked [design])
D3 = {"boxes", "majority", "construction"}
TILES: dict[str, tuple[str, tuple[int, ...], str, str, str, set[str]]] = {
    "royal-palace": ("any", (5, 4, 4, 3), "2c", "1s+1k+1c", "1s+1k+1c", {"majority"}),
    "fire-temple": ("black", (5, 4, 3), "2c", "3c", "3c", {"majority", "construction"}),
    "earth-temple": ("red", (5, 4, 3), "2c", "3c", "2k", {"majority", "construction"}),
    "water-temple": ("blue", (5, 4, 3), "2c", "3c", "2s", set()),
    "aqueduct": ("blue", (5,), "1s", "1c", "1c", D3),
    "thermae": ("blue", (3, 2, 2), "2k", "1c", "1c", {"boxes"}),
    "hospice": ("red", (5,), "1s", "1c", "1c", D3),
    "mill": ("red", (4, 3, 2), "2k", "1c", "1c", D3),
    "citadel": ("black", (5,), "1s", "1c", "1c", D3),
    "iron-foundry": ("black", (4, 3, 2), "2k", "1c", "1c", D3),
    "watchtower": ("grey", (4, 3, 2), "2c", "1c", "1c", D3),
    "flight-tower": ("grey", (4, 2), "2k", "1c", "2c", D3),
    "monastery-tower": ("grey", (3, 3, 2), "1s", "1c", "1s", {"boxes", "construction"}),
    "great-hall": ("brown", (4, 3), "1s", "1c", "1c", D3),
    "city-residence": ("brown", (4, 3, 2), "2c", "1c", "2c", {"majority", "construction"}),
    "university": ("white", (5, 2), "1s", "1c", "1c", set()),
    "library": ("white", (4, 3, 2), "2c", "1c", "3c", D3),
    "market-hall": ("yellow", (4, 3, 2), "2c", "1c", "2k", D3),
    "trading-house": ("yellow", (3, 3, 2), "1s", "1c", "1c", D3),
    "caravanserai": ("yellow", (5, 2), "2k", "1c", "1c", D3),
    "main-hall": ("brown blue black red", (1, 1, 1, 1), "3c", "2c", "2c", {"boxes", "box_colours"}),
    "hospital": ("red white", (4, 3), "1c", "2c", "2c", {"boxes", "box_colours"}),
    "golden-temple": ("yellow", (5, 4, 3), "1s", "1c+1s+1k", "2s", {"boxes"}),
    "theatre": ("grey blue white", (3, 3, 3), "2k", "2k", "2k", {"boxes", "box_colours"}),
}
EXTRA = {"main-hall": "move", "hospital": "draw", "golden-temple": "offer", "theatre": "none"}


def colours_of(tile_id: str) -> str:
    tile = COMP.tile(tile_id)
    names = ["any" if c < 0 else COMP.peoples[c].colour for c in tile.box_colours]
    return names[0] if len(set(names)) == 1 else " ".join(names)


def test_bmc_1_1_eighty_cards_ten_per_people_values_one_to_three() -> None:
    """BMC-1.1: 80 people cards, 10 per people, values 1-3; value-3 cards have no power (no action uses one)."""
    deck = COMP.deck()
    assert len(deck) == 80
    for p in COMP.peoples:
        assert sum(p.values.values()) == 10 and set(p.values) <= {1, 2, 3}
    game = meeple.new_game("bluemooncity", 2, 0)
    powers = [t for t in game.rules.actions.texts if not t.startswith(("pay ", "refill"))]
    people = "|".join(PEOPLES)
    assert not [t for t in powers if re.search(rf"\b({people})3\b", t)]
    assert any(re.search(rf"\b({people})1\b", t) for t in powers)


def test_bmc_1_2_peoples_names_colours_and_power_phases() -> None:
    """BMC-1.2: the eight peoples, their names in both editions and their colours."""
    assert [p.id for p in COMP.peoples] == list(PEOPLES)
    for p in COMP.peoples:
        assert (p.names["cmon2019"], p.names["kosmos2006"], p.colour) == PEOPLES[p.id]
    texts = set(meeple.new_game("bluemooncity", 2, 0).rules.actions.texts)
    for movement in ("vulca1 b2", "vulca2 b2", "terrah1 off", "aqua2 c4", "venti1 d4", "venti2"):
        assert movement in texts
    for contribution in ("lux1 grey", "lux2 red", "pillar1", "pillar2", "pay khind1", "pay mimix2"):
        assert contribution in texts


def test_bmc_1_3_card_values_per_people() -> None:
    """BMC-1.3: Khind 10 cards of value 1; every other people 3 x 1, 3 x 2, 4 x 3 (a [design] value)."""
    for p in COMP.peoples:
        if p.id == "khind":
            assert p.values == {1: 10} and p.provenance["values"] == "rulebook"
        else:
            assert p.values == {1: 3, 2: 3, 3: 4} and p.provenance["values"] == "design"


def test_bmc_1_9_tiles_and_section_14_table() -> None:
    """BMC-1.9 and section 14: 21 base tiles with the Courtyard, 4 expansion tiles, every value and [design] mark."""
    kinds = [t.kind for t in COMP.tiles]
    assert kinds.count("courtyard") + kinds.count("start") + kinds.count("random") == 21
    assert kinds.count("expansion") == 4
    courtyard = COMP.tile("courtyard")
    assert courtyard.boxes == () and not courtyard.neighbourhood
    for tile_id, (colours, boxes, majority, construction, neighbourhood, design) in TILES.items():
        tile = COMP.tile(tile_id)
        assert colours_of(tile_id) == colours, tile_id
        assert tile.boxes == boxes, tile_id
        assert (tile.majority.text(), tile.construction.text(), tile.neighbourhood.text()) == (
            majority.replace("1s+1k+1c", "1c+1s+1k"), construction.replace("1s+1k+1c", "1c+1s+1k"),
            neighbourhood.replace("1s+1k+1c", "1c+1s+1k")), tile_id
        marked = {f for f, src in tile.provenance.items() if src == "design"}
        assert marked == design, tile_id
        assert tile.extra_action == EXTRA.get(tile_id, "none")
    assert {t.id for t in COMP.tiles} == {"courtyard", *TILES}


def test_base_city_has_51_boxes() -> None:
    """Section 14: the base city holds 51 boxes (Palace 4, temples 9, random tiles 38)."""
    base = [t for t in COMP.tiles if t.kind != "expansion"]
    assert sum(len(t.boxes) for t in base) == 51
    assert sum(len(t.boxes) for t in base if t.kind == "random") == 38


def test_counts_and_obelisk_data() -> None:
    """BMC-1.4, BMC-8.1, BMC-10.1, BMC-12 as data: markers, spaces, offerings to win, scale pools."""
    assert COMP.counts["markers_per_player"] == 10
    assert COMP.obelisk_spaces(2) == [7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert COMP.obelisk_spaces(3) == COMP.obelisk_spaces(4) == [7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert [COMP.offerings_to_win(n) for n in (2, 3, 4)] == [6, 5, 4]
    assert [COMP.scale_pool("cmon2019", n) for n in (2, 3, 4)] == [7, 10, 12]
    assert [COMP.scale_pool("kosmos2006", n) for n in (2, 3, 4)] == [9, 12, 15]


def test_reconstructions_are_listed_for_users() -> None:
    lines = COMP.reconstructions()
    assert "tile aqueduct: boxes = 5" in lines
    assert any(line.startswith("people vulca") for line in lines)
    assert not any(line.startswith("tile university") for line in lines)


# ---------------------------------------------------------------- the data-file loader
def corrected(tmp_path: Path, old: str, new: str) -> Path:
    return corrected_copy(DEFAULT_DATA, tmp_path / "my-components.toml", old, new)


AQUEDUCT = 'id = "aqueduct"\nname = "Aqueduct"\nletter = "AQ"\nkind = "random"\ncolour = "blue"\nboxes = [5]'


def test_a_corrected_data_file_is_used(tmp_path: Path) -> None:
    path = corrected(tmp_path, AQUEDUCT, AQUEDUCT.replace("boxes = [5]", "boxes = [4, 1]"))
    game = meeple.new_game("bluemooncity", 2, 3, data=str(path))
    aqueduct = next(t for t in game.view(None)["city"] if t["tile"] == "aqueduct")
    assert [b["number"] for b in aqueduct["boxes"]] == [4, 1]
    shipped = meeple.new_game("bluemooncity", 2, 3)
    assert [b["number"] for b in next(t for t in shipped.view(None)["city"] if t["tile"] == "aqueduct")["boxes"]] == [5]
    again = meeple.load_game(game.to_json())  # the setting travels with the saved game
    assert again.rules.to_data(again.state) == game.rules.to_data(game.state)
    built = meeple.scenario("bluemooncity", {"players": 2, "city": {"b2": "aqueduct"}}, data=str(path))
    assert [b["number"] for b in tile_view(built, "b2")["boxes"]] == [4, 1]


def test_a_corrected_card_split_changes_the_deck(tmp_path: Path) -> None:
    old = 'id = "vulca"\nnames = { cmon2019 = "Vulca", kosmos2006 = "Vulca" }\ncolour = "black"\nletter = "V"\n' \
          'power = "red dragon"\nvalues = { 1 = 3, 2 = 3, 3 = 4 }'
    path = corrected(tmp_path, old, old.replace("{ 1 = 3, 2 = 3, 3 = 4 }", "{ 1 = 2, 2 = 4, 3 = 4 }"))
    with pytest.raises(meeple.ScenarioError, match="vulca1"):
        meeple.scenario("bluemooncity", {"players": 2, "hands": [["vulca1"] * 3, []]}, data=str(path))
    game = meeple.scenario("bluemooncity", {"players": 2, "hands": [["vulca2"] * 4, []]}, data=str(path))
    assert game.rules.invariants(game.state) == []


@pytest.mark.parametrize(("old", "new", "entry"), [
    (AQUEDUCT, AQUEDUCT.replace("boxes = [5]", "boxes = [10]"), "tile 'aqueduct'"),
    ('majority = "2k"\nconstruction = "1c"\nneighbourhood = "1c"\nprovenance = { boxes = "design", majority = "public"',
     'majority = "2x"\nconstruction = "1c"\nneighbourhood = "1c"\nprovenance = { boxes = "design", majority = "public"',
     "tile 'thermae'"),
    ('values = { 1 = 10 }', 'values = { 1 = 9 }', "people 'khind'"),
    ("kosmos2006 = { 2 = 9, 3 = 12, 4 = 15 }", "kosmos2006 = { 2 = 9, 3 = 12 }", "[scales] kosmos2006"),
    ('provenance = { boxes = "design", majority = "design", construction = "design", neighbourhood = "rulebook" }',
     'provenance = { boxes = "guess", majority = "design", construction = "design", neighbourhood = "rulebook" }',
     "tile 'aqueduct'"),
])
def test_a_bad_entry_raises_data_error_naming_file_and_entry(tmp_path: Path, old: str, new: str, entry: str) -> None:
    path = corrected(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        meeple.new_game("bluemooncity", 2, 0, data=str(path))
    assert str(path) in str(err.value) and entry in str(err.value)


def test_a_missing_or_broken_file_raises_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="does not exist"):
        load_components(tmp_path / "none.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("format = [")
    with pytest.raises(DataError, match="not valid TOML"):
        load_components(broken)
