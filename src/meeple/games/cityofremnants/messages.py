"""City of Remnants' message catalogue in English: events, phases and their help, the legend, options, terms.

Events carry these ids and their parameters (`Event("auction.bid", {"seat": 2, "amount": 1500})`); the faces render
them. Card, development, token, coordinate and gang names come from the data file, so a corrected name reaches every
face.
"""

from __future__ import annotations

from meeple.engine.messages import Message, plural

from .data import Components

DESCRIPTION = "Refugee gangs recruit, build and fight for renown in a city patrolled by the Yugai."

EVENTS: dict[str, Message] = {
    "setup.rolls": "The d6 is rolled ({what}): {seats} roll {rolls}",
    "setup.first": "{seat} takes the first player token",
    "setup.gang": "{seat} leads the {gang} (entry space {entry})",
    "round.start": "Round {round} begins",
    "reset.choose": "You set {card} aside to discard",
    "reset.ready": "{seat} has chosen what to discard",
    "reset.discarded": "{seat} discards {cards}",
    "reset.first": "{seat} takes the first player token",
    "reset.arc": "Every gang gains {amount} ARC",
    "reset.rows": "New gang member row: {gm}; new black market: {bm}",
    "turn.start": "{seat} takes turn {turn}",
    "turn.end": "{seat} ends the turn",
    "turn.out_of_turn": "{seat} uses a turn out of turn ({turns} of 4 used)",
    "action.declare": "{seat} declares {action}",
    "cards.draw": plural("count", "{seat} draws {count} card", "{seat} draws {count} cards"),
    "cards.drawn": "You draw {cards}",
    "card.play": "{seat} plays {card}",
    "card.search": "{seat} takes {card} from the {pile}",
    "card.look": "{seat} looks at {rival_seat}'s hand",
    "card.stripped": "{seat} makes {rival_seat} discard {card}",
    "card.trashed": "{seat} removes {card} from the gang",
    "mod.set": "{seat}: {mod} is now {amount} for this turn",
    "row.reveal": "{card} is turned up from the gang member deck",
    "row.bm": "New black market row: {cards}",
    "figures.to_pool": plural("count", "{seat} moves {count} figure from the reserve to the gang member pool",
                              "{seat} moves {count} figures from the reserve to the gang member pool"),
    "figures.place": "{seat} places a figure from the pool on {space}",
    "coords.peek": plural("count", "{seat} looks at the top coordinate card",
                          "{seat} looks at the top {count} coordinate cards"),
    "coords.seen": "You see {cards}",
    "coords.back": "{seat} puts the coordinate cards back",
    "ycu.removed": "{token} leaves {space} for the bag",
    "roll.d6": "{seat} rolls the d6: {roll}",
    "arc.gain": "{seat} gains {amount} ARC",
    "arc.lose": "{seat} loses {amount} ARC",
    "renown.gain": "{seat} gains {amount} renown",
    "renown.lose": "{seat} loses {amount} renown",
    "influence.change": "{seat}'s influence changes by {change} to {influence}",
    "recruit.gain": "{seat} recruits {card}",
    "recruit.nothing": "{seat} finds no gang member left to recruit",
    "recruit.deck": "The row is empty: {seat} turns up {card} from the deck",
    "auction.start": "{seat} puts {card} up for recruiting",
    "auction.free": "Nobody may bid: {seat} recruits {card} free",
    "auction.bid": "{seat} bids {amount} ARC",
    "auction.pass": "{seat} passes",
    "auction.won": "{seat} wins {card} for {amount} ARC",
    "buy.card": "{seat} buys {card} for {arc} ARC",
    "buy.renown": "{seat} buys {count} renown for {arc} ARC",
    "produce.use": "{seat} uses the {dev} on {space}",
    "dev.products": plural("added", "The {dev} on {space} gets {added} product ({total} now)",
                           "The {dev} on {space} gets {added} products ({total} now)"),
    "build.done": "{seat} builds the {dev} on {spaces} for {arc} ARC",
    "build.none": "{seat} builds nothing",
    "sell.one": "{seat} sells a product from the {dev} on {space} for {arc} ARC",
    "refresh.discard": "{seat} discards {card}",
    "refresh.discarded": "{seat} discards {cards} and refreshes",
    "move.figure": "{seat} moves a figure from {start} to {dest}",
    "move.end": "{seat} ends the movement",
    "battle.start": "Battle on {space}: {seat} attacks {defender_seat}",
    "battle.commit": "{seat} commits a card face down ({count})",
    "battle.committed": plural("count", "{seat} has committed {count} card", "{seat} has committed {count} cards"),
    "battle.reveal": "{seat} reveals {cards}",
    "battle.pay": "{seat} pays {arc} ARC for +{bonus} attack",
    "battle.roll": "{seat} rolls {dice}",
    "battle.reroll": "{seat} rerolls die {die}: {old} becomes {new}",
    "battle.totals": "Totals: {seat} {total}, against {other}",
    "battle.won": "{seat} wins the battle",
    "battle.retreat": plural("count", "{seat}'s figure on {space} retreats to the pool",
                             "{seat}'s {count} figures on {space} retreat to the pool"),
    "battle.casualties": "{seat} loses: {killed} figure killed, {retreated} retreat from {space}",
    "battle.card_lost": "{seat} loses the gang member card {card}",
    "ycu.battle": "{seat} faces {token} on {space} as {role}",
    "ycu.bribe": "{seat} bribes {token} for {arc} ARC",
    "ycu.fight": "{seat} fights",
    "ycu.defeated": "{token} is defeated and goes back into the bag",
    "alert.roll": "YCU Alert: {seat} rolls {roll} ({result}): {text}",
    "alert.slipped": "{seat}'s killed figure slips away to the pool",
    "patrol.start": "Yugai Patrol: every YCU token goes back into the bag",
    "patrol.coords": "{seat} reveals the coordinate cards {cards}",
    "patrol.place": "{token} lands on {space}",
    "award.paid": "{seat} earns {award} renown: {paid} from the supply, {overflow} overflow",
    "end.exhausted": "The renown supply ran out in round {round}: the game ends",
    "end.round_cap": "The game ends after round {round}, the last round the engine plays",
    "error.not_now": "not a choice of this moment ({phase}); {help}",
    "error.not_now_phase": "not a choice of this moment ({phase})",
    "figure.score": "Renown",
    "figure.arc": "ARC",
    "figure.influence": "Influence",
    "figure.on_board": "Figures on the board",
}

