"""A game in the terminal: people and bots take turns; people choose by number or by notation."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import meeple
from meeple.agents import Agent, make_agent

from .help import legend, phase_help, status
from .text import columns, event_lines, seat_name

HUMAN_NAMES = ("me", "human", "you")
SAVE_SEATS_KEY = "seats"
PASS_BLANK_LINES = 40  # scrolls the last person's table out of sight before the keyboard is passed
Reader = Callable[[str], "str | None"]
Writer = Callable[[str], None]


def is_human(name: str) -> bool:
    return name.strip().lower() in HUMAN_NAMES


def make_bots(seats: list[str], seed: int) -> list[Agent | None]:
    """One bot per bot seat (None for people); bot seeds derive from the game seed and the seat."""
    return [None if is_human(name) else make_agent(name, seed=seed * 31 + seat + 1) for seat, name in enumerate(seats)]


def save_text(game: meeple.Game, seats: list[str]) -> str:
    """The engine's save (replayable by `meeple.load_game` and `meeple replay`) plus who sat where."""
    data = game.to_dict()
    data[SAVE_SEATS_KEY] = list(seats)
    return json.dumps(data, separators=(",", ":"))


def load_save(text: str) -> tuple[meeple.Game, list[str] | None]:
    game = meeple.load_game(text)
    try:
        seats = json.loads(text).get(SAVE_SEATS_KEY)
    except (json.JSONDecodeError, AttributeError):
        seats = None
    return game, seats if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else None


