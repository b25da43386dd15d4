"""The text board for the terminal: the wheel with Barker, Signpost and Bust, the Frontier Map with Wagons and
Lands, the supplies and every player's Lodge, rivers and bridges, tableau, Barrels and (own) hand."""

from __future__ import annotations

from meeple.engine.messages import Catalogue

from .rules.context import Ctx
from .rules.flow import barker, sections, signpost_active, signpost_site
from .state import SHADE, State

ACTION_NAMES = {0: "Trade", 1: "Sutter", 2: "Survey/Bridge", 3: "Build", 4: "Wagon", 5: "Deputise"}
BOOM_NAMES = {0: "Barrel", 1: "Sutter", 2: "Survey/Bridge (Saw)", 3: "Build (Saw)", 4: "Wagon", 5: "Camp"}


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def _wheel(s: State) -> list[str]:
    b, sp = barker(s), signpost_site(s)
    lines = [f"Wheel  round {s.round}, chapter {s.chapter}:  Barker on Site {b}, Signpost Site {sp} "
             f"({'active' if signpost_active(s) else 'covered'})" + (f", Bust on {s.bust}" if s.bust else "")]
    for pos in range(1, 6):
        common, boom = sections(s, pos)
        mark = "[B]" if pos == b else "[S]" if pos == sp else "   "
        bust = " X" if s.bust == pos else ""
        who = [str(p + 1) for p in range(s.players) if s.positions[p] == pos]
        if s.buster_site == pos and s.revealed:
            who.append("Buster")
        if s.shade_site == pos:
            who.append("Shade")
        lines.append(f"  {mark} {pos}{bust:2} {ACTION_NAMES[common]:<14} / "
                     f"{BOOM_NAMES[boom] if boom >= 0 else '-':<20} {' '.join(who)}")
    return lines


def _wagons_at(s: State, space: int) -> list[str]:
    out = [str(p + 1) for p in range(s.players) if s.wagons[p] == space]
    if s.solo and s.shade_wagon == space:
        out.append("s")
    return out


def _map(ctx: Ctx, s: State) -> list[str]:
    """Every City and Town with its Wagons, Lands (owner or .), reward and roads; then the Horseshoes."""
    comp = ctx.comp
    lines = ["Frontier Map"]
    for space in comp.spaces:
        if space.type == "horseshoe":
            continue
        shape = f"({space.id})" if space.type == "city" else f"<{space.id}>"
        wagons = _wagons_at(s, space.index)
        lands = []
        for land in ctx.lands_at[space.index]:
            owner = s.lands[land]
            lands.append(f"{comp.lands[land].id}:{'s' if owner == SHADE else owner + 1 if owner >= 0 else '.'}"
                         f"/{comp.lands[land].vp}")
        pays = space.reward.text + (f" or {space.alternative.text}" if space.alternative.text else "")
        links = " ".join(comp.spaces[n].id for n in comp.neighbours[space.index])
        lines.append(f"  {shape:<5} {space.name:<16} {' '.join(wagons) or '.':<8} {' '.join(lands):<18} "
                     f"{pays:<12} -> {links}")
    shoes = [f".{sp.id}{'=' + ','.join(_wagons_at(s, sp.index)) if _wagons_at(s, sp.index) else ''}"
             for sp in comp.spaces if sp.type == "horseshoe"]
    lines.append("  Horseshoes: " + " ".join(shoes))
    return lines


def _card_line(ctx: Ctx, c: int) -> str:
    card = ctx.comp.cards[c]
    cost = "+".join(f"{n}{u}" for u, n in card.hammer.items()) or "0"
    saw = "+".join(f"{n}{u}" for u, n in card.saw.items()) or "0"
    return (f"{card.id} {card.name} [Site {card.site} {card.trigger}: {card.ability.text}] "
            f"cost {cost} (Saw {saw}) {card.vp} VP")


