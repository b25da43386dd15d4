"""Twin games: two games that differ only in one seat's secret choice, compared through everything others see.

At a position where a seat starts a secret choice, the game is copied twice and the seat completes the choice
differently in each copy: once by a long path (steps that keep the choice open first), once by another path,
preferring the shortest. So the twins differ in what was chosen and, where the game allows it, in how many steps it
took. Both twins are then played on with the same actions. Until the secret surfaces in the state the others see
(a view of another seat or of a spectator differs: a rule revealed it, or a patrol drew the deck the seat ordered),
every other viewer must read exactly the same in both: the log, the events, the number of public moments, who
decides and the legal actions, and the terminal's screens of that viewer (its whole board, each screen it switches
between, the log in words). A game that reveals a seat's earlier secret together with a later one, or shows how
many steps a secret took, fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.engine import Game
from meeple.engine.game import _secret_kind
from meeple.engine.rng import Stream
from meeple.tui.text import event_lines

CONTINUE = 400  # actions played on after the choice, at most (the comparison usually ends earlier)
LONG_BIAS = 0.75  # the long path takes a step that keeps the choice open this often, when it can


@dataclass
class TwinTally:
    """What the twin checks compared, so that a run proves it was not idle."""

    twins: int = 0
    steps: int = 0  # continuation steps compared through every other viewer
    screens: int = 0  # terminal screens compared (a viewer's board, each screen and its log in words)
    different_lengths: int = 0  # twins whose choices took different numbers of steps
    kinds: dict[str, int] = field(default_factory=dict)


def play_random(game: Game, stream: Stream, until: Callable[[Game], bool], limit: int = 4000) -> None:
    """Play random legal actions (a random decider each time) until `until(game)` holds; fail after `limit`."""
    for _ in range(limit):
        if until(game):
            return
        deciders = game.deciders()
        seat = deciders[stream.below(len(deciders))]
        legal = game.legal_indices(seat)
        game.apply(seat, legal[stream.below(len(legal))])
    raise AssertionError(f"random play did not reach the position wanted within {limit} actions")


def at_second_reset(game: Game) -> bool:
    """City of Remnants: the Reset of round 2 (every seat chooses its discards in secret)."""
    return bool(game.state.phase == "reset" and game.state.round >= 2)


def secret_kind(game: Game, seat: int, idx: int) -> str | None:
    """The kind of secret step `idx` would be for `seat` now, as the engine reads `Rules.secret` (None: not one)."""
    return _secret_kind(game.rules.secret(game.state, seat, idx))


def secret_options(game: Game, seat: int) -> dict[str, list[int]]:
    """The secret steps a seat may take now, by kind."""
    out: dict[str, list[int]] = {}
    for idx in game.legal_indices(seat):
        kind = secret_kind(game, seat, idx)
        if kind is not None:
            out.setdefault(kind, []).append(idx)
    return out


def complete(game: Game, seat: int, kind: str, stream: Stream, long: bool) -> list[int]:
    """Make `seat`'s choice of `kind` to its end in `game`; returns the steps taken."""
    steps: list[int] = []
    while not game.is_over() and seat in game.deciders():
        options = secret_options(game, seat).get(kind)
        if not options:
            break
        closing = [i for i in options if _closes(game, seat, kind, i)]
        opening = [i for i in options if i not in closing]
        if long and opening and (not closing or stream.below(100) < LONG_BIAS * 100):
            pick = opening
        elif not long and closing:
            pick = closing
        else:
            pick = options
        idx = pick[stream.below(len(pick))]
        others: list[int | None] = [None, *(s for s in range(game.players) if s != seat)]
        before = {v: game.view(v) for v in others}
        moments, pos = game.moments(), game.log_length()
        game.apply(seat, idx)
        steps.append(idx)
        if game.moments() == moments:  # the choice is still being made: nobody else may see a thing change
            for v in others:
                assert game.view(v) == before[v], f"a step of seat {seat}'s secret choice changes the view of {v}"
                assert game.history(v, pos) == [], f"a step of seat {seat}'s secret choice shows in the log of {v}"
        if len(steps) > 200:
            raise AssertionError(f"a secret choice of kind {kind!r} did not end after 200 steps")
    return steps


def _closes(game: Game, seat: int, kind: str, idx: int) -> bool:
    """Whether this step ends the seat's choice (no secret step of the same kind is left to it)."""
    trial = game.copy()
    trial.apply(seat, idx)
    return trial.is_over() or seat not in trial.deciders() or kind not in secret_options(trial, seat)


def make_twins(game: Game, seat: int, kind: str, stream: Stream) -> tuple[Game, Game, int, int] | None:
    """Two copies of `game` in which `seat` completed its choice of `kind` differently, or None."""
    a = game.copy()
    steps_a = complete(a, seat, kind, stream, long=True)
    for _ in range(6):
        b = game.copy()
        steps_b = complete(b, seat, kind, stream, long=False)
        if steps_b != steps_a:
            return a, b, len(steps_a), len(steps_b)
    return None


