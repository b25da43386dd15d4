"""Blue Moon City's message catalogue in English: events, phases and their help, the legend, options, terms.

Events carry these ids and their parameters (`Event("move.step", {"seat": 0, "tile": "@tile.water_temple",
"square": "c2"})`); the faces render them in the reader's language. Terms named after the data file (tiles,
peoples in each edition) are added from the components, so a name corrected there reaches every face.
"""

from __future__ import annotations

from meeple.engine.messages import Message, plural

from .data import Components
from .payments import COLOUR_NAMES

DESCRIPTION = ("Rebuild the city with the help of eight peoples and three dragons; first to make enough crystal "
               "offerings on the obelisk wins.")

EVENTS: dict[str, Message] = {
    "turn": "Turn {turn}: {seat}",
    "move.step": "{seat} steps to the {tile} ({square})",
    "move.venti1": "{seat} plays {card} and flies to the {tile} ({square})",
    "move.venti2": "{seat} plays {card}: {steps} more steps",
    "move.dragon": "{seat} plays {card}: the {dragon} flies to the {tile} ({square})",
    "move.dragon_off": "{seat} plays {card}: the {dragon} flies out of the city",
    "pay.start": "{seat} starts paying box {box} of the {tile} ({square}): {need} in {colour}",
    "pay.lux1": "{seat} plays {card}: up to 4 {colour} cards count in the box's colour",
    "pay.lux2": "{seat} plays {card}: 1 {colour} card counts in the box's colour",
    "pay.done": "{seat} pays box {box} ({need} {colour}) of the {tile} ({square}) with {cards} and places a marker",
    "building.complete": "The {tile} is complete",
    "offer": "{seat} makes an offering for {cost} crystals ({offerings} in all)",
    "offer.pillar": "{seat} makes an offering with {card} for {cost} crystals ({offerings} in all)",
    "extra.mainhall": "{seat} uses the Main Hall and moves to the {tile} ({square})",
    "extra.hospital": plural("n", "{seat} uses the Hospital and draws {n} card",
                             "{seat} uses the Hospital and draws {n} cards"),
    "extra.goldentemple": "{seat} uses the Golden Temple",
    "extra.skip": "{seat} skips the extra action",
    "refill": plural("n", "{seat} discards {discarded} and draws {n} card",
                     "{seat} discards {discarded} and draws {n} cards"),
    "refill.rewards": plural("n", "{n} reward card joins {seat}'s hand", "{n} reward cards join {seat}'s hand"),
    "cards.drawn": "You draw {cards}",
    "cards.received": "You receive {cards}",
    "reward.crystals": plural("n", "{seat} receives {n} crystal ({why} of the {tile})",
                              "{seat} receives {n} crystals ({why} of the {tile})"),
    "reward.scales": plural("n", "{seat} receives {n} golden scale ({why} of the {tile})",
                            "{seat} receives {n} golden scales ({why} of the {tile})"),
    "reward.scales_owed": plural("n", "{seat} receives {n} golden scale ({why} of the {tile}; {owed} owed)",
                                 "{seat} receives {n} golden scales ({why} of the {tile}; {owed} owed)"),
    "reward.cards": plural("n", "{seat} receives {n} card ({why} of the {tile})",
                           "{seat} receives {n} cards ({why} of the {tile})"),
    "reward.cards_pending": plural(
        "n", "{seat} receives {n} card face down ({why} of the {tile}); it joins the hand after the refill",
        "{seat} receives {n} cards face down ({why} of the {tile}); they join the hand after the refill"),
    "reward.cards_pending_turn": plural(
        "n", "{seat} receives {n} card face down ({why} of the {tile}); it joins the hand when this turn ends",
        "{seat} receives {n} cards face down ({why} of the {tile}); they join the hand when this turn ends"),
    "reward.cards_taken": plural("n", "{seat} takes {n} reward card into the hand",
                                 "{seat} takes {n} reward cards into the hand"),
    "reward.no_cards": plural("n", "{seat} would receive {n} card ({why} of the {tile}) but no card is left",
                              "{seat} would receive {n} cards ({why} of the {tile}) but no card is left"),
    "scales.scored": "The golden scales run out and are scored (scales per player in turn order: {scales})",
    "scales.paid": plural("scales", "{seat} receives {crystals} crystals for {scales} scale and returns it",
                          "{seat} receives {crystals} crystals for {scales} scales and returns them"),
    "end.offerings": "{seat} wins with {offerings} offerings",
    "end.no_markers": "No player has a marker left: the game ends in a draw",
    "end.rebuilt": "Every building is rebuilt and no player can pay for another offering; winner(s): "
                   "{winner_seats}",
    "end.turn_limit": "The turn limit was reached; winner(s): {winner_seats}",
    "figure.offerings": "Offerings",
    "figure.crystals": "Crystals",
}

