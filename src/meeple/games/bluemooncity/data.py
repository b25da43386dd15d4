"""Loading and checking the component data file (tiles, peoples, counts) with the provenance of each value."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.engine.errors import DataError
from meeple.kit import DataReader, Entry, per_file, read_toml, shown

DEFAULT_DATA = Path(__file__).parent / "data" / "components.toml"
DATA_FORMAT = "meeple-bluemooncity-components/1"

PEOPLES = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
COLOURS = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow")  # colour i = people i
TILE_KINDS = ("courtyard", "start", "random", "expansion")
EXTRA_ACTIONS = ("none", "move", "draw", "offer")
REWARD_KINDS = {"c": "crystals", "s": "scales", "k": "cards"}


@dataclass(frozen=True)
class Reward:
    crystals: int = 0
    scales: int = 0
    cards: int = 0

    def __bool__(self) -> bool:
        return bool(self.crystals or self.scales or self.cards)

    def text(self) -> str:
        parts = [f"{n}{k}" for n, k in ((self.crystals, "c"), (self.scales, "s"), (self.cards, "k")) if n]
        return "+".join(parts) or "none"


@dataclass(frozen=True)
class People(Entry):
    names: dict[str, str]
    colour: str
    letter: str
    power: str
    values: dict[int, int]  # value -> number of cards


@dataclass(frozen=True)
class Tile(Entry):
    name: str
    letter: str
    kind: str
    colour: str
    boxes: tuple[int, ...]
    box_colours: tuple[int, ...]  # colour index per box; -1 for the Royal Palace (any colour)
    majority: Reward
    construction: Reward
    neighbourhood: Reward
    extra_action: str
    start_square: str


@dataclass(frozen=True)
class Components:
    path: str
    peoples: tuple[People, ...]
    tiles: tuple[Tile, ...]
    counts: dict[str, Any]
    scales: dict[str, Any]
    obelisk: dict[str, Any]
    provenance: dict[str, dict[str, str]]  # section -> field -> provenance

    def tile(self, tile_id: str) -> Tile:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    def deck(self) -> list[int]:
        """Card types of the whole deck, in data order (type = people * 3 + value - 1)."""
        cards: list[int] = []
        for p in self.peoples:
            for value, n in sorted(p.values.items()):
                cards.extend([p.index * 3 + value - 1] * n)
        return cards

    def scale_pool(self, edition: str, players: int) -> int:
        return int(self.scales[edition][players])

    def obelisk_spaces(self, players: int) -> list[int]:
        return list(self.obelisk["spaces"][players])

    def offerings_to_win(self, players: int) -> int:
        return int(self.counts["offerings_to_win"][players])

    def reconstructions(self) -> list[str]:
        """Every value marked `design`, in words, for `meeple info`."""
        lines: list[str] = []
        for p in self.peoples:
            lines += [f"people {p.id}: {f}" for f, src in p.provenance.items() if src == "design"]
        for t in self.tiles:
            lines += [f"tile {t.id}: {f} = {_field_text(t, f)}" for f, src in t.provenance.items() if src == "design"]
        for section, fields in self.provenance.items():
            lines += [f"{section}: {f}" for f, src in fields.items() if src == "design"]
        return lines


def _field_text(tile: Tile, name: str) -> str:
    value = getattr(tile, name, "")
    if isinstance(value, Reward):
        return value.text()
    if name == "box_colours":
        return " ".join(COLOURS[c] for c in tile.box_colours)
    return shown(value)


def _parse(path: Path) -> Components:
    raw = read_toml(path, DATA_FORMAT)
    r = DataReader(path)
    peoples = _parse_peoples(r, raw.get("peoples"))
    tiles = _parse_tiles(r, raw.get("tiles"))
    sections = {name: _section(r, raw, name) for name in ("counts", "scales", "obelisk")}
    _check_numbers(r, sections)
    provenance = {name: r.provenance(name, sec) for name, sec in sections.items()}
    return Components(r.where, peoples, tiles, sections["counts"], sections["scales"], sections["obelisk"], provenance)


# Load and check a components file (the shipped one by default), once per file; a bad entry raises DataError.
load_components = per_file(DEFAULT_DATA, _parse)


def _section(r: DataReader, raw: dict[str, Any], name: str) -> dict[str, Any]:
    sec = raw.get(name)
    if not isinstance(sec, dict):
        raise DataError(f"{r.where}: section [{name}] is missing")
    return {k: (_int_keys(v) if isinstance(v, dict) and k != "provenance" else v) for k, v in sec.items()}


def _int_keys(d: dict[str, Any]) -> dict[Any, Any]:
    return {(int(k) if str(k).isdigit() else k): v for k, v in d.items()}


def _parse_peoples(r: DataReader, items: Any) -> tuple[People, ...]:
    if not isinstance(items, list) or [p.get("id") for p in items] != list(PEOPLES):
        raise DataError(f"{r.where}: [[peoples]] must list the eight peoples in order: {', '.join(PEOPLES)}")
    result = []
    for i, item in enumerate(items):
        entry = f"people {item['id']!r}"
        values = {int(k): v for k, v in item.get("values", {}).items()}
        if any(k not in (1, 2, 3) or not isinstance(n, int) or n < 0 for k, n in values.items()):
            raise DataError(f"{r.where}: {entry}: 'values' maps card values 1-3 to counts")
        if sum(values.values()) != 10:
            raise DataError(f"{r.where}: {entry}: 'values' must add up to 10 cards, not {sum(values.values())}")
        if item.get("colour") != COLOURS[i]:
            raise DataError(f"{r.where}: {entry}: colour must be {COLOURS[i]!r}")
        names = item.get("names", {})
        if set(names) != {"cmon2019", "kosmos2006"}:
            raise DataError(f"{r.where}: {entry}: 'names' needs cmon2019 and kosmos2006")
        letter = str(item.get("letter", ""))
        if len(letter) != 1:
            raise DataError(f"{r.where}: {entry}: 'letter' must be one character")
        result.append(People(item["id"], i, dict(names), COLOURS[i], letter, str(item.get("power", "")), values,
                             provenance=r.provenance(entry, item)))
    if len({p.letter for p in result}) != len(result):
        raise DataError(f"{r.where}: the peoples' letters must differ")
    return tuple(result)


def _parse_reward(r: DataReader, entry: str, name: str, text: Any) -> Reward:
    if not isinstance(text, str):
        raise DataError(f"{r.where}: {entry}: {name!r} must be a text such as '2c+1k'")
    amounts = {"c": 0, "s": 0, "k": 0}
    for part in filter(None, text.replace(" ", "").split("+")):
        num, kind = part[:-1], part[-1:]
        if kind not in amounts or not num.isdigit():
            raise DataError(f"{r.where}: {entry}: {name!r} has {part!r}; write amounts like 2c, 1s, 1k")
        amounts[kind] += int(num)
    return Reward(amounts["c"], amounts["s"], amounts["k"])


def _parse_tiles(r: DataReader, items: Any) -> tuple[Tile, ...]:
    if not isinstance(items, list) or not items:
        raise DataError(f"{r.where}: [[tiles]] is missing")
    tiles = [_parse_tile(r, i, item) for i, item in enumerate(items)]
    ids = [t.id for t in tiles]
    if len(set(ids)) != len(ids):
        raise DataError(f"{r.where}: tile ids must be unique")
    kinds = [t.kind for t in tiles]
    counts = {k: kinds.count(k) for k in TILE_KINDS}
    expected = {"courtyard": 1, "start": 4, "random": 16, "expansion": 4}
    for kind, n in expected.items():
        if counts[kind] != n:
            raise DataError(f"{r.where}: there must be {n} tile(s) of kind {kind!r}, not {counts[kind]}")
    if tiles[0].kind != "courtyard":
        raise DataError(f"{r.where}: the first tile must be the courtyard")
    return tuple(tiles)


def _parse_tile(r: DataReader, index: int, item: dict[str, Any]) -> Tile:
    entry = f"tile {item.get('id', index)!r}"
    for key in ("id", "name", "letter", "kind", "colour", "boxes"):
        if key not in item:
            raise DataError(f"{r.where}: {entry}: {key!r} is missing")
    kind = item["kind"]
    if kind not in TILE_KINDS:
        raise DataError(f"{r.where}: {entry}: kind {kind!r} is not one of {TILE_KINDS}")
    boxes = item["boxes"]
    if not isinstance(boxes, list) or len(boxes) > 4 or any(not isinstance(b, int) or not 1 <= b <= 9 for b in boxes):
        raise DataError(f"{r.where}: {entry}: 'boxes' is a list of at most 4 numbers from 1 to 9")
    if kind != "courtyard" and not boxes:
        raise DataError(f"{r.where}: {entry}: a building needs at least one box")
    colour = item["colour"]
    if "box_colours" in item:
        names = item["box_colours"]
        if not isinstance(names, list) or len(names) != len(boxes) or any(c not in COLOURS for c in names):
            raise DataError(f"{r.where}: {entry}: 'box_colours' names one colour per box from {COLOURS}")
        box_colours = tuple(COLOURS.index(c) for c in names)
    elif colour == "any":
        box_colours = tuple(-1 for _ in boxes)
    elif colour in COLOURS and colour != "green":
        box_colours = tuple(COLOURS.index(colour) for _ in boxes)
    elif colour == "none" and not boxes:
        box_colours = ()
    else:
        raise DataError(f"{r.where}: {entry}: colour {colour!r} is not a box colour (or give 'box_colours')")
    extra = item.get("extra_action", "none")
    if extra not in EXTRA_ACTIONS:
        raise DataError(f"{r.where}: {entry}: extra_action {extra!r} is not one of {EXTRA_ACTIONS}")
    start = item.get("start_square", "")
    if kind == "start" and (len(start) != 2 or start[0] not in "abcde" or start[1] not in "12345"):
        raise DataError(f"{r.where}: {entry}: a start tile needs a 'start_square' such as 'c2'")
    rewards = {k: _parse_reward(r, entry, k, item.get(k, ""))
               for k in ("majority", "construction", "neighbourhood")}
    return Tile(item["id"], index, str(item["name"]), str(item["letter"]), kind, colour, tuple(boxes), box_colours,
                rewards["majority"], rewards["construction"], rewards["neighbourhood"], extra, start,
                provenance=r.provenance(entry, item))


def _check_numbers(r: DataReader, sections: dict[str, dict[str, Any]]) -> None:
    counts, scales, obelisk = sections["counts"], sections["scales"], sections["obelisk"]
    for key in ("markers_per_player", "hand_size", "movement_steps", "venti_extra_steps", "dragon_steps", "turn_limit"):
        if not isinstance(counts.get(key), int) or counts[key] < 0:
            raise DataError(f"{r.where}: [counts] {key} must be a whole number")
    for n in (2, 3, 4):
        if not isinstance(counts.get("offerings_to_win", {}).get(n), int):
            raise DataError(f"{r.where}: [counts] offerings_to_win needs an entry for {n} players")
        for edition in ("cmon2019", "kosmos2006"):
            if not isinstance(scales.get(edition, {}).get(n), int) or scales[edition][n] < 1:
                raise DataError(f"{r.where}: [scales] {edition} needs a pool size for {n} players")
        spaces = obelisk.get("spaces", {}).get(n)
        if not isinstance(spaces, list) or not spaces or any(not isinstance(s, int) or s < 0 for s in spaces):
            raise DataError(f"{r.where}: [obelisk] spaces needs a list of costs for {n} players")
    for key in ("majority_crystals", "tied_majority_crystals", "other_crystals", "minimum_to_score"):
        if not isinstance(scales.get(key), int):
            raise DataError(f"{r.where}: [scales] {key} must be a whole number")
    if set(obelisk.get("pillar_surcharge", {})) != {1, 2}:
        raise DataError(f"{r.where}: [obelisk] pillar_surcharge needs values for Pillar 1 and Pillar 2")
