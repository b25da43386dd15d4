"""The text board for the terminal: the wheel with Barker, Signpost and Bust, the Frontier Map with Wagons and
Lands, the supplies and every player's Lodge, rivers and bridges, tableau, Barrels and (own) hand.

Its words are the `board.*` messages (and the names of the spaces) of the catalogue it is given, the reader's
language; ids, amounts and the map's symbols are notation, the same in every language (the legend explains them)."""

from __future__ import annotations

from meeple.engine.messages import Catalogue

from .data import Space
from .rules.context import Ctx
from .rules.flow import barker, sections, signpost_active, signpost_site
from .state import SHADE, State

WIDTH = 80


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def _wheel(s: State, t: Catalogue) -> list[str]:
    b, sp = barker(s), signpost_site(s)
    params = {"round": s.round, "chapter": s.chapter, "barker": b, "signpost": sp, "bust": s.bust,
              "state": "@board.active" if signpost_active(s) else "@board.covered"}
    lines = [t.text("board.wheel_bust" if s.bust else "board.wheel", params)]
    for pos in range(1, 6):
        common, boom = sections(s, pos)
        mark = "[B]" if pos == b else "[S]" if pos == sp else "   "
        bust = " X" if s.bust == pos else ""
        who = [str(p + 1) for p in range(s.players) if s.positions[p] == pos]
        if s.buster_site == pos and s.revealed:
            who.append(t.text("ui.buster"))
        if s.shade_site == pos:
            who.append(t.text("ui.shade"))
        lines.append(f"  {mark} {pos}{bust:2} {t.text(f'board.common.{common}'):<14} / "
                     f"{t.text(f'board.boom.{boom}') if boom >= 0 else '-':<20} {' '.join(who)}")
    return lines


def _wagons_at(s: State, space: int) -> list[str]:
    out = [str(p + 1) for p in range(s.players) if s.wagons[p] == space]
    if s.solo and s.shade_wagon == space:
        out.append("s")
    return out


def _space_parts(ctx: Ctx, s: State, space: Space, t: Catalogue) -> tuple[str, str, str, str]:
    """A City's or Town's shape with its id, its Wagons, its Lands (owner or .) and its reward."""
    comp = ctx.comp
    shape = f"({space.id})" if space.type == "city" else f"<{space.id}>"
    lands = []
    for land in ctx.lands_at[space.index]:
        owner = s.lands[land]
        lands.append(f"{comp.lands[land].id}:{'s' if owner == SHADE else owner + 1 if owner >= 0 else '.'}"
                     f"/{comp.lands[land].vp}")
    pays = (t.text("board.or", {"reward": space.reward.text, "alternative": space.alternative.text})
            if space.alternative.text else space.reward.text)
    return shape, " ".join(_wagons_at(s, space.index)) or ".", " ".join(lands), pays


def _horseshoes(ctx: Ctx, s: State, t: Catalogue) -> str:
    shoes = [f".{sp.id}{'=' + ','.join(_wagons_at(s, sp.index)) if _wagons_at(s, sp.index) else ''}"
             for sp in ctx.comp.spaces if sp.type == "horseshoe"]
    return f"  {t.text('board.horseshoes')} " + " ".join(shoes)


def _map(ctx: Ctx, s: State, t: Catalogue) -> list[str]:
    """Every City and Town with its name, Wagons, Lands, reward and roads; then the Horseshoes."""
    comp = ctx.comp
    lines = [t.text("board.map")]
    for space in comp.spaces:
        if space.type == "horseshoe":
            continue
        shape, wagons, lands, pays = _space_parts(ctx, s, space, t)
        links = " ".join(comp.spaces[n].id for n in comp.neighbours[space.index])
        name = t.text(f"space.{space.id}")
        lines.append(f"  {shape:<5} {name:<15} {wagons:<7} {lands:<15} {pays:<12} > {links}")
    return [*lines, _horseshoes(ctx, s, t)]


def _short_map(ctx: Ctx, s: State, t: Catalogue) -> list[str]:
    """The Cities and Towns by id only, two to a line when they fit 80 columns (names and roads: `map`)."""
    cells = [" ".join(part for part in _space_parts(ctx, s, space, t) if part)
             for space in ctx.comp.spaces if space.type != "horseshoe"]
    half = (WIDTH - 2) // 2
    lines = [t.text("board.map")]
    if max(len(c) for c in cells) < half:
        lines += ["  " + "".join(c.ljust(half) for c in cells[i:i + 2]).rstrip() for i in range(0, len(cells), 2)]
    else:
        lines += ["  " + c for c in cells]
    return [*lines, _horseshoes(ctx, s, t)]


def _card_line(ctx: Ctx, c: int, t: Catalogue) -> str:
    card = ctx.comp.cards[c]
    cost = "+".join(f"{n}{u}" for u, n in card.hammer.items()) or "0"
    saw = "+".join(f"{n}{u}" for u, n in card.saw.items()) or "0"
    return t.text("board.card", {"id": card.id, "name": f"@card.{card.id}", "site": card.site,
                                 "trigger": f"@board.trigger.{card.trigger}", "ability": card.ability.text,
                                 "cost": cost, "saw": saw, "vp": card.vp})