EXPLAIN: dict[str, Message] = {
    "explain.tile": "{square}: {tile} ({letter})",
    "explain.tile_usage": "Ask `tile SQ`, with a square from a1 to e5 (`tile c2`).",
    "explain.no_square": "`{square}` is not a square: squares go from a1 to e5.",
    "explain.empty": "No tile lies on {square}.",
    "explain.courtyard": "  Offerings are made here for crystals (`offer`); the Courtyard pays no bonus.",
    "explain.rebuilt": "  Rebuilt: its boxes are done.",
    "explain.box": "  box {box}: {need} in {people} cards, free",
    "explain.box_paid": "  box {box}: {need} in {people} cards, paid by {seat}",
    "explain.any_colour": "any one colour",
    "explain.majority.crystals": plural(
        "n", "  majority bonus (most markers; a tie goes to the leftmost marker): {n} crystal",
        "  majority bonus (most markers; a tie goes to the leftmost marker): {n} crystals"),
    "explain.majority.scales": plural(
        "n", "  majority bonus (most markers; a tie goes to the leftmost marker): {n} golden scale",
        "  majority bonus (most markers; a tie goes to the leftmost marker): {n} golden scales"),
    "explain.majority.cards": plural(
        "n", "  majority bonus (most markers; a tie goes to the leftmost marker): {n} card",
        "  majority bonus (most markers; a tie goes to the leftmost marker): {n} cards"),
    "explain.majority.nothing": "  majority bonus (most markers; a tie goes to the leftmost marker): nothing",
    "explain.construction.crystals": plural(
        "n", "  construction bonus (every player with a marker, once): {n} crystal",
        "  construction bonus (every player with a marker, once): {n} crystals"),
    "explain.construction.scales": plural(
        "n", "  construction bonus (every player with a marker, once): {n} golden scale",
        "  construction bonus (every player with a marker, once): {n} golden scales"),
    "explain.construction.cards": plural(
        "n", "  construction bonus (every player with a marker, once): {n} card",
        "  construction bonus (every player with a marker, once): {n} cards"),
    "explain.construction.nothing": "  construction bonus (every player with a marker, once): nothing",
    "explain.neighbourhood.crystals": plural(
        "n", "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): {n} crystal",
        "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): {n} crystals"),
    "explain.neighbourhood.scales": plural(
        "n", "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): "
             "{n} golden scale",
        "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): "
        "{n} golden scales"),
    "explain.neighbourhood.cards": plural(
        "n", "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): {n} card",
        "  neighbourhood bonus, once rebuilt (each contributor of a building completed next to it): {n} cards"),
    "explain.neighbourhood.nothing": "  neighbourhood bonus, once rebuilt (each contributor of a building completed "
                                     "next to it): nothing",
    "explain.extra.move": "  extra action for the player standing here after contributing: move to any tile",
    "explain.extra.draw": "  extra action for the player standing here after contributing: draw 2 cards",
    "explain.extra.offer": "  extra action for the player standing here after contributing: one offering",
    "explain.design": "  values no source settles (reconstructions, [design]): {fields}",
    "explain.figures": "  figures here: {seats}",
    "explain.dragons": "  dragons here: {dragons}",
}

