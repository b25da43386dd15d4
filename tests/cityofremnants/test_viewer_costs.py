"""COR-4.4, COR-8.7, COR-8.8: a Turn card's discount cuts the active player's costs only; every other seat's view and
text board show that seat's own costs (its Permanent discounts included), never the active player's."""

from __future__ import annotations

import meeple
from meeple.engine.rng import Stream


def _discounted_positions(limit: int = 3) -> list[meeple.Game]:
    """Positions of seeded random games where the active player's turn has a development discount."""
    found: list[meeple.Game] = []
    for seed in range(40):
        game = meeple.new_game("cityofremnants", 3, seed)
        stream = Stream(seed, 7)
        while not game.is_over() and game.log_length() < 2500 and len(found) < limit:
            if game.state.mods.get("dev_discount", 0) > 0 and game.state.drafted:
                found.append(game.copy())
                break
            deciders = game.deciders()
            seat = deciders[stream.below(len(deciders))]
            legal = game.legal_indices(seat)
            game.apply(seat, legal[stream.below(len(legal))])
        if len(found) >= limit:
            break
    assert found, "no random game reached a development discount"
    return found


def test_cor_8_8_turn_discounts_show_for_the_active_player_only() -> None:
    for game in _discounted_positions():
        s, eng = game.state, game.rules.eng
        for seat in range(game.players):
            costs = {d["id"]: d["cost"] for d in game.view(seat)["drafted"]}
            for t in s.drafted:
                dev = eng.comp.devs[t]
                own = eng.perm(s, seat, "dev_discount_perm")
                cut = own + (s.mods["dev_discount"] if seat == s.active else 0)
                assert costs[dev.id] == max(0, dev.cost - cut), (seat, s.active, dev.id)
            board = game.render(seat)
            other = (s.active + 1) % game.players
            if seat == other:
                for t in s.drafted:
                    dev = eng.comp.devs[t]
                    full = max(0, dev.cost - eng.perm(s, seat, "dev_discount_perm"))
                    assert str(full) in board
