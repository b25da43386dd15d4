"""Coloma's message catalogue in English: events, phases and their help, the legend, options and terms.

Events carry these ids and their parameters (`Event("build", {"seat": 0, "card": "@card.C09", "vp": 3})`); the
faces render them in the reader's language. Names from the data file (cards, spaces, Lands, Barrels, Bridges,
Events, purchases) are added from the data, so a name corrected there reaches every face.
"""

from __future__ import annotations

from meeple.engine.messages import Message, plural

from .data import Components

DESCRIPTION = ("Pioneers of the 1848 gold rush choose Sites of a rotating wheel in secret; crowd a Site and it Busts. "
               "Build the town, bridge the rivers, explore the frontier and hold off the Outlaws.")

EVENTS: dict[str, Message] = {
    "cards.drawn": plural("n", "{seat} draws {n} Town card", "{seat} draws {n} Town cards"),
    "cards.drawn_you": "You draw {cards}",
    "cards.milled": plural("n", "{seat} cannot draw {n} card and gains {vp} VP instead",
                           "{seat} cannot draw {n} cards and gains {vp} VP instead"),
    "card.returned_top": "{seat} puts a card face down on top of their deck",
    "card.returned_bottom": "{seat} puts a card face down at the bottom of their deck",
    "round.start": plural("added", "Round {round} ({year}) begins: {added} Outlaw rides in, {outlaws} at the Shootout",
                          "Round {round} ({year}) begins: {added} Outlaws ride in, {outlaws} at the Shootout"),
    "chapter.start": "Round {round}, chapter {chapter}: the Barker covers Site {barker}, the Signpost points at "
                     "Site {signpost}",
    "event": "Barker Event of Site {site}: {event}",
    "event.gain": plural("times", "{seat} receives {event} ({times} time)", "{seat} receives {event} ({times} times)"),
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
    "deputise": plural("n", "{seat} sends {n} gunman to the Shootout", "{seat} sends {n} gunmen to the Shootout"),
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
    "shootout.dead": plural("n", "{seat} buries {n} gunman", "{seat} buries {n} gunmen"),
    "shade.destination": "Shade heads for {space}",
    "shade.camp_gained": "Shade gains a Camp ({camps} in hand)",
    "shade.turn": "Shade takes its turn on position {position}",
    "shade.gunmen": plural("n", "Shade sends {n} gunman to the Shootout", "Shade sends {n} gunmen to the Shootout"),
    "shade.barrel": "Shade takes the {barrel} Barrel",
    "shade.horse": "Shade gains a Horse ({horses})",
    "shade.camp": "Shade pitches a Camp on {land}",
    "shade.gold": "Shade takes a Gold ({gold})",
    "shade.river": "Shade takes a River tile ({rivers})",
    "shade.hotel": "Shade takes a Hotel ({hotels})",
    "shade.moved": "Shade's Wagon moves to {space}",
    "shade.gunmen_gone": plural("n", "Shade's {n} gunman leaves the game ({dead} fell)",
                                "Shade's {n} gunmen leave the game ({dead} fell)"),
    "shade.final": "Shade scores {vp} VP",
    "score.final": "{seat} ends with {vp} VP (Hotels {hotels}, Bridges {bridges}, Camps {camps})",
    "end.scored": "The game is over; the most VP ({vp}): {winner_seats}",
    "end.solo_won": "You beat Shade, {vp} VP to {shade}",
    "end.solo_lost": "Shade wins, {shade} VP to your {vp}",
    "figure.vp": "VP",
    "figure.money": "Bucks + Gold in the Lodge",
    "figure.dudes": "Dudes in the Lodge",
    "error.not_now": "{action} is not a legal action now ({phase})",
    "error.not_selecting": "dials are set only while Sites are selected, once per chapter (COL-7.1)",
    "error.no_such_card": plural("cards", "your hand has {cards} card; there is no card {slot} (COL-17.2)",
                                 "your hand has {cards} cards; there is no card {slot} (COL-17.2)"),
    "error.nothing_to_return": "no card is to be put back now (COL-4.17, COL-17.4)",
    "error.exchange": "you may return at most {most} Gold now (D2.4, COL-18.5)",
    "error.no_exchange": "there is no Gold exchange now (COL-18)",
    "error.not_your_turn": "that belongs to a player's turn; the game is at {phase} (COL-5.2)",
    "error.discard_first": "first put back the cards you must discard (COL-17.4)",
    "error.no_wagon_action": "no Wagon action is under way: start one with `wagon common` or `wagon boom` (COL-13.1)",
    "error.not_adjacent": "{space} is not next to your Wagon (COL-13.4)",
    "error.backtrack": "your Wagon was on {space} earlier this turn and may not go back (COL-13.13)",
    "error.no_allowance": plural(
        "left", "your Wagon cannot end a move beyond {space} with {left} step left (COL-13.5, COL-13.7)",
        "your Wagon cannot end a move beyond {space} with {left} steps left (COL-13.5, COL-13.7)"),
    "error.stop_skipped": "a Wagon cannot stop on a space it skips (COL-13.6)",
    "error.no_alternative": "the alternative reward needs a stop on a City that pays (COL-13.10, COL-13.8a)",
    "error.finish_wagon": "finish the Wagon action first: `move SPACE` or `stop` (COL-8.7)",
    "error.no_trade": "no Trade is under way: start one with `trade` on the Barker (COL-15.2)",
    "error.finish_trade": "finish the Trade first: `buy ITEM` or `done` (COL-8.7)",
    "error.trade_max": "a Trade makes at most {most} purchases (COL-15.2)",
    "error.cannot_buy": "you cannot buy {item} now: not enough to pay, or nothing left to get (D3, COL-23.4)",
    "error.not_in_tableau": "{card} is not in your tableau (COL-16.2)",
    "error.covered": "{card} is covered by a Hotel (COL-16.9)",
    "error.built_this_turn": "{card} was built this turn (COL-16.8)",
    "error.activated": "{card} was activated this turn already (COL-16.7)",
    "error.not_enabled": "{card} needs your pioneer on its Site with the section it shows (COL-16.2-16.5)",
    "error.foundry_target": "the Foundry cannot activate {card} now (COL-16.11)",
    "error.cannot_pay_ability": "{card} needs a payment you cannot make (COL-16.12)",
    "error.no_fresh_barrel": "you have no fresh {barrel} Barrel (COL-15.5)",
    "error.section_used": "you used the {section} section this turn (COL-8.5)",
    "error.no_section": "your position offers no such {section} action this chapter (COL-6.8)",
    "error.not_in_hand": "{card} is not in your hand (COL-12.3)",
    "error.cost": "you cannot pay {cost} (COL-9.8)",
    "error.no_hotel": "no Hotel is left on the board (COL-23.7)",
    "error.hotel_target": "a Hotel goes on an uncovered Town Building of yours, not on {card} (COL-12.8)",
    "error.column_taken": "river column {column} is taken (COL-11.3)",
    "error.rivers_max": "you have surveyed all your rivers (COL-11.6)",
    "error.no_river": "column {column} has no river without a bridge (COL-11.8)",
    "error.bridge_gone": "no {bridge} is left (COL-23.6)",
    "error.bridge_twice": "you cannot build the {bridge} now: one of each type, four at most (COL-11.9)",
    "error.dudes": "you do not have {n} Dudes in your Lodge (COL-14.2)",
    "error.camp": "{land} is not a free Land where your Wagon stands, or you have no Tent (COL-14.3-14.4)",
    "error.barrel_space": "Barrel space {space} is empty (COL-15.3)",
}