TERMS = {
    "why.dragons": "dragon bonus",
    "why.majority": "majority bonus",
    "why.construction": "construction bonus",
    "why.neighbourhood": "neighbourhood bonus",
    "dragon.red": "red dragon",
    "dragon.green": "green dragon",
    "dragon.blue": "blue dragon",
    "tile.none": "empty square",
}

PHASES: dict[str, Message] = {
    "phase.movement": "Movement",
    "phase.contribution": "Contribution",
    "phase.payment": "Payment",
    "phase.extra action": "Extra action",
    "phase.refill": "Refill",
    "phase.over": "Game over",
    "status.movement": plural("steps_left", "movement, {steps_left} step left", "movement, {steps_left} steps left"),
    "status.contribution": "contribution",
    "status.payment": "payment",
    "status.extra action": "extra action",
    "status.refill": "refill",
    "help.movement": (
        "Movement: take up to your steps left, one orthogonal square at a time (`step c2`). Cards:\n"
        "  venti1 SQ   fly your figure to any tile          venti2      two more steps\n"
        "  vulca1 SQ   red dragon to any tile (or `off`)    vulca2 SQ   red dragon up to 3 steps\n"
        "  terrah1/terrah2 move the green dragon, aqua1/aqua2 the blue one, the same way.\n"
        "You may also start contributing here at once (`contribute N`, `offer`), or `end` the movement."
    ),
    "help.contribution": (
        "Contribution: on an unfinished building, `contribute N` pays box N (counted from the left;\n"
        "Royal Palace: `contribute N red`, or `wild`) and opens a payment. On the Courtyard, `offer`\n"
        "pays crystals for an offering on the obelisk; `pillar1`/`pillar2` add one more after it.\n"
        "Dragons on the tile give a golden scale each for your first contribution of the turn.\n"
        "`end` finishes the phase."
    ),
    "help.payment": (
        "Payment: add cards one by one (`pay terrah3`). Khind cards are wild 1, two Mimix 1/2 cards are\n"
        "a wild 3, `lux1 COLOUR` lets up to 4 cards of that colour count (`lux2 COLOUR`: one card).\n"
        "`done` places your marker once the cards pay the box. Only useful cards are listed."
    ),
    "help.extra action": (
        "Extra action of the special building you stand on: `mainhall SQ` (move to any tile),\n"
        "`hospital` (draw 2 cards), `goldentemple` (one offering), or `skip`."
    ),
    "help.refill": (
        "Refill: `refill` draws 2 cards; `refill CARD` discards one card and draws 3;\n"
        "`refill CARD CARD` discards two and draws 4. Reward cards you received join your hand now."
    ),
    "guide.movement": (
        "Take up to your steps left, one orthogonal square at a time. Cards: a Venti flies your figure to any"
        " tile or gives two more steps; a Vulca, Terrah or Aqua card moves the red, green or blue dragon to "
        "any tile (or off the city) or up to 3 steps. You may also start contributing where you stand, or end"
        " the movement."
    ),
    "guide.contribution": (
        "On an unfinished building, choose a box to pay (counted from the left; on the Royal Palace, also its"
        " colour) and pay it with cards. On the Courtyard, pay crystals for an offering on the obelisk; "
        "Pillar cards add one more after it. Dragons on the tile give a golden scale each for your first "
        "contribution of the turn. Then end the phase."
    ),
    "guide.payment": (
        "Add cards one by one. Khind cards are wild 1, two Mimix 1/2 cards are a wild 3, and a Lux card lets "
        "cards of one colour count. Finish paying once the cards pay the box: your marker goes on it. Only "
        "useful cards are offered."
    ),
    "guide.extra action": (
        "Use the special building you stand on: the Main Hall moves you to any tile, the Hospital draws 2 "
        "cards, the Golden Temple makes one offering; or skip it."
    ),
    "guide.refill": (
        "Draw 2 cards, or discard one card and draw 3, or discard two and draw 4. Reward cards you received "
        "join your hand now."
    ),
    "example": "pay terrah3 khind1",  # a line of several actions for the help: notation, the same in every language
    "legend": (
        "Legend: each square shows the building's name; then the square and the boxes, as the letter of the\n"
        "people whose cards pay a box and its cost (`T3` = 3 in Terrah cards, `*2` = 2 in any one colour), `=2`\n"
        "for a box paid by Player 2; then what the building pays: `2k/1c +2s` = majority bonus 2 cards (most\n"
        "markers), construction bonus 1 crystal (every player with a marker), and once it is rebuilt, a\n"
        "neighbourhood bonus of 2 golden scales to the contributors of each building completed next to it\n"
        "(`c` crystal, `s` golden scale, `k` card; `1csk` = one of each). A rebuilt building shows `rebuilt` and\n"
        "its neighbourhood bonus. `@1` is Player 1's figure; `Dr`, `Dg`, `Db` are the red, green and blue dragons.\n"
        "Obelisk, bottom first: `P2` is an offering of Player 2, a number what the next offering there costs.\n"
        "`Player 2: c3, ... hand 5+2`: Player 2's figure is on c3; 5 cards in hand, 2 reward cards face down.\n"
        "Type `tile c2` to have the tile on square c2 described in full."
    ),
    "question.tile": "tile SQ        the building on a square: its boxes, what it pays, who stands there",
    "option.edition": "Edition",
    "option.edition.cmon2019": "CMON 2019 edition",
    "option.edition.kosmos2006": "Kosmos 2006 edition",
    "option.expansion": "Expansion",
    "option.expansion.true": "with the expansion (special buildings, 5x5 city)",
    "option.expansion.false": "without the expansion",
    "option.layout": "City layout",
    "option.layout.standard": "standard layout",
    "option.layout.open": "open layout (every tile but the Courtyard shuffled)",
}


