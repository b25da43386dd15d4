"""Bad input through the public facade: the right exception, a message that says what was wrong, nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import meeple
from meeple import Game, IllegalAction, InvalidOptions, MeepleError, SaveError, UnknownGame
from meeple.engine import Event, get_rules
from meeple.engine.rng import Stream

from .configs import all_game_ids

GAMES = all_game_ids()


def _started(game_id: str, seed: int = 11, actions: int = 6) -> Game:
    """A game some random legal actions in, so that errors are tried on a position with history (of a short game,
    the actions that leave it unfinished)."""
    spec = get_rules(game_id).spec
    # Two seats when the game allows it, so that some seat waits (a solo game has only one).
    game = meeple.new_game(game_id, min(max(2, spec.min_players), spec.max_players), seed)
    stream = Stream(seed, 5)
    for n in range(actions * 4):
        if n >= actions and len(game.deciders()) < game.players:
            break  # a position where some seat waits
        seat = game.deciders()[0]
        texts = game.legal_actions(seat)
        text = texts[stream.below(len(texts))]
        ahead = game.copy()
        ahead.apply(seat, text)
        if ahead.is_over():
            break
        game.apply(seat, text)
    return game


def _fingerprint(game: Game) -> tuple[Any, ...]:
    data = json.dumps(game.rules.to_data(game.state), sort_keys=True)
    return game.to_json(), data, game.events(None), game.full_log(), game.deciders()


@contextmanager
def unchanged(game: Game) -> Iterator[None]:
    before = _fingerprint(game)
    yield
    assert _fingerprint(game) == before, "a refused request changed the game"


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return _started(request.param)


def test_unknown_action_text(game: Game) -> None:
    seat = game.deciders()[0]
    for text in ("fly to the moon", "", "   ", "END!"):
        with unchanged(game), pytest.raises(IllegalAction) as err:
            game.apply(seat, text)
        assert repr(text) in str(err.value) and "not an action" in str(err.value)


def test_action_not_allowed_now_names_the_action_and_the_reason(game: Game) -> None:
    seat = game.deciders()[0]
    rules = game.rules
    refused = [i for i in range(len(rules.actions)) if rules.check(game.state, seat, i) is not None]
    if not refused and len(rules.actions) == len(rules.legal(game.state, seat)):
        pytest.skip(f"{game.game_id} lists every action of its index here: nothing to refuse")
    assert refused, "every action of the index is accepted: nothing to refuse"
    for idx in refused[:: max(1, len(refused) // 25)]:
        text = rules.actions.text(idx)
        reason = rules.check(game.state, seat, idx)
        if isinstance(reason, Event):
            reason = game.catalogue().text(reason.msg, reason.params)
        for action in (text, idx):
            with unchanged(game), pytest.raises(IllegalAction) as err:
                game.apply(seat, action)
            assert repr(text) in str(err.value) and str(reason) in str(err.value)


def test_seat_that_does_not_decide(game: Game) -> None:
    deciders = game.deciders()
    others = [s for s in range(game.players) if s not in deciders]
    assert others, "every seat decides: use a game position where some seat waits"
    legal = game.legal_actions(deciders[0])[0]
    for seat in others:
        assert game.legal_actions(seat) == [] and not any(game.action_mask(seat))
        with unchanged(game), pytest.raises(IllegalAction) as err:
            game.apply(seat, legal)
        message = str(err.value)
        assert f"seat {seat}" in message and all(str(d) in message for d in deciders)


@pytest.mark.parametrize("seat", [-1, 99, True, "0", None, 1.0])
def test_seat_out_of_range_or_of_wrong_type(game: Game, seat: Any) -> None:
    legal = game.legal_actions(game.deciders()[0])[0]
    expected = f"0 to {game.players - 1}"
    calls: list[Callable[[], object]] = [
        lambda: game.apply(seat, legal), lambda: game.legal_actions(seat), lambda: game.action_mask(seat),
        lambda: game.legal_indices(seat),
    ]
    if seat is not None:  # view(None) is the spectator's view
        calls.append(lambda: game.view(seat))
    for call in calls:
        with unchanged(game), pytest.raises(IllegalAction) as err:
            call()
        assert expected in str(err.value) and repr(seat) in str(err.value)


def test_action_index_out_of_range(game: Game) -> None:
    seat = game.deciders()[0]
    size = len(game.rules.actions)
    for idx in (-1, size, size + 1, 10**12):
        with unchanged(game), pytest.raises(IllegalAction) as err:
            game.apply(seat, idx)
        assert str(idx) in str(err.value) and f"0..{size - 1}" in str(err.value)


@pytest.mark.parametrize("action", [1.5, None, b"end", True, ["end"]])
def test_action_of_wrong_type(game: Game, action: Any) -> None:
    with unchanged(game), pytest.raises(IllegalAction) as err:
        game.apply(game.deciders()[0], action)
    assert str(err.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_option_lists_the_valid_ones(game_id: str) -> None:
    spec = get_rules(game_id).spec
    with pytest.raises(InvalidOptions) as err:
        meeple.new_game(game_id, spec.min_players, 1, {"no_such_option": 1})
    assert "no_such_option" in str(err.value)
    assert all(name in str(err.value) for name in spec.option_names())


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_option_value_lists_the_valid_ones(game_id: str) -> None:
    spec = get_rules(game_id).spec
    for option in spec.options:
        for bad in ("no-such-value", 12345, None, str(option.default)):
            if bad in option.choices and type(bad) is type(option.default):
                continue
            with pytest.raises(InvalidOptions) as err:
                meeple.new_game(game_id, spec.min_players, 1, {option.name: bad})
            message = str(err.value)
            assert option.name in message, message
            assert all(json.dumps(c) in message for c in option.choices), message


@pytest.mark.parametrize("game_id", GAMES)
def test_options_must_be_a_mapping(game_id: str) -> None:
    spec = get_rules(game_id).spec
    with pytest.raises(InvalidOptions, match="mapping"):
        meeple.new_game(game_id, spec.min_players, 1, ["edition"])  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_player_count(game_id: str) -> None:
    spec = get_rules(game_id).spec
    for players in (spec.min_players - 1, spec.max_players + 1, 0, -2):
        with pytest.raises(InvalidOptions) as err:
            meeple.new_game(game_id, players, 1)
        assert str(players) in str(err.value)
        assert str(spec.min_players) in str(err.value) and str(spec.max_players) in str(err.value)
    wrong: tuple[Any, ...] = (str(spec.min_players), float(spec.min_players), True, None)
    for bad in wrong:
        with pytest.raises(InvalidOptions, match="whole number"):
            meeple.new_game(game_id, bad, 1)


@pytest.mark.parametrize("seed", ["7", 1.5, True, None])
def test_bad_seed(seed: Any) -> None:
    gid = GAMES[0]
    with pytest.raises(ValueError, match="seed"):
        meeple.new_game(gid, get_rules(gid).spec.min_players, seed)


def test_unknown_game_lists_the_registered_ones() -> None:
    for call in (lambda: meeple.new_game("no-such-game", 2, 1), lambda: get_rules("no-such-game"),
                 lambda: meeple.replay("no-such-game", 2, 1, None, []),
                 lambda: meeple.scenario("no-such-game", {"players": 2})):
        with pytest.raises(UnknownGame) as err:
            call()
        message = str(err.value)
        assert isinstance(err.value, MeepleError) and isinstance(err.value, KeyError)
        assert "'no-such-game'" in message and all(gid in message for gid in GAMES)
        assert not message.startswith('"'), "the message is quoted like a bare KeyError"


def test_result_before_the_end(game: Game) -> None:
    with unchanged(game), pytest.raises(ValueError, match="not over"):
        game.result()


def test_load_game_refuses_bad_saves(game: Game) -> None:
    saved = json.loads(game.to_json())
    bad_action = dict(saved, actions=[*saved["actions"], [game.deciders()[0], "fly to the moon"]])
    wrong_seat = dict(saved, actions=[[99, a] for _, a in saved["actions"][:1]])
    cases = {
        "{not json": "invalid JSON",
        json.dumps({"format": "something else"}): "format",
        json.dumps({k: v for k, v in saved.items() if k != "seed"}): "'seed'",
        json.dumps(dict(saved, version=saved["version"] + 1)): "version",
        json.dumps(bad_action): f"action {len(saved['actions']) + 1} of the log",
        json.dumps(wrong_seat): "action 1 of the log",
    }
    for text, expected in cases.items():
        with pytest.raises(SaveError) as err:
            meeple.load_game(text)
        assert expected in str(err.value), str(err.value)
    assert meeple.load_game(game.to_json()).to_json() == game.to_json()


def test_replay_refuses_an_illegal_log(game: Game) -> None:
    log = game.full_log()
    seat = game.deciders()[0]
    with pytest.raises(SaveError, match=f"action {len(log) + 1} of the log"):
        meeple.replay(game.game_id, game.players, game.seed, game.options, [*log, (seat, "fly to the moon")])


def test_a_refused_action_does_not_block_the_next_one(game: Game) -> None:
    seat = game.deciders()[0]
    with pytest.raises(IllegalAction):
        game.apply(seat, "fly to the moon")
    action = game.legal_actions(seat)[0]
    game.apply(seat, action)
    assert game.full_log()[-1] == (seat, action)
