"""The PettingZoo environments pass PettingZoo's own api_test, seed_test and max_cycles_test, and keep
Meeple's rules: masks are the legal actions, rewards come at the end, illegal actions follow the policy."""

from __future__ import annotations

import functools
import types
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

import meeple
from meeple import rl
from meeple.engine import IllegalAction, game_ids
from meeple.rl.encoders import HashingEncoder

from .helpers import play_aec

# api_test warns that a dict observation "is not a NumPy array": the issue asks for exactly that dict.
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "probably should be gymnasium.spaces.box")


def _run_api_test(env, num_cycles):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    return [str(w.message) for w in caught if not any(k in str(w.message) for k in DICT_OBSERVATION_WARNINGS)]


@pytest.mark.parametrize("game_id", game_ids())
def test_api_test_passes_for_every_registered_game(game_id):
    spec = meeple.engine.get_rules(game_id).spec
    others = _run_api_test(rl.env(game_id, players=spec.min_players), num_cycles=1000)
    assert others == []


@pytest.mark.parametrize(("game_id", "players"), [
    (game_id, players) for game_id in game_ids()
    for players in range(max(2, meeple.engine.get_rules(game_id).spec.min_players),
                         meeple.engine.get_rules(game_id).spec.max_players + 1)])
def test_api_test_passes_for_every_player_count(game_id, players):
    """Every table size from two players up (the size changes the seats, the agents and the vector's blocks)."""
    assert _run_api_test(rl.env(game_id, players=players), num_cycles=300) == []


def test_api_test_passes_with_four_players_and_the_expansion():
    env = rl.env("bluemooncity", players=4, options={"expansion": True})
    assert _run_api_test(env, num_cycles=150) == []


def test_api_test_passes_on_the_cycles_schedule():
    others = _run_api_test(rl.env("bluemooncity", players=3, schedule="cycles"), num_cycles=200)
    # Seats that do not decide in a cycle see an all-zero mask, which api_test notes.
    assert set(others) <= {"Action mask numpy array is all zeros (no legal actions)."}


def test_api_test_passes_with_the_generic_encoder():
    env = rl.env("bluemooncity", players=2, encoder=HashingEncoder(256))
    assert _run_api_test(env, num_cycles=100) == []
    assert env.observation_space("player_0")["observation"].shape == (256,)


def test_seed_test_passes():
    seed_test(functools.partial(rl.env, "bluemooncity", players=3), num_cycles=300)


def test_max_cycles_test_passes():
    # max_cycles_test draws actions without the mask and expects every agent to act once per cycle:
    # the cycles schedule, with illegal actions refused rather than ending the game.
    module = types.SimpleNamespace(
        env=functools.partial(rl.env, "bluemooncity", players=3, schedule="cycles", illegal="ignore"),
        parallel_env=functools.partial(rl.parallel_env, "bluemooncity", players=3, illegal="ignore"),
    )
    max_cycles_test(module)


def test_parallel_api_test_passes():
    parallel_api_test(rl.parallel_env("bluemooncity", players=2), num_cycles=300)


