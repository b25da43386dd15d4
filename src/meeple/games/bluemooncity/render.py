"""Text rendering of the city and of a seat's view: colour plus a letter per people, since the colours are close.

Its words are messages of the game's catalogue (`board.*`, see `messages.BOARD`), rendered with the catalogue the
caller gives (English by default), so a face may show the board in the reader's language."""

from __future__ import annotations

import functools

from meeple.engine.messages import Catalogue

from .data import COLOURS, Reward, Tile
from .payments import CARD_TYPES
from .rules.context import Ctx, card
from .state import FREE, NSQ, PHASE_NAMES, State, card_base, seat_cards, square_name


@functools.cache
def _english() -> Catalogue:
    """The English words of the board when the caller gives no catalogue (built once, from the game's messages)."""
    from .data import load_components
    from .messages import catalogue

    return Catalogue(catalogue(load_components()))


def _say(messages: Catalogue, msg: str, **params: object) -> str:
    return messages.text(msg, params)

ANSI = {
    "black": "\033[1;97;40m", "red": "\033[1;31m", "blue": "\033[1;34m", "grey": "\033[37m",
    "green": "\033[1;32m", "brown": "\033[33m", "white": "\033[1;97m", "yellow": "\033[1;93m",
}
RESET = "\033[0m"
DRAGON_MARK = ("Dr", "Dg", "Db")
WIDTH = 79  # the board fits a terminal of 80 columns
CELL = 15  # the longest building name (Monastery Tower) fits; five cells and four bars make 79 columns


def _paint(text: str, colour: str, color: bool) -> str:
    return f"{ANSI[colour]}{text}{RESET}" if color and colour in ANSI else text


def _letter(ctx: Ctx, colour_index: int) -> str:
    return ctx.comp.peoples[colour_index].letter if colour_index >= 0 else "*"


def _cell(ctx: Ctx, s: State, sq: int, color: bool, messages: Catalogue) -> list[tuple[str, str]]:
    """Three lines of (plain text, painted text) for one square: the building's whole name; the square and the
    boxes (a paid box shows its owner, `=2`); figures, dragons and what the building pays."""
    ti = s.tile_at[sq]
    if ti < 0:
        return [("", "")] * 3
    tile = ctx.tiles[ti]
    where = square_name(sq)
    if tile.kind == "courtyard":
        boxes = boxes_p = _say(messages, "board.offerings", square=where)
    elif s.rebuilt[sq]:
        boxes = boxes_p = _say(messages, "board.rebuilt", square=where)
    else:
        parts, painted = [where], [where]
        for i, n in enumerate(tile.boxes):
            c = tile.box_colours[i]
            owner = s.boxes[sq * 4 + i]
            txt = f"{_letter(ctx, c)}{n}" if owner == FREE else f"={owner + 1}"
            parts.append(txt)
            painted.append(_paint(txt, COLOURS[c] if c >= 0 and owner == FREE else "", color))
        boxes, boxes_p = " ".join(parts), " ".join(painted)
    pieces = [f"@{p + 1}" for p in range(s.players) if s.figures[p] == sq]
    pieces += [DRAGON_MARK[d] for d in range(3) if s.dragons[d] == sq]
    line3 = " ".join(pieces)
    if tile.kind != "courtyard":
        pays = f"+{_short(tile.neighbourhood)}" if s.rebuilt[sq] else pays_text(tile)
        joined = f"{line3} {pays}" if line3 else pays
        if len(joined) <= CELL:  # figures and dragons first; `tile SQ` tells the rest
            line3 = joined
    return [(tile.name, tile.name), (boxes, boxes_p), (line3, line3)]


def _short(reward: Reward) -> str:
    """A reward in a few letters: `2c`, `1c2s`, and `1csk` when every part is 1."""
    parts = [(n, k) for n, k in ((reward.crystals, "c"), (reward.scales, "s"), (reward.cards, "k")) if n]
    if not parts:
        return "0"
    if len(parts) > 1 and len({n for n, _ in parts}) == 1:
        return f"{parts[0][0]}" + "".join(k for _, k in parts)
    return "".join(f"{n}{k}" for n, k in parts)


def pays_text(tile: Tile) -> str:
    """What a building pays, short: `2k/1c +2s` is 2 cards to the majority, 1 crystal to every player with a
    marker, and, once rebuilt, 2 golden scales to contributors of a building completed next to it."""
    return f"{_short(tile.majority)}/{_short(tile.construction)} +{_short(tile.neighbourhood)}"


def render_city(ctx: Ctx, s: State, color: bool = True, messages: Catalogue | None = None) -> str:
    """The city in at most 79 columns and 15 lines: five columns of 15 letters, three lines per row."""
    rows = []
    cols = [c for c in range(5) if any(s.tile_at[r * 5 + c] >= 0 for r in range(5))]
    for r in range(5):
        if not any(s.tile_at[r * 5 + c] >= 0 for c in cols):
            continue
        cells = [_cell(ctx, s, r * 5 + c, color, messages or _english()) for c in cols]
        for line in range(3):
            rows.append("|".join(cell[line][1] + " " * max(0, CELL - len(cell[line][0])) for cell in cells).rstrip())
    return "\n".join(rows)


