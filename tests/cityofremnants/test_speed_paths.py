"""The short cuts the bots rely on give the same answers as the rules' own definitions (engine/, state.py)."""

from __future__ import annotations

import random
from typing import Any

import meeple
from meeple.games.cityofremnants import views
from meeple.games.cityofremnants.rules import costs
from meeple.games.cityofremnants.state import FIELDS, State, board_counts


def _positions(seed: int, players: int) -> Any:
    """Every position of a seeded random game."""
    game = meeple.new_game("cityofremnants", players, seed)
    rules, rnd = game.rules, random.Random(seed)
    s = rules.copy(game.state)
    while not rules.is_over(s):
        yield rules, s
        seat = rules.deciders(s)[0]
        legal = rules.legal(s, seat)
        rules.apply(s, seat, legal[rnd.randrange(len(legal))])


def test_control_maps_agree_with_control_of_each_space_and_development() -> None:
    """COR-17.1, COR-17.2, COR-23.1: `controllers`, `dev_controllers`, `controlled_devs` and `awards` match
    `controls_space` and what it defines (a development controlled when every space of it is; the award: board
    awards of controlled spaces, controlled developments' renown, Permanent cards), and `on_board_all` each seat's
    figures on the board, in every position of random games with 2, 3 and 4 players."""
    checked = controlled = half_held = token_beside = shared = 0
    for players in (2, 3, 4):
        for rules, s in _positions(players, players):
            eng = rules.eng
            ctrl = eng.controllers(s)
            for sp, owner in enumerate(ctrl):
                assert [p for p in range(players) if eng.controls_space(s, p, sp)] == ([owner] if owner >= 0 else [])
            devs = eng.dev_controllers(s)
            for p in range(players):
                held = [i for i, b in enumerate(s.built) if all(eng.controls_space(s, p, sp) for sp in b[1:])]
                assert eng.controlled_devs(s, p) == held
                assert [i for i, o in enumerate(devs) if o == p] == held
            assert eng.on_board_all(s) == [sum(row[p] for row in s.figures) for p in range(players)]
            award = eng.comp.boards[s.side].award
            assert eng.awards(s) == [
                sum(award[sp] for sp in range(len(ctrl)) if eng.controls_space(s, p, sp))
                + sum(eng.dev(s, i).renown for i in eng.controlled_devs(s, p)) + eng.perm(s, p, "award_renown")
                for p in range(players)]
            checked += 1
            controlled += sum(o >= 0 for o in devs)
            half_held += sum(0 < sum(ctrl[sp] >= 0 for sp in b[1:]) < len(b) - 1 for b in s.built)
            token_beside += sum(any(row) and bool(tokens) for row, tokens in zip(s.figures, s.ycu, strict=True))
            shared += sum(sum(n > 0 for n in row) > 1 for row in s.figures)
    # the games built developments and held some, and reached the cases a short cut could get wrong: a figure beside
    # a token, two seats on one space, a development held in part
    assert checked > 1000 and controlled > 0 and half_held > 0 and token_beside > 0 and shared > 0


def test_copy_copies_every_field_and_shares_no_container() -> None:
    """State.copy (made from the fields' types by the kit's Record) gives equal data and no list, dict or sub-state
    shared with the original, at any depth, for every field."""

    def containers(value: Any) -> list[int]:
        if isinstance(value, list):
            return [id(value), *(i for v in value for i in containers(v))]
        if isinstance(value, dict):
            return [id(value), *(i for v in value.values() for i in containers(v))]
        if hasattr(value, "__slots__"):  # a sub-state (an auction, a patrol, ...)
            return [id(value), *(i for k in value.__slots__ for i in containers(getattr(value, k)))]
        return []

    seen_battle = seen_auction = seen_patrol = False
    for _rules, s in _positions(7, 4):
        out = s.copy()
        assert isinstance(out, State) and out.to_data() == s.to_data()
        for name in FIELDS:
            assert not set(containers(getattr(out, name))) & set(containers(getattr(s, name))), name
        seen_battle = seen_battle or s.battle is not None
        seen_auction = seen_auction or s.auction is not None
        seen_patrol = seen_patrol or s.patrol is not None
    assert seen_battle and seen_auction and seen_patrol


