"""Answers to a player's questions about the city (`tile c2`): a tile's boxes, what it pays and who stands there.

Everything is public: the answer is the same for every seat. The messages are in `messages.EXPLAIN`.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.engine.rules import Event

from .data import Reward, Tile
from .rules.context import Ctx
from .state import FREE, State, parse_square, square_name

REWARD_KINDS = ("crystals", "scales", "cards")
BONUSES = ("majority", "construction", "neighbourhood")


def explain(ctx: Ctx, s: State, words: Sequence[str]) -> list[Event] | None:
    """The answer to `tile SQ` (None for another question); a bad square is answered with what is wrong."""
    if not words or words[0] != "tile":
        return None
    if len(words) != 2:
        return [Event("explain.tile_usage")]
    try:
        sq = parse_square(words[1])
    except ValueError:
        return [Event("explain.no_square", {"square": words[1]})]
    tile = ctx.tile(s, sq)
    if tile is None:
        return [Event("explain.empty", {"square": words[1]})]
    return describe(ctx, s, sq, tile)


def describe(ctx: Ctx, s: State, sq: int, tile: Tile) -> list[Event]:
    square = square_name(sq)
    out = [Event("explain.tile", {"square": square, "tile": f"@tile.{tile.id}", "letter": tile.letter})]
    if tile.kind == "courtyard":
        out.append(Event("explain.courtyard"))
    elif s.rebuilt[sq]:
        out.append(Event("explain.rebuilt"))
    else:
        out += boxes(ctx, s, sq, tile)
    if tile.kind != "courtyard":
        for bonus in BONUSES:
            out += reward_lines(bonus, getattr(tile, bonus))
    if tile.extra_action != "none":
        out.append(Event(f"explain.extra.{tile.extra_action}"))
    design = sorted(f for f, src in tile.provenance.items() if src == "design")
    if design:
        out.append(Event("explain.design", {"fields": design}))
    here = [p for p in range(s.players) if s.figures[p] == sq]
    if here:
        out.append(Event("explain.figures", {"seats": here}))
    dragons = [f"@dragon.{name}" for d, name in enumerate(("red", "green", "blue")) if s.dragons[d] == sq]
    if dragons:
        out.append(Event("explain.dragons", {"dragons": dragons}))
    return out


def boxes(ctx: Ctx, s: State, sq: int, tile: Tile) -> list[Event]:
    out = []
    for i, need in enumerate(tile.boxes):
        colour = tile.box_colours[i]
        people = "@explain.any_colour" if colour < 0 else \
            f"@people.{ctx.comp.peoples[colour].names[s.edition].lower()}"
        owner = s.boxes[sq * 4 + i]
        if owner == FREE:
            out.append(Event("explain.box", {"box": i + 1, "need": need, "people": people}))
        else:
            out.append(Event("explain.box_paid", {"box": i + 1, "need": need, "people": people, "seat": owner}))
    return out


def reward_lines(bonus: str, reward: Reward) -> list[Event]:
    if not reward:
        return [Event(f"explain.{bonus}.nothing")]
    return [Event(f"explain.{bonus}.{kind}", {"n": n}) for kind in REWARD_KINDS if (n := getattr(reward, kind))]

