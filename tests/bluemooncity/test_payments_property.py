"""Property tests of paying a box (BMC-5.2, BMC-5.5-5.8) against an oracle written from the rules text.

The oracle in this file is derived from the rules text only (it does not use `payments.py`):

* BMC-5.2 cards of the box's colour count their value; the payment must reach the box's number; overpaying is allowed;
  a card that cannot count in the box is no part of a payment.
* BMC-5.5 a Royal Palace box takes any colour, one colour per box; declared `wild`, it takes wild cards only.
* BMC-5.6 every Khind card is a wild 1.
* BMC-5.7 two Mimix cards of value 1 or 2 together are a wild 3; a Mimix card may also count as a brown card.
* BMC-5.8 Lux 1 makes up to 4 cards of one colour count as another colour, Lux 2 one card; the Lux card is discarded
  for its power (BMC-3.3: a card serves for its value or its power, never both; value-3 cards have no power).

Positions are built with `meeple.scenario`; the box numbers 1-5 come from a copy of the components file in which
every box shows that number (the documented way to correct a value, `data=PATH`).
"""

from __future__ import annotations

import functools
import itertools
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

import meeple
from meeple import Game, IllegalAction
from meeple.games.bluemooncity.data import DEFAULT_DATA

PEOPLE = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
COLOURS = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow")  # people i has colour i (BMC-1.2)
KHIND, MIMIX = 4, 5
CARDS = tuple(f"{p}{v}" for i, p in enumerate(PEOPLE) for v in ((1,) if i == KHIND else (1, 2, 3)))
COPIES = {c: 10 if c == "khind1" else (3 if c[-1] in "12" else 4) for c in CARDS}  # BMC-1.3
LUX_POWER = {"lux1": 4, "lux2": 1}  # cards recoloured by one Lux power (BMC-5.8)
POWER_COLOURS = tuple(c for c in COLOURS if c != "green")  # Khind cards are wild already
BOX_TILES = {  # a tile with several boxes of one colour, so that paying one box does not complete it
    "black": "iron-foundry", "red": "mill", "blue": "thermae", "grey": "watchtower", "brown": "city-residence",
    "white": "library", "yellow": "market-hall", "palace": "royal-palace",
}
PALACE_COLOURS = (*POWER_COLOURS, "wild")
SPECIAL = ("khind1", "mimix1", "mimix2", "mimix3", "lux1", "lux2")

Cards = Counter[str]
Powers = Counter[tuple[str, str]]
Payment = tuple[tuple[str, ...], tuple[tuple[str, str], ...]]

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- the oracle (from the rules text)
def colour_of(card: str) -> str:
    return COLOURS[PEOPLE.index(card[:-1])]


def worth(cards: Cards, powers: Powers, colour: str) -> int | None:
    """What the cards pay into a box of `colour` ("wild": Palace, wild cards only), None if some card cannot count."""
    caps: Counter[str] = Counter()
    for (lux, source), n in powers.items():
        if colour == "wild" or source == colour:
            return None  # Lux turns one colour into another one: nothing to turn in a wild-only box (BMC-5.8)
        caps[source] += n * LUX_POWER[lux]
    total = 0
    low = {1: 0, 2: 0}  # Mimix cards that may pair up (BMC-5.7)
    recoloured: Counter[str] = Counter()
    for card, n in cards.items():
        value, c = int(card[-1]), colour_of(card)
        if c == "green":
            total += n  # BMC-5.6
        elif c == "brown" and value <= 2:
            low[value] += n
        elif c == colour:
            total += value * n
        elif colour == "wild":
            return None
        else:
            recoloured[c] += n
            total += value * n
    if any(n > caps[c] for c, n in recoloured.items()):
        return None
    best = _mimix_worth(low, colour, caps["brown"] - recoloured["brown"])
    return None if best is None else total + best


def _mimix_worth(low: dict[int, int], colour: str, spare_brown: int) -> int | None:
    """Best value of Mimix 1s and 2s: any two of them pair as a wild 3, the others count as brown cards."""
    best = None
    for ones, twos in itertools.product(range(low[1] + 1), range(low[2] + 1)):  # cards put into pairs
        if (ones + twos) % 2:
            continue
        alone = low[1] - ones + low[2] - twos
        if colour != "brown" and alone > (0 if colour == "wild" else spare_brown):
            continue
        value = 3 * (ones + twos) // 2 + (low[1] - ones) + 2 * (low[2] - twos)
        best = value if best is None else max(best, value)
    return best


