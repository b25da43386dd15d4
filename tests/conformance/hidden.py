"""Hidden-information checks: what a viewer is shown must not change when what it cannot see changes.

The checks are differential, so they cannot pass by looking in the wrong place. For a viewer
(each seat and the spectator) we build states that differ only in what that viewer may not know:

* a redeal, `rules.sample(state, seat, rng)`, which must change at least one hidden card list
  (other hands, pending reward cards, deck order) — otherwise the comparison proves nothing; a list
  the game hides as an `order` (contents public) must keep its contents;
* for a hidden number of `rules.hidden_values` (a crystal total, a pending bid, the random stream), a
  state where that number is one higher — the field holding it is found in `to_data` and the change
  is confirmed through `hidden_values`, so a number that is not varied fails the check instead of
  passing it.

What each value is comes from the game's declaration, `GameSpec.hides` (kind -> cards, order, choice,
number or stream): every kind `hidden_values` lists must be declared there.

The viewer's view, legal action list, refusal messages and `repr` of the state must be identical in
both, and applying the same action to both must give the viewer the same event lines whenever the
viewer's resulting views agree. On top of that, views are searched directly for any hidden card list
long enough not to match by chance (as a multiset, or in its order for a list whose contents are public).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from meeple.engine import Rules
from meeple.engine.rng import Stream

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
# Hidden card lists at least this long are searched for in views as a multiset; shorter ones could
# match a public list by chance and are left to the differential checks.
MIN_SEARCHED = 6
PROBED_ACTIONS = 12  # random action indices whose refusal messages are compared per viewer

Label = tuple[Any, ...]


@dataclass
class Tally:
    """How many comparisons actually ran, so that a suite run can prove it was not vacuous."""

    redeals: int = 0
    unchanged_redeals: int = 0
    nothing_to_redeal: int = 0  # positions where no hidden list held two different cards
    perturbations: int = 0
    events: int = 0
    messages: int = 0
    kinds: Counter[str] = field(default_factory=Counter)


def viewers(players: int) -> list[int | None]:
    return [None, *range(players)]


def secrets(rules: Rules[Any], state: Any, viewer: int | None) -> dict[Label, Any]:
    """`hidden_values` keyed by label: (kind, owner, value) entries use (kind, owner), (kind, value) ones (kind,).

    Every kind must be declared in `GameSpec.hides`, which says how it is hidden."""
    out: dict[Label, Any] = {}
    hides = rules.spec.hides
    for item in rules.hidden_values(state, viewer):
        assert isinstance(item, tuple) and len(item) >= 2 and isinstance(item[0], str), (
            f"hidden_values lists {item!r}: each is (kind, owner, value) or (kind, value)")
        assert item[0] in hides, (f"hidden_values lists the kind {item[0]!r}, which GameSpec.hides does not declare "
                                  f"(declared: {', '.join(hides) or 'nothing'})")
        out[tuple(item[:-1])] = item[-1]
    return out


def hiding(rules: Rules[Any], label: Label) -> str:
    """How the game hides the value of a label: cards, order, choice, number or stream."""
    return str(rules.spec.hides[label[0]])


def card_lists(rules: Rules[Any], values: dict[Label, Any]) -> dict[Label, list[Any]]:
    return {k: v for k, v in values.items() if isinstance(v, list) and hiding(rules, k) in ("cards", "order")}


def numbers(rules: Rules[Any], values: dict[Label, Any]) -> dict[Label, int]:
    return {k: v for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)
            and hiding(rules, k) in ("choice", "number", "stream")}


# ---------------------------------------------------------------- states the viewer cannot tell apart
def redeal(rules: Rules[Any], state: Any, seat: int, stream: Stream) -> Any | None:
    """A sample for `seat` that changed some hidden card list; None when nothing changed (`NOTHING` when no hidden
    list holds two different cards, so that no redeal could change anything)."""
    before = card_lists(rules, secrets(rules, state, seat))
    pool = Counter(c for cards in before.values() for c in map(repr, cards))
    if len(pool) < 2:
        return NOTHING
    for _ in range(5):
        alt = rules.sample(state, seat, stream.below(1 << 62))
        after = card_lists(rules, secrets(rules, alt, seat))
        for label, cards in before.items():
            if hiding(rules, label) == "order" and label in after:
                assert Counter(map(repr, after[label])) == Counter(map(repr, cards)), (
                    f"a sample for seat {seat} changed the contents of {label}, which the game declares public "
                    "(hidden as an order)")
        if after != before:
            return alt
    # Possible when the hidden cards are all deducible (an empty deck); the caller counts how often.
    return None


NOTHING = object()  # `redeal`: no hidden list to redeal


def check_sample_redraws_the_stream(rules: Rules[Any], state: Any, seat: int, stream: Stream) -> None:
    """A sample keeps no random stream the game hides: a bot searching on it must not foresee the dice."""
    truth = {k: v for k, v in secrets(rules, state, seat).items() if hiding(rules, k) == "stream"}
    if not truth:
        return
    alt = secrets(rules, rules.sample(state, seat, stream.below(1 << 62)), seat)
    for label, value in truth.items():
        assert alt.get(label) != value, f"sample() for seat {seat} keeps the true random stream {label}"


def perturbation(rules: Rules[Any], state: Any, players: int, viewer: int | None,
                 stream: Stream) -> tuple[Label, Any] | None:
    """For one hidden number (chosen by `stream`), a state where only that number is one higher."""
    hidden_numbers = numbers(rules, secrets(rules, state, viewer))
    if not hidden_numbers:
        return None
    label = sorted(hidden_numbers, key=repr)[stream.below(len(hidden_numbers))]
    return label, _bumped(rules, rules.to_data(state), players, viewer, label, hidden_numbers[label])


def _bumped(rules: Rules[Any], data: dict[str, Any], players: int, viewer: int | None, label: Label,
            value: int) -> Any:
    """Find the field holding a hidden number (a per-seat list for a seat's number) and add one to it."""
    owner = label[1] if len(label) > 1 and isinstance(label[1], int) else None
    for name, stored in data.items():
        if owner is not None and isinstance(stored, list) and len(stored) == players and stored[owner] == value:
            changed = json.loads(json.dumps(data))
            changed[name][owner] = value + 1
        elif owner is None and stored == value and isinstance(stored, int) and not isinstance(stored, bool):
            changed = {**data, name: value + 1}
        else:
            continue
        try:
            alt = rules.from_data(changed)
            found = secrets(rules, alt, viewer).get(label)
        except (ValueError, IndexError, KeyError, TypeError):
            continue  # another field that happened to hold the same number
        if found == value + 1:
            return alt
    raise AssertionError(f"hidden value {label}={value} was not found in any field of to_data(); "
                         "the leak check cannot vary it")


# ---------------------------------------------------------------- comparisons
def check_state(rules: Rules[Any], state: Any, players: int, action: tuple[int, int] | None, stream: Stream,
                tally: Tally) -> dict[int, Any]:
    """Every viewer against its redeal and against one of its hidden numbers varied; returns the redeals by seat."""
    redeals: dict[int, Any] = {}
    for viewer in viewers(players):
        base_view = rules.view(state, viewer)
        search_view(rules, state, viewer, base_view)
        seat = viewer if viewer is not None else stream.below(players)
        alt = redeal(rules, state, seat, stream)
        if alt is NOTHING:
            tally.nothing_to_redeal += 1
        elif alt is None:
            tally.unchanged_redeals += 1
        else:
            tally.redeals += 1
            tally.kinds["redeal"] += 1
            redeals.setdefault(seat, alt)
            compare(rules, state, alt, viewer, base_view, action, stream, tally, f"redeal for seat {seat}")
        varied = perturbation(rules, state, players, viewer, stream)
        if varied is not None:
            label, bumped = varied
            tally.perturbations += 1
            tally.kinds[str(label[0])] += 1
            # Another stream is as possible as the true one, so the next action's events are compared on it too;
            # a choice or a total one higher may be one the rules never meet (a dial past the last Site).
            then = action if hiding(rules, label) == "stream" else None
            compare(rules, state, bumped, viewer, base_view, then, stream, tally, f"{label} + 1")
    return redeals


def compare(rules: Rules[Any], state: Any, alt: Any, viewer: int | None, base_view: dict[str, Any],
            action: tuple[int, int] | None, stream: Stream, tally: Tally, what: str) -> None:
    who = "spectator" if viewer is None else f"seat {viewer}"
    assert rules.to_data(alt) != rules.to_data(state), f"{what} did not change the state"
    assert rules.view(alt, viewer) == base_view, f"the view of the {who} changes with {what}: it leaks"
    assert _plain_repr(alt) == _plain_repr(state), f"repr() of the state changes with {what}"
    if viewer is not None:
        assert rules.legal(alt, viewer) == rules.legal(state, viewer), f"legal actions of {who} change with {what}"
        # `check` is asked only for a seat that decides (the facade refuses the others before asking it)
        for idx in _probe_indices(rules, state, viewer, stream) if viewer in rules.deciders(state) else []:
            tally.messages += 1
            assert rules.check(alt, viewer, idx) == rules.check(state, viewer, idx), (
                f"the refusal message of {rules.actions.text(idx)!r} for {who} changes with {what}")
    if action is not None and same_events(rules, state, alt, viewer, action):
        tally.events += 1


def same_events(rules: Rules[Any], state: Any, alt: Any, viewer: int | None, action: tuple[int, int]) -> bool:
    """Apply one action to both states; if the viewer's next views agree, its event lines must agree too."""
    seat, idx = action
    if rules.check(alt, seat, idx) is not None:
        return False  # the action depends on cards the viewer cannot see; nothing to compare
    a, b = rules.copy(state), rules.copy(alt)
    ev_a: list[Any] = []
    ev_b: list[Any] = []
    rules.apply(a, seat, idx, ev_a)
    rules.apply(b, seat, idx, ev_b)
    if rules.view(a, viewer) != rules.view(b, viewer):
        return False  # the outcome shows the viewer something new of its own (a drawn card); legitimately
    lines_a = [e.to_dict() for e in ev_a if e.visible_to(viewer)]
    lines_b = [e.to_dict() for e in ev_b if e.visible_to(viewer)]
    assert lines_a == lines_b, (f"events of {rules.actions.text(idx)!r} seen by viewer {viewer} depend on hidden "
                                f"information: {lines_a} vs {lines_b}")
    return True


def _probe_indices(rules: Rules[Any], state: Any, viewer: int, stream: Stream) -> list[int]:
    n = len(rules.actions)
    listed = rules.legal(state, viewer)
    return listed[:PROBED_ACTIONS] + [stream.below(n) for _ in range(PROBED_ACTIONS)]


def _plain_repr(state: Any) -> str:
    return _ADDRESS.sub("0x", repr(state)) + "|" + _ADDRESS.sub("0x", str(state))


# ---------------------------------------------------------------- direct search
def lists_in(obj: Any, path: str = "") -> Iterator[tuple[str, list[Any]]]:
    """Every list inside a JSON-like value, with its path."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from lists_in(v, f"{path}.{k}")
    elif isinstance(obj, list | tuple):
        yield path, list(obj)
        for i, v in enumerate(obj):
            yield from lists_in(v, f"{path}[{i}]")


def search_view(rules: Rules[Any], state: Any, viewer: int | None, view: dict[str, Any]) -> None:
    """No list in the view holds a long hidden card list as a multiset, nor a list whose contents are public (an
    `order`) in its hidden order (unless that order is the sorted one, which a view may show)."""
    hidden = {k: v for k, v in card_lists(rules, secrets(rules, state, viewer)).items() if len(v) >= MIN_SEARCHED}
    if not hidden:
        return
    wanted = {k: Counter(map(repr, v)) for k, v in hidden.items() if hiding(rules, k) == "cards"}
    orders = {k: list(map(repr, v)) for k, v in hidden.items() if hiding(rules, k) == "order"}
    orders = {k: v for k, v in orders.items() if v != sorted(v)}
    for path, items in lists_in(view):
        if len(items) < MIN_SEARCHED:
            continue
        found = Counter(map(repr, items))
        for label, cards in wanted.items():
            assert found != cards, f"the view of viewer {viewer} shows hidden {label} at {path or 'top level'}"
        shown = list(map(repr, items))
        for label, order in orders.items():
            assert shown != order, f"the view of viewer {viewer} shows the hidden order of {label} at {path}"
