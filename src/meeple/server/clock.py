"""Game clocks: time per move or per game for the deciding seats, and what happens when it runs out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MODES = ("move", "game")
POLICIES = ("default", "bot", "forfeit")


@dataclass(frozen=True)
class ClockSpec:
    """A clock chosen at creation: `move` gives each move (a seat's whole turn) `seconds`, `game` a bank for
    the whole game; on timeout the game's default move is played for the seat (`default`, where the game names
    one: `Rules.timeout_action`), a bot of level `bot` plays for it, or the seat forfeits."""

    mode: str
    seconds: float
    on_timeout: str
    bot: str = "greedy"


def new_clock(spec: ClockSpec, players: int) -> dict[str, Any]:
    """The stored clock: the spec, time left per seat, who is running since when, seats taken over by bots."""
    return {
        "mode": spec.mode, "seconds": spec.seconds, "on_timeout": spec.on_timeout, "bot": spec.bot,
        "left": [spec.seconds] * players, "running": [], "since": None, "auto": [],
    }


def advance(clock: dict[str, Any], humans: list[int], deciders: list[int], now: float) -> dict[str, Any]:
    """Charge the running seats for the time since the last change and start the seats that decide now.

    A seat's move lasts as long as it stays among the deciders, so a turn made of many small actions counts once.
    """
    c = dict(clock)
    left = list(c["left"])
    running = list(c["running"])
    if c["since"] is not None:
        for s in running:
            left[s] = max(0.0, left[s] - (now - c["since"]))
    auto = list(c["auto"])
    if c["mode"] == "move":
        # A bot that took over one move gives the seat back once that move is over.
        auto = [s for s in auto if s in deciders]
    new_running = [s for s in deciders if s in humans and s not in auto]
    if c["mode"] == "move":
        for s in new_running:
            if s not in running:
                left[s] = float(c["seconds"])
    c.update(left=left, running=new_running, since=now if new_running else None, auto=auto)
    return c


def deadline(clock: dict[str, Any] | None) -> float | None:
    """When the first running seat runs out of time (None when no clock runs)."""
    if not clock or not clock["running"] or clock["since"] is None:
        return None
    return float(clock["since"]) + float(min(clock["left"][s] for s in clock["running"]))


def expired(clock: dict[str, Any], now: float) -> list[int]:
    """Running seats whose time is used up at `now`."""
    if clock["since"] is None:
        return []
    return [s for s in clock["running"] if clock["left"][s] - (now - clock["since"]) <= 1e-6]


def public(clock: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """What every viewer may know of the clock: time left per seat right now."""
    if not clock:
        return None
    left = list(clock["left"])
    if clock["since"] is not None:
        for s in clock["running"]:
            left[s] = max(0.0, left[s] - (now - clock["since"]))
    return {"mode": clock["mode"], "seconds": clock["seconds"], "on_timeout": clock["on_timeout"],
            "left": [round(x, 2) for x in left], "running": list(clock["running"]), "auto": list(clock["auto"])}
