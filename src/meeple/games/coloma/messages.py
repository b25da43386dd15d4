"""Coloma's message catalogue in English: events, phases and their help, the legend, options and terms.

Events carry these ids and their parameters (`Event("build", {"seat": 0, "card": "@card.C09", "vp": 3})`); the
faces render them in the reader's language. Names from the data file (cards, spaces, Lands, Barrels, Bridges,
Events, purchases) are added from the data, so a name corrected there reaches every face.
"""

from __future__ import annotations

from .data import Components

EVENTS = {
    "cards.drawn": "{seat} draws {n} Town card(s)",
    "cards.drawn_you": "You draw {cards}",
    "cards.milled": "{seat} cannot draw {n} card(s) and gains {vp} VP instead",
    "card.returned_top": "{seat} puts a card face down on top of their deck",
    "card.returned_bottom": "{seat} puts a card face down at the bottom of their deck",
    "round.start": "Round {round} ({year}) begins: {added} Outlaw(s) ride in, {outlaws} at the Shootout",
    "chapter.start": "Round {round}, chapter {chapter}: the Barker covers Site {barker}, the Signpost points at "
                     "Site {signpost}",
    "event": "Barker Event of Site {site}: {event}",
    "event.gain": "{seat} receives {event} ({times} time(s))",
    "event.exchange": "{seat} returns {gold} Gold to the Gold Cart for {vp} VP",
    "buster.shown": "Buster will not go to Sites {sites}",
    "dial.set": "{seat} sets their dial",
    "dial.chosen": "You chose Site {site}",
    "dials.revealed": "The dials are revealed: {dials}",
    "buster.site": "Buster goes to Site {site}",
    "shade.site": "Shade goes to Site {site}",
    "bust": "Site {site} Busts: its pioneers lose the Boom (Signpost active: {signpost})",
    "bust.none": "No Site Busts this chapter",
    "turn": "{seat}'s turn on position {position}",
    "turn.end": "{seat} ends the turn",
    "sutter": "{seat} works Sutter's Mill",
    "survey": "{seat} surveys a river in column {column}",
    "bridge": "{seat} builds the {bridge} on column {column}",
    "build": "{seat} builds the {card} (+{vp} VP)",
    "hotel": "{seat} builds a Hotel on the {card} (+{vp} VP)",
    "deputise": "{seat} sends {n} gunman/gunmen to the Shootout",
    "camp": "{seat} pitches a Camp on {land}",
    "trade.buy": "{seat} buys {item} from the Barker",
    "barrel.taken": "{seat} takes the {barrel} Barrel from space {space}",
    "barrel.used": "{seat} uses a {barrel} Barrel",
    "ability": "{seat} activates the {card}",
    "foundry": "{seat} uses the Foundry on the {card}",
    "wagon.move": "{seat}'s Wagon enters {space}",
    "wagon.skip": "{seat}'s Wagon passes the occupied {space}",
    "wagon.city": "{seat} stops in {space} and takes {choice}",
    "wagon.stop": "{seat}'s Wagon stops in {space}",
    "sheriff": "{seat} takes the Sheriff Badge",
    "shootout.won": "High noon: {gunmen} gunmen against {outlaws} Outlaws. The Shootout is won",
    "shootout.lost": "High noon: {gunmen} gunmen against {outlaws} Outlaws. The Shootout is lost",
    "shootout.vp": "{seat} gains {vp} VP at the Shootout",
    "shootout.dead": "{seat} buries {n} gunman/gunmen",
    "shade.destination": "Shade heads for {space}",
    "shade.camp_gained": "Shade gains a Camp ({camps} in hand)",
    "shade.turn": "Shade takes its turn on position {position}",
    "shade.gunmen": "Shade sends {n} gunmen to the Shootout",
    "shade.barrel": "Shade takes the {barrel} Barrel",
    "shade.horse": "Shade gains a Horse ({horses})",
    "shade.camp": "Shade pitches a Camp on {land}",
    "shade.gold": "Shade takes a Gold ({gold})",
    "shade.river": "Shade takes a River tile ({rivers})",
    "shade.hotel": "Shade takes a Hotel ({hotels})",
    "shade.moved": "Shade's Wagon moves to {space}",
    "shade.gunmen_gone": "Shade's {n} gunmen leave the game ({dead} fell)",
    "shade.final": "Shade scores {vp} VP",
    "score.final": "{seat} ends with {vp} VP (Hotels {hotels}, Bridges {bridges}, Camps {camps})",
    "end.scored": "The game is over: {winner_seats} win(s) with {vp} VP",
    "end.solo_won": "You beat Shade, {vp} VP to {shade}",
    "end.solo_lost": "Shade wins, {shade} VP to your {vp}",
    "error.not_now": "{action} is not a legal action now ({phase})",
}