def _turn(ctx: Ctx, s: State, t: Catalogue) -> list[str]:
    if s.active < 0:
        return []
    done = [f"@section.{name}" for bit, name in ((1, "common"), (2, "boom")) if s.done & bit]
    parts = [t.text("board.turn", {"seat": s.active, "position": s.positions[s.active]}),
             t.text("board.used", {"sections": done}) if done else t.text("board.none_used")]
    if s.trade_left and s.sub == "trade":
        parts.append(t.text("board.purchases", {"n": s.trade_left}))
    if s.sub == "wagon":
        parts.append(t.text("board.steps", {"n": s.wagon_left}))
    if s.depot:
        parts.append(t.text("board.depot", {"n": s.depot}))
    if s.timber:
        parts.append(t.text("board.timber", {"n": s.timber}))
    return ["  ".join(parts)]


def _player(ctx: Ctx, s: State, p: int, seat: int | None, color: bool, t: Catalogue) -> list[str]:
    comp = ctx.comp
    head = t.text("board.player_sheriff" if s.sheriff == p else "board.player", {"seat": p, "vp": s.vp[p]})
    lines = [_bold(head, color) if s.active == p else head]
    lines.append("  " + t.text("board.lodge", {
        "bucks": s.bucks[p], "gold": s.gold[p], "dudes": s.dudes[p], "tents": s.tents[p], "horses": s.horses[p],
        "reserve_dudes": s.reserve_dudes[p], "reserve_tents": s.reserve_tents[p], "gunmen": s.gunmen[p],
        "graveyard": s.graveyard[p], "wagon": comp.spaces[s.wagons[p]].id}))
    rivers = "".join("-" if r < 0 else "~" if r == 0 else comp.bridges[r - 1].id for r in s.rivers[p])
    tableau = " ".join(comp.cards[c].id + ("*" if s.covered[p] >> c & 1 else "") for c in s.tableau[p]) or "-"
    barrels = " ".join([comp.barrels[k].id for k in s.fresh[p]]
                       + [t.text("board.used_barrel", {"barrel": comp.barrels[k].id}) for k in s.used[p]])
    lines.append("  " + t.text("board.rivers", {"rivers": rivers, "tableau": tableau, "barrels": barrels or "-"}))
    if seat == p:
        lines.append("  " + t.text("board.own_hand", {"n": len(s.hands[p]), "deck": len(s.decks[p])})
                     + ("" if s.hands[p] else " -"))
        lines += [f"    {i + 1}: {_card_line(ctx, c, t)}" for i, c in enumerate(s.hands[p])]
        if s.dials[p] and not s.revealed:
            lines.append("  " + t.text("board.your_dial", {"site": s.dials[p]}))
    else:
        lines.append("  " + t.text("board.hand", {"n": len(s.hands[p]), "deck": len(s.decks[p])})
                     + ("   " + t.text("board.dial_set") if s.dials[p] and not s.revealed else ""))
    return lines


def _supply(ctx: Ctx, s: State, t: Catalogue) -> list[str]:
    comp = ctx.comp
    lines = []
    if s.buster and s.buster_shown:
        lines.append("  " + t.text("board.buster", {"sites": list(s.buster_shown)}))
    lines.append(t.text("board.supply", {"gold": s.gold_supply, "cart": s.gold_cart, "horses": s.horse_supply,
                                         "hotels": s.hotels, "outlaws": s.outlaws, "gunmen": s.neutral}))
    lines.append(t.text("board.bridges", {
        "bridges": " ".join(f"{b.id}x{s.bridge_stock[b.index]}" for b in comp.bridges),
        "barrels": " ".join(f"{i + 1}:{comp.barrels[k].id if k >= 0 else '-'}" for i, k in enumerate(s.barrel_spaces)),
        "n": len(s.barrel_pile)}))
    return lines


def _shade(ctx: Ctx, s: State, t: Catalogue) -> list[str]:
    if not s.solo:
        return []
    comp = ctx.comp
    return [t.text("board.shade", {
        "vp": s.shade_vp, "dudes": s.shade_dudes, "camps": s.shade_camps, "horses": s.shade_horses,
        "gold": s.shade_gold, "rivers": s.shade_rivers, "hotels": s.shade_hotels, "barrels": s.shade_barrels,
        "gunmen": s.shade_gunmen, "wagon": comp.spaces[s.shade_wagon].id,
        "dest": comp.spaces[s.shade_dest].id if s.shade_dest >= 0 else "-"})]


def render(ctx: Ctx, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> str:
    t = catalogue
    lines = [*_wheel(s, t), *_supply(ctx, s, t), *_map(ctx, s, t)]
    for p in range(s.players):
        lines += _player(ctx, s, p, seat, color, t)
    lines += [*_shade(ctx, s, t), *_turn(ctx, s, t), t.text(f"phase.{s.phase}")]
    return "\n".join(lines)


def screens(ctx: Ctx, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> dict[str, str]:
    """The board cut for a small terminal: the wheel and the map by ids; the map with names and roads; the
    seat's Lodge and hand; the supply and the other players."""
    t = catalogue
    out = {"board": [*_wheel(s, t), *_short_map(ctx, s, t), *_turn(ctx, s, t), t.text(f"phase.{s.phase}")],
           "map": _map(ctx, s, t)}
    if seat is not None:
        out["hand"] = _player(ctx, s, seat, seat, color, t)
    others = [line for p in range(s.players) if p != seat for line in _player(ctx, s, p, seat, color, t)]
    out["others"] = [*_supply(ctx, s, t), *others, *_shade(ctx, s, t)]
    return {name: "\n".join(lines) for name, lines in out.items()}