TERMS = {
    "reward.dudes": "the Dudes",
    "reward.alternative": "the alternative reward",
    "section.common": "common",
    "section.boom": "Boom",
    "card.none": "no such card",
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
    "brief.select": (
        "Set your dial to a Site, 1 to 5; everyone reveals at once. The position holding the most pioneers "
        "alone Busts and loses its Boom section."
    ),
    "brief.keep": (
        "Keep 4 of the 6 cards you drew: put the others back one at a time, on top or at the bottom of your "
        "deck."
    ),
    "brief.event": "The Barker's Event lets you return Gold to the Gold Cart for VP; returning none keeps it all.",
    "brief.turn": (
        "Use your position's common and Boom sections, your Town Buildings and Barrels in any order, then end"
        " your turn."
    ),
    "ui.do.dial": "Play Site {site}",
    "ui.do.move": "Move your Wagon to {space}",
    "ui.do.camp": "A Camp on Land {land}",
    "ui.do.barrel": "The Barrel of space {n}",
    "ui.do.build": "Build {card} ({section})",
    "ui.do.hotel": "A Hotel on {card} ({section})",
    "ui.do.ability": "Use the ability of {card}",
    "ui.do.foundry": "Activate {card} with the Foundry",
    "ui.do.return": "{card}: {where}",
    "ui.legend_title": "What the letters mean",
    "ui.legend_amounts": (
        "$ Bucks · G Gold · Gc Gold from the Gold Cart · D Dudes · H Horses · T Tents · K cards drawn · X "
        "cards discarded · S gunmen · W Wagon steps · M Wagon actions · B Barrels · VP victory points · Saw: "
        "the cost with a Saw."
    ),
    "example": "return 2 bottom 5 top",  # a line of several actions for the help: notation, the same in every language
    "legend": (
        "Wheel: [B] Barker (Trade / Barrel), [S] Signpost, X Bust; each Site shows common / Boom and the pioneers "
        "on it (after the reveal).\n"
        "Map: (CITY) holds any number of Wagons, <TOWN> and .Horseshoe one; digits are players' Wagons, s is "
        "Shade's; Lands read LAND:owner/VP (. free); then what the space pays (City: the Dudes or the "
        "alternative) and the roads.\n"
        "Lodge: $ Bucks, G Gold, D Dudes, T Tents, H Horses; gun = gunmen at the Shootout, grave = Graveyard.\n"
        "Amounts: $ Bucks, G Gold, Gc Gold from the Gold Cart, D Dudes, H Horses, T Tents, K cards, X discards, "
        "S gunmen, W Wagon steps, M Wagon actions, B Barrels, VP.\n"
        "Rivers: - no river, ~ river, A-F Bridges. Tableau: * covered by a Hotel. Hand: each card's Site and "
        "section, ability, cost (Saw cost) and VP."),
    "option.shade": "Shade's handicap in the solo game",
    "option.shade.easy": "easy (0 VP)",
    "option.shade.normal": "normal (10 VP)",
    "option.shade.hard": "hard (20 VP)",
}