def test_kept_answers_agree_with_their_definitions() -> None:
    """The answers the rules keep between questions (every seat's masks with the board they were read from, the
    moves from a space over the board within reach, what a phase alone decides of a card play) match their
    definitions in every position of random games, two games at once so that each question follows another
    board: COR-0.2 (enemies), COR-16.19 (moves), COR-8.7 (card plays); and the board's counts (`State.counts`)
    match its rows."""
    checked = moves = plays = 0
    for players in (2, 3, 4):
        for (rules, s), (_, t) in zip(_positions(11 + players, players), _positions(21 + players, players),
                                      strict=False):
            eng = rules.eng
            for state in (s, t):
                assert state.counts == board_counts(state.figures, state.ycu, players)
                limit = eng.k["MAX_OWN_FIGURES_PER_SPACE"]
                for p in range(players):
                    enemy = {sp for sp, f in enumerate(state.figures) if sum(f) > f[p] or state.ycu[sp]}
                    full = {sp for sp, f in enumerate(state.figures) if f[p] >= max(limit, 1)}
                    own = {sp for sp, f in enumerate(state.figures) if f[p] > 0}
                    assert [set(costs.spaces_of(m)) for m in eng.masks(state, p)] == [enemy, full, own]
                    listed = eng.move_actions(state, p, eng.move_range(state), pool=False, card_move=True)
                    masks = eng.masks(state, p)
                    assert listed == [eng.move_ids[sp][dest] for sp in sorted(own)
                                      for dest in costs.spaces_of(eng.destinations(state, p, sp, eng.move_range(state),
                                                                                   masks))]
                    moves += len(listed)
                    phase = state.phase
                    for c in sorted(set(state.hand[p])):
                        card = eng.cards[c]
                        defined = card.timing == "Permanent" or (card.timing == "Turn" and any(
                            eng.prim_applicable(state, p, e, phase) for e in card.effects))
                        assert eng.applicable(state, p, c, phase) == defined
                        plays += defined
                checked += 1
    assert checked > 1000 and moves > 1000 and plays > 100


def test_kept_board_readings_agree_with_their_definitions() -> None:
    """The board reading the encoder keeps (`views.BoardReading`: figures on the board, development controllers and
    awards, read again only where rows changed) and the controlled developments the rules keep for each seat match
    the rules' definitions in every position of random games, two games at once so that each reading follows
    another board (COR-17.1, COR-17.2, COR-23)."""
    reading = views.BoardReading()
    checked = 0
    for players in (2, 3, 4):
        for (rules, s), (_, t) in zip(_positions(31 + players, players), _positions(41 + players, players),
                                      strict=False):
            eng = rules.eng
            for state in (s, t):
                devs = [next((p for p in range(players) if all(eng.controls_space(state, p, sp) for sp in b[1:])), -1)
                        for b in state.built]  # COR-17.2 from each space's control
                assert reading.read(eng, state) == ([eng.on_board(state, p) for p in range(players)], devs,
                                                    eng.awards(state))
                for p in range(players):
                    assert eng.controlled_devs(state, p) == [i for i, o in enumerate(devs) if o == p]
                checked += 1
    assert checked > 1000


def test_legal_lists_come_in_ascending_order_without_repeats() -> None:
    """Every phase lists its actions in ascending order and without repeats (`CityOfRemnants.legal` no longer sorts
    them), in every position of random games with 2, 3 and 4 players, leaders dealt or picked."""
    phases: set[str] = set()
    for players in (2, 3, 4):
        for seed in (51, 52):
            game = meeple.new_game("cityofremnants", players, seed, {"leaders": "pick"} if seed % 2 else None)
            rules, rnd = game.rules, random.Random(seed)
            s = rules.copy(game.state)
            while not rules.is_over(s):
                for seat in rules.deciders(s):
                    legal = rules.legal(s, seat)
                    assert legal == sorted(set(legal)), (s.phase, legal)
                phases.add(s.phase)
                seat = rules.deciders(s)[0]
                legal = rules.legal(s, seat)
                rules.apply(s, seat, legal[rnd.randrange(len(legal))])
    assert {"leaders", "reset", "pre", "post", "move", "bid", "commit", "effect", "build"} <= phases
