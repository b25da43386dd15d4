"""The text board for the terminal, 80 columns wide: the city grid (levels, developments with their product tokens,
entry spaces, figures and YCU tokens), the battle or auction under way, each gang's numbers, the gang member row,
the black market, the developments that may be built and (for a seat) its own hand. Every word is a message of the
game's catalogue in the reader's language (`board.*`; cards and developments by their `card.*` and `dev.*` names).
"""

from __future__ import annotations

import textwrap

from meeple.engine.messages import Catalogue

from .data import COLUMNS, NSPACE, SIZE, space_name
from .rules.engine import Engine
from .state import State
from .views import choosing_commit, hidden_commits

WIDTH = 80
CELL = 9  # characters per grid cell, between the bars
GANG_LETTERS = "YBGR"  # figure letters by gang colour: yellow, blue, green, red
YCU_MARK = "!"  # a YCU token on a space (never a gang letter)
HAZARD = "/" * CELL
LEVEL_MARK = {"Slums": "s", "Midtown": "m", "Heights": "h"}


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


def gang_letter(s: State, p: int) -> str:
    return GANG_LETTERS[s.gang[p]] if s.gang[p] >= 0 else str(p + 1)


def _top_line(eng: Engine, s: State, sp: int) -> str:
    """Level (or development, `:n` product tokens) and `+` on a gang's entry space."""
    board = eng.comp.boards[s.side]
    di = eng.dev_at(s, sp)
    if di >= 0:
        code = eng.comp.devs[s.built[di][0]].id.split("-")[-1]
        text = f"[{code}]" + (f":{s.products[di]}" if s.products[di] else "")
    else:
        text = LEVEL_MARK.get(board.level[sp], "?")
    entries = [gang_letter(s, p) for p in range(s.players) if s.entry[p] == sp]
    return text + ("+" + "".join(entries) if entries else "")


def _bottom_line(eng: Engine, s: State, sp: int) -> str:
    """Figures by gang letter and count, then the YCU tokens (`!` and the token's number)."""
    parts = [f"{gang_letter(s, p)}{s.figures[sp][p]}" for p in range(s.players) if s.figures[sp][p]]
    tokens = [eng.comp.tokens[t].id.split("-")[-1] for t in s.ycu[sp]]
    if tokens:
        marks = YCU_MARK + YCU_MARK.join(tokens)
        parts.append(marks if len(marks) <= CELL - 3 else f"{YCU_MARK}x{len(tokens)}")
    return " ".join(parts)


def grid(eng: Engine, s: State, rules: bool = True) -> list[str]:
    """The city, two lines per row of spaces; a rule between the rows unless `rules` is False (a short screen)."""
    board = eng.comp.boards[s.side]
    rule = "   +" + "+".join("-" * CELL for _ in range(SIZE)) + "+"
    lines = ["    " + " ".join(f"{c:^{CELL}}" for c in COLUMNS), rule]
    for r in range(SIZE):
        spaces = [r * SIZE + c for c in range(SIZE)]
        if not any(board.usable(sp) for sp in spaces):  # a row of hazards takes one line
            lines.append(f"{r + 1:>2} |" + "|".join(HAZARD for _ in spaces) + "|")
        else:
            top = [HAZARD if not board.usable(sp) else _top_line(eng, s, sp) for sp in spaces]
            bottom = [HAZARD if not board.usable(sp) else _bottom_line(eng, s, sp) for sp in spaces]
            lines.append(f"{r + 1:>2} |" + "|".join(f"{t[:CELL]:<{CELL}}" for t in top) + "|")
            lines.append("   |" + "|".join(f"{b[:CELL]:<{CELL}}" for b in bottom) + "|")
        if rules or r == SIZE - 1:
            lines.append(rule)
    return lines


def _gangs(eng: Engine, s: State, seat: int | None, color: bool, t: Catalogue) -> list[str]:
    lines = []
    chooser, laid = choosing_commit(s)  # a commit being chosen shows others nothing yet
    for p in range(s.players):
        gang = (f"{t.text(f'species.{eng.comp.gangs[s.gang[p]].key}')} [{gang_letter(s, p)}]"
                if s.gang[p] >= 0 else "-")
        first = " " + t.text("board.first") if p == s.first else ""
        head = t.text("board.gang", {"seat": p, "gang": gang, "first": first, "arc": s.arc[p],
                                     "renown": eng.score(s, p), "influence": s.influence[p],
                                     "hand": len(s.hand[p]) + (laid if p == chooser and seat != p else 0),
                                     "turns": s.tracker[p]})
        lines += [_bold(line, color) if p == s.active else line for line in _wrap(head, "  ")]
        rest = "  " + t.text("board.figures", {"pool": s.pool[p], "reserve": s.reserve[p],
                                               "board": eng.on_board(s, p), "draw": len(s.draw[p]),
                                               "discard": len(s.discard[p])})
        if s.tableau[p]:
            rest += "   " + t.text("board.tableau", {"cards": " ".join(eng.cards[c].id for c in s.tableau[p])})
        lines += _wrap(rest)
    return lines


def card_name(eng: Engine, c: int, t: Catalogue) -> str:
    """A card's id and its name in the reader's language."""
    card = eng.cards[c]
    return f"{card.id} {t.text(f'card.{card.id}')}"