PHASES = {
    "phase.setup": "Setup",
    "phase.leaders": "Pick a gang leader",
    "phase.reset": "Reset: discard",
    "phase.pre": "Choose an action",
    "phase.recruit": "Recruit: name a gang member",
    "phase.bid": "Auction",
    "phase.buy": "Buy",
    "phase.buy_renown": "Buy renown",
    "phase.produce": "Produce",
    "phase.build": "Develop",
    "phase.sell": "Sell",
    "phase.refresh": "Refresh",
    "phase.move": "Move",
    "phase.post": "End of turn",
    "phase.effect": "Card effect",
    "phase.commit": "Battle: commit cards",
    "phase.option": "Battle: Hired Muscle",
    "phase.reroll": "Battle: rerolls",
    "phase.lose": "Battle lost: lose a gang member card",
    "phase.bribe": "YCU: bribe or fight",
    "phase.pick_token": "YCU: choose the token to fight",
    "phase.patrol": "Yugai Patrol",
    "phase.over": "Game over",
    "help.leaders": "Pick the gang you will lead: `leader HUM`, `leader NEI`, `leader LEN` or `leader IGG`.",
    "help.reset": "Choose, in secret, the cards to discard before you draw up to your influence: `discard <card>` "
                  "for each, then `done`. Everybody's choice is revealed together.",
    "help.pre": "Play cards (`play <card>`) and declare one action: `recruit`, `buy`, `produce`, `sell`, "
                "`refresh` or `move`.",
    "help.recruit": "Name a gang member of the row to recruit (`take <card>`); the others may bid for it.",
    "help.bid": "Raise the bid (`bid <ARC>`, in steps of 100) or `pass`. The last bidder left recruits the card; a "
                "winner out of turn uses one of their turns.",
    "help.buy": "Buy a black market card (`take <card>`) and/or renown at 3000 ARC each (`renown <n>`).",
    "help.buy_renown": "Buy renown at 3000 ARC each, up to your influence (`renown 0` buys none).",
    "help.produce": "Use the Produce ability of each development you control (`use <space>`), then `finish`.",
    "help.build": "Build a drafted development on spaces of its level (`build <id> <spaces>`) or `nobuild`.",
    "help.sell": "Sell product tokens from developments you control (`sell <space>`), up to your influence; `done`.",
    "help.refresh": "Discard any cards (`discard <card>`), then `done`: your discard pile goes under your draw pile "
                    "and you draw up to your influence.",
    "help.move": "Move figures up to 3 spaces (`move B2 C2`, or `enter <space>` from the pool), up to your "
                 "influence in number; `stop` when done. A figure entering an enemy space stops; battles follow.",
    "help.post": "Play more cards or `end` the turn.",
    "help.effect": "Finish the card's effect: choose among the listed options.",
    "help.commit": "Commit cards face down to the battle (`commit <card>`), then `done`. Unit cards add their attack "
                   "in your colour; Battle abilities work.",
    "help.option": "Hired Muscle: `pay` the ARC the card asks for its extra attack, or `decline`.",
    "help.reroll": "Reroll some of your battle dice (`reroll <n>`), then `done`.",
    "help.lose": "Choose the gang member card you lose (`take <card>`).",
    "help.bribe": "Pay the YCU token's bribe (`bribe`) to send it away, or `fight` it.",
    "help.pick_token": "Choose the YCU token you fight next (`fight <token>`).",
    "status.pre": "Round {round}: choose an action",
    "status.reset": "Round {round}: discard in secret",
    "status.bid": "Auction: raise the bid or pass",
    "status.commit": "Battle: commit cards face down",
    "status.option": "Battle: pay for Hired Muscle or decline",
    "status.reroll": "Battle: reroll your dice or done",
    "status.lose": "Battle lost: choose the card you lose",
    "status.bribe": "A YCU token: bribe it or fight",
    "brief.leaders": "Pick the gang you will lead.",
    "brief.reset": (
        "Choose in secret the cards to discard before you draw up to your influence, then confirm; "
        "everybody's choice is revealed together."
    ),
    "brief.pre": (
        "Play cards from your hand, then declare one action: Recruit, Buy, Produce>>>Develop, Sell, Refresh "
        "or Move."
    ),
    "brief.recruit": "Choose a gang member of the row to recruit; the others may bid for it.",
    "brief.bid": (
        "Raise the bid, in steps of 100 ARC, or pass. The last bidder left recruits the card; a winner out of"
        " turn uses one of their turns."
    ),
    "brief.buy": "Buy a black market card and/or renown at 3000 ARC each.",
    "brief.buy_renown": "Buy renown at 3000 ARC each, up to your influence, or none.",
    "brief.produce": "Use the Produce ability of each development you control, then finish producing.",
    "brief.build": "Build a drafted development on spaces of its level, or build nothing.",
    "brief.sell": "Sell product tokens from developments you control, up to your influence, then confirm.",
    "brief.refresh": (
        "Discard any cards, then confirm: your discard pile goes under your draw pile and you draw up to your"
        " influence."
    ),
    "brief.move": (
        "Move figures up to 3 spaces each, or bring figures from your pool onto the city, as many as your "
        "influence; then stop. A figure entering an enemy space stops; battles follow."
    ),
    "brief.post": "Play more cards or end the turn.",
    "brief.effect": "Finish the card's effect: choose among the listed options.",
    "brief.commit": (
        "Commit cards face down to the battle, then confirm. Unit cards add their attack in your colour; "
        "Battle abilities work."
    ),
    "brief.option": "Hired Muscle: pay the card's price for its extra attack, or decline.",
    "brief.reroll": "Reroll some of your battle dice, then confirm.",
    "brief.lose": "Choose the gang member card you lose.",
    "brief.bribe": "Pay the YCU token's bribe to send it away, or fight it.",
    "brief.pick_token": "Choose the YCU token you fight next.",
    "ui.do.move": "Move a figure from {from} to {to}",
    "ui.do.reroll": "Reroll die {die}",
    "example": "enter C6 D6",  # a line of several actions for the help: notation, the same in every language
    "legend": (
        "Grid: two lines per space.\n"
        "  Top: s/m/h = Slums/Midtown/Heights; [S3] = a development (its id without DEV-;\n"
        "  :2 = product tokens on it); +R = the entry space of the gang with letter R;\n"
        "  ///////// = hazard, no figure may stand there.\n"
        "  Bottom: figures by gang letter and count (Y yellow, B blue, G green, R red:\n"
        "  R2 = two red figures); !T05 = the YCU token YCU-T05 (!x2 = two tokens).\n"
        "Gangs: ARC (money), renown (score), influence, cards in hand, turns used this\n"
        "  round; figures in the pool, the reserve and on the board; draw and discard\n"
        "  piles.\n"
        "Black market and developments show their cost in ARC (your discounts included);\n"
        "  YCU tokens read attack/bribe. A battle shows each side's committed cards (face\n"
        "  down until the reveal) and dice."),
    "option.leaders": "Gang leaders",
    "option.leaders.random": "dealt at random",
    "option.leaders.pick": "picked in d6 order",
}

