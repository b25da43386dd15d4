"""The refill phase (BMC-9): discard 0-2, draw 2 more, reshuffles, pending cards, passing the turn."""

from __future__ import annotations

from collections import Counter

import pytest

import meeple

from .helpers import hand, legal, run, scenario, seat_view

PEOPLES = ("vulca", "terrah", "aqua", "venti", "mimix", "lux", "pillar")
ALL = [f"{p}{v}" for p in PEOPLES for v, n in ((1, 3), (2, 3), (3, 4)) for _ in range(n)] + ["khind1"] * 10


def refill_phase(**fields: object) -> meeple.Game:
    return scenario(turn={"active": 0, "phase": "refill"}, **fields)


@pytest.mark.parametrize("thrown", [[], ["vulca1"], ["vulca1", "pillar3"]])
def test_bmc_9_1_discard_up_to_two_draw_two_more(thrown: list[str]) -> None:
    """BMC-9.1: discard 0, 1 or 2 cards face up, then draw 2 more than discarded."""
    game = refill_phase(hands=[["vulca1", "pillar3", "aqua2"], []], deck=["lux1", "lux2", "lux3", "khind1"])
    run(game, " ".join(["refill", *thrown]))
    drawn = ["lux1", "lux2", "lux3", "khind1"][: 2 + len(thrown)]
    assert hand(game, 0) == Counter(["vulca1", "pillar3", "aqua2"]) - Counter(thrown) + Counter(drawn)
    assert game.view(None)["discard"] == thrown


def test_bmc_9_1_discarded_cards_have_no_effect_and_three_is_too_many() -> None:
    """BMC-9.1: cards discarded in the refill do nothing (no power); at most two; only cards held."""
    game = refill_phase(hands=[["venti1", "pillar1", "pillar2"], []], crystals=[20, 0])
    assert not [a for a in legal(game) if len(a.split()) > 3]
    assert "refill pillar1 pillar2" in legal(game) and "refill aqua1" not in legal(game)
    with pytest.raises(meeple.IllegalAction, match="do not have"):
        game.apply(0, "refill aqua1")
    run(game, "refill venti1 pillar1")
    assert seat_view(game, 0)["figure"] == "c3" and seat_view(game, 0)["offerings"] == 0
    assert game.view(0)["crystals"] == 20


def test_bmc_9_2_empty_deck_reshuffles_the_discard_pile() -> None:
    """BMC-9.2: when the deck runs out, the discard pile is shuffled into a new deck."""
    rest = list(ALL)
    for card in ("aqua1", "vulca3", "vulca3"):
        rest.remove(card)
    game = refill_phase(hands=[["vulca3", "vulca3"], []], deck=["aqua1"], discard=rest)
    run(game, "refill")
    assert sum(hand(game, 0).values()) == 4 and hand(game, 0)["aqua1"] == 1
    assert game.view(None)["discard"] == [] and game.view(None)["deck_size"] == 80 - 4
    assert game.rules.invariants(game.state) == []


def test_bmc_9_2_reshuffle_at_any_moment() -> None:
    """BMC-9.2: reward cards drawn from an empty deck also come from the reshuffled discard pile."""
    rest = list(ALL)
    for card in ("terrah2",):
        rest.remove(card)
    game = scenario(figures=["b2", "c3"], boxes={"b2": [0, 1]}, hands=[["terrah2"], []], deck=[],
                    discard=rest, turn={"active": 0, "phase": "contribution"})
    run(game, "contribute 3", "pay terrah2", "done")  # the Mill: majority 2k to seat 0, from the old discard pile
    assert seat_view(game, 0)["pending_cards"] == 2
    assert game.view(None)["deck_size"] == 80 - 2 and game.view(None)["discard"] == []  # the paid card too


def test_bmc_9_3_nothing_left_draw_what_is_there() -> None:
    """BMC-9.3: with deck and discard pile both empty, the player draws what there is."""
    game = refill_phase(hands=[ALL[:40], ALL[40:]])
    assert game.view(None)["deck_size"] == 0
    run(game, "refill")
    assert sum(hand(game, 0).values()) == 40
    game = refill_phase(hands=[ALL[:40], ALL[40:]])
    run(game, f"refill {ALL[0]} {ALL[39]}")
    assert sum(hand(game, 0).values()) == 40  # the two discards were the only cards to draw


def test_bmc_9_4_pending_cards_join_then_the_turn_passes_left() -> None:
    """BMC-9.4: after the refill the pending reward cards join the hand; the next seat plays."""
    game = scenario(players=3, hands=[["vulca1"], [], []], pending=[["lux3", "lux3"], [], []],
                    deck=["aqua1", "aqua2"], turn={"active": 0, "phase": "refill"})
    run(game, "refill")
    assert hand(game, 0) == {"vulca1": 1, "lux3": 2, "aqua1": 1, "aqua2": 1}
    assert game.deciders() == [1] and game.view(None)["phase"] == "movement"
    last = scenario(players=3, city=None, turn={"active": 2, "phase": "refill"})
    run(last, "refill")
    assert last.deciders() == [0]
