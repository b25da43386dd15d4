"""What the terminal says when a player types `help`: the choices of the current phase, in plain words."""

from __future__ import annotations

from collections import defaultdict

COMMANDS = (
    "Type the number of an action, or the action itself (e.g. `step c2`). Other commands:\n"
    "  help           this text        board   show the city again     actions  list the actions again\n"
    "  log [N]        last N log lines  save [FILE]  save the game       quit     save and leave"
)

# Per game and phase (the `phase` of the game's view): what the actions of that phase do.
PHASE_HELP: dict[str, dict[str, str]] = {
    "bluemooncity": {
        "movement": (
            "Movement: take up to your steps left, one orthogonal square at a time (`step c2`). Cards:\n"
            "  venti1 SQ   fly your figure to any tile          venti2      two more steps\n"
            "  vulca1 SQ   red dragon to any tile (or `off`)    vulca2 SQ   red dragon up to 3 steps\n"
            "  terrah1/terrah2 move the green dragon, aqua1/aqua2 the blue one, the same way.\n"
            "You may also start contributing here at once (`contribute N`, `offer`), or `end` the movement."
        ),
        "contribution": (
            "Contribution: on an unfinished building, `contribute N` pays box N (counted from the left;\n"
            "Royal Palace: `contribute N red`, or `wild`) and opens a payment. On the Courtyard, `offer`\n"
            "pays crystals for an offering on the obelisk; `pillar1`/`pillar2` add one more after it.\n"
            "Dragons on the tile give a golden scale each for your first contribution of the turn.\n"
            "`end` finishes the phase."
        ),
        "payment": (
            "Payment: add cards one by one (`pay terrah3`). Khind cards are wild 1, two Mimix 1/2 cards are\n"
            "a wild 3, `lux1 COLOUR` lets up to 4 cards of that colour count (`lux2 COLOUR`: one card).\n"
            "`done` places your marker once the cards pay the box. Only useful cards are listed."
        ),
        "extra action": (
            "Extra action of the special building you stand on: `mainhall SQ` (move to any tile),\n"
            "`hospital` (draw 2 cards), `goldentemple` (one offering), or `skip`."
        ),
        "refill": (
            "Refill: `refill` draws 2 cards; `refill CARD` discards one card and draws 3;\n"
            "`refill CARD CARD` discards two and draws 4. Reward cards you received join your hand now."
        ),
    },
}


def phase_help(game_id: str, phase: str | None, legal: list[str]) -> str:
    """Help for the current phase, followed by the kinds of action legal right now."""
    text = PHASE_HELP.get(game_id, {}).get(phase or "", "")
    kinds: dict[str, int] = defaultdict(int)
    for action in legal:
        kinds[action.split()[0]] += 1
    listing = ", ".join(f"{k} ({n})" if n > 1 else k for k, n in kinds.items())
    return "\n".join(part for part in (text, f"Legal now: {listing}", COMMANDS) if part)
