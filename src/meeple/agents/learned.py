"""The learned bot (level `learned`): a small network that scores the position each legal action leads to.

Like the greedy bot it samples one state from its view, applies every legal action to a copy of it and plays
the action whose result scores best; the score is a network's instead of the hand-made evaluation alone. The
network reads what the seat would see after the action (the game's observation encoder, `meeple.rl.encoders`)
and two numbers the game's own heuristics give (`rules.evaluate` and `rules.plan_value`, as log-odds):

    score(after) = skip · heuristics(after) + w3 · relu(W2 · relu(W1 · observation(after) + b1) + b2) + b3

so an untrained network with `w3 = 0` and `skip = (1, 0)` plays exactly like the greedy bot. It is trained by
`meeple train` (`meeple.rl.train`, needs PyTorch) to pick what the search bot picks; playing needs only NumPy.
A game's network is the file `learned.npz` in the game's package, with its provenance in `learned.json`; a game may
also ship a network for one player count, `learned-<players>p.npz` (with `learned-<players>p.json`), which the bot
plays at that count instead (Blue Moon City ships one for 4 players); where the game's spec names the count in
`search_networks`, the search bot (`ismcts`) values its cut-offs with it too.

A network of the kind `value` (`meta["kind"]`, written by `meeple train --target value`) is read the other way
round: not as a choice among afterstates but as the value of a position at the search's cut-off. The bot then
searches like `ismcts` and scores the positions where its iterations stop with the network,

    value(position) = sigmoid(skip · heuristics(position) + w3 · relu(W2 · relu(W1 · observation + b1) + b2) + b3)

trained on the outcomes of whole games; with `w3 = 0` and `skip = (0, 1)` it is exactly the game's `plan_value`,
so an untrained value network plays as `ismcts` does with `plan_value`.
"""

from __future__ import annotations

import importlib
import importlib.resources
import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from meeple.engine.table import SeatTable

from .base import Agent
from .ismcts import ISMCTSAgent

NETWORK_FILE = "learned.npz"
PROVENANCE_FILE = "learned.json"
HEURISTICS = 2  # inputs besides the observation: log-odds of rules.evaluate and of rules.plan_value
_EDGE = 1e-4  # values are clipped into [_EDGE, 1 - _EDGE] before their log-odds
_ARRAYS = ("w1", "b1", "w2", "b2", "w3", "b3", "skip")
KINDS = ("choice", "value")  # a network scores afterstates to choose among (the default) or values cut-off positions


def log_odds(value: float) -> float:
    p = min(max(float(value), _EDGE), 1.0 - _EDGE)
    return math.log(p / (1.0 - p))


def heuristics(rules: Any, state: Any, seat: int) -> list[float]:
    """The game's own judgement of a position for `seat`, as log-odds: its evaluation and its end-of-plan value."""
    return [log_odds(rules.evaluate(state, seat)), log_odds(rules.plan_value([state], seat))]


def observation(encoder: Any, rules: Any, state: Any, seat: int) -> np.ndarray:
    """What `seat` sees of `state`, as the game's observation vector (never a hidden card)."""
    encode_state = getattr(encoder, "encode_state", None)
    if encode_state is not None:
        return np.asarray(encode_state(rules, state, seat), dtype=np.float32)
    return np.asarray(encoder.encode(rules.view(state, seat)), dtype=np.float32)