TERMS = {
    "term.pool": "the pool",
    "term.draw": "draw pile",
    "term.discard": "discard pile",
    "term.a_card": "a card",
    "term.attacker": "attacker",
    "term.defender": "defender",
    "term.dev_discount": "development discount",
    "term.bm_discount": "black market discount",
    "term.extra_move": "extra figures to move",
    "term.move_range": "move range",
    "term.min_first_bid": "minimum first bid",
    "term.roll_first": "for the first player token",
    "term.roll_pick": "for the order of picking gang leaders",
    "action.recruit": "Recruit",
    "action.buy": "Buy",
    "action.produce": "Produce>>>Develop",
    "action.sell": "Sell",
    "action.refresh": "Refresh",
    "action.move": "Move",
    "alert.won": "won",
    "alert.lost": "lost",
    "term.type.member": "member",
    "term.type.leader": "leader",
    "term.type.ability": "ability",
    "term.type.blackmarket": "black market",
    "term.timing.Turn": "Turn",
    "term.timing.Battle": "Battle",
    "term.timing.Permanent": "Permanent",
}

# The terminal's text board (render.py): its words around the numbers, names and symbols it fills in.
BOARD: dict[str, Message] = {
    "board.title": "City of Remnants  round {round}  {phase}",
    "board.whose_turn": "({seat}'s turn)",
    "board.first": "first",
    "board.gang": "{seat} {gang}{first}: ARC {arc}  renown {renown}  influence {influence}  hand {hand}  "
                  "turns {turns}/4",
    "board.figures": "figures: pool {pool}, reserve {reserve}, board {board}   draw {draw}, discard {discard}",
    "board.tableau": "tableau {cards}",
    "board.gm_row": "Gang member row ({deck} in deck): {cards}",
    "board.bm_row": "Black market ({deck} in deck): {cards}",
    "board.devs": "Developments to build: {devs}",
    "board.ycu": "YCU: {tokens}   bag {bag}   renown supply {supply}",
    "board.auction": "Auction: {card}, put up by {declarer_seat}; high bid {high}; passed: {passed}; {next_seat} "
                     "bids next (at least {minimum})",
    "board.high_bid": "{amount} ARC by {seat}",
    "board.no_bid": "none",
    "board.token_unchosen": "a YCU token (to be chosen)",
    "board.face_down": plural("n", "{n} card face down", "{n} cards face down"),
    "board.no_cards": "no cards",
    "board.side": "{name}: {cards}",
    "board.side_dice": "{name}: {cards}, dice {dice}",
    "board.versus": "{one}  vs  {other}",
    "board.battle_on": "Battle on {space}: {sides}",
    "board.battle": "Battle: {sides}",
    "board.hand": "Your hand ({n}):",
    "board.attack": "atk {attack}",
    "board.card": "{card} ({kind}, {timing}): {text}",
    "board.set_aside": "set aside to discard: {cards}",
}