def render(ctx: Ctx, s: State, seat: int | None, color: bool = True, messages: Catalogue | None = None) -> str:
    """The city, the obelisk, every seat's public state, and the viewer's hand and crystals."""
    words = messages or _english()
    lines = [render_city(ctx, s, color, words), _obelisk_line(ctx, s, words), *_table_lines(ctx, s, seat, words)]
    if seat is not None:
        lines += hand_lines(ctx, s, seat, color, words)
    lines.append(_last_line(ctx, s, words))
    return "\n".join(lines)


def screens(ctx: Ctx, s: State, seat: int | None, color: bool = True,
            messages: Catalogue | None = None) -> dict[str, str]:
    """The board cut for a small terminal: the city with the obelisk; the seat's hand; the supply and the seats."""
    words = messages or _english()
    out = {"board": "\n".join([render_city(ctx, s, color, words), _obelisk_line(ctx, s, words),
                               _last_line(ctx, s, words)])}
    if seat is not None:
        out["hand"] = "\n".join([_seat_line(ctx, s, seat, seat, words), *hand_lines(ctx, s, seat, color, words)])
    out["others"] = "\n".join(_table_lines(ctx, s, seat, words))
    return out


def _obelisk_line(ctx: Ctx, s: State, words: Catalogue) -> str:
    spaces = ctx.obelisk_spaces(s)
    cells = [f"P{s.obelisk[i] + 1}" if i < len(s.obelisk) else str(n) for i, n in enumerate(spaces)]
    return _say(words, "board.obelisk", spaces=" ".join(cells), n=ctx.comp.offerings_to_win(s.players))


def _table_lines(ctx: Ctx, s: State, seat: int | None, words: Catalogue) -> list[str]:
    """The supply, then one line per seat."""
    supply = {"scales": max(s.pool, 0), "deck": len(s.deck), "discard": len(s.discard)}
    if s.discard:
        lines = [_say(words, "board.supply_top", **supply, card=card(ctx, s, s.discard[-1]))]
    else:
        lines = [_say(words, "board.supply", **supply)]
    return lines + [_seat_line(ctx, s, p, seat, words) for p in range(s.players)]


def _seat_line(ctx: Ctx, s: State, p: int, seat: int | None, words: Catalogue) -> str:
    hand = sum(seat_cards(s.hands, p))
    pend = sum(seat_cards(s.pending, p))
    figures = {"square": square_name(s.figures[p]), "offerings": s.offerings[p], "scales": s.scales[p],
               "markers": s.markers[p], "hand": f"{hand}+{pend}" if pend else str(hand)}
    who = _say(words, "board.you", seat=p) if p == seat else _say(words, "engine.player", number=p + 1)
    if p == seat or s.over:
        return _say(words, "board.seat_crystals", who=who, **figures, crystals=s.crystals[p])
    return _say(words, "board.seat", who=who, **figures)


def _last_line(ctx: Ctx, s: State, words: Catalogue) -> str:
    if s.over:
        return _say(words, "board.over", turn=s.turn)  # the faces say why and who won, once, under the board
    return status_line(ctx, s, words)


def _hand_cards(ctx: Ctx, s: State, seat: int) -> list[tuple[str, str]]:  # card labels: letters and names
    """(label, colour) of each kind of card in a seat's hand."""
    parts = []
    for t in CARD_TYPES:
        n = s.hands[card_base(seat) + t]
        if n:
            people = ctx.comp.peoples[t // 3]
            label = f"{people.letter}{t % 3 + 1} {people.names[s.edition]}" + (f" x{n}" if n > 1 else "")
            parts.append((label, people.colour))
    return parts


def hand_text(ctx: Ctx, s: State, seat: int, color: bool = True, messages: Catalogue | None = None) -> str:
    return ", ".join(_paint(label, colour, color) for label, colour in _hand_cards(ctx, s, seat)) or _say(
        messages or _english(), "board.empty")


def hand_lines(ctx: Ctx, s: State, seat: int, color: bool = True, messages: Catalogue | None = None) -> list[str]:
    """`Your hand: ...` wrapped at WIDTH columns (colour codes take no room on the screen)."""
    words = messages or _english()
    heading = _say(words, "board.your_hand")
    lines, plain, painted = [], heading, heading
    for label, colour in _hand_cards(ctx, s, seat) or [(_say(words, "board.empty"), "")]:
        if len(plain) + len(label) + 3 > WIDTH:  # the separator and the comma left at the end of the line
            lines.append(painted + ",")
            plain = painted = " "
        sep = " " if plain == heading or plain == " " else ", "
        plain += sep + label
        painted += sep + _paint(label, colour, color)
    return [*lines, painted]


def status_line(ctx: Ctx, s: State, messages: Catalogue | None = None) -> str:
    words = messages or _english()
    phase = f"@board.phase.{PHASE_NAMES[s.phase]}"
    if s.phase == 0:
        text = _say(words, "board.status_steps", turn=s.turn, seat=s.active, phase=phase, steps=s.steps)
    else:
        text = _say(words, "board.status", turn=s.turn, seat=s.active, phase=phase)
    if s.pay_box >= 0:
        tile = ctx.tiles[s.tile_at[s.figures[s.active]]]
        # the cards by their letters (as in `Your hand`), so that the line fits the screen
        paid = [f"{ctx.comp.peoples[t // 3].letter}{t % 3 + 1}" for t in CARD_TYPES for _ in range(s.pay_cards[t])]
        text += _say(words, "board.paying", box=s.pay_box + 1, need=tile.boxes[s.pay_box],
                     cards=" ".join(paid) or _say(words, "board.nothing_yet"))
    return text


__all__ = ["NSQ", "render", "render_city"]