def available(hand: Cards, cards: Cards, powers: Powers) -> bool:
    """Every card comes from the hand, and serves either for its value or for its power (BMC-3.3)."""
    used = Counter(cards)
    for (lux, _), n in powers.items():
        used[lux] += n
    return all(n <= hand[c] for c, n in used.items()) and all(lux in LUX_POWER for lux, _ in powers)


def pays(hand: Cards, cards: Cards, powers: Powers, colour: str, need: int) -> bool:
    if not available(hand, cards, powers):
        return False
    value = worth(cards, powers, colour)
    return value is not None and value >= need


def parts(cards: Cards, powers: Powers) -> Iterator[tuple[Cards, Powers]]:
    """Every proper part of a payment: some of its cards and some of its Lux powers, not all of them."""
    card_kinds, power_kinds = sorted(cards), sorted(powers)
    card_ranges = [range(cards[c] + 1) for c in card_kinds]
    power_ranges = [range(powers[p] + 1) for p in power_kinds]
    for counts in itertools.product(*card_ranges, *power_ranges):
        some_cards = Counter(dict(zip(card_kinds, counts[: len(card_kinds)], strict=True)))
        some_powers = Counter(dict(zip(power_kinds, counts[len(card_kinds):], strict=True)))
        if +some_cards != cards or +some_powers != powers:
            yield +some_cards, +some_powers


def is_minimal(cards: Cards, powers: Powers, colour: str, need: int) -> bool:
    """A useful payment: it pays, and no part of it (fewer cards or fewer Lux powers) still pays.

    Leaving out one card at a time is not enough: of two Mimix pairs, no single card can go, but a whole pair can.
    """
    value = worth(cards, powers, colour)
    if value is None or value < need:
        return False
    return all((worth(c, p, colour) or 0) < need for c, p in parts(cards, powers))


def minimal_payments(hand: Cards, colour: str, need: int) -> set[Payment]:
    """Every useful payment from a hand, by brute force over its sub-multisets and Lux powers.

    Candidates go smallest first, so a paying one is useful exactly when no useful one found so far is part of it.
    """
    kinds = sorted(hand)
    candidates = []
    for counts in itertools.product(*(range(hand[c] + 1) for c in kinds)):
        cards = Counter({c: n for c, n in zip(kinds, counts, strict=True) if n})
        for powers in _power_choices(hand, cards, colour):
            value = worth(cards, powers, colour)
            if value is not None and value >= need:
                candidates.append((cards.total() + powers.total(), cards, powers))
    useful: list[tuple[Cards, Powers]] = []
    for _, cards, powers in sorted(candidates, key=lambda c: c[0]):
        if not any(c <= cards and p <= powers for c, p in useful):
            useful.append((cards, powers))
    return {as_payment(c, p) for c, p in useful}


def _power_choices(hand: Cards, cards: Cards, colour: str) -> Iterator[Powers]:
    """Lux powers worth trying: only colours of the chosen cards that need recolouring."""
    yield Counter()
    if colour == "wild":
        return
    targets = sorted({colour_of(c) for c in cards} - {colour, "green"})
    if not targets:
        return
    spare = {lux: hand[lux] - cards[lux] for lux in LUX_POWER}
    options = [(lux, t) for lux in LUX_POWER for t in targets]
    for size in range(1, spare["lux1"] + spare["lux2"] + 1):
        for combo in itertools.combinations_with_replacement(options, size):
            powers = Counter(combo)
            if all(sum(n for (lux, _), n in powers.items() if lux == k) <= spare[k] for k in LUX_POWER):
                yield powers


def as_payment(cards: Cards, powers: Powers) -> Payment:
    return tuple(sorted(cards.elements())), tuple(sorted(powers.elements()))


# ---------------------------------------------------------------- positions and the game's side
_DATA_DIR = tempfile.TemporaryDirectory(prefix="meeple-boxes-")