# The browser's renderer (web/renderer.js): its labels, hints and the words around the numbers it shows.
UI: dict[str, Message] = {
    "ui.play": "Play {card}",
    "ui.take": "Take {card}",
    "ui.discard": "Discard {card}",
    "ui.commit": "Commit {card}",
    "ui.build": "Build {dev} on {spaces}",
    "ui.use": "Produce with the development on {space}",
    "ui.sell": "Sell a product on {space}",
    "ui.enter": "A figure from your pool onto {space}",
    "ui.place": "Place a figure on {space}",
    "ui.leader": "Lead the {gang}",
    "ui.no_renown": "No renown",
    "ui.buy_renown": "Buy {amount} renown",
    "ui.fight_token": "Fight {token}",
    "ui.remove": "Send {token} back to the bag",
    "ui.coord": "Put {coord} back next",
    "ui.pile": "Search the {pile}",
    "ui.word.finish": "Finish producing",
    "ui.word.nobuild": "Build nothing",
    "ui.word.stop": "Stop moving",
    "ui.word.done": "Done",
    "ui.word.pass": "Pass",
    "ui.word.pay": "Pay for Hired Muscle",
    "ui.word.decline": "Decline",
    "ui.word.bribe": "Bribe",
    "ui.word.fight": "Fight",
    "ui.word.end": "End the turn",
    "ui.city": "The city: {size} by {size} spaces",
    "ui.space": "{space}: {level}",
    "ui.level.Slums": "Slums",
    "ui.level.Midtown": "Midtown",
    "ui.level.Heights": "Heights",
    "ui.level.hazard": "hazard",
    "ui.products": plural("n", "{n} product token", "{n} product tokens"),
    "ui.controlled": "controlled by {seat}",
    "ui.entry": "entry space of {seat}",
    "ui.figures": plural("n", "{n} figure of {seat} ({letter})", "{n} figures of {seat} ({letter})"),
    "ui.ycu_token": "YCU token {token} (attack {attack}, bribe {bribe})",
    "ui.battle_here": "battle here",
    "ui.move_from": "Move a figure from {space}",
    "ui.round": "Round {round}",
    "ui.whose_turn": "{seat}'s turn",
    "ui.moving": "moving a figure from {space}: click where it goes",
    "ui.auction": "Auction: {card}",
    "ui.put_up": "Put up by {seat}",
    "ui.high": "high bid {high}",
    "ui.high_bid": "{amount} ARC by {seat}",
    "ui.no_bid": "no bid yet",
    "ui.bids_next": "{seat} bids next (at least {minimum} ARC)",
    "ui.passed": "passed: {seats}",
    "ui.your_bid": "Your bid in ARC",
    "ui.arc": "{amount} ARC",
    "ui.bid": "Bid",
    "ui.bid_amount": "Bid {amount}",
    "ui.token": "YCU token {token}",
    "ui.a_token": "a YCU token",
    "ui.face_down": plural("n", "{n} card face down", "{n} cards face down"),
    "ui.no_cards": "no cards",
    "ui.die": "die {die} shows {value}",
    "ui.hired_muscle": "Hired Muscle",
    "ui.battle_on": "Battle on {space}",
    "ui.battle": "Battle",
    "ui.bribe": "bribe {amount} ARC",
    "ui.result": "Totals {one} against {other}: {winner} wins, {killed} killed",
    "ui.cancel": "Cancel",
    "ui.hint.spaces": "Click a highlighted space of the city.",
    "ui.hint.move": "Click a highlighted figure's space, then where it goes.",
    "ui.hint.cards": "Click a highlighted card.",
    "ui.hint.dice": "Click a die of yours to reroll it.",
    "ui.put_down": "Put the figure down",
    "ui.over": "The game is over.",
    "ui.not_your_move": "Not your move.",
    "ui.attack": "attack {attack}",
    "ui.set_aside": "set aside to discard",
    "ui.hand": "Your hand ({n})",
    "ui.left": "{n} left",
    "ui.renown": "{n} renown",
    "ui.gm_row": "Gang member row ({n} in the deck)",
    "ui.bm_row": "Black market ({n} in the deck)",
    "ui.devs": "Developments to build",
    "ui.supplies": "YCU bag: {bag} tokens · renown supply {renown} · product tokens {products}",
    "ui.first_player": "first player",
    "ui.numbers": "ARC {arc} · renown {renown} · influence {influence} · hand {hand} · turns {turns}/4",
    "ui.gang_figures": "figures: pool {pool}, reserve {reserve}, board {board} · draw {draw}, discard {discard}",
    "ui.tableau": "tableau: {cards}",
}


