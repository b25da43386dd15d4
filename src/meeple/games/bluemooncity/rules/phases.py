"""Blue Moon City's phase table: per phase of a turn, what is legal and what each action it accepts does (BMC-3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from meeple.engine.rules import Event

from ..actions import (
    CONTRIB,
    DONE,
    DRAGON1,
    DRAGON2,
    END,
    GOLDEN,
    HOSPITAL,
    INDEX,
    LUX,
    MAINHALL,
    OFFER,
    PAY,
    PILLAR,
    REFILL,
    SKIP,
    STEP,
    VENTI1,
    VENTI2,
    Act,
)
from ..state import CONTRIB as PHASE_CONTRIB
from ..state import EXTRA, MOVE, OVER, PHASE_NAMES, State
from ..state import PAY as PHASE_PAY
from ..state import REFILL as PHASE_REFILL
from . import contribution as contrib
from . import movement, turn
from .context import Ctx, refuse

Check = Callable[[Ctx, State, Act], "Event | None"]
Apply = Callable[[Ctx, State, Act, "list[Event] | None"], None]
Legal = Callable[[Ctx, State, list[int]], None]

MOVE_KINDS = (STEP, VENTI1, VENTI2, DRAGON1, DRAGON2)
EXTRA_KINDS = (MAINHALL, HOSPITAL, GOLDEN, SKIP)
KINDS = REFILL + 1
_END = INDEX[Act(END)]


class Move(NamedTuple):
    """What an action of one kind does in a phase: why it is refused (None: accepted) and how it applies."""

    check: Check
    apply: Apply


class Phase(NamedTuple):
    """One phase of a turn: the legal actions it lists, and the moves it accepts by action kind."""

    legal: Legal
    moves: dict[int, Move]


# ---------------------------------------------------------------- legal actions per phase
def _legal_movement(ctx: Ctx, s: State, out: list[int]) -> None:
    movement.legal_moves(ctx, s, out)
    contrib.legal_contrib(ctx, s, out)
    out.append(_END)


def _legal_contribution(ctx: Ctx, s: State, out: list[int]) -> None:
    contrib.legal_contrib(ctx, s, out)
    out.append(_END)


def _legal_refill(ctx: Ctx, s: State, out: list[int]) -> None:
    turn.legal_refill(s, out)


def _legal_none(ctx: Ctx, s: State, out: list[int]) -> None:
    return None


# ---------------------------------------------------------------- moves that need more than one module
def _accept(ctx: Ctx, s: State, act: Act) -> Event | None:
    return None


def _check_offer(ctx: Ctx, s: State, act: Act) -> Event | None:
    return contrib.check_offer(ctx, s, None if act.kind == OFFER else act.card)


def _apply_offer(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    contrib.apply_offer(ctx, s, None if act.kind == OFFER else act.card, events)
    turn.check_offering_win(ctx, s, events)
    if not s.over:
        turn.enter_contribution(ctx, s, events)


def _check_pay(ctx: Ctx, s: State, act: Act) -> Event | None:
    return contrib.check_pay_card(ctx, s, act.card)


def _apply_pay(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    contrib.apply_pay_card(s, act.card)


def _check_lux(ctx: Ctx, s: State, act: Act) -> Event | None:
    return contrib.check_lux(ctx, s, act.card, act.colour)


def _apply_lux(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    contrib.apply_lux(ctx, s, act.card, act.colour, events)


def _check_done(ctx: Ctx, s: State, act: Act) -> Event | None:
    return contrib.check_done(ctx, s)


def _apply_done(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    contrib.apply_done(ctx, s, events)
    turn.check_no_markers(s, events)
    if not s.over:
        turn.enter_contribution(ctx, s, events)


def _end_movement(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    turn.enter_contribution(ctx, s, events)


def _end_contribution(ctx: Ctx, s: State, act: Act, events: list[Event] | None) -> None:
    turn.end_contribution(ctx, s, events)


# ---------------------------------------------------------------- the table
_MOVEMENT = Move(movement.check_move, movement.apply_move)
_CONTRIBUTE = Move(contrib.check_contrib, contrib.apply_contrib)
_OFFER = Move(_check_offer, _apply_offer)
_EXTRA = Move(turn.check_extra, turn.apply_extra)

PHASES: dict[int, Phase] = {
    MOVE: Phase(_legal_movement, {**dict.fromkeys(MOVE_KINDS, _MOVEMENT), END: Move(_accept, _end_movement),
                                  CONTRIB: _CONTRIBUTE, OFFER: _OFFER, PILLAR: _OFFER}),
    PHASE_CONTRIB: Phase(_legal_contribution, {END: Move(_accept, _end_contribution), CONTRIB: _CONTRIBUTE,
                                               OFFER: _OFFER, PILLAR: _OFFER}),
    PHASE_PAY: Phase(contrib.legal_pay, {PAY: Move(_check_pay, _apply_pay), LUX: Move(_check_lux, _apply_lux),
                                         DONE: Move(_check_done, _apply_done)}),
    EXTRA: Phase(turn.legal_extra, dict.fromkeys(EXTRA_KINDS, _EXTRA)),
    PHASE_REFILL: Phase(_legal_refill, {REFILL: Move(turn.check_refill, turn.apply_refill)}),
    OVER: Phase(_legal_none, {}),
}


def out_of_phase(kind: int, phase: int) -> Event:
    """Why an action of this kind is refused in a phase that does not accept it."""
    name = f"@phase.{PHASE_NAMES[phase]}"
    if kind in MOVE_KINDS:
        return refuse("refuse.movement_over") if phase in (PHASE_CONTRIB, EXTRA, PHASE_REFILL) \
            else refuse("refuse.not_in_phase", phase=name)
    if kind == END:
        return refuse("refuse.end_phase", phase=name)
    if kind in (CONTRIB, OFFER, PILLAR):
        return refuse("refuse.contribution_phase", phase=name)
    if kind in (PAY, LUX, DONE):
        return refuse("refuse.no_payment")
    if kind in EXTRA_KINDS:
        return refuse("refuse.extra_after")
    if kind == REFILL:
        return refuse("refuse.refill_after")
    return refuse("refuse.unknown")


# Fast lookups for the hot path: per phase, a list of the legal-action function and of apply functions by kind.
LEGAL: tuple[Legal, ...] = tuple(PHASES[phase].legal for phase in range(len(PHASES)))
APPLY: tuple[tuple[Apply | None, ...], ...] = tuple(
    tuple(move.apply if (move := PHASES[phase].moves.get(kind)) else None for kind in range(KINDS))
    for phase in range(len(PHASES)))
