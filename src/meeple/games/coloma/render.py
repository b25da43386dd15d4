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


def _map(ctx: Ctx, s: State) -> list[str]:
    comp = ctx.comp
    lines = ["Frontier Map"]
    for space in comp.spaces:
        if space.type == "horseshoe":
            continue
        shape = f"({space.id})" if space.type == "city" else f"<{space.id}>"
        wagons = [str(p + 1) for p in range(s.players) if s.wagons[p] == space.index]
        if s.solo and s.shade_wagon == space.index:
            wagons.append("s")
        lands = []
        for land in ctx.lands_at[space.index]:
            owner = s.lands[land]
            lands.append(f"{comp.lands[land].id}:{'s' if owner == SHADE else owner + 1 if owner >= 0 else '.'}")
        links = " ".join(comp.spaces[n].id for n in comp.neighbours[space.index])
        lines.append(f"  {shape:<6} {' '.join(wagons):<6} {' '.join(lands):<16} -> {links}")
    shoes = [f"{sp.id}:{','.join(str(p + 1) for p in range(s.players) if s.wagons[p] == sp.index)}"
             for sp in comp.spaces if sp.type == "horseshoe" and any(w == sp.index for w in s.wagons)]
    if shoes:
        lines.append("  Horseshoes with Wagons: " + " ".join(shoes))
    return lines


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
        hand = " ".join(f"{i + 1}:{comp.cards[c].id} {comp.cards[c].name}" for i, c in enumerate(s.hands[p]))
        lines.append(f"  Hand {hand or '-'}   deck {len(s.decks[p])}")
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
    lines.append(catalogue.text(f"phase.{s.phase}"))
    return "\n".join(lines)
