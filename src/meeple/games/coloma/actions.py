"""The fixed catalogue of Coloma actions: canonical texts, their structure and stable integer indices.

Notation (one small decision per action; `common` / `boom` name the section of the wheel used):
  return 3 top | return 3 bottom   put the 3rd card of your hand (in the order you got them) on the deck
  dial 4                           set your dial (secret until all are revealed)
  exchange 2                       Assay Day: return 2 Gold to the Gold Cart for VP
  sutter common                    Sutter's Mill (Site 1)
  survey 3 common | bridge b 1 boom   Site 2: survey river column 3 / bridge type B on column 1
  build c09 common | hotel c08 boom   Site 3: build a Town Building / a Hotel on your C08
  wagon common  then  move aub, stop, stop alt    Site 4: a Wagon action, space by space
  deputise 2 | camp l11            Site 5: gunmen to the Shootout / a Camp on Frontier Land L11
  trade  then  buy horse, done     the Barker's Trade;   barrel 2   take the face-up Barrel of space 2
  ability c01 | foundry c04 | use oats   Town Building, Foundry on C04, a fresh Barrel
  end                              end your turn
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine.rules import ActionTable

from .data import Components

(RETURN, EXCHANGE, DIAL, SUTTER, SURVEY, BRIDGE, BUILD, HOTEL, WAGON, DEPUTISE, CAMP, TRADE, BUY, DONE, BARREL,
 ABILITY, FOUNDRY, USE, MOVE, STOP, STOP_ALT, END) = range(22)
SECTIONS = ("common", "boom")
HAND_SLOTS = 16


class Act(NamedTuple):
    """An action's structure: its kind and the fields that kind names (-1 where it names none)."""

    kind: int
    slot: int = -1  # the place of a returned card in the hand, in the order it was received
    bottom: int = -1  # 1: the returned card goes to the bottom of the deck, 0: on top
    amount: int = -1  # the Gold exchanged at an Assay Day, the Dudes deputised
    site: int = -1  # the Site a dial is set to (1-5)
    section: int = -1  # the section of the wheel used (SECTIONS)
    column: int = -1  # the river column surveyed or bridged
    bridge: int = -1  # the Bridge type built
    card: int = -1  # the card built, covered by a Hotel, or whose ability is used
    land: int = -1  # the Frontier Land camped on
    price: int = -1  # what the Barker's Trade buys
    barrel_space: int = -1  # the space of the face-up Barrel taken
    barrel: int = -1  # the kind of fresh Barrel used
    space: int = -1  # the space the Wagon moves to


def build_table(comp: Components) -> tuple[ActionTable, tuple[Act, ...], dict[Act, int]]:
    """The action catalogue for one data file (ids of cards, spaces, Lands, Barrels and Bridges name actions)."""
    out: list[tuple[str, Act]] = []
    for slot in range(HAND_SLOTS):
        out += [(f"return {slot + 1} top", Act(RETURN, slot=slot, bottom=0)),
                (f"return {slot + 1} bottom", Act(RETURN, slot=slot, bottom=1))]
    per_site = max(sum(1 for land in comp.lands if land.site == site) for site in range(1, 6))
    most = max((e.effect.exchange[0] for e in comp.events if e.effect.exchange), default=0) * (1 + per_site)
    out += [(f"exchange {n}", Act(EXCHANGE, amount=n)) for n in range(most + 1)]
    out += [(f"dial {n}", Act(DIAL, site=n)) for n in range(1, 6)]
    for sec, name in enumerate(SECTIONS):
        out.append((f"sutter {name}", Act(SUTTER, section=sec)))
        out += [(f"survey {col + 1} {name}", Act(SURVEY, column=col, section=sec)) for col in range(4)]
        for b in comp.bridges:
            out += [(f"bridge {b.id.lower()} {col + 1} {name}", Act(BRIDGE, bridge=b.index, column=col, section=sec))
                    for col in range(4)]
        out += [(f"build {c.id.lower()} {name}", Act(BUILD, card=c.index, section=sec)) for c in comp.cards]
        out += [(f"hotel {c.id.lower()} {name}", Act(HOTEL, card=c.index, section=sec)) for c in comp.cards]
        out.append((f"wagon {name}", Act(WAGON, section=sec)))
    out += [(f"deputise {k}", Act(DEPUTISE, amount=k)) for k in range(1, comp.params["deputise_max"] + 1)]
    out += [(f"camp {land.id.lower()}", Act(CAMP, land=land.index)) for land in comp.lands]
    out.append(("trade", Act(TRADE)))
    out += [(f"buy {p.id.lower()}", Act(BUY, price=p.index)) for p in comp.prices]
    out.append(("done", Act(DONE)))
    out += [(f"barrel {i + 1}", Act(BARREL, barrel_space=i)) for i in range(max(comp.params["barrel_spaces"].values()))]
    out += [(f"ability {c.id.lower()}", Act(ABILITY, card=c.index)) for c in comp.cards]
    out += [(f"foundry {c.id.lower()}", Act(FOUNDRY, card=c.index)) for c in comp.cards]
    out += [(f"use {b.id.lower()}", Act(USE, barrel=b.index)) for b in comp.barrels]
    out += [(f"move {s.id.lower()}", Act(MOVE, space=s.index)) for s in comp.spaces]
    out += [("stop", Act(STOP)), ("stop alt", Act(STOP_ALT)), ("end", Act(END))]
    acts = tuple(a for _, a in out)
    return ActionTable([t for t, _ in out]), acts, {a: i for i, a in enumerate(acts)}