# The browser renderer's words (web/renderer.js): buttons, hints, headings, tooltips.
SCREEN: dict[str, Message] = {
    "ui.pay_with": "Pay with this card",
    "ui.choose_square": "Choose a square on the city",
    "ui.dragon_off": "Dragon off the city",
    "ui.lux_count": "Count {colour} cards in the box's colour",
    "ui.play_it": "Play it",
    "ui.city": "The city",
    "ui.tile_label": "{name} ({square})",
    "ui.tile_rebuilt_label": "{name} ({square}), rebuilt",
    "ui.tile_title": "{name} ({square}): majority bonus {majority}, construction bonus {construction}, "
                     "neighbourhood bonus {neighbourhood}",
    "ui.tile_rebuilt_title": "{name} ({square}), rebuilt: neighbourhood bonus {neighbourhood}",
    "ui.rebuilt": "rebuilt",
    "ui.reward.none": "none",
    "ui.reward.c": plural("n", "{n} crystal", "{n} crystals"),
    "ui.reward.s": plural("n", "{n} golden scale", "{n} golden scales"),
    "ui.reward.k": plural("n", "{n} card", "{n} cards"),
    "ui.which_colour": "Pay box {box} in which colour?",
    "ui.turn_line": "Turn {turn} · {name} · {status}",
    "ui.end_movement": "End movement",
    "ui.end_contributions": "End contributions",
    "ui.finish_paying": "Finish paying",
    "ui.offer": "Offer on the obelisk ({cost} crystals)",
    "ui.skip": "Skip the extra action",
    "ui.cancel": "Cancel",
    "ui.click_square": "Click a highlighted square.",
    "ui.discard_hint": "Click up to two cards to discard, then draw.",
    "ui.discard_draw": "Discard {cards} and draw",
    "ui.not_your_move": "Not your move.",
    "ui.clickable": "Highlighted squares and boxes can be clicked.",
    "ui.nothing_yet": "nothing yet",
    "ui.lux_counts": "{card}: {colour} counts",
    "ui.paying": "Paying box {box}: {number} in {colour}",
    "ui.paid": "Paid: {cards}",
    "ui.your_hand": "Your hand",
    "ui.crystals_title": "your crystals (hidden from the others)",
    "ui.crystals": plural("n", "◇ {n} crystal", "◇ {n} crystals"),
    "ui.obelisk": "Obelisk · {n} offerings win",
    "ui.col.scales": "scales",
    "ui.col.markers": "markers",
    "ui.col.cards": "cards",
    "ui.col.offerings": "offerings",
    "ui.final_crystals": "Final crystals: {crystals}",
}