# The words of the browser renderer (web/renderer.js): buttons, labels, hints and the panels' lines.
UI: dict[str, Message] = {
    "ui.common.0": "Trade",
    "ui.common.1": "Sutter's Mill",
    "ui.common.2": "Survey / Bridge",
    "ui.common.3": "Build",
    "ui.common.4": "Wagon",
    "ui.common.5": "Deputise",
    "ui.boom.0": "Barrel",
    "ui.boom.1": "Sutter's Mill",
    "ui.boom.2": "Survey / Bridge (Saw)",
    "ui.boom.3": "Build (Saw)",
    "ui.boom.4": "Wagon",
    "ui.boom.5": "Camp",
    "ui.section.common": "common, Hammer cost",
    "ui.section.boom": "Boom, Saw cost",
    "ui.trigger.common": "common",
    "ui.trigger.boom": "Boom",
    "ui.trigger.bust": "Bust",
    "ui.build_it": "Build it ({section})",
    "ui.put_back.top": "Put it back on the top of your deck",
    "ui.put_back.bottom": "Put it back at the bottom of your deck",
    "ui.hotel_on": "A Hotel on it ({section})",
    "ui.use_ability": "Use its ability",
    "ui.foundry_it": "Activate it with the Foundry",
    "ui.table": "The wheel of Sites and the Frontier Map",
    "ui.site": "Site {site}",
    "ui.barker": "Barker",
    "ui.signpost": "Signpost",
    "ui.signpost_active": "Signpost ➜",
    "ui.bust": "BUST",
    "ui.boom_of": "Boom: {action}",
    "ui.no_boom": "no Boom",
    "ui.buster": "Buster",
    "ui.shade": "Shade",
    "ui.buster_avoids": "Buster avoids",
    "ui.your_dial": "your dial",
    "ui.space.city": "City",
    "ui.space.town": "Town",
    "ui.space.horseshoe": "Horseshoe",
    "ui.space_title": "{name} ({kind})",
    "ui.land": "Land {land}",
    "ui.land_title": "Land {land}: {vp} VP at the end, Site {site} Events twice",
    "ui.turn_line": "{year} · round {round}, chapter {chapter} · {status}",
    "ui.turn_line_active": "{year} · round {round}, chapter {chapter} · {seat}'s turn · {status}",
    "ui.end": "End your turn",
    "ui.keep_gold": "Keep your Gold",
    "ui.return_gold": "Return {n} Gold for VP",
    "ui.sutter": "Sutter's Mill ({section})",
    "ui.survey": "Survey river {column} ({section})",
    "ui.bridge": "{bridge} on river {column} ({section})",
    "ui.wagon": "Wagon action ({section})",
    "ui.deputise": plural("n", "Deputise {n} gunman", "Deputise {n} gunmen"),
    "ui.trade": "Trade with the Barker",
    "ui.buy": "Buy {item}",
    "ui.done": "Done trading",
    "ui.stop_alt": "Stop: the alternative reward",
    "ui.stop": "Stop here",
    "ui.use": "Use {barrel}",
    "ui.cancel": "Cancel",
    "ui.hint_sites": "Click a Site of the wheel to set your dial (secret until all are set).",
    "ui.hint_spaces": "Click a highlighted space to move your Wagon.",
    "ui.hint_lands": "Click a highlighted Land to pitch a Camp.",
    "ui.hint_barrels": "Click a highlighted Barrel to take it.",
    "ui.hint_hand": "Click a highlighted card of your hand.",
    "ui.hint_tableau": "Click a highlighted building of your tableau.",
    "ui.over": "The game is over.",
    "ui.not_your_move": "Not your move.",
    "ui.free": "free",
    "ui.card_site": "Site {site} {trigger} · {ability}",
    "ui.card_cost": "{hammer} / Saw {saw} · {vp} VP",
    "ui.card_title": "{card}: Site {site} {trigger}, {ability}",
    "ui.your_hand": "Your hand ({n})",
    "ui.your_dial_site": " · your dial: Site {site}",
    "ui.known_deck": "Known in your deck: {cards}",
    "ui.empty": "empty",
    "ui.supply": "Gold Supply {gold} · Gold Cart {cart} · Horses {horses} · Hotels {hotels}",
    "ui.outlaws": "Outlaws {outlaws} · Bridges {bridges}",
    "ui.outlaws_neutral": "Outlaws {outlaws} · neutral gunmen {gunmen} · Bridges {bridges}",
    "ui.barrel_pile": "Barrels face down: {n}",
    "ui.barker_event": "Barker Event: {event}",
    "ui.buster_sites": "Buster avoids Sites {sites}",
    "ui.buster_goes": "Buster avoids Sites {sites}, goes to Site {site}",
    "ui.shade_line": "Shade: {vp} VP · {dudes} · {camps} · {horses} · {gold} Gold · {rivers} rivers · {hotels} · "
                     "{barrels} · {gunmen} gunmen · handicap {handicap}",
    # a number of pieces with its word, singular or plural (the lines above take them filled in)
    "ui.n.dudes": plural("n", "{n} Dude", "{n} Dudes"),
    "ui.n.tents": plural("n", "{n} Tent", "{n} Tents"),
    "ui.n.horses": plural("n", "{n} Horse", "{n} Horses"),
    "ui.n.camps": plural("n", "{n} Camp", "{n} Camps"),
    "ui.n.hotels": plural("n", "{n} Hotel", "{n} Hotels"),
    "ui.n.barrels": plural("n", "{n} Barrel", "{n} Barrels"),
    "ui.no_river": "no river",
    "ui.a_river": "a river",
    "ui.bridge_on": "Bridge {bridge}",
    "ui.used": "{barrel} (used)",
    "ui.dial_set": "dial set",
    "ui.choosing": "choosing",
    "ui.on_site": "on Site {site}",
    "ui.vp": "{vp} VP",
    "ui.sheriff": "★ Sheriff",
    "ui.lodge": "${bucks} · {gold} Gold · {dudes} · {tents} · {horses}",
    "ui.reserve": "reserve {dudes}, {tents} · gunmen {gunmen} · graveyard {graveyard} · hand {hand} · "
                  "deck {deck} · Wagon {wagon}",
    "ui.rivers": "Rivers",
    "ui.barrels": "Barrels: {barrels}",
}

