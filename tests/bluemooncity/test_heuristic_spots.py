"""The evaluation remembers what a building can still bring by the part of a hand that paying there can use."""

from __future__ import annotations

import random

import meeple
from meeple.agents import make_agent
from meeple.games.bluemooncity import heuristics
from meeple.games.bluemooncity.state import FREE, NCARD, card_base


def test_hands_with_the_same_spot_budget_gain_the_same_on_every_building() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in (1, 2, 3):
        game = meeple.new_game("bluemooncity", 2, seed)
        greedy = make_agent("greedy", seed)
        for _ in range(60):  # a city some way into the game: boxes taken, buildings finished
            seat = game.deciders()[0]
            game.apply(seat, greedy.choose(game.seat_table(seat)))
        ctx, s, p = game.rules.ctx, game.state, 0
        tab = heuristics._tables(ctx)
        for sq, tile in enumerate(s.tile_at):
            if tile < 0 or s.rebuilt[sq] or ctx.tiles[tile].kind == "courtyard":
                continue
            owners = s.boxes[sq * 4 : sq * 4 + 4]
            if FREE not in owners[: len(ctx.tiles[tile].boxes)]:
                continue
            gains: dict[tuple[int, ...], float] = {}
            for _ in range(300):
                for t in range(NCARD):
                    s.hands[card_base(p) + t] = rng.choice((0, 0, 0, 1, 1, 2, 4))
                budget = tuple(heuristics._budgets(s, p))
                key = heuristics._spot_budget(ctx, tab, tile, owners, budget)
                gain = heuristics._box_gains(ctx, tab, s, p, sq, list(budget), 0)
                checked += key in gains
                assert gains.setdefault(key, gain) == gain, (ctx.tiles[tile].name, budget, key)
    assert checked > 1000  # many hands met a key already seen
