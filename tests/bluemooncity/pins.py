"""Pinned values of the bots' evaluation: a fingerprint of `evaluate` on the position after every legal action of
seeded greedy games, and the actions of a seeded game of a small search against greedy, as computed by the plain
code before any shortcut (recorded at c70f35a). A faster evaluation must give the same values bit for bit and the
search the same game. Record again (only on purpose: a changed evaluation) with
`PYTHONPATH=src python tests/bluemooncity/pins.py`."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.engine.rules import Rules

PINS = Path(__file__).with_name("evaluation_pins.json")
GAMES = ((2, 41), (3, 42), (4, 43))  # players, seed
DECISIONS = 300  # per greedy game
SEARCH = ("ismcts:40", 2, 7, 120)  # level, players, seed, decisions


def fingerprint(values: list[float]) -> str:
    return hashlib.sha256(repr(values).encode()).hexdigest()[:12]


def positions(players: int, seed: int, decisions: int) -> Iterator[tuple[meeple.Game, int]]:
    """The first `decisions` decisions of a seeded game between greedy bots, with the seat deciding."""
    game = meeple.new_game("bluemooncity", players, seed)
    greedy = make_agent("greedy", seed)
    for _ in range(decisions):
        if game.is_over():
            return
        seat = game.deciders()[0]
        yield game, seat
        game.apply(seat, greedy.choose(game.seat_table(seat)))


Values = Callable[[Any, Any, int, Sequence[int]], list[float]]


def evaluation_prints(values: Values = Rules.evaluate_actions) -> list[str]:
    """Per decision of the greedy games, the fingerprint of `values(rules, state, seat, legal)`: by default each
    legal action's position copied, played and evaluated on its own."""
    prints = []
    for players, seed in GAMES:
        for game, seat in positions(players, seed, DECISIONS):
            prints.append(fingerprint(values(game.rules, game.state, seat, game.rules.legal(game.state, seat))))
    return prints


def search_actions() -> list[int]:
    """The actions of a seeded game of the search (seat 0) against greedy, as far as the decisions go."""
    level, players, seed, decisions = SEARCH
    game = meeple.new_game("bluemooncity", players, seed)
    bots = [make_agent(level, seed)] + [make_agent("greedy", seed + p) for p in range(1, players)]
    actions = []
    for _ in range(decisions):
        if game.is_over():
            break
        seat = game.deciders()[0]
        action = bots[seat].choose(game.seat_table(seat))
        actions.append(action)
        game.apply(seat, action)
    return actions


def record() -> dict[str, Any]:
    return {"evaluation": evaluation_prints(), "search": search_actions()}


if __name__ == "__main__":
    PINS.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {PINS}")
