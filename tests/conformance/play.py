"""A seeded random player that checks the engine contract at every step of a game.

Most games run on the fast internal path (`rules.legal` / `rules.apply` on a copy of the state);
some run through the string facade (`game.legal_actions` / `game.apply(seat, text)`). Cheap checks
run at every step; the expensive ones (hidden information, sampling, save round trips) at a seeded
sample of steps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import compress, pairwise
from typing import Any

import pytest

import meeple
from meeple.engine import REVEAL, Event, Game, IllegalAction, Rules
from meeple.engine.rng import Stream

from . import hidden
from .configs import Config

HEAVY_RATE = 400  # one step in this many gets the expensive checks (hidden information, samples, saves)
CHECK_ALL_RATE = 8  # one step in this many asks `check` about every listed action, not only the chosen one
KEEP_RATE = 97  # one state in this many is kept and compared with its snapshot at the end of the game
ROLLOUT = 25  # steps played from a sampled state
UNLISTED = 4  # random unlisted actions tried per heavy step


@dataclass
class Tally:
    games: int = 0
    facade_games: int = 0
    actions: int = 0
    heavy_steps: int = 0
    replays: int = 0
    samples: int = 0
    unlisted_accepted: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    hidden: hidden.Tally = field(default_factory=hidden.Tally)


@dataclass
class Run:
    """One game being played and checked."""

    cfg: Config
    seed: int
    game: Game
    facade: bool
    tally: Tally
    pick: Stream
    probe: Stream
    log: list[tuple[int, str]] = field(default_factory=list)
    kept: list[tuple[Any, dict[str, Any]]] = field(default_factory=list)
    midpoint: tuple[int, dict[str, Any]] | None = None

    @property
    def rules(self) -> Rules[Any]:
        return self.game.rules


def play_game(cfg: Config, seed: int, *, facade: bool, replay: bool, tally: Tally) -> None:
    game = meeple.new_game(cfg.game_id, cfg.players, seed, cfg.opts)
    run = Run(cfg, seed, game, facade, tally, Stream(seed, 0xA11CE), Stream(seed, 0xB0B))
    try:
        check_start(run)
        limit = game.spec.max_game_length
        while not run.rules.is_over(run.game.state):
            assert len(run.log) < limit, f"not over after max_game_length={limit} actions"
            step(run)
        check_end(run)
        if replay or facade:
            check_replays(run)
    except AssertionError as exc:
        path = "string facade" if facade else "fast path"
        raise AssertionError(f"{cfg.label}, seed {seed} ({path}), after {len(run.log)} actions: {exc}") from exc
    tally.games += 1
    tally.facade_games += facade
    reason = run.rules.result(run.game.state).reason
    tally.endings[reason] = tally.endings.get(reason, 0) + 1


# ---------------------------------------------------------------- one step
def step(run: Run) -> None:
    rules, state, n = run.rules, run.game.state, run.cfg.players
    every = run.probe.below(CHECK_ALL_RATE) == 0
    seat, legal = deciding(rules, state, n, run.pick, all_seats=every)
    idx = legal[run.pick.below(len(legal))]
    check_listing(run, seat, legal, idx, every)
    if run.probe.below(heavy_rate(run.game.spec.max_game_length)) == 0:
        heavy_checks(run, seat, legal, idx)
    snapshot = rules.to_data(state)
    if run.facade:
        apply_facade(run, seat, idx)
    else:
        apply_fast(run, seat, idx)
    assert rules.to_data(state) == snapshot, "applying an action changed the earlier state (shallow copy?)"
    problems = rules.invariants(run.game.state)
    assert not problems, f"after {rules.actions.text(idx)!r} (action {len(run.log)}): {problems}"
    if run.probe.below(KEEP_RATE) == 0:
        run.kept.append((state, snapshot))
    if run.midpoint is None and run.probe.below(400) == 0:
        run.midpoint = (len(run.log), rules.to_data(run.game.state))
    run.tally.actions += 1


def heavy_rate(max_game_length: int) -> int:
    """One step in this many gets the expensive checks: `HEAVY_RATE`, more often in a game of a few actions."""
    return max(1, min(HEAVY_RATE, max_game_length // 8))


def deciding(rules: Rules[Any], state: Any, players: int, pick: Stream,
             all_seats: bool = True) -> tuple[int, list[int]]:
    """The seat that acts (one of the deciders) and its legal actions; only deciders have any."""
    deciders = rules.deciders(state)
    assert deciders, "the game is not over but nobody decides"
    assert len(set(deciders)) == len(deciders) and all(0 <= s < players for s in deciders), deciders
    if all_seats:
        for s in range(players):
            listed = rules.legal(state, s)
            assert bool(listed) == (s in deciders), f"seat {s}: legal {listed} but deciders {deciders}"
    seat = deciders[pick.below(len(deciders))]
    return seat, rules.legal(state, seat)


# The notation is a fixed table: an index whose text round trip was checked once need not be checked again.
_ROUND_TRIPPED: dict[str, set[int]] = {}


def check_listing(run: Run, seat: int, legal: list[int], chosen: int, every: bool) -> None:
    """Sorted unique indices accepted by `check`, text round trip of each, RL mask, facade texts."""
    rules, game = run.rules, run.game
    table = rules.actions
    assert legal == sorted(set(legal)) and legal[0] >= 0 and legal[-1] < len(table), legal
    done = _ROUND_TRIPPED.setdefault(run.cfg.game_id, set())
    for i in legal:
        if i not in done:
            text = table.text(i)
            assert table.parse(text) == i and table.parse(f"  {text}  ".replace(" ", "  ")) == i, text
            done.add(i)
    for i in legal if every else (chosen,):
        reason = rules.check(game.state, seat, i)
        assert reason is None, f"listed action {table.text(i)!r} refused by check: {reason}"
    mask = game.action_mask(seat)
    assert len(mask) == len(table) == game.spec.num_distinct_actions
    assert list(compress(range(len(mask)), mask)) == legal, "action_mask differs from legal indices"
    if every:
        assert game.legal_actions(seat) == sorted(map(table.text, legal))
        others = [s for s in range(run.cfg.players) if s not in rules.deciders(game.state)]
        if others:
            with pytest.raises(IllegalAction, match="does not decide now"):
                game.apply(others[0], chosen)


def apply_fast(run: Run, seat: int, idx: int) -> None:
    rules = run.rules
    work = rules.copy(run.game.state)
    events: list[Event] = []
    rules.apply(work, seat, idx, events)
    check_events(run.game, events, run.cfg.players)
    run.game.state = work
    run.log.append((seat, rules.actions.text(idx)))


def apply_facade(run: Run, seat: int, idx: int) -> None:
    game = run.game
    text = game.action_text(idx)
    secret = game.rules.secret(game.state, seat, idx)
    events = game.apply(seat, text)
    check_events(game, events, run.cfg.players)
    assert all(e.msg != REVEAL for e in events), "the facade takes the reveal markers out of the events"
    pos = len(run.log)
    run.log.append((seat, text))
    assert game.full_log() == run.log
    for viewer in hidden.viewers(run.cfg.players):
        assert _plain(game.events(viewer, pos)) == _plain([[e.to_dict() for e in events if e.visible_to(viewer)]])
        seen = game.log(viewer=viewer, start=pos)
        if secret and pos in game.pending_secrets() and viewer != seat:
            # nothing while the choice is being made; one entry without its text once it is complete
            assert all(t is None for _, t in seen), f"viewer {viewer} reads the pending secret choice {text!r}"
            assert len(seen) <= 1 + sum(1 for s in range(run.cfg.players) if s != viewer), seen
        else:
            assert seen[-1] == (seat, text) and all(t is None for _, t in seen[:-1]), seen
    spectator = game.log(viewer=None)
    assert sum(1 for _, t in spectator if t is not None) == len(run.log) - len(game.pending_secrets()), (
        "a pending secret step is shown to spectators")


def _plain(value: Any) -> Any:
    """JSON-like data with tuples as lists (events keep their lists as tuples)."""
    return json.loads(json.dumps(value))


def check_events(game: Game, events: list[Event], players: int) -> None:
    catalogue = game.catalogue()
    for e in events:
        assert isinstance(e, Event) and isinstance(e.msg, str) and e.msg.strip(), e
        assert e.msg == REVEAL or catalogue.has(e.msg), f"event {e.msg!r} is not in the game's message catalogue"
        json.dumps(e.to_dict())  # raises TypeError when a parameter is not plain data
        for value in e.params.values():
            terms = value if isinstance(value, list | tuple) else [value]
            for term in terms:
                if isinstance(term, str) and term.startswith("@"):
                    assert catalogue.has(term[1:]), f"event {e.msg!r} names {term!r}, which has no message"
        assert e.seats is None or (e.seats and all(0 <= s < players for s in e.seats)), e


# ---------------------------------------------------------------- expensive checks
def heavy_checks(run: Run, seat: int, legal: list[int], idx: int) -> None:
    rules, state = run.rules, run.game.state
    run.tally.heavy_steps += 1
    redeals = hidden.check_state(rules, state, run.cfg.players, (seat, idx), run.probe, run.tally.hidden)
    check_samples(run, redeals)
    check_data_round_trip(rules, state, seat, legal)
    check_unlisted(run, seat, legal)
    check_action_values(rules, state, seat, legal)
    if run.facade:
        check_facade_refusals(run, seat, legal)


def check_action_values(rules: Rules[Any], state: Any, seat: int, legal: list[int]) -> None:
    """A game's own `evaluate_actions` gives the values of copying, playing and evaluating each action, bit for bit,
    and leaves the state as it was."""
    before = json.dumps(rules.to_data(state), sort_keys=True)
    values = rules.evaluate_actions(state, seat, legal)
    assert json.dumps(rules.to_data(state), sort_keys=True) == before, "evaluate_actions changed the state"
    assert values == Rules.evaluate_actions(rules, state, seat, legal), (
        "evaluate_actions differs from evaluating the position after each action")


def check_samples(run: Run, redeals: dict[int, Any]) -> None:
    """Sampled states keep the invariants, can be played on, and a decider's sample uses only its view.

    (That a sample shows its seat the same view is checked with the redeals of the hidden-information checks.)
    """
    rules, state = run.rules, run.game.state
    for seat, alt in redeals.items():
        run.tally.samples += 1
        assert not rules.invariants(alt), f"sample for seat {seat}: {rules.invariants(alt)}"
        json.dumps(rules.to_data(alt))
    if redeals:
        seat = sorted(redeals)[run.probe.below(len(redeals))]
        rollout(rules, redeals[seat], run.cfg.players, run.probe, f"sample for seat {seat}")
    for seat in rules.deciders(state):
        run.tally.samples += 1
        check_sample_uses_only_view(rules, state, seat, run.probe)
        hidden.check_sample_redraws_the_stream(rules, state, seat, run.probe)


def check_sample_uses_only_view(rules: Rules[Any], state: Any, seat: int, stream: Stream) -> None:
    """A decider's sample depends only on what it sees: another possible truth gives the same sample."""
    other_truth = rules.sample(state, seat, stream.below(1 << 62))
    rng = stream.below(1 << 62)
    assert rules.to_data(rules.sample(other_truth, seat, rng)) == rules.to_data(rules.sample(state, seat, rng)), (
        f"sample() for seat {seat} depends on what it cannot see (the true deal or the true random stream)")