# Why a hint suggests its move (`heuristics.hint_reason`), shown after it: "Suggestion: … (why)".
HINTS: dict[str, Message] = {
    "hint.renown": "it scores {amount} renown now",
    "hint.award": "you would collect {award} renown each round",
    "hint.influence": "it raises your influence to {influence}",
    "hint.arc": "it gains {amount} ARC",
    "hint.figures": "it brings your figures on the board to {count}",
    "hint.cards": "it strengthens your hand",
    "hint.battle": "you would win the battle about {percent} times in 100",
    "hint.bid": "the card is worth more to you than {arc} ARC",
    "hint.declare": "of the actions open to you, this one promises the most this turn",
    "hint.attack": "it starts a battle you would win about {percent} times in 100",
    "hint.end_turn": "nothing left this turn is worth more than ending it",
    "hint.stop": "nothing more of this step is worth doing",
    "hint.best": "no other move does more for you now",
}


def catalogue(comp: Components) -> dict[str, Message]:
    """Every message of the game, with the terms taken from the components file."""
    out: dict[str, Message] = {**EVENTS, **PHASES, **TERMS, **BOARD, **UI, **HINTS}
    out["description"] = DESCRIPTION  # the lobby's words on the game, the spec's description
    for card in comp.cards:
        out[f"card.{card.id}"] = card.name
        out[f"power.{card.id}"] = card.text  # what the card does, as its data entry words it
    for dev in comp.devs:
        out[f"dev.{dev.id}"] = dev.name
        out[f"power.{dev.id}"] = dev.text
    for tok in comp.tokens:
        out[f"token.{tok.id}"] = f"{tok.id} ({tok.attack}/{tok.bribe})"
    for coord in comp.coords:
        out[f"coord.{coord.id}"] = coord.id
    for gang in comp.gangs:
        out[f"gang.{gang.key}"] = f"{gang.species} ({gang.colour})"
        out[f"species.{gang.key}"] = gang.species
    for row in comp.alert:
        out[f"alert.{row.roll}.won"] = row.won_text
        out[f"alert.{row.roll}.lost"] = row.lost_text
    return out
