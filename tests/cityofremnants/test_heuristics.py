"""The bots' evaluation: bids, battle answers and rollouts behave sensibly (heuristics.py)."""

from __future__ import annotations

from meeple.engine.rng import Stream

from .helpers import ANA, BEN, DEE, run, scenario


def test_cheap_bids_please_and_dear_bids_do_not() -> None:
    """A card won cheaply is worth more to the evaluation than the same card bought dear."""
    game = scenario(arc=[3000, 9000, 2000, 2000], tracker=[0, 0, 4, 4], gm_row=["GM-01", "GM-02", "GM-03"])
    run(game, "recruit", "take GM-01")
    rules = game.rules
    cheap, dear = rules.copy(game.state), rules.copy(game.state)
    rules.apply(cheap, BEN, rules.actions.parse("bid 100"))
    rules.apply(dear, BEN, rules.actions.parse("bid 9000"))
    assert rules.evaluate(cheap, BEN) > rules.evaluate(dear, BEN)
    assert rules.evaluate(cheap, BEN) > rules.evaluate(game.state, BEN)


def test_committing_strength_raises_the_battle_estimate() -> None:
    """In a battle, committing a strong unit card raises the evaluation of the committing seat."""
    game = scenario(active=DEE, pool=[7, 6, 7, 6], figures={"C2": [0, 1, 0, 0], "B2": [0, 0, 0, 1]},
                    hands=[[], ["NEI-06"], [], ["IGG-04", "IGG-08"]])
    run(game, "move", "move B2 C2", "stop")
    rules = game.rules
    strong, bluff = rules.copy(game.state), rules.copy(game.state)
    rules.apply(strong, DEE, rules.actions.parse("commit IGG-04"))
    rules.apply(bluff, DEE, rules.actions.parse("commit IGG-08"))
    assert rules.evaluate(strong, DEE) > rules.evaluate(bluff, DEE)


def test_rollouts_bid_low_and_end() -> None:
    """Rollout play from the start finishes a game, never raising far in auctions."""
    game = scenario(active=ANA)
    rules, state = game.rules, game.rules.copy(game.state)
    stream = Stream(5)
    steps = 0
    while not rules.is_over(state) and steps < 20000:
        seat = rules.deciders(state)[0]
        legal = rules.legal(state, seat)
        act = rules.rollout_action(state, seat, legal, stream.below)
        text = rules.actions.text(act)
        if text.startswith("bid"):
            assert int(text.split()[1]) <= 1600
        rules.apply(state, seat, act)
        steps += 1
    assert rules.is_over(state)
