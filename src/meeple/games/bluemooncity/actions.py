"""The fixed catalogue of Blue Moon City actions: canonical text, structure and stable integer index.

Notation (one small decision per action):
  step c2             move the own figure one square          venti1 e5    Venti 1: fly anywhere
  venti2              Venti 2: two more steps                 vulca1 b4    Vulca 1: red dragon to b4
  vulca1 off          red dragon out of the city              vulca2 b4    Vulca 2: up to 3 steps
  (terrah: green dragon, aqua: blue dragon)
  contribute 2        start paying box 2 (boxes count from the leftmost)
  contribute 1 red    Royal Palace: pay box 1 in red (or `wild`: wild cards only)
  lux1 grey           Lux 1: up to 4 grey cards count in the box's colour   lux2 grey   one card
  pay terrah3         add a card to the payment               done         finish the payment
  offer               offering on the obelisk                 pillar1      Pillar 1: one more offering
  end                 end the movement or contribution phase
  mainhall d4 | hospital | goldentemple | skip                expansion extra actions
  refill | refill vulca3 | refill vulca3 terrah1              discard 0-2 cards and draw
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine.rules import ActionTable

from .payments import CARD_TYPES, KHIND, LUX1, LUX2, PILLAR1, PILLAR2, WILD
from .state import NSQ, square_name

PEOPLE_IDS = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
COLOUR_IDS = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow", "wild")
DRAGON_PEOPLE = (0, 1, 2)  # vulca moves the red dragon, terrah the green, aqua the blue
DRAGON_NAMES = ("red", "green", "blue")

STEP, VENTI1, VENTI2, DRAGON1, DRAGON2, END, CONTRIB, PAY, LUX, DONE = range(10)
OFFER, PILLAR, MAINHALL, HOSPITAL, GOLDEN, SKIP, REFILL = range(10, 17)

PAY_COLOURS = (0, 1, 2, 3, 5, 6, 7, WILD)  # colours a Royal Palace box may be paid in


class Act(NamedTuple):
    """An action's structure: its kind and the fields that kind names (-1 where it names none)."""

    kind: int
    square: int = -1  # where a figure, a dragon or the Main Hall's move goes (a dragon's -1: out of the city)
    dragon: int = -1  # which dragon moves (DRAGON_NAMES)
    box: int = -1  # the box a contribution starts paying, counted from the leftmost
    colour: int = -1  # the colour a Royal Palace box or a Lux card pays in
    card: int = -1  # the card paid, played (Lux, Pillar) or thrown away first in a refill
    second: int = -1  # the second card thrown away in a refill


def card_id(t: int) -> str:
    return f"{PEOPLE_IDS[t // 3]}{t % 3 + 1}"


def _catalogue() -> list[tuple[str, Act]]:
    out: list[tuple[str, Act]] = []
    squares = [square_name(s) for s in range(NSQ)]
    out += [(f"step {n}", Act(STEP, square=s)) for s, n in enumerate(squares)]
    out += [(f"venti1 {n}", Act(VENTI1, square=s)) for s, n in enumerate(squares)]
    out.append(("venti2", Act(VENTI2)))
    for d, p in enumerate(DRAGON_PEOPLE):
        name = PEOPLE_IDS[p]
        out += [(f"{name}1 {n}", Act(DRAGON1, dragon=d, square=s)) for s, n in enumerate(squares)]
        out.append((f"{name}1 off", Act(DRAGON1, dragon=d)))
        out += [(f"{name}2 {n}", Act(DRAGON2, dragon=d, square=s)) for s, n in enumerate(squares)]
    out.append(("end", Act(END)))
    for slot in range(4):
        out.append((f"contribute {slot + 1}", Act(CONTRIB, box=slot)))
        out += [(f"contribute {slot + 1} {COLOUR_IDS[c]}", Act(CONTRIB, box=slot, colour=c)) for c in PAY_COLOURS]
    out += [(f"pay {card_id(t)}", Act(PAY, card=t)) for t in CARD_TYPES]
    for lux in (LUX1, LUX2):
        out += [(f"{card_id(lux)} {COLOUR_IDS[c]}", Act(LUX, card=lux, colour=c)) for c in range(8) if c != KHIND]
    out.append(("done", Act(DONE)))
    out.append(("offer", Act(OFFER)))
    out += [("pillar1", Act(PILLAR, card=PILLAR1)), ("pillar2", Act(PILLAR, card=PILLAR2))]
    out += [(f"mainhall {n}", Act(MAINHALL, square=s)) for s, n in enumerate(squares)]
    out += [("hospital", Act(HOSPITAL)), ("goldentemple", Act(GOLDEN)), ("skip", Act(SKIP))]
    out.append(("refill", Act(REFILL)))
    for i, t in enumerate(CARD_TYPES):
        out.append((f"refill {card_id(t)}", Act(REFILL, card=t)))
        out += [(f"refill {card_id(t)} {card_id(u)}", Act(REFILL, card=t, second=u)) for u in CARD_TYPES[i:]]
    return out


_CAT = _catalogue()
TABLE = ActionTable([text for text, _ in _CAT])
ACTS: tuple[Act, ...] = tuple(act for _, act in _CAT)
INDEX: dict[Act, int] = {act: i for i, act in enumerate(ACTS)}