def rollout(rules: Rules[Any], state: Any, players: int, stream: Stream, what: str) -> None:
    """Play a few random steps from a state (as a search bot does), checking invariants at each."""
    work = rules.copy(state)
    for n in range(ROLLOUT):
        if rules.is_over(work):
            return
        seat, legal = deciding(rules, work, players, stream)
        idx = legal[stream.below(len(legal))]
        assert rules.check(work, seat, idx) is None, f"{what}, step {n}: listed action refused"
        rules.apply(work, seat, idx)
        problems = rules.invariants(work)
        assert not problems, f"{what}, after {n + 1} random steps ({rules.actions.text(idx)!r}): {problems}"


def check_data_round_trip(rules: Rules[Any], state: Any, seat: int, legal: list[int]) -> None:
    data = rules.to_data(state)
    back = rules.from_data(json.loads(json.dumps(data)))
    assert rules.to_data(back) == data, "to_data/from_data through JSON changes the state"
    assert rules.legal(back, seat) == legal
    assert rules.view(back, seat) == rules.view(state, seat)


def check_unlisted(run: Run, seat: int, legal: list[int]) -> None:
    """Unlisted actions are refused with a reason, or (when `check` accepts more) apply cleanly."""
    rules, state = run.rules, run.game.state
    listed = set(legal)
    for _ in range(UNLISTED):
        idx = run.probe.below(len(rules.actions))
        if idx in listed:
            continue
        reason = rules.check(state, seat, idx)
        if reason is None:
            run.tally.unlisted_accepted += 1
            work = rules.copy(state)
            rules.apply(work, seat, idx)
            assert not rules.invariants(work), f"unlisted {rules.actions.text(idx)!r}: {rules.invariants(work)}"
        else:
            assert_reason(run.game, reason, rules.actions.text(idx))


