"""The hidden-information checks catch leaks: each kind of leak, injected on purpose, makes them fail."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.engine import Event, Rules, get_rules
from meeple.engine.rng import Stream

from . import hidden
from .configs import all_game_ids

GAMES = all_game_ids()


class Leaky:
    """A game's rules with one leak added; everything else is delegated to the real rules."""

    def __init__(self, rules: Rules[Any], leak: str) -> None:
        self._rules = rules
        self._leak = leak

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def _secret(self, state: Any, viewer: int | None, kind: type) -> Any:
        values = [v for v in hidden.secrets(self._rules, state, viewer).values() if isinstance(v, kind) and v]
        return values[0] if values else None

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        out = dict(self._rules.view(state, seat))
        if self._leak == "list in view":
            out["debug"] = self._secret(state, seat, list)
        elif self._leak == "one card in view":
            lists = [v for v in hidden.secrets(self._rules, state, seat).values() if isinstance(v, list)]
            longest = max(lists, key=len, default=[])  # the deck: its top card is the next draw
            out["debug"] = longest[-1] if longest else None
        elif self._leak == "number in view":
            out["debug"] = [self._secret(state, seat, int)]
        return out

    def check(self, state: Any, seat: int, action: int) -> Event | str | None:
        reason = self._rules.check(state, seat, action)
        if reason is not None and self._leak == "message":
            extra = self._secret(state, seat, list)
            if isinstance(reason, Event):
                return Event(reason.msg, {**reason.params, "by_the_way": extra}, reason.seats)
            reason += f" (by the way: {extra})"
        return reason

    def apply(self, state: Any, seat: int, action: int, events: list[Event] | None = None) -> None:
        if events is not None and self._leak == "event":
            events.append(Event("debug", {"state": repr(self._rules.to_data(state))}))
        self._rules.apply(state, seat, action, events)


def positions(game_id: str, count: int = 12) -> list[tuple[Any, int, tuple[int, int]]]:
    """Some mid-game positions with the action taken there (a short game is followed by another one)."""
    spec = get_rules(game_id).spec
    game = meeple.new_game(game_id, spec.min_players, 21)
    rules, stream, out = game.rules, Stream(21, 3), []
    for n in range(40 + count):
        if game.is_over():
            game = meeple.new_game(game_id, spec.min_players, 21 + n)
        seat = rules.deciders(game.state)[0]
        legal = rules.legal(game.state, seat)
        idx = legal[stream.below(len(legal))]
        if n >= 40:
            out.append((rules.copy(game.state), game.players, (seat, idx)))
        game.apply(seat, idx)
    return out


def run_checks(rules: Any, state: Any, players: int, action: tuple[int, int]) -> hidden.Tally:
    tally = hidden.Tally()
    hidden.check_state(rules, state, players, action, Stream(5, 5), tally)
    return tally


@pytest.mark.parametrize("game_id", GAMES)
def test_honest_rules_pass_and_compare_something(game_id: str) -> None:
    rules = get_rules(game_id)
    total = hidden.Tally()
    for state, players, action in positions(game_id):
        tally = run_checks(rules, state, players, action)
        total.redeals += tally.redeals
        total.perturbations += tally.perturbations
        total.events += tally.events
    hides = set(rules.spec.hides.values())
    if hides & {"cards", "order"}:
        assert total.redeals
    if hides & {"choice", "number", "stream"}:
        assert total.perturbations
    if hides:
        assert total.events


def _refuses_something(rules: Rules[Any], state: Any) -> bool:
    return any(rules.check(state, seat, i) is not None
               for seat in rules.deciders(state) for i in range(len(rules.actions)))


def _a_list_to_leak(rules: Rules[Any], state: Any) -> bool:
    """Some hidden list holds two different cards, so that showing it tells a viewer something."""
    return any(len(set(map(repr, cards))) > 1 for cards in hidden.card_lists(rules, hidden.secrets(rules, state, None))
               .values())


# A single card can survive one redeal by chance, so that leak is caught at most positions, not all.
LEAKS = {"list in view": 1.0, "one card in view": 0.75, "number in view": 1.0, "message": 1.0, "event": 1.0}
# What a game must hide for a leak to have something to show: lists (hands, piles) or numbers.
LISTS, NUMBERS = {"cards", "order"}, {"choice", "number", "stream"}
LEAKED_KINDS = {"list in view": LISTS, "one card in view": LISTS, "number in view": NUMBERS,
                "message": LISTS, "event": LISTS | NUMBERS}


@pytest.mark.parametrize("leak", sorted(LEAKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_injected_leak_is_caught(game_id: str, leak: str) -> None:
    rules = get_rules(game_id)
    hides = set(rules.spec.hides.values())
    if not hides & LEAKED_KINDS[leak]:
        pytest.skip(f"{game_id} hides nothing that this leak could show")
    leaky = Leaky(rules, leak)
    tried = caught = 0
    for state, players, action in positions(game_id):
        if leak == "event" and run_checks(rules, state, players, action).events == 0:
            continue  # no viewer could compare events here, so there is nothing to catch
        if leak == "message" and not _refuses_something(rules, state):
            continue  # every action is accepted here (a dial): no refusal could carry the leak
        if LEAKED_KINDS[leak] == LISTS and not _a_list_to_leak(rules, state):
            continue  # every hidden list is empty or of one card: showing it shows nothing (a last prize)
        tried += 1
        try:
            run_checks(leaky, state, players, action)
        except AssertionError:
            caught += 1
    if not tried and leak == "message":
        pytest.skip(f"{game_id} refuses no action at these positions: no refusal message to leak through")
    assert tried, "no position exercised this leak"
    assert caught >= LEAKS[leak] * tried, f"the leak was caught at {caught} of {tried} positions"
