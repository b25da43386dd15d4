"""The fast payment checks agree with the full enumeration of useful payments (BMC-5.2, BMC-5.5-5.8)."""

from __future__ import annotations

import pytest

from meeple.engine.rng import Stream
from meeple.games.bluemooncity import payments as P

DECK = [t for t in P.CARD_TYPES for _ in range(10 if t == 12 else 3)]
COLOURS = [0, 1, 2, 3, 5, 6, 7, P.WILD]


def _hands(seed: int, n: int, with_lux: bool) -> list[tuple[list[int], int, int]]:
    r = Stream(seed)
    out = []
    for _ in range(n):
        r.shuffle(DECK)
        hand = [0] * 24
        for t in DECK[: 3 + r.below(10)]:
            hand[t] += 1
        if with_lux and not (hand[P.LUX1] or hand[P.LUX2]):
            hand[P.LUX1 + r.below(2)] += 1
        out.append((hand, r.choice(COLOURS), 1 + r.below(5)))
    return out


@pytest.mark.parametrize("with_lux", [False, True])
def test_can_pay_agrees_with_enumeration_bmc_5_2(with_lux: bool) -> None:
    """BMC-5.2: a box is offered exactly when some useful payment exists for it."""
    checked = 0
    for hand, colour, need in _hands(11 + with_lux, 1500, with_lux):
        P._pays_with_lux.cache_clear()
        assert P.can_pay(hand, colour, need) == bool(P.minimal_payments(hand, colour, need)), (hand, colour, need)
        checked += 1
    assert checked == 1500


def test_plain_value_is_the_best_payment_without_lux_bmc_5_2() -> None:
    """BMC-5.2, BMC-5.7: what the cards that count as they are (the box's colour, Khind, low Mimix cards) pay is
    exactly what the general search reaches with those cards and no Lux power."""
    low = (P.MIMIX * 3, P.MIMIX * 3 + 1)
    for hand, colour, _ in _hands(13, 600, False):
        kept = [c if t // 3 in (colour, P.KHIND) or t in low else 0 for t, c in enumerate(hand)]
        for need in range(1, 12):
            assert (P.plain_value(hand, colour) >= need) == P.can_reach([0] * 24, kept, [0] * 8, colour, need), (
                hand, colour, need)


def test_wild_only_palace_payment_counts_mimix_pairs_bmc_5_7() -> None:
    """BMC-5.7: two low Mimix cards pay a Royal Palace box as one wild 3, with no coloured card."""
    hand = [0] * 24
    hand[15], hand[16] = 1, 1  # mimix1, mimix2
    assert P.can_pay(hand, P.WILD, 3)
    assert not P.can_pay(hand, P.WILD, 4)


def test_minimal_filter_shortcut_keeps_only_minimal_payments_bmc_5_2() -> None:
    """BMC-5.2: every listed payment stops paying when any card or Lux power is left out."""
    for hand, colour, need in _hands(5, 800, True):
        for payment in P.minimal_payments(hand, colour, need):
            assert P.is_minimal(payment, colour, need), (hand, colour, need, payment)


def test_a_useless_lux_power_still_leaves_a_listed_way_to_finish_bmc_5_8() -> None:
    """BMC-5.8: after a Lux 1 on a colour the hand does not hold, the payment can still be finished with a
    Lux 2 on another colour, and that step is listed (a payment in progress is never stuck)."""
    import meeple

    game = meeple.scenario("bluemooncity", {
        "players": 2, "seed": 3, "city": {"b2": "great-hall"}, "figures": ["great-hall", "c3"],
        "hands": [["aqua3", "terrah2", "khind1", "lux1", "lux2", "lux3"], []], "turn": {"active": 0},
    })
    for action in ["contribute 1", "pay khind1", "lux1 grey"]:
        game.apply(0, action)
    listed = game.legal_actions(0)
    assert "lux2 blue" in listed
    for action in ["lux2 blue", "pay aqua3", "done"]:
        game.apply(0, action)
    assert game.view(None)["payment"] is None
