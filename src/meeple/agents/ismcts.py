"""Information-set Monte Carlo tree search (single observer): determinise, search, repeat.

Every iteration draws a full state consistent with the bot's own view (`game.sample`: what the seat cannot
see is redealt), walks one tree shared by all determinisations, keyed by actions, choosing with UCB among
the actions legal in that determinisation (counting availability, as the information-set variant does),
adds one node, plays a short rollout and scores the position with the game's evaluation (an evaluation
cut-off instead of playing to the end). The action played is the most visited child of the root.
"""

from __future__ import annotations

import math
import time
from typing import Any

from .base import Agent, Table

DEFAULT_ITERATIONS = 1000  # about a second per decision on the reference machine (see docs/benchmarks.md)
DEFAULT_ROLLOUT = 0  # random actions after the new node before the evaluation cut-off
DEFAULT_EXPLORATION = 0.1  # small: evaluations of nearby positions differ by a few hundredths


class Node:
    """One action in the tree: visits, summed reward of the seat that chose it, and availability."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class ISMCTSAgent(Agent):
    """Search bot; the budget is a number of iterations or a time per decision."""

    level = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: int = DEFAULT_ROLLOUT,
        exploration: float = DEFAULT_EXPLORATION,
    ) -> None:
        super().__init__(seed)
        if iterations is not None and seconds is not None:
            raise ValueError("give the ISMCTS budget as iterations or as seconds, not both")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"ISMCTS needs at least 1 iteration, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ISMCTS needs a positive time per decision, not {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.level = f"ismcts:{iterations}" if seconds is None else f"ismcts:{seconds:g}s"
        self.total_iterations = 0
        self.total_seconds = 0.0
        self.decisions = 0

    def pick(self, game: Table, seat: int, legal: list[int]) -> int:
        start = time.perf_counter()
        root = Node(seat)
        done = 0
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        while True:
            self._iterate(game, seat, root)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.total_iterations += done
        self.total_seconds += time.perf_counter() - start
        self.decisions += 1
        return self._best(root, legal)

    def _best(self, root: Node, legal: list[int]) -> int:
        options = [(child.visits, child.reward / max(child.visits, 1), idx)
                   for idx, child in root.children.items() if idx in legal]
        if not options:
            return legal[self.rng.below(len(legal))]
        return max(options)[2]

    def _iterate(self, game: Table, seat: int, root: Node) -> None:
        rules = game.rules
        state = game.sample(seat, self.stream_value())
        path = self._descend(rules, state, root)
        self._rollout(rules, state)
        rewards: dict[int, float] = {}
        for node in path:
            value = rewards.get(node.seat)
            if value is None:
                value = rewards[node.seat] = self._reward(rules, state, node.seat)
            node.visits += 1
            node.reward += value

    def _descend(self, rules: Any, state: Any, root: Node) -> list[Node]:
        """Select and expand in place on `state`; return the nodes whose statistics this iteration updates."""
        node = root
        path: list[Node] = []
        rng = self.rng
        c = self.exploration
        while not rules.is_over(state):
            actor = rules.deciders(state)[0]
            legal = rules.legal(state, actor)
            children = node.children
            untried = [i for i in legal if i not in children]
            if untried:
                idx = untried[rng.below(len(untried))]
                child = children[idx] = Node(actor)
                rules.apply(state, actor, idx)
                path.append(child)
                return path
            best_idx = legal[0]
            best_score = -1.0
            for i in legal:
                ch = children[i]
                ch.avail += 1
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_idx, best_score = i, score
            rules.apply(state, actor, best_idx)
            node = children[best_idx]
            path.append(node)
        return path

    def _rollout(self, rules: Any, state: Any) -> None:
        rng = self.rng
        for _ in range(self.rollout):
            if rules.is_over(state):
                return
            actor = rules.deciders(state)[0]
            legal = rules.legal(state, actor)
            rules.apply(state, actor, legal[rng.below(len(legal))])

    @staticmethod
    def _reward(rules: Any, state: Any, seat: int) -> float:
        return float(rules.evaluate(state, seat))

    def stats(self) -> dict[str, float]:
        rate = self.total_iterations / self.total_seconds if self.total_seconds else 0.0
        return {"decisions": self.decisions, "iterations": self.total_iterations,
                "seconds": round(self.total_seconds, 3), "iterations_per_s": round(rate, 1)}
