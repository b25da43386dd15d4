"""The search bot (level `ismcts`): information-set Monte Carlo tree search over the bot's own turn.

Every iteration takes a fresh state consistent with the bot's view (a determinisation: `table.sample` redraws
the hidden cards and the random stream, so the deck orders and dice to come are new each time: chance stays
chance), then walks the tree from the decision at hand: through actions already tried, chosen by UCB among
those legal in that state (each counted as available: the "availability" form of ISMCTS), to an action not tried
yet, which becomes a new node. From there the game's rollout policy (`rules.rollout_action`) plays on to the
evaluation cut-off (`rules.plan_horizon`; in Blue Moon City the end of the bot's turn, before the refill draws
unseen cards), where `rules.plan_value` scores the position in [0, 1]. Every node on the way adds that value. At the
player counts a game names in `spec.search_networks` the value there is the game's value network for that count
instead (`meeple.agents.learned`; Blue Moon City at 4 players), so every level that searches plays with it.

Nodes are the bot's information sets, keyed by its own actions from the decision at hand, which every
determinisation shares. Cutting off at the same point of every turn keeps values comparable: a search that
scored positions in the middle of a turn with the active player's hopes (`rules.evaluate`, what the greedy bot
uses) beside positions after it learnt to exploit the difference instead of playing better.

Three things make the search sharp within a small budget:

- Progressive widening with the game's evaluation as the order of trial: a node visited n times offers its
  ceil(sqrt(n)) best actions by `rules.evaluate`, so the first iterations follow the greedy line to the cut-off and
  later ones widen where the visits go.
- Tree reuse: after playing an action the bot keeps its subtree for its next decision of the same turn.
- Exploration on the values' scale: each action the decision's node offers is tried TRIES times before UCB may
  neglect it, and the UCB constant is EXPLORATION or SPREAD standard deviations of the values the decision has
  met, whichever is more. So one unlucky iteration (a bust) does not condemn an action in a game of large swings
  (a won or lost game), while a game whose plans differ by hundredths (Blue Moon City, Coloma) keeps EXPLORATION.

Budget: `iterations` is the number of visits the decision's node must have; a reused subtree brings its visits,
and the search stops early once no action can overtake the most visited one, which is the action played (of
equally visited ones, the one of higher value), or once the decision is settled (`_settled`, checked from
SETTLE_AFTER iterations on): the most visited action's value, CONFIDENCE standard errors down, is at least every
other tried action's, CONFIDENCE standard errors up, less INDIFFERENCE. More iterations would then most likely
change the choice only between actions of about the same value, so a decision whose actions all lead to one value
(a game won or lost by the cut-off, payments with equivalent cards) stops after SETTLE_AFTER iterations instead of
spending the budget among them; a game may turn this off (`spec.search_settles`). `seconds` is the time per
decision instead. Without either, the game's own default (`spec.search_iterations`) applies, or DEFAULT_ITERATIONS
when the game sets none.

A `random_share` (`ismcts:10%`, `ismcts:500:10%`) makes that share of the bot's moves, drawn from its stream, a
uniformly random legal action instead of a search: a named level between the plain budgets.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from meeple.engine.spec import GameSpec
from meeple.engine.table import SeatTable

from .base import Agent

if TYPE_CHECKING:
    from .learned import Network  # the learned module imports this one

DEFAULT_ITERATIONS = 1000  # visits of the decision's node
EXPLORATION = 0.1  # UCB constant; values lie in [0, 1] and two plans of a turn rarely differ by more than 0.1
WIDENING = 0.5  # a node visited n times offers its ceil(n ** WIDENING) best-ordered actions
SPREAD = 2.0  # the UCB constant is at least this many standard deviations of the values the decision met
TRIES = 5  # every action the decision's node offers is tried this many times before UCB may neglect it
MAX_ROLLOUT = 200  # rollout actions at most (a rollout policy reaches the cut-off long before)
SETTLE_AFTER = 100  # iterations of a decision before it may be found settled (checked every SETTLE_EVERY)
SETTLE_EVERY = 10
CONFIDENCE = 2.0  # standard errors of an action's value on either side, for a settled decision
INDIFFERENCE = 0.005  # actions whose values differ by less are as good as each other, for a settled decision


class _Node:
    """An information set of the bot: visits, summed values, how often it was available, its actions' order."""

    __slots__ = ("children", "order", "seen", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.order: list[int] | None = None  # actions, best first by the game's evaluation
        self.visits = 0
        self.total = 0.0
        self.seen = 1


def _decided(root: _Node, left: int) -> bool:
    """Whether the most visited action stays ahead whatever the `left` iterations to come do."""
    if len(root.children) < 2:
        return False
    first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
    return first > second + left


def _standing(node: _Node) -> tuple[int, float]:
    """How a tried action of the decision ranks: by its visits, and between equally visited ones by its value (the
    search gives its visits to the better action, so a tie of visits is no reason to prefer the action listed
    first)."""
    return node.visits, node.total / node.visits


def _settled(root: _Node, spread: float) -> bool:
    """Whether more iterations would hardly change what is played: the most visited action's value, CONFIDENCE
    standard errors down, is at least every other tried action's value, CONFIDENCE standard errors up, less
    INDIFFERENCE (standard errors from `spread`, the standard deviation of the decision's values). A decision whose
    actions all lead to the same value (a game already won or lost at the cut-off) is settled as soon as it is
    checked."""
    if len(root.children) < 2:
        return False
    best = max(root.children.values(), key=_standing)
    low = best.total / best.visits - CONFIDENCE * spread / math.sqrt(best.visits)
    return all(c.total / c.visits + CONFIDENCE * spread / math.sqrt(c.visits) - INDIFFERENCE <= low
               for c in root.children.values() if c is not best)


class ISMCTSAgent(Agent):
    """Information-set MCTS; the budget is a number of iterations (visits of the decision's node) or seconds."""

    level = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        random_share: float = 0.0,
        network: Network | None = None,
        encoder: Any = None,
    ) -> None:
        super().__init__(seed)
        if iterations is not None and seconds is not None:
            raise ValueError("give the ISMCTS budget as iterations or as seconds, not both")
        self.default_budget = iterations is None and seconds is None
        if self.default_budget:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"ISMCTS needs at least 1 iteration, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ISMCTS needs a positive time per decision, not {seconds}")
        if exploration < 0:
            raise ValueError(f"the exploration constant is not negative, not {exploration}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        if not 0.0 <= random_share < 1.0:
            raise ValueError(f"a search bot plays a share of its moves at random, from 0 to below 1, "
                             f"not {random_share!r}")
        self.random_share = random_share
        self.level = "ismcts" if self.default_budget else (
            f"ismcts:{iterations}" if seconds is None else f"ismcts:{seconds:g}s")
        if random_share:  # ismcts:10%, ismcts:500:10%
            self.level = f"{'ismcts' if self.default_budget else self.level}:{random_share * 100:g}%"
        self.total_iterations = 0
        self.total_seconds = 0.0
        self.decisions = 0
        self.decision_seconds: list[float] = []  # the time of each decision, for medians
        self._next: _Node | None = None  # the subtree of the action just played, while the turn goes on
        self._expect: dict[str, Any] | None = None  # the view in which that subtree applies
        self._values, self._sum, self._squares = 0, 0.0, 0.0  # the values of the decision's iterations
        # What values the cut-offs: a value network (`meeple.agents.learned.Network`) reading the position through the
        # game's observation encoder, or None for the game's `plan_value`. A network given here is played at every
        # table; without one the game's spec chooses at each table (`_value_with`), and `_valued_for` is the (game,
        # player count) of that choice.
        if (network is None) != (encoder is None):
            raise ValueError("a search valued by a network needs the network and the game's observation encoder")
        self.network: Network | None = network
        self.encoder: Any = encoder
        self._given_network = network is not None
        self._valued_for: tuple[str, int] | None = None

    # ---------------------------------------------------------------- decisions
    def pick(self, table: SeatTable, legal: list[int]) -> int:
        if self.random_share and self.rng.random() < self.random_share:
            self._next = self._expect = None  # no subtree of the search fits after a random move
            return legal[self.rng.below(len(legal))]
        start = time.perf_counter()
        seat = table.seat
        root = self._next if self._next is not None and table.view() == self._expect else _Node()
        self._next = self._expect = None
        rules = table.rules
        if self.default_budget:
            self.iterations = rules.spec.search_iterations or DEFAULT_ITERATIONS
        if not self._given_network and self._valued_for != (rules.spec.id, table.players):
            self._value_with(rules.spec, table.players)
        done = self._search(table, root, legal, start)
        self.total_iterations += done
        spent = time.perf_counter() - start
        self.total_seconds += spent
        self.decision_seconds.append(round(spent, 4))
        self.decisions += 1
        options = [(_standing(root.children[a]), -i, a) for i, a in enumerate(legal) if a in root.children]
        action = max(options)[2] if options else legal[0]  # ties of visits and value: the first legal action
        self._keep(rules, seat, root.children.get(action), action, table.sample(self.stream_value()))
        return action

    def _search(self, table: SeatTable, root: _Node, legal: list[int], start: float) -> int:
        """Iterate until the budget is spent, each iteration on a fresh determinisation: its own hidden cards and
        its own future (the sample's random stream is a new one), so chance stays chance."""
        rules, seat = table.rules, table.seat
        done = 0
        self._values, self._sum, self._squares = 0, 0.0, 0.0
        deadline = None if self.seconds is None else start + self.seconds
        settles = rules.spec.search_settles
        while True:
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    return done
            else:
                assert self.iterations is not None
                if root.visits >= self.iterations or _decided(root, self.iterations - root.visits):
                    return done
            self._iterate(rules, seat, root, table.sample(self.stream_value()), legal)
            done += 1
            if settles and done >= SETTLE_AFTER and done % SETTLE_EVERY == 0 and _settled(root, self._spread()):
                return done

    def _value_with(self, spec: GameSpec, players: int) -> None:
        """Choose what values the cut-offs at a table of `players` of the game of `spec`: the value network the game
        ships for that count where it names the count in `search_networks`, else its `plan_value`."""
        self._valued_for = (spec.id, players)
        self.network = self.encoder = None
        if players in spec.search_networks:
            from .learned import count_network, game_encoder  # imported here: the learned module imports this one

            self.network, self.encoder = count_network(spec.id, players), game_encoder(spec.id, players)

    def _keep(self, rules: Any, seat: int, child: _Node | None, action: int, sample: Any) -> None:
        """Keep the subtree of the action played if the bot decides again in the same turn."""
        if child is None or not child.children:
            return
        rules.apply(sample, seat, action)
        if not rules.plan_horizon(sample, seat):
            self._next, self._expect = child, rules.view(sample, seat)

    # ---------------------------------------------------------------- one iteration
    def _iterate(self, rules: Any, seat: int, root: _Node, state: Any, legal: list[int]) -> None:
        """One iteration from `state` (a fresh sample, which it changes), where the bot's legal actions are
        `legal`."""
        path = [root]
        node = root
        while True:  # the decision at hand is the bot's, even at the cut-off (the Blue Moon City refill)
            if node.order is None:
                node.order = self._order(rules, seat, state, legal)
            allowed = math.ceil((node.visits + 1) ** WIDENING)
            here = set(legal)
            offered = [a for a in node.order if a in here][:allowed] or legal
            children = node.children
            for a in offered:
                if a in children:
                    children[a].seen += 1
            untried = next((a for a in offered if a not in children), None)
            if untried is not None:
                node = children[untried] = _Node()
                rules.apply(state, seat, untried)
                path.append(node)
                self._rollout(rules, state, seat)
                break
            action = self._select(children, offered, TRIES if node is root else 0)
            node = children[action]
            rules.apply(state, seat, action)
            path.append(node)
            legal = self._others(rules, state, seat)
            if not legal:
                break
        value = self._leaf_value(rules, state, seat)
        self._values += 1
        self._sum += value
        self._squares += value * value
        for n in path:
            n.visits += 1
            n.total += value

    def _leaf_value(self, rules: Any, state: Any, seat: int) -> float:
        """The value in [0, 1] of a position at the cut-off (or the game's end) for `seat`: the game's own
        `plan_value`, or the value network's where one values the cut-offs."""
        if self.network is not None:
            value: float = self.network.position_value(self.encoder, rules, state, seat)
            return value
        return float(rules.plan_value([state], seat))

    @staticmethod
    def _order(rules: Any, seat: int, state: Any, legal: list[int]) -> list[int]:
        """The legal actions, best first by the game's evaluation of the position each leads to."""
        values = rules.evaluate_actions(state, seat, legal)
        return [a for _, _, a in sorted((-v, i, a) for i, (v, a) in enumerate(zip(values, legal, strict=True)))]

    def _select(self, children: dict[int, _Node], offered: list[int], tries: int) -> int:
        """UCB over the children offered in this determinisation (each has been tried), after the first of them
        tried fewer than `tries` times."""
        for a in offered:
            if children[a].visits < tries:
                return a
        c = max(self.exploration, SPREAD * self._spread())
        best, best_score = offered[0], -math.inf
        for a in offered:
            child = children[a]
            score = child.total / child.visits + c * math.sqrt(math.log(child.seen) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _spread(self) -> float:
        """The standard deviation of the values the decision's iterations found so far."""
        if self._values < 2:
            return 0.0
        mean = self._sum / self._values
        return math.sqrt(max(0.0, self._squares / self._values - mean * mean))

    def _others(self, rules: Any, state: Any, seat: int) -> list[int]:
        """Play the other seats' decisions by the rollout policy until the bot decides again: its legal actions
        then, or none at the cut-off.

        Where the bot decides together with others (a simultaneous choice), it goes on with its own decision: the
        others' choices of the sample are redrawn ones, never the real ones (`table.sample`)."""
        for _ in range(MAX_ROLLOUT):
            if rules.plan_horizon(state, seat):
                return []
            legal: list[int] = rules.legal(state, seat)
            if legal:
                return legal
            other = rules.deciders(state)[0]
            rules.apply(state, other, rules.rollout_action(state, other, rules.legal(state, other), self.rng.below))
        return []

    def _rollout(self, rules: Any, state: Any, seat: int) -> None:
        for _ in range(MAX_ROLLOUT):
            if rules.plan_horizon(state, seat):
                return
            actor, legal = seat, rules.legal(state, seat)
            if not legal:  # another seat decides (the bot's own cut-off is later)
                actor = rules.deciders(state)[0]
                legal = rules.legal(state, actor)
            rules.apply(state, actor, rules.rollout_action(state, actor, legal, self.rng.below))

    def stats(self) -> dict[str, Any]:
        rate = self.total_iterations / self.total_seconds if self.total_seconds else 0.0
        return {"decisions": self.decisions, "iterations": self.total_iterations,
                "seconds": round(self.total_seconds, 3), "iterations_per_s": round(rate, 1),
                "decision_seconds": self.decision_seconds[:], "cut_offs": self.cut_offs()}

    def cut_offs(self) -> str | None:
        """What valued the positions where the iterations stopped (at the last table played): the game's
        `plan_value`, or a value network, named by the player count of the games it learnt from; None before the
        bot's first decision, when its spec's choice is not made yet (a network given to the bot is known at once)."""
        if self.network is None:
            return None if self._valued_for is None else "plan_value"
        players = self.network.meta.get("players")
        return f"value network ({players}-player games)" if players else "value network"
