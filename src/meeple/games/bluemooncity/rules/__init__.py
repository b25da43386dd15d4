"""Blue Moon City rules: the engine hooks, dispatching each action to the module of its phase."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from meeple.engine.messages import Catalogue, Message, catalogue_of
from meeple.engine.rng import seed_stream
from meeple.engine.rules import Event, Result
from meeple.kit import ContextRules, per_seat, places

from .. import views as view_mod
from ..actions import ACTS, TABLE
from ..data import load_components
from ..messages import catalogue
from ..spec import SPEC, VERSION
from ..state import OVER, PHASE_NAMES, State, seat_cards
from ..state import PAY as PHASE_PAY
from ..state import REFILL as PHASE_REFILL
from . import turn
from .context import Ctx
from .phases import APPLY, LEGAL, PHASES, out_of_phase
from .setup import new_state

SAMPLE_TRIES = 50

class BlueMoonCity(ContextRules[State, Ctx]):
    """The rules of Blue Moon City (both editions, the expansion and the open layout)."""

    spec = SPEC
    state_type = State
    view_module = view_mod
    actions = TABLE

    def __init__(self, data: str | Path | None = None) -> None:
        self.ctx = Ctx(load_components(data))
        self._messages = catalogue(self.ctx.comp)

    # -- setup and turn order ----------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return new_state(self.ctx, players, options, seed)

    def deciders(self, state: State) -> list[int]:
        return [] if state.over else [state.active]

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        n = state.players
        if state.draw:
            ranking = [list(range(n))]
        else:
            # The players after the winner(s) are ordered by offerings, then crystals.
            others = [p for p in range(n) if p not in state.winners]
            ranking = [list(state.winners), *places(others, lambda p: (state.offerings[p], state.crystals[p]))]
        scores = per_seat(state.offerings, n)
        crystals = per_seat(state.crystals, n)
        return Result(ranking, list(state.winners), state.draw, scores, state.end_reason, end_params(state),
                      figures={"figure.offerings": scores, "figure.crystals": crystals},
                      tiebreak=["figure.crystals"])

    # -- legal actions and moves: the phase table (phases.py) ---------------------------
    def legal(self, state: State, seat: int) -> list[int]:
        if state.over or seat != state.active:
            return []
        out: list[int] = []
        LEGAL[state.phase](self.ctx, state, out)
        out.sort()
        return out

    def check(self, state: State, seat: int, action: int) -> Event | None:
        reason = self._check(state, seat, action)
        return reason if reason is None else self.ctx.edition_event(state, reason)

    def _check(self, state: State, seat: int, action: int) -> Event | None:
        act = ACTS[action]
        move = PHASES[state.phase].moves.get(act.kind)
        return out_of_phase(act.kind, state.phase) if move is None else move.check(self.ctx, state, act)

    def apply(self, state: State, seat: int, action: int, events: list[Event] | None = None) -> None:
        act = ACTS[action]
        move = APPLY[state.phase][act.kind]
        if move is None:
            raise ValueError(f"{TABLE.text(action)!r} is not an action of the {PHASE_NAMES[state.phase]} phase")
        move(self.ctx, state, act, events)
        # BMC-10.2 needs at least the base city rebuilt (the first test of turn.all_rebuilt), looked at here before
        # calling further.
        if state.rebuilt.count(True) >= turn.SMALLEST_CITY:
            turn.check_rebuilt_city_end(self.ctx, state, events)

    def undoable(self, before: State, after: State, seat: int, action: int, events: Sequence[Event]) -> bool:
        # Hidden from everybody are only the deck and the stream that reshuffles it: an action that leaves both as
        # they were drew no card (refill, Hospital, card rewards) and showed nobody anything new.
        return before.rng == after.rng and before.deck == after.deck

    # -- views, copies, saves --------------------------------------------------------
    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        return view_mod.views(self.ctx, state, seats)

    def sample(self, state: State, seat: int, rng: int) -> State:
        # Everybody knows that an open payment can be finished (BMC-5.2): redeal until the active hand can
        # finish it; if no redeal can, keep the active player's real hand rather than return a stuck state.
        stream = rng
        for _ in range(SAMPLE_TRIES):
            out = view_mod.sample(state, seat, stream)
            if state.phase != PHASE_PAY or seat == state.active or self.legal(out, state.active):
                return out
            stream = seed_stream(stream, 2)
        return view_mod.sample(state, seat, rng, keep=state.active)

    def scenario(self, description: Mapping[str, Any]) -> State:
        # Imported here: the scenario builder uses the rules' phase modules (this package), not the other way.
        from ..scenario import build

        state: State = build(self.ctx, description)
        return state

    def render(self, state: State, seat: int | None, color: bool = True, catalogue: Catalogue | None = None) -> str:
        from ..render import render

        return self.ctx.edition_text(state, render(self.ctx, state, seat, color, catalogue or catalogue_of(self)))

    def screens(self, state: State, seat: int | None, color: bool = True,
                catalogue: Catalogue | None = None) -> dict[str, str]:
        from ..render import screens

        parts = screens(self.ctx, state, seat, color, catalogue or catalogue_of(self))
        return {name: self.ctx.edition_text(state, text) for name, text in parts.items()}

    def explain(self, state: State, seat: int | None, words: Sequence[str]) -> list[Event] | None:
        from ..explain import explain

        return explain(self.ctx, state, words)

    # -- what the faces show ------------------------------------------------------------
    def messages(self) -> Mapping[str, Message]:
        return self._messages

    def reconstructions(self) -> list[str]:
        return list(self.ctx.comp.reconstructions())

    def data_path(self) -> str | None:
        return str(self.ctx.comp.path)

    def history_statistics(self, state: State, events: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, Any]:
        return view_mod.history_statistics(events)

    def evaluate(self, state: State, seat: int) -> float:
        from ..heuristics import evaluate

        return float(evaluate(self.ctx, state, seat))

    def hint_reason(self, before: State, after: State, seat: int, action: int) -> Event | None:
        from ..heuristics import hint_reason

        return hint_reason(self.ctx, before, after, seat, action)

    def plan_horizon(self, state: State, seat: int) -> bool:
        # The refill draws unseen cards: the search of a turn stops before it, the refill is chosen on its own.
        return state.over or state.active != seat or state.phase == PHASE_REFILL

    def plan_value(self, states: Sequence[State], seat: int) -> float:
        from ..heuristics import turn_value

        return float(turn_value(self.ctx, list(states), seat))

    def evaluate_actions(self, state: State, seat: int, legal: Sequence[int]) -> list[float]:
        from ..heuristics import action_values

        return action_values(self.ctx, state, seat, legal, self.apply)

    def rollout_action(self, state: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
        # The action the evaluation likes best (the first of equals), as greedy plays: an action the search has
        # tried only a few times is then judged by a fair rest of the turn. Rollouts that ended the turn at once
        # judged it as doing nothing more, so the action whose rest the tree had worked out looked best.
        values = self.evaluate_actions(state, seat, legal)
        return legal[values.index(max(values))]

    def replay_difference(self, version: int, state: State, last: bool) -> str | None:
        # Version 1 differs in two rules only. Until every building is rebuilt, its end stage (BMC-10.2) is never
        # reached. Its 2006 reward cards of another player's turn went straight into the hand (BMC-6.7); now they
        # reach the same hand at the end of that turn, and no rule reads a hand other than the active player's
        # before then, so play is the same and only a log that stops within such a turn ends elsewhere.
        if turn.all_rebuilt(state):
            return "every building is rebuilt, and the end of the game from there on has changed (BMC-10.2)"
        if last and any(any(seat_cards(state.pending, p))
                        for p in range(state.players) if p != state.active):
            return ("the log stops while reward cards received in another player's turn wait face down; version 1 "
                    "put them into the hand at once (BMC-6.7)")
        return None

    def invariants(self, state: State) -> list[str]:
        return view_mod.invariants(self.ctx, state)

    def hidden_values(self, state: State, viewer: int | None) -> list[Any]:
        return view_mod.hidden_values(state, viewer)


def end_params(state: State) -> dict[str, Any]:
    """The parameters of the message that says why the game ended (`state.end_reason`)."""
    if state.end_reason == "end.offerings" and state.winners:
        return {"seat": state.winners[0], "offerings": state.offerings[state.winners[0]]}
    return {"winner_seats": list(state.winners)}


__all__ = ["OVER", "SPEC", "VERSION", "BlueMoonCity"]
