"""Payments against an independent brute force (BMC-5.2, BMC-5.6 .. BMC-5.8): what is listed can be paid,
what can be paid is listed, and every listed step leads to a finished payment."""

from __future__ import annotations

from itertools import product

import meeple
from meeple.engine.rng import Stream

from .helpers import legal, scenario

PEOPLES = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
COLOUR_OF = dict(zip(PEOPLES, range(8), strict=True))
DECK = [f"{p}{v}" for p in PEOPLES if p != "khind" for v, n in ((1, 3), (2, 3), (3, 4)) for _ in range(n)]
DECK += ["khind1"] * 10
# square of the CITY layout -> box colour (people index) for single-colour tiles with boxes 4 or 5, 3, 2
TILES = {"c4": 1, "c2": 0, "b3": 2, "e2": 3, "b4": 5, "e4": 6, "b5": 7}
BOXES = {"c4": (5, 4, 3), "c2": (5, 4, 3), "b3": (5, 4, 3), "e2": (4, 3, 2), "b4": (4, 3, 2), "e4": (4, 3, 2),
         "b5": (4, 3, 2)}


def best_value(cards: list[str], colour: int) -> int:
    """The most a hand can pay into a box of `colour`, by trying every role of every Lux card."""
    lux = [c for c in cards if c in ("lux1", "lux2")]
    others = [c for c in cards if c not in ("lux1", "lux2")]
    best = 0
    for roles in product([None, *range(8)], repeat=len(lux)):
        if any(r is not None and (r == colour or r == 4) for r in roles):
            continue
        caps = [0] * 8
        values = list(others)
        for card, role in zip(lux, roles, strict=True):
            if role is None:
                values.append(card)
            else:
                caps[role] += 4 if card == "lux1" else 1
        best = max(best, _value(values, caps, colour))
    return best


def _value(cards: list[str], caps: list[int], colour: int) -> int:
    by_colour: dict[int, list[int]] = {}
    total = 0
    for card in cards:
        people, value = COLOUR_OF[card[:-1]], int(card[-1])
        if people == 4 or people == colour:
            total += value
        else:
            by_colour.setdefault(people, []).append(value)
    if colour == 5:  # brown box: two Mimix 1 are better as a wild 3
        total += sum(1 for c in cards if c == "mimix1") // 2
    for people, values in by_colour.items():
        values.sort(reverse=True)
        if people != 5:
            total += sum(values[: caps[people]])
            continue
        best = 0  # Mimix: recolour some (the best), pair the low ones left over
        for recoloured in range(min(caps[5], len(values)) + 1):
            for chosen in _subsets(values, recoloured):
                rest = list(values)
                for v in chosen:
                    rest.remove(v)
                lows = [v for v in rest if v <= 2]
                best = max(best, sum(chosen) + 3 * (len(lows) // 2))
        total += best
    return total


def _subsets(values: list[int], k: int) -> list[list[int]]:
    if k == 0:
        return [[]]
    out = []
    for i, v in enumerate(values):
        out += [[v, *rest] for rest in _subsets(values[i + 1 :], k - 1)]
    return out


def finish(game: meeple.Game, stream: Stream) -> None:
    """Follow random listed payment steps; there must always be one, and `done` must come."""
    for _ in range(20):
        actions = legal(game)
        assert actions, "a payment with no listed step"
        if game.view(None)["phase"] != "payment":
            return
        game.apply(0, stream.choice(actions))
    raise AssertionError("the payment did not finish")


def test_listed_contributions_match_a_brute_force() -> None:
    stream = Stream(2024, 5)
    checked = 0
    for _ in range(120):
        square = stream.choice(sorted(TILES))
        deck = list(DECK)
        stream.shuffle(deck)
        hand = deck[: 3 + stream.below(5)]
        game = scenario(figures=[square, "c3"], hands=[hand, []], turn={"active": 0, "phase": "contribution"})
        listed = {int(a.split()[1]) for a in legal(game) if a.startswith("contribute")}
        best = best_value(hand, TILES[square])
        expected = {i + 1 for i, need in enumerate(BOXES[square]) if best >= need}
        assert listed == expected, (square, hand, best)
        for box in sorted(listed):
            for _ in range(2):
                walk = game.copy()
                walk.apply(0, f"contribute {box}")
                finish(walk, stream)
                assert walk.view(None)["seats"][0]["markers"] == 9
                checked += 1
    assert checked > 50
