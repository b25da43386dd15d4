"""Stepping through a saved game forwards and backwards (`meeple replay FILE`)."""

from __future__ import annotations

import json
from typing import Any

import meeple
from meeple import i18n
from meeple.engine.errors import SaveError

from .lines import Reader
from .messages import tui_catalogue
from .session import Writer
from .text import result_lines


class Replay:
    """Every position of a saved game, computed once, with what happened at each step."""

    def __init__(self, text: str, lang: str = i18n.DEFAULT) -> None:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"not a saved game: invalid JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            raise SaveError("not a saved game: it has no list of actions")
        # Loading checks every action and, for a save of older rules, that they replay it as it was played.
        self.game = meeple.load_game(text)
        step = meeple.load_game(json.dumps({**data, "actions": [], "version": self.game.spec.version}))
        self.rules = step.rules
        self.lang = lang
        self.catalogue = tui_catalogue(self.game, lang)
        self.states: list[Any] = [step.rules.copy(step.state)]
        self.moves: list[tuple[int, str]] = self.game.full_log()
        for seat, action in self.moves:
            step.apply(seat, action)
            self.states.append(step.rules.copy(step.state))

        # A turn starts where another seat acts than in the action before (a seat's run of decisions).
        self.turns: list[int] = [n for n, (seat, _) in enumerate(self.moves) if n == 0 or self.moves[n - 1][0] != seat]

    def turn_of(self, step: int) -> int:
        """The turn (1-based; 0 at the start) whose action `step` (1-based) is, or the last turn begun by then."""
        return sum(1 for start in self.turns if start < step)

    def __len__(self) -> int:
        return len(self.moves)

    def events(self, step: int, viewer: int | None) -> list[str]:
        """What happened in action `step` (1-based), as `viewer` may read it."""
        if step < 1:
            return []
        return [self.catalogue.event_text(e) for e in self.game.events(viewer, step - 1)[0]]

    def render(self, step: int, viewer: int | None, color: bool) -> str:
        return str(self.rules.render(self.states[step], viewer, color, self.catalogue))


class ReplaySession:
    """The loop of `meeple replay`."""

    def __init__(self, replay: Replay, read: Reader, write: Writer, viewer: int | None = None,
                 color: bool = False) -> None:
        self.replay = replay
        self.read = read
        self.write = write
        self.viewer = viewer
        self.color = color
        self.step = 0
        self.cat = replay.catalogue

    def help(self) -> str:
        return self.cat.text("tui.replay_help")

    def run(self) -> int:
        self.write(self.cat.text("tui.replay_count", {"count": len(self.replay)}) + " " + self.help())
        self.show()
        while True:
            line = self.read(f"[{self.step}/{len(self.replay)}] ")
            if line is None:
                return 0
            target = self.target(line.strip().lower())
            if target is None:
                return 0
            if target == self.step and line.strip().lower() not in ("board", "b"):
                self.write(self.cat.text("tui.replay_there"))
                continue
            self.step = target
            self.show()

    def target(self, line: str) -> int | None:
        """The step an input line asks for; None to quit; the current step when the line is not understood."""
        last = len(self.replay)
        if line in ("q", "quit", "exit"):
            return None
        if line in ("", "n", "next", "f"):
            return min(self.step + 1, last)
        if line in ("p", "prev", "previous", "back"):
            return max(self.step - 1, 0)
        if line in ("start", "first"):
            return 0
        if line in ("end", "last"):
            return last
        if line.isdigit():
            if int(line) > last:
                self.write(self.cat.text("tui.replay_length", {"count": last}))
                return self.step
            return int(line)
        turn = self.turn_target(line)
        if turn is not None:
            return turn
        if line not in ("board", "b"):
            self.write(self.help())
        return self.step

    def turn_target(self, line: str) -> int | None:
        """The step a turn command asks for (the position before the turn's first action), None if it is none."""
        starts = self.replay.turns
        now = self.replay.turn_of(self.step + 1)  # the turn whose next action comes now
        words = line.split()
        if line in ("t+", "]", "next turn", "nt"):
            wanted = now + 1
        elif line in ("t-", "[", "previous turn", "pt"):
            wanted = now - 1 if self.step == (starts[now - 1] if now else 0) else now
        elif len(words) == 2 and words[0] in ("t", "turn") and words[1].isdigit():
            wanted = int(words[1])
            if not 1 <= wanted <= len(starts):
                self.write(self.cat.text("tui.replay_turns", {"count": len(starts)}))
                return self.step
        else:
            return None
        if wanted < 1:
            return 0
        return starts[wanted - 1] if wanted <= len(starts) else len(self.replay)

    def show(self) -> None:
        replay = self.replay
        self.write(replay.render(self.step, self.viewer, self.color))
        if self.step == 0:
            self.write(self.cat.text("tui.replay_start"))
            return
        seat, action = replay.moves[self.step - 1]
        lines = replay.events(self.step, self.viewer)
        self.write(self.cat.text("tui.replay_step", {"step": self.step, "total": len(replay),
                                                     "name": self.cat.seat_name(seat), "action": action}))
        if lines:
            self.write("\n".join(f"  {text}" for text in lines))
        if self.step == len(replay) and replay.game.is_over():
            names = [self.cat.seat_name(s) for s in range(replay.game.players)]
            self.write("\n".join(result_lines(self.cat, replay.game.result(), names)))
