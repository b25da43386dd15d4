"""A game in the terminal: people and bots take turns; people choose by number or by notation."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import Agent, make_agent
from meeple.agents.simple import GreedyAgent
from meeple.engine import Catalogue
from meeple.i18n.chrome import LEVEL_WORDS

from .help import legend, phase_help, questions, status
from .lines import Reader, normal, split_actions, suggestions
from .messages import tui_catalogue
from .screen import Screen, terminal_size, wrap_text
from .text import columns, event_lines, result_lines

HUMAN_NAMES = ("me", "human", "you")
SAVE_SEATS_KEY = "seats"
HINT_LEVEL = GreedyAgent.level  # the bot that answers `hint`
STRENGTH = ("random", "greedy", "learned", "ismcts:0.5s", "ismcts:2s")  # bot levels, weakest first
PASS_BLANK_LINES = 40  # scrolls the last person's table out of sight before the keyboard is passed
RECENT_LINES = 24  # what happened last, shown under a board redrawn in place (as many as the screen has room for)
LOG_SCREEN = "log"  # the screen of the terminal itself: the game's log
FULL_BOARD_SPARE = 4  # rows the whole board leaves free (the actions' line, the prompt, what happened last)
COMMANDS = ("help", "board", "actions", "legend", "log", "undo", "hint", "save", "resign", "quit")
YES = ("y", "yes", "s", "si", "sí", "sim", "כ", "כן")  # a confirmation in the players' languages
ALIASES = {"?": "help", "h": "help", "b": "board", "a": "actions", "list": "actions", "q": "quit", "exit": "quit"}
EXIT_LEFT, EXIT_INPUT_ENDED, EXIT_INTERRUPTED = 0, 1, 130
Writer = Callable[[str], None]


def is_human(name: str) -> bool:
    return name.strip().lower() in HUMAN_NAMES


def takeover_level(levels: list[str]) -> str:
    """The bot that takes the seat of a person who resigns: the strongest level at the table, else `greedy`."""
    known = [level for level in levels if level in STRENGTH]
    return max(known, key=STRENGTH.index) if known else "greedy"


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
    """The loop of `meeple play`, with input and output passed in so that it runs with or without a terminal.

    `clear`, given on an interactive terminal, wipes the screen: the table is then redrawn in place at every
    decision of a person rather than scrolled."""

    def __init__(self, game: meeple.Game, seats: list[str], read: Reader, write: Writer, color: bool = False,
                 save_path: Path | None = None, clear: Callable[[], None] | None = None,
                 lang: str = "en") -> None:
        self.game = game
        self.seats = seats
        self.bots = make_bots(seats, game.seed)
        self.read = read
        self.write = write
        self.color = color
        self.clear = clear
        self.save_path = save_path or Path(f"meeple-{game.game_id}-{game.seed}.json")
        self.cat: Catalogue = tui_catalogue(game, lang)
        humans = [s for s, bot in enumerate(self.bots) if bot is None]
        # One person sees their own seat throughout; several at one keyboard (hot-seat) see the table as a
        # spectator does between turns, and each their own seat only after the keyboard was passed to them.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        self.shown = game.log_length()  # log entries whose events were printed
        self.last_active: int | None = None
        self.recent: deque[str] = deque(maxlen=RECENT_LINES)
        self.words: list[str] = []  # what the line editor completes now
        self.hinter: GreedyAgent | None = None
        self.stale = False  # the table shown scrolled out of date: draw it again before the next question
        self.board_at: int | None = None  # the length of the log when the whole board was last printed
        self.screen = "board"  # the part of the table a redrawn screen shows (`Rules.screens`, or the log)
        self.just_undone = False  # an only choice is not taken for a person who has just taken it back

    def say(self, msg: str, **params: Any) -> None:
        self.write(self.cat.text(msg, params, self.names()))

    def names(self) -> list[str]:
        return [self.seat_name(s) for s in range(self.game.players)]

    def seat_name(self, seat: int) -> str:
        bot = self.bots[seat]
        name = self.cat.seat_name(seat)
        if bot is None:
            return self.cat.text("tui.you", {"name": name})
        return self.cat.text("tui.bot", {"name": name, "level": self.level_name(bot.level)})

    def level_name(self, level: str) -> str:
        """A bot level in the catalogue's words ("easy", "strong"), as the browser names it; a level without a
        name as its notation."""
        return self.cat.text(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level

    # -- the loop ------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends (0), the person leaves (0) or the input ends (1); every exit saves."""
        try:
            return self.loop()
        except KeyboardInterrupt:
            self.write("")
            self.save("tui.why.interrupted")
            return EXIT_INTERRUPTED

    def loop(self) -> int:
        game = self.game
        if all(bot is not None for bot in self.bots):  # else the table is drawn at a person's first decision
            self.write(game.render(self.viewer, color=self.color, catalogue=self.cat))
            self.board_at = game.log_length()
        if self.write_save(self.save_path):  # the file the game is kept in after every action, from the start
            self.say("tui.saved", path=self.save_path)
        while not game.is_over():
            seat = game.deciders()[0]
            bot = self.bots[seat]
            if bot is None:
                outcome = self.human_turn(seat)
                if outcome is not None:
                    return outcome
            else:
                self.bot_turn(seat, bot)
        self.finish()
        return 0

    def bot_turn(self, seat: int, bot: Agent) -> None:
        if self.last_active != seat and bot.level.startswith("ismcts"):
            self.say("tui.thinking", name=self.seat_name(seat))
        self.last_active = seat
        self.game.apply(seat, bot.choose(self.game.seat_table(seat)))
        self.autosave()
        self.show_events()

    def human_turn(self, seat: int) -> int | None:
        """Ask one person for one action; an exit code when they leave."""
        game = self.game
        if self.last_active != seat:
            if self.hot_seat and not self.pass_keyboard(seat):
                return EXIT_INPUT_ENDED
            self.last_active = seat
            self.stale = True
        if self.stale and self.clear is None and self.board_at != game.log_length():
            self.write("")
            self.write(game.render(seat, color=self.color, catalogue=self.cat))
            self.board_at = game.log_length()
        self.stale = False
        legal = game.legal_actions(seat)
        if len(legal) == 1 and not self.just_undone:
            return self.only_choice(seat, legal[0])
        self.just_undone = False
        if self.clear is None:
            self.write(self.prompt_header(seat) + "\n" + columns(legal))
        self.words = [*legal, *COMMANDS, *self.screen_names(seat), *questions(self.cat)]
        note: list[str] = []
        while True:
            if self.clear is not None:
                self.draw(seat, legal, note)
            line = self.read(f"{self.seat_name(seat)}> ")
            if line is None:
                self.save("tui.why.input_ended")
                return EXIT_INPUT_ENDED
            outcome, note = self.handle_in_screen(seat, line.strip(), legal)
            if outcome == "acted":
                self.show_events(seat if self.hot_seat else self.viewer)  # the keyboard is still theirs
                return None
            if outcome == "quit":
                return EXIT_LEFT

    def only_choice(self, seat: int, action: str) -> int | None:
        """Take the only legal action of a person (a `done` that closes a payment, say) without asking."""
        self.say("tui.only_choice", action=action)
        self.game.apply(seat, action)
        self.autosave()
        self.show_events(seat if self.hot_seat else self.viewer)
        return None

    def handle_in_screen(self, seat: int, line: str, legal: list[str]) -> tuple[str, list[str]]:
        """`handle` a line; on a redrawn screen, what it says is kept to be shown under the table (or, for an
        action, with what happened last) rather than scrolled under the prompt."""
        if self.clear is None:
            return self.handle(seat, line, legal), []
        said: list[str] = []
        write, self.write = self.write, said.append
        try:
            outcome = self.handle(seat, line, legal)
        finally:
            self.write = write
        lines = "\n".join(said).split("\n") if said else []
        if outcome == "again":
            return outcome, lines
        if outcome == "quit":
            for text in said:
                self.write(text)
        self.recent.extend(lines)
        return outcome, []

    def screen_names(self, seat: int | None) -> list[str]:
        """The screens a player switches between: the game's (`Rules.screens`), then the log."""
        return [*self.game.screens(seat, color=False, catalogue=self.cat), LOG_SCREEN]

    def draw(self, seat: int, legal: list[str], note: list[str]) -> None:
        """The screen of `seat`'s decision, drawn in place to fit the terminal: a part of the table, what
        happened last (or the answer to the last command), the names of the screens, the prompt's header."""
        assert self.clear is not None
        size = terminal_size()
        screens = self.game.screens(seat, color=self.color, catalogue=self.cat)
        name = self.screen if self.screen in screens or self.screen == LOG_SCREEN else "board"
        names = " ".join(f"[{n}]" if n == name else n for n in [*screens, LOG_SCREEN])
        footer = [self.cat.text("tui.screens", {"screens": names}), self.prompt_header(seat)]
        if name == LOG_SCREEN:
            body = self.log_lines()[-size.lines:]
            lower: list[str] = []
        else:
            body, lower = screens[name].split("\n"), list(self.recent)
            if name == "board" and len(screens) > 1:  # a terminal tall enough for the whole board shows it all
                whole = wrap_text(self.game.render(seat, color=self.color, catalogue=self.cat), size.columns)
                if len(whole) + len(footer) + FULL_BOARD_SPARE <= size.lines:
                    body = whole
        screen = Screen(body, lambda count: self.cat.text("tui.more_lines", {"count": count}), lower, note, footer,
                        columns(legal, size.columns).split("\n"),
                        self.cat.text("tui.many_actions", {"count": len(legal)}),
                        tail=name == LOG_SCREEN)
        self.clear()
        self.write("\n".join(screen.lines(size.columns, size.lines)))

    def pass_keyboard(self, seat: int) -> bool:
        """Hide the table and wait until the person of `seat` has the keyboard; False when the input ends."""
        if self.clear is not None:
            self.clear()
        else:
            self.write("\n" * PASS_BLANK_LINES)
        self.say("tui.pass_keyboard", name=self.seat_name(seat))
        if self.read(self.cat.text("tui.press_enter", {"seat": seat}, self.names())) is None:
            self.save("tui.why.input_ended")
            return False
        self.recent.clear()  # the last person's private lines stay with them
        return True

    def prompt_header(self, seat: int) -> str:
        line = status(self.cat, self.game.view(seat), self.names())
        return self.cat.text("tui.your_move_status", {"status": line}) if line else self.cat.text("tui.your_move")

    # -- one line of input ------------------------------------------------------------
    def handle(self, seat: int, line: str, legal: list[str]) -> str:
        """Do what one input line says; return 'acted', 'quit' or 'again'."""
        if not line:
            return "again"
        word = normal(line).split()[0]
        command = ALIASES.get(word, word)
        if command in COMMANDS or command in self.screen_names(seat):
            return self.command(seat, command, line, legal)
        return self.act(seat, line, legal)

    def width(self) -> int:
        return terminal_size().columns

    def command(self, seat: int, command: str, line: str, legal: list[str]) -> str:
        if command == "help":
            self.write("\n".join(wrap_text(phase_help(self.cat, self.game.view(seat).get("phase"), legal,
                                                       self.example()), self.width())))
        elif command == "legend":
            self.write("\n".join(wrap_text(legend(self.cat), self.width())))
        elif command in self.screen_names(seat) and (self.clear is not None or command not in COMMANDS):
            self.show_screen(seat, command)
        elif command == "board":
            self.write(self.game.render(seat, color=self.color, catalogue=self.cat))
        elif command == "actions":
            self.write(columns(legal))
        elif command == "log":
            self.show_log(line)
        elif command == "undo":
            return self.undo(seat)
        elif command == "hint":
            self.hint(seat)
        elif command == "save":
            parts = line.split(maxsplit=1)
            self.save("tui.why.saved", Path(parts[1]) if len(parts) > 1 else None)
        elif command == "resign":
            return self.resign(seat)
        elif command == "quit":
            self.save("tui.why.left")
            return "quit"
        return "again"

    def resign(self, seat: int) -> str:
        """Leave the game, after a confirmation. With three or more seats a bot takes the seat (the table's
        strongest bot level, else `greedy`) and the game goes on; with two it ends here (saved, so that it can
        still be looked at)."""
        to_bot = self.game.players >= 3
        answer = self.read(self.cat.text("tui.resign_confirm_bot" if to_bot else "tui.resign_confirm"))
        if answer is None or answer.strip().lower() not in YES:
            self.say("tui.resign_kept")
            return "again"
        if not to_bot:
            self.say("tui.resigned")
            self.save("tui.why.resigned")
            return "quit"
        name = self.seat_name(seat)
        level = takeover_level([bot.level for bot in self.bots if bot is not None])
        self.seats = [level if s == seat else held for s, held in enumerate(self.seats)]
        self.bots[seat] = make_agent(level, seed=self.game.seed * 31 + seat + 1)
        humans = [s for s, bot in enumerate(self.bots) if bot is None]
        self.viewer = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        self.last_active = None
        self.say("tui.resigned_bot", name=name, level=self.level_name(level))
        self.autosave()
        return "acted"

    def show_screen(self, seat: int, name: str) -> None:
        """Switch a redrawn screen to the part of the table `name`; without one, print that part."""
        if self.clear is not None:
            self.screen = name
        else:
            self.write(self.game.screens(seat, color=self.color, catalogue=self.cat)[name])

    def example(self) -> str:
        """A line of several actions in this game's notation, for the help (the game's `example` message)."""
        return self.cat.get("example") or ""

    def act(self, seat: int, line: str, legal: list[str]) -> str:
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(legal):
                self.say("tui.no_such_number", n=n, count=len(legal))
                return "again"
            return self.play_line(seat, [legal[n - 1]], legal)
        actions = split_actions(self.game, line)
        if actions is None:
            if self.explain(seat, line):
                return "again"
            self.refuse(line, self.cat.text("tui.unknown_word", {"word": normal(line)}), legal)
            return "again"
        return self.play_line(seat, actions, legal)

    def play_line(self, seat: int, actions: Sequence[str], legal: list[str]) -> str:
        """Play the actions of one line in order; at a refusal, take back what the line played when the rules
        allow it (the line is then all or nothing), else say what stays played."""
        done: list[str] = []
        for action in actions:
            try:
                self.game.apply(seat, action)
            except meeple.IllegalAction as exc:
                # The game's reason in the reader's language when it gave one as a message, else the engine's text.
                reason = self.cat.text(exc.msg, exc.params, self.names()) if exc.msg else str(exc)
                if not done:
                    self.refuse(action, reason, legal)
                    return "again"
                self.say("tui.line_stopped", action=action, reason=reason)
                return self.take_back_line(seat, done)
            done.append(action)
            self.autosave()
        return "acted"

    def take_back_line(self, seat: int, done: list[str]) -> str:
        while done and self.game.can_undo(seat):
            self.game.undo(seat)
            done.pop()
        self.autosave()
        if not done:
            self.say("tui.line_taken_back")
            return "again"
        self.say("tui.line_kept", actions=done)
        return "acted"

    def refuse(self, typed: str, reason: str, legal: list[str]) -> None:
        # (the sentence puts its own full stop after the reason, which may end with one of its own)
        self.say("tui.not_possible", error=reason.rstrip().rstrip("."), count=len(legal))
        near = suggestions(typed, [*legal, *COMMANDS])
        if near:
            self.say("tui.did_you_mean", suggestions=" / ".join(f"`{s}`" for s in near))

    def explain(self, seat: int, line: str) -> bool:
        """Answer a question about the table that the game declares (`tile c2`); False when it is none."""
        events = self.game.explain(self.viewer if self.viewer is not None else seat, normal(line).split())
        if events is None:
            return False
        self.write("\n".join(self.cat.text(e.msg, e.params, self.names()) for e in events))
        return True

    def undo(self, seat: int) -> str:
        try:
            _, action = self.game.undo(seat)
        except meeple.IllegalAction as exc:
            reason = self.cat.text(exc.msg, exc.params, self.names()) if exc.msg else str(exc)
            self.say("tui.cannot_undo", reason=reason)
            return "again"
        self.shown = min(self.shown, self.game.log_length())
        self.board_at = None
        self.autosave()
        self.say("tui.undone", seat=seat, action=action)
        self.just_undone = True
        self.stale = True  # show the table as it is again (the keyboard stays with this person)
        return "acted"

    def hint(self, seat: int) -> None:
        if self.hinter is None:
            self.hinter = GreedyAgent(seed=self.game.seed)
        action, why = self.hinter.suggest(self.game.seat_table(seat))
        level = self.level_name(HINT_LEVEL)
        if why is None:
            self.say("tui.hint", level=level, action=action)
        else:
            reason = self.cat.event_text(why.to_dict(), self.names())
            self.say("tui.hint_why", level=level, action=action, reason=reason)

    # -- output --------------------------------------------------------------------
    def show_events(self, viewer: int | None = None) -> None:
        """Print what happened since the last call, as `viewer` may read it (by default the session's viewer)."""
        if viewer is None:
            viewer = self.viewer
        names = self.names()
        for seat, _, events in self.game.history(viewer, self.shown):
            lines = [self.cat.event_text(e, names) for e in events]
            if lines:
                # indent what the bots do, so that a person's own moves stand out
                indent = "  " if self.bots[seat] is not None and self.viewer is not None else ""
                self.write("\n".join(indent + text for text in lines))
                self.recent.extend(indent + text for text in lines)
        self.shown = self.game.log_length()

    def show_log(self, line: str) -> None:
        parts = line.split()
        count = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 15
        self.write("\n".join(self.log_lines()[-count:]))

    def log_lines(self) -> list[str]:
        """Every log line the session's viewer may read, oldest first."""
        lines = [text for entry in event_lines(self.game, self.viewer, 0, self.names(), self.cat) for text in entry]
        return lines or [self.cat.text("tui.nothing_yet")]

    def finish(self) -> None:
        game = self.game
        if self.clear is not None:
            self.clear()
        else:
            self.write("")
        self.write(game.render(self.viewer, color=self.color, catalogue=self.cat))
        for line in result_lines(self.cat, game.result(), self.names()):
            self.write(line)
        self.save("tui.why.over")

    def autosave(self) -> None:
        """Keep the game on disk after every action, quietly (a failure is said once per call)."""
        self.write_save(self.save_path)

    def save(self, why: str, path: Path | None = None) -> None:
        target = path or self.save_path
        if not self.write_save(target):
            return
        msg = "tui.saved_over" if self.game.is_over() else "tui.saved_resume"
        self.say(msg, why=self.cat.text(why), path=target)

    def write_save(self, target: Path) -> bool:
        try:
            target.write_text(save_text(self.game, self.seats) + "\n", encoding="utf-8")
        except OSError as exc:
            self.say("tui.save_failed", path=target, error=exc.strerror)
            return False
        return True

