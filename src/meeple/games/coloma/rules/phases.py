"""Coloma's phase table: per step of the game (a phase, or a sub-decision of a turn), what is legal and what an
action does. The steps are the phases of COL-5 (keep, event, select, turn) and a turn's sub-decisions (COL-17.4's
discard, the Barker's Trade of COL-14, the Wagon action of COL-13)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from meeple.engine.rules import Event
from meeple.kit import Events

from ..actions import Act
from ..state import DISCARD, EVENT, KEEP, NO_SUB, SELECT, TURN, State
from ..state import TRADE as SUB_TRADE
from ..state import WAGON as SUB_WAGON
from . import flow, turn, wagon
from .context import Ctx
from .effects import put_back

Legal = Callable[[Ctx, State, int, list[int]], None]
Apply = Callable[[Ctx, State, int, Act, Events], None]


class Step(NamedTuple):
    """One step of the game: the legal actions it lists for a seat, and what an action of it does."""

    legal: Legal
    apply: Apply


def step_of(s: State) -> str:
    """The step the game is in: a turn's open sub-decision, else the phase."""
    return s.sub if s.phase == TURN and s.sub != NO_SUB else s.phase


# ---------------------------------------------------------------- keep (COL-6) and a turn's discard (COL-17.4)
def _legal_return(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    for slot in range(len(s.hands[seat])):
        out += ctx.returns[slot]


def _apply_return(ctx: Ctx, s: State, seat: int, act: Act, events: Events) -> None:
    put_back(s, seat, act.slot, act.bottom == 1)
    if events is not None:
        events.append(Event("card.returned_bottom" if act.bottom else "card.returned_top", {"seat": seat}))
    if s.phase == TURN and not s.returns[seat]:
        s.sub = NO_SUB
        turn.after_effects(s, seat)


# ---------------------------------------------------------------- event (COL-9) and select (COL-7)
def _legal_exchange(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    out += ctx.exchanges[:flow.exchange_limit(ctx, s, seat) + 1]


def _apply_exchange(ctx: Ctx, s: State, seat: int, act: Act, events: Events) -> None:
    flow.apply_exchange(ctx, s, seat, act.amount, events)


def _legal_dial(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    out += ctx.dials


def _apply_dial(ctx: Ctx, s: State, seat: int, act: Act, events: Events) -> None:
    flow.set_dial(ctx, s, seat, act.site, events)


# ---------------------------------------------------------------- a turn (COL-8) and its Trade and Wagon steps
def _legal_trade(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    turn.legal_trade(ctx, s, out)


def _legal_wagon(ctx: Ctx, s: State, seat: int, out: list[int]) -> None:
    wagon.legal(ctx, s, out)


def _apply_wagon(ctx: Ctx, s: State, seat: int, act: Act, events: Events) -> None:
    turn.apply_wagon(ctx, s, act, events)


STEPS: dict[str, Step] = {
    KEEP: Step(_legal_return, _apply_return),
    EVENT: Step(_legal_exchange, _apply_exchange),
    SELECT: Step(_legal_dial, _apply_dial),
    TURN: Step(turn.legal_turn, turn.apply_turn),
    DISCARD: Step(_legal_return, _apply_return),
    SUB_TRADE: Step(_legal_trade, turn.apply_turn),
    SUB_WAGON: Step(_legal_wagon, _apply_wagon),
}

# The hot path's lookups (`step_of` written out by the rules): per step, its legal-action and apply functions.
LEGAL: dict[str, Legal] = {name: step.legal for name, step in STEPS.items()}
APPLY: dict[str, Apply] = {name: step.apply for name, step in STEPS.items()}