@functools.cache
def data_with_boxes(number: int) -> str:
    """A copy of the components file in which every box shows `number`."""
    def same_number(match: re.Match[str]) -> str:
        count = len([b for b in match.group(1).split(",") if b.strip()])
        return "boxes = [" + ", ".join([str(number)] * count) + "]"

    text = re.sub(r"^boxes = \[([^\]]*)\]", same_number, DEFAULT_DATA.read_text(encoding="utf-8"), flags=re.M)
    path = Path(_DATA_DIR.name) / f"boxes-{number}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def position(box: str, number: int, hand: Cards, seed: int = 1) -> Game:
    """Seat 0 on a tile whose first box is `box`-coloured and shows `number`, in its contribution phase."""
    description = {
        "players": 2, "seed": seed, "options": {"expansion": True},
        "figures": [BOX_TILES[box], "courtyard"],
        "hands": [sorted(hand.elements()), None],
        "turn": {"active": 0, "phase": "contribution"},
    }
    return meeple.scenario("bluemooncity", description, data=data_with_boxes(number))


def opening(box: str, palace_colour: str) -> str:
    return f"contribute 1 {palace_colour}" if box == "palace" else "contribute 1"


def pay_colour(box: str, palace_colour: str) -> str:
    return palace_colour if box == "palace" else box


def pay_through_game(game: Game, steps: list[str]) -> bool:
    """Apply the steps of a payment; on the first refusal check that it changed nothing and report False."""
    for text in steps:
        before = game.rules.to_data(game.state)
        try:
            game.apply(0, text)
        except IllegalAction:
            assert game.rules.to_data(game.state) == before, f"the refused step {text!r} changed the game"
            return False
    return True


def payment_in_view(game: Game) -> tuple[Payment, str]:
    """The open payment as shown to the payer, and the colour it is paid in."""
    shown = game.view(0)["payment"]
    cards = Counter(shown["cards"])
    powers = Counter((p["card"], p["colour"]) for p in shown["lux"])
    return as_payment(cards, powers), shown["colour"]


# ---------------------------------------------------------------- strategies
boxes = st.sampled_from(sorted(BOX_TILES))
numbers = st.integers(1, 5)


@st.composite
def hands(draw: st.DrawFn, box: str, max_size: int = 10) -> Cards:
    """A hand biased towards cards that can pay: the box's people, Khind, Mimix and Lux."""
    own = [c for c in CARDS if colour_of(c) == box] or list(CARDS)
    pool = st.one_of(st.sampled_from(CARDS), st.sampled_from(SPECIAL), st.sampled_from(own))
    hand = Counter(draw(st.lists(pool, min_size=3, max_size=max_size)))
    return Counter({c: min(n, COPIES[c]) for c, n in hand.items()})


@st.composite
def candidates(draw: st.DrawFn, hand: Cards, colour: str, need: int) -> tuple[Cards, Powers]:
    """Either a useful payment with perhaps something added (overpaying or spoiling it), or any cards and powers."""
    useful = sorted(minimal_payments(hand, colour, need)) if hand.total() <= 8 else []
    from_useful = draw(st.integers(0, 3)) > 0
    if useful and from_useful:
        chosen, chosen_powers = draw(st.sampled_from(useful))
        cards, powers = Counter(chosen), Counter(chosen_powers)
        rest = hand - cards - Counter(lux for lux, _ in powers.elements())
        add_card = draw(st.booleans())
        if rest and add_card:
            cards[draw(st.sampled_from(sorted(rest)))] += 1
        if draw(st.integers(0, 4)) == 0:
            powers[(draw(st.sampled_from(sorted(LUX_POWER))), draw(st.sampled_from(POWER_COLOURS)))] += 1
        return cards, powers
    cards = Counter({c: draw(st.integers(0, n)) for c, n in sorted(hand.items())})
    if draw(st.integers(0, 9)) == 0:
        cards[draw(st.sampled_from(CARDS))] += 1
    powers = Counter(draw(st.lists(st.tuples(st.sampled_from(sorted(LUX_POWER)), st.sampled_from(POWER_COLOURS)),
                                   max_size=3)))
    return +cards, powers


