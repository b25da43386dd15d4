"""Data-derived tables shared by the rules modules (built once per components file)."""

from __future__ import annotations

import re
from typing import Any

from meeple.engine.rules import Event

from ..data import Components, Tile
from ..payments import PEOPLE_NAMES, PILLAR1, PILLAR2
from ..state import NCARD, State, square_name

COURTYARD_SQ = 12  # c3


class Ctx:
    """Components plus lookups the rules need on every move."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.tiles: tuple[Tile, ...] = comp.tiles
        self.counts = comp.counts
        self.card_count = [0] * NCARD
        for t in comp.deck():
            self.card_count[t] += 1
        self.steps = int(comp.counts["movement_steps"])
        self.venti_steps = int(comp.counts["venti_extra_steps"])
        self.dragon_steps = int(comp.counts["dragon_steps"])
        self.hand_size = int(comp.counts["hand_size"])
        self.markers = int(comp.counts["markers_per_player"])
        self.turn_limit = int(comp.counts["turn_limit"])
        # Per tile: its boxes as (slot, colour or -1 for the player's choice, cards needed); none on the Courtyard.
        self.box_needs = tuple(
            () if tile.kind == "courtyard" else tuple(zip(range(len(tile.boxes)), tile.box_colours, tile.boxes,
                                                          strict=True))
            for tile in self.tiles)
        self.surcharge = {PILLAR1: int(comp.obelisk["pillar_surcharge"][1]),
                          PILLAR2: int(comp.obelisk["pillar_surcharge"][2])}
        # Texts are written with PEOPLE_NAMES; an edition naming a people otherwise gets its own name (BMC-12).
        self.renames = {
            edition: [(re.compile(rf"\b{PEOPLE_NAMES[p.index]}\b"), p.names[edition])
                      for p in comp.peoples if p.names[edition] != PEOPLE_NAMES[p.index]]
            for edition in ("cmon2019", "kosmos2006")
        }

        # What the views and the bots' heuristics compute once from these components and remember: the caches
        # belong to the context, so they live as long as it does and their keys need no object ids. The module
        # that fills a cache bounds its size. (Values that read no component, such as the heuristics' reserve of
        # markers, are remembered in their module.)
        self.view_static: dict[tuple[int, int], dict[str, Any]] = {}
        self.view_public: dict[tuple[int, int], dict[str, Any]] = {}
        self.view_tiles: dict[tuple[Any, ...], dict[str, Any]] = {}
        self.view_cities: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        self.view_people: dict[str, dict[str, str]] = {}
        self.heuristic_tables: Any = None
        self.heuristic_shares: dict[tuple[Any, ...], list[float]] = {}
        self.heuristic_cities: dict[tuple[Any, ...], int] = {}
        # The last number given to a city: numbers only grow, so that a number forgotten with its city (the cache is
        # emptied when full) names no other.
        self.heuristic_city_count = 0
        self.heuristic_last_city: tuple[list[int], list[Any], list[int], int] | None = None
        self.heuristic_spots: dict[tuple[Any, ...], float] = {}
        self.heuristic_squares: dict[tuple[Any, ...], tuple[object, float | None, list[Any]]] = {}
        self.heuristic_moves: dict[tuple[Any, ...], float] = {}
        self.heuristic_held: dict[tuple[Any, ...], float] = {}
        self.heuristic_paying: dict[tuple[Any, ...], float] = {}

        # The id of each people's name per edition, as used in card terms (`@card.flit.1`).
        self.name_ids = {edition: tuple(p.names[edition].lower() for p in comp.peoples)
                         for edition in ("cmon2019", "kosmos2006")}

    def edition_text(self, s: State, text: str) -> str:
        """A text for the players, with the people names of the game's edition."""
        for pattern, name in self.renames[s.edition]:
            text = pattern.sub(name, text)
        return text

    def edition_event(self, s: State, event: Event) -> Event:
        """A refusal with the people names of the game's edition: its people and card terms, given by the CMON
        2019 names (`@people.venti`, `@card.venti.1`), renamed for the Kosmos 2006 edition (`@people.flit`)."""
        if s.edition == "cmon2019":
            return event
        names = dict(zip(self.name_ids["cmon2019"], self.name_ids[s.edition], strict=True))
        params = {}
        for key, value in event.params.items():
            if isinstance(value, str) and value.startswith(("@people.", "@card.")):
                kind, name, *rest = value[1:].split(".")
                value = "@" + ".".join([kind, names.get(name, name), *rest])
            params[key] = value
        return Event(event.msg, params, event.seats)

    def tile(self, s: State, sq: int) -> Tile | None:
        i = s.tile_at[sq]
        return self.tiles[i] if i >= 0 else None

    def is_building(self, s: State, sq: int) -> bool:
        i = s.tile_at[sq]
        return i >= 0 and self.tiles[i].kind != "courtyard"

    def obelisk_spaces(self, s: State) -> list[int]:
        return self.comp.obelisk_spaces(s.players)

    def next_cost(self, s: State) -> int | None:
        spaces = self.comp.obelisk_spaces(s.players)
        return spaces[len(s.obelisk)] if len(s.obelisk) < len(spaces) else None

    def scale_total(self, s: State) -> int:
        return self.comp.scale_pool(s.edition, s.players)


def refuse(msg: str, **params: object) -> Event:
    """Why an action is refused: a message id of the game's catalogue (`refuse.*`) and its parameters."""
    return Event(msg, params)


def card_name(t: int) -> str:
    """A card in English words, for texts that are not events (the text board, refusals)."""
    return f"{PEOPLE_NAMES[t // 3]} {t % 3 + 1}"


def card(ctx: Ctx, s: State, t: int) -> str:
    """A card as a term of the game's messages, with the people's name in the game's edition (BMC-12)."""
    return f"@card.{ctx.name_ids[s.edition][t // 3]}.{t % 3 + 1}"


def cards(ctx: Ctx, s: State, types: list[int]) -> tuple[str, ...]:
    return tuple(card(ctx, s, t) for t in sorted(types))


def where(ctx: Ctx, s: State, sq: int) -> str:
    """A square and its tile in English words, for refusals (events name them with `place`)."""
    tile = ctx.tile(s, sq)
    return f"the {tile.name} ({square_name(sq)})" if tile else square_name(sq)


def tile_term(tile: Tile | None) -> str:
    return f"@tile.{tile.id}" if tile is not None else "@tile.none"


def place(ctx: Ctx, s: State, sq: int) -> dict[str, str]:
    """The parameters naming a square and its tile in an event: `tile` (a term) and `square` (e.g. c2)."""
    return {"tile": tile_term(ctx.tile(s, sq)), "square": square_name(sq)}
