"""The engine core serves what the three games need: simultaneous secret choices, chance, hidden views."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import meeple
from meeple.engine import registry

from .dials import Dials


@pytest.fixture()
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())
    yield
    registry.unregister("dials")


def test_several_seats_decide_at_once_in_secret(dials: None) -> None:
    game = meeple.new_game("dials", 3, seed=4)
    assert game.deciders() == [0, 1, 2]
    game.apply(1, "dial 3")
    assert game.deciders() == [0, 2]
    assert game.view(0)["mine"] is None and game.view(0)["chosen"] == [False, True, False]
    assert "3" not in repr(game.view(0)["revealed"])
    assert game.events(0)[-1] == [{"msg": "dials.set", "params": {"seat": 1}}]
    assert game.events(1)[-1] == [{"msg": "dials.set", "params": {"seat": 1}},
                                  {"msg": "dials.chosen", "params": {"dial": 3}}]
    with pytest.raises(meeple.IllegalAction, match="does not decide now"):
        game.apply(1, "dial 2")
    game.apply(0, "dial 2")
    game.apply(2, "dial 2")
    assert game.is_over() and game.view(None)["revealed"] == [[2, 3, 2]]
    assert game.result().winners == [1]


def test_chance_and_replay_come_from_the_seed(dials: None) -> None:
    first = meeple.new_game("dials", 2, seed=9, options={"rounds": 2})
    for seat, action in [(0, "dial 1"), (1, "dial 1"), (1, "dial 2"), (0, "dial 3")]:
        first.apply(seat, action)
    again = meeple.replay("dials", 2, 9, {"rounds": 2}, first.full_log())
    assert again.rules.to_data(again.state) == first.rules.to_data(first.state)
    assert meeple.load_game(first.to_json()).full_log() == first.full_log()


def test_sampling_redeals_only_what_the_seat_cannot_see(dials: None) -> None:
    game = meeple.new_game("dials", 3, seed=1)
    game.apply(0, "dial 1")
    game.apply(1, "dial 1")
    seen = {tuple(game.sample(2, stream)["dials"][:2]) for stream in range(40)}
    assert len(seen) > 1  # other seats' secret dials are redealt
    assert all(game.sample(0, stream)["dials"][0] == 1 for stream in range(10))  # own dial is kept


def test_unregistered_game_is_refused_with_the_known_ids() -> None:
    with pytest.raises(meeple.UnknownGame, match=r"registered games: .*bluemooncity"):
        meeple.new_game("dials", 2, seed=1)


def test_the_log_can_be_read_from_any_action_without_copying_all_of_it(dials: None) -> None:
    game = meeple.new_game("dials", 2, seed=9, options={"rounds": 2})
    game.apply(0, "dial 1")
    game.apply(1, "dial 2")
    assert game.log_length() == 2
    assert game.full_log(1) == [(1, "dial 2")] and game.full_log() == [(0, "dial 1"), (1, "dial 2")]
    game.full_log().clear()  # the caller's own list
    game.log(viewer=None).clear()
    assert game.log_length() == 2
    assert game.log(viewer=0, start=1) == [(1, "dial 2")]  # revealed with the round
    # Events are kept as plain values, which the garbage collector leaves alone in a long game.
    assert [e["msg"] for e in game.events(1, 1)[0]] == ["dials.set", "dials.chosen", "dials.revealed"]
    assert game.copy().events(1, 1) == game.events(1, 1)
    assert game.catalogue().event_text(game.events(1, 1)[0][2]) == "The dials are revealed: 1, 2"


def test_a_secret_choice_stays_out_of_other_seats_logs_until_the_game_reveals_it(dials: None) -> None:
    game = meeple.new_game("dials", 3, seed=5, options={"rounds": 2})
    game.apply(2, "dial 3")
    assert game.log(viewer=2) == [(2, "dial 3")]
    assert game.log(viewer=0) == [(2, None)] and game.log(viewer=None) == [(2, None)]
    assert game.pending_secrets() == {0: 2}
    assert "3" not in repr(game.events(0)) and "3" not in repr(game.events(None))
    game.apply(0, "dial 1")
    assert game.log(viewer=1) == [(2, None), (0, None)]
    game.apply(1, "dial 2")  # the last dial: the game reveals them all
    assert game.log(viewer=1) == game.full_log() == [(2, "dial 3"), (0, "dial 1"), (1, "dial 2")]
    assert game.pending_secrets() == {}
    game.apply(1, "dial 1")  # a new round: a new secret
    assert game.log(viewer=0, start=3) == [(1, None)]
    assert game.copy().log(viewer=0, start=3) == [(1, None)]


def test_a_seat_table_gives_a_bot_its_view_its_actions_and_samples_only(dials: None) -> None:
    game = meeple.new_game("dials", 2, seed=3)
    game.apply(0, "dial 2")
    table = game.seat_table(1)
    assert table.seat == 1 and table.legal_actions() == ["dial 1", "dial 2", "dial 3"]
    assert table.view() == game.view(1)
    assert not hasattr(table, "game") and not hasattr(table, "state") and not hasattr(table, "__dict__")
    assert {table.sample(s)["dials"][0] for s in range(30)} == {1, 2, 3}  # seat 0's secret dial is redrawn
    game.apply(1, "dial 1")
    assert table.legal_actions() == ["dial 1", "dial 2", "dial 3"]  # a snapshot of the decision, not the game


def test_a_refusal_given_as_a_message_is_rendered_and_kept_as_data(dials: None) -> None:
    game = meeple.new_game("dials", 2, seed=3)
    game.apply(0, "dial 2")
    with pytest.raises(meeple.IllegalAction, match="does not decide now"):
        game.apply(0, "dial 1")


def test_options_given_as_texts_are_parsed_by_the_spec() -> None:
    spec = meeple.engine.get_rules("bluemooncity").spec
    assert spec.parse_options({"expansion": "yes", "layout": "open"})["expansion"] is True
    with pytest.raises(meeple.InvalidOptions, match="valid values: cmon2019, kosmos2006"):
        spec.parse_options({"edition": "2020"})
    with pytest.raises(meeple.InvalidOptions, match="has no option 'colour'"):
        spec.parse_options({"colour": "red"})


def test_the_engine_imports_no_game_until_one_is_asked_for() -> None:
    import subprocess
    import sys

    code = ("import sys, meeple.engine as e; ids = e.game_ids(); "
            "print('bluemooncity' in ids, any(m.startswith('meeple.games.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"]  # listed from the installed plug-ins, not imported


def test_an_action_among_the_listed_ones_is_not_checked_again(dials: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`Game.apply(..., listed=...)`: the caller read the seat's legal actions in this position (the RL mask), so an
    action among them skips the rules' check; any other action is still checked and refused."""
    game = meeple.new_game("dials", 3, seed=4)
    rules = game.rules
    asked: list[int] = []
    check = rules.check
    monkeypatch.setattr(rules, "check", lambda s, seat, a: asked.append(a) or check(s, seat, a))
    listed = game.legal_indices(1)
    game.apply(1, listed[0], listed)
    assert asked == []
    with pytest.raises(meeple.IllegalAction, match="does not decide now"):
        game.apply(1, listed[0], [])
    game.apply(0, listed[1])
    assert asked == [listed[1]]
    assert game.deciders() == [2]