# Help at the table in the browser: one sentence per phase, each card's power, what a building pays, a payment's
# progress, the boxes and cards named in full for screen readers, and a suggested move in words.
TABLE_HELP: dict[str, Message] = {
    "brief.movement": "Move your figure up to your steps left, or play Venti and dragon cards; then end the "
                      "movement, or contribute where you stand.",
    "brief.contribution": "Pay a box of the building you stand on with cards of its colour, or make an offering on "
                          "the Courtyard; then end the contributions.",
    "brief.payment": "Add cards until the box is paid, then finish paying.",
    "brief.extra action": "Use the special building you stand on, or skip it.",
    "brief.refill": "Discard up to two cards and draw: 2 cards, 3 after one discard, 4 after two.",
    "power.vulca1": "Movement: the red dragon flies to any tile, or out of the city.",
    "power.vulca2": "Movement: the red dragon moves up to 3 steps.",
    "power.terrah1": "Movement: the green dragon flies to any tile, or out of the city.",
    "power.terrah2": "Movement: the green dragon moves up to 3 steps.",
    "power.aqua1": "Movement: the blue dragon flies to any tile, or out of the city.",
    "power.aqua2": "Movement: the blue dragon moves up to 3 steps.",
    "power.venti1": "Movement: your figure flies to any other tile.",
    "power.venti2": "Movement: two more steps.",
    "power.khind1": "Payment: counts 1 in any colour.",
    "power.mimix1": "Payment: two Mimix 1 or 2 cards together count 3 in any colour.",
    "power.mimix2": "Payment: two Mimix 1 or 2 cards together count 3 in any colour.",
    "power.lux1": "Payment: up to 4 cards of one colour count in the box's colour.",
    "power.lux2": "Payment: 1 card of another colour counts in the box's colour.",
    "power.pillar1": "Contribution: one more offering after an offering, for 1 crystal more.",
    "power.pillar2": "Contribution: one more offering after an offering, for 2 crystals more.",
    "ui.card_title": "{card} ({colour}, worth {n}): {power}",
    "ui.card_title_plain": "{card} ({colour}, worth {n})",
    "ui.box_label": "Box {box}: {number} in {colour} cards ({letter})",
    "ui.box_label_any": "Box {box}: {number} in any one colour",
    "ui.box_label_paid": "Box {box}: {number} in {colour}, paid by {seat}",
    "ui.legend": "Under a building's name: majority bonus / construction bonus, then +neighbourhood bonus (paid "
                 "once it is rebuilt); ◇ crystal, ⚖ golden scale, ▭ card. Each box shows its cost and the letter "
                 "of the people whose cards pay it; a paid box shows its owner below.",
    "ui.pay_box": "Pay box {box}: {number} in {colour}",
    "ui.pay_box_any": "Pay box {box}: {number} in any one colour",
    "ui.still_due": plural("n", "{n} still due", "{n} still due"),
    "ui.paid_in_full": "Paid in full: finish paying.",
    "ui.cancel_payment": "Cancel the payment",
    "ui.dragons_off": "Dragons off the city:",
    "ui.do.step": "step to the {tile} ({square})",
    "ui.do.fly": "play {card} and go to the {tile} ({square})",
    "ui.do.dragon": "play {card}: the {dragon} flies to the {tile} ({square})",
    "ui.do.contribute": "pay box {box} of this building",
    "ui.do.contribute_colour": "pay box {box} of this building in {colour}",
    "ui.do.pay": "pay with {card}",
    "ui.do.card": "play {card}",
    "ui.do.refill": "draw 2 cards",
    "ui.do.refill_discard": "discard {cards} and draw",
}