def test_mask_is_the_legal_actions_of_the_deciding_seat():
    env = rl.raw_env("bluemooncity", players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(120):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        assert env.game.deciders() == [seat]
        obs = env.observe(agent)
        assert list(np.flatnonzero(obs["action_mask"])) == env.game.legal_indices(seat)
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_reset_seed_is_the_game_seed():
    env = rl.raw_env("bluemooncity", players=2)
    env.reset(seed=1234)
    game = meeple.new_game("bluemooncity", 2, 1234)
    assert env.game.view(0) == game.view(0)
    env.reset()
    first = env.game.seed
    env.reset(seed=1234)
    env.reset()
    assert env.game.seed == first  # later seeds follow from the last explicit one


def test_rewards_come_at_the_end_and_follow_the_result():
    env = rl.raw_env("bluemooncity", players=3)
    seen = play_aec(env, seed=8)
    assert all(terminated and not truncated for terminated, truncated in seen["ended"].values())
    assert set(seen["ended"]) == set(env.possible_agents)
    result = env.game.result()
    expected = rl.outcome_shares(result, 3)
    assert [seen["rewards"][f"player_{s}"] for s in range(3)] == expected
    assert sum(expected) == pytest.approx(1.0)


def test_outcome_shares_split_a_shared_win():
    result = meeple.engine.Result(ranking=[[0, 2], [1]], winners=[0, 2], draw=False)
    assert rl.outcome_shares(result, 3) == [0.5, 0.0, 0.5]
    draw = meeple.engine.Result(ranking=[[0, 1]], winners=[], draw=True)
    assert rl.outcome_shares(draw, 2) == [0.5, 0.5]


def test_max_cycles_truncates_the_turns_schedule():
    env = rl.raw_env("bluemooncity", players=2, max_cycles=10)
    seen = play_aec(env, seed=3)
    assert seen["steps"] == 20
    assert all(truncated and not terminated for terminated, truncated in seen["ended"].values())
    assert not env.game.is_over()


def _first_illegal(env):
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_illegal_action_loses_by_default():
    env = rl.raw_env("bluemooncity", players=2)
    env.reset(seed=5)
    offender = env.agent_selection
    env.step(_first_illegal(env))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0
    assert "not allowed" in env.infos[offender]["illegal"] or "not an action" in env.infos[offender]["illegal"]
    assert env.game.full_log() == []


def test_illegal_action_ignored_or_raised_on_request():
    env = rl.raw_env("bluemooncity", players=2, illegal="ignore", illegal_reward=-0.25)
    env.reset(seed=5)
    offender = env.agent_selection
    env.step(_first_illegal(env))
    assert not any(env.terminations.values())
    assert env.agent_selection == offender and env.rewards[offender] == -0.25
    strict = rl.raw_env("bluemooncity", players=2, illegal="raise")
    strict.reset(seed=5)
    with pytest.raises(IllegalAction):
        strict.step(_first_illegal(strict))
    with pytest.raises(TypeError, match="integer"):
        strict.step("end")


def test_bad_settings_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="schedule"):
        rl.env("bluemooncity", schedule="rounds")
    with pytest.raises(ValueError, match="illegal"):
        rl.env("bluemooncity", illegal="forgive")
    with pytest.raises(meeple.InvalidOptions, match="2 to 4 players"):
        rl.env("bluemooncity", players=5)
    with pytest.raises(meeple.UnknownGame):
        rl.env("nosuchgame")


def test_render_prints_the_text_view(capsys):
    env = rl.env("bluemooncity", players=2, render_mode="human")
    env.reset(seed=2)
    env.render()
    printed = capsys.readouterr().out
    ansi = rl.env("bluemooncity", players=2, render_mode="ansi")
    ansi.reset(seed=2)
    text = ansi.render()
    assert printed.strip() == text.strip() == env.unwrapped.game.render(None).strip()
    assert "Obelisk" in text


def test_parallel_env_applies_only_the_deciding_seats():
    env = rl.parallel_env("bluemooncity", players=2)
    observations, _ = env.reset(seed=6)
    decider = env.game.deciders()[0]
    other = 1 - decider
    assert not observations[f"player_{other}"]["action_mask"].any()
    legal = env.game.legal_indices(decider)
    env.step({f"player_{decider}": legal[0], f"player_{other}": 12345})
    assert env.game.full_log() == [(decider, env.game.action_text(legal[0]))]


def test_the_order_enforcing_wrapper_reads_the_environment_directly_and_refuses_before_the_reset_as_before():
    from pettingzoo.utils import wrappers

    env = rl.env("coloma", players=2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper) and str(env) == str(env.unwrapped)
    for read in (lambda: env.last(), lambda: env.agents, lambda: env.agent_selection):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            read()
    env.reset(seed=1)
    raw = env.unwrapped
    assert env.agents == raw.agents and env.agent_selection == raw.agent_selection
    obs, reward, terminated, truncated, info = env.last()
    assert np.array_equal(obs["observation"], raw.observe(raw.agent_selection)["observation"])
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