# The words of the text board (render.py); amounts, ids and the map's symbols are notation (see `legend`).
BOARD: dict[str, Message] = {
    "board.wheel": "Wheel  round {round}, chapter {chapter}:  Barker on Site {barker}, Signpost Site {signpost} "
                   "({state})",
    "board.wheel_bust": "Wheel  round {round}, chapter {chapter}:  Barker on Site {barker}, Signpost Site {signpost} "
                        "({state}), Bust on {bust}",
    "board.active": "active",
    "board.covered": "covered",
    "board.common.0": "Trade",
    "board.common.1": "Sutter",
    "board.common.2": "Survey/Bridge",
    "board.common.3": "Build",
    "board.common.4": "Wagon",
    "board.common.5": "Deputise",
    "board.boom.0": "Barrel",
    "board.boom.1": "Sutter",
    "board.boom.2": "Survey/Bridge (Saw)",
    "board.boom.3": "Build (Saw)",
    "board.boom.4": "Wagon",
    "board.boom.5": "Camp",
    "board.trigger.common": "common",
    "board.trigger.boom": "boom",
    "board.trigger.bust": "bust",
    "board.map": "Frontier Map",
    "board.or": "{reward} or {alternative}",
    "board.horseshoes": "Horseshoes:",
    "board.card": "{id} {name} [Site {site} {trigger}: {ability}] cost {cost} (Saw {saw}) {vp} VP",
    "board.turn": "Turn: {seat} on position {position}",
    "board.used": "used {sections}",
    "board.none_used": "no section used yet",
    "board.purchases": plural("n", "{n} purchase left", "{n} purchases left"),
    "board.steps": plural("n", "Wagon: {n} step left", "Wagon: {n} steps left"),
    "board.depot": "Depot +{n}",
    "board.timber": "Timber -{n}$",
    "board.player": "{seat}: {vp} VP",
    "board.player_sheriff": "{seat} (Sheriff): {vp} VP",
    "board.lodge": "Lodge {bucks}$ {gold}G {dudes}D {tents}T {horses}H   reserve {reserve_dudes}D {reserve_tents}T   "
                   "gun {gunmen}  grave {graveyard}  Wagon {wagon}",
    "board.used_barrel": "{barrel}(used)",
    "board.rivers": "Rivers {rivers}   Tableau {tableau}   Barrels {barrels}",
    "board.own_hand": "Hand ({n}), deck {deck}:",
    "board.your_dial": "Your dial: Site {site}",
    "board.hand": plural("n", "Hand {n} card, deck {deck}", "Hand {n} cards, deck {deck}"),
    "board.dial_set": "dial set",
    "board.buster": "Buster avoids Sites {sites}",
    "board.supply": "Supply: Gold Supply {gold}, Gold Cart {cart}, Horses {horses}, Hotels {hotels}, Outlaws {outlaws} "
                    "(neutral gunmen {gunmen})",
    "board.bridges": "Bridges: {bridges}   Barrels: {barrels} ({n} face down)",
    "board.shade": "Shade: {vp} VP  {dudes}D {camps} Camps {horses}H {gold}G rivers {rivers} hotels {hotels} "
                   "barrels {barrels} gun {gunmen}  Wagon {wagon} -> {dest}",
}


