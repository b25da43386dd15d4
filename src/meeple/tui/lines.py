"""Reading what a person types: forgiving matching of actions, several actions on one line, suggestions."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Sequence

from meeple.engine import Game, IllegalAction


def normal(text: str) -> str:
    """A typed line as the canonical texts are written: lower case, single blanks."""
    return " ".join(text.lower().split())


def is_action(game: Game, text: str) -> bool:
    return canonical(game, text) is not None


_FOLDED: dict[int, tuple[object, dict[str, str]]] = {}


def canonical(game: Game, text: str) -> str | None:
    """The game's own text of an action typed in any case (`commit gm-05` is `commit GM-05`), or None."""
    try:
        return game.action_text(game.action_index(text))
    except IllegalAction:
        pass
    table = game.rules.actions
    cached = _FOLDED.get(id(table))
    if cached is None or cached[0] is not table:
        cached = (table, {normal(t): t for t in table.texts})
        _FOLDED[id(table)] = cached
    return cached[1].get(normal(text))


def split_actions(game: Game, line: str) -> list[str] | None:
    """The action texts of a line of one or several actions, in order, or None when it is not such a line.

    Each action is the longest run of words that is an action of the game; a run that is not one by itself may
    leave out the first word of the action before it (`pay terrah3 khind1` is `pay terrah3`, `pay khind1`)."""
    words = normal(line).split()
    out: list[str] = []
    i = 0
    while i < len(words):
        found = _longest(game, words, i, out[-1].split()[0] if out else None)
        if found is None:
            return None
        text, i = found
        out.append(text)
    return out or None


def _longest(game: Game, words: Sequence[str], i: int, verb: str | None) -> tuple[str, int] | None:
    for j in range(len(words), i, -1):
        text = " ".join(words[i:j])
        found = canonical(game, text)
        if found is not None:
            return found, j
        found = canonical(game, f"{verb} {text}") if verb is not None else None
        if found is not None:
            return found, j
    return None


def suggestions(line: str, choices: Sequence[str], count: int = 3) -> list[str]:
    """The choices nearest to a mistyped line (legal actions and commands), best first."""
    typed = normal(line)
    close = difflib.get_close_matches(typed, list(choices), n=count, cutoff=0.6)
    if close:
        return close
    head = typed.split()[0] if typed else ""
    return [c for c in choices if head and c.split()[0] == head][:count] or \
        difflib.get_close_matches(head, sorted({c.split()[0] for c in choices}), n=count, cutoff=0.7)


Reader = Callable[[str], "str | None"]


def plain_reader(prompt: str) -> str | None:
    """One line without a terminal (None at the end of the input)."""
    try:
        return input(prompt)
    except EOFError:
        return None


def terminal_reader(words: Callable[[], Sequence[str]]) -> Reader:
    """A line editor with history and completion of `words()` (the legal actions and commands of the moment)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import InMemoryHistory

    class Choices(Completer):
        def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
            typed = document.text_before_cursor
            start = normal(typed)
            for word in words():
                if word.startswith(start) and word != start:
                    yield Completion(word, start_position=-len(typed))

    # No rows are kept free under the prompt for the completion menu: the screen above fills the terminal, and
    # the menu opens over it when there are completions to show.
    session: PromptSession[str] = PromptSession(history=InMemoryHistory(), completer=Choices(),
                                                complete_while_typing=True, reserve_space_for_menu=0)

    def read(prompt: str) -> str | None:
        try:
            return session.prompt(prompt)
        except EOFError:
            return None

    return read