def _turn(ctx: Ctx, s: State) -> list[str]:
    if s.active < 0:
        return []
    done = [name for bit, name in ((1, "common"), (2, "Boom")) if s.done & bit]
    parts = [f"Turn: Player {s.active + 1} on position {s.positions[s.active]}",
             f"used {' and '.join(done)}" if done else "no section used yet"]
    if s.trade_left and s.sub == "trade":
        parts.append(f"{s.trade_left} purchase(s) left")
    if s.sub == "wagon":
        parts.append(f"Wagon: {s.wagon_left} step(s) left")
    if s.depot:
        parts.append(f"Depot +{s.depot}")
    if s.timber:
        parts.append(f"Timber -{s.timber}$")
    return ["  ".join(parts)]


def _player(ctx: Ctx, s: State, p: int, seat: int | None, color: bool) -> list[str]:
    comp = ctx.comp
    sheriff = " (Sheriff)" if s.sheriff == p else ""
    head = f"Player {p + 1}{sheriff}: {s.vp[p]} VP"
    lines = [_bold(head, color) if s.active == p else head]
    lines.append(f"  Lodge {s.bucks[p]}$ {s.gold[p]}G {s.dudes[p]}D {s.tents[p]}T {s.horses[p]}H   reserve "
                 f"{s.reserve_dudes[p]}D {s.reserve_tents[p]}T   gun {s.gunmen[p]}  grave {s.graveyard[p]}  "
                 f"Wagon {comp.spaces[s.wagons[p]].id}")
    rivers = "".join("-" if r < 0 else "~" if r == 0 else comp.bridges[r - 1].id for r in s.rivers[p])
    tableau = " ".join(comp.cards[c].id + ("*" if s.covered[p] >> c & 1 else "") for c in s.tableau[p]) or "-"
    barrels = " ".join([comp.barrels[k].id for k in s.fresh[p]] + [comp.barrels[k].id + "(used)" for k in s.used[p]])
    lines.append(f"  Rivers {rivers}   Tableau {tableau}   Barrels {barrels or '-'}")
    if seat == p:
        lines.append(f"  Hand ({len(s.hands[p])}), deck {len(s.decks[p])}:" + ("" if s.hands[p] else " -"))
        lines += [f"    {i + 1}: {_card_line(ctx, c)}" for i, c in enumerate(s.hands[p])]
        if s.dials[p] and not s.revealed:
            lines.append(f"  Your dial: Site {s.dials[p]}")
    else:
        lines.append(f"  Hand {len(s.hands[p])} card(s), deck {len(s.decks[p])}"
                     + ("   dial set" if s.dials[p] and not s.revealed else ""))
    return lines


def render(ctx: Ctx, s: State, seat: int | None, color: bool, catalogue: Catalogue) -> str:
    comp = ctx.comp
    lines = _wheel(s)
    if s.buster and s.buster_shown:
        lines.append(f"  Buster avoids Sites {' and '.join(map(str, s.buster_shown))}")
    lines.append(f"Supply: Gold Supply {s.gold_supply}, Gold Cart {s.gold_cart}, Horses {s.horse_supply}, "
                 f"Hotels {s.hotels}, Outlaws {s.outlaws} (neutral gunmen {s.neutral})")
    lines.append("Bridges: " + " ".join(f"{b.id}x{s.bridge_stock[b.index]}" for b in comp.bridges)
                 + "   Barrels: " + " ".join(f"{i + 1}:{comp.barrels[k].id if k >= 0 else '-'}"
                                            for i, k in enumerate(s.barrel_spaces))
                 + f" ({len(s.barrel_pile)} face down)")
    lines += _map(ctx, s)
    for p in range(s.players):
        lines += _player(ctx, s, p, seat, color)
    if s.solo:
        lines.append(f"Shade: {s.shade_vp} VP  {s.shade_dudes}D {s.shade_camps} Camps {s.shade_horses}H "
                     f"{s.shade_gold}G rivers {s.shade_rivers} hotels {s.shade_hotels} barrels {s.shade_barrels} "
                     f"gun {s.shade_gunmen}  Wagon {comp.spaces[s.shade_wagon].id} -> "
                     f"{comp.spaces[s.shade_dest].id if s.shade_dest >= 0 else '-'}")
    lines += _turn(ctx, s)
    lines.append(catalogue.text(f"phase.{s.phase}"))
    return "\n".join(lines)
