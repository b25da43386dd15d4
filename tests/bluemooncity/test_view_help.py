"""What the view tells a player during a payment: how much is still due on the box (BMC-5.2)."""

from __future__ import annotations

import meeple
from meeple.agents import make_agent


def test_a_payment_says_how_much_is_still_due_bmc_5_2() -> None:
    """BMC-5.2: the box is paid when the cards reach its number; the view's `due` is what is missing, and it is 0
    exactly when `done` may be sent."""
    seen_open = seen_paid = 0
    for seed in range(3):
        game = meeple.new_game("bluemooncity", 2, seed)
        bot = make_agent("greedy", seed=seed)
        while not game.is_over() and game.log_length() < 400:
            seat = game.deciders()[0]
            view = game.view(seat)
            pay = view["payment"]
            if pay is not None:
                legal = game.legal_actions(seat)
                assert 0 <= pay["due"] <= pay["number"]
                assert (pay["due"] == 0) == ("done" in legal)
                if not pay["cards"]:
                    assert pay["due"] == pay["number"]  # nothing paid yet
                    seen_open += 1
                if pay["due"] == 0:
                    seen_paid += 1
            game.apply(seat, bot.choose(game.seat_table(seat)))
    assert seen_open and seen_paid