# Why a hint suggests its move (`heuristics.hint_reason`), shown after it: "Suggestion: … (why)".
HINTS: dict[str, Message] = {
    "hint.dial_safe": "Site {site} is worth about {vp} VP to you, and a Bust there is unlikely: about {bust} times "
                      "in 100",
    "hint.dial_risky": "Site {site} is worth about {vp} VP to you even though it Busts about {bust} times in 100",
    "hint.dial_any": "no Site is worth much to you this chapter; Site {site} is as good as any",
    "hint.end_turn": "nothing left this turn is worth more than ending it",
    "hint.vp": "it scores {vp} VP now",
    "hint.final": "it adds about {vp} VP to your final scoring",
    "hint.holdings": "it adds about {vp} VP worth of Bucks, Gold, pieces or cards",
    "hint.best": "no other move does more for you now",
}


def catalogue(comp: Components) -> dict[str, Message]:
    """The whole English catalogue, names from the data file included."""
    out = dict(EVENTS)
    out.update(TERMS)
    out.update(PHASES)
    out.update(UI)
    out.update(BOARD)
    out.update(HINTS)
    out["description"] = DESCRIPTION  # the lobby's words on the game, the spec's description
    out.update({f"card.{c.id}": c.name for c in comp.cards})
    out.update({f"space.{s.id}": s.name for s in comp.spaces})
    out.update({f"land.{land.id}": f"Land {land.id} by {comp.spaces[land.at].name}" for land in comp.lands})
    out.update({f"barrel.{b.id}": b.name for b in comp.barrels})
    out.update({f"bridge.{b.id}": b.name for b in comp.bridges})
    out.update({f"event.{e.id}": e.name for e in comp.events})
    out.update({f"price.{p.id}": f"1 {p.id} for {'+'.join(f'{n}{u}' for u, n in p.cost.items())}"
                for p in comp.prices})
    return out