# Why an action is refused (`Rules.check`); people and cards by their terms, in the names of the game's edition.
REFUSALS: dict[str, Message] = {
    "refuse.movement_over": "movement is over for this turn (BMC-4.8)",
    "refuse.not_in_phase": "not in the {phase} phase",
    "refuse.end_phase": "`end` ends movement or contribution, not {phase}",
    "refuse.contribution_phase": "contributions and offerings belong to the contribution phase, not {phase}",
    "refuse.no_payment": "no payment is open: start one with `contribute N`",
    "refuse.extra_after": "extra actions of special buildings come after the contribution phase",
    "refuse.refill_after": "refill comes after the contribution phase: send `end` first",
    "refuse.unknown": "unknown action",
    "refuse.on_courtyard": "your figure is on the Courtyard: make an offering there instead",
    "refuse.rebuilt": "the {tile} ({square}) is already rebuilt",
    "refuse.no_marker": "you have no marker left",
    "refuse.few_boxes": plural("n", "the {tile} has only {n} box", "the {tile} has only {n} boxes"),
    "refuse.box_taken": "box {box} of the {tile} already holds a marker",
    "refuse.box_colour_fixed": "box {box} of the {tile} is {colour}; name no colour",
    "refuse.box_any_colour": "a {tile} box takes any colour: say which, e.g. `contribute 1 red` (or `wild`)",
    "refuse.cannot_pay": "your hand cannot pay {need} in {colour} for box {box}",
    "refuse.no_other_card": "you have no other {card} card to add",
    "refuse.card_overshoots": "with {card} the payment could no longer reach {need}",
    "refuse.no_card_to_play": "you have no {card} card to play",
    "refuse.wild_no_recolour": "a box paid with wild cards only takes no recoloured cards",
    "refuse.colour_pays_already": "{colour} cards already pay this box",
    "refuse.lux_useless": "the payment could no longer reach {need} without that {card} card",
    "refuse.short": "the payment is worth {total}; box needs {need}",
    "refuse.offer_courtyard": "offerings are made on the Courtyard",
    "refuse.obelisk_full": "the obelisk is full",
    "refuse.one_offering": "only one offering per turn (Pillar cards add more)",
    "refuse.pillar_after": "a Pillar card adds an offering only after an offering this turn",
    "refuse.no_card": "you have no {card} card",
    "refuse.offer_cost": "the offering costs {cost} crystals; you have {crystals}",
    "refuse.offer_unaffordable": "an offering costs {cost} crystals and a marker; you have {crystals} crystals, "
                                 "{markers} markers",
    "refuse.no_step": "no movement step is left this turn (a {card} card gives two more)",
    "refuse.not_next": "{square} is not orthogonally next to your figure on {figure}",
    "refuse.no_tile": "{square} holds no tile",
    "refuse.not_another_tile": "{square} is not another tile of the city",
    "refuse.dragon_outside": "the {dragon} is already outside the city",
    "refuse.dragon_off_city": "the {dragon} is not in the city (a value-1 card brings it in)",
    "refuse.dragon_reach": "{square} is not within {steps} steps of the {dragon}",
    "refuse.not_on_extra": "your figure is not on the building with that extra action (the {tile} ({square}))",
    "refuse.refill_cards": plural("n", "you do not have {n} {card} card", "you do not have {n} {card} cards"),
    "refuse.wild_only": "{people} cards cannot pay a box paid with wild cards only",
    "refuse.wrong_colour": "{people} cards are {colour} and cannot pay a {box_colour} box unless a {lux} card "
                           "recolours them first",
    "refuse.wrong_colour_capped": plural(
        "n", "{people} cards are {colour} and cannot pay a {box_colour} box ({lux} recolours only {n} of them)",
        "{people} cards are {colour} and cannot pay a {box_colour} box ({lux} recolours only {n} of them)"),
    "refuse.mimix_pair": "a {people} card counts as a wild card only in a pair (1+1, 1+2 or 2+2)",
}