def record(game: meeple.Game, seats: int, apart: bool = False) -> list[object]:
    """Everything the facade tells of a game's past: logs and events as each seat and a spectator read them,
    secrets, public moments, whether each seat may take back the last action. `apart`: each read from its own copy
    of the game (so that each reader is seen to work out what it reads by itself)."""
    viewers: list[int | None] = [None, *range(seats)]
    reads: list[Callable[[meeple.Game], object]] = [
        meeple.Game.full_log, meeple.Game.pending_secrets, meeple.Game.moments,
        lambda g: [g.moment_start(m) for m in range(len(g.full_log()) + 1) if m <= g.moments()],
        lambda g: [g.moment_end(m) for m in range(len(g.full_log()) + 1) if m <= g.moments()],
        lambda g: [g.moments_at(n) for n in range(g.log_length() + 1)],
        lambda g: [g.history(v) for v in viewers], lambda g: [g.log(viewer=v) for v in viewers],
        lambda g: [g.events(v) for v in viewers], lambda g: [g.undo_refusal(s) for s in range(seats)],
        lambda g: g.rules.to_data(g.state)]
    return [read(game.copy() if apart else game) for read in reads]


@pytest.mark.parametrize(("game_id", "seats", "seed"), [("dials", 3, 5), ("cityofremnants", 2, 3),
                                                         ("coloma", 3, 2), ("bluemooncity", 2, 4)])
def test_quiet_actions_tell_the_same_past_when_it_is_read(dials: None, game_id: str, seats: int, seed: int) -> None:
    """`Game.apply(..., quiet=True)` writes no events; what the game tells of its past when read later (several
    times along the game and at the end, from a copy, around a taken-back action) is what it tells of the same
    actions applied with their events."""
    import random

    options = {"rounds": 2} if game_id == "dials" else None
    loud = meeple.new_game(game_id, seats, seed=seed, options=options)
    quiet = meeple.new_game(game_id, seats, seed=seed, options=options)
    pick = random.Random(seed)
    step = undone = 0
    while not loud.is_over() and step < 400:
        seat = loud.deciders()[0]
        action = pick.choice(loud.legal_indices(seat))
        loud.apply(seat, action)
        assert quiet.apply(seat, action, quiet=True) == []
        assert quiet.full_log() == loud.full_log() and quiet.deciders() == loud.deciders()
        step += 1
        if step % 53 == 0:
            assert record(quiet, seats, apart=True) == record(loud, seats)
        if step % 37 == 0:
            assert record(quiet, seats) == record(loud, seats)
        elif loud.can_undo(seat) and pick.random() < 0.2:  # the quiet actions are read by the undo itself
            assert quiet.undo(seat) == loud.undo(seat)
            undone += 1
    assert record(quiet, seats, apart=True) == record(loud, seats)
    assert record(quiet, seats) == record(loud, seats)
    assert undone > 0 or game_id == "dials"