def assert_reason(game: Game, reason: Event | str, action: str) -> None:
    """A refusal says why: a text, or a message of the game's (or the engine's) catalogue."""
    if isinstance(reason, Event):
        assert game.catalogue().has(reason.msg), f"refusal of {action!r} names an unknown message {reason.msg!r}"
    else:
        assert isinstance(reason, str) and reason.strip(), f"empty refusal for {action!r}"


def check_facade_refusals(run: Run, seat: int, legal: list[int]) -> None:
    """Through the facade, a refused action raises IllegalAction and changes nothing."""
    game = run.game
    before = (game.to_json(), game.rules.to_data(game.state), game.events(None))
    listed = set(legal)
    tries = [i for i in (run.probe.below(len(game.rules.actions)) for _ in range(UNLISTED)) if i not in listed]
    for idx in tries:
        if game.rules.check(game.state, seat, idx) is None:
            continue
        with pytest.raises(IllegalAction, match="not allowed now"):
            game.apply(seat, game.action_text(idx))
        assert (game.to_json(), game.rules.to_data(game.state), game.events(None)) == before


# ---------------------------------------------------------------- start and end
def check_start(run: Run) -> None:
    rules, state = run.rules, run.game.state
    assert not rules.is_over(state)
    assert not rules.invariants(state), rules.invariants(state)
    json.dumps(rules.to_data(state))
    with pytest.raises(ValueError, match="not over"):
        run.game.result()
    same = meeple.new_game(run.cfg.game_id, run.cfg.players, run.seed, run.cfg.opts)
    assert rules.to_data(same.state) == rules.to_data(state), "the same seed gave another setup"


