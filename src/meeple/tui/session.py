"""A game in the terminal: people and bots take turns; people choose by number or by notation."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import meeple
from meeple import i18n
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
                 save_path: Path | None = None, lang: str = i18n.DEFAULT) -> None:
        self.game = game
        self.catalogue = i18n.catalogue(game.rules, lang)  # the game's and the terminal's words, in `lang`
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
            self.say("tui.thinking", name=self.name(seat))
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
            line = self.read(f"{self.name(seat)}> ")
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
        self.write("\n" * PASS_BLANK_LINES + self.catalogue.text("tui.pass_keyboard", {"name": self.name(seat)}))
        if self.read(f"{self.name(seat)}> ") is None:
            self.save("input ended")
            return False
        return True

    def prompt_header(self, seat: int) -> str:
        line = status(self.catalogue, self.game.view(seat))
        return self.catalogue.text("tui.your_move_status", {"status": line}) if line else \
            self.catalogue.text("tui.your_move")

    def name(self, seat: int) -> str:
        bot = self.bots[seat]
        return seat_name(seat, bot.level if bot is not None else None, self.catalogue)

    def say(self, msg: str, **params: object) -> None:
        """Write one of the terminal's messages in the session's language."""
        self.write(self.catalogue.text(msg, params))

    def handle(self, seat: int, line: str, legal: list[str]) -> str:
        """Do what one input line says; return 'acted', 'quit' or 'again'."""
        word = line.split()[0].lower() if line else ""
        if not line:
            return "again"
        if word in ("help", "?", "h"):
            self.write(phase_help(self.catalogue, self.game.view(seat).get("phase"), legal))
        elif word == "legend":
            self.write(legend(self.catalogue))
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
                self.say("tui.no_action", number=n, count=len(legal))
                return "again"
            line = legal[n - 1]
        try:
            self.game.apply(seat, line)
        except meeple.IllegalAction as exc:
            # The game's reason in the reader's language when it gave one as a message, else the engine's text.
            error = self.catalogue.text(exc.msg, exc.params) if exc.msg else str(exc)
            self.say("tui.not_possible", error=error, count=len(legal))
            return "again"
        return "acted"

    # -- output --------------------------------------------------------------------
    def show_events(self, viewer: int | None = None) -> None:
        """Print what happened since the last call, as `viewer` may read it (by default the session's viewer)."""
        if viewer is None:
            viewer = self.viewer
        log = self.game.log(viewer=viewer, start=self.shown)
        for (seat, _), lines in zip(log, event_lines(self.game, viewer, self.shown, catalogue=self.catalogue),
                                    strict=True):
            if lines:
                # indent what the bots do, so that a person's own moves stand out
                indent = "  " if self.bots[seat] is not None and self.viewer is not None else ""
                self.write("\n".join(indent + text for text in lines))
        self.shown = self.game.log_length()

    def show_log(self, line: str) -> None:
        parts = line.split()
        count = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 15
        lines = [text for entry in event_lines(self.game, self.viewer, catalogue=self.catalogue) for text in entry]
        self.write("\n".join(lines[-count:]) or self.catalogue.text("tui.nothing_yet"))

    def finish(self) -> None:
        game = self.game
        result = game.result()
        self.write("")
        self.write(game.render(self.viewer, color=self.color))
        names = [self.name(s) for s in range(len(self.bots))]
        why = self.catalogue.text(result.reason, result.params, names) if result.reason else ""
        if result.winners:
            winners = ", ".join(names[s] for s in result.winners)
            self.say("tui.winner_why" if why else "tui.winner", names=winners, reason=why)
        else:
            self.say("tui.no_winner", reason=why)
        for place, group in enumerate(result.ranking, start=1):
            who = ", ".join(f"{names[s]} {result.scores.get(s, 0):g}" for s in group)
            self.write(f"  {place}. {who}")
        self.save("game over")

    def save(self, why: str, path: Path | None = None) -> None:
        target = path or self.save_path
        try:
            target.write_text(save_text(self.game, self.seats) + "\n", encoding="utf-8")
        except OSError as exc:
            self.say("tui.cannot_save", path=target, error=exc.strerror)
            return
        saved = self.catalogue.text(f"tui.save.{why}", {"path": target})
        resume = self.catalogue.text("tui.resume", {"saved": saved, "path": target})
        self.write(saved if self.game.is_over() else resume)
