"""One screen of a small terminal: a part of the table on top, what just happened under it, then the prompt.

The lines are wrapped to the terminal's width (at blanks, never inside a word) and cut to its height, so that
what a player needs stays in sight at 80×24 and the prompt never pushes the table off the top."""

from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MIN_BODY = 8  # the table keeps at least this many rows, whatever else the screen shows


def terminal_size() -> os.terminal_size:
    """The size of the terminal the screen is drawn on (its own, before the COLUMNS and LINES variables, which a
    parent process may have set for another terminal); 80×24 without one."""
    try:
        return os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1)
    except (OSError, ValueError):
        return shutil.get_terminal_size((80, 24))


def visible(text: str) -> str:
    """A line as the terminal shows it, without colour codes."""
    return ANSI.sub("", text)


def wrap_line(line: str, width: int) -> list[str]:
    """One line wrapped at `width` columns, continuation lines indented under its own indentation (plus two)."""
    if len(visible(line)) <= width:
        return [line]
    plain = visible(line)  # a line too long loses its colours rather than have a code cut in two
    indent = plain[:len(plain) - len(plain.lstrip())]
    return textwrap.wrap(plain, width, initial_indent="", subsequent_indent=indent + "  ",
                         break_on_hyphens=False, break_long_words=True, drop_whitespace=True) or [""]


def wrap_text(text: str, width: int) -> list[str]:
    """Every line of `text` wrapped to `width` columns."""
    return [part for line in text.split("\n") for part in wrap_line(line, width)]


@dataclass
class Screen:
    """What one screen shows, from top to bottom; `lines(width, height)` lays it out."""

    body: list[str]
    more: Callable[[int], str]  # the line closing a body cut short, given the number of lines left out
    lower: list[str] = field(default_factory=list)  # what happened last (its newest lines are kept)
    note: list[str] = field(default_factory=list)  # the answer to the last command (kept whole if it can be)
    footer: list[str] = field(default_factory=list)  # the names of the screens, the prompt's header
    listing: list[str] = field(default_factory=list)  # the numbered actions, dropped when the table needs the room
    short_listing: str = ""  # what replaces the listing then
    tail: bool = False  # a body cut short keeps its last lines (a log) rather than its first

    def lines(self, width: int, height: int) -> list[str]:
        """The screen's lines, each at most `width` columns, `height - 1` of them at most (the prompt is last)."""
        footer = _wrapped(self.footer, width)
        listing = _wrapped(self.listing, width)
        note = _wrapped(self.note, width)
        room = height - 1 - len(footer)
        wanted = len(note) if len(note) >= room // 2 else len(_wrapped(self.body, width)) + len(note)
        if room - len(listing) < max(MIN_BODY, min(wanted, room - 1)):  # the table before the list of actions
            listing = wrap_line(self.short_listing, width) if self.short_listing else []
        room = max(1, room - len(listing))
        if len(note) >= room - 2:  # a long answer (the help) takes the whole screen
            return [*_cut(note, room, self.more), *footer, *listing]
        body = _wrapped(self.body, width)
        body = body[len(body) - (room - len(note)):] if self.tail and len(body) > room - len(note) else \
            _cut(body, room - len(note), self.more)
        lower = note or _wrapped(self.lower, width)
        left = room - len(body)
        return [*body, *(lower[max(0, len(lower) - left):] if left > 0 else []), *footer, *listing]


def _wrapped(lines: Iterable[str], width: int) -> list[str]:
    return [part for line in lines for part in wrap_text(line, width)]


def _cut(lines: Sequence[str], room: int, more: Callable[[int], str]) -> list[str]:
    """At most `room` lines: the first ones, and a last line saying how many were left out."""
    if len(lines) <= room:
        return list(lines)
    if room <= 1:
        return list(lines[:room])
    kept = room - 1
    return [*lines[:kept], more(len(lines) - kept)]
