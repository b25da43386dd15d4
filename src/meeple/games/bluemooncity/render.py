"""Text rendering of the city and of a seat's view: colour plus a letter per people, since the colours are close."""

from __future__ import annotations

from meeple.engine.messages import Catalogue

from .data import COLOURS
from .payments import CARD_TYPES
from .rules.context import Ctx, card_name
from .state import FREE, NSQ, PHASE_NAMES, State, card_base, seat_cards, square_name

ANSI = {
    "black": "\033[1;97;40m", "red": "\033[1;31m", "blue": "\033[1;34m", "grey": "\033[37m",
    "green": "\033[1;32m", "brown": "\033[33m", "white": "\033[1;97m", "yellow": "\033[1;93m",
}
RESET = "\033[0m"
DRAGON_MARK = ("Dr", "Dg", "Db")
CELL = 19


def _paint(text: str, colour: str, color: bool) -> str:
    return f"{ANSI[colour]}{text}{RESET}" if color and colour in ANSI else text


def _letter(ctx: Ctx, colour_index: int) -> str:
    return ctx.comp.peoples[colour_index].letter if colour_index >= 0 else "*"


def _cell(ctx: Ctx, s: State, sq: int, color: bool) -> list[tuple[str, str]]:
    """Three lines of (plain text, painted text) for one square."""
    ti = s.tile_at[sq]
    if ti < 0:
        return [("", "")] * 3
    tile = ctx.tiles[ti]
    mark = "*" if s.rebuilt[sq] and tile.kind != "courtyard" else ""
    head = f"{square_name(sq)} {tile.letter} {tile.name}"[: CELL - 1 - len(mark)] + mark
    if tile.kind == "courtyard":
        boxes = "offerings here"
        boxes_p = boxes
    elif s.rebuilt[sq]:
        boxes = f"rebuilt +{tile.neighbourhood.text()}"
        boxes_p = boxes
    else:
        parts, painted = [], []
        for i, n in enumerate(tile.boxes):
            c = tile.box_colours[i]
            owner = s.boxes[sq * 4 + i]
            txt = f"{_letter(ctx, c)}{n}" + (f"={owner + 1}" if owner != FREE else "")
            parts.append(txt)
            painted.append(_paint(txt, COLOURS[c] if c >= 0 else "", color))
        boxes, boxes_p = " ".join(parts), " ".join(painted)
    pieces = [f"@{p + 1}" for p in range(s.players) if s.figures[p] == sq]
    pieces += [DRAGON_MARK[d] for d in range(3) if s.dragons[d] == sq]
    line3 = " ".join(pieces)
    return [(head, head), (boxes, boxes_p), (line3, line3)]


def render_city(ctx: Ctx, s: State, color: bool = True) -> str:
    rows = []
    cols = [c for c in range(5) if any(s.tile_at[r * 5 + c] >= 0 for r in range(5))]
    border = "+" + "+".join("-" * CELL for _ in cols) + "+"
    rows.append(border)
    for r in range(5):
        cells = [_cell(ctx, s, r * 5 + c, color) for c in cols]
        for line in range(3):
            out = "|"
            for cell in cells:
                plain, painted = cell[line]
                out += " " + painted + " " * max(0, CELL - 1 - len(plain)) + "|"
            rows.append(out)
        rows.append(border)
    return "\n".join(rows)


def render(ctx: Ctx, s: State, seat: int | None, color: bool = True, messages: Catalogue | None = None) -> str:
    """The city, the obelisk, every seat's public state, and the viewer's hand and crystals."""
    lines = [render_city(ctx, s, color)]
    spaces = ctx.obelisk_spaces(s)
    cells = [f"{n}:P{s.obelisk[i] + 1}" if i < len(s.obelisk) else str(n) for i, n in enumerate(spaces)]
    lines.append("Obelisk (bottom first): " + " ".join(cells)
                 + f"   to win: {ctx.comp.offerings_to_win(s.players)} offerings")
    lines.append(f"Golden scales in the pool: {max(s.pool, 0)}   deck: {len(s.deck)} cards   "
                 f"discard: {len(s.discard)}" + (f" (top {card_name(s.discard[-1])})" if s.discard else ""))
    for p in range(s.players):
        you = " (you)" if p == seat else ""
        hand = sum(seat_cards(s.hands, p))
        pend = sum(seat_cards(s.pending, p))
        extra = f" crystals {s.crystals[p]}" if p == seat or s.over else ""
        lines.append(f"Player {p + 1}{you}: figure {square_name(s.figures[p])}  offerings {s.offerings[p]}  "
                     f"scales {s.scales[p]}  markers {s.markers[p]}  hand {hand}"
                     + (f"  face-down rewards {pend}" if pend else "") + extra)
    if seat is not None:
        lines.append("Your hand: " + hand_text(ctx, s, seat, color))
    if s.over:
        won = ", ".join(f"Player {p + 1}" for p in s.winners) or "nobody (draw)"
        from .rules import end_params

        reason = messages.text(s.end_reason, end_params(s)) if messages is not None else s.end_reason
        lines.append(f"Game over: {reason}. Winner(s): {won}")
    else:
        lines.append(status_line(ctx, s))
    return "\n".join(lines)


def hand_text(ctx: Ctx, s: State, seat: int, color: bool = True) -> str:
    parts = []
    for t in CARD_TYPES:
        n = s.hands[card_base(seat) + t]
        if n:
            people = ctx.comp.peoples[t // 3]
            label = f"{people.letter}{t % 3 + 1} {people.names[s.edition]} {t % 3 + 1}" + (f" x{n}" if n > 1 else "")
            parts.append(_paint(label, people.colour, color))
    return ", ".join(parts) or "(empty)"


def status_line(ctx: Ctx, s: State) -> str:
    text = f"Turn {s.turn}: Player {s.active + 1}, {PHASE_NAMES[s.phase]} phase"
    if s.phase == 0:
        text += f" ({s.steps} step(s) left)"
    if s.pay_box >= 0:
        tile = ctx.tiles[s.tile_at[s.figures[s.active]]]
        paid = [card_name(t) for t in CARD_TYPES for _ in range(s.pay_cards[t])]
        text += f"; paying box {s.pay_box + 1} ({tile.boxes[s.pay_box]}) with " + (" + ".join(paid) or "nothing yet")
    return text


__all__ = ["NSQ", "render", "render_city"]