def _markets(eng: Engine, s: State, seat: int | None, t: Catalogue) -> list[str]:
    comp = eng.comp
    row = ", ".join(card_name(eng, c, t) for c in s.gm_row) or "-"
    cost = (lambda c: eng.bm_cost(s, seat, c)) if seat is not None else (lambda c: eng.cards[c].cost)
    market = ", ".join(f"{card_name(eng, c, t)} {cost(c)}" for c in s.bm_row) or "-"
    devs = ", ".join(f"{comp.devs[d].id.split('-')[-1]} {t.text(f'dev.{comp.devs[d].id}')} "
                     f"{eng.dev_cost(s, seat, d) if seat is not None else comp.devs[d].cost}" for d in s.drafted)
    ycu = ", ".join(f"{space_name(sp)} {comp.tokens[k].id} {comp.tokens[k].attack}/{comp.tokens[k].bribe}"
                    for sp in range(NSPACE) for k in s.ycu[sp]) or "-"
    lines = _wrap(t.text("board.gm_row", {"deck": len(s.gm_deck), "cards": row}))
    lines += _wrap(t.text("board.bm_row", {"deck": len(s.bm_deck), "cards": market}))
    lines += _wrap(t.text("board.devs", {"devs": devs or "-"}))
    lines += _wrap(t.text("board.ycu", {"tokens": ycu, "bag": len(s.bag), "supply": s.renown_supply}))
    return lines


def _auction(eng: Engine, s: State, t: Catalogue) -> list[str]:
    a = s.auction
    if a is None:
        return []
    high = (t.text("board.high_bid", {"amount": a.high, "seat": a.bidder}) if a.bidder >= 0
            else t.text("board.no_bid"))
    return _wrap(t.text("board.auction", {"card": card_name(eng, a.card, t), "declarer_seat": a.declarer,
                                          "high": high, "passed": ", ".join(t.seat_name(p) for p in a.out) or "-",
                                          "next_seat": a.turn,
                                          "minimum": eng.bid_min(s)}))


def _battle(eng: Engine, s: State, seat: int | None, t: Catalogue) -> list[str]:
    b = s.battle
    if b is None:
        return []
    hidden = hidden_commits(s)
    sides = []
    for side in (0, 1):
        who = b.seats[side]
        if who >= 0:
            name = t.seat_name(who)
        elif b.token >= 0:
            token = eng.comp.tokens[b.token]
            name = f"{token.id} {token.attack}/{token.bribe}"
        else:
            name = t.text("board.token_unchosen")
        role = f" ({t.text('term.' + b.roles[side])})" if b.roles[side] else ""
        cards = b.spent[side] if b.spent is not None else b.cards[side]
        chooser, _ = choosing_commit(s)
        down = 0 if who == chooser else len(b.cards[side])
        shown = (t.text("board.face_down", {"n": down}) if side in hidden and seat != who
                 else " ".join(eng.cards[c].id for c in sorted(cards)) or t.text("board.no_cards"))
        params = {"name": name + role, "cards": shown, "dice": " ".join(map(str, b.dice[side]))}
        sides.append(t.text("board.side_dice" if b.dice[side] else "board.side", params))
    fight = t.text("board.versus", {"one": sides[0], "other": sides[1]})
    if b.space >= 0:
        return _wrap(t.text("board.battle_on", {"space": space_name(b.space), "sides": fight}))
    return _wrap(t.text("board.battle", {"sides": fight}))


def _hand(eng: Engine, s: State, seat: int, t: Catalogue) -> list[str]:
    colour = s.gang[seat]
    lines = [t.text("board.hand", {"n": len(s.hand[seat])}) + ("" if s.hand[seat] else " -")]
    for c in sorted(s.hand[seat], key=lambda c: eng.cards[c].id):
        card = eng.cards[c]
        kind = t.text(f"term.type.{card.type}")
        if card.attack is not None and colour >= 0:
            kind += " " + t.text("board.attack", {"attack": card.attack[colour]})
        timing = t.text(f"term.timing.{card.timing}") if card.timing != "-" else "-"
        lines += _wrap("  " + t.text("board.card", {"card": card_name(eng, c, t), "kind": kind, "timing": timing,
                                                    "text": t.text(f"power.{card.id}")}), "      ")
    if s.phase == "reset" and s.reset_pending[seat]:
        lines += _wrap("  " + t.text("board.set_aside", {
            "cards": " ".join(eng.cards[c].id for c in sorted(s.reset_pending[seat]))}))
    return lines


def _head(s: State, t: Catalogue) -> list[str]:
    head = t.text("board.title", {"round": s.round, "phase": t.text(f"phase.{s.phase}")})
    if s.active >= 0 and not s.over:
        head += "  " + t.text("board.whose_turn", {"seat": s.active})
    return _wrap(head)


def render(eng: Engine, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> str:
    """The board in the words of `catalogue` (the reader's language)."""
    t = catalogue
    lines = [*_head(s, t), *grid(eng, s), *_gangs(eng, s, seat, color, t), *_markets(eng, s, seat, t),
             *_auction(eng, s, t), *_battle(eng, s, seat, t)]
    if seat is not None:
        lines += _hand(eng, s, seat, t)
    return "\n".join(lines)


def screens(eng: Engine, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> dict[str, str]:
    """The board cut for a small terminal: the city with the auction or battle under way; the seat's hand; the
    rows of cards and developments; the gangs."""
    t = catalogue
    out = {"board": [*_head(s, t), *grid(eng, s, rules=False), *_auction(eng, s, t), *_battle(eng, s, seat, t)]}
    if seat is not None:
        out["hand"] = _hand(eng, s, seat, t)
    out["market"] = _markets(eng, s, seat, t)
    out["others"] = _gangs(eng, s, seat, color, t)
    return {name: "\n".join(lines) for name, lines in out.items()}
