"""Stepping through a saved game forwards and backwards (`meeple replay FILE`)."""

from __future__ import annotations

import json
from typing import Any

import meeple
from meeple import i18n
from meeple.engine.errors import SaveError

from .session import Reader, Writer
from .text import event_lines


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
        self.catalogue = i18n.catalogue(self.game.rules, lang)
        step = meeple.load_game(json.dumps({**data, "actions": [], "version": self.game.spec.version}))
        self.rules = step.rules
        self.states: list[Any] = [step.rules.copy(step.state)]
        self.moves: list[tuple[int, str]] = self.game.full_log()
        for seat, action in self.moves:
            step.apply(seat, action)
            self.states.append(step.rules.copy(step.state))

    def __len__(self) -> int:
        return len(self.moves)

    def events(self, step: int, viewer: int | None) -> list[str]:
        """What happened in action `step` (1-based), as `viewer` may read it."""
        return event_lines(self.game, viewer, step - 1, catalogue=self.catalogue)[0] if step >= 1 else []

    def render(self, step: int, viewer: int | None, color: bool) -> str:
        return str(self.rules.render(self.states[step], viewer, color))


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

    def say(self, msg: str, **params: object) -> str:
        """One of the terminal's messages in the replay's language."""
        return self.replay.catalogue.text(msg, params)

    def run(self) -> int:
        self.write(f"{self.say('tui.replay_actions', n=len(self.replay))} {self.say('tui.replay_help')}")
        self.show()
        while True:
            line = self.read(f"[{self.step}/{len(self.replay)}] ")
            if line is None:
                return 0
            target = self.target(line.strip().lower())
            if target is None:
                return 0
            if target == self.step and line.strip().lower() not in ("board", "b"):
                self.write(self.say("tui.already_there" if 0 <= target <= len(self.replay) else "tui.replay_help"))
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
                self.write(self.say("tui.game_has", n=last))
                return self.step
            return int(line)
        if line not in ("board", "b"):
            self.write(self.say("tui.replay_help"))
        return self.step

    def show(self) -> None:
        replay = self.replay
        self.write(replay.render(self.step, self.viewer, self.color))
        if self.step == 0:
            self.write(self.say("tui.replay_start"))
            return
        seat, action = replay.moves[self.step - 1]
        lines = replay.events(self.step, self.viewer)
        name = self.say("engine.player", number=seat + 1)
        self.write(self.say("tui.replay_step", step=self.step, total=len(replay), name=name, action=action))
        if lines:
            self.write("\n".join(f"  {text}" for text in lines))
