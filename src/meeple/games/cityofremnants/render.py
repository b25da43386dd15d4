"""The text board for the terminal, 80 columns wide: the city grid (levels, developments with their product tokens,
entry spaces, figures and YCU tokens), the battle or auction under way, each gang's numbers, the gang member row,
the black market, the developments that may be built and (for a seat) its own hand."""

from __future__ import annotations

import textwrap

from meeple.engine.messages import Catalogue

from .data import COLUMNS, NSPACE, SIZE, space_name
from .engine import Engine
from .state import State
from .views import hidden_commits

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


def grid(eng: Engine, s: State) -> list[str]:
    board = eng.comp.boards[s.side]
    rule = "   +" + "+".join("-" * CELL for _ in range(SIZE)) + "+"
    lines = ["    " + " ".join(f"{c:^{CELL}}" for c in COLUMNS), rule]
    for r in range(SIZE):
        spaces = [r * SIZE + c for c in range(SIZE)]
        if not any(board.usable(sp) for sp in spaces):  # a row of hazards takes one line
            lines.append(f"{r + 1:>2} |" + "|".join(HAZARD for _ in spaces) + "|")
            lines.append(rule)
            continue
        top = [HAZARD if not board.usable(sp) else _top_line(eng, s, sp) for sp in spaces]
        bottom = [HAZARD if not board.usable(sp) else _bottom_line(eng, s, sp) for sp in spaces]
        lines.append(f"{r + 1:>2} |" + "|".join(f"{t[:CELL]:<{CELL}}" for t in top) + "|")
        lines.append("   |" + "|".join(f"{b[:CELL]:<{CELL}}" for b in bottom) + "|")
        lines.append(rule)
    return lines


def _gangs(eng: Engine, s: State, color: bool) -> list[str]:
    comp = eng.comp
    lines = []
    for p in range(s.players):
        g = comp.gangs[s.gang[p]] if s.gang[p] >= 0 else None
        name = f"{g.species} [{gang_letter(s, p)}]" if g else "-"
        first = " first" if p == s.first else ""
        head = (f"Player {p + 1} {name}{first}: ARC {s.arc[p]}  renown {eng.score(s, p)}  influence "
                f"{s.influence[p]}  hand {len(s.hand[p])}  turns {s.tracker[p]}/4")
        lines.append(_bold(head, color) if p == s.active else head)
        rest = (f"  figures: pool {s.pool[p]}, reserve {s.reserve[p]}, board {eng.on_board(s, p)}   draw "
                f"{len(s.draw[p])}, discard {len(s.discard[p])}")
        if s.tableau[p]:
            rest += "   tableau " + " ".join(eng.cards[c].id for c in s.tableau[p])
        lines += _wrap(rest)
    return lines


def _markets(eng: Engine, s: State, seat: int | None) -> list[str]:
    comp = eng.comp
    row = ", ".join(f"{eng.cards[c].id} {eng.cards[c].name}" for c in s.gm_row) or "-"
    cost = (lambda c: eng.bm_cost(s, seat, c)) if seat is not None else (lambda c: eng.cards[c].cost)
    market = ", ".join(f"{eng.cards[c].id} {eng.cards[c].name} {cost(c)}" for c in s.bm_row) or "-"
    devs = ", ".join(f"{comp.devs[t].id.split('-')[-1]} {comp.devs[t].name} "
                     f"{eng.dev_cost(s, seat, t) if seat is not None else comp.devs[t].cost}" for t in s.drafted)
    ycu = ", ".join(f"{space_name(sp)} {comp.tokens[t].id} {comp.tokens[t].attack}/{comp.tokens[t].bribe}"
                    for sp in range(NSPACE) for t in s.ycu[sp]) or "-"
    lines = _wrap(f"Gang member row ({len(s.gm_deck)} in deck): {row}")
    lines += _wrap(f"Black market ({len(s.bm_deck)} in deck): {market}")
    lines += _wrap(f"Developments to build: {devs or '-'}")
    lines += _wrap(f"YCU: {ycu}   bag {len(s.bag)}   renown supply {s.renown_supply}")
    return lines


def _auction(eng: Engine, s: State) -> list[str]:
    a = s.auction
    if a is None:
        return []
    high = f"{a['high']} ARC by Player {a['bidder'] + 1}" if a["bidder"] >= 0 else "none"
    out = ", ".join(f"Player {p + 1}" for p in a["out"]) or "-"
    return _wrap(f"Auction: {eng.cards[a['card']].id} {eng.cards[a['card']].name}, put up by Player "
                 f"{a['declarer'] + 1}; high bid {high}; passed: {out}; Player {a['turn'] + 1} bids next "
                 f"(at least {eng.bid_min(s)})")


def _battle(eng: Engine, s: State, seat: int | None) -> list[str]:
    b = s.battle
    if b is None:
        return []
    hidden = hidden_commits(s)
    sides = []
    for side in (0, 1):
        who = b["seats"][side]
        if who >= 0:
            name = f"Player {who + 1}"
        elif b["token"] >= 0:
            token = eng.comp.tokens[b["token"]]
            name = f"{token.id} {token.attack}/{token.bribe}"
        else:
            name = "a YCU token (to be chosen)"
        role = f" ({b['roles'][side]})" if b["roles"][side] else ""
        cards = b["spent"][side] if "spent" in b else b["cards"][side]
        shown = (f"{len(b['cards'][side])} card(s) face down" if side in hidden and seat != who
                 else " ".join(eng.cards[c].id for c in sorted(cards)) or "no cards")
        dice = " ".join(map(str, b["dice"][side]))
        sides.append(f"{name}{role}: {shown}" + (f", dice {dice}" if dice else ""))
    where = f"Battle on {space_name(b['space'])}" if b["space"] >= 0 else "Battle"
    return _wrap(f"{where}: " + "  vs  ".join(sides))


def _hand(eng: Engine, s: State, seat: int) -> list[str]:
    colour = s.gang[seat]
    lines = [f"Your hand ({len(s.hand[seat])}):" + ("" if s.hand[seat] else " -")]
    for c in sorted(s.hand[seat], key=lambda c: eng.cards[c].id):
        card = eng.cards[c]
        attack = f" atk {card.attack[colour]}" if card.attack is not None and colour >= 0 else ""
        lines += _wrap(f"  {card.id} {card.name} ({card.type}{attack}, {card.timing}): {card.text}", "      ")
    if s.phase == "reset" and s.reset_pending[seat]:
        lines += _wrap("  set aside to discard: " + " ".join(eng.cards[c].id for c in sorted(s.reset_pending[seat])))
    return lines


def render(eng: Engine, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> str:
    head = f"City of Remnants  round {s.round}  {catalogue.text(f'phase.{s.phase}')}"
    if s.active >= 0 and not s.over:
        head += f"  (Player {s.active + 1}'s turn)"
    lines = [*_wrap(head), *grid(eng, s), *_gangs(eng, s, color), *_markets(eng, s, seat), *_auction(eng, s),
             *_battle(eng, s, seat)]
    if seat is not None:
        lines += _hand(eng, s, seat)
    return "\n".join(lines)
