"""The rules hooks that only hand a game's context to its own modules, written once for every game.

A game's rules derive a context from its data file once (`ctx`: lookups, the action catalogue) and keep what a
seat sees in a views module and the text board in a render module, each function taking that context first.
`ContextRules` calls them, so that the game's rules class lists only what is its own.
"""

from __future__ import annotations

import importlib
from typing import Any, Generic, Protocol, TypeVar

from meeple.engine.messages import Catalogue, catalogue_of
from meeple.engine.rules import D, StateRules

C = TypeVar("C")  # a game's context


class Views(Protocol):
    """A game's views module: what a seat sees, the browser renderer's data, a finished game's figures."""

    def view(self, ctx: Any, state: Any, seat: int | None, /) -> dict[str, Any]: ...

    def client_data(self, ctx: Any, /) -> dict[str, Any]: ...

    def statistics(self, ctx: Any, state: Any, /) -> dict[str, Any]: ...


class Board(Protocol):
    """A game's text board module: the whole board and the screens of a small terminal."""

    def render(self, ctx: Any, state: Any, seat: int | None, color: bool, catalogue: Catalogue, /) -> str: ...

    def screens(self, ctx: Any, state: Any, seat: int | None, color: bool, catalogue: Catalogue, /) -> dict[str, str]:
        ...


class ContextRules(StateRules[D], Generic[D, C]):
    """Rules whose views and text board are functions of the game's context: `ctx` (set by the game's
    `__init__`), `view_module` (its views module) and `board_module` (the name of its text board module, imported
    when a board is first drawn: bots and the RL face never draw one).

    >>> import types
    >>> views = types.SimpleNamespace(view=lambda ctx, s, seat: {"seat": seat, "cells": len(ctx)},
    ...                               client_data=lambda ctx: {"names": ctx}, statistics=lambda ctx, s: {})
    >>> class Tiny(ContextRules[Any, tuple[str, ...]]):
    ...     view_module = views
    ...     def __init__(self): self.ctx = ("a", "b")
    ...     def setup(self, players, options, seed): return [0] * players
    ...     def deciders(self, state): return []
    ...     def legal(self, state, seat): return []
    ...     def apply(self, state, seat, action, events=None): pass
    ...     def result(self, state): ...
    >>> Tiny().view([0, 0], 1), Tiny().client_data()
    ({'seat': 1, 'cells': 2}, {'names': ('a', 'b')})
    """

    ctx: C
    view_module: Views
    board_module: str

    def view(self, state: D, seat: int | None) -> dict[str, Any]:
        return self.view_module.view(self.ctx, state, seat)

    def client_data(self) -> dict[str, Any]:
        return self.view_module.client_data(self.ctx)

    def statistics(self, state: D) -> dict[str, Any]:
        return self.view_module.statistics(self.ctx, state)

    def render(self, state: D, seat: int | None, color: bool = True, catalogue: Catalogue | None = None) -> str:
        return self._board().render(self.ctx, state, seat, color, catalogue or catalogue_of(self))

    def screens(self, state: D, seat: int | None, color: bool = True,
                catalogue: Catalogue | None = None) -> dict[str, str]:
        return self._board().screens(self.ctx, state, seat, color, catalogue or catalogue_of(self))

    def _board(self) -> Board:
        module: Board = importlib.import_module(self.board_module)
        return module