# The words of the text board (render.py); its symbols (`T3`, `=2`, `@1`, `Dr`) are explained by `legend`.
BOARD: dict[str, Message] = {
    "board.offerings": "{square} offerings",
    "board.rebuilt": "{square} rebuilt",
    "board.obelisk": "Obelisk: {spaces}   offerings to win: {n}",
    "board.supply": "Golden scales in the pool: {scales}   deck: {deck} cards   discard: {discard}",
    "board.supply_top": "Golden scales in the pool: {scales}   deck: {deck} cards   discard: {discard} (top {card})",
    "board.you": "{seat} (you)",
    "board.seat": "{who}: {square}, offerings {offerings}, scales {scales}, markers {markers}, hand {hand}",
    "board.seat_crystals": "{who}: {square}, offerings {offerings}, scales {scales}, markers {markers}, hand {hand}, "
                           "crystals {crystals}",
    "board.your_hand": "Your hand:",
    "board.empty": "(empty)",
    "board.over": "Turn {turn}: game over",
    "board.status": "Turn {turn}: {seat}, {phase}",
    "board.status_steps": plural("steps", "Turn {turn}: {seat}, {phase} ({steps} step left)",
                                 "Turn {turn}: {seat}, {phase} ({steps} steps left)"),
    "board.paying": "; paying box {box} ({need}) with {cards}",
    "board.nothing_yet": "nothing yet",
    "board.phase.movement": "movement phase",
    "board.phase.contribution": "contribution phase",
    "board.phase.payment": "payment phase",
    "board.phase.extra action": "extra action phase",
    "board.phase.refill": "refill phase",
    "board.phase.over": "game over",
}


# Why a hint suggests its move (`heuristics.hint_reason`), shown after it: "Suggestion: … (why)".
HINTS: dict[str, Message] = {
    "hint.offerings": "your offerings at the obelisk reach {count}",
    "hint.crystals": "your crystals reach {count}",
    "hint.scales": "your dragon scales reach {count}",
    "hint.buildings": "your markers on unfinished buildings are worth more",
    "hint.cards": "it strengthens your hand",
    "hint.prospect": "it brings a building you can help build within reach this turn",
    "hint.paying": "it brings the payment of the box closer to complete",
    "hint.best": "no other move does more for you now",
}


def catalogue(comp: Components) -> dict[str, Message]:
    """Every message of the game, with the terms taken from the components file."""
    out: dict[str, Message] = {**EVENTS, **TERMS, **PHASES, **SCREEN, **EXPLAIN, **TABLE_HELP, **REFUSALS, **BOARD,
                               **HINTS}
    out["description"] = DESCRIPTION  # the lobby's words on the game, the spec's description
    for name in COLOUR_NAMES:
        out[f"colour.{name}"] = name
    for tile in comp.tiles:
        out[f"tile.{tile.id}"] = tile.name
    for people in comp.peoples:
        for name in sorted(set(people.names.values())):  # a stable order (the catalogue files follow it)
            out[f"people.{name.lower()}"] = name
            for value in sorted(people.values):
                out[f"card.{name.lower()}.{value}"] = f"{name} {value}"
    return out
