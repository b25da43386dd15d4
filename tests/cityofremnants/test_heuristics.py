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


def test_the_search_stops_at_the_end_of_the_own_turn() -> None:
    """plan_horizon: the active seat searches to the end of its turn; once the next seat's turn starts it stops."""
    game = scenario(active=ANA, tracker=[0, 0, 0, 0])
    rules = game.rules
    state = rules.copy(game.state)
    rules.apply(state, ANA, rules.actions.parse("refresh"))
    assert not rules.plan_horizon(state, ANA)
    while state.active == ANA:
        seat = rules.deciders(state)[0]
        legal = rules.legal(state, seat)
        done = [a for a in legal if rules.actions.text(a) in ("done", "end")]
        rules.apply(state, seat, done[0] if done else legal[0])
    assert state.active == BEN
    assert rules.plan_horizon(state, ANA)
    assert not rules.plan_horizon(state, BEN)


def test_a_bidder_searches_until_the_auction_is_settled() -> None:
    """plan_horizon: a seat bidding in another's auction searches until the auction ends, no further."""
    game = scenario(arc=[3000, 9000, 2000, 2000], tracker=[0, 0, 4, 4], gm_row=["GM-01", "GM-02", "GM-03"])
    run(game, "recruit", "take GM-01")
    rules = game.rules
    state = rules.copy(game.state)
    rules.apply(state, BEN, rules.actions.parse("bid 100"))
    assert state.auction is not None and not rules.plan_horizon(state, BEN)
    rules.apply(state, ANA, rules.actions.parse("pass"))
    assert state.auction is None and rules.plan_horizon(state, BEN)


def test_influence_weighs_in_the_evaluation() -> None:
    """Losing influence lowers a seat's value by more than a renown token raises it (influence sets the hand,
    the moves and the sales of every later round)."""
    game = scenario()
    rules = game.rules
    base = rules.copy(game.state)
    weaker, richer = rules.copy(base), rules.copy(base)
    weaker.influence[ANA] -= 1
    richer.renown[ANA] += 1
    richer.renown_supply -= 1
    assert rules.evaluate(weaker, ANA) < rules.evaluate(base, ANA) < rules.evaluate(richer, ANA)
    value = rules.evaluate
    assert value(base, ANA) - value(weaker, ANA) > value(richer, ANA) - value(base, ANA)


def test_a_controlled_award_counts_for_the_rounds_left() -> None:
    """A figure alone on a Heights space is worth more than the same figure on a Slums space with no award."""
    game = scenario(pool=[5, 7, 7, 7], figures={"C3": [1, 0, 0, 0]})
    other = scenario(pool=[5, 7, 7, 7], figures={"A2": [1, 0, 0, 0]})
    assert game.rules.evaluate(game.state, ANA) > other.rules.evaluate(other.state, ANA)


def test_the_greedy_bot_bids_for_a_cheap_card_and_passes_a_dear_one() -> None:
    """Bidding answers: Ben bids while the card costs less than it is worth to him; Ana then passes rather than
    pay 5,000 ARC for a gang member."""
    from meeple.agents import make_agent

    game = scenario(arc=[6000, 9000, 2000, 2000], tracker=[0, 0, 4, 4], gm_row=["GM-01", "GM-02", "GM-03"])
    run(game, "recruit", "take GM-01")
    bot = make_agent("greedy", seed=3)
    assert game.deciders() == [BEN] and bot.choose(game.seat_table(BEN)).startswith("bid ")
    run(game, "bid 5000")
    assert game.deciders() == [ANA] and bot.choose(game.seat_table(ANA)) == "pass"


def test_the_greedy_bot_commits_its_strong_cards_to_a_battle() -> None:
    """Battle answers: the attacker commits a strong unit card before it declares its commit done."""
    from meeple.agents import make_agent

    game = scenario(active=DEE, pool=[7, 6, 7, 6], figures={"C2": [0, 1, 0, 0], "B2": [0, 0, 0, 1]},
                    hands=[[], ["NEI-06"], [], ["IGG-04", "IGG-08"]])
    run(game, "move", "move B2 C2", "stop")
    bot = make_agent("greedy", seed=3)
    assert game.deciders() == [DEE] and bot.choose(game.seat_table(DEE)) == "commit IGG-04"