TERMS = {
    "reward.dudes": "the Dudes",
    "reward.alternative": "the alternative reward",
    "section.common": "common",
    "section.boom": "Boom",
}

PHASES = {
    "phase.keep": "Keeping cards",
    "phase.event": "Barker Event",
    "phase.select": "Site selection",
    "phase.turn": "Turns",
    "phase.over": "Game over",
    "status.keep": "put cards back on your deck",
    "status.event": "Assay Day: return Gold for VP",
    "status.select": "choose a Site in secret",
    "status.turn": "your turn",
    "status.over": "the game is over",
    "help.keep": "Keep 4 of the 6 cards you drew: put the others back one at a time, on top or at the bottom of "
                 "your deck (`return 3 top`, `return 5 bottom`; cards are numbered in your hand's order).",
    "help.event": "The Barker's Event lets you return Gold to the Gold Cart for VP: `exchange 2` (0 keeps all).",
    "help.select": "Set your dial to a Site, 1 to 5 (`dial 3`); everyone reveals at once. The position holding "
                   "the most pioneers alone Busts and loses its Boom section.",
    "help.turn": (
        "Use your position's sections, your Town Buildings and Barrels in any order, then `end`:\n"
        "  sutter common|boom           Site 1: Sutter's Mill\n"
        "  survey 3 common | bridge b 1 boom   Site 2: a river column / a Bridge on a river\n"
        "  build c05 common | hotel c05 boom   Site 3: a Town Building from your hand / a Hotel on one\n"
        "  wagon common, then move SPACE ..., stop | stop alt   Site 4: move your Wagon (City: Dudes or alt)\n"
        "  deputise 2 | camp l11        Site 5: gunmen to the Shootout / a Camp where your Wagon stands\n"
        "  trade, buy horse ..., done | barrel 2   the Barker: up to 3 purchases / a face-up Barrel\n"
        "  ability c01 | foundry c04 | use oats    Town Buildings, the Foundry, fresh Barrels"),
    "help.over": "The game is over.",
    "legend": (
        "Wheel: [B] Barker (Trade / Barrel), [S] Signpost, X Bust; each Site shows common / Boom.\n"
        "Map: (CITY) any number of Wagons, <Town> and .Horseshoe. hold one; digits are seats' Wagons, "
        "s is Shade; Lands show their owner.\n"
        "Lodge: $ Bucks, G Gold, D Dudes, T Tents, H Horses; gun = gunmen at the Shootout, grave = Graveyard.\n"
        "Rivers: - no river, ~ river, A-F Bridges. Tableau: * covered by a Hotel."),
    "option.shade": "Shade's handicap in the solo game",
    "option.shade.easy": "easy (0 VP)",
    "option.shade.normal": "normal (10 VP)",
    "option.shade.hard": "hard (20 VP)",
}


def catalogue(comp: Components) -> dict[str, str]:
    """The whole English catalogue, names from the data file included."""
    out = dict(EVENTS)
    out.update(TERMS)
    out.update(PHASES)
    out.update({f"card.{c.id}": c.name for c in comp.cards})
    out.update({f"space.{s.id}": s.name for s in comp.spaces})
    out.update({f"land.{land.id}": f"Land {land.id} by {comp.spaces[land.at].name}" for land in comp.lands})
    out.update({f"barrel.{b.id}": b.name for b in comp.barrels})
    out.update({f"bridge.{b.id}": b.name for b in comp.bridges})
    out.update({f"event.{e.id}": e.name for e in comp.events})
    out.update({f"price.{p.id}": f"1 {p.id} for {'+'.join(f'{n}{u}' for u, n in p.cost.items())}"
                for p in comp.prices})
    return out
