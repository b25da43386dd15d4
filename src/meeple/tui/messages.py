"""The terminal's own messages in English (ids `tui.*`), looked up after the game's and before the engine's."""

from __future__ import annotations

from meeple.engine import Catalogue, Game

TUI_MESSAGES: dict[str, str] = {
    "tui.you": "{name} (you)",
    "tui.bot": "{name} ({level})",
    "tui.your_move_status": "Your move ({status}); `help` explains the options:",
    "tui.your_move": "Your move; `help` explains the options:",
    "tui.thinking": "{name} is thinking...",
    "tui.pass_keyboard": "Pass the keyboard to {name} and press Enter.",
    "tui.press_enter": "{seat}, press Enter> ",
    "tui.no_such_number": "There is no action {n}: choose a number from 1 to {count}, or type `help`.",
    "tui.not_possible": "Not possible: {error}. Type a number from 1 to {count}, an action, or `help`.",
    "tui.did_you_mean": "Did you mean {suggestions}?",
    "tui.many_actions": "{count} actions: Tab completes them as you type, `actions` lists them.",
    "tui.only_choice": "Only one choice: {action}",
    "tui.undone": "{seat} takes back `{action}`",
    "tui.cannot_undo": "Cannot take that back: {reason}.",
    "tui.hint": "Hint ({level}): {action}",
    "tui.line_stopped": "Stopped at `{action}`: {reason}.",
    "tui.line_taken_back": "Nothing of the line was kept.",
    "tui.line_kept": "Played: {actions} (they drew or showed something and stay played).",
    "tui.unknown_word": "`{word}` is not an action or a command here",
    "tui.nothing_yet": "Nothing has happened yet.",
    "tui.game_over": "Game over: {why}",
    "tui.won": "Game over: {seats} won",
    "tui.draw": "Game over: a draw",
    "tui.place": "  {place}. {who}",
    "tui.saved": "The game is saved to {path} after every action.",
    "tui.saved_resume": "{why}: game saved to {path}; resume with: meeple play --resume {path}",
    "tui.saved_over": "The finished game is saved to {path}",
    "tui.save_failed": "Could not save to {path}: {error}",
    "tui.why.saved": "Saved",
    "tui.why.left": "You left",
    "tui.why.input_ended": "Input ended",
    "tui.why.interrupted": "Interrupted",
    "tui.why.over": "Saved",
    "tui.no_explain": "This game answers no `{word}` questions.",
    "tui.commands": (
        "Type the number of an action, or the action itself (any case; several actions on one line are played\n"
        "in order, a repeated first word may be left out: `pay terrah3 khind1`). Other commands:\n"
        "  help     this text          board   show the table again   actions  list the actions again\n"
        "  legend   the board's symbols  log [N]  last N log lines     undo     take back your last action\n"
        "  hint     a bot's suggestion   save [FILE]  save the game      quit     save and leave"
    ),
    "tui.legal_now": "Legal now: {listing}",
    "tui.no_legend": "This game's board has no legend.",
    "tui.replay_help": (
        "Enter or n: next action   p: previous   N: go to action N   t N: go to turn N   t+ / t-: next / previous "
        "turn   start / end   board   q: quit"
    ),
    "tui.replay_count": "{count} actions.",
    "tui.replay_start": "Start of the game.",
    "tui.replay_step": "Action {step}/{total}: {name}: {action}",
    "tui.replay_there": "Already there.",
    "tui.replay_length": "The game has {count} actions.",
    "tui.replay_turns": "The game has {count} turns.",
}


def tui_catalogue(game: Game) -> Catalogue:
    """What the terminal shows for a game: the game's messages, then the terminal's, then the engine's."""
    return Catalogue(game.rules.messages(), TUI_MESSAGES)
