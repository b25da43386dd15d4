"""City of Remnants: the engine hooks (spec COR): `legal` and `apply` look the phase up in the phase table
(`phases.py`) and call its step with the `engine.Engine`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from meeple.engine.errors import DataError
from meeple.engine.messages import Catalogue as Messages
from meeple.engine.messages import Message, catalogue_of
from meeple.engine.rules import Event, Result, StateRules
from meeple.engine.spec import OptionSpec
from meeple.kit import per_seat, places
from meeple.kit.spec import game_spec

from .. import heuristics, views
from ..actions import Catalogue, default_catalogue
from ..data import DEFAULT_DATA, load_components, reconstructions
from ..messages import DESCRIPTION, catalogue
from ..state import NOTHING_SHOWN, State
from ..tuning import tuned
from .core import OTHER_DECIDERS
from .engine import Engine
from .phases import PHASES

# the legal actions of the phases where the active seat decides (not `OTHER_DECIDERS`), looked up first by `legal`
ACTIVE_LEGAL = {phase: step.legal for phase, step in PHASES.items() if phase not in OTHER_DECIDERS}
APPLY = {phase: step.apply for phase, step in PHASES.items()}  # what an action does in each phase

VERSION = 1
# The search bot's default budget here: 1,000 visits per decision, like the other games; a City of Remnants turn is
# many small decisions, most of them settled early (the search stops once no action can overtake the most visited),
# so the median decision stays under half a second (docs/benchmarks.md).
SEARCH_ITERATIONS = 1000

SPEC = game_spec(
    "meeple.games.cityofremnants", (2, 4), title="City of Remnants", version=VERSION,
    options=(OptionSpec("leaders", "random", ("random", "pick"),
                        "gang leaders dealt at random, or picked in the order of a d6 roll (COR-5.3)"),),
    information="imperfect",
    chance="seeded",
    hides={"hand": "cards", "draw": "cards", "pending": "cards", "committed": "cards", "gm_deck": "cards",
           "bm_deck": "cards", "coord_deck": "cards", "rng": "stream"},
    simultaneous=True,
    max_game_length=200_000,
    num_distinct_actions=len(default_catalogue().table),
    description=DESCRIPTION,
    metrics=("renown", "arc", "developments", "battles_won"),
    roles="gang",
    search_iterations=SEARCH_ITERATIONS,
    # With early stops the search bot won 26 of 40 three-player games against greedy (65 %, 95 % CI 49.5-77.9),
    # below the 79.5 % it won before (its plan values crowd at 0 and 1), so it plays out its whole budget. With it,
    # 181 of 200 two-player games (90.5 %, 85.6-93.8; docs/benchmarks.md).
    search_settles=False,
    bot_targets={"greedy_vs_random": 0.90, "ismcts_vs_greedy": 0.75, "median_decision_seconds": 0.5},
    # The search beats greedy 181 of 200 at 2 players, so Hard is the search at 20 iterations a decision. Each level
    # beat the one below 47, 44 and 44 times of 60 at 2 players (meeple arena levels --games 60, 2026-12-01;
    # docs/benchmarks.md).
    bot_levels={"easy": "greedy:50%", "medium": "greedy", "hard": "ismcts:20"},
)


class CityOfRemnants(StateRules[State]):
    """The rules of City of Remnants for 2, 3 (board side B) and 4 players."""

    spec = SPEC
    state_type = State

    def __init__(self, data: str | Path | None = None) -> None:
        self.comp = load_components(data)
        self.cat = Catalogue(self.comp) if data is not None else default_catalogue()
        if len(self.cat.table) != SPEC.num_distinct_actions:
            raise DataError(f"{self.comp.path}: a corrected data file may not change the number of actions "
                            "(cards, tokens, shapes, bid range)")
        self.actions = self.cat.table
        self.eng = Engine(self.comp, self.cat)
        self.acts = self.cat.acts  # each action's structure (`apply` reads it first)
        self._messages = catalogue(self.comp)

    # -- the six hooks ---------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> State:
        return self.eng.setup(players, options, seed)

    def deciders(self, state: State) -> list[int]:
        if state.phase not in OTHER_DECIDERS:  # most decisions: the active seat's (`Core.deciders` written out)
            return [] if state.over else [state.active]
        if state.over:
            return []
        # the other deciders' phases of `Core.deciders`, written out
        phase = state.phase
        if phase == "bid":
            assert state.auction is not None
            return [state.auction.turn]
        if phase == "reset":  # in seat order (no name of this function read inside: it would become a cell)
            return [p for p, done in enumerate(state.reset_done) if not done]
        if phase == "leaders":
            return [state.pick_order[0]]
        assert state.battle is not None  # the battle's phases
        return [state.battle.who]

    def is_over(self, state: State) -> bool:
        return state.over

    def legal(self, state: State, seat: int) -> list[int]:
        """The legal actions of the seat, in ascending order (each phase lists its own so, `phases.py`)."""
        phase = state.phase
        own = ACTIVE_LEGAL.get(phase)  # most decisions: the active seat's own (the rest below)
        if own is not None and seat == state.active and not state.over:
            out: list[int] = []
            own(self.eng, state, seat, out)
            return out
        step = PHASES.get(phase)
        if step is None or state.over:
            return []
        if phase in OTHER_DECIDERS:
            # whether the seat is among `Core.deciders`, without building that list
            if phase == "reset":
                if not 0 <= seat < state.players or state.reset_done[seat]:
                    return []
            elif phase == "bid":
                assert state.auction is not None
                if seat != state.auction.turn:
                    return []
            elif phase == "leaders":
                if seat != state.pick_order[0]:
                    return []
            else:  # the battle's phases
                assert state.battle is not None
                if seat != state.battle.who:
                    return []
        elif seat != state.active:
            return []
        out = []
        step.legal(self.eng, state, seat, out)
        return out

    def apply(self, state: State, seat: int, action: int, events: list[Event] | None = None) -> None:
        s, eng = state, self.eng
        act = self.acts[action]
        shown = s.shown
        phase = s.phase
        if (s.last_rolls or shown is not NOTHING_SHOWN) and not (
                phase == "reset" or phase == "commit" or (phase == "effect" and s.effect is not None
                                                          and s.effect.stage == "coord")):  # `Core.secret_kind`
            # What the last public action rolled and revealed stays in view until the next one: a step of a secret
            # choice changes nothing anyone else sees.
            if s.last_rolls:
                s.last_rolls = []  # the chance outcomes of this action, shown to everyone (COR-0.15)
            if shown is not NOTHING_SHOWN and (shown.reset is not None or shown.battle is not None
                                               or shown.cards is not None):  # a copy's Revealed may be empty
                s.shown = NOTHING_SHOWN
        if act.kind == "play":
            eng.play_card(s, seat, act.card, events)
        else:
            APPLY[phase](eng, s, seat, act, events)

    def check(self, state: State, seat: int, action: int) -> Event | None:
        """None when the action is legal now; otherwise the reason as a message naming the phase and, where the
        phase has one, its help (what it expects)."""
        if action in self.legal(state, seat):
            return None
        if state.over:
            return Event("engine.game_over")
        phase = f"@phase.{state.phase}"
        if f"help.{state.phase}" in self._messages:
            return Event("error.not_now", {"phase": phase, "help": f"@help.{state.phase}"})
        return Event("error.not_now_phase", {"phase": phase})

    def secret(self, state: State, seat: int, action: int) -> str | bool:
        """The Reset discards (COR-6.5, kind "discard"), the cards committed face down to a battle (COR-18.3, 18.6,
        "commit") and the order in which a player puts back the coordinate cards they looked at (COR-4.6, "coord").
        Each is revealed by its own rule only: a Reset its discards, a battle its commits; the order put back is
        never revealed (the patrol's draw shows the cards it draws, COR-22.2)."""
        return self.eng.secret_kind(state) or False

    def undoable(self, before: State, after: State, seat: int, action: int, events: Sequence[Event]) -> bool:
        """An action may be taken back while its turn lasts when it left everything the seat cannot see as it was
        (the others' hands, piles and committed cards, the decks, its own draw pile and the stream that rolls the
        dice), so it drew and rolled nothing and showed the seat nothing new, and it told nobody else anything in
        private."""
        return (views.hidden_values(self.eng, before, seat) == views.hidden_values(self.eng, after, seat)
                and before.draw[seat] == after.draw[seat]
                and all(e.seats is None or e.seats <= {seat} for e in events))

    def result(self, state: State) -> Result:
        eng = self.eng
        n = state.players
        ranking = places(range(n), lambda p: eng.rank_key(state, p))
        scores = per_seat(lambda p: eng.score(state, p), n)
        reason = state.end_reason or "end.exhausted"
        # COR-24.6: the tie-breakers, as the final figures the end screen labels.
        figures = {"figure.score": scores, "figure.arc": per_seat(state.arc, n),
                   "figure.influence": per_seat(state.influence, n),
                   "figure.on_board": per_seat(lambda p: eng.on_board(state, p), n)}
        return Result(ranking, sorted(ranking[0]), False, scores, reason,
                      {"round": state.round, "winner_seats": sorted(ranking[0])}, figures=figures,
                      tiebreak=["figure.arc", "figure.influence", "figure.on_board"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(self.eng, state, seat)

    def timeout_action(self, state: State, seat: int) -> int | None:
        """COR-27.3: pass a bid, commit no cards, fight rather than bribe, reroll nothing, lose the weakest unit
        card, discard nothing, and on the seat's own turn refresh discarding nothing, then end the turn."""
        return self.eng.timeout_action(state, seat, self.legal(state, seat))

    # -- copies and data ---------------------------------------------------------------------------
    def sample(self, state: State, seat: int, rng: int) -> State:
        return views.sample(self.eng, state, seat, rng)

    def scenario(self, description: Mapping[str, Any]) -> State:
        from ..scenario import build

        state: State = build(self.eng, description)
        return state

    def render(self, state: State, seat: int | None, color: bool = True, catalogue: Messages | None = None) -> str:
        from ..render import render

        return render(self.eng, state, seat, color, catalogue or catalogue_of(self))

    def screens(self, state: State, seat: int | None, color: bool = True,
                catalogue: Messages | None = None) -> dict[str, str]:
        from ..render import screens

        return screens(self.eng, state, seat, color, catalogue or catalogue_of(self))

    # -- faces -------------------------------------------------------------------------------------
    def messages(self) -> Mapping[str, Message]:
        return self._messages

    def reconstructions(self) -> list[str]:
        return reconstructions(self.comp)

    def tuned_values(self) -> list[str]:
        return tuned(self.comp)

    def data_path(self) -> str | None:
        return self.comp.path if Path(self.comp.path) != DEFAULT_DATA else str(DEFAULT_DATA)

    def client_data(self) -> dict[str, Any]:
        return views.client_data(self.eng)

    def statistics(self, state: State) -> dict[str, Any]:
        return views.statistics(self.eng, state)

    # -- bots --------------------------------------------------------------------------------------
    def evaluate(self, state: State, seat: int) -> float:
        return heuristics.evaluate(self.eng, state, seat)

    def plan_horizon(self, state: State, seat: int) -> bool:
        return heuristics.plan_horizon(state, seat)

    def hint_reason(self, before: State, after: State, seat: int, action: int) -> Event | None:
        return heuristics.hint_reason(self.eng, before, after, seat, action)

    def rollout_action(self, state: State, seat: int, legal: Sequence[int], below: Callable[[int], int]) -> int:
        return heuristics.rollout_action(self.eng, state, seat, legal, below)

    # -- tests -------------------------------------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        return views.invariants(self.eng, state)

    def hidden_values(self, state: State, viewer: int | None) -> list[Any]:
        return views.hidden_values(self.eng, state, viewer)


__all__ = ["SPEC", "CityOfRemnants"]