def afterstates(rules: Any, encoder: Any, base: Any, seat: int, legal: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """For each legal action, the observation and the heuristics of the position it leads to from `base` (a state
    sampled from the seat's view, left unchanged): arrays of shape (actions, encoder.size) and (actions, 2)."""
    xs = np.empty((len(legal), encoder.size), dtype=np.float32)
    hs = np.empty((len(legal), HEURISTICS), dtype=np.float32)
    for i, idx in enumerate(legal):
        after = rules.copy(base)
        rules.apply(after, seat, idx)
        xs[i] = observation(encoder, rules, after, seat)
        hs[i] = heuristics(rules, after, seat)
    return xs, hs


class Network:
    """The scoring network in NumPy, loaded from an `.npz` written by `meeple train` (see the module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        missing = [name for name in _ARRAYS if name not in arrays]
        if missing:
            raise ValueError(f"a learned network needs the arrays {', '.join(_ARRAYS)}; missing: {', '.join(missing)}")
        # C order: `score` sums over the first axis of these rows, which numpy then does in order (see there)
        self.w1 = np.ascontiguousarray(arrays["w1"], dtype=np.float32)
        self.b1 = np.asarray(arrays["b1"], dtype=np.float32)
        self.w2 = np.ascontiguousarray(arrays["w2"], dtype=np.float32)
        self.b2 = np.asarray(arrays["b2"], dtype=np.float32)
        self.w3 = np.asarray(arrays["w3"], dtype=np.float32).reshape(-1)
        self.b3 = float(np.asarray(arrays["b3"]).reshape(()))
        self.skip = np.asarray(arrays["skip"], dtype=np.float32).reshape(-1)
        self.meta = meta
        inputs, hidden = self.w1.shape
        if (self.b1.shape != (hidden,) or self.w2.shape[0] != hidden or self.b2.shape != (self.w2.shape[1],)
                or self.w3.shape != (self.w2.shape[1],) or self.skip.shape != (HEURISTICS,)):
            raise ValueError(f"the arrays of a learned network do not fit together: w1 {self.w1.shape}, "
                             f"w2 {self.w2.shape}, w3 {self.w3.shape}, skip {self.skip.shape}")
        self.inputs = inputs
        self.kind = str(meta.get("kind", "choice"))
        if self.kind not in KINDS:
            raise ValueError(f"a learned network is of the kind {' or '.join(KINDS)}, not {self.kind!r}")

    def has_shape(self, inputs: int, hidden: int) -> bool:
        """Whether the network reads `inputs` observation numbers through two layers of `hidden` units."""
        return self.inputs == inputs and self.w1.shape[1] == hidden and self.w2.shape == (hidden, hidden)

    def arrays(self) -> dict[str, np.ndarray]:
        """The network's arrays by name, as `Network(arrays, meta)` takes them and `.npz` files hold them."""
        return {name: np.asarray(getattr(self, name)) for name in _ARRAYS}

    @classmethod
    def load(cls, path: str | Path) -> Network:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        meta_text = arrays.pop("meta", None)
        meta = json.loads(str(meta_text)) if meta_text is not None else {}
        return cls(arrays, meta)

    def scores(self, xs: np.ndarray, hs: np.ndarray) -> np.ndarray:
        """The scores of a batch of positions (rows of observations `xs` and heuristics `hs`), each as `score`."""
        if xs.shape[1] != self.inputs:
            raise ValueError(f"the network reads {self.inputs} observation numbers, the encoder gives {xs.shape[1]}")
        if len(xs) != len(hs):
            raise ValueError(f"a batch of {len(xs)} observations needs as many rows of heuristics, not {len(hs)}")
        return np.array([self.score(x, h) for x, h in zip(xs, hs, strict=True)], dtype=np.float64)

    def score(self, x: np.ndarray, h: np.ndarray) -> float:
        """The score of one position, independent of the BLAS kernel the CPU selects: each unit adds its inputs one
        after the other in float32 (a matrix product leaves that order to the kernel, and the shipped 4-player network
        scored positions with other last bits under different kernels), and the output's terms are summed exactly
        (`math.fsum`) before its bias is added. Only the observation's non-zero entries are read, a few hundred of
        its thousands."""
        x = np.asarray(x, dtype=np.float32).reshape(-1)
        if x.shape[0] != self.inputs:
            raise ValueError(f"the network reads {self.inputs} observation numbers, the encoder gives {x.shape[0]}")
        heuristic = np.asarray(h, dtype=np.float32).reshape(-1)
        if heuristic.shape[0] != HEURISTICS:
            raise ValueError(f"the network reads {HEURISTICS} heuristic numbers, not {heuristic.shape[0]}")
        on = (x != 0).nonzero()[0]
        rows = self.w1.take(on, axis=0)
        rows *= x.take(on)[:, None]
        h1 = _in_order(rows)
        h1 += self.b1
        np.maximum(h1, 0.0, out=h1)
        h2 = _in_order(self.w2 * h1[:, None])
        h2 += self.b2
        np.maximum(h2, 0.0, out=h2)
        return math.fsum((h2 * self.w3).tolist() + (heuristic * self.skip).tolist()) + self.b3

    def value(self, x: np.ndarray, h: np.ndarray) -> float:
        """The value in [0, 1] of one position (a value network): its observation `x` and heuristics `h`."""
        score = self.score(x, h)
        return 1.0 / (1.0 + math.exp(-min(max(score, -60.0), 60.0)))

    def position_value(self, encoder: Any, rules: Any, state: Any, seat: int) -> float:
        """The value in [0, 1] of `state` for `seat` (a value network at the search's cut-off): it reads what the
        seat sees of the position and the game's heuristics there."""
        return self.value(observation(encoder, rules, state, seat),
                          np.asarray(heuristics(rules, state, seat), dtype=np.float32))


def _in_order(rows: np.ndarray) -> np.ndarray:
    """The sum of the rows of a C-ordered float32 array, added one after the other, element by element: numpy's sum
    over the first axis of such an array with at least two columns adds whole rows in turn (no pairwise sums,
    which it keeps for a sum along contiguous memory, as one column would be: that case is accumulated)."""
    if rows.shape[1] > 1:
        total: np.ndarray = np.add.reduce(rows, axis=0)
        return total
    if not rows.shape[0]:
        return np.zeros(rows.shape[1], dtype=np.float32)
    last: np.ndarray = np.add.accumulate(rows, axis=0)[-1]
    return last


def count_file(players: int) -> str:
    """The file of a network for one player count: `learned-4p.npz` for 4 players."""
    return f"learned-{players}p.npz"


def file_count(name: str) -> int | None:
    """The player count a network file's name is for (`learned-4p.npz`: 4), or None for any other name."""
    named = re.fullmatch(r"learned-(\d+)p\.npz", name)
    return int(named.group(1)) if named else None


def game_package(game_id: str) -> str:
    """The package a game's networks ship in: its spec's `package` (a plug-in's own), else `meeple.games.<game>`."""
    from meeple.engine import get_rules
    from meeple.engine.errors import UnknownGame

    try:
        return get_rules(game_id).spec.package or f"meeple.games.{game_id}"
    except UnknownGame:
        return f"meeple.games.{game_id}"


def network_path(game_id: str, players: int | None = None) -> Path:
    """Where the network a game plays with `players` players ships, in the game's package (`game_package`):
    `learned-<players>p.npz` where the game ships one for that count, else `learned.npz`."""
    package = importlib.resources.files(game_package(game_id))
    if players is not None:
        own = Path(str(package / count_file(players)))
        if own.is_file():
            return own
    return Path(str(package / NETWORK_FILE))


def _network_path_or_none(game_id: str, players: int | None = None) -> Path | None:
    """`network_path`, or None for a game whose package cannot be found (an unknown game)."""
    try:
        return network_path(game_id, players)
    except ModuleNotFoundError:
        return None


def has_network(game_id: str) -> bool:
    """Whether a game ships a network, so that the `learned` level can play it."""
    path = _network_path_or_none(game_id)
    return path is not None and path.is_file()


@cache
def shipped_network(game_id: str, players: int | None = None) -> Network:
    """The network shipped for a game, for `players` players where it ships one for that count (`network_path`);
    a game without one is a clear error, and so is a count's file trained at another count."""
    path = _network_path_or_none(game_id, players)
    if path is None or not path.is_file():
        raise ValueError(f"the game {game_id!r} ships no learned network ({NETWORK_FILE}); train one with "
                         f"`meeple train --game {game_id} --out {NETWORK_FILE}` and put it in its package")
    network = Network.load(path)
    if network.meta.get("game", game_id) != game_id:
        raise ValueError(f"{path} is a network for {network.meta.get('game')!r}, not {game_id!r}")
    if path.name != NETWORK_FILE and network.meta.get("players") != players:
        raise ValueError(f"{path} is named for {players} players but was trained with {network.meta.get('players')}")
    return network


@cache
def count_network(game_id: str, players: int) -> Network:
    """The value network a game ships for one player count (`learned-<players>p.npz`), which its search plays at
    that count where the game's spec names it (`search_networks`); a missing file or a network of another kind is a
    clear error."""
    path = _network_path_or_none(game_id, players)
    if path is None or path.name != count_file(players):
        raise ValueError(f"the game {game_id!r} names {players} players in search_networks but ships no "
                         f"{count_file(players)}; train one with `meeple train --game {game_id} --players {players} "
                         f"--out {count_file(players)}` (its default self-play, greedy, does not search) and put it in "
                         f"the package {game_package(game_id)}, or take {players} out of search_networks")
    network = shipped_network(game_id, players)
    if network.kind != "value":
        raise ValueError(f"{path} is a network of the kind {network.kind!r}; the search values its cut-offs with a "
                         f"network of the kind 'value': train it again with `meeple train --target value`, or take "
                         f"{players} out of search_networks")
    return network


@cache
def game_encoder(game_id: str, players: int) -> Any:
    """The observation encoder the game declares (`GameSpec.encoder`, "module:factory"), imported without the RL
    libraries; a game without one has no learned bot."""
    from meeple.engine import get_rules

    target = get_rules(game_id).spec.encoder
    module_name, sep, attr = target.partition(":")
    if not sep:
        raise ValueError(f"the game {game_id!r} declares no observation encoder, so it has no learned bot")
    return getattr(importlib.import_module(module_name), attr)(players, {})


class ValueSearchAgent(ISMCTSAgent):
    """The search bot with a given value network at its cut-off instead of the game's `plan_value`."""

    def __init__(self, seed: int, network: Network, encoder: Any, iterations: int | None = None) -> None:
        super().__init__(seed, iterations=iterations, network=network, encoder=encoder)
        self.level = "learned"


class LearnedAgent(Agent):
    """Plays the game's learned network. A `choice` network: the legal action whose result it scores best, on one
    state sampled from its view (as the greedy bot does with the hand-made evaluation; ties are broken from the
    bot's stream). A `value` network: the search (`ValueSearchAgent`) with the network valuing its cut-offs."""

    level = "learned"

    def __init__(self, seed: int = 0, network: Network | None = None) -> None:
        super().__init__(seed)
        self.network = network
        self.played: Network | None = None  # the network of its last decision (the count's own, where one ships)
        self._search: ValueSearchAgent | None = None

    def pick(self, table: SeatTable, legal: list[int]) -> int:
        rules = table.rules
        game_id = rules.spec.id
        network = self.played = self.network or shipped_network(game_id, table.players)
        encoder = game_encoder(game_id, table.players)
        if network.kind == "value":
            if self._search is None or self._search.network is not network:  # a table of another player count
                budget = network.meta.get("iterations")
                self._search = ValueSearchAgent(self.seed, network, encoder, int(budget) if budget else None)
            return self._search.pick(table, legal)
        xs, hs = afterstates(rules, encoder, table.sample(self.stream_value()), table.seat, legal)
        scores = network.scores(xs, hs)
        best = np.flatnonzero(scores >= scores.max() - 1e-6)
        return legal[int(best[self.rng.below(len(best))]) if len(best) > 1 else int(best[0])]

    def stats(self) -> dict[str, Any]:
        return self._search.stats() if self._search is not None else {}