class PlaySession:
    """The loop of `meeple play`, with input and output passed in so that it runs with or without a terminal."""

    def __init__(self, game: meeple.Game, seats: list[str], read: Reader, write: Writer, color: bool = False,
                 save_path: Path | None = None) -> None:
        self.game = game
        self.seats = seats
        self.bots = make_bots(seats, game.seed)
        self.read = read
        self.write = write
        self.color = color
        self.save_path = save_path or Path(f"meeple-{game.game_id}-{game.seed}.json")
        humans = [s for s, bot in enumerate(self.bots) if bot is None]
        # One person sees their own seat throughout; several at one keyboard (hot-seat) see the table as a
        # spectator does between turns, and each their own seat only after the keyboard was passed to them.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        self.shown = game.log_length()  # log entries whose events were printed
        self.last_active: int | None = None

    # -- the loop ------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends (0) or the person leaves (1, after saving)."""
        game = self.game
        self.write(game.render(self.viewer, color=self.color))
        while not game.is_over():
            seat = game.deciders()[0]
            bot = self.bots[seat]
            if bot is None:
                if not self.human_turn(seat):
                    return 1
            else:
                self.bot_turn(seat, bot)
        self.finish()
        return 0

    def bot_turn(self, seat: int, bot: Agent) -> None:
        if self.last_active != seat and bot.level.startswith("ismcts"):
            self.write(f"{seat_name(seat, bot.level)} is thinking...")
        self.last_active = seat
        self.game.apply(seat, bot.choose(self.game.seat_table(seat)))
        self.show_events()

    def human_turn(self, seat: int) -> bool:
        """Ask one person for one action; False when they leave."""
        game = self.game
        if self.last_active != seat:
            if self.hot_seat and not self.pass_keyboard(seat):
                return False
            self.write("")
            self.write(game.render(seat, color=self.color))
            self.last_active = seat
        legal = game.legal_actions(seat)
        self.write(self.prompt_header(seat) + "\n" + columns(legal))
        while True:
            line = self.read(f"{seat_name(seat, None)}> ")
            if line is None:
                self.save("input ended")
                return False
            outcome = self.handle(seat, line.strip(), legal)
            if outcome == "acted":
                self.show_events(seat if self.hot_seat else self.viewer)  # the keyboard is still theirs
                return True
            if outcome == "quit":
                return False

    def pass_keyboard(self, seat: int) -> bool:
        """Hide the table and wait until the person of `seat` has the keyboard; False when the input ends."""
        self.write("\n" * PASS_BLANK_LINES + f"Pass the keyboard to {seat_name(seat, None)} and press Enter.")
        if self.read(f"{seat_name(seat, None)}, press Enter> ") is None:
            self.save("input ended")
            return False
        return True

    def prompt_header(self, seat: int) -> str:
        line = status(self.game.catalogue(), self.game.view(seat))
        return f"Your move ({line}); `help` explains the options:" if line else \
            "Your move; `help` explains the options:"

    def handle(self, seat: int, line: str, legal: list[str]) -> str:
        """Do what one input line says; return 'acted', 'quit' or 'again'."""
        word = line.split()[0].lower() if line else ""
        if not line:
            return "again"
        if word in ("help", "?", "h"):
            self.write(phase_help(self.game.catalogue(), self.game.view(seat).get("phase"), legal))
        elif word == "legend":
            self.write(legend(self.game.catalogue()))
        elif word in ("board", "b"):
            self.write(self.game.render(seat, color=self.color))
        elif word in ("actions", "a", "list"):
            self.write(columns(legal))
        elif word == "log":
            self.show_log(line)
        elif word == "save":
            parts = line.split(maxsplit=1)
            self.save("saved", Path(parts[1]) if len(parts) > 1 else None)
        elif word in ("quit", "q", "exit"):
            self.save("you left")
            return "quit"
        else:
            return self.act(seat, line, legal)
        return "again"

    def act(self, seat: int, line: str, legal: list[str]) -> str:
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(legal):
                self.write(f"There is no action {n}: choose a number from 1 to {len(legal)}, or type `help`.")
                return "again"
            line = legal[n - 1]
        try:
            self.game.apply(seat, line)
        except meeple.IllegalAction as exc:
            self.write(f"Not possible: {exc}. Type a number from 1 to {len(legal)}, an action, or `help`.")
            return "again"
        return "acted"

    # -- output --------------------------------------------------------------------
    def show_events(self, viewer: int | None = None) -> None:
        """Print what happened since the last call, as `viewer` may read it (by default the session's viewer)."""
        if viewer is None:
            viewer = self.viewer
        log = self.game.log(viewer=viewer, start=self.shown)
        for (seat, _), lines in zip(log, event_lines(self.game, viewer, self.shown), strict=True):
            if lines:
                # indent what the bots do, so that a person's own moves stand out
                indent = "  " if self.bots[seat] is not None and self.viewer is not None else ""
                self.write("\n".join(indent + text for text in lines))
        self.shown = self.game.log_length()

    def show_log(self, line: str) -> None:
        parts = line.split()
        count = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 15
        lines = [text for entry in event_lines(self.game, self.viewer) for text in entry]
        self.write("\n".join(lines[-count:]) or "Nothing has happened yet.")

    def finish(self) -> None:
        game = self.game
        result = game.result()
        self.write("")
        self.write(game.render(self.viewer, color=self.color))
        names = [seat_name(s, bot.level if bot is not None else None) for s, bot in enumerate(self.bots)]
        why = game.catalogue().text(result.reason, result.params, names) if result.reason else ""
        if result.winners:
            self.write("Winner: " + ", ".join(names[s] for s in result.winners) + (f" ({why})" if why else ""))
        else:
            self.write(f"No winner: {why}")
        for place, group in enumerate(result.ranking, start=1):
            who = ", ".join(f"{names[s]} {result.scores.get(s, 0):g}" for s in group)
            self.write(f"  {place}. {who}")
        self.save("game over")

    def save(self, why: str, path: Path | None = None) -> None:
        target = path or self.save_path
        try:
            target.write_text(save_text(self.game, self.seats) + "\n", encoding="utf-8")
        except OSError as exc:
            self.write(f"Could not save to {target}: {exc.strerror}")
            return
        tail = "" if self.game.is_over() else f"; resume with: meeple play --resume {target}"
        self.write(f"{why.capitalize()}: game saved to {target}{tail}")
