"""Coloma rules: the engine hooks, dispatching each decision to the module of its part of the game."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from meeple.engine.errors import InvalidOptions
from meeple.engine.messages import Message
from meeple.engine.rules import Event, Result
from meeple.engine.spec import OptionSpec
from meeple.kit import ContextRules, per_seat, places
from meeple.kit.spec import game_spec

from .. import views as view_mod
from ..actions import DIAL
from ..data import load_components
from ..messages import DESCRIPTION, catalogue
from ..state import EVENT, KEEP, NO_SUB, SELECT, TURN, State
from . import flow
from .context import Ctx
from .phases import APPLY, LEGAL
from .refusals import refusal

VERSION = 1

SPEC = game_spec(
    "meeple.games.coloma", (1, 5), title="Coloma", version=VERSION,
    options=(
        OptionSpec("shade", "normal", flow.LEVELS,
                   "solo only: Shade's handicap (easy 0, normal 10, hard 20 VP; COL-24.11)"),
    ),
    information="imperfect",
    chance="seeded",
    hides={"hand": "cards", "deck": "cards", "barrels": "cards", "dial": "choice", "buster": "choice",
           "rng": "stream"},
    simultaneous=True,
    max_game_length=20_000,
    num_distinct_actions=0,  # set per data file (the notation names its cards, spaces, Lands and Barrels)
    description=DESCRIPTION,
    metrics=("vp", "buildings", "gunmen_lost"),
    # The search beats greedy 98 % of the time here, and small budgets jump from losing to winning between 25 and
    # 35 iterations, so the levels between are the search with a share of random moves (`meeple.agents.ratings`).
    bot_levels={"easy": "greedy", "medium": "ismcts:30%", "hard": "ismcts:14%"},
)


class Coloma(ContextRules[State, Ctx]):
    """The rules of Coloma for 2-5 players, with Buster for 2 and the solo game against Shade."""

    spec = SPEC
    state_type = State
    view_module = view_mod
    board_module = "meeple.games.coloma.render"

    def __init__(self, data: str | Path | None = None) -> None:
        self.ctx = Ctx(load_components(data))
        self.actions = self.ctx.table
        self.spec = dataclasses.replace(SPEC, num_distinct_actions=len(self.ctx.table))
        self._messages = catalogue(self.ctx.comp)

    # -- setup and who decides ---------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        level = str(options.get("shade", "normal"))
        if players > 1 and level != "normal":
            raise InvalidOptions(f"option 'shade' sets the solo opponent's handicap and is for 1 player only, "
                                 f"not {players}")
        if level not in flow.LEVELS:
            raise InvalidOptions(f"option 'shade' cannot be {level!r}; valid values: {', '.join(flow.LEVELS)}")
        return flow.new_state(self.ctx, players, level, seed)

    def deciders(self, state: State) -> list[int]:
        s = state
        if s.phase == TURN:  # most decisions (a game that is over is in phase OVER)
            return [s.active] if s.active >= 0 else []
        if s.over:
            return []
        if s.phase == KEEP:
            return [p for p in range(s.players) if s.returns[p]]
        if s.phase == EVENT:
            return s.event_queue[:1]
        if s.phase == SELECT:
            return [p for p in range(s.players) if not s.dials[p]]
        return [s.active] if s.active >= 0 else []

    def is_over(self, state: State) -> bool:
        return state.over

    def _decides(self, s: State, seat: int) -> bool:
        """Whether the seat is among `deciders(s)`, without building that list (legal actions ask it every time)."""
        if s.over:
            return False
        phase = s.phase
        if phase == KEEP:
            return 0 <= seat < s.players and s.returns[seat] != 0
        if phase == EVENT:
            return bool(s.event_queue) and s.event_queue[0] == seat
        if phase == SELECT:
            return 0 <= seat < s.players and not s.dials[seat]
        return seat == s.active and seat >= 0

    def legal(self, state: State, seat: int) -> list[int]:
        phase = state.phase
        if phase == TURN:  # most actions: only the active pioneer decides (`_decides` written out)
            if seat != state.active or seat < 0 or state.over:
                return []
            sub = state.sub
            if sub != NO_SUB:  # the step: a turn's open sub-decision, else the phase (phases.step_of)
                phase = sub
        elif not self._decides(state, seat):
            return []
        out: list[int] = []
        LEGAL[phase](self.ctx, state, seat, out)
        out.sort()
        return out

    def check(self, state: State, seat: int, action: int) -> Event | None:
        if action in self.legal(state, seat):
            return None
        return refusal(self.ctx, state, seat, self.ctx.acts[action])

    def secret(self, state: State, seat: int, action: int) -> bool:
        """COL-7.1, COL-22.1: a dial stays hidden until every dial is revealed."""
        return self.ctx.acts[action].kind == DIAL

    def undoable(self, before: State, after: State, seat: int, action: int, events: Sequence[Event]) -> bool:
        """An action may be taken back while its turn lasts when it left everything the seat cannot see as it was
        (other hands and decks, the unknown part of its own deck, the face-down Barrels, Buster's card and the
        stream that decides every later draw), so it drew and rolled nothing and showed the seat nothing new, and
        it told nobody else anything in private."""
        return (view_mod.hidden_values(self.ctx, before, seat) == view_mod.hidden_values(self.ctx, after, seat)
                and all(e.seats is None or e.seats <= {seat} for e in events))

    def apply(self, state: State, seat: int, action: int, events: list[Event] | None = None) -> None:
        phase = state.phase  # the step (phases.step_of)
        APPLY[state.sub if phase == TURN and state.sub != NO_SUB else phase](self.ctx, state, seat,
                                                                             self.ctx.acts[action], events)
        if state.phase != TURN or state.active < 0:  # within a turn nothing happens until it ends (flow.advance)
            flow.advance(self.ctx, state, events)

    def result(self, state: State) -> Result:
        s = state
        ctx = self.ctx
        scores = per_seat(s.vp, s.players)
        if s.solo:
            won = s.vp[0] > s.shade_vp
            return Result([[0]], [0] if won else [], False, scores, "end.solo_won" if won else "end.solo_lost",
                          {"vp": s.vp[0], "shade": s.shade_vp})
        ranking = places(range(s.players), lambda p: flow.ranking_key(ctx, s, p))
        # COL-20.7: the tie-breakers of the ranking, as the final figures the end screen labels.
        extra = {"money": per_seat(lambda p: s.bucks[p] + s.gold[p], s.players), "dudes": per_seat(s.dudes, s.players)}
        order = list(ctx.p["tiebreak"])
        return Result(ranking, sorted(ranking[0]), False, scores, "end.scored",
                      {"winner_seats": sorted(ranking[0]), "vp": s.vp[ranking[0][0]]},
                      figures={"figure.vp": scores, **{f"figure.{t}": extra[t] for t in order}},
                      tiebreak=[f"figure.{t}" for t in order])

    # -- views, copies, saves ------------------------------------------------------------
    def sample(self, state: State, seat: int, rng: int) -> State:
        return view_mod.sample(self.ctx, state, seat, rng)

    def scenario(self, description: Mapping[str, Any]) -> State:
        from ..scenario import build

        return build(self, description)

    # -- what the faces show -----------------------------------------------------------
    def messages(self) -> Mapping[str, Message]:
        return self._messages

    def reconstructions(self) -> list[str]:
        return self.ctx.comp.reconstructions()

    def data_path(self) -> str | None:
        return str(self.ctx.comp.path)

    def invariants(self, state: State) -> list[str]:
        return view_mod.invariants(self.ctx, state)

    def hidden_values(self, state: State, viewer: int | None) -> list[Any]:
        return view_mod.hidden_values(self.ctx, state, viewer)

    # -- bots -------------------------------------------------------------------------------
    def evaluate(self, state: State, seat: int) -> float:
        from ..heuristics import evaluate

        return evaluate(self.ctx, state, seat)

    def hint_reason(self, before: State, after: State, seat: int, action: int) -> Event | None:
        from ..heuristics import hint_reason

        return hint_reason(self.ctx, before, after, seat, action)

    def plan_horizon(self, state: State, seat: int) -> bool:
        """The search of a seat's decisions stops once its decisions of the moment are done: its cards kept, its
        Event answered, or its turn of the chapter over (a dial is searched through the reveal and that turn)."""
        from ..heuristics import plan_horizon

        return plan_horizon(state, seat)

    def rollout_action(self, state: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
        from ..heuristics import rollout_action

        return rollout_action(self.ctx, state, seat, legal, below)



__all__ = ["SPEC", "Coloma"]