def compare_twins(a: Game, b: Game, owner: int, start: int, stream: Stream, tally: TwinTally,
                  script: list[tuple[int, str]] | None = None) -> None:
    """Play both twins on with the same actions (random ones, or those of `script` while both allow them); every
    viewer but `owner` must read the same in both until the secret surfaces in a view."""
    script = None if script is None else list(script)
    others: list[int | None] = [None, *(s for s in range(a.players) if s != owner)]
    for _ in range(CONTINUE):
        for viewer in others:
            if a.view(viewer) != b.view(viewer):
                return  # the secret now shows in the state (revealed, or its consequences drawn): done
        for viewer in others:
            who = "the spectator" if viewer is None else f"seat {viewer}"
            assert a.history(viewer, start) == b.history(viewer, start), (
                f"{who} reads the log differently in two games that differ only in seat {owner}'s secret choice: "
                f"{a.history(viewer, start)} vs {b.history(viewer, start)}")
            if viewer is not None and viewer in a.deciders():
                assert a.legal_indices(viewer) == b.legal_indices(viewer), (
                    f"the legal actions of {who} depend on seat {owner}'s secret choice")
        for viewer in others:
            compare_screens(a, b, viewer, owner, start, tally)
        assert a.moments() == b.moments(), (
            f"the number of public moments ({a.moments()} vs {b.moments()}) tells how seat {owner} made its choice")
        assert a.deciders() == b.deciders(), f"who decides ({a.deciders()} vs {b.deciders()}) depends on a secret"
        tally.steps += 1
        if a.is_over() or b.is_over():
            assert a.is_over() and b.is_over()
            return
        if script is not None:
            if not script:
                return
            seat, text = script.pop(0)
            idx = a.action_index(text)
            if seat not in a.deciders() or idx not in a.legal_indices(seat) or idx not in b.legal_indices(seat):
                return
            a.apply(seat, idx)
            b.apply(seat, idx)
            continue
        seat = a.deciders()[stream.below(len(a.deciders()))]
        legal = a.legal_indices(seat)
        if seat == owner:
            # the owner's own options may depend on its secret; play one both twins allow
            legal = sorted(set(legal) & set(b.legal_indices(seat)))
            if not legal:
                return
        idx = legal[stream.below(len(legal))]
        a.apply(seat, idx)
        b.apply(seat, idx)


def terminal_screens(game: Game, viewer: int | None, start: int) -> dict[str, str]:
    """What the terminal shows `viewer` (`meeple play` or `meeple replay`): the whole board, each screen a small
    terminal switches between (`Rules.screens`) and the log from `start` in words, without colour."""
    cat = game.catalogue()
    out = {"whole board": game.render(viewer, color=False, catalogue=cat)}
    out.update(game.screens(viewer, color=False, catalogue=cat))
    out["log"] = "\n".join(" / ".join(entry) for entry in event_lines(game, viewer, start, catalogue=cat))
    return out


def compare_screens(a: Game, b: Game, viewer: int | None, owner: int, start: int, tally: TwinTally) -> None:
    """The terminal shows `viewer` exactly the same in both twins."""
    seen_a, seen_b = terminal_screens(a, viewer, start), terminal_screens(b, viewer, start)
    assert seen_a.keys() == seen_b.keys(), f"the terminal's screens {seen_a.keys()} vs {seen_b.keys()}"
    who = "the spectator" if viewer is None else f"seat {viewer}"
    for name, text in seen_a.items():
        assert text == seen_b[name], (
            f"the terminal's {name!r} screen of {who} differs in two games that differ only in seat {owner}'s "
            f"secret choice:\n{text}\n---\n{seen_b[name]}")
        tally.screens += 1


def check_game(game_id: str, players: int, options: dict[str, Any], seed: int, twins: int, tally: TwinTally,
               max_actions: int = 4000) -> None:
    """Play a seeded random game; at up to `twins` positions where a seat starts a secret choice, check twins."""
    game = meeple.new_game(game_id, players, seed, options)
    stream = Stream(seed, 11)
    made = 0
    for _ in range(max_actions):
        if game.is_over() or made >= twins:
            return
        deciders = game.deciders()
        if stream.below(3) == 0:
            for seat in deciders:
                kinds = secret_options(game, seat)
                if not kinds:
                    continue
                kind = sorted(kinds)[stream.below(len(kinds))]
                found = make_twins(game, seat, kind, stream)
                if found is None:
                    continue
                a, b, len_a, len_b = found
                made += 1
                tally.twins += 1
                tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
                tally.different_lengths += len_a != len_b
                compare_twins(a, b, seat, game.log_length(), Stream(seed, 100 + made), tally)
                break
        seat = deciders[stream.below(len(deciders))]
        legal = game.legal_indices(seat)
        game.apply(seat, legal[stream.below(len(legal))])

