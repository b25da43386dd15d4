"""Twin games for every game and player count: a secret choice stays secret, whole, until a rule reveals it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games import registered
from meeple.engine import Rules, game_ids, get_rules

from .twins import TwinTally, check_game


def _cases() -> list[tuple[str, int]]:
    with registered():
        return [(gid, n) for gid in game_ids()
                for n in range(get_rules(gid).spec.min_players, get_rules(gid).spec.max_players + 1)]


CASES = _cases()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-p{n}" for g, n in CASES])
def test_twins_read_alike(game_id: str, players: int) -> None:
    """Every other viewer reads the same log, events, moments, deciders, legal actions and terminal screens in two
    games that differ only in one seat's secret choice, until the choice surfaces in what that viewer sees."""
    tally = TwinTally()
    for seed in range(6):
        check_game(game_id, players, {}, seed, twins=4, tally=tally)
    makes_secret_choices = type(get_rules(game_id)).secret is not Rules.secret
    if makes_secret_choices:
        assert tally.twins > 0, f"{game_id}: no twin game was made: the check is idle"
        # alone at the table, a choice is revealed as soon as it is made: nothing is left to compare after it
        assert tally.steps > 0 or players == 1, f"{game_id}: no twin game was compared: the check is idle"
        assert tally.screens >= tally.steps, f"{game_id}: the terminal's screens were not compared"
    else:
        assert tally.twins == 0


def test_a_terminal_screen_that_shows_a_secret_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens' comparison can fail: a Coloma screen that prints the dials set in secret is found out."""
    from meeple.games.coloma.rules import Coloma

    shown = Coloma.screens

    def leaky(self: Coloma, state: Any, seat: int | None, color: bool = True, catalogue: Any = None) -> dict[str, str]:
        screens = dict(shown(self, state, seat, color, catalogue))
        screens["others"] = screens.get("others", "") + f"\ndials: {state.dials}"
        return screens

    monkeypatch.setattr(Coloma, "screens", leaky)
    with pytest.raises(AssertionError, match="terminal's 'others' screen"):
        for seed in range(6):
            check_game("coloma", 3, {}, seed, twins=4, tally=TwinTally())