# ---------------------------------------------------------------- properties
@SETTINGS
@given(box=boxes, number=numbers, palace_colour=st.sampled_from(PALACE_COLOURS), data=st.data())
def test_payment_is_accepted_exactly_when_it_pays(box: str, number: int, palace_colour: str, data: Any) -> None:
    """BMC-5.2, BMC-5.5-5.8: open the box, play the Lux powers, pay each card, `done`: accepted iff the oracle pays."""
    hand = data.draw(hands(box))
    colour = pay_colour(box, palace_colour)
    cards, powers = data.draw(candidates(hand, colour, number))
    expected = pays(hand, cards, powers, colour, number)
    event("pays" if expected else "does not pay")
    event(f"with {sum(powers.values())} Lux power(s)")
    game = position(box, number, hand)
    start = game.rules.to_data(game.state)
    power_steps = [f"{lux} {c}" for lux, c in data.draw(st.permutations(sorted(powers.elements())))]
    card_steps = [f"pay {c}" for c in data.draw(st.permutations(sorted(cards.elements())))]
    accepted = pay_through_game(game, [opening(box, palace_colour), *power_steps, *card_steps, "done"])
    assert accepted == expected, (f"{box} box {number}, hand {sorted(hand.elements())}: paying "
                                  f"{sorted(cards.elements())} with powers {sorted(powers.elements())} was "
                                  f"{'accepted' if accepted else 'refused'}")
    if accepted:
        check_paid(game, start, hand, cards, powers)


def check_paid(game: Game, start: dict[str, Any], hand: Cards, cards: Cards, powers: Powers) -> None:
    """The paid cards and the Lux cards played leave the hand for the discard pile; one marker is placed."""
    view = game.view(0)
    spent = cards + Counter(lux for lux, _ in powers.elements())
    assert Counter(view["hand"]) == hand - spent
    assert Counter(view["discard"][-sum(spent.values()):]) == spent
    assert view["seats"][0]["markers"] == 10 - 1
    boxes_now = [b for tile in view["city"] if tile["tile"] in BOX_TILES.values() for b in tile["boxes"]]
    assert [b["owner"] for b in boxes_now].count(0) == 1
    assert game.rules.to_data(game.state)["pay_box"] == -1 and start["pay_box"] == -1


@SETTINGS
@given(box=boxes, number=numbers, data=st.data())
def test_every_listed_path_ends_in_a_minimal_payment(box: str, number: int, data: Any) -> None:
    """Following `legal_actions` after `contribute` always ends in a useful payment: no card or power to spare."""
    hand = data.draw(hands(box, max_size=9))
    game = position(box, number, hand)
    openings = [t for t in game.legal_actions(0) if t == "contribute 1" or t.startswith("contribute 1 ")]
    assume(openings)
    text = data.draw(st.sampled_from(openings))
    game.apply(0, text)
    for _ in range(40):
        listed = game.legal_actions(0)
        assert listed, "an open payment with no listed step"
        choice = data.draw(st.sampled_from(listed))
        if choice == "done":
            (cards, powers), colour = payment_in_view(game)
            assert is_minimal(Counter(cards), Counter(powers), colour, number), (
                f"listed path ends in {cards} {powers} for a {colour} box {number}: not minimal")
            assert listed == ["done"], f"a paying selection still lists more steps: {listed}"
            game.apply(0, choice)
            return
        game.apply(0, choice)
    raise AssertionError("the listed steps never reach `done`")


def reachable_payments(game: Game, opening_text: str) -> set[Payment]:
    """Every payment at which `done` is listed, exploring all listed steps from an opened box."""
    rules = game.rules
    start = rules.copy(game.state)
    rules.apply(start, 0, rules.actions.parse(opening_text))
    done = rules.actions.parse("done")
    seen: set[tuple[int, ...]] = set()
    ends: set[Payment] = set()
    todo = [start]
    while todo:
        state = todo.pop()
        key = (*state.pay_cards, *state.pay_lux)
        if key in seen:
            continue
        seen.add(key)
        listed = rules.legal(state, 0)
        assert listed, "an open payment with no listed step"
        for idx in listed:
            if idx == done:
                ends.add(_payment_of(state))
                continue
            nxt = rules.copy(state)
            rules.apply(nxt, 0, idx)
            todo.append(nxt)
    return ends


def _payment_of(state: Any) -> Payment:
    cards = Counter({f"{PEOPLE[t // 3]}{t % 3 + 1}": n for t, n in enumerate(state.pay_cards) if n})
    powers: Powers = Counter()
    for c in range(8):
        powers[("lux1", COLOURS[c])] += state.pay_lux[c]
        powers[("lux2", COLOURS[c])] += state.pay_lux[8 + c]
    return as_payment(cards, +powers)


