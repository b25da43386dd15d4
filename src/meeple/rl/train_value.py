"""`meeple train --target value`: a value network for the search's cut-offs, learnt from the outcomes of games.

1. **Record**: bots (`--selfplay`, every seat alike) play whole games in `--jobs` processes. Each time a seat's own
   part of play reaches the search's cut-off (`rules.plan_horizon` turns true for it after its action: in Blue Moon
   City the end of its turn), the position is stored as that seat sees it (a state sampled from its view: the
   observation and the game's two heuristics), and, once the game is over, labelled with that seat's share of the
   win (1 a win, 0 a loss, shared wins and draws split).
2. **Train**: the network's value (see `meeple.agents.learned`) learns the outcome by binary cross-entropy. It
   starts as the game's `plan_value` (the body at zero, the log-odds of `plan_value` at the scale that fits the
   outcomes best), or with `--start` as a value network trained before (to go on from a shipped network with games
   of other bots); a tenth of the games is held out and the weights with the best held-out loss are kept, so the
   held-out loss can only improve on the start's.

The bot level `learned` then searches like `ismcts` with this value at its cut-offs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

import meeple
from meeple.agents import make_agent
from meeple.agents.learned import HEURISTICS, Network, game_encoder, heuristics, observation
from meeple.engine.rng import seed_stream

_GAME_SALT = 0x7EB
PLAN_SCALES = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


@dataclass
class Position:
    """One seat's position at its cut-off: the observation's non-zero entries, the heuristics and the outcome."""

    index: np.ndarray  # int32: where the observation is not zero
    values: np.ndarray  # float16: its values there
    heuristics: np.ndarray  # float32 (HEURISTICS,)
    outcome: float  # the seat's share of the win, known once the game is over


def win_share(result: Any, seat: int, players: int) -> float:
    """A seat's share of the win: 1 alone, 1/k when k seats share it, 1/players in a draw, else 0."""
    if not result.winners:
        return 1.0 / players
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def record_value_game(game_id: str, players: int, bot: str, seed: int, number: int) -> list[Position]:
    """Play one game of `bot` in every seat and return its labelled cut-off positions."""
    game_seed = seed_stream(seed, _GAME_SALT + number) >> 2
    game = meeple.new_game(game_id, players, game_seed)
    rules = game.rules
    bots = [make_agent(bot, seed=game_seed + s + 1) for s in range(players)]
    encoder = game_encoder(game_id, players)
    sampler = np.random.default_rng(game_seed)
    found: list[tuple[int, np.ndarray, np.ndarray]] = []
    while not game.is_over():
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        legal = table.legal_indices()
        before = table.sample(int(sampler.integers(0, 2**62)))
        at_cut = rules.plan_horizon(before, seat)
        action = legal[0] if len(legal) == 1 else bots[seat].pick(table, legal)
        game.apply(seat, action, quiet=True)
        if at_cut or game.is_over():
            continue
        after = game.seat_table(seat).sample(int(sampler.integers(0, 2**62)))
        if rules.plan_horizon(after, seat):
            found.append((seat, observation(encoder, rules, after, seat),
                           np.asarray(heuristics(rules, after, seat), dtype=np.float32)))
    result = game.result()
    out = []
    for seat, x, h in found:
        index = np.flatnonzero(x).astype(np.int32)
        out.append(Position(index, x[index].astype(np.float16), h, win_share(result, seat, players)))
    return out


def dense_positions(positions: list[Position], size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A batch: observations, heuristics and outcomes."""
    xs = np.zeros((len(positions), size), dtype=np.float32)
    hs = np.empty((len(positions), HEURISTICS), dtype=np.float32)
    ys = np.empty(len(positions), dtype=np.float32)
    for b, p in enumerate(positions):
        xs[b, p.index] = p.values
        hs[b] = p.heuristics
        ys[b] = p.outcome
    return xs, hs, ys


def fit_value(games: list[list[Position]], size: int, hidden: int, seconds: float, seed: int,
              batch: int = 128, start: Network | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Train the value network for `seconds`; its NumPy arrays and the held-out figures. It starts from `start` (a
    value network of the same shape, `--start`) where one is given, else from the game's `plan_value`."""
    import torch

    from .train import best_scale, held_out, load_into, start_training, train_network

    if start is not None and (start.kind != "value" or not start.has_shape(size, hidden)):
        raise ValueError(f"the network to start from must be a value network reading {size} observation numbers "
                         f"with {hidden} units a layer, not a {start.kind} network of {start.inputs} inputs and "
                         f"{start.w1.shape[1]} units (give its --hidden)")

    valid, train, net, rng = start_training(torch, games, "position", size, hidden, seed)

    def loss_of(rows: list[Position]) -> tuple[Any, float]:
        xs, hs, ys = dense_positions(rows, size)
        scores = net(torch.from_numpy(xs), torch.from_numpy(hs))
        target = torch.from_numpy(ys)
        hits = float(((scores > 0).float() == (target > 0.5).float()).sum())
        return torch.nn.functional.binary_cross_entropy_with_logits(scores, target, reduction="sum"), hits

    # plan_value orders positions but is not a probability of winning (Blue Moon City's stays near 0.5): start
    # from plan_value at the scale of its log-odds that predicts the training outcomes best.
    sample = [train[j] for j in rng.permutation(len(train))[:4096]]

    def set_scale(scale: float) -> None:
        net.skip.copy_(torch.tensor([0.0] * (HEURISTICS - 1) + [scale]))

    start_scale = best_scale(torch, loss_of, sample, PLAN_SCALES, set_scale)
    baseline: dict[str, float] = {}
    if start is not None:  # plan_value's held-out figures stay the baseline; training begins at the network given
        loss, hits = held_out(torch, loss_of, valid, chunk=512)
        baseline = {"held_out_loss_plan_value": round(loss, 4), "held_out_right_plan_value": round(hits, 4)}
        load_into(torch, net, start.arrays())
    got = train_network(torch, net, loss_of, train, valid, rng, seconds, batch, chunk=512, weight_decay=1e-4,
                        skip_lr=0.01, hits_name="right", digits=4)
    begun = "plan_value" if start is None else "start"
    figures = {
        "train_positions": len(train), "held_out_positions": len(valid), "epochs": got.epochs,
        "plan_value_scale": start_scale, **baseline,
        f"held_out_loss_{begun}": round(got.start_loss, 4), f"held_out_right_{begun}": round(got.start_hits, 4),
        "held_out_loss": round(got.loss, 4), "held_out_right": round(got.hits, 4),
    }
    return got.arrays, figures