def check_end(run: Run) -> None:
    rules, game, players = run.rules, run.game, run.cfg.players
    state = game.state
    assert rules.deciders(state) == []
    assert all(rules.legal(state, s) == [] for s in range(players))
    assert rules.check(state, 0, run.probe.below(len(rules.actions))) is not None
    before = game.to_json()
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, 0)
    assert game.to_json() == before
    check_result(rules.result(state), players)
    assert game.result() == rules.result(state)
    for old, snapshot in run.kept:
        assert rules.to_data(old) == snapshot, "an earlier state changed later in the game"


def check_result(result: Any, players: int) -> None:
    seats = [s for place in result.ranking for s in place]
    assert sorted(seats) == list(range(players)), f"ranking {result.ranking} is not a partition of the seats"
    assert all(result.ranking), "empty place in the ranking"
    if result.draw or (players == 1 and not result.winners):  # a solo game lost to the game's own opponent
        assert result.winners == [], result
    else:
        assert result.winners and sorted(result.winners) == sorted(result.ranking[0]), result
    assert set(result.scores) <= set(range(players))
    if len(result.scores) == players:
        by_place = [[result.scores[s] for s in place] for place in result.ranking]
        for better, worse in pairwise(by_place):
            assert min(better) >= max(worse), f"scores {result.scores} contradict ranking {result.ranking}"
    assert isinstance(result.reason, str) and result.reason
    json.dumps(result.to_dict())


def check_replays(run: Run) -> None:
    """The log is the truth: replay, JSON save and load all give the identical state."""
    rules, cfg, final = run.rules, run.cfg, run.rules.to_data(run.game.state)
    run.tally.replays += 1
    again = meeple.replay(cfg.game_id, cfg.players, run.seed, cfg.opts, run.log)
    assert rules.to_data(again.state) == final, "replaying the log gives another state"
    source = run.game if run.facade else again
    loaded = meeple.load_game(source.to_json())
    assert rules.to_data(loaded.state) == final, "to_json/load_game gives another state"
    assert loaded.full_log() == run.log
    assert loaded.to_json() == source.to_json()
    if run.midpoint is not None:
        k, data = run.midpoint
        part = meeple.replay(cfg.game_id, cfg.players, run.seed, cfg.opts, run.log[:k])
        assert rules.to_data(part.state) == data, f"replaying the first {k} actions gives another state"