@settings(SETTINGS, max_examples=80)
@given(box=boxes, number=numbers, data=st.data())
def test_every_minimal_payment_is_reachable_by_listed_steps(box: str, number: int, data: Any) -> None:
    """BMC-5.1/5.2: a box is offered exactly when the hand can pay it, and every useful payment can be built."""
    hand = data.draw(hands(box, max_size=8))
    colours = PALACE_COLOURS if box == "palace" else (box,)
    game = position(box, number, hand)
    expected = set().union(*(minimal_payments(hand, c, number) for c in colours))
    openings = [t for t in game.legal_actions(0) if t == "contribute 1" or t.startswith("contribute 1 ")]
    assert bool(openings) == bool(expected), f"hand {sorted(hand.elements())}: openings {openings}, oracle {expected}"
    reached: set[Payment] = set()
    for text in openings:
        reached |= reachable_payments(game, text)
    assert reached == expected, (f"{box} box {number}, hand {sorted(hand.elements())}: "
                                 f"missing {sorted(expected - reached)}, extra {sorted(reached - expected)}")


PAYMENT_STEPS = (*(f"pay {c}" for c in CARDS), *(f"{lux} {c}" for lux in LUX_POWER for c in POWER_COLOURS), "done")


@SETTINGS
@example(box="brown", number=4, hand=Counter({"vulca3": 1, "terrah2": 1, "khind1": 1, "lux1": 1, "lux2": 1, "lux3": 1}),
         steps=["lux1 grey", "pay khind1"]).via("found by the conformance suite in a sampled position")
@given(box=st.sampled_from(sorted(set(BOX_TILES) - {"palace"})), number=numbers, hand=hands("palace"),
       steps=st.lists(st.sampled_from(PAYMENT_STEPS), max_size=8))
def test_an_open_payment_always_lists_a_step(box: str, number: int, hand: Cards, steps: list[str]) -> None:
    """BMC-5.2: whatever accepted steps led here (listed or not), an open payment lists a way on.

    A decider with nothing listed has an all-false action mask: bots and RL agents are stuck.
    """
    game = position(box, number, hand)
    if "contribute 1" not in game.legal_actions(0):
        return
    game.apply(0, "contribute 1")
    for text in steps:
        try:
            game.apply(0, text)
        except IllegalAction:
            continue
        if text == "done":
            return
        assert game.legal_actions(0), f"after {text!r} ({sorted(hand.elements())}) nothing is listed"


# ---------------------------------------------------------------- examples and known bugs
def test_mimix_pair_in_a_brown_box() -> None:
    """BMC-5.7: mimix1 + mimix1 is a wild 3 in any box, a brown one included (at face value it would be worth 2)."""
    hand = Counter({"mimix1": 2})
    assert pays(hand, hand, Counter(), "brown", 3)
    game = position("brown", 3, hand)
    assert pay_through_game(game, ["contribute 1", "pay mimix1", "pay mimix1", "done"])


def test_listed_steps_after_a_mimix_pair_and_a_brown_lux() -> None:
    """BMC-5.7, BMC-5.8: after Lux 2 on brown and a Mimix pair, the only useful payment is completed by the Mimix 3.

    Hand mimix1 mimix1 mimix3 lux2 pillar1, yellow box 4. The only useful payment holding Lux 2 (brown) and both
    Mimix 1 is mimix1 + mimix1 (a wild 3) + mimix3 (recoloured, 3). Listing `pay pillar1` there leads to
    mimix1 + mimix1 + pillar1 = 4 with a Lux card discarded for nothing.
    """
    hand = Counter({"mimix1": 2, "mimix3": 1, "lux2": 1, "pillar1": 1})
    game = position("yellow", 4, hand)
    for step in ("contribute 1", "lux2 brown", "pay mimix1", "pay mimix1"):
        game.apply(0, step)
    assert game.legal_actions(0) == ["pay mimix3"]


def test_overpaying_after_a_recoloured_mimix() -> None:
    """BMC-5.2, BMC-5.8: overpaying is allowed: Lux 2 on brown, mimix1 (recoloured, 1) and vulca1 (1) pay a black 1.

    The game refuses `pay vulca1` ("the payment could no longer reach 1") only because the hand also holds a
    mimix3; without it the same payment is accepted.
    """
    hand = Counter({"lux2": 1, "mimix1": 1, "mimix3": 1, "vulca1": 1})
    assert pays(hand, Counter({"mimix1": 1, "vulca1": 1}), Counter({("lux2", "brown"): 1}), "black", 1)
    game = position("black", 1, hand)
    assert pay_through_game(game, ["contribute 1", "lux2 brown", "pay mimix1", "pay vulca1", "done"])
