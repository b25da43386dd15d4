"""The search bot cannot tell the next roll: chance stays chance in its search (the dice race test game).

In the dice race a 1 loses the turn's total; a bot whose search fixed the dice to come (a few samples of the
future reused by every iteration) would see no risk in rolling whenever none of its samples rolls a 1, and would
play differently depending on the real die to come. These positions have known odds.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.dicerace import ROLL, STOP, DiceRace, RaceState
from meeple.agents.ismcts import ISMCTSAgent
from meeple.engine import rng
from meeple.engine.table import SeatTable

SEEDS = range(40)


def last_turn(squares: list[int], total: int, next_roll: int) -> RaceState:
    """The last turn of the last round, seat 1 to play after one roll, the real die to come showing `next_roll`."""
    state = RaceState(2, 30, 0)
    state.round, state.active, state.rolls, state.total = 11, 1, 1, total
    state.squares = list(squares)
    state.stream = stream_rolling(next_roll)
    return state


def stream_rolling(face: int) -> int:
    """A random stream whose next die shows `face`."""
    for seed in range(1000):
        stream = rng.seed_stream(seed)
        if rng.below(stream, 6)[0] + 1 == face:
            return stream
    raise AssertionError(f"no stream rolls {face}")


def choice(rules: DiceRace, state: RaceState, seed: int, **kwargs: Any) -> int:
    bot = ISMCTSAgent(seed=seed, iterations=200, **kwargs)
    return bot.pick(SeatTable(rules, state, 1, 2), rules.legal(state, 1))


def test_the_bot_banks_a_sure_win_rather_than_risk_a_one_in_six_bust() -> None:
    """Stopping on 23 beats the rival's 20 for sure; rolling busts one time in six (and a bust loses). A search
    that drew a few futures once per decision saw no risk when none of them rolled a 1, and rolled."""
    rules = DiceRace()
    for face in (1, 4):
        state = last_turn([20, 15], 8, face)
        assert [choice(rules, state, seed) for seed in SEEDS] == [STOP] * len(SEEDS)


def test_the_bot_rolls_when_the_odds_say_so() -> None:
    """Stopping on 23 ties the rival (a shared first place, worth half a win); rolling wins five times in six. A
    search that saw the die to come would stop before a real 1."""
    rules = DiceRace()
    for face in (1, 6):
        state = last_turn([23, 15], 8, face)
        assert [choice(rules, state, seed) for seed in SEEDS] == [ROLL] * len(SEEDS)
    hopeless = last_turn([25, 15], 6, 1)  # stopping on 21 loses for sure
    assert [choice(rules, hopeless, seed) for seed in SEEDS] == [ROLL] * len(SEEDS)


@pytest.mark.parametrize("squares", [[20, 15], [22, 15], [23, 15], [24, 15]])
def test_the_bot_decides_the_same_whatever_the_real_die_to_come(squares: list[int]) -> None:
    """The same position with a real next roll of 1 or of 6: the same decision, seed by seed."""
    rules = DiceRace()
    bust, six = last_turn(squares, 8, 1), last_turn(squares, 8, 6)
    assert [choice(rules, bust, s) for s in SEEDS] == [choice(rules, six, s) for s in SEEDS]


def test_a_game_whose_samples_keep_the_dice_to_come_lets_the_bot_foresee_them() -> None:
    """The checks above can fail: when `sample` keeps the real stream (what the conformance suite refuses), the
    bot stops before the real 1 and rolls before the real 6."""

    class Foreseeing(DiceRace):
        def sample(self, state: Any, seat: int, stream: int) -> Any:
            return self.copy(state)

    rules = Foreseeing()
    assert {choice(rules, last_turn([23, 15], 8, 1), s) for s in SEEDS} == {STOP}
    assert {choice(rules, last_turn([23, 15], 8, 6), s) for s in SEEDS} == {ROLL}
